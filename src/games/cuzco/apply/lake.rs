//! Lake tiles (L199-221): where they go, and the lakes they complete.

use super::super::command::{seat_name, Spot};
use super::super::legal::lake_spot_ok;
use super::super::scoring::score_lakes;
use super::super::state::{Cover, State, Turn};
use super::{refuse, spend};
use crate::engine::{Event, RuleError, Text};

/// A lake tile from the supply on `spot`.
pub fn lake(s: &mut State, t: &mut Turn, spot: Spot) -> Result<Vec<Event>, RuleError> {
    let who = seat_name(usize::from(t.seat));
    let cost = s.data.components.lake_cost_ap;
    let mut events = Vec::new();
    if s.lakes_left == 0 {
        return Err(refuse(
            "No lake tile is left.",
            "남은 저수지 타일이 없습니다.",
        ));
    }
    if !lake_spot_ok(s, spot.cell) {
        return Err(refuse(
            format!("A lake goes on an empty space of the region at board level, not on a tile and not on an edge space; {spot} is not one."),
            format!("저수지는 타일이 없는 지역 안의 빈칸에, 가장자리가 아닌 곳에 놓습니다. {spot}은(는) 아닙니다."),
        ));
    }
    spend(t, cost)?;
    s.lakes_left -= 1;
    s.spaces[usize::from(spot.cell)].cover = Cover::Lake;
    events.push(Event::public(Text::new(
        format!("{} places a lake tile on {spot}; {} AP left.", who.en, t.ap),
        format!(
            "{}이(가) {spot}에 저수지 타일을 놓습니다. 남은 AP {}.",
            who.ko, t.ap
        ),
    )));
    events.extend(score_lakes(s));
    Ok(events)
}
