//! Building and upgrading temples (L141-195): where, which value, the markers they take and
//! the prestige they bring.

use super::super::command::{seat_name, Spot};
use super::super::data::NONE;
use super::super::legal::{
    leader, markers_available, markers_needed, profiles, value_cap, village_groups,
};
use super::super::state::{State, Turn};
use super::{refuse, spend, Trust};
use crate::engine::{Event, RuleError, Text};

/// A new temple of value `v` on `spot` (`build`), or the temple on `spot` raised to `v`.
pub fn build(
    s: &mut State,
    t: &mut Turn,
    (spot, v, build): (Spot, u8, bool),
    trust: Trust,
) -> Result<Vec<Event>, RuleError> {
    let seat = usize::from(t.seat);
    let who = seat_name(seat);
    let cost = s.data.components.temple_cost_ap;
    let mut events = Vec::new();
    let current = match trust {
        Trust::Check => check_build(s, t, spot, v, build)?,
        // A legal build is on an empty village space, a legal upgrade names the temple.
        Trust::Legal if build => 0,
        Trust::Legal => s.space(spot.cell).temple,
    };
    let needed = markers_needed(s, current, v);
    spend(t, cost)?;
    for i in needed {
        s.markers[i] -= 1;
    }
    let sp = &mut s.spaces[usize::from(spot.cell)];
    sp.temple = v;
    let had_sun = sp.sun;
    sp.sun = false;
    t.changed.push(spot.cell);
    let pp = i32::from(v) / 2;
    s.players[seat].pp += pp;
    let (en, ko) = if build {
        ("builds a temple of value", "가치")
    } else {
        ("upgrades the temple to", "사원을 증축해 가치")
    };
    events.push(Event::public(Text::new(
        format!("{} {en} {v} on {spot} and gains {pp} prestige (half the new value); {} AP left.", who.en, t.ap),
        format!("{}이(가) {spot}에 {ko} {v}{} 명성 점수 {pp}점을 얻습니다 (새 가치의 절반). 남은 AP {}.", who.ko, if build { "짜리 사원을 건설하고" } else { "(으)로 만들고" }, t.ap),
    )));
    if had_sun {
        events.push(Event::public(Text::new(
            format!("The sun marker on {spot} is removed."),
            format!("{spot}의 태양 마커를 제거합니다."),
        )));
    }
    Ok(events)
}

/// Gives the temple's value before the change once every rule for the build or upgrade
/// holds: a village or city space, the value's bounds, the highest position, the markers.
fn check_build(s: &State, t: &Turn, spot: Spot, v: u8, build: bool) -> Result<u8, RuleError> {
    let g = village_groups(s);
    let gi = g.group_of(spot.cell).ok_or_else(|| {
        refuse(
            format!("{spot} is not a village or city space."),
            format!("{spot}은(는) 마을이나 도시 칸이 아닙니다."),
        )
    })?;
    let current = current_value(s, t, g.temple[gi], spot, build)?;
    let size = g.size(gi);
    let cap = value_cap(s, size);
    if s.data.marker_index(v).is_none() || v <= current || v > cap {
        return Err(refuse(
            format!("The value must be a marker value above {current} and at most {cap} here ({size} spaces; value <= size, at most 10)."),
            format!("가치는 {current}보다 크고 {cap} 이하인 마커 값이어야 합니다 ({size}칸; 가치 <= 칸 수, 최대 10)."),
        ));
    }
    if leader(&profiles(s, g.cells[gi].iter().copied())) != Some(t.seat) {
        return Err(refuse(
            "Only the player who occupies the highest position there may build or upgrade.",
            "그곳의 가장 높은 곳을 점유한 플레이어만 건설하거나 증축할 수 있습니다.",
        ));
    }
    if !markers_available(s, &markers_needed(s, current, v)) {
        return Err(refuse(
            "A temple marker needed is not left in the supply.",
            "필요한 사원 마커가 공급처에 남아 있지 않습니다.",
        ));
    }
    Ok(current)
}

/// The value the temple has before the change: 0 for a build on an empty village space of a
/// village (one temple per city, L157, L161); the temple's value for an upgrade, once per turn
/// (L175).
fn current_value(
    s: &State,
    t: &Turn,
    temple: u16,
    spot: Spot,
    build: bool,
) -> Result<u8, RuleError> {
    if build {
        if temple != NONE {
            return Err(refuse(
                "That is a city: it already has its temple (one per city); upgrade it instead.",
                "그곳은 도시이며 이미 사원이 있습니다 (도시당 하나). 대신 증축하세요.",
            ));
        }
        if s.space(spot.cell).inca.is_some() {
            return Err(refuse(
                format!("{spot} holds an Inca; build on an empty village space."),
                format!("{spot}에 잉카족이 있습니다. 빈 마을 칸에 건설하세요."),
            ));
        }
        return Ok(0);
    }
    if temple != spot.cell {
        return Err(refuse(
            format!("There is no temple on {spot} to upgrade."),
            format!("{spot}에는 증축할 사원이 없습니다."),
        ));
    }
    if t.changed.contains(&temple) {
        return Err(refuse(
            "A temple's value changes at most once per turn.",
            "한 사원의 가치는 한 차례에 한 번만 바꿀 수 있습니다.",
        ));
    }
    Ok(s.space(temple).temple)
}
