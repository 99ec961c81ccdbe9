//! The political phase of the advanced and full games: one political
//! action at the start of a turn, or none (seed L2049-2136).

use super::aggression;
use super::colonize;
use super::event::reveal_event;
use super::military;
use super::pact;
use super::report::said;
use crate::engine::{Event, Text};
use crate::games::tta::command::Command;
use crate::games::tta::data::{age_name, age_name_ko, CardId};
use crate::games::tta::state::{Phase, State};

/// A political action (or `skip`).
pub(super) fn act(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    match cmd {
        Command::Skip => {
            out.push(said(
                seat,
                "takes no political action.".into(),
                "정치 행동을 하지 않습니다.".into(),
            ));
            military::after_politics(s);
            Some(())
        }
        Command::Event(n) => prepare_event(s, seat, n.id, out),
        Command::Attack(n, target) => aggression::declare(s, seat, n.id, *target, out),
        Command::Pact(n, to, a) => pact::offer(s, seat, n.id, *to, *a, out),
        Command::War(n, target) => super::war::declare(s, seat, n.id, *target, out),
        Command::Cancel(n) => pact::cancel(s, seat, n.id, out),
        Command::Colonize(n) => colonize::from_hand(s, seat, n.id, out),
        _ => None,
    }
}

/// Whether a command is a political action (anything else, written in the
/// political phase, first passes the political action).
pub(super) fn is_political(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Skip
            | Command::Event(_)
            | Command::Attack(..)
            | Command::War(..)
            | Command::Pact(..)
            | Command::Cancel(_)
            | Command::Colonize(_)
    )
}

/// Prepares a future event: the card goes face down on the future events,
/// its age in culture is scored, and the top current event is revealed
/// (seed L2085-2112). The card's name stays hidden; its age is public.
fn prepare_event(s: &mut State, seat: usize, card: CardId, out: &mut Vec<Event>) -> Option<()> {
    let age = s.data.card(card)?.age;
    let p = s.players.get_mut(seat)?;
    let i = p.military_hand.iter().position(|&c| c == card)?;
    p.military_hand.remove(i);
    p.culture += i32::from(age);
    s.future_events.push(card);
    out.push(said(
        seat,
        format!(
            "prepares a future event of Age {} and scores {} culture.",
            age_name(age),
            age
        ),
        format!(
            "{}시대 미래 이벤트를 준비하고 문화 {}점을 얻습니다.",
            age_name_ko(age),
            age
        ),
    ));
    reveal_event(s, out);
    if s.events.is_empty() {
        turn_over_future_events(s, out);
    }
    if s.phase == Phase::Political {
        military::after_politics(s);
    }
    Some(())
}

/// The last current event was revealed: the future events become the
/// current ones, each age shuffled apart, older ages on top (seed
/// L2101-2109).
fn turn_over_future_events(s: &mut State, out: &mut Vec<Event>) {
    let future = std::mem::take(&mut s.future_events);
    let mut pile = Vec::new();
    for age in (0..=3u8).rev() {
        let mut of_age: Vec<CardId> = future
            .iter()
            .copied()
            .filter(|&c| s.data.card(c).is_some_and(|x| x.age == age))
            .collect();
        s.rng.shuffle(&mut of_age);
        pile.extend(of_age);
    }
    s.events = pile;
    out.push(Event::public(Text::new(
        format!(
            "The future events become the current events ({} cards, older ages on top).",
            s.events.len()
        ),
        format!(
            "미래 이벤트가 현재 이벤트가 됩니다 ({}장, 앞선 시대가 위).",
            s.events.len()
        ),
    )));
}
