//! The choices touched seats make about a military event of Ages I and II
//! (advanced and full games): who is asked, and applying each answer.

use super::military;
use super::report::said;
use super::tokens;
use crate::engine::Event;
use crate::games::tta::data::CardId;
use crate::games::tta::legal;
use crate::games::tta::state::{EventChoiceKind, Mode, Phase, State};

/// Asks the touched seats (in turn order from the active player); a seat
/// with one way only answers at once without a question.
pub(super) fn ask(
    s: &mut State,
    event: CardId,
    choice: EventChoiceKind,
    seats: Vec<usize>,
    out: &mut Vec<Event>,
) {
    let mut queue = Vec::new();
    for seat in seats {
        let options = match choice {
            EventChoiceKind::FoodAndResources(total) => legal::splits(s, seat, total),
            _ => Vec::new(),
        };
        match options.as_slice() {
            [] => {}
            [only] => {
                if let crate::games::tta::command::Command::ChooseSplit { food, resources } = *only
                {
                    let _ = split(s, seat, choice, food, resources, out);
                }
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
