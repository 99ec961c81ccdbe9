//! Incas crossing the border and walking (L120-138).

use super::super::command::{seat_name, Spot};
use super::super::legal::{border_cost, free_for_inca, move_cost};
use super::super::state::{State, Turn};
use super::{refuse, spend};
use crate::engine::{Event, RuleError, Text};

/// An Inca comes in from the supply onto the edge space `spot` (L124).
pub fn enter(s: &mut State, t: &mut Turn, spot: Spot) -> Result<Vec<Event>, RuleError> {
    let seat = usize::from(t.seat);
    let who = seat_name(seat);
    let mut events = Vec::new();
    let cell = s.data.board.cells.get(usize::from(spot.cell)).cloned();
    let Some(side) = cell.as_ref().and_then(|c| c.edge()) else {
        return Err(refuse(
            format!("{spot} is not an edge space of the region."),
            format!("{spot}은(는) 쿠스코 지역의 가장자리 칸이 아닙니다."),
        ));
    };
    if s.players[seat].incas_off == 0 {
        return Err(refuse(
            "All your Incas are on the board.",
            "모든 잉카족이 이미 게임판 위에 있습니다.",
        ));
    }
    if !free_for_inca(s, spot.cell) {
        return Err(refuse(
            format!("An Inca can only enter onto a farm or village space with no temple and no Inca; {spot} is not one."),
            format!("잉카족은 사원과 잉카족이 없는 농장이나 마을 칸으로만 들어갈 수 있습니다. {spot}은(는) 아닙니다."),
        ));
    }
    let cost = border_cost(s, side);
    spend(t, cost)?;
    s.players[seat].incas_off -= 1;
    s.spaces[usize::from(spot.cell)].inca = Some(t.seat);
    events.push(Event::public(Text::new(
        format!(
            "{} brings an Inca in onto {spot} for {cost} AP; {} AP left.",
            who.en, t.ap
        ),
        format!(
            "{}이(가) 잉카족을 {spot}(으)로 들여보냅니다 ({cost}AP). 남은 AP {}.",
            who.ko, t.ap
        ),
    )));
    Ok(events)
}

/// The seat's Inca on the edge space `spot` leaves the region (L124).
pub fn exit(s: &mut State, t: &mut Turn, spot: Spot) -> Result<Vec<Event>, RuleError> {
    let seat = usize::from(t.seat);
    let who = seat_name(seat);
    let mut events = Vec::new();
    let side = s
        .data
        .board
        .cells
        .get(usize::from(spot.cell))
        .and_then(|c| c.edge());
    let Some(side) = side.filter(|_| s.space(spot.cell).inca == Some(t.seat)) else {
        return Err(refuse(
            format!("To leave, name one of your Incas on an edge space; {spot} is not."),
            format!("나가려면 가장자리 칸에 있는 자기 잉카족을 지정하세요. {spot}은(는) 아닙니다."),
        ));
    };
    let cost = border_cost(s, side);
    spend(t, cost)?;
    s.players[seat].incas_off += 1;
    s.spaces[usize::from(spot.cell)].inca = None;
    events.push(Event::public(Text::new(
        format!(
            "{} takes the Inca on {spot} out of the region for {cost} AP; {} AP left.",
            who.en, t.ap
        ),
        format!(
            "{}이(가) {spot}의 잉카족을 지역 밖으로 내보냅니다 ({cost}AP). 남은 AP {}.",
            who.ko, t.ap
        ),
    )));
    Ok(events)
}

/// The seat's Inca on `from` walks to `to` by the cheapest path (L126-134).
pub fn walk(s: &mut State, t: &mut Turn, from: Spot, to: Spot) -> Result<Vec<Event>, RuleError> {
    if s.space(from.cell).inca != Some(t.seat) {
        return Err(refuse(
            format!("You have no Inca on {from}."),
            format!("{from}에 자기 잉카족이 없습니다."),
        ));
    }
    if from == to || !free_for_inca(s, to.cell) {
        return Err(refuse(
            format!("An Inca may only end its move on a free farm or village space (no temple, no Inca); {to} is not one."),
            format!("잉카족은 비어 있는 농장이나 마을 칸(사원, 잉카족 없음)에서만 이동을 마칠 수 있습니다. {to}은(는) 아닙니다."),
        ));
    }
    let Some(d) = move_cost(s, t.seat, from.cell, to.cell) else {
        return Err(refuse(
            format!("No path from {from} to {to}: Incas walk over terrain only and not through temples or other players' Incas."),
            format!("{from}에서 {to}(으)로 가는 길이 없습니다: 잉카족은 지형 칸으로만, 사원과 상대 잉카족을 지나지 않고 이동합니다."),
        ));
    };
    spend(t, d)?;
    s.spaces[usize::from(from.cell)].inca = None;
    s.spaces[usize::from(to.cell)].inca = Some(t.seat);
    // The most frequent action: its words are written when read.
    let (seat, left) = (usize::from(t.seat), t.ap);
    Ok(vec![Event::public_later(move || {
        let who = seat_name(seat);
        Text::new(
            format!(
                "{} moves an Inca from {from} to {to} for {d} AP; {left} AP left.",
                who.en
            ),
            format!(
                "{}이(가) 잉카족을 {from}에서 {to}(으)로 옮깁니다 ({d}AP). 남은 AP {left}.",
                who.ko
            ),
        )
    })])
}
