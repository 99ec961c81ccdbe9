//! The hidden items and the reveal check against references: the lists as
//! the engine built them before this module (kept here verbatim in meaning),
//! and the engine's comparison of the lists, over whole random games.

use super::super::{state::Phase, state::State, ThroughTheAges};
use crate::engine::{Game, Options, Rng, Seat};

/// The former `hidden_items`, kept as the reference the lists must equal.
fn reference_items(s: &State, viewer: Option<Seat>) -> Vec<String> {
    use super::super::data;
    let mut out = Vec::new();
    for (seat, p) in s.players.iter().enumerate() {
        if viewer == Some(Seat(seat)) {
            continue;
        }
        for h in &p.hand {
            out.push(hand_item(s, seat, h.card));
        }
        for &card in &p.military_hand {
            out.push(military_hand_item(s, seat, card));
        }
    }
    // Face-down cards no seat may see: the future events and the cards
    // boxed unseen at setup, unless a copy of the same name lies open.
    // The viewer's own hands show their names too (a copy of the same
    // name may lie in the box).
    let own = viewer.and_then(|v| s.players.get(v.0));
    let name_of = |c: data::CardId| s.data.card(c).map(|c| c.name()).unwrap_or("?");
    let open: Vec<&str> = s
        .past_events
        .iter()
        .chain(&s.scoring_events)
        .chain(own.map(|p| p.military_hand.as_slice()).unwrap_or_default())
        .chain(own.into_iter().flat_map(|p| p.hand.iter().map(|h| &h.card)))
        .chain(s.players.iter().flat_map(|p| p.colonies.iter()))
        // Played military cards are open: tactics and pacts in play, the
        // aggression on the table, the discard piles (a played aggression
        // lies there once resolved).
        .chain(s.players.iter().flat_map(|p| p.tactic.iter()))
        .chain(
            s.players
                .iter()
                .flat_map(|p| p.pacts.iter().map(|x| &x.card)),
        )
        .chain(s.military_discards.iter().flatten())
        .chain(s.military_boxed_open.iter())
        // Wars declared lie open before their declarers.
        .chain(s.wars.iter().map(|w| &w.card))
        .chain(match &s.phase {
            Phase::Auction { territory, .. } | Phase::Colonize { territory, .. } => Some(territory),
            Phase::Aggression(c)
            | Phase::Spoils { clash: c, .. }
            | Phase::War(c)
            | Phase::WarLoss { clash: c, .. } => Some(&c.card),
            Phase::PactOffer { card, .. } => Some(card),
            _ => None,
        })
        .map(|&c| name_of(c))
        .collect();
    // Every open name on one line, so that "inside some open name" is one
    // search (names hold no line break; one that did, or an empty one, is
    // searched name by name).
    // This runs twice per move (`revealed`), over every boxed card.
    // Copies of one name (played cards pile up) are searched once.
    let mut open = open;
    open.sort_unstable();
    open.dedup();
    let open_line = open.join("\n");
    // What each card's name was found to be, by card (no hashing: this
    // loop is the hot part of every move).
    let mut seen: Vec<Option<bool>> = vec![None; s.data.cards.len()];
    for &card in s.future_events.iter().chain(&s.removed) {
        let name = name_of(card);
        // A name inside an open one ("Raid" in "Raiders") is left out.
        let known = seen.get(usize::from(card)).copied().flatten();
        let is_open = known.unwrap_or_else(|| {
            let found = if name.is_empty() || name.contains('\n') {
                open.iter().any(|o| o.contains(name))
            } else {
                open_line.contains(name)
            };
            if let Some(slot) = seen.get_mut(usize::from(card)) {
                *slot = Some(found);
            }
            found
        });
        if !is_open {
            out.push(name.to_string());
        }
    }
    out
}

/// The former `hand_item`.
fn hand_item(s: &State, seat: usize, card: super::super::data::CardId) -> String {
    let c = s.data.card(card);
    let name = c.map(|c| c.name()).unwrap_or("?");
    let (kind, age) = c
        .map(|c| (c.kind.word(), super::super::data::age_name(c.age)))
        .unwrap_or(("?", "?"));
    let word = c.map(|c| &*c.token).unwrap_or_default();
    let mut line = String::with_capacity(64 + name.len());
    line.push_str("Seat ");
    push_seat_number(&mut line, seat);
    for part in [" hand: ", name, " (", kind, ", Age ", age] {
        line.push_str(part);
    }
    for part in ["; command word ", word, ")"] {
        line.push_str(part);
    }
    line
}

/// The former `military_hand_item`.
fn military_hand_item(s: &State, seat: usize, card: super::super::data::CardId) -> String {
    let c = s.data.card(card);
    let name = c.map(|c| c.name()).unwrap_or("?");
    let (kind, age) = c.map(|c| (c.kind.word(), c.age)).unwrap_or(("?", 0));
    let word = c.map(|c| &*c.token).unwrap_or_default();
    let effect = c.and_then(|c| c.raw.effect.as_deref()).unwrap_or_default();
    let mut line = String::with_capacity(80 + name.len() + effect.len());
    line.push_str("Seat ");
    push_seat_number(&mut line, seat);
    for part in [" military hand: ", name, " (", kind, ", Age "] {
        line.push_str(part);
    }
    for part in [
        super::super::data::age_name(age),
        "; command word ",
        word,
        ") ",
        effect,
    ] {
        line.push_str(part);
    }
    line
}

/// The former digit of a seat.
fn push_seat_number(line: &mut String, seat: usize) {
    match char::from_digit((seat + 1) as u32, 10) {
        Some(d) if seat < 9 => line.push(d),
        _ => line.push_str(&(seat + 1).to_string()),
    }
}

/// Plays random games of `options` and checks, at every state, the lists
/// for every viewer against the reference and, at every move, the reveal
/// check against the lists; returns how many moves revealed.
fn check_games(options: &[&str], players: usize, seeds: std::ops::Range<u64>) -> usize {
    let game = ThroughTheAges;
    let options = Options::parse_pairs(options).expect("options");
    let mut revealing = 0;
    for seed in seeds {
        let mut s = game.setup(players, &options, seed).expect("setup");
        let mut rng = Rng::new(seed);
        while s.phase != Phase::Over {
            for viewer in std::iter::once(None).chain((0..players).map(|p| Some(Seat(p)))) {
                assert_eq!(
                    super::hidden_items(&s, viewer),
                    reference_items(&s, viewer),
                    "seed {seed}, round {}, viewer {viewer:?}",
                    s.round
                );
            }
            let seat = *rng.pick(&game.to_act(&s)).expect("a seat to act");
            let cmd = rng
                .pick(&game.legal(&s, seat))
                .expect("a legal command")
                .clone();
            let mut next = s.clone();
            game.apply(&mut next, seat, &cmd)
                .expect("a legal command applies");
            let by_items = crate::engine::revealed(&game, &s, &next, seat);
            assert_eq!(
                game.revealed(&s, &next, seat),
                by_items,
                "seed {seed}: '{cmd}' by {seat}"
            );
            revealing += usize::from(by_items);
            s = next;
        }
    }
    revealing
}

#[test]
fn introductory_lists_and_reveals_agree_with_the_references() {
    check_games(&["mode=intro"], 3, 1..4);
}

#[test]
fn advanced_lists_and_reveals_agree_with_the_references() {
    assert!(check_games(&["mode=advanced"], 4, 1..4) > 0);
    assert!(check_games(&["mode=advanced"], 2, 7..9) > 0);
}

#[test]
fn full_lists_and_reveals_agree_with_the_references() {
    assert!(check_games(&["mode=full", "resign=off"], 4, 1..4) > 0);
    assert!(check_games(&["mode=full"], 3, 1..6) > 0);
}
