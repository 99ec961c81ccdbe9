//! Laying a terrain tile (L92-116): where it may go, what it costs, and the lakes it may
//! complete.

use super::super::command::{seat_name, TileKind};
use super::super::data::Terrain;
use super::super::legal::{check_place, place_cost, village_groups, Refusal};
use super::super::scoring::score_lakes;
use super::super::state::{Cover, State, Turn};
use super::{refuse, Trust};
use crate::engine::{Event, RuleError, Text};

/// Lays footprint `foot` for the seat whose turn `t` is.
pub fn place(
    s: &mut State,
    t: &mut Turn,
    foot: u32,
    trust: Trust,
) -> Result<Vec<Event>, RuleError> {
    let seat = usize::from(t.seat);
    let mut events = Vec::new();
    let footprint = s.data.board.footprints.get(foot as usize).cloned();
    let cost = match (trust, &footprint) {
        (Trust::Legal, Some(fp)) => place_cost(s, fp),
        _ => {
            let g = village_groups(s);
            check_place(s, &g, seat, foot, t.ap).map_err(|r| RuleError {
                message: refusal_text(&r, s),
            })?
        }
    };
    let Some(fp) = footprint else {
        return Err(refuse(
            "There is no such tile placement on this board.",
            "이 게임판에는 그런 타일 배치가 없습니다.",
        ));
    };
    t.ap = t.ap.saturating_sub(cost);
    t.placed = true;
    s.tiles_placed = s.tiles_placed.wrapping_add(1);
    for (cell, terrain) in fp.hexes() {
        let sp = &mut s.spaces[usize::from(cell)];
        sp.cover = Cover::Tile(terrain);
        sp.height = sp.height.saturating_add(1);
        sp.top = s.tiles_placed;
        sp.top_size = fp.len;
    }
    if fp.kind == TileKind::Tile3 {
        s.common_tiles -= 1;
    } else {
        s.players[seat].tiles[fp.kind as usize] -= 1;
    }
    let h = s.space(fp.cells[0]).height;
    // Written when read: the spaces' names come from the shared tables.
    let (data, foot, left) = (s.data.clone(), fp.clone(), t.ap);
    events.push(Event::public_later(move || {
        let who = seat_name(seat);
        let spaces: Vec<String> = foot
            .hexes()
            .map(|(cell, terr)| {
                let name = &data.board.cells[usize::from(cell)].name;
                format!(
                    "{name}{}",
                    if terr == Terrain::Village && foot.len > 1 {
                        "v"
                    } else {
                        ""
                    }
                )
            })
            .collect();
        Text::new(
            format!(
                "{} places a {} on {} (level {h}) for {cost} AP; {left} AP left.",
                who.en,
                foot.kind.name().en,
                spaces.join(" "),
            ),
            format!(
                "{}이(가) {}을(를) {}에 놓습니다 ({h}층, {cost}AP). 남은 AP {left}.",
                who.ko,
                foot.kind.name().ko,
                spaces.join(" "),
            ),
        )
    }));
    if fp.kind == TileKind::Tile3 && s.common_tiles == 0 && !t.final_turn {
        events.push(Event::public(Text::new(
            "That was the last 3-space tile: after this turn the end phase begins.",
            "마지막 3칸 타일이 놓였습니다: 이 차례가 끝나면 최종 단계가 시작됩니다.",
        )));
    }
    events.extend(score_lakes(s));
    Ok(events)
}

/// What a player is told when a tile may not go where they asked.
fn refusal_text(r: &Refusal, s: &State) -> Text {
    let name = |c: &u16| {
        s.data
            .board
            .cells
            .get(usize::from(*c))
            .map_or("?".to_string(), |c| c.name.clone())
    };
    match r {
        Refusal::NoTileLeft(k) => Text::new(format!("No {} is left for you.", k.name().en), format!("남은 {}이(가) 없습니다.", k.name().ko)),
        Refusal::CoversLake(c) => Text::new(
            format!("The tile would cover the lake on {}; tiles may not cover lakes.", name(c)),
            format!("{}의 저수지를 덮게 됩니다. 저수지 위에는 놓을 수 없습니다.", name(c)),
        ),
        Refusal::CoversInca(c) => Text::new(
            format!("The tile would cover the Inca on {}; tiles may not cover Incas.", name(c)),
            format!("{}의 잉카족을 덮게 됩니다. 잉카족이 있는 칸에는 놓을 수 없습니다.", name(c)),
        ),
        Refusal::CoversTemple(c) => Text::new(
            format!("The tile would cover the temple on {}; tiles may not cover temples.", name(c)),
            format!("{}의 사원을 덮게 됩니다. 사원이 있는 칸에는 놓을 수 없습니다.", name(c)),
        ),
        Refusal::Overhangs => Text::new(
            "The tile overhangs: the spaces under it are not all at the same height.",
            "타일이 공중에 뜹니다: 아래 칸들의 높이가 모두 같아야 합니다.",
        ),
        Refusal::CoversSameSize => Text::new(
            "The tile covers a same-size tile exactly; it must straddle other tiles.",
            "같은 크기의 타일 위에 완전히 겹칩니다. 다른 타일들에 걸쳐 놓아야 합니다.",
        ),
        Refusal::JoinsCities => Text::new(
            "The tile would join two cities; a city may only grow by villages.",
            "두 도시를 합치게 됩니다. 도시는 마을과만 이을 수 있습니다.",
        ),
        Refusal::NoRegionSpace => Text::new(
            "The tile must cover at least one space of the region.",
            "타일은 쿠스코 지역의 칸을 최소 한 칸 이상 덮어야 합니다.",
        ),
        Refusal::TooDear { need, have } => Text::new(
            format!("That costs {need} AP (1 plus 1 per space outside the region at ground level) and you have {have}."),
            format!("그 배치에는 {need}AP가 필요하지만 (1 + 지역 밖 바닥 칸마다 1) 남은 AP는 {have}입니다."),
        ),
    }
}
