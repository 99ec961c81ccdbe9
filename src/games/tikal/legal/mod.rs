//! The legal commands of a seat, and the board rules they rest on: stones and
//! crossings, where a hex may go, force on a hex, camps and gates.

use super::command::{Command, Who};
use super::data::{cost, DIG_PER_TEMPLE_PER_TURN, LOOT_PER_HEX_PER_TURN};
use super::data::{opposite, turned, Data, Kind, LEADER_FORCE, WORKER_FORCE};
use super::state::{LeaderAt, Mode, Phase, Player, Pos, Spot, State};

mod why;
pub use why::why_illegal;

/// The kind of the hex placed on a spot (as `Spot::new` copied it from the tile table).
#[inline]
pub fn kind(_data: &Data, spot: &Spot) -> Kind {
    spot.kind
}

/// Stones of a placed hex on each edge, as it lies (copied by `Spot::new`).
#[inline]
pub fn spot_stones(_data: &Data, spot: &Spot) -> [u8; 6] {
    spot.stones
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
    let (rots, n) = rotations(data, tile);
    rots[..n].to_vec()
}

/// `distinct_rotations` without an allocation: the turns and how many.
fn rotations(data: &Data, tile: usize) -> ([u8; 6], usize) {
    let mut out = [0u8; 6];
    let Some(t) = data.tiles.get(tile) else {
        return (out, 0);
    };
    if t.kind == Kind::Volcano {
        return (out, 1);
    }
    let mut seen = [[0u8; 6]; 6];
    let mut n = 0;
    for r in 0..6u8 {
        let st = turned(t.stones, r);
        if !seen[..n].contains(&st) {
            seen[n] = st;
            out[n] = r;
            n += 1;
        }
    }
    (out, n)
}

/// Every legal (space, rotation) for a tile (the same judgement as `can_place`,
/// with each space's neighbours looked at once).
pub fn placements(s: &State, tile: usize) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    each_placement(s, tile, |space, r| {
        out.push((space, r));
        true
    });
    out
}

/// Whether the tile fits anywhere (stops at the first legal place).
pub fn fits_somewhere(s: &State, tile: usize) -> bool {
    let mut fits = false;
    each_placement(s, tile, |_, _| {
        fits = true;
        false
    });
    fits
}

/// Hands every legal (space, rotation) of the tile to `found`, in board order,
/// until it answers `false`.
fn each_placement(s: &State, tile: usize, mut found: impl FnMut(usize, u8) -> bool) {
    let Some(t) = s.data.tiles.get(tile) else {
        return;
    };
    let (rots, n) = rotations(&s.data, tile);
    let rots = &rots[..n];
    let mut turns = [[0u8; 6]; 6];
    for (i, &r) in rots.iter().enumerate() {
        turns[i] = turned(t.stones, r);
    }
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
            if ok && !found(space, r) {
                return;
            }
        }
    }
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
    let mut out = Vec::with_capacity(8);
    out.push(s.base());
    for (i, spot) in s.board.iter().enumerate() {
        if spot.as_ref().is_some_and(|sp| sp.camp == Some(seat as u8)) {
            out.push(i);
        }
    }
    out
}

pub fn count_in(list: &[(u8, u8)], space: usize) -> u8 {
    list.iter()
        .find(|(s, _)| *s as usize == space)
        .map(|(_, n)| *n)
        .unwrap_or(0)
}

/// Every legal action of the active player now (`end` always among them).
pub fn legal_actions(s: &State, seat: usize) -> Vec<Command> {
    // Room for a busy turn's list at once: growing it step by step cost
    // more than building it.
    let mut out = Vec::with_capacity(128);
    out.push(Command::End);
    let Some(me) = s.player(seat) else { return out };
    let ap = s.ap;
    let gates = own_gates(s, seat);
    bring_ins(s, me, &gates, &mut out);
    jumps(s, seat, &gates, &mut out);
    for (space, spot) in s.board.iter().enumerate() {
        let Some(spot) = spot else { continue };
        if members(spot, seat) == 0 {
            continue;
        }
        moves_from(s, seat, space, spot, &mut out);
        works_at(s, seat, space, spot, &mut out);
    }
    // Camps: anyone's member on the hex is enough (L416-420), or none needed (option).
    if ap >= cost::CAMP && me.camps < s.rules.camp_limit {
        for space in 0..s.board.len() {
            if camp_allowed(s, space) {
                out.push(Command::Camp { at: s.pos(space) });
            }
        }
    }
    // Exchanges of single treasures (L403-409).
    if ap >= cost::SWAP {
        for give in 0..me.treasures.len() {
            if me.treasures[give] != 1 {
                continue;
            }
            for (with, other) in s.people.iter().enumerate() {
                if with == seat {
                    continue;
                }
                for take in 0..other.treasures.len() {
                    if take != give && other.treasures[take] == 1 {
                        out.push(Command::Swap {
                            give: give as u8,
                            take: take as u8,
                            with: with as u8,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Bringing members in from the supply at a gate (L294-298).
fn bring_ins(s: &State, me: &Player, gates: &[usize], out: &mut Vec<Command>) {
    let ap = s.ap;
    if ap >= cost::NEW_MEMBER {
        for &g in gates {
            let at = s.pos(g);
            if me.leader == LeaderAt::Supply {
                out.push(Command::New {
                    who: Who::Leader,
                    at,
                });
            }
            for n in 1..=me.workers_supply.min(ap / cost::NEW_MEMBER) {
                out.push(Command::New {
                    who: Who::Workers(n),
                    at,
                });
            }
        }
    }
}

/// Camp-to-camp transfers (L300-308).
fn jumps(s: &State, seat: usize, gates: &[usize], out: &mut Vec<Command>) {
    let ap = s.ap;
    if gates.len() > 1 && ap >= cost::CAMP_TRANSFER {
        for &from in gates {
            let Some(spot) = s.spot(from) else { continue };
            for &to in gates.iter().filter(|&&g| g != from) {
                if spot.leader[seat] {
                    out.push(Command::Jump {
                        who: Who::Leader,
                        from: s.pos(from),
                        to: s.pos(to),
                    });
                }
                for n in 1..=spot.workers[seat].min(ap / cost::CAMP_TRANSFER) {
                    out.push(Command::Jump {
                        who: Who::Workers(n),
                        from: s.pos(from),
                        to: s.pos(to),
                    });
                }
            }
        }
    }
}

/// Moves of `seat`'s members from `space` across one edge (L313-323).
fn moves_from(s: &State, seat: usize, space: usize, spot: &Spot, out: &mut Vec<Command>) {
    let ap = s.ap;
    // `crossing` edge by edge, with this hex and its neighbours looked up once.
    let Some(neighbors) = s.data.board.neighbors.get(space) else {
        return;
    };
    if kind(&s.data, spot) == Kind::Volcano {
        return;
    }
    let from = s.pos(space);
    for (e, n) in neighbors.iter().enumerate() {
        let Some((to, other)) = n.and_then(|n| s.spot(n).map(|o| (n, o))) else {
            continue;
        };
        let c = spot_stones(&s.data, spot)[e] + spot_stones(&s.data, other)[opposite(e)];
        if kind(&s.data, other) == Kind::Volcano || c == 0 || c > ap {
            continue;
        }
        let to = s.pos(to);
        if spot.leader[seat] {
            out.push(Command::Move {
                who: Who::Leader,
                from,
                to,
            });
        }
        for n in 1..=spot.workers[seat].min(ap / c) {
            out.push(Command::Move {
                who: Who::Workers(n),
                from,
                to,
            });
        }
    }
}

/// Digging, guarding and looting where `seat` has members.
fn works_at(s: &State, seat: usize, space: usize, spot: &Spot, out: &mut Vec<Command>) {
    let ap = s.ap;
    let mine = members(spot, seat);
    let at = s.pos(space);
    match kind(&s.data, spot) {
        Kind::Temple if spot.guard.is_none() => {
            let done = count_in(&s.dug, space);
            for levels in 1..=2u8 {
                if can_dig(s, space, seat, done, levels) {
                    out.push(Command::Dig { at, levels });
                }
            }
            if ap >= cost::GUARD && guard_allowed(s, space, seat) {
                out.push(Command::Guard { at });
            }
        }
        Kind::Treasure if spot.discs > 0 => {
            let done = count_in(&s.looted, space);
            for discs in 1..=2u8 {
                if done + discs <= LOOT_PER_HEX_PER_TURN
                    && mine >= done + discs
                    && spot.discs >= discs
                    && ap >= cost::LOOT * discs
                {
                    out.push(Command::Loot { at, discs });
                }
            }
        }
        _ => {}
    }
}

pub fn can_dig(s: &State, space: usize, seat: usize, done: u8, levels: u8) -> bool {
    let Some(spot) = s.spot(space) else {
        return false;
    };
    let mut ok = done + levels <= DIG_PER_TEMPLE_PER_TURN
        && members(spot, seat) >= done + levels
        && s.ap >= cost::DIG * levels;
    for k in 1..=levels {
        let next = spot.value as usize + k as usize;
        ok &= s.temple_tiles.get(next).is_some_and(|&n| n > 0);
    }
    ok
}

/// Whether `seat` may guard the temple there (L273, L438-444, L460); no error text built.
fn guard_allowed(s: &State, space: usize, seat: usize) -> bool {
    let Some(spot) = s.spot(space) else {
        return false;
    };
    let mine = force(spot, seat);
    kind(&s.data, spot) == Kind::Temple
        && spot.guard.is_none()
        && s.player(seat)
            .is_some_and(|p| p.guards < s.rules.guard_limit)
        && mine > 0
        && (0..s.players).all(|q| q == seat || force(spot, q) < mine)
}

/// Whether a camp may go there (L266, L414-432); no error text built.
fn camp_allowed(s: &State, space: usize) -> bool {
    let Some(spot) = s.spot(space) else {
        return false;
    };
    camp_ground(s, spot)
        && spot.camp.is_none()
        && (!s.rules.camp_needs_member || (0..s.players).any(|q| members(spot, q) > 0))
}

/// Every legal command of `seat`, who is to act, in the phase the game is in.
pub fn legal(s: &State, seat: usize) -> Vec<Command> {
    match &s.phase {
        Phase::Over => Vec::new(),
        Phase::Place { tile } => {
            let volcano = s
                .data
                .tiles
                .get(*tile as usize)
                .is_some_and(|t| t.kind == Kind::Volcano);
            let mut out = Vec::new();
            each_placement(s, *tile as usize, |sp, r| {
                out.push(Command::Place {
                    at: s.pos(sp),
                    rot: (!volcano).then_some(r),
                });
                true
            });
            out
        }
        Phase::Act => legal_actions(s, seat),
        Phase::Bid => {
            let score = s.player(seat).map(|p| p.score).unwrap_or(0);
            let floor = s
                .auction
                .as_ref()
                .and_then(|a| a.high)
                .map(|(_, h)| h + 1)
                .unwrap_or(1);
            let mut out = vec![Command::Pass];
            out.extend((floor..=score).map(Command::Bid));
            out
        }
        Phase::Choose => s
            .display
            .iter()
            .filter_map(|&t| s.data.tiles.get(t as usize))
            .map(|t| Command::Take(t.id.clone()))
            .collect(),
    }
}

/// Whether `cmd` is among `legal(s, seat)`: exactly that answer, from the
/// commands of its own kind and place only (the moves from its hex, the
/// works at its hex, the gates), never the whole list.
pub fn is_legal(s: &State, seat: usize, cmd: &Command) -> bool {
    match &s.phase {
        Phase::Over => false,
        Phase::Place { tile } => placement_is_legal(s, usize::from(*tile), cmd),
        Phase::Act => action_is_legal(s, seat, cmd),
        Phase::Bid => match *cmd {
            Command::Pass => true,
            Command::Bid(n) => {
                let score = s.player(seat).map(|p| p.score).unwrap_or(0);
                let floor = s
                    .auction
                    .as_ref()
                    .and_then(|a| a.high)
                    .map(|(_, h)| h + 1)
                    .unwrap_or(1);
                floor <= n && n <= score
            }
            _ => false,
        },
        Phase::Choose => match cmd {
            Command::Take(id) => s
                .display
                .iter()
                .filter_map(|&t| s.data.tiles.get(t as usize))
                .any(|t| &t.id == id),
            _ => false,
        },
    }
}

/// A placement of the drawn hex: the judgement of `placements` for one space.
fn placement_is_legal(s: &State, tile: usize, cmd: &Command) -> bool {
    let Command::Place { at, rot } = *cmd else {
        return false;
    };
    let Some(t) = s.data.tiles.get(tile) else {
        return false;
    };
    let Some(space) = s.space_of(at).filter(|&sp| s.pos(sp) == at) else {
        return false;
    };
    let volcano = t.kind == Kind::Volcano;
    match rot {
        None if volcano => can_place(s, tile, space, 0),
        Some(r) if !volcano => {
            let (rots, n) = rotations(&s.data, tile);
            rots[..n].contains(&r) && can_place(s, tile, space, r)
        }
        _ => false,
    }
}

/// An action of the active player, from the generator of its kind.
fn action_is_legal(s: &State, seat: usize, cmd: &Command) -> bool {
    let Some(me) = s.player(seat) else {
        return *cmd == Command::End;
    };
    let here = |at: Pos| s.space_of(at).filter(|&sp| s.pos(sp) == at);
    let mut out = Vec::new();
    match *cmd {
        Command::End => return true,
        Command::New { .. } | Command::Jump { .. } => {
            let gates = own_gates(s, seat);
            bring_ins(s, me, &gates, &mut out);
            jumps(s, seat, &gates, &mut out);
        }
        Command::Move { from, .. } => {
            let Some(space) = here(from) else {
                return false;
            };
            match s.spot(space) {
                Some(spot) if members(spot, seat) > 0 => moves_from(s, seat, space, spot, &mut out),
                _ => return false,
            }
        }
        Command::Dig { at, .. } | Command::Loot { at, .. } | Command::Guard { at } => {
            let Some(space) = here(at) else {
                return false;
            };
            match s.spot(space) {
                Some(spot) if members(spot, seat) > 0 => works_at(s, seat, space, spot, &mut out),
                _ => return false,
            }
        }
        Command::Camp { at } => {
            return s.ap >= cost::CAMP
                && me.camps < s.rules.camp_limit
                && here(at).is_some_and(|space| camp_allowed(s, space));
        }
        Command::Swap { give, take, with } => {
            let single = |p: &Player, k: u8| p.treasures.get(usize::from(k)) == Some(&1);
            return s.ap >= cost::SWAP
                && usize::from(with) != seat
                && give != take
                && single(me, give)
                && s.people
                    .get(usize::from(with))
                    .is_some_and(|o| single(o, take));
        }
        _ => return false,
    }
    out.contains(cmd)
}
