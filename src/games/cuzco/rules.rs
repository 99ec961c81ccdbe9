//! Small pure rule functions of Cuzco: villages and cities, the ranking rule, tile placement
//! legality, Inca movement costs, temple values, lakes and festival points.

use super::command::TileKind;
use super::data::{Footprint, Side, Terrain, NONE};
use super::state::{Cover, State};
use crate::engine::Text;
use std::collections::VecDeque;

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
    let mut stack = Vec::new();
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

/// Final-scoring place of a seat in a city: 1 (first, shared on ties), 2, or 0 (L298-302).
pub fn place_of(p: &[Vec<u8>], seat: usize) -> u8 {
    let Some(mine) = p.get(seat).filter(|m| !m.is_empty()) else {
        return 0;
    };
    let mut distinct: Vec<&Vec<u8>> = p.iter().filter(|q| !q.is_empty()).collect();
    distinct.sort_by(|a, b| b.cmp(a));
    distinct.dedup();
    match distinct.iter().position(|q| *q == mine) {
        Some(0) => 1,
        Some(1) => 2,
        _ => 0,
    }
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

impl Refusal {
    pub fn text(&self, s: &State) -> Text {
        let name = |c: &u16| {
            s.data
                .board
                .cells
                .get(usize::from(*c))
                .map_or("?".to_string(), |c| c.name.clone())
        };
        match self {
            Refusal::NoTileLeft(k) => Text::new(format!("No {} is left for you.", k.name().en), format!("남은 {}이(가) 없습니다.", k.name().ko)),
            Refusal::CoversLake(c) => Text::new(
                format!("The tile would cover the lake on {}; tiles may not cover lakes (L98).", name(c)),
                format!("{}의 저수지를 덮게 됩니다. 저수지 위에는 놓을 수 없습니다 (L98).", name(c)),
            ),
            Refusal::CoversInca(c) => Text::new(
                format!("The tile would cover the Inca on {}; tiles may not cover Incas (L98).", name(c)),
                format!("{}의 잉카족을 덮게 됩니다. 잉카족이 있는 칸에는 놓을 수 없습니다 (L98).", name(c)),
            ),
            Refusal::CoversTemple(c) => Text::new(
                format!("The tile would cover the temple on {}; tiles may not cover temples (L98).", name(c)),
                format!("{}의 사원을 덮게 됩니다. 사원이 있는 칸에는 놓을 수 없습니다 (L98).", name(c)),
            ),
            Refusal::Overhangs => Text::new(
                "The tile overhangs: the spaces under it are not all at the same height (L103).",
                "타일이 공중에 뜹니다: 아래 칸들의 높이가 모두 같아야 합니다 (L103).",
            ),
            Refusal::CoversSameSize => Text::new(
                "The tile covers a same-size tile exactly; it must straddle other tiles (L104, L116).",
                "같은 크기의 타일 위에 완전히 겹칩니다. 다른 타일들에 걸쳐 놓아야 합니다 (L104, L116).",
            ),
            Refusal::JoinsCities => Text::new(
                "The tile would join two cities; a city may only grow by villages (L105, L173).",
                "두 도시를 합치게 됩니다. 도시는 마을과만 이을 수 있습니다 (L105, L173).",
            ),
            Refusal::NoRegionSpace => Text::new(
                "The tile must cover at least one space of the region (L108).",
                "타일은 쿠스코 지역의 칸을 최소 한 칸 이상 덮어야 합니다 (L108).",
            ),
            Refusal::TooDear { need, have } => Text::new(
                format!("That costs {need} AP (1 plus 1 per space outside the region at ground level) and you have {have}."),
                format!("그 배치에는 {need}AP가 필요하지만 (1 + 지역 밖 바닥 칸마다 1) 남은 AP는 {have}입니다."),
            ),
        }
    }
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
    let c = &s.data.components;
    let outside = if height == 0 { fp.outside } else { 0 };
    let cost = c
        .place_cost_ap
        .saturating_add(outside.saturating_mul(c.outside_hex_cost_ap));
    if cost > ap {
        return Err(Refusal::TooDear {
            need: cost,
            have: ap,
        });
    }
    if joins_cities(s, g, fp.cells(), &fp.terrain) {
        return Err(Refusal::JoinsCities);
    }
    Ok(cost)
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

/// Where an Inca of one seat can walk: the cells it may stand on or pass grouped into
/// same-terrain areas (free to cross), and which areas touch (1 AP to step across).
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// Area of each cell (`NONE`: impassable for this seat).
    pub area: Vec<u16>,
    /// Neighbouring areas of each area.
    pub adjacent: Vec<Vec<u16>>,
}

/// Builds the walking areas of `seat` (L126-134); `steps` says whether the areas' adjacency
/// is needed (not when no AP is left to change terrain).
pub fn walk(s: &State, seat: u8, steps: bool) -> Walk {
    let board = &s.data.board;
    let mut w = Walk {
        area: vec![NONE; s.spaces.len()],
        adjacent: Vec::new(),
    };
    let mut stack = Vec::new();
    for start in 0..s.spaces.len() as u16 {
        if w.area[usize::from(start)] != NONE || !passable(s, seat, start) {
            continue;
        }
        let id = w.adjacent.len() as u16;
        w.adjacent.push(Vec::new());
        let t = s.space(start).terrain();
        w.area[usize::from(start)] = id;
        stack.push(start);
        while let Some(c) = stack.pop() {
            for &n in &board.neighbors[usize::from(c)] {
                if w.area[usize::from(n)] == NONE
                    && s.space(n).terrain() == t
                    && passable(s, seat, n)
                {
                    w.area[usize::from(n)] = id;
                    stack.push(n);
                }
            }
        }
    }
    if !steps {
        return w;
    }
    for c in 0..s.spaces.len() {
        let a = w.area[c];
        if a == NONE {
            continue;
        }
        for &n in &board.neighbors[c] {
            let b = w.area[usize::from(n)];
            if b != NONE && b != a && !w.adjacent[usize::from(a)].contains(&b) {
                w.adjacent[usize::from(a)].push(b);
            }
        }
    }
    w
}

impl Walk {
    /// AP from the area of `from` to every area, up to `limit` (`u8::MAX`: out of reach).
    pub fn costs_from(&self, from: u16, limit: u8, dist: &mut Vec<u8>, queue: &mut VecDeque<u16>) {
        dist.clear();
        dist.resize(self.adjacent.len(), u8::MAX);
        queue.clear();
        let Some(&a) = self.area.get(usize::from(from)).filter(|&&a| a != NONE) else {
            return;
        };
        dist[usize::from(a)] = 0;
        queue.push_back(a);
        while let Some(x) = queue.pop_front() {
            let d = dist[usize::from(x)];
            if d >= limit {
                continue;
            }
            for &y in &self.adjacent[usize::from(x)] {
                if dist[usize::from(y)] == u8::MAX {
                    dist[usize::from(y)] = d + 1;
                    queue.push_back(y);
                }
            }
        }
    }
}

/// The cheapest AP cost for an Inca of `seat` from `from` to `to` (`None`: no path):
/// free within a terrain type, `terrain_change_ap` per change (L126-134). A 0-1 search over
/// cells, independent of `Walk`, which the legal-move generator uses.
pub fn move_cost(s: &State, seat: u8, from: u16, to: u16) -> Option<u8> {
    let board = &s.data.board;
    let step = s.data.components.terrain_change_ap;
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

/// The connected lake groups of the board, each with whether it has been scored.
pub fn lake_groups(s: &State) -> Vec<Vec<u16>> {
    let board = &s.data.board;
    let mut seen = vec![false; s.spaces.len()];
    let mut out = Vec::new();
    for start in 0..s.spaces.len() {
        if seen[start] || s.spaces[start].cover != Cover::Lake {
            continue;
        }
        let mut group = Vec::new();
        let mut stack = vec![start as u16];
        seen[start] = true;
        while let Some(c) = stack.pop() {
            group.push(c);
            for &n in &board.neighbors[usize::from(c)] {
                if !seen[usize::from(n)] && s.space(n).cover == Cover::Lake {
                    seen[usize::from(n)] = true;
                    stack.push(n);
                }
            }
        }
        group.sort_unstable();
        out.push(group);
    }
    out
}

/// The non-lake cells next to a lake.
pub fn lake_shore(s: &State, lake: &[u16]) -> Vec<u16> {
    let mut shore: Vec<u16> = lake
        .iter()
        .flat_map(|&c| s.data.board.neighbors[usize::from(c)].iter().copied())
        .filter(|&n| s.space(n).cover != Cover::Lake)
        .collect();
    shore.sort_unstable();
    shore.dedup();
    shore
}

/// A lake is complete when every space next to it holds a terrain tile (L210).
pub fn lake_surrounded(s: &State, lake: &[u16]) -> bool {
    lake_shore(s, lake).iter().all(|&c| s.space(c).height > 0)
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

    #[test]
    fn final_places_share_ties_and_second_follows_a_shared_first() {
        // L305: A 3,2; B 3,2,1; C 3,2 -> B first, A and C second.
        let p = vec![vec![3, 2], vec![3, 2, 1], vec![3, 2]];
        assert_eq!(
            (place_of(&p, 0), place_of(&p, 1), place_of(&p, 2)),
            (2, 1, 2)
        );
        // L302: shared first, the next one is still second.
        let p = vec![vec![2], vec![2], vec![1], vec![]];
        assert_eq!(
            (
                place_of(&p, 0),
                place_of(&p, 1),
                place_of(&p, 2),
                place_of(&p, 3)
            ),
            (1, 1, 2, 0)
        );
    }
}
