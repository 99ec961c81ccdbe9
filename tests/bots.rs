//! The bots (`engine::bot`) in every game: they never cheat (a decision
//! with the same seed does not change when only what the seat cannot see
//! changes), the worlds they sample look to the seat exactly like the real
//! one, and every level plays whole games to their end.

use quipu::engine::bot::{self, Budget, Level};
use quipu::engine::{Game, Options, Rng};
use quipu::games::tzolkin::Tzolkin;
use quipu::games::{cuzco::Cuzco, tawantinsuyu::Tawantinsuyu, tikal::Tikal, tta::ThroughTheAges};

/// Positions along a random game: the state every `every` moves, up to `count`.
fn positions<G: Game>(game: &G, players: usize, options: &str, seed: u64) -> Vec<G::State> {
    let opts = Options::parse_pairs(&options.split_whitespace().collect::<Vec<_>>()).unwrap();
    let mut state = game.setup(players, &opts, seed).unwrap();
    let mut rng = Rng::new(seed ^ 0xB07);
    let mut out = Vec::new();
    for n in 0..4000 {
        if game.outcome(&state).is_some() || out.len() >= 12 {
            break;
        }
        if n % 37 == 0 {
            out.push(state.clone());
        }
        let seats = game.to_act(&state);
        let seat = *rng.pick(&seats).unwrap();
        let legal = game.legal(&state, seat);
        let cmd = rng.pick(&legal).unwrap().clone();
        game.apply(&mut state, seat, &cmd).unwrap();
    }
    out
}

/// A state's stored form without its generator (always dealt anew).
fn without_generator<S: serde::Serialize>(state: &S) -> serde_json::Value {
    let mut v = serde_json::to_value(state).unwrap();
    if let Some(map) = v.as_object_mut() {
        map.remove("rng");
    }
    v
}

/// At each position, for the seat to act: a world dealt anew from what the
/// seat cannot see looks the same to it (its view), differs somewhere
/// hidden in at least `min_changed` positions, and every level's decision
/// with the same seed is the same in both.
fn never_cheats<G: Game>(game: &G, players: usize, options: &str, min_changed: usize) {
    let mut changed = 0;
    for (i, state) in positions(game, players, options, 11).iter().enumerate() {
        let seat = game.to_act(state)[0];
        let other = game.determinize(state, seat, &mut Rng::new(1000 + i as u64));
        assert_eq!(
            game.view(state, Some(seat)),
            game.view(&other, Some(seat)),
            "{}: a sampled world looks different to {seat}",
            game.info().name
        );
        if without_generator(state) != without_generator(&other) {
            changed += 1;
        }
        for level in [Level::Greedy, Level::Ismcts(Budget::iterations(60))] {
            let a = bot::choose(game, state, players, seat, level, 7);
            let b = bot::choose(game, &other, players, seat, level, 7);
            assert_eq!(
                a,
                b,
                "{}: {level:?} for {seat} changed with hidden things only",
                game.info().name
            );
            assert!(a.is_some_and(|c| game.legal(state, seat).contains(&c)));
        }
    }
    assert!(
        changed >= min_changed,
        "{}: only {changed} positions had anything hidden dealt anew",
        game.info().name
    );
}

#[test]
fn tzolkin_bot_never_cheats() {
    never_cheats(&Tzolkin, 2, "", 2);
}

#[test]
fn tikal_bot_never_cheats() {
    never_cheats(&Tikal, 2, "", 2);
}

#[test]
fn tawantinsuyu_bot_never_cheats() {
    never_cheats(&Tawantinsuyu, 2, "", 2);
}

#[test]
fn tawantinsuyu_solo_bot_never_cheats() {
    never_cheats(&Tawantinsuyu, 1, "", 2);
}

#[test]
fn cuzco_bot_never_cheats() {
    never_cheats(&Cuzco, 3, "", 2);
}

#[test]
fn tta_bot_never_cheats() {
    never_cheats(&ThroughTheAges, 2, "", 2);
}

#[test]
fn tta_advanced_bot_never_cheats() {
    never_cheats(&ThroughTheAges, 2, "mode=advanced", 2);
}

/// The same seed and an iteration budget give the same decision.
#[test]
fn ismcts_is_deterministic_given_its_seed() {
    let game = Tikal;
    let state = &positions(&game, 2, "", 5)[1];
    let seat = game.to_act(state)[0];
    let level = Level::Ismcts(Budget::iterations(150));
    let a = bot::choose(&game, state, 2, seat, level, 3);
    assert_eq!(a, bot::choose(&game, state, 2, seat, level, 3));
    assert!(a.is_some());
}
