//! Resignation (full game, seed L3076-3094): a civilization leaves at the
//! start of its turn, is skipped from then on and not scored; with one
//! civilization left, it wins. A seat the service drops leaves the same way
//! (in the advanced game too, a reading in NOTES.md) and may be taken back.

use super::colonize::settle_auction;
use super::military;
use super::pact;
use super::report::said;
use super::turn::pass_turn;
use crate::engine::{Event, Text};
use crate::games::tta::state::{Phase, State};

/// The `resign` command at the start of the seat's turn.
pub(super) fn resign(s: &mut State, seat: usize, out: &mut Vec<Event>) -> Option<()> {
    if s.turn != seat || s.phase != Phase::Political {
        return None;
    }
    out.push(said(
        seat,
        "resigns; the civilization leaves the game and is not scored.".into(),
        "게임 포기를 선언합니다. 이 문명은 게임에서 빠지고 점수 계산을 하지 않습니다.".into(),
    ));
    leave(s, seat, out);
    Some(())
}

/// Seats still playing.
pub fn playing(s: &State) -> usize {
    s.players.iter().filter(|p| !p.resigned).count()
}

/// The seat leaves: it is taken out of any decision under way and, on its
/// own turn, the turn passes (no production). With one seat left the game
/// is over and that seat wins (seed L3092-3094).
pub fn leave(s: &mut State, seat: usize, out: &mut Vec<Event>) {
    let Some(p) = s.players.get_mut(seat) else {
        return;
    };
    p.resigned = true;
    pact::end_all(s, seat, out);
    super::war::leave(s, seat, out);
    if playing(s) <= 1 {
        out.push(Event::public(Text::new(
            "Only one civilization is left: it wins.",
            "한 문명만 남았습니다. 남은 사람이 승리합니다.",
        )));
        s.phase = Phase::Over;
        return;
    }
    let active = s.turn == seat;
    match &mut s.phase {
        Phase::EventChoice { queue, choice, .. } => {
            queue.retain(|&q| q != seat);
            super::event_choice::forget_victim(choice, queue, seat);
            if queue.is_empty() || active {
                // The others' choices, if the active seat leaves, are given up
                // with the turn (a reading, NOTES.md).
                military::after_politics(s);
            }
        }
        Phase::Auction {
            territory,
            bid,
            high,
            queue,
        } => {
            queue.retain(|&q| q != seat);
            if *high == Some(seat) {
                *high = None;
                *bid = 0;
            }
            if active {
                s.past_events.push(*territory);
                military::after_politics(s);
            } else {
                settle_auction(s, out);
            }
        }
        Phase::Colonize {
            territory,
            seat: winner,
            ..
        } if *winner == seat => {
            s.past_events.push(*territory);
            military::after_politics(s);
        }
        _ => leave_clash_or_offer(s, seat, out),
    }
    if active && s.phase != Phase::Over {
        pass_turn(s, seat, out);
    }
}

/// An aggression or a pact offer the leaving seat takes part in is called
/// off: the aggression card is discarded (it was played), a pact offer is
/// refused (a reading, NOTES.md).
fn leave_clash_or_offer(s: &mut State, seat: usize, out: &mut Vec<Event>) {
    match s.phase.clone() {
        Phase::Aggression(c) | Phase::Spoils { clash: c, .. }
            if c.attacker == seat || c.target == seat =>
        {
            military::put_away(s, c.card);
            military::after_politics(s);
        }
        Phase::PactOffer { to, .. } if to == seat => {
            pact::answer(s, seat, false, out);
        }
        Phase::PactOffer { card, from, .. } if from == seat => {
            military::put_away(s, card);
            military::after_politics(s);
        }
        _ => {}
    }
}
