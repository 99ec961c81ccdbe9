//! Scenario builders for tests: positions described in the rulebook's words
//! ("seat 1 has 2 workers on Bronze and 3 food"), built through one place
//! instead of field writes scattered over the tests.

use super::data::CardId;
use super::scoring::{self, Stats};
use super::state::{EventTiming, HandCard, Mode, Rules, State, Tech};
use super::{legal, setup, ThroughTheAges};
use crate::engine::{Game, Options, Seat};

/// A game of `players` set up from `seed` with seat 1 to start.
pub fn new_game(players: usize, seed: u64) -> State {
    let mut s = setup::new_game(players, &Options::default(), seed).expect("the built-in setup");
    s.start_player = 0;
    s.turn = 0;
    s
}

/// A position in round 4 (Age I), in the middle of seat 1's turn, with an
/// empty card row (tests place the cards they need).
pub fn later_round(players: usize) -> State {
    let mut s = new_game(players, 7);
    s.round = 4;
    s.age = 1;
    s.row = vec![None; 13];
    s
}

/// [`later_round`] for two players with `leader` (a card id) in play for seat 1.
pub fn with_leader(leader: &str) -> State {
    let mut s = later_round(2);
    s.players[0].leader = Some(card(&s, leader));
    s
}

/// The id of a card by its data id (`civil-I-iron`).
pub fn card(s: &State, id: &str) -> CardId {
    s.data.find(id).unwrap_or_else(|| panic!("no card {id}"))
}

fn tech_mut(s: &mut State, seat: usize, card: CardId) -> &mut Tech {
    let p = &mut s.players[seat];
    let i = match p.techs.iter().position(|t| t.card == card) {
        Some(i) => i,
        None => {
            p.techs.push(Tech {
                card,
                workers: 0,
                blue: 0,
            });
            p.techs.len() - 1
        }
    };
    &mut p.techs[i]
}

/// Puts `n` workers from the yellow bank on a technology (developing it if needed).
pub fn put_workers(s: &mut State, seat: usize, id: &str, n: u8) {
    let c = card(s, id);
    s.players[seat].yellow_bank -= n;
    tech_mut(s, seat, c).workers += n;
}

/// Moves `n` blue tokens from the bank onto a card.
pub fn put_blue(s: &mut State, seat: usize, id: &str, n: u8) {
    let c = card(s, id);
    s.players[seat].blue_bank -= n;
    tech_mut(s, seat, c).blue += n;
}

/// Puts a card in a seat's civil hand (taken on an earlier turn).
pub fn give(s: &mut State, seat: usize, id: &str) {
    let c = card(s, id);
    s.players[seat].hand.push(HandCard {
        card: c,
        fresh: false,
    });
}

fn on_card<'a>(s: &'a State, seat: usize, id: &str) -> Option<&'a Tech> {
    let c = card(s, id);
    s.players[seat].techs.iter().find(|t| t.card == c)
}

/// Blue tokens on a card of a seat's board.
pub fn blue_on(s: &State, seat: usize, id: &str) -> u8 {
    on_card(s, seat, id).map(|t| t.blue).unwrap_or(0)
}

/// Workers on a card of a seat's board.
pub fn workers_on(s: &State, seat: usize, id: &str) -> u8 {
    on_card(s, seat, id).map(|t| t.workers).unwrap_or(0)
}

/// What a seat's cards add up to now.
pub fn stats(s: &State, seat: usize) -> Stats {
    scoring::stats(&s.data, &s.players[seat], s.rules.mode)
}

/// Resources a seat holds.
pub fn resources(s: &State, seat: usize) -> i32 {
    legal::stock(&s.data, &s.players[seat], false)
}

/// Food a seat holds.
pub fn food(s: &State, seat: usize) -> i32 {
    legal::stock(&s.data, &s.players[seat], true)
}

/// Reads and applies a command, panicking (failing the test) when refused.
pub fn play(s: &mut State, seat: usize, text: &str) -> Vec<String> {
    let game = ThroughTheAges;
    let cmd = game
        .parse(s, Seat(seat), text)
        .unwrap_or_else(|e| panic!("'{text}' not read: {e} {:?}", e.suggestions));
    let events = game
        .apply(s, Seat(seat), &cmd)
        .unwrap_or_else(|e| panic!("'{text}' refused: {e}"));
    events.into_iter().map(|e| e.text.en).collect()
}

/// Panics unless the command is refused and the state is left unchanged.
pub fn refused(s: &State, seat: usize, text: &str) {
    let game = ThroughTheAges;
    let before = s.clone();
    if let Ok(cmd) = game.parse(s, Seat(seat), text) {
        let mut copy = s.clone();
        assert!(
            game.apply(&mut copy, Seat(seat), &cmd).is_err(),
            "'{text}' was accepted"
        );
    }
    assert_eq!(*s, before);
}

/// The legal commands of a seat, as text.
pub fn legal_texts(s: &State, seat: usize) -> Vec<String> {
    ThroughTheAges
        .legal(s, Seat(seat))
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Takes every worker off a card and makes them unused workers.
pub fn idle_workers(s: &mut State, seat: usize, id: &str) {
    let c = card(s, id);
    let t = tech_mut(s, seat, c);
    let n = std::mem::take(&mut t.workers);
    s.players[seat].workers += n;
}

/// A game of another mode, set up directly (the advanced and full games are
/// refused by `Game::setup` until their rules are complete), seat 1 to start.
pub fn new_game_in(mode: Mode, players: usize, seed: u64) -> State {
    let rules = Rules {
        mode,
        events: EventTiming::EachRound,
        start: Some(0),
    };
    let data = super::data::default_data().expect("the built-in cards");
    setup::setup(data, rules, players, seed).expect("the built-in setup")
}
