//! The choices touched seats make about a military event of Ages I and II
//! (advanced and full games): who is asked, and applying each answer.

use super::military;
use super::report::said;
use super::tokens;
use crate::engine::Event;
use crate::games::tta::command::Command;
use crate::games::tta::data::CardId;
use crate::games::tta::legal;
use crate::games::tta::state::{EventChoiceKind, Mode, Phase, State};

/// Asks the touched seats (in turn order from the active player); a seat
/// with one way only answers at once without a question, a seat with none
/// is not touched.
pub(super) fn ask(
    s: &mut State,
    event: CardId,
    choice: EventChoiceKind,
    seats: Vec<usize>,
    out: &mut Vec<Event>,
) {
    if let EventChoiceKind::DestroyUrban { .. } = choice {
        return ask_terror(s, event, seats, out);
    }
    let mut queue = Vec::new();
    for seat in seats {
        match legal::event_options(s, seat, choice).as_slice() {
            [] => {}
            [only] => {
                let _ = apply_answer(s, seat, choice, only, out);
            }
            _ => queue.push(seat),
        }
    }
    if !queue.is_empty() {
        s.phase = Phase::EventChoice {
            event,
            choice,
            queue,
        };
    }
}

/// Terrorism: the seat with the least culture destroys an urban building
/// of each other civilization that has one; where there is one only, it
/// goes at once.
fn ask_terror(s: &mut State, event: CardId, seats: Vec<usize>, out: &mut Vec<Event>) {
    let Some(&by) = seats.first() else {
        return;
    };
    let all = s
        .playing_from(s.turn)
        .into_iter()
        .filter(|&v| v != by)
        .fold(0u8, |m, v| m | bit(v));
    let victims = settle_terror(s, by, all, out);
    if victims != 0 {
        s.phase = Phase::EventChoice {
            event,
            choice: EventChoiceKind::DestroyUrban { victims },
            queue: vec![by],
        };
    }
}

fn bit(seat: usize) -> u8 {
    u8::try_from(seat)
        .ok()
        .and_then(|x| 1u8.checked_shl(u32::from(x)))
        .unwrap_or(0)
}

/// Destroys at once the one urban building of a victim that has only one;
/// returns the victims still to choose for (those with several).
fn settle_terror(s: &mut State, by: usize, victims: u8, out: &mut Vec<Event>) -> u8 {
    let mut left = 0;
    for v in s.playing_from(s.turn) {
        if victims & bit(v) == 0 || v == by {
            continue;
        }
        let options =
            legal::event_options(s, by, EventChoiceKind::DestroyUrban { victims: bit(v) });
        match options.as_slice() {
            [] => {}
            [Command::DestroyAt(n, _)] => {
                let _ = super::event_loss::destroy_for(s, by, v, n.id, out);
            }
            _ => left |= bit(v),
        }
    }
    left
}

/// Whether this module answers the choice (the losses, Terrorism and
/// International Agreement; `event::answer` the others).
pub(super) fn handles(choice: EventChoiceKind) -> bool {
    matches!(
        choice,
        EventChoiceKind::LoseBuilding
            | EventChoiceKind::LoseColony
            | EventChoiceKind::RavageWonder
            | EventChoiceKind::DestroyUrban { .. }
            | EventChoiceKind::TakeCards { .. }
    )
}

/// A seat's answer to one of the choices [`handles`] names: applied; the
/// seat leaves the queue when it has nothing more to choose, and the
/// active player's turn goes on when the queue is empty.
pub(super) fn answer(
    s: &mut State,
    seat: usize,
    choice: EventChoiceKind,
    cmd: &Command,
    out: &mut Vec<Event>,
) -> Option<()> {
    let next = apply_answer(s, seat, choice, cmd, out)?;
    let Phase::EventChoice {
        choice: asked,
        queue,
        ..
    } = &mut s.phase
    else {
        return Some(());
    };
    match next {
        Some(more) => *asked = more,
        None => queue.retain(|&q| q != seat),
    }
    if queue.is_empty() {
        if let EventChoiceKind::TakeCards { took: true, .. } = choice {
            // "Then refill the card row" (the card's text).
            super::turn::fill_row(s, out);
        }
        close(s);
    }
    Some(())
}

/// Applies one answer; returns what the seat still chooses (`None`: done).
fn apply_answer(
    s: &mut State,
    seat: usize,
    choice: EventChoiceKind,
    cmd: &Command,
    out: &mut Vec<Event>,
) -> Option<Option<EventChoiceKind>> {
    use super::event_loss as loss;
    match (choice, cmd) {
        (EventChoiceKind::FoodAndResources(_), Command::ChooseSplit { food, resources }) => {
            split(s, seat, choice, *food, *resources, out)?
        }
        (EventChoiceKind::LoseBuilding, Command::Destroy(n)) => {
            loss::lose_building(s, seat, n.id, out)?
        }
        (EventChoiceKind::LoseColony, Command::Choose(n)) => {
            loss::lose_colony(s, seat, n.id, out)?;
        }
        (EventChoiceKind::RavageWonder, Command::Choose(n)) => loss::ravage(s, seat, n.id, out)?,
        (EventChoiceKind::DestroyUrban { victims }, Command::DestroyAt(n, to)) => {
            let v = usize::from(*to).checked_sub(1)?;
            if victims & bit(v) == 0 {
                return None;
            }
            loss::destroy_for(s, seat, v, n.id, out)?;
            let left = settle_terror(s, seat, victims & !bit(v), out);
            return Some((left != 0).then_some(EventChoiceKind::DestroyUrban { victims: left }));
        }
        (EventChoiceKind::TakeCards { left, .. }, Command::Take(slot)) => {
            let cost = take_for_free(s, seat, *slot, out)?;
            let more = EventChoiceKind::TakeCards {
                left: left.checked_sub(cost)?,
                took: true,
            };
            let can = legal::event_options(s, seat, more)
                .iter()
                .any(|c| matches!(c, Command::Take(_)));
            return Some(Some(more).filter(|_| can));
        }
        (EventChoiceKind::TakeCards { .. }, Command::ChooseDecline) => out.push(said(
            seat,
            "takes no (more) cards.".into(),
            "카드를 (더) 가져오지 않습니다.".into(),
        )),
        _ => return None,
    }
    Some(None)
}

/// International Agreement: the card in `slot` goes to the seat's hand as
/// if taken, paid from the event's budget, not from its civil actions; the
/// seat gives up its next political action. Returns the cost. A card taken
/// out of turn may be played on the seat's next turn.
fn take_for_free(s: &mut State, seat: usize, slot: u8, out: &mut Vec<Event>) -> Option<u8> {
    let i = usize::from(slot).checked_sub(1)?;
    let cost = legal::take_cost(s, s.players.get(seat)?, i)?;
    let used = s.players.get(seat)?.white_used;
    super::action::take(s, seat, slot, out)?;
    let active = s.turn == seat;
    let p = s.players.get_mut(seat)?;
    p.white_used = used;
    p.no_politics = true;
    if !active {
        for h in &mut p.hand {
            h.fresh = false;
        }
    }
    Some(cost)
}

/// The start of a turn whose political action was given up (International
/// Agreement): the actions follow at once.
pub(super) fn skip_politics_if_given_up(s: &mut State, out: &mut Vec<Event>) {
    let seat = s.turn;
    let Some(p) = s.players.get_mut(seat) else {
        return;
    };
    if !std::mem::take(&mut p.no_politics) {
        return;
    }
    out.push(said(
        seat,
        "has given up this turn's political action (International Agreement).".into(),
        "이번 차례의 정치 행동을 포기했습니다 (국제 협정).".into(),
    ));
    military::after_politics(s);
}

/// A seat that leaves is no longer a victim of Terrorism (NOTES.md).
pub(super) fn forget_victim(choice: &mut EventChoiceKind, queue: &mut Vec<usize>, seat: usize) {
    if let EventChoiceKind::DestroyUrban { victims } = choice {
        *victims &= !bit(seat);
        if *victims == 0 {
            queue.clear();
        }
    }
}

/// A seat's split of food and resources: produced, or lost (Foray, seed
/// card text; Raiders).
pub(super) fn split(
    s: &mut State,
    seat: usize,
    choice: EventChoiceKind,
    food: u8,
    resources: u8,
    out: &mut Vec<Event>,
) -> Option<()> {
    let EventChoiceKind::FoodAndResources(total) = choice else {
        return None;
    };
    let data = s.data.clone();
    let p = s.players.get_mut(seat)?;
    let (f, r) = (i32::from(food), i32::from(resources));
    if total >= 0 {
        let f = tokens::produce_amount(&data, p, true, f);
        let r = tokens::produce_amount(&data, p, false, r);
        out.push(said(
            seat,
            format!("produces {f} food and {r} resources."),
            format!("식량 {f}개와 자원 {r}개를 생산합니다."),
        ));
    } else {
        let f = tokens::lose(&data, p, true, f);
        let r = tokens::lose(&data, p, false, r);
        out.push(said(
            seat,
            format!("loses {f} food and {r} resources."),
            format!("식량 {f}개와 자원 {r}개를 잃습니다."),
        ));
    }
    Some(())
}

/// Every seat asked has answered: the active player's turn goes on.
pub(super) fn close(s: &mut State) {
    s.phase = Phase::Actions;
    if s.rules.mode != Mode::Intro {
        military::after_politics(s);
    }
}
