//! Scenario builders for tests: positions described in the rulebook's words
//! ("seat 1 has 2 workers on Bronze and 3 food"), built through one place
//! instead of field writes scattered over the tests.

use super::data::{Age, CardId};
use super::scoring::{self, Stats};
use super::state::{EventTiming, HandCard, Mode, Rules, State, Tech, WonderWork};
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
    scoring::seat_stats(s, seat)
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
    events.into_iter().map(|e| e.text.into_text().en).collect()
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
        no_resign: false,
        corruption_variant: false,
    };
    let data = super::data::default_data().expect("the built-in cards");
    setup::setup(data, rules, players, seed).expect("the built-in setup")
}

/// The players agreed on the optional corruption rule (`corruption_variant=on`,
/// seed L2619-2637): `done spare …` is offered.
pub fn corruption_variant(s: &mut State) {
    s.rules.corruption_variant = true;
}

/// Puts a card in a slot of the card row.
pub fn in_row(s: &mut State, slot: usize, id: &str) {
    let c = card(s, id);
    s.row[slot] = Some(c);
}

/// Empties a slot of the card row.
pub fn empty_slot(s: &mut State, slot: usize) {
    s.row[slot] = None;
}

/// The card row, slot by slot, from the front.
pub fn row_of(s: &mut State, ids: &[&str]) {
    s.row = ids.iter().map(|id| Some(card(s, id))).collect();
}

/// The cards left in an age's civil deck (the next drawn last).
pub fn civil_deck(s: &mut State, age: usize, cards: Vec<CardId>) {
    s.civil_decks[age] = cards;
}

/// It is this seat's turn.
pub fn turn_of(s: &mut State, seat: usize) {
    s.turn = seat;
}

/// The seat who starts each round.
pub fn start_player(s: &mut State, seat: usize) {
    s.start_player = seat;
}

/// The game is in this round of this age.
pub fn in_round(s: &mut State, age: Age, round: u32) {
    s.age = age;
    s.round = round;
}

/// The military events waiting in the current events pile, the next first.
pub fn events(s: &mut State, ids: &[&str]) {
    s.events = ids.iter().map(|id| card(s, id)).collect();
}

/// A seat's science points.
pub fn science(s: &mut State, seat: usize, points: i32) {
    s.players[seat].science = points;
}

/// A seat's culture points.
pub fn culture(s: &mut State, seat: usize, points: i32) {
    s.players[seat].culture = points;
}

/// A seat's unused workers: the difference comes from (or goes back to) its
/// yellow bank, so the population stays whole.
pub fn unused_workers(s: &mut State, seat: usize, n: u8) {
    let p = &mut s.players[seat];
    p.yellow_bank = p.yellow_bank + p.workers - n;
    p.workers = n;
}

/// A seat's yellow bank (tokens not yet in the population).
pub fn yellow_bank(s: &mut State, seat: usize, left: u8) {
    s.players[seat].yellow_bank = left;
}

/// A seat's blue bank.
pub fn blue_bank(s: &mut State, seat: usize, left: u8) {
    s.players[seat].blue_bank = left;
}

/// A leader in play for a seat.
pub fn leader(s: &mut State, seat: usize, id: &str) {
    let c = card(s, id);
    s.players[seat].leader = Some(c);
}

/// The ages in which a seat has already taken a leader.
pub fn leader_taken_in(s: &mut State, seat: usize, ages: Vec<Age>) {
    s.players[seat].leader_ages = ages;
}

/// A seat's government.
pub fn government(s: &mut State, seat: usize, id: &str) {
    let c = card(s, id);
    s.players[seat].government = c;
}

/// A seat's special technologies.
pub fn specials(s: &mut State, seat: usize, ids: &[&str]) {
    s.players[seat].specials = ids.iter().map(|id| card(s, id)).collect();
}

/// A seat's completed wonders.
pub fn wonders(s: &mut State, seat: usize, ids: &[&str]) {
    s.players[seat].wonders = ids.iter().map(|id| card(s, id)).collect();
}

/// A wonder a seat has begun, no stage built yet.
pub fn wonder_begun(s: &mut State, seat: usize, id: &str) {
    let c = card(s, id);
    s.players[seat].wonder = Some(WonderWork { card: c, built: 0 });
}

/// [`later_round`] in another mode: round 4 of Age I, seat 1 in the middle
/// of its actions, an empty card row.
pub fn later_round_in(mode: Mode, players: usize) -> State {
    later_round_seeded(mode, players, 7)
}

/// [`later_round_in`] from another setup seed.
pub fn later_round_seeded(mode: Mode, players: usize, seed: u64) -> State {
    let mut s = new_game_in(mode, players, seed);
    s.round = 4;
    s.age = 1;
    // The Age A cards of the row go to the box, so every card stays counted.
    s.boxed += s.row.iter().flatten().count() as u32;
    s.row = vec![None; 13];
    s
}

/// Puts a civil card from its deck into a seat's hand (taken on an earlier
/// turn), so that every card stays counted.
pub fn give_from_deck(s: &mut State, seat: usize, id: &str) {
    let c = card(s, id);
    let found = s.civil_decks.iter_mut().find_map(|d| {
        let i = d.iter().position(|&x| x == c)?;
        Some(d.remove(i))
    });
    let c = found.unwrap_or_else(|| panic!("{id} is in no civil deck"));
    s.players[seat].hand.push(HandCard {
        card: c,
        fresh: false,
    });
}

/// Civil and military action tokens a seat owns now.
pub fn action_tokens(s: &State, seat: usize) -> (u8, u8) {
    let p = &s.players[seat];
    (
        legal::white_total(&s.data, p, s.rules.mode),
        legal::red_total(&s.data, p, s.rules.mode),
    )
}

/// Takes a copy of a card out of the military decks (so that every card
/// stays counted once).
fn from_decks(s: &mut State, id: &str) -> CardId {
    let c = card(s, id);
    let found = s.military_decks.iter_mut().find_map(|d| {
        let i = d.iter().position(|&x| x == c)?;
        Some(d.remove(i))
    });
    found.unwrap_or_else(|| panic!("{id} is in no military deck"))
}

/// Gives a seat military cards from the decks.
pub fn military_hand(s: &mut State, seat: usize, ids: &[&str]) {
    for id in ids {
        let c = from_decks(s, id);
        s.players[seat].military_hand.push(c);
    }
}

/// Puts these cards on top of their military deck, the last one on top
/// (drawn first).
pub fn military_on_top(s: &mut State, ids: &[&str]) {
    for id in ids {
        let c = from_decks(s, id);
        let age = s.data.card(c).map(|x| usize::from(x.age)).unwrap_or(0);
        s.military_decks[age].push(c);
    }
}

/// Moves an age's whole military deck to its discard pile.
pub fn deck_to_discards(s: &mut State, age: usize) {
    let deck = std::mem::take(&mut s.military_decks[age]);
    s.military_discards[age].extend(deck);
}

/// The current events, the next one last, taken from the Age A events
/// dealt, the box, the past events or the decks (the count stays whole).
pub fn current_events(s: &mut State, ids: &[&str]) {
    let mut pool = std::mem::take(&mut s.events);
    let mut pile = Vec::new();
    for id in ids {
        let c = card(s, id);
        if let Some(i) = pool.iter().position(|&x| x == c) {
            pile.push(pool.remove(i));
        } else if let Some(i) = s.removed.iter().position(|&x| x == c) {
            pile.push(s.removed.remove(i));
        } else if let Some(i) = s.past_events.iter().position(|&x| x == c) {
            pile.push(s.past_events.remove(i));
        } else {
            pile.push(from_decks(s, id));
        }
    }
    s.removed.extend(pool);
    s.events = pile;
}

/// The future events already prepared, taken from the decks.
pub fn future_events(s: &mut State, ids: &[&str]) {
    for id in ids {
        let c = from_decks(s, id);
        s.future_events.push(c);
    }
}

/// Develops a technology taken from its civil deck (a special technology
/// joins the specials), so that every card stays counted.
pub fn develop_from_deck(s: &mut State, seat: usize, id: &str) {
    let c = taken_from_deck(s, seat, id);
    let special = s
        .data
        .card(c)
        .is_some_and(|x| matches!(x.kind, super::data::Kind::Special(_)));
    if special {
        s.players[seat].specials.push(c);
    } else {
        s.players[seat].techs.push(Tech {
            card: c,
            workers: 0,
            blue: 0,
        });
    }
}

/// Leaves only the next `n` cards in an age's civil deck; the others go to
/// the box, so that every card stays counted.
pub fn civil_deck_down_to(s: &mut State, age: usize, n: usize) {
    let deck = &mut s.civil_decks[age];
    let gone = deck.len().saturating_sub(n);
    deck.drain(..gone);
    s.boxed += gone as u32;
}

/// The advanced game's four scoring events, taken from the box (the ones
/// dealt at setup go back to it), so that every card stays counted.
pub fn scoring_events(s: &mut State, ids: &[&str]) {
    let old = std::mem::take(&mut s.scoring_events);
    s.removed.extend(old);
    for id in ids {
        let c = card(s, id);
        let i = s
            .removed
            .iter()
            .position(|&x| x == c)
            .unwrap_or_else(|| panic!("{id} is not in the box"));
        let c = s.removed.remove(i);
        s.scoring_events.push(c);
    }
}

/// A wonder taken from its civil deck and under construction for a seat,
/// `built` stages built (a blue token from the bank on each).
pub fn wonder_from_deck(s: &mut State, seat: usize, id: &str, built: u8) {
    let c = taken_from_deck(s, seat, id);
    s.players[seat].blue_bank -= built;
    s.players[seat].wonder = Some(WonderWork { card: c, built });
}

/// The ids of the cards of `kind` (a kind word: `leader`, `wonder`) left in
/// an age's civil deck.
pub fn in_civil_deck(s: &State, age: usize, kind: &str) -> Vec<String> {
    s.civil_decks[age]
        .iter()
        .filter_map(|&c| s.data.card(c))
        .filter(|c| c.raw.kind == kind)
        .map(|c| c.raw.id.clone())
        .collect()
}

/// Puts a tactic card from the military decks in play for a seat.
pub fn tactic(s: &mut State, seat: usize, id: &str) {
    let c = from_decks(s, id);
    s.players[seat].tactic = Some(c);
}

/// Gives a seat a colony from the military decks, with the tokens its
/// permanent bonus brings from the box (none of its one-time bonus).
pub fn colony(s: &mut State, seat: usize, id: &str) {
    let c = from_decks(s, id);
    let p = &mut s.players[seat];
    let (blue, yellow) = (
        legal::blue_owned(&s.data, p, s.rules.mode),
        legal::yellow_owned(&s.data, p),
    );
    p.colonies.push(c);
    p.blue_bank += legal::blue_owned(&s.data, p, s.rules.mode) - blue;
    p.yellow_bank += legal::yellow_owned(&s.data, p) - yellow;
}

/// A war card from the military decks declared by `declarer` on `target`
/// on an earlier turn (full game), pending until the declarer's next turn.
pub fn war_declared(s: &mut State, declarer: usize, target: usize, id: &str) {
    let card = from_decks(s, id);
    s.wars.push(super::state::War {
        card,
        declarer,
        target,
    });
}

/// A pact from the military decks in force between `from` (who offered
/// it, on side A when `from_a`) and `to`.
pub fn pact_in_force(s: &mut State, from: usize, to: usize, id: &str, from_a: bool) {
    let card = from_decks(s, id);
    let side = |a: bool, partner: usize, offered: bool| super::state::PactSide {
        card,
        a,
        partner,
        offered,
    };
    s.players[from].pacts.push(side(from_a, to, true));
    s.players[to].pacts.push(side(!from_a, from, false));
}

/// A wonder completed by a seat, taken from its civil deck or else from
/// the box (an Age A card boxed with the first row), so that every card
/// stays counted.
pub fn completed_wonder_from_deck(s: &mut State, seat: usize, id: &str) {
    let c = card(s, id);
    let found = s.civil_decks.iter_mut().any(|d| {
        let Some(i) = d.iter().position(|&x| x == c) else {
            return false;
        };
        d.remove(i);
        true
    });
    if !found {
        s.boxed = s.boxed.checked_sub(1).expect("a boxed card to take back");
    }
    s.players[seat].wonders.push(c);
}

/// A civil card taken from its deck into a slot (0-12) of the card row, so
/// that every card stays counted.
pub fn row_from_deck(s: &mut State, slot: usize, id: &str) {
    let c = card(s, id);
    let found = s.civil_decks.iter_mut().find_map(|d| {
        let i = d.iter().position(|&x| x == c)?;
        Some(d.remove(i))
    });
    s.row[slot] = Some(found.unwrap_or_else(|| panic!("{id} is in no civil deck")));
}

/// A seat that took cards under International Agreement: it gives up the
/// political action of its next turn.
pub fn politics_given_up(s: &mut State, seat: usize) {
    s.players[seat].no_politics = true;
}

/// The last round of the full game has begun (Age III is over).
pub fn in_last_round(s: &mut State) {
    s.last_round = true;
}

/// A leader taken from its civil deck and in play for a seat, so that
/// every card stays counted.
pub fn leader_from_deck(s: &mut State, seat: usize, id: &str) {
    let c = taken_from_deck(s, seat, id);
    s.players[seat].leader = Some(c);
}

/// Wonders taken from their civil decks and completed for a seat.
pub fn wonders_from_deck(s: &mut State, seat: usize, ids: &[&str]) {
    for id in ids {
        let c = taken_from_deck(s, seat, id);
        s.players[seat].wonders.push(c);
    }
}

/// A civil card taken from its deck for a seat's board (through the hand,
/// so that every card stays counted).
fn taken_from_deck(s: &mut State, seat: usize, id: &str) -> CardId {
    give_from_deck(s, seat, id);
    s.players[seat]
        .hand
        .pop()
        .map(|h| h.card)
        .expect("just given")
}

// ---- what the tests ask of a position

/// Fails the test unless the engine's invariants hold.
pub fn invariants(s: &State) {
    ThroughTheAges
        .invariants(s)
        .unwrap_or_else(|e| panic!("invariant: {e}"));
}

/// The seats asked to decide, 0-based.
pub fn to_act(s: &State) -> Vec<usize> {
    ThroughTheAges
        .to_act(s)
        .into_iter()
        .map(|Seat(x)| x)
        .collect()
}

/// Seat `seat`'s turn begins (refill, a war it declared resolved, then the
/// political phase); the English of what happened.
pub fn begin(s: &mut State, seat: usize) -> Vec<String> {
    turn_of(s, seat);
    let mut out = Vec::new();
    super::apply::turn::begin_turn(s, &mut out);
    out.into_iter().map(|e| e.text.into_text().en).collect()
}

/// [`begin`] for a turn that must open on its political phase.
pub fn begin_politics(s: &mut State, seat: usize) {
    begin(s, seat);
    assert_eq!(s.phase, super::state::Phase::Political);
}

/// Reveals this event as the top current event; the English of what happened.
pub fn reveal(s: &mut State, id: &str) -> Vec<String> {
    current_events(s, &[id]);
    let mut out = Vec::new();
    super::apply::event::reveal_event(s, &mut out);
    out.into_iter().map(|e| e.text.into_text().en).collect()
}

/// Units developed (from the decks) with this many workers on them.
pub fn units(s: &mut State, seat: usize, units: &[(&str, u8)]) {
    for &(id, n) in units {
        if !id.starts_with("board-") {
            develop_from_deck(s, seat, id);
        }
        put_workers(s, seat, id, n);
    }
}

/// A seat's military strength.
pub fn strength(s: &State, seat: usize) -> i32 {
    stats(s, seat).strength
}
