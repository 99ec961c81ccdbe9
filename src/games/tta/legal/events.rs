//! The answers a seat may give to a military event's choice (advanced and
//! full games), each card's text; the least harmful answer is listed first,
//! since a timeout takes it (NOTES.md).

use super::super::command::{named, Command, Named};
use super::super::data::{CardId, Data, Kind};
use super::super::state::{EventChoiceKind, Player, State};
use super::{can_take_within, splits};

/// Every answer of `seat` to `choice` now (empty: the seat has nothing to
/// choose).
pub fn event_options(s: &State, seat: usize, choice: EventChoiceKind) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let data = &s.data;
    match choice {
        EventChoiceKind::FoodAndResources(total) => splits(s, seat, total),
        EventChoiceKind::FoodOrResources => vec![Command::ChooseFood, Command::ChooseResources],
        EventChoiceKind::FreeBuild(_) => vec![Command::ChooseBuild, Command::ChooseDecline],
        EventChoiceKind::LoseBuilding => worked_buildings(data, p, |k| {
            matches!(k, Kind::Farm | Kind::Mine | Kind::Urban(_))
        })
        .into_iter()
        .map(Command::Destroy)
        .collect(),
        EventChoiceKind::LoseColony => colonies_least_first(data, p)
            .into_iter()
            .map(Command::Choose)
            .collect(),
        EventChoiceKind::RavageWonder => old_wonders(data, p)
            .into_iter()
            .map(Command::Choose)
            .collect(),
        EventChoiceKind::DestroyUrban { victims } => s
            .playing_from(s.turn)
            .into_iter()
            .filter(|&v| v != seat && victims & (1 << v) != 0)
            .flat_map(|v| {
                let urban = s
                    .players
                    .get(v)
                    .map(|t| worked_buildings(data, t, |k| matches!(k, Kind::Urban(_))))
                    .unwrap_or_default();
                let to = u8::try_from(v + 1).unwrap_or(0);
                urban.into_iter().map(move |n| Command::DestroyAt(n, to))
            })
            .collect(),
        EventChoiceKind::TakeCards { left, .. } => {
            let mut out: Vec<Command> = (0..s.row.len())
                .filter(|&slot| can_take_within(s, seat, slot, left))
                .filter_map(|slot| u8::try_from(slot + 1).ok().map(Command::Take))
                .collect();
            if !out.is_empty() {
                // Taking nothing (more): the timeout's answer.
                out.push(Command::ChooseDecline);
            }
            out
        }
    }
}

/// The cards of a seat's board of the kinds `fits` accepts with a worker
/// on them, the oldest first (losing the oldest building harms least, a
/// reading), then in the order developed.
pub fn worked_buildings(data: &Data, p: &Player, fits: impl Fn(Kind) -> bool) -> Vec<Named> {
    let mut cards: Vec<(u8, Named)> = p
        .techs
        .iter()
        .filter(|t| t.workers > 0)
        .filter_map(|t| data.card(t.card).map(|c| (t, c)))
        .filter(|(_, c)| fits(c.kind))
        .map(|(t, c)| (c.age, named(data, t.card)))
        .collect();
    cards.sort_by_key(|(age, _)| *age);
    cards.into_iter().map(|(_, n)| n).collect()
}

/// A seat's colonies, the one whose permanent bonus is smallest (strength,
/// happiness and tokens, each point alike) first, then in the order taken.
fn colonies_least_first(data: &Data, p: &Player) -> Vec<Named> {
    let worth = |c: &CardId| {
        data.card(*c)
            .and_then(|c| c.raw.permanent.as_ref())
            .map(|b| b.strength + b.happy + b.yellow_tokens + b.blue_tokens)
            .unwrap_or(0)
    };
    let mut colonies: Vec<CardId> = Vec::new();
    for &c in &p.colonies {
        if !colonies.contains(&c) {
            colonies.push(c);
        }
    }
    colonies.sort_by_key(|c| worth(c));
    colonies.into_iter().map(|c| named(data, c)).collect()
}

/// A seat's completed Age A and Age I wonders still face up, the oldest
/// first, then in the order completed.
fn old_wonders(data: &Data, p: &Player) -> Vec<Named> {
    let mut wonders: Vec<(u8, CardId)> = p
        .wonders
        .iter()
        .filter(|w| !p.ravaged.contains(w))
        .filter_map(|&w| data.card(w).map(|c| (c.age, w)))
        .filter(|(age, _)| *age <= 1)
        .collect();
    wonders.sort_by_key(|(age, _)| *age);
    wonders.into_iter().map(|(_, w)| named(data, w)).collect()
}
