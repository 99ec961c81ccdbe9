//! The legal decisions of a seat, and the board rules they rest on: villages and cities, who
//! occupies the highest position, where a tile may go, where an Inca may walk and at what
//! cost, temple values and markers, lake spaces, festival points and who may answer what in
//! a festival competition.

use super::command::{place_command, Command, Spot, TileKind};
use super::data::{Footprint, Side, Terrain, NONE};
use super::state::{Bid, Cover, Festival, Phase, State, Turn};
use std::collections::VecDeque;

mod judge;
mod walk;
mod why;

pub use judge::is_legal;
use walk::{walk, Walk};
pub use why::why_illegal;

/// The legal decisions of `seat` now (none when another seat is to decide).
pub fn legal(s: &State, seat: usize) -> Vec<Command> {
    match &s.phase {
        Phase::Turn(t) if usize::from(t.seat) == seat => turn_actions(s, t),
        Phase::Festival(f) if usize::from(f.current) == seat => festival_answers(s, f),
        _ => vec![],
    }
}

/// The connected groups of village/city spaces (villages without, cities with a temple).
#[derive(Clone, Debug, Default)]
pub struct Groups {
    /// Group of each cell (`NONE`: not a village space).
    pub of: Vec<u16>,
    pub cells: Vec<Vec<u16>>,
    /// The temple cell of each group (`NONE`: a village).
    pub temple: Vec<u16>,
    /// How many groups are cities.
    pub cities: usize,
}

impl Groups {
    pub fn size(&self, g: usize) -> usize {
        self.cells.get(g).map_or(0, Vec::len)
    }

    pub fn group_of(&self, cell: u16) -> Option<usize> {
        match self.of.get(usize::from(cell)) {
            Some(&g) if g != NONE => Some(usize::from(g)),
            _ => None,
        }
    }
}

/// Finds every village and city.
pub fn village_groups(s: &State) -> Groups {
    let board = &s.data.board;
    let mut g = Groups {
        of: vec![NONE; s.spaces.len()],
        ..Groups::default()
    };
    let mut stack = Vec::with_capacity(s.spaces.len());
    for start in 0..s.spaces.len() {
        if g.of[start] != NONE || s.spaces[start].cover != Cover::Tile(Terrain::Village) {
            continue;
        }
        let id = g.cells.len() as u16;
        let mut cells = Vec::new();
        let mut temple = NONE;
        g.of[start] = id;
        stack.push(start as u16);
        while let Some(c) = stack.pop() {
            cells.push(c);
            if s.space(c).temple > 0 {
                temple = c;
            }
            for &n in &board.neighbors[usize::from(c)] {
                let ni = usize::from(n);
                if g.of[ni] == NONE && s.spaces[ni].cover == Cover::Tile(Terrain::Village) {
                    g.of[ni] = id;
                    stack.push(n);
                }
            }
        }
        g.cells.push(cells);
        g.temple.push(temple);
        g.cities += usize::from(temple != NONE);
    }
    g
}

/// Each seat's Inca heights in the given cells, highest first (the ranking rule compares
/// these lists lexicographically; a longer list wins over its own prefix, L151, L186-189).
pub fn profiles(s: &State, cells: impl Iterator<Item = u16>) -> Vec<Vec<u8>> {
    let mut p = vec![Vec::new(); s.n()];
    for c in cells {
        let sp = s.space(c);
        if let Some(seat) = sp.inca {
            if let Some(list) = p.get_mut(usize::from(seat)) {
                list.push(sp.height);
            }
        }
    }
    for list in &mut p {
        list.sort_unstable_by(|a, b| b.cmp(a));
    }
    p
}

/// The seat that strictly occupies the highest position, if any (a full tie: nobody, L154).
pub fn leader(p: &[Vec<u8>]) -> Option<u8> {
    let best = p.iter().max()?;
    if best.is_empty() || p.iter().filter(|q| *q == best).count() > 1 {
        return None;
    }
    p.iter().position(|q| q == best).map(|i| i as u8)
}

/// Why a tile may not go where it was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    NoTileLeft(TileKind),
    CoversLake(u16),
    CoversInca(u16),
    CoversTemple(u16),
    Overhangs,
    CoversSameSize,
    JoinsCities,
    TooDear { need: u8, have: u8 },
    NoRegionSpace,
}

/// Per cell: its height, or `BLOCKED` when no tile may cover it (lake, Inca, temple). Lets
/// the legal-move generator reject most footprints with a few byte compares.
pub const BLOCKED: u8 = u8::MAX;

pub fn cover_codes(s: &State) -> Vec<u8> {
    s.spaces
        .iter()
        .map(|sp| {
            if sp.cover == Cover::Lake || sp.inca.is_some() || sp.temple > 0 {
                BLOCKED
            } else {
                sp.height
            }
        })
        .collect()
}

/// Checks laying footprint `foot` for `seat` with `ap` left; `Ok` gives its AP cost.
pub fn check_place(s: &State, g: &Groups, seat: usize, foot: u32, ap: u8) -> Result<u8, Refusal> {
    let data = &s.data;
    let Some(fp) = data.board.footprints.get(foot as usize) else {
        return Err(Refusal::Overhangs);
    };
    let left = match fp.kind {
        TileKind::Tile3 => s.common_tiles,
        k => s.players.get(seat).map_or(0, |p| p.tiles[k as usize]),
    };
    if left == 0 {
        return Err(Refusal::NoTileLeft(fp.kind));
    }
    let cells = fp.cells();
    let height = s.space(cells[0]).height;
    for &c in cells {
        let sp = s.space(c);
        match sp.cover {
            Cover::Lake => return Err(Refusal::CoversLake(c)),
            _ if sp.inca.is_some() => return Err(Refusal::CoversInca(c)),
            _ if sp.temple > 0 => return Err(Refusal::CoversTemple(c)),
            _ => {}
        }
        if sp.height != height {
            return Err(Refusal::Overhangs);
        }
    }
    check_footing(s, g, fp, ap)
}

/// The rest of the placement check for a footprint whose spaces may all be covered and lie
/// at one height: no exact cover of a same-size tile, the AP cost, no joining of cities.
pub fn check_footing(s: &State, g: &Groups, fp: &Footprint, ap: u8) -> Result<u8, Refusal> {
    let cost = check_hexes(s, fp, ap)?;
    if joins_cities(s, g, fp.cells(), &fp.terrain) {
        return Err(Refusal::JoinsCities);
    }
    Ok(cost)
}

/// The part of `check_footing` that depends on the footprint's hexes alone (not on its
/// terrain): no exact cover of a same-size tile, a region space, the AP cost.
fn check_hexes(s: &State, fp: &Footprint, ap: u8) -> Result<u8, Refusal> {
    let cells = fp.cells();
    let first = s.space(cells[0]);
    let height = first.height;
    if height > 0 && first.top_size == fp.len && cells.iter().all(|&c| s.space(c).top == first.top)
    {
        return Err(Refusal::CoversSameSize);
    }
    // L108 asks every tile that leaves the region to cover a region space; stacked tiles
    // wholly outside are allowed only under the other reading of spec A6.
    if fp.outside == fp.len && (height == 0 || s.rules.stacked_need_region) {
        return Err(Refusal::NoRegionSpace);
    }
    let cost = place_cost(s, fp);
    if cost > ap {
        return Err(Refusal::TooDear {
            need: cost,
            have: ap,
        });
    }
    Ok(cost)
}

/// The AP laying `fp` costs: the base cost, plus the cost of each of its spaces outside the
/// region when it lies at ground level.
pub fn place_cost(s: &State, fp: &Footprint) -> u8 {
    let c = &s.data.components;
    let outside = if s.space(fp.cells[0]).height == 0 {
        fp.outside
    } else {
        0
    };
    c.place_cost_ap
        .saturating_add(outside.saturating_mul(c.outside_hex_cost_ap))
}

/// Whether laying these hexes would leave a village/city group with two temples. A quick
/// count of the temples next to the new village hexes settles most cases; only when it sees
/// two or more does an exact search run (a farm hex may cut a city off on the way).
fn joins_cities(s: &State, g: &Groups, cells: &[u16], terrain: &[Terrain]) -> bool {
    // With fewer than two cities nothing can join two.
    if g.cities < 2 {
        return false;
    }
    let board = &s.data.board;
    let mut temples = [NONE; 2];
    let mut count = 0;
    for (&c, &t) in cells.iter().zip(terrain) {
        if t != Terrain::Village {
            continue;
        }
        for &n in &board.neighbors[usize::from(c)] {
            if cells.contains(&n) {
                continue;
            }
            if let Some(gi) = g.group_of(n) {
                let tc = g.temple[gi];
                if tc != NONE && !temples[..count].contains(&tc) {
                    if count == 1 {
                        return joins_exactly(s, cells, terrain);
                    }
                    temples[0] = tc;
                    count = 1;
                }
            }
        }
    }
    false
}

fn joins_exactly(s: &State, cells: &[u16], terrain: &[Terrain]) -> bool {
    let board = &s.data.board;
    let is_village = |c: u16| match cells.iter().position(|&x| x == c) {
        Some(i) => terrain.get(i) == Some(&Terrain::Village),
        None => s.space(c).cover == Cover::Tile(Terrain::Village),
    };
    let mut seen = vec![false; s.spaces.len()];
    let mut stack: Vec<u16> = Vec::new();
    let mut temples = 0;
    for (&c, &t) in cells.iter().zip(terrain) {
        if t == Terrain::Village && !seen[usize::from(c)] {
            seen[usize::from(c)] = true;
            stack.push(c);
        }
    }
    while let Some(c) = stack.pop() {
        if s.space(c).temple > 0 && !cells.contains(&c) {
            temples += 1;
        }
        for &n in &board.neighbors[usize::from(c)] {
            if !seen[usize::from(n)] && is_village(n) {
                seen[usize::from(n)] = true;
                stack.push(n);
            }
        }
    }
    temples >= 2
}

/// Whether an Inca of `seat` may stand on or pass through `cell` (terrain, no temple, no
/// other player's Inca; outside the region only if the rules allow).
fn passable(s: &State, seat: u8, cell: u16) -> bool {
    let sp = s.space(cell);
    matches!(sp.cover, Cover::Tile(_))
        && sp.temple == 0
        && sp.inca.is_none_or(|o| o == seat)
        && (s.rules.outside_incas || s.data.board.cells[usize::from(cell)].in_region())
}

/// Whether an Inca may end a move or an entry on `cell`.
pub fn free_for_inca(s: &State, cell: u16) -> bool {
    let sp = s.space(cell);
    matches!(sp.cover, Cover::Tile(_))
        && sp.temple == 0
        && sp.inca.is_none()
        && (s.rules.outside_incas || s.data.board.cells[usize::from(cell)].in_region())
}

/// The cheapest AP cost for an Inca of `seat` from `from` to `to` (`None`: no path):
/// free within a terrain type, `terrain_change_ap` per change (L126-134). A 0-1 search over
/// cells, independent of `Walk`, which the legal-move generator uses.
pub fn move_cost(s: &State, seat: u8, from: u16, to: u16) -> Option<u8> {
    path_cost(s, seat, from, to, s.data.components.terrain_change_ap)
}

/// The cheapest path of `seat`'s Inca from `from` to `to` when each change of
/// terrain costs `step` (1: the number of changes, as `Walk` counts them).
pub(super) fn path_cost(s: &State, seat: u8, from: u16, to: u16, step: u8) -> Option<u8> {
    let board = &s.data.board;
    let mut dist = vec![u8::MAX; s.spaces.len()];
    let mut queue = VecDeque::new();
    *dist.get_mut(usize::from(from))? = 0;
    queue.push_back(from);
    while let Some(c) = queue.pop_front() {
        let d = dist[usize::from(c)];
        if c == to {
            return Some(d);
        }
        let t = s.space(c).terrain();
        for &n in &board.neighbors[usize::from(c)] {
            if !passable(s, seat, n) {
                continue;
            }
            let cost = if s.space(n).terrain() == t { 0 } else { step };
            let nd = d.saturating_add(cost);
            if nd < dist[usize::from(n)] {
                dist[usize::from(n)] = nd;
                if cost == 0 {
                    queue.push_front(n);
                } else {
                    queue.push_back(n);
                }
            }
        }
    }
    None
}

/// AP to cross the region's border at an edge space (G8: a space on both sides costs the
/// forest price).
pub fn border_cost(s: &State, side: Side) -> u8 {
    let c = &s.data.components;
    match side {
        Side::Forest | Side::Both => c.enter_forest_ap,
        Side::Mountain => c.enter_mountain_ap,
    }
}

/// The highest temple value a group of `size` spaces allows (value <= size, at most 10; L163-165).
pub fn value_cap(s: &State, size: usize) -> u8 {
    let size = u8::try_from(size).unwrap_or(u8::MAX);
    s.data.components.max_temple_value.min(size)
}

/// Marker values a temple going from `from` (0: new) to `to` takes from the supply (L168-171;
/// a direct build takes the whole stack unless the rules say otherwise, A2).
pub fn markers_needed(s: &State, from: u8, to: u8) -> Vec<usize> {
    let data = &s.data;
    if from == 0 && !s.rules.build_uses_stack {
        return data.marker_index(to).into_iter().collect();
    }
    data.components
        .marker
        .iter()
        .enumerate()
        .filter(|(_, m)| m.value > from && m.value <= to)
        .map(|(i, _)| i)
        .collect()
}

/// Whether every marker needed is in the supply (L320).
pub fn markers_available(s: &State, needed: &[usize]) -> bool {
    needed
        .iter()
        .all(|&i| s.markers.get(i).copied().unwrap_or(0) > 0)
}

/// Festival points a card brings against the face-up card (L243-254).
pub fn card_fp(s: &State, card: u8, face_up: u8) -> u8 {
    let a = s
        .data
        .cards
        .get(usize::from(card))
        .map_or(0, |c| c.artifacts);
    let b = s
        .data
        .cards
        .get(usize::from(face_up))
        .map_or(0, |c| c.artifacts);
    (a & b).count_ones() as u8
}

/// Every placement `seat` may make with `ap` left.
fn placements(s: &State, g: &Groups, seat: usize, ap: u8, out: &mut Vec<Command>) {
    if ap < s.data.components.place_cost_ap {
        return;
    }
    let board = &s.data.board;
    let codes = cover_codes(s);
    // What depends on the hexes alone is judged once per set of hexes (the terrain orders
    // of a tile share it): unknown, open, or closed.
    const UNKNOWN: u8 = 0;
    const OPEN: u8 = 1;
    const CLOSED: u8 = 2;
    let mut sets = vec![UNKNOWN; board.cell_sets];
    for kind in TileKind::ALL {
        let left = match kind {
            TileKind::Tile3 => s.common_tiles,
            k => s.players.get(seat).map_or(0, |p| p.tiles[k as usize]),
        };
        if left == 0 {
            continue;
        }
        for foot in board.kind_ranges[kind as usize].clone() {
            let fp = &board.footprints[foot as usize];
            let set = &mut sets[board.cell_set[foot as usize] as usize];
            if *set == UNKNOWN {
                let cells = fp.cells();
                let h = codes[usize::from(cells[0])];
                let open = h != BLOCKED
                    && cells[1..].iter().all(|&c| codes[usize::from(c)] == h)
                    && check_hexes(s, fp, ap).is_ok();
                *set = if open { OPEN } else { CLOSED };
            }
            if *set == OPEN && !joins_cities(s, g, fp.cells(), &fp.terrain) {
                out.extend(place_command(board, foot));
            }
        }
    }
}

/// Whether the mandatory first placement is still owed (G6: not when no tile could be
/// placed as the turn began).
pub fn placement_owed(t: &Turn) -> bool {
    !t.placed && !t.final_turn && !t.jammed
}

/// Whether `seat` could place any tile with `ap`.
pub fn can_place(s: &State, seat: usize, ap: u8) -> bool {
    let g = village_groups(s);
    (0..s.data.board.footprints.len() as u32).any(|f| check_place(s, &g, seat, f, ap).is_ok())
}

/// The legal decisions of the player whose turn it is.
fn turn_actions(s: &State, t: &Turn) -> Vec<Command> {
    let seat = usize::from(t.seat);
    let mut out = Vec::with_capacity(256);
    let Some(p) = s.players.get(seat) else {
        return out;
    };
    // Villages and cities matter for placements, temples and festivals only.
    let g = if t.ap > 0 || could_propose(s, t.seat) {
        village_groups(s)
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
    crossings(s, t, &mut out);
    moves(s, t, &mut out);
    temples(s, t, &g, &mut out);
    lakes(s, t, &mut out);
    draws(s, t, &mut out);
    let board = &s.data.board;
    for temple in proposable(s, t.seat, &g) {
        out.push(Command::Festival(Spot::of(board, temple)));
    }
    out.push(Command::End);
    out
}

/// Incas entering and leaving across the border at edge spaces.
fn crossings(s: &State, t: &Turn, out: &mut Vec<Command>) {
    let board = &s.data.board;
    let Some(p) = s.players.get(usize::from(t.seat)) else {
        return;
    };
    for (i, cell) in board.cells.iter().enumerate() {
        let Some(side) = cell.edge() else { continue };
        let cost = border_cost(s, side);
        if cost > t.ap {
            continue;
        }
        let i = i as u16;
        if p.incas_off > 0 && free_for_inca(s, i) {
            out.push(Command::Enter(Spot::of(board, i)));
        }
        if s.space(i).inca == Some(t.seat) {
            out.push(Command::Exit(Spot::of(board, i)));
        }
    }
}

/// Every move of one of the seat's Incas to a free space within reach.
fn moves(s: &State, t: &Turn, out: &mut Vec<Command>) {
    let board = &s.data.board;
    let me = t.seat;
    let step = s.data.components.terrain_change_ap.max(1);
    let incas: Vec<u16> = (0..s.spaces.len() as u16)
        .filter(|&i| s.space(i).inca == Some(me))
        .collect();
    if incas.is_empty() {
        return;
    }
    let w = walk(s, me, t.ap >= step);
    let mut free: Vec<(Spot, u16)> = Vec::with_capacity(s.spaces.len());
    free.extend(
        (0..s.spaces.len() as u16)
            .filter(|&i| free_for_inca(s, i))
            .map(|i| (Spot::of(board, i), w.area[usize::from(i)])),
    );
    // At most every Inca to every free space: the list is sized once, not grown move by move.
    out.reserve(incas.len() * free.len());
    let (mut seen, mut frontier, mut next) = (Vec::new(), Vec::new(), Vec::new());
    for &from in &incas {
        w.reach(from, t.ap / step, &mut seen, &mut frontier, &mut next);
        let here = Spot::of(board, from);
        for &(to, area) in &free {
            if Walk::reached(&seen, area) {
                out.push(Command::Move(here, to));
            }
        }
    }
}

/// Temples the seat may build or upgrade: where it occupies the highest position, with the
/// markers left, once per temple per turn.
fn temples(s: &State, t: &Turn, g: &Groups, out: &mut Vec<Command>) {
    let board = &s.data.board;
    let c = &s.data.components;
    if c.temple_cost_ap > t.ap {
        return;
    }
    for gi in 0..g.cells.len() {
        let cap = value_cap(s, g.size(gi));
        // The leader has an Inca there: a group without one of the seat's
        // is settled before the ranking is built.
        if g.size(gi) < 2
            || !g.cells[gi].iter().any(|&c| s.space(c).inca == Some(t.seat))
            || leader(&profiles(s, g.cells[gi].iter().copied())) != Some(t.seat)
        {
            continue;
        }
        let temple = g.temple[gi];
        let current = if temple == NONE {
            0
        } else {
            s.space(temple).temple
        };
        if temple != NONE && t.changed.contains(&temple) {
            continue;
        }
        for m in &c.marker {
            if m.value <= current
                || m.value > cap
                || !markers_available(s, &markers_needed(s, current, m.value))
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

/// Lake tiles, while any are left.
fn lakes(s: &State, t: &Turn, out: &mut Vec<Command>) {
    if s.lakes_left == 0 || s.data.components.lake_cost_ap > t.ap {
        return;
    }
    let board = &s.data.board;
    for (i, cell) in board.cells.iter().enumerate() {
        if lake_spot_ok(s, i as u16) && cell.in_region() {
            out.push(Command::Lake(Spot::of(board, i as u16)));
        }
    }
}

/// Drawing festival cards: the face-up one or the deck's top.
fn draws(s: &State, t: &Turn, out: &mut Vec<Command>) {
    let c = &s.data.components;
    if t.drawn >= c.draws_per_turn || c.draw_cost_ap > t.ap {
        return;
    }
    if s.face_up().is_some() {
        out.push(Command::DrawOpen);
    }
    if !s.deck.is_empty() || (s.rules.reshuffle && s.discard.len() > 1) {
        out.push(Command::DrawDeck);
    }
}

/// A lake tile may go on an empty region space at board level that is not an edge space
/// (L204-206).
pub fn lake_spot_ok(s: &State, cell: u16) -> bool {
    let Some(c) = s.data.board.cells.get(usize::from(cell)) else {
        return false;
    };
    c.in_region() && c.edge().is_none() && s.space(cell).cover == Cover::Empty
}
/// Cards in `seat`'s hand that match the face-up card.
fn playable(s: &State, seat: usize) -> Vec<u8> {
    let Some(up) = s.face_up() else {
        return Vec::new();
    };
    s.players.get(seat).map_or(Vec::new(), |p| {
        p.hand
            .iter()
            .copied()
            .filter(|&c| card_fp(s, c, up) > 0)
            .collect()
    })
}

/// Whether `seat` holds a card for the face-up requirement (a festival is then possible).
pub fn could_propose(s: &State, seat: u8) -> bool {
    !(s.face_up().is_none()
        || (s.rules.sun_limit && s.suns_left == 0)
        || playable(s, usize::from(seat)).is_empty())
}

/// The temples where `seat` may propose a festival now: a city where it has an Inca, whose
/// temple has no sun marker, with a playable card in hand (L236, L252, L267).
pub fn proposable(s: &State, seat: u8, g: &Groups) -> Vec<u16> {
    if s.face_up().is_none()
        || (s.rules.sun_limit && s.suns_left == 0)
        || playable(s, usize::from(seat)).is_empty()
    {
        return Vec::new();
    }
    (0..g.cells.len())
        .filter(|&gi| g.temple[gi] != NONE && !s.space(g.temple[gi]).sun)
        .filter(|&gi| g.cells[gi].iter().any(|&c| s.space(c).inca == Some(seat)))
        .map(|gi| g.temple[gi])
        .collect()
}
/// The highest festival points among the competitors.
pub fn high(f: &Festival) -> u8 {
    f.bids
        .iter()
        .zip(&f.fp)
        .filter(|(b, _)| **b == Bid::Active)
        .map(|(_, &p)| p)
        .max()
        .unwrap_or(0)
}

/// The proposer's opening play, before anyone else answers.
pub fn opening(f: &Festival) -> bool {
    f.current == f.turn.seat
        && f.played
            .get(usize::from(f.current))
            .is_none_or(|p| p.len() == usize::from(f.played_now))
}

/// The answers open to the seat asked now in a festival competition.
pub fn festival_answers(s: &State, f: &Festival) -> Vec<Command> {
    let cur = usize::from(f.current);
    let mut out: Vec<Command> = playable(s, cur).into_iter().map(Command::Play).collect();
    let fp = f.fp.get(cur).copied().unwrap_or(0);
    let h = high(f).max(if f.bids.get(cur) == Some(&Bid::Pending) {
        1
    } else {
        0
    });
    if f.played_now > 0 && fp >= h {
        out.push(Command::Done);
    }
    let opening = opening(f);
    if f.bids.get(cur) == Some(&Bid::Active) && f.played_now == 0 && fp == high(f) && !opening {
        out.push(Command::Pass);
    }
    if !opening {
        out.push(Command::Drop);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_compares_levels_from_the_top() {
        // L186: A on level 4 beats three Incas of B lower down.
        assert_eq!(leader(&[vec![4], vec![3, 3, 3]]), Some(0));
        // L189: A 3,1; B 3,2; C 2,2,2 -> B.
        assert_eq!(leader(&[vec![3, 1], vec![3, 2], vec![2, 2, 2]]), Some(1));
        // A full tie: nobody.
        assert_eq!(leader(&[vec![3, 2], vec![3, 2], vec![]]), None);
        assert_eq!(leader(&[vec![], vec![]]), None);
        // More Incas on the same levels win.
        assert_eq!(leader(&[vec![3, 2], vec![3, 2, 1]]), Some(1));
    }
}
