//! The military hand of the advanced and full games: drawing at the end of
//! a turn, the discard down to the military action tokens after the
//! political action, and the discard piles by age (seed L2016-2048).

use super::report::said;
use crate::engine::Event;
use crate::games::tta::command::Command;
use crate::games::tta::data::{Age, CardId, MILITARY_DRAW_MAX};
use crate::games::tta::legal;
use crate::games::tta::state::{Mode, Phase, State};

/// Draws `n` military cards of the current age for `seat`; an exhausted
/// deck is made again from its age's discard pile, shuffled (seed
/// L2045-2046). Returns how many were drawn.
pub fn draw(s: &mut State, seat: usize, n: usize) -> usize {
    let age = usize::from(s.age);
    let mut drawn = 0;
    for _ in 0..n {
        if s.military_decks.get(age).is_some_and(Vec::is_empty) {
            let Some(pile) = s.military_discards.get_mut(age) else {
                break;
            };
            let mut deck = std::mem::take(pile);
            s.rng.shuffle(&mut deck);
            if let Some(d) = s.military_decks.get_mut(age) {
                *d = deck;
            }
        }
        let Some(card) = s.military_decks.get_mut(age).and_then(Vec::pop) else {
            break;
        };
        if let Some(p) = s.players.get_mut(seat) {
            p.military_hand.push(card);
            drawn += 1;
        }
    }
    drawn
}

/// The draw at the end of a turn: one card per unused military action,
/// at most 3 (seed L2016-2023). Nothing in the introductory game.
pub fn draw_at_end_of_turn(s: &mut State, seat: usize, unused: u8, out: &mut Vec<Event>) {
    if s.rules.mode == Mode::Intro {
        return;
    }
    let unused = unused.min(MILITARY_DRAW_MAX);
    let drawn = draw(s, seat, usize::from(unused));
    if drawn > 0 {
        out.push(said(
            seat,
            format!("draws {drawn} military card(s)."),
            format!("군사 카드 {drawn}장을 가져옵니다."),
        ));
    }
}

/// Puts a military card out of a hand: onto its age's discard pile, face
/// down, or in the box when its age is over (seed L2039-2048).
pub fn put_away(s: &mut State, card: CardId) {
    let age: Age = s.data.card(card).map(|c| c.age).unwrap_or(0);
    match s.military_discards.get_mut(usize::from(age)) {
        Some(pile) if age >= s.age => pile.push(card),
        // Its name was told: it lies in the box face up.
        _ => s.military_boxed_open.push(card),
    }
}

/// A military card leaves the seat's hand to be played for `cost`
/// military actions (an aggression, a war).
pub(super) fn play_from_hand(s: &mut State, seat: usize, card: CardId, cost: u8) -> Option<()> {
    let p = s.players.get_mut(seat)?;
    let i = p.military_hand.iter().position(|&x| x == card)?;
    p.military_hand.remove(i);
    p.red_used += cost;
    Some(())
}

/// Whether the active player holds more military cards than military
/// action tokens (all tokens, used or not, seed L2032-2038).
pub fn over_limit(s: &State, seat: usize) -> bool {
    s.players.get(seat).is_some_and(|p| {
        p.military_hand.len() > legal::military_hand_limit(&s.data, p, s.rules.mode)
    })
}

/// After the political action (taken or not): the discard if the hand is
/// over the limit, else the civil and military actions.
pub fn after_politics(s: &mut State) {
    s.phase = if !s.no_discard && over_limit(s, s.turn) {
        Phase::Discard
    } else {
        Phase::Actions
    };
}

/// Discards one military card; the actions follow once the hand is down
/// to the limit.
pub fn discard(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    let Command::Discard(n) = cmd else {
        return None;
    };
    let p = s.players.get_mut(seat)?;
    let i = p.military_hand.iter().position(|&c| c == n.id)?;
    p.military_hand.remove(i);
    put_away(s, n.id);
    out.push(said(
        seat,
        "discards a military card.".into(),
        "군사 카드 한 장을 버립니다.".into(),
    ));
    after_politics(s);
    Some(())
}
