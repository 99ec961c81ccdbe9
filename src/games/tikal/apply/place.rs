//! Placing the hex in hand (L132-189).

use super::super::command::{color, Command};
use super::super::data::Kind;
use super::super::legal::can_place;
use super::super::state::{Phase, Spot, State};
use super::err;
use super::turn::{begin_act, tile_text_of};
use crate::engine::{Event, RuleError, Text, Told};

/// Places the hex being placed.
pub fn place(s: &mut State, seat: usize, c: &Command) -> Result<Vec<Event>, RuleError> {
    let (Phase::Place { tile }, Command::Place { at, rot }) = (&s.phase, c) else {
        return Err(err(
            "Place the hex first: 'place C4 r2'.",
            "먼저 지형을 놓으세요: 'place C4 r2'.",
        ));
    };
    let tile = *tile;
    let Some(t) = s.data.tiles.get(tile as usize) else {
        return Err(err("No such hex.", "그런 지형이 없습니다."));
    };
    let volcano = t.kind == Kind::Volcano;
    let rot = match (rot, volcano) {
        (Some(r), false) => *r,
        (None, true) => 0,
        (None, false) => {
            return Err(err(
                format!(
                "Give the turn too, e.g. 'place {at} r0' (r0-r5 = clockwise turns of 60 degrees)."
            ),
                format!("회전도 쓰세요. 예: 'place {at} r0' (r0-r5 = 시계방향 60도 회전 수)."),
            ))
        }
        (Some(_), true) => {
            return Err(err(
                format!("A volcano needs no turn: 'place {at}'."),
                format!("화산은 회전이 필요 없습니다: 'place {at}'."),
            ))
        }
    };
    let Some(space) = s.space_of(*at) else {
        return Err(err(
            format!("{at} is not on the board."),
            format!("{at}은(는) 게임판에 없습니다."),
        ));
    };
    if !can_place(s, tile as usize, space, rot) {
        return Err(err(
            format!("The hex cannot go on {at} turned r{rot}: the space must be empty and next to a placed hex, with a stone on at least one shared edge (volcanoes need none)."),
            format!("{at}에 r{rot}로 놓을 수 없습니다: 빈 칸이어야 하고, 놓인 지형과 이웃하며 맞닿은 모서리 하나 이상에 돌이 있어야 합니다(화산 제외)."),
        ));
    }
    let masks = t.masks;
    // Discs go on from those not yet on a hex (never more than the game has).
    let lying: u32 = s.board.iter().flatten().map(|sp| sp.discs as u32).sum();
    let unplaced = s
        .pool
        .iter()
        .map(|&n| n as u32)
        .sum::<u32>()
        .saturating_sub(lying);
    let discs = (masks as u32).min(unplaced) as u8;
    if let Some(slot) = s.board.get_mut(space) {
        *slot = Some(Spot {
            discs,
            ..Spot::new(&s.data, tile, rot)
        });
    }
    let (data, at) = (s.data.clone(), *at);
    let mut events = vec![Event::public(Told::later(move || {
        let text = tile_text_of(&data, tile as usize);
        let c = color(seat);
        Text::new(
            format!(
                "{} places {} at {at}{}.",
                c.en,
                text.en,
                if volcano {
                    String::new()
                } else {
                    format!(" turned r{rot}")
                }
            ),
            format!(
                "{}: {}을(를) {at}에 놓습니다{}.",
                c.ko,
                text.ko,
                if volcano {
                    String::new()
                } else {
                    format!(" (r{rot})")
                }
            ),
        )
    }))];
    if discs > 0 {
        events.push(Event::public(Text::new(
            format!("{discs} treasure discs go onto {at}."),
            format!("보물 원판 {discs}개를 {at}에 올립니다."),
        )));
    }
    begin_act(s, seat);
    Ok(events)
}
