//! A player's turn: the legal actions with their AP costs, applying them, and what happens
//! when a turn ends (the next turn, the end phase, each player's final scoring).

use super::command::{place_command, Command, Spot, TileKind};
use super::data::Terrain;
use super::festival;
use super::rules::{self, Groups};
use super::seat_name;
use super::state::{Cover, Phase, State, Turn};
use crate::engine::{Event, RuleError, Text};

fn refuse(en: impl Into<String>, ko: impl Into<String>) -> RuleError {
    RuleError::new(en, ko)
}

/// Every placement `seat` may make with `ap` left.
fn placements(s: &State, g: &Groups, seat: usize, ap: u8, out: &mut Vec<Command>) {
    if ap < s.data.components.place_cost_ap {
        return;
    }
    let board = &s.data.board;
    let codes = rules::cover_codes(s);
    for kind in TileKind::ALL {
        let left = match kind {
            TileKind::Tile3 => s.common_tiles,
            k => s.players.get(seat).map_or(0, |p| p.tiles[k as usize]),
        };
        if left == 0 {
            continue;
        }
        for foot in board.kind_ranges[kind as usize].clone() {
            let cells = board.footprints[foot as usize].cells();
            let h = codes[usize::from(cells[0])];
            if h == rules::BLOCKED || cells[1..].iter().any(|&c| codes[usize::from(c)] != h) {
                continue;
            }
            if rules::check_footing(s, g, &board.footprints[foot as usize], ap).is_ok() {
                out.extend(place_command(board, foot));
            }
        }
    }
}

/// Whether the mandatory first placement is still owed (G6: not when no tile could be
/// placed as the turn began).
fn placement_owed(t: &Turn) -> bool {
    !t.placed && !t.final_turn && !t.jammed
}

/// Whether `seat` could place any tile with `ap`.
fn can_place(s: &State, seat: usize, ap: u8) -> bool {
    let g = rules::village_groups(s);
    (0..s.data.board.footprints.len() as u32)
        .any(|f| rules::check_place(s, &g, seat, f, ap).is_ok())
}

/// The legal decisions of the player whose turn it is.
pub fn legal(s: &State, t: &Turn) -> Vec<Command> {
    let seat = usize::from(t.seat);
    let mut out = Vec::with_capacity(256);
    let Some(p) = s.players.get(seat) else {
        return out;
    };
    // Villages and cities matter for placements, temples and festivals only.
    let g = if t.ap > 0 || festival::could_propose(s, t.seat) {
        rules::village_groups(s)
    } else {
        Groups::default()
    };
    if !t.token_used && p.tokens > 0 {
        out.push(Command::Token);
    }
    let before = out.len();
    placements(s, &g, seat, t.ap, &mut out);
    if placement_owed(t) && out.len() > before {
        return out;
    }
    let board = &s.data.board;
    let c = &s.data.components;
    let me = t.seat;
    // Enter and leave across the border.
    for (i, cell) in board.cells.iter().enumerate() {
        let Some(side) = cell.edge() else { continue };
        let cost = rules::border_cost(s, side);
        if cost > t.ap {
            continue;
        }
        let i = i as u16;
        if p.incas_off > 0 && rules::free_for_inca(s, i) {
            out.push(Command::Enter(Spot::of(board, i)));
        }
        if s.space(i).inca == Some(me) {
            out.push(Command::Exit(Spot::of(board, i)));
        }
    }
    // Moves.
    let step = c.terrain_change_ap.max(1);
    let incas: Vec<u16> = (0..s.spaces.len() as u16)
        .filter(|&i| s.space(i).inca == Some(me))
        .collect();
    if !incas.is_empty() {
        let w = rules::walk(s, me, t.ap >= step);
        let free: Vec<(u16, u16)> = (0..s.spaces.len() as u16)
            .filter(|&i| rules::free_for_inca(s, i))
            .map(|i| (i, w.area[usize::from(i)]))
            .collect();
        let (mut dist, mut queue) = (Vec::new(), std::collections::VecDeque::new());
        let spots: Vec<Spot> = (0..s.spaces.len() as u16)
            .map(|i| Spot::of(board, i))
            .collect();
        for &from in &incas {
            w.costs_from(from, t.ap / step, &mut dist, &mut queue);
            for &(to, area) in &free {
                if dist.get(usize::from(area)).is_some_and(|&d| d != u8::MAX) {
                    out.push(Command::Move(
                        spots[usize::from(from)],
                        spots[usize::from(to)],
                    ));
                }
            }
        }
    }
    // Temples.
    if c.temple_cost_ap <= t.ap {
        for gi in 0..g.cells.len() {
            let cap = rules::value_cap(s, g.size(gi));
            if g.size(gi) < 2
                || rules::leader(&rules::profiles(s, g.cells[gi].iter().copied())) != Some(me)
            {
                continue;
            }
            let temple = g.temple[gi];
            let current = if temple == super::data::NONE {
                0
            } else {
                s.space(temple).temple
            };
            if temple != super::data::NONE && t.changed.contains(&temple) {
                continue;
            }
            for m in &c.marker {
                if m.value <= current
                    || m.value > cap
                    || !rules::markers_available(s, &rules::markers_needed(s, current, m.value))
                {
                    continue;
                }
                if current > 0 {
                    out.push(Command::Upgrade(Spot::of(board, temple), m.value));
                } else {
                    for &cell in &g.cells[gi] {
                        if s.space(cell).inca.is_none() {
                            out.push(Command::Build(Spot::of(board, cell), m.value));
                        }
                    }
                }
            }
        }
    }
    // Lakes.
    if s.lakes_left > 0 && c.lake_cost_ap <= t.ap {
        for (i, cell) in board.cells.iter().enumerate() {
            if lake_spot_ok(s, i as u16) && cell.in_region() {
                out.push(Command::Lake(Spot::of(board, i as u16)));
            }
        }
    }
    // Festival cards.
    if t.drawn < c.draws_per_turn && c.draw_cost_ap <= t.ap {
        if s.face_up().is_some() {
            out.push(Command::DrawOpen);
        }
        if !s.deck.is_empty() || (s.rules.reshuffle && s.discard.len() > 1) {
            out.push(Command::DrawDeck);
        }
    }
    for temple in festival::proposable(s, me, &g) {
        out.push(Command::Festival(Spot::of(board, temple)));
    }
    out.push(Command::End);
    out
}

/// A lake tile may go on an empty region space at board level that is not an edge space
/// (L204-206).
fn lake_spot_ok(s: &State, cell: u16) -> bool {
    let Some(c) = s.data.board.cells.get(usize::from(cell)) else {
        return false;
    };
    c.in_region() && c.edge().is_none() && s.space(cell).cover == Cover::Empty
}

/// Applies a turn command to `s` (a copy the caller discards on error).
pub fn apply(s: &mut State, cmd: &Command) -> Result<Vec<Event>, RuleError> {
    let Phase::Turn(mut t) = s.phase.clone() else {
        return Err(refuse(
            "No turn is in progress.",
            "진행 중인 차례가 없습니다.",
        ));
    };
    let seat = usize::from(t.seat);
    let who = seat_name(seat);
    let g = if matches!(
        cmd,
        Command::Place { .. } | Command::Build(..) | Command::Upgrade(..) | Command::Festival(_)
    ) {
        rules::village_groups(s)
    } else {
        Groups::default()
    };
    if !matches!(cmd, Command::Token | Command::Place { .. }) && placement_owed(&t) {
        return Err(refuse(
            "Your turn starts with placing a terrain tile (L73, L96); write e.g. 'place tile3 H5v H6 G5'.",
            "차례는 지형 타일 하나를 놓는 것으로 시작해야 합니다 (L73, L96). 예: 'place tile3 H5v H6 G5'.",
        ));
    }
    let c = s.data.components.clone();
    let mut events = Vec::new();
    let spend = |t: &mut Turn, cost: u8| -> Result<(), RuleError> {
        if cost > t.ap {
            return Err(refuse(
                format!("That costs {cost} AP and you have {} left.", t.ap),
                format!("{cost}AP가 필요하지만 {}AP만 남았습니다.", t.ap),
            ));
        }
        t.ap -= cost;
        Ok(())
    };
    match *cmd {
        Command::Token => {
            if t.token_used {
                return Err(refuse(
                    "Only one extra action token per turn (L84).",
                    "추가 행동 토큰은 한 차례에 하나만 쓸 수 있습니다 (L84).",
                ));
            }
            let p = &mut s.players[seat];
            if p.tokens == 0 {
                return Err(refuse(
                    "You have no extra action token left.",
                    "남은 추가 행동 토큰이 없습니다.",
                ));
            }
            p.tokens -= 1;
            t.token_used = true;
            t.ap = t.ap.saturating_add(c.token_bonus_ap);
            events.push(Event::public(Text::new(
                format!("{} uses an extra action token: {} AP left.", who.en, t.ap),
                format!(
                    "{}이(가) 추가 행동 토큰을 사용합니다: 남은 AP {}.",
                    who.ko, t.ap
                ),
            )));
        }
        Command::Place { foot, .. } => {
            let cost = rules::check_place(s, &g, seat, foot, t.ap)
                .map_err(|r| RuleError { message: r.text(s) })?;
            t.ap -= cost;
            t.placed = true;
            let fp = s.data.board.footprints[foot as usize].clone();
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
            let spaces: Vec<String> = fp
                .hexes()
                .map(|(cell, terr)| {
                    let name = &s.data.board.cells[usize::from(cell)].name;
                    format!(
                        "{name}{}",
                        if terr == Terrain::Village && fp.len > 1 {
                            "v"
                        } else {
                            ""
                        }
                    )
                })
                .collect();
            let h = s.space(fp.cells[0]).height;
            events.push(Event::public(Text::new(
                format!(
                    "{} places a {} on {} (level {h}) for {cost} AP; {} AP left.",
                    who.en,
                    fp.kind.name().en,
                    spaces.join(" "),
                    t.ap
                ),
                format!(
                    "{}이(가) {}을(를) {}에 놓습니다 ({h}층, {cost}AP). 남은 AP {}.",
                    who.ko,
                    fp.kind.name().ko,
                    spaces.join(" "),
                    t.ap
                ),
            )));
            if fp.kind == TileKind::Tile3 && s.common_tiles == 0 && !t.final_turn {
                events.push(Event::public(Text::new(
                    "That was the last 3-space tile: after this turn the end phase begins (L296).",
                    "마지막 3칸 타일이 놓였습니다: 이 차례가 끝나면 최종 단계가 시작됩니다 (L296).",
                )));
            }
            events.extend(score_lakes(s));
        }
        Command::Enter(spot) => {
            let cell = s.data.board.cells.get(usize::from(spot.cell)).cloned();
            let Some(side) = cell.as_ref().and_then(|c| c.edge()) else {
                return Err(refuse(
                    format!("{spot} is not an edge space of the region (L124, L138)."),
                    format!("{spot}은(는) 쿠스코 지역의 가장자리 칸이 아닙니다 (L124, L138)."),
                ));
            };
            if s.players[seat].incas_off == 0 {
                return Err(refuse(
                    "All your Incas are on the board.",
                    "모든 잉카족이 이미 게임판 위에 있습니다.",
                ));
            }
            if !rules::free_for_inca(s, spot.cell) {
                return Err(refuse(
                    format!("An Inca can only enter onto a farm or village space with no temple and no Inca; {spot} is not one (L124, L130-132)."),
                    format!("잉카족은 사원과 잉카족이 없는 농장이나 마을 칸으로만 들어갈 수 있습니다. {spot}은(는) 아닙니다 (L124, L130-132)."),
                ));
            }
            let cost = rules::border_cost(s, side);
            spend(&mut t, cost)?;
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
        }
        Command::Exit(spot) => {
            let side = s
                .data
                .board
                .cells
                .get(usize::from(spot.cell))
                .and_then(|c| c.edge());
            let Some(side) = side.filter(|_| s.space(spot.cell).inca == Some(t.seat)) else {
                return Err(refuse(
                    format!("To leave, name one of your Incas on an edge space; {spot} is not (L124)."),
                    format!("나가려면 가장자리 칸에 있는 자기 잉카족을 지정하세요. {spot}은(는) 아닙니다 (L124)."),
                ));
            };
            let cost = rules::border_cost(s, side);
            spend(&mut t, cost)?;
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
        }
        Command::Move(from, to) => {
            if s.space(from.cell).inca != Some(t.seat) {
                return Err(refuse(
                    format!("You have no Inca on {from}."),
                    format!("{from}에 자기 잉카족이 없습니다."),
                ));
            }
            if from == to || !rules::free_for_inca(s, to.cell) {
                return Err(refuse(
                    format!("An Inca may only end its move on a free farm or village space (no temple, no Inca); {to} is not one (L130-132)."),
                    format!("잉카족은 비어 있는 농장이나 마을 칸(사원, 잉카족 없음)에서만 이동을 마칠 수 있습니다. {to}은(는) 아닙니다 (L130-132)."),
                ));
            }
            let Some(d) = rules::move_cost(s, t.seat, from.cell, to.cell) else {
                return Err(refuse(
                    format!("No path from {from} to {to}: Incas walk over terrain only and not through temples or other players' Incas (L130-134)."),
                    format!("{from}에서 {to}(으)로 가는 길이 없습니다: 잉카족은 지형 칸으로만, 사원과 상대 잉카족을 지나지 않고 이동합니다 (L130-134)."),
                ));
            };
            spend(&mut t, d)?;
            s.spaces[usize::from(from.cell)].inca = None;
            s.spaces[usize::from(to.cell)].inca = Some(t.seat);
            events.push(Event::public(Text::new(
                format!(
                    "{} moves an Inca from {from} to {to} for {d} AP; {} AP left.",
                    who.en, t.ap
                ),
                format!(
                    "{}이(가) 잉카족을 {from}에서 {to}(으)로 옮깁니다 ({d}AP). 남은 AP {}.",
                    who.ko, t.ap
                ),
            )));
        }
        Command::Build(spot, v) | Command::Upgrade(spot, v) => {
            let build = matches!(cmd, Command::Build(..));
            let gi = g.group_of(spot.cell).ok_or_else(|| {
                refuse(
                    format!("{spot} is not a village or city space."),
                    format!("{spot}은(는) 마을이나 도시 칸이 아닙니다."),
                )
            })?;
            let temple = g.temple[gi];
            let current = if build {
                if temple != super::data::NONE {
                    return Err(refuse(
                        "That is a city: it already has its temple (one per city, L161); upgrade it instead.",
                        "그곳은 도시이며 이미 사원이 있습니다 (도시당 하나, L161). 대신 증축하세요.",
                    ));
                }
                if s.space(spot.cell).inca.is_some() {
                    return Err(refuse(
                        format!("{spot} holds an Inca; build on an empty village space (L157)."),
                        format!("{spot}에 잉카족이 있습니다. 빈 마을 칸에 건설하세요 (L157)."),
                    ));
                }
                0
            } else {
                if temple != spot.cell {
                    return Err(refuse(
                        format!("There is no temple on {spot} to upgrade."),
                        format!("{spot}에는 증축할 사원이 없습니다."),
                    ));
                }
                if t.changed.contains(&temple) {
                    return Err(refuse(
                        "A temple's value changes at most once per turn (L175).",
                        "한 사원의 가치는 한 차례에 한 번만 바꿀 수 있습니다 (L175).",
                    ));
                }
                s.space(temple).temple
            };
            let size = g.size(gi);
            let cap = rules::value_cap(s, size);
            if s.data.marker_index(v).is_none() || v <= current || v > cap {
                return Err(refuse(
                    format!("The value must be a marker value above {current} and at most {cap} here ({size} spaces; value <= size, at most 10; L163-165)."),
                    format!("가치는 {current}보다 크고 {cap} 이하인 마커 값이어야 합니다 ({size}칸; 가치 <= 칸 수, 최대 10; L163-165)."),
                ));
            }
            if rules::leader(&rules::profiles(s, g.cells[gi].iter().copied())) != Some(t.seat) {
                return Err(refuse(
                    "Only the player who occupies the highest position there may build or upgrade (L151-154).",
                    "그곳의 가장 높은 곳을 점유한 플레이어만 건설하거나 증축할 수 있습니다 (L151-154).",
                ));
            }
            let needed = rules::markers_needed(s, current, v);
            if !rules::markers_available(s, &needed) {
                return Err(refuse(
                    "A temple marker needed is not left in the supply (L320).",
                    "필요한 사원 마커가 공급처에 남아 있지 않습니다 (L320).",
                ));
            }
            spend(&mut t, c.temple_cost_ap)?;
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
                format!("{} {en} {v} on {spot} and gains {pp} prestige (half the new value, L177); {} AP left.", who.en, t.ap),
                format!("{}이(가) {spot}에 {ko} {v}{} 명성 점수 {pp}점을 얻습니다 (새 가치의 절반, L177). 남은 AP {}.", who.ko, if build { "짜리 사원을 건설하고" } else { "(으)로 만들고" }, t.ap),
            )));
            if had_sun {
                events.push(Event::public(Text::new(
                    format!("The sun marker on {spot} is removed (L267)."),
                    format!("{spot}의 태양 마커를 제거합니다 (L267)."),
                )));
            }
        }
        Command::Lake(spot) => {
            if s.lakes_left == 0 {
                return Err(refuse(
                    "No lake tile is left.",
                    "남은 저수지 타일이 없습니다.",
                ));
            }
            if !lake_spot_ok(s, spot.cell) {
                return Err(refuse(
                    format!("A lake goes on an empty space of the region at board level, not on a tile and not on an edge space; {spot} is not one (L204-206)."),
                    format!("저수지는 타일이 없는 지역 안의 빈칸에, 가장자리가 아닌 곳에 놓습니다. {spot}은(는) 아닙니다 (L204-206)."),
                ));
            }
            spend(&mut t, c.lake_cost_ap)?;
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
        }
        Command::DrawOpen | Command::DrawDeck => {
            if t.drawn >= c.draws_per_turn {
                return Err(refuse(
                    format!(
                        "At most {} festival cards per turn (L226).",
                        c.draws_per_turn
                    ),
                    format!(
                        "축제 카드는 한 차례에 최대 {}장까지 뽑을 수 있습니다 (L226).",
                        c.draws_per_turn
                    ),
                ));
            }
            spend(&mut t, c.draw_cost_ap)?;
            t.drawn += 1;
            if *cmd == Command::DrawOpen {
                let card = s.discard.pop().ok_or_else(|| {
                    refuse("No face-up card is showing.", "공개된 카드가 없습니다.")
                })?;
                s.players[seat].hand.push(card);
                s.players[seat].known.push(card);
                s.players[seat].hand.sort_unstable();
                events.push(Event::public(Text::new(
                    format!(
                        "{} takes the face-up card {} ({}); {} AP left.",
                        who.en,
                        super::command::card_id(card),
                        s.data
                            .artifact_names(s.data.cards[usize::from(card)].artifacts, false),
                        t.ap
                    ),
                    format!(
                        "{}이(가) 공개 카드 {} ({})을(를) 가져갑니다. 남은 AP {}.",
                        who.ko,
                        super::command::card_id(card),
                        s.data
                            .artifact_names(s.data.cards[usize::from(card)].artifacts, true),
                        t.ap
                    ),
                )));
                events.extend(turn_up(s));
            } else {
                refill_deck(s);
                let card = s
                    .deck
                    .pop()
                    .ok_or_else(|| refuse("The deck is empty.", "카드 더미가 비었습니다."))?;
                s.players[seat].hand.push(card);
                s.players[seat].hand.sort_unstable();
                events.push(Event::reveal(Text::new(
                    format!(
                        "{} draws a festival card from the deck; {} AP left.",
                        who.en, t.ap
                    ),
                    format!(
                        "{}이(가) 카드 더미에서 축제 카드를 한 장 뽑습니다. 남은 AP {}.",
                        who.ko, t.ap
                    ),
                )));
                let names = (
                    s.data
                        .artifact_names(s.data.cards[usize::from(card)].artifacts, false),
                    s.data
                        .artifact_names(s.data.cards[usize::from(card)].artifacts, true),
                );
                events.push(Event::private(
                    crate::engine::Seat(seat),
                    Text::new(
                        format!("You drew {} ({}).", super::command::card_id(card), names.0),
                        format!(
                            "뽑은 카드: {} ({}).",
                            super::command::card_id(card),
                            names.1
                        ),
                    ),
                ));
            }
        }
        Command::Festival(spot) => {
            s.phase = Phase::Turn(t);
            return festival::propose(s, spot.cell, &g);
        }
        Command::End => {
            events.push(Event::public(Text::new(
                format!("{} ends the turn.", who.en),
                format!("{}이(가) 차례를 마칩니다.", who.ko),
            )));
            events.extend(finish_turn(s, &t));
            return Ok(events);
        }
        Command::Play(_) | Command::Done | Command::Pass | Command::Drop => {
            return Err(refuse(
                "No festival competition is running; 'play', 'done', 'pass' and 'drop' answer one.",
                "진행 중인 축제 경쟁이 없습니다. 'play', 'done', 'pass', 'drop'은 축제 경쟁에 답하는 명령입니다.",
            ));
        }
    }
    s.phase = Phase::Turn(t);
    Ok(events)
}

/// Turns the top card of the deck face up onto the discard pile (L228, L265).
pub fn turn_up(s: &mut State) -> Vec<Event> {
    refill_deck(s);
    match s.deck.pop() {
        Some(card) => {
            s.discard.push(card);
            let bits = s.data.cards[usize::from(card)].artifacts;
            vec![Event::reveal(Text::new(
                format!(
                    "New face-up festival card: {} ({}).",
                    super::command::card_id(card),
                    s.data.artifact_names(bits, false)
                ),
                format!(
                    "새 공개 축제 카드: {} ({}).",
                    super::command::card_id(card),
                    s.data.artifact_names(bits, true)
                ),
            ))]
        }
        None => vec![Event::public(Text::new(
            "The festival deck is empty: no new face-up card.",
            "축제 카드 더미가 비어 새 공개 카드가 없습니다.",
        ))],
    }
}

/// G5: an empty deck takes the discards under the face-up card, shuffled (if the rules say so).
fn refill_deck(s: &mut State) {
    if !s.deck.is_empty() || !s.rules.reshuffle || s.discard.len() < 2 {
        return;
    }
    let top = s.discard.pop();
    s.deck.append(&mut s.discard);
    s.discard.extend(top);
    let mut deck = std::mem::take(&mut s.deck);
    s.rng.shuffle(&mut deck);
    s.deck = deck;
}

/// Scores every lake that has just become completely surrounded (L210-214).
pub fn score_lakes(s: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for lake in rules::lake_groups(s) {
        if s.space(lake[0]).lake_scored || !rules::lake_surrounded(s, &lake) {
            continue;
        }
        for &c in &lake {
            s.spaces[usize::from(c)].lake_scored = true;
        }
        let shore = rules::lake_shore(s, &lake);
        let names: Vec<String> = lake
            .iter()
            .map(|&c| s.data.board.cells[usize::from(c)].name.clone())
            .collect();
        let pp = s.data.components.lake_pp_per_tile * lake.len() as i32;
        match rules::leader(&rules::profiles(s, shore.into_iter())) {
            Some(w) => {
                s.players[usize::from(w)].pp += pp;
                let who = seat_name(usize::from(w));
                events.push(Event::public(Text::new(
                    format!("The lake {} is surrounded: {} occupies the highest position next to it and gains {pp} prestige (3 per lake tile, L210).", names.join(" "), who.en),
                    format!("저수지 {}이(가) 완전히 둘러싸였습니다: {}이(가) 가장 높은 곳을 점유해 명성 점수 {pp}점을 얻습니다 (저수지 칸마다 3점, L210).", names.join(" "), who.ko),
                )));
            }
            None => events.push(Event::public(Text::new(
                format!("The lake {} is surrounded, but nobody occupies the highest position next to it: nobody scores (L212).", names.join(" ")),
                format!("저수지 {}이(가) 완전히 둘러싸였지만 가장 높은 곳을 점유한 플레이어가 없어 아무도 점수를 얻지 못합니다 (L212).", names.join(" ")),
            ))),
        }
    }
    events
}

/// After a turn: the next turn, or the end phase with final scorings (L296-312).
pub fn finish_turn(s: &mut State, t: &Turn) -> Vec<Event> {
    let n = s.n() as u8;
    let mut events = Vec::new();
    if t.final_turn || s.common_tiles == 0 || (t.jammed && s.rules.jammed_ends) {
        if s.end_trigger.is_none() {
            s.end_trigger = Some(t.seat);
        }
        events.extend(final_scoring(s, usize::from(t.seat)));
        let next = (t.seat + 1) % n;
        if Some(next) == s.end_trigger {
            s.phase = Phase::Over;
            events.push(Event::public(Text::new(
                "Every player has done final scoring: the game is over (L312).",
                "모든 플레이어가 최종 점수 계산을 마쳤습니다: 게임 종료 (L312).",
            )));
        } else {
            s.phase = Phase::Turn(new_turn(s, next, true));
            events.push(Event::public(Text::new(
                format!(
                    "{}'s final turn (placing a tile is optional, L296).",
                    seat_name(usize::from(next)).en
                ),
                format!(
                    "{}의 마지막 차례입니다 (타일을 놓지 않아도 됩니다, L296).",
                    seat_name(usize::from(next)).ko
                ),
            )));
        }
    } else {
        let next = (t.seat + 1) % n;
        let turn = new_turn(s, next, false);
        if turn.jammed {
            let who = seat_name(usize::from(next));
            events.push(Event::public(Text::new(
                format!(
                    "{} cannot place any tile: the turn goes on without one (spec G6){}.",
                    who.en,
                    if s.rules.jammed_ends {
                        ", and the end phase begins after it (house rule)"
                    } else {
                        ""
                    }
                ),
                format!(
                    "{}은(는) 놓을 수 있는 타일이 없어 타일 없이 차례를 진행합니다 (G6){}.",
                    who.ko,
                    if s.rules.jammed_ends {
                        ". 이 차례가 끝나면 최종 단계가 시작됩니다 (하우스 룰)"
                    } else {
                        ""
                    }
                ),
            )));
        }
        s.phase = Phase::Turn(turn);
    }
    events
}

fn new_turn(s: &State, seat: u8, final_turn: bool) -> Turn {
    let ap = s.data.components.ap_per_turn;
    let jammed = !final_turn && !can_place(s, usize::from(seat), ap);
    Turn {
        seat,
        ap,
        token_used: false,
        drawn: 0,
        changed: Vec::new(),
        placed: false,
        final_turn,
        jammed,
    }
}

/// One player's own final scoring: the temple value for first place (shared on ties), half
/// for second, in every city (L298-302).
pub fn final_scoring(s: &mut State, seat: usize) -> Vec<Event> {
    let g = rules::village_groups(s);
    let mut total = 0;
    let mut parts = Vec::new();
    for gi in 0..g.cells.len() {
        let temple = g.temple[gi];
        if temple == super::data::NONE {
            continue;
        }
        let value = i32::from(s.space(temple).temple);
        let pp = match rules::place_of(&rules::profiles(s, g.cells[gi].iter().copied()), seat) {
            1 => value,
            2 => value / 2,
            _ => 0,
        };
        if pp > 0 {
            total += pp;
            parts.push(format!(
                "{} {pp}",
                s.data.board.cells[usize::from(temple)].name
            ));
        }
    }
    if let Some(p) = s.players.get_mut(seat) {
        p.pp += total;
        p.final_scored = true;
    }
    let who = seat_name(seat);
    let detail = if parts.is_empty() {
        String::from("-")
    } else {
        parts.join(", ")
    };
    vec![Event::public(Text::new(
        format!("Final scoring of {}: {total} prestige ({detail}).", who.en),
        format!(
            "{}의 최종 점수 계산: 명성 점수 {total}점 ({detail}).",
            who.ko
        ),
    ))]
}
