//! Small pure rule functions: stones and crossings, where a hex may go, force
//! and control of temples, and what a player scores.

use super::data::{Data, Kind, LEADER_FORCE, TREASURE_SET_POINTS, WORKER_FORCE};
use super::state::{Mode, Spot, State};

/// The edge across from edge `e`.
#[inline]
pub fn opposite(e: usize) -> usize {
    (e + 3) % 6
}

/// Stones on each edge of a tile turned `rot` times clockwise.
pub fn turned(stones: [u8; 6], rot: u8) -> [u8; 6] {
    let mut out = [0; 6];
    for (e, slot) in out.iter_mut().enumerate() {
        *slot = stones[(e + 6 - (rot as usize % 6)) % 6];
    }
    out
}

/// The kind of the hex placed on a spot.
#[inline]
pub fn kind(data: &Data, spot: &Spot) -> Kind {
    data.tiles
        .get(spot.tile as usize)
        .map(|t| t.kind)
        .unwrap_or(Kind::Volcano)
}

/// Stones of a placed hex on each edge.
#[inline]
pub fn spot_stones(data: &Data, spot: &Spot) -> [u8; 6] {
    data.tiles
        .get(spot.tile as usize)
        .map(|t| turned(t.stones, spot.rot))
        .unwrap_or([0; 6])
}

/// AP to move one member from `from` across edge `e`: the stones on both sides
/// (L157-159, L313-315); `None` when there is no hex there, a volcano on
/// either side (L190-194) or no stone at all (L147-149).
pub fn crossing(s: &State, from: usize, e: usize) -> Option<(usize, u8)> {
    let to = (*s.data.board.neighbors.get(from)?.get(e)?)?;
    let a = s.spot(from)?;
    let b = s.spot(to)?;
    if kind(&s.data, a) == Kind::Volcano || kind(&s.data, b) == Kind::Volcano {
        return None;
    }
    let cost = spot_stones(&s.data, a)[e] + spot_stones(&s.data, b)[opposite(e)];
    (cost > 0).then_some((to, cost))
}

/// The edge from `from` to its neighbour `to`.
pub fn edge_between(s: &State, from: usize, to: usize) -> Option<usize> {
    s.data
        .board
        .neighbors
        .get(from)?
        .iter()
        .position(|n| *n == Some(to))
}

/// Whether the space is part of this game's board (Mini-Tikal uses part of it).
pub fn in_play(s: &State, space: usize) -> bool {
    s.data
        .board
        .spaces
        .get(space)
        .is_some_and(|sp| s.rules.mode != Mode::Mini || sp.mini)
}

/// Whether `tile` may go on `space` turned `rot`: an empty space of the board,
/// next to a placed hex (L149-153), and, unless a volcano (L159-161), joined
/// by at least one stone to a placed non-volcano neighbour (L155-159, spec 11
/// A15; the `volcano_link=yes` option lets a stone towards a volcano count).
pub fn can_place(s: &State, tile: usize, space: usize, rot: u8) -> bool {
    let Some(t) = s.data.tiles.get(tile) else {
        return false;
    };
    if !in_play(s, space) || s.spot(space).is_some() {
        return false;
    }
    let Some(neighbors) = s.data.board.neighbors.get(space) else {
        return false;
    };
    let mine = turned(t.stones, rot);
    let mut adjacent = false;
    for (e, n) in neighbors.iter().enumerate() {
        let Some(other) = n.and_then(|n| s.spot(n)) else {
            continue;
        };
        adjacent = true;
        if t.kind == Kind::Volcano {
            return true;
        }
        if (kind(&s.data, other) != Kind::Volcano || s.rules.volcano_links)
            && mine[e] + spot_stones(&s.data, other)[opposite(e)] > 0
        {
            return true;
        }
    }
    adjacent && t.kind == Kind::Volcano
}

/// The rotations worth offering for a tile: the distinct stone layouts, each
/// by its smallest turn (a volcano has just one).
pub fn distinct_rotations(data: &Data, tile: usize) -> Vec<u8> {
    let Some(t) = data.tiles.get(tile) else {
        return Vec::new();
    };
    if t.kind == Kind::Volcano {
        return vec![0];
    }
    let mut seen: Vec<[u8; 6]> = Vec::new();
    let mut out = Vec::new();
    for r in 0..6u8 {
        let st = turned(t.stones, r);
        if !seen.contains(&st) {
            seen.push(st);
            out.push(r);
        }
    }
    out
}

/// Every legal (space, rotation) for a tile (the same judgement as `can_place`,
/// with each space's neighbours looked at once).
pub fn placements(s: &State, tile: usize) -> Vec<(usize, u8)> {
    placements_up_to(s, tile, usize::MAX)
}

/// Whether the tile fits anywhere (stops at the first legal place).
pub fn fits_somewhere(s: &State, tile: usize) -> bool {
    !placements_up_to(s, tile, 1).is_empty()
}

fn placements_up_to(s: &State, tile: usize, limit: usize) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    let Some(t) = s.data.tiles.get(tile) else {
        return out;
    };
    let rots = distinct_rotations(&s.data, tile);
    let turns: Vec<[u8; 6]> = rots.iter().map(|&r| turned(t.stones, r)).collect();
    for space in 0..s.board.len() {
        if s.board[space].is_some() || !in_play(s, space) {
            continue;
        }
        let Some(neighbors) = s.data.board.neighbors.get(space) else {
            continue;
        };
        // Per edge: a placed neighbour, and the stones on its side if it is not a volcano.
        let mut adjacent = false;
        let mut theirs = [None; 6];
        for (e, n) in neighbors.iter().enumerate() {
            if let Some(other) = n.and_then(|n| s.spot(n)) {
                adjacent = true;
                if kind(&s.data, other) != Kind::Volcano || s.rules.volcano_links {
                    theirs[e] = Some(spot_stones(&s.data, other)[opposite(e)]);
                }
            }
        }
        if !adjacent {
            continue;
        }
        for (i, &r) in rots.iter().enumerate() {
            let ok = t.kind == Kind::Volcano
                || (0..6).any(|e| theirs[e].is_some_and(|th| th + turns[i][e] > 0));
            if ok {
                out.push((space, r));
                if out.len() >= limit {
                    return out;
                }
            }
        }
    }
    out
}

/// A player's force on a hex: leader 3, workers 1 each (L442-444).
#[inline]
pub fn force(spot: &Spot, seat: usize) -> u32 {
    let leader = spot.leader.get(seat).copied().unwrap_or(false);
    let workers = spot.workers.get(seat).copied().unwrap_or(0) as u32;
    u32::from(leader) * LEADER_FORCE + workers * WORKER_FORCE
}

/// The player with strictly the strongest force, if any (L480-482: a tie scores nobody).
pub fn strongest(spot: &Spot, players: usize) -> Option<usize> {
    let forces: Vec<u32> = (0..players).map(|p| force(spot, p)).collect();
    let best = *forces.iter().max()?;
    if best == 0 || forces.iter().filter(|&&f| f == best).count() > 1 {
        return None;
    }
    forces.iter().position(|&f| f == best)
}

/// Members (leader counting 1) a player has on a hex: the dig and loot limits (L239-241, L250-252, L283).
#[inline]
pub fn members(spot: &Spot, seat: usize) -> u8 {
    spot.workers.get(seat).copied().unwrap_or(0)
        + u8::from(spot.leader.get(seat).copied().unwrap_or(false))
}

/// Whether `seat` scores this temple now: its guard, or (unguarded) the strongest force (L476-482, spec 11 A6).
pub fn scores_temple(s: &State, spot: &Spot, seat: usize) -> bool {
    if kind(&s.data, spot) != Kind::Temple {
        return false;
    }
    match spot.guard {
        Some(g) => {
            g as usize == seat || (s.rules.guard_shared && strongest(spot, s.players) == Some(seat))
        }
        None => strongest(spot, s.players) == Some(seat),
    }
}

/// Values of the temples `seat` scores now.
pub fn temples_scored(s: &State, seat: usize) -> Vec<u8> {
    s.board
        .iter()
        .flatten()
        .filter(|spot| scores_temple(s, spot, seat))
        .map(|spot| spot.value)
        .collect()
}

/// Treasure points: 1, 3 or 6 per kind for 1, 2 or 3 discs (L394-398).
pub fn treasure_points(treasures: &[u8]) -> i32 {
    treasures
        .iter()
        .map(|&n| TREASURE_SET_POINTS.get(n as usize).copied().unwrap_or(0))
        .sum()
}

/// Whether the hex can take a camp: jungle, or treasure with no disc left (L266, L414-416).
pub fn camp_ground(s: &State, spot: &Spot) -> bool {
    match kind(&s.data, spot) {
        Kind::Jungle => true,
        Kind::Treasure => spot.discs == 0,
        _ => false,
    }
}

/// The spaces where `seat` may bring members in or jump between: the base camp and his own camps (L294-304).
pub fn own_gates(s: &State, seat: usize) -> Vec<usize> {
    let mut out = vec![s.base()];
    for (i, spot) in s.board.iter().enumerate() {
        if spot.as_ref().is_some_and(|sp| sp.camp == Some(seat as u8)) {
            out.push(i);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_moves_stones_clockwise() {
        assert_eq!(turned([3, 0, 0, 0, 0, 0], 1), [0, 3, 0, 0, 0, 0]);
        assert_eq!(turned([1, 2, 0, 0, 0, 0], 5), [2, 0, 0, 0, 0, 1]);
        assert_eq!(opposite(1), 4);
    }

    #[test]
    fn treasure_sets_score_1_3_6() {
        assert_eq!(treasure_points(&[1, 2, 3, 0, 0, 0, 0, 0]), 10);
    }
}
