//! The rules: setup, the legal decisions of each moment, and applying them —
//! placing and retrieving workers, every gear action with its tech bonuses,
//! temples, the jungle, the market, buildings and monuments, Chichen Itza,
//! the calendar with food days, and final scoring.

use super::command::{Act, Command, Id, Mode as ActMode, START};
use super::data::{
    ActionKind, Bonus, Data, Effect, Scoring, AGRI, ARCH, CHI, GEARS, GOLD, MAX_TEETH, PAL, RESO,
    STONE, THEO, UXM, WOOD,
};
use super::state::{Mode, Pending, Phase, Player, Rules, State, DUMMY, EMPTY, NONE};
use crate::engine::{Rng, Shared};

// ---------------------------------------------------------------- setup

/// A new game: piles shuffled, monuments and buildings revealed, starting
/// wealth tiles dealt and, with 2 or 3 players, the dummy workers placed.
pub fn setup(data: Shared<Data>, rules: Rules, n: usize, seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let d: &Data = &data;
    let g = &d.general;
    let mut piles: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for (i, b) in d.buildings.iter().enumerate() {
        if let Some(p) = piles.get_mut(usize::from(b.age.saturating_sub(1)).min(1)) {
            p.push(i as u8);
        }
    }
    rng.shuffle(&mut piles[0]);
    rng.shuffle(&mut piles[1]);
    let mut monuments: Vec<u8> = (0..d.monuments.len() as u8).collect();
    rng.shuffle(&mut monuments);
    monuments.truncate(n + g.monuments_extra);
    let mut display = [NONE; 6];
    for slot in display.iter_mut().take(g.buildings_on_display) {
        *slot = piles[0].pop().unwrap_or(NONE);
    }
    let first = rng.below(n);
    let mut tiles: Vec<u8> = (0..d.tiles.len() as u8).collect();
    rng.shuffle(&mut tiles);
    let nn = n as u8;
    let players: Vec<Player> = (0..n)
        .map(|i| {
            let mut dealt = [NONE; 4];
            for (k, slot) in dealt.iter_mut().enumerate() {
                *slot = tiles.get(i * 4 + k).copied().unwrap_or(NONE);
            }
            Player {
                corn: 0,
                res: [0; 3],
                skulls: 0,
                vp: 0,
                hand: g.workers_at_start,
                supply: g.workers_per_player - g.workers_at_start,
                temple: [1; 3],
                tech: [0; 4],
                light: true,
                corn_tiles: 0,
                wood_tiles: 0,
                buildings: 0,
                monuments: 0,
                exempt: 0,
                eat_less: 0,
                dealt,
                kept: [NONE; 2],
            }
        })
        .collect();
    let mut s = State {
        data: data.clone(),
        rules,
        n,
        rng,
        phase: Phase::Choose,
        day: 1,
        food_done: 0,
        age: 1,
        gears: [[EMPTY; MAX_TEETH]; GEARS],
        start_space: EMPTY,
        first,
        turn_index: 0,
        mode: Mode::Start,
        begged: false,
        took_start: false,
        declared: 0,
        pending: Vec::new(),
        accumulated: 0,
        jungle: [[0, nn], [nn, 0], [nn, 0], [nn, 0]],
        burned: 0,
        chi_slots: 0,
        skull_supply: g.skulls,
        display,
        piles,
        monuments,
        dummy_tiles: Vec::new(),
        players,
    };
    for (k, group) in s.jungle.iter_mut().enumerate() {
        if d.jungle_wood[k] == 0 {
            *group = [0, nn];
        }
    }
    place_dummies(&mut s, &tiles[(n * 4).min(tiles.len())..]);
    s
}

/// Reveals undealt tiles in order, one dummy on each tile's space and, for the
/// first dummy on a gear, one on the opposite space (rb L245-260; spec 11 A1).
fn place_dummies(s: &mut State, undealt: &[u8]) {
    let total = s.data.general.dummies.get(s.n).copied().unwrap_or(0);
    let mut placed = 0;
    let data = s.data.clone();
    for &t in undealt {
        if placed >= total {
            break;
        }
        let Some(tile) = data.tiles.get(t as usize) else {
            continue;
        };
        let gear = tile.gear;
        let first_on_gear = !s.gears[gear].contains(&DUMMY);
        if let Some(cell) = s.gears[gear].get_mut(tile.space) {
            if *cell == EMPTY {
                *cell = DUMMY;
                placed += 1;
            }
        }
        s.dummy_tiles.push(t);
        if first_on_gear && gear != CHI && placed < total {
            if let Some(cell) = tile.opposite.and_then(|o| s.gears[gear].get_mut(o)) {
                if *cell == EMPTY {
                    *cell = DUMMY;
                    placed += 1;
                }
            }
        }
    }
}

// ---------------------------------------------------------------- small rules

/// The corn for placing the next worker on a space numbered `space` when
/// `placed` workers were placed this turn already (rb L313-326).
pub fn placement_cost(data: &Data, space: usize, placed: u8) -> i32 {
    let k = placed as usize;
    let total = |i: usize| {
        if i == 0 {
            0
        } else {
            data.general
                .surcharge
                .get(i - 1)
                .copied()
                .unwrap_or(i32::MAX / 4)
        }
    };
    space as i32 + total(k + 1) - total(k)
}

/// The lowest empty numbered space of a gear.
pub fn lowest_empty(s: &State, gear: usize) -> Option<usize> {
    let last = s.data.gears[gear].last;
    s.gears[gear]
        .iter()
        .take(last + 1)
        .position(|&o| o == EMPTY)
}

/// Where the next placement on `target` goes and what it costs, if possible.
fn target_cost(s: &State, target: u8, placed: u8) -> Option<i32> {
    if target == START {
        (s.start_space == EMPTY).then(|| placement_cost(&s.data, 0, placed))
    } else {
        lowest_empty(s, target as usize).map(|pos| placement_cost(&s.data, pos, placed))
    }
}

fn can_beg(s: &State, seat: usize) -> bool {
    let p = &s.players[seat];
    !s.begged && p.corn <= s.data.general.beg_max_corn && p.temple.iter().any(|&t| t > 0)
}

/// Resources needed for `seat`'s next step of `tech` (the bonus at level 3).
fn tech_cost(s: &State, seat: usize, tech: usize) -> i32 {
    let t = &s.data.techs[tech];
    match t.costs.get(s.players[seat].tech[tech] as usize) {
        Some(&c) => c,
        None => t.bonus_cost,
    }
}

/// Every way to pay `k` resources from `have`, as wood/stone/gold counts.
fn payments(have: &[i32; 3], k: i32, out: &mut Vec<[u8; 3]>) {
    if k < 0 {
        return;
    }
    for w in 0..=k.min(have[WOOD]) {
        for st in 0..=(k - w).min(have[STONE]) {
            let g = k - w - st;
            if g <= have[GOLD] {
                out.push([w as u8, st as u8, g as u8]);
            }
        }
    }
}

fn has(p: &Player, cost: &super::data::Goods) -> bool {
    p.corn >= cost.corn && p.skulls >= cost.skull && (0..3).all(|r| p.res[r] >= cost.res[r])
}

/// A building's price in corn at Uxmal 4.
fn corn_price(s: &State, seat: usize, b: usize, per: i32, arch: bool) -> i32 {
    let bd = &s.data.buildings[b];
    let lv = &s.data.levels;
    let discount = if arch && s.players[seat].tech[ARCH] >= lv.arch_discount_level {
        lv.arch_discount_corn
    } else {
        0
    };
    (per * bd.cost.resources() + bd.cost.corn - discount).max(0)
}

fn uxm4_rate(s: &State) -> i32 {
    s.data
        .gears
        .get(UXM)
        .and_then(|g| {
            g.actions.iter().find_map(|a| {
                if let ActionKind::BuildCorn { corn_per_resource } = a {
                    Some(*corn_per_resource)
                } else {
                    None
                }
            })
        })
        .unwrap_or(2)
}

/// The building-payment variants open to `seat` for building `b` at Tikal.
fn tik_build_variants(
    s: &State,
    seat: usize,
    b: usize,
    arch: bool,
    second_may_follow: bool,
    out: &mut Vec<Command>,
) {
    let p = &s.players[seat];
    let bd = &s.data.buildings[b];
    let id = Id::new(&bd.id);
    let lv = &s.data.levels;
    let level = p.tech[ARCH];
    if arch && level >= lv.arch_discount_level && bd.cost.resources() > 0 {
        for r in 0..3 {
            if bd.cost.res[r] > 0 {
                let mut c = bd.cost;
                c.res[r] -= 1;
                if has(p, &c) {
                    out.push(Command::Build {
                        b: b as u8,
                        id,
                        save: Some(r as u8),
                        arch: true,
                    });
                }
            }
        }
    } else if has(p, &bd.cost) {
        out.push(Command::Build {
            b: b as u8,
            id,
            save: None,
            arch,
        });
    }
    if arch && level >= 1 && second_may_follow && has(p, &bd.cost) {
        out.push(Command::Build {
            b: b as u8,
            id,
            save: None,
            arch: false,
        });
    }
}

fn any_tik_build(s: &State, seat: usize) -> bool {
    let p = &s.players[seat];
    let discount = p.tech[ARCH] >= s.data.levels.arch_discount_level;
    s.display.iter().filter(|&&b| b != NONE).any(|&b| {
        let Some(bd) = s.data.buildings.get(b as usize) else {
            return false;
        };
        has(p, &bd.cost)
            || (discount
                && (0..3).any(|r| {
                    let mut c = bd.cost;
                    c.res[r] -= 1;
                    bd.cost.res[r] > 0 && has(p, &c)
                }))
    })
}

fn any_monument(s: &State, seat: usize) -> bool {
    s.monuments.iter().any(|&m| {
        s.data
            .monuments
            .get(m as usize)
            .is_some_and(|md| has(&s.players[seat], &md.cost))
    })
}

/// Whether `act`'s own costs can be met with `corn` available, and the modes.
fn act_modes(s: &State, seat: usize, gear: usize, n: usize, corn: i32, out: &mut Vec<Act>) {
    let Some(kind) = s
        .data
        .gears
        .get(gear)
        .and_then(|g| g.actions.get(n.wrapping_sub(1)))
    else {
        return;
    };
    let p = &s.players[seat];
    let act = |mode| Act {
        gear: gear as u8,
        n: n as u8,
        mode,
    };
    let total_res: i32 = p.res.iter().sum();
    match *kind {
        ActionKind::Harvest => {
            let k = n.wrapping_sub(2);
            let Some(group) = s.jungle.get(k) else { return };
            let wood_amount = s.data.jungle_wood.get(k).copied().unwrap_or(0);
            if group[1] > 0 || p.tech[AGRI] >= s.data.levels.agri_tileless_level {
                out.push(act(ActMode::Corn));
            }
            if wood_amount > 0 && group[0] > 0 {
                out.push(act(ActMode::Wood));
                for t in 0..3 {
                    if p.temple[t] > 0 {
                        out.push(act(ActMode::Burn(t as u8)));
                    }
                }
            }
        }
        ActionKind::Tech { .. } => {
            if (0..4).any(|t| tech_cost(s, seat, t) <= total_res) {
                out.push(act(ActMode::Plain));
            }
        }
        ActionKind::Build { count } => {
            if any_tik_build(s, seat) || (count >= 2 && any_monument(s, seat)) {
                out.push(act(ActMode::Plain));
            }
        }
        ActionKind::Temples { resources, .. } => {
            if total_res >= resources {
                out.push(act(ActMode::Plain));
            }
        }
        ActionKind::Temple { corn: c } | ActionKind::AnyAction { corn: c } => {
            if corn >= c {
                out.push(act(ActMode::Plain));
            }
        }
        ActionKind::BuildCorn { corn_per_resource } => {
            if s.display.iter().any(|&b| {
                b != NONE && corn >= corn_price(s, seat, b as usize, corn_per_resource, true)
            }) {
                out.push(act(ActMode::Plain));
            }
        }
        ActionKind::Offer { .. } => {
            if p.skulls >= 1 && s.chi_slots & (1 << (n - 1)) == 0 {
                out.push(act(ActMode::Plain));
            }
        }
        ActionKind::Fish { .. } | ActionKind::Gain(_) | ActionKind::Market | ActionKind::Worker => {
            out.push(act(ActMode::Plain))
        }
    }
}

/// The corn needed to do action `a` from a worker on `pos` (step back,
/// free choice, Theology 1 on Chichen Itza); `None` when it cannot be reached.
pub fn reach_cost(s: &State, seat: usize, gear: usize, pos: usize, a: usize) -> Option<i32> {
    let g = s.data.gears.get(gear)?;
    if a == 0 || a >= g.free_from {
        return None;
    }
    if pos >= g.free_from {
        return Some(0);
    }
    let lv = &s.data.levels;
    // Theology 1: the action one space higher, at no cost (rb L872), also
    // from space 0; from the space below the free choice only by option.
    if gear == CHI && s.players[seat].tech[THEO] >= lv.theo_ahead_level {
        if a == pos + 1 {
            return Some(0);
        }
        if pos + 1 == g.free_from && s.rules.theo_chi9 {
            return Some(0);
        }
    }
    (pos > 0 && a <= pos).then(|| (pos - a) as i32)
}

// ---------------------------------------------------------------- legal

pub fn legal(s: &State, seat: usize) -> Vec<Command> {
    let mut out = Vec::new();
    if seat >= s.n {
        return out;
    }
    match s.phase {
        Phase::Over => {}
        Phase::Choose => {
            let p = &s.players[seat];
            if p.kept[0] == NONE {
                for i in 0..4 {
                    for j in i + 1..4 {
                        let (a, b) = (p.dealt[i], p.dealt[j]);
                        if a == NONE || b == NONE {
                            continue;
                        }
                        let ids = [tile_id(s, a), tile_id(s, b)];
                        out.push(Command::Keep([a, b], ids));
                    }
                }
            }
        }
        Phase::Advance => {
            if s.seat_on_start() == Some(seat) {
                out.push(Command::Advance(1));
                out.push(Command::Advance(2));
            }
        }
        Phase::Turn => {
            if seat != s.active() {
                return out;
            }
            if let Some(top) = s.pending.last() {
                legal_pending(s, seat, *top, &mut out);
                if out.is_empty() {
                    out.push(Command::Skip);
                }
                return out;
            }
            legal_turn(s, seat, &mut out);
        }
    }
    out
}

fn tile_id(s: &State, t: u8) -> Id {
    Id::new(
        s.data
            .tiles
            .get(t as usize)
            .map(|t| t.id.as_str())
            .unwrap_or("?"),
    )
}

fn place_targets(s: &State, seat: usize, placed: u8, out: &mut Vec<Command>) {
    let p = &s.players[seat];
    if p.hand == 0 {
        return;
    }
    for t in 0..=START {
        if let Some(c) = target_cost(s, t, placed) {
            if c <= p.corn {
                out.push(Command::Place {
                    targets: [t, 0, 0, 0, 0, 0],
                    n: 1,
                });
            }
        }
    }
}

fn retrieve_options(s: &State, seat: usize, out: &mut Vec<Command>) {
    let me = seat as u8 + 1;
    let mut acts = Vec::new();
    for gear in 0..GEARS {
        for pos in 0..=s.data.gears[gear].last {
            if s.gears[gear][pos] == me {
                worker_options(s, seat, gear, pos, &mut acts, out);
            }
        }
    }
}

/// Everything the worker on `gear` space `pos` may do when retrieved.
fn worker_options(
    s: &State,
    seat: usize,
    gear: usize,
    pos: usize,
    acts: &mut Vec<Act>,
    out: &mut Vec<Command>,
) {
    let corn = s.players[seat].corn;
    acts.clear();
    for a in 1..s.data.gears[gear].free_from {
        if let Some(c) = reach_cost(s, seat, gear, pos, a) {
            if c <= corn {
                act_modes(s, seat, gear, a, corn - c, acts);
            }
        }
    }
    for &act in acts.iter() {
        out.push(Command::Retrieve {
            gear: gear as u8,
            pos: pos as u8,
            act: Some(act),
        });
    }
    out.push(Command::Retrieve {
        gear: gear as u8,
        pos: pos as u8,
        act: None,
    });
}

/// Whether `cmd` is legal for `seat` now; the same answer as `legal(..).contains`,
/// computed for the one worker a retrieval names.
pub fn is_legal(s: &State, seat: usize, cmd: &Command) -> bool {
    let my_turn =
        seat < s.n && s.phase == Phase::Turn && seat == s.active() && s.pending.is_empty();
    match *cmd {
        Command::End => return my_turn && s.mode != Mode::Start,
        Command::Place {
            targets: [t, ..],
            n: 1,
        } if my_turn && t <= START => {
            let placed = match s.mode {
                Mode::Start => 0,
                Mode::Placing {
                    placed,
                    pity: false,
                } => placed,
                _ => return false,
            };
            let p = &s.players[seat];
            return p.hand > 0 && target_cost(s, t, placed).is_some_and(|c| c <= p.corn);
        }
        _ => {}
    }
    if let Command::Retrieve { gear, pos, .. } = *cmd {
        let (gear, pos) = (gear as usize, pos as usize);
        let ok_now = seat < s.n
            && s.phase == Phase::Turn
            && seat == s.active()
            && s.pending.is_empty()
            && matches!(s.mode, Mode::Start | Mode::Retrieving)
            && gear < GEARS
            && pos <= s.data.gears[gear].last
            && s.gears[gear][pos] == seat as u8 + 1;
        if !ok_now {
            return false;
        }
        let mut out = Vec::new();
        worker_options(s, seat, gear, pos, &mut Vec::new(), &mut out);
        return out.contains(cmd);
    }
    legal(s, seat).contains(cmd)
}

fn legal_turn(s: &State, seat: usize, out: &mut Vec<Command>) {
    match s.mode {
        Mode::Start => {
            let can_retrieve = s.on_gears(seat) > 0;
            place_targets(s, seat, 0, out);
            let can_place = !out.is_empty();
            let beg = can_beg(s, seat);
            if !can_retrieve && !can_place {
                if beg {
                    beg_options(s, seat, out);
                } else {
                    pity_options(s, seat, out);
                }
                return;
            }
            if beg {
                beg_options(s, seat, out);
            }
            if can_retrieve {
                retrieve_options(s, seat, out);
            }
        }
        Mode::Placing { placed, pity } => {
            if !pity {
                place_targets(s, seat, placed, out);
            }
            // The calendar choice may be declared in advance (spec 12.1).
            if s.took_start && s.declared == 0 {
                out.push(Command::Advance(1));
                out.push(Command::Advance(2));
            }
            out.push(Command::End);
        }
        Mode::Retrieving => {
            retrieve_options(s, seat, out);
            out.push(Command::End);
        }
    }
}

fn beg_options(s: &State, seat: usize, out: &mut Vec<Command>) {
    for t in 0..3 {
        if s.players[seat].temple[t] > 0 {
            out.push(Command::Beg(t as u8));
        }
    }
}

/// The gods' pity: the targets of lowest cost (rb L748-750; spec 11 A10).
fn pity_options(s: &State, seat: usize, out: &mut Vec<Command>) {
    if s.players[seat].hand == 0 {
        return;
    }
    let costs: Vec<(u8, i32)> = (0..=START)
        .filter_map(|t| target_cost(s, t, 0).map(|c| (t, c)))
        .collect();
    if let Some(min) = costs.iter().map(|c| c.1).min() {
        out.extend(
            costs
                .iter()
                .filter(|c| c.1 == min)
                .map(|c| Command::Pity(c.0)),
        );
    }
}

fn legal_pending(s: &State, seat: usize, top: Pending, out: &mut Vec<Command>) {
    let p = &s.players[seat];
    match top {
        Pending::Tech { free, optional, .. } => {
            let mut pays = Vec::new();
            for t in 0..4 {
                if free {
                    out.push(Command::Tech {
                        tech: t as u8,
                        pay: [0; 3],
                    });
                } else {
                    pays.clear();
                    payments(&p.res, tech_cost(s, seat, t), &mut pays);
                    out.extend(pays.iter().map(|&pay| Command::Tech { tech: t as u8, pay }));
                }
            }
            if optional {
                out.push(Command::Skip);
            }
        }
        Pending::Build {
            left,
            monument,
            corn,
            arch,
            optional,
        } => {
            for &b in s.display.iter().filter(|&&b| b != NONE) {
                if corn {
                    if p.corn >= corn_price(s, seat, b as usize, uxm4_rate(s), arch) {
                        let id = Id::new(&s.data.buildings[b as usize].id);
                        out.push(Command::Build {
                            b,
                            id,
                            save: None,
                            arch,
                        });
                    }
                } else {
                    tik_build_variants(s, seat, b as usize, arch, left >= 2, out);
                }
            }
            if monument {
                for &m in &s.monuments {
                    if let Some(md) = s.data.monuments.get(m as usize) {
                        if has(p, &md.cost) {
                            out.push(Command::Monument {
                                m,
                                id: Id::new(&md.id),
                            });
                        }
                    }
                }
            }
            if optional {
                out.push(Command::Skip);
            }
        }
        Pending::Temple => out.extend((0..3).map(Command::Temple)),
        Pending::Temples { pay } => {
            for r in 0..3u8 {
                if p.res[r as usize] >= i32::from(pay) {
                    for a in 0..3u8 {
                        for b in a + 1..3 {
                            out.push(Command::Temples { a, b, pay: r });
                        }
                    }
                }
            }
        }
        Pending::Gain { n } => {
            let mut pays = Vec::new();
            payments(&[i32::from(n); 3], i32::from(n), &mut pays);
            out.extend(pays.into_iter().map(Command::Gain));
        }
        Pending::Offer => {
            for r in 0..3u8 {
                if p.res[r as usize] >= 1 {
                    out.extend((0..3).map(|t| Command::Offer { res: r, temple: t }));
                }
            }
            out.push(Command::Skip);
        }
        Pending::Market { sold, bought } => {
            for r in 0..3u8 {
                if p.res[r as usize] >= 1 && bought & (1 << r) == 0 {
                    out.push(Command::Trade {
                        buy: false,
                        res: r,
                        n: 1,
                    });
                }
                if p.corn >= s.data.market[r as usize] && sold & (1 << r) == 0 {
                    out.push(Command::Trade {
                        buy: true,
                        res: r,
                        n: 1,
                    });
                }
            }
            out.push(Command::Done);
        }
        Pending::Action { pay, optional } => {
            let corn = p.corn - i32::from(pay);
            if corn >= 0 {
                let mut acts = Vec::new();
                for gear in PAL..=UXM {
                    for a in 1..s.data.gears[gear].free_from {
                        act_modes(s, seat, gear, a, corn, &mut acts);
                    }
                }
                out.extend(acts.into_iter().map(Command::Do));
            }
            if optional {
                out.push(Command::Skip);
            }
        }
    }
}

// ---------------------------------------------------------------- apply

/// Applies a decision known to be legal.
pub fn exec(s: &mut State, seat: usize, cmd: &Command) {
    match *cmd {
        Command::Keep(tiles, _) => keep(s, seat, tiles),
        Command::Beg(t) => {
            let p = &mut s.players[seat];
            p.corn = s.data.general.beg_corn;
            p.temple[t as usize] = p.temple[t as usize].saturating_sub(1);
            s.begged = true;
        }
        Command::Place { targets, n } => {
            for &t in targets.iter().take(n as usize) {
                place_one(s, seat, t);
            }
        }
        Command::Pity(t) => {
            s.players[seat].corn = 0;
            place_one(s, seat, t);
            s.players[seat].corn = 0;
            s.mode = Mode::Placing {
                placed: 1,
                pity: true,
            };
        }
        Command::Retrieve { gear, pos, act } => {
            let (gear, pos) = (gear as usize, pos as usize);
            if let Some(cell) = s.gears.get_mut(gear).and_then(|g| g.get_mut(pos)) {
                *cell = EMPTY;
            }
            s.players[seat].hand += 1;
            s.mode = Mode::Retrieving;
            if let Some(a) = act {
                let cost = reach_cost(s, seat, gear, pos, a.n as usize).unwrap_or(0);
                s.players[seat].corn -= cost;
                perform(s, seat, a);
            }
        }
        Command::End => end_turn(s),
        Command::Advance(k) if s.phase == Phase::Turn => s.declared = k,
        Command::Advance(k) => {
            if k == 2 {
                if let Some(o) = s.seat_on_start() {
                    s.players[o].light = false;
                }
            }
            return_start_worker(s);
            advance_days(s, k);
            begin_round(s);
        }
        Command::Tech { tech, pay } => {
            let Some(Pending::Tech { left, free, .. }) = s.pending.pop() else {
                return;
            };
            for (r, &k) in pay.iter().enumerate() {
                s.players[seat].res[r] -= i32::from(k);
            }
            if left > 1 {
                s.pending.push(Pending::Tech {
                    left: left - 1,
                    free,
                    optional: !free,
                });
            }
            advance_tech(s, seat, tech as usize);
        }
        Command::Build { b, save, arch, .. } => build(s, seat, b as usize, save, arch),
        Command::Monument { m, .. } => {
            s.pending.pop();
            let Some(md) = s.data.monuments.get(m as usize).cloned() else {
                return;
            };
            let p = &mut s.players[seat];
            p.corn -= md.cost.corn;
            for r in 0..3 {
                p.res[r] -= md.cost.res[r];
            }
            p.skulls -= md.cost.skull;
            s.skull_supply += md.cost.skull;
            p.monuments |= 1 << m;
            s.monuments.retain(|&x| x != m);
        }
        Command::Temple(t) => {
            s.pending.pop();
            temple_up(s, seat, t as usize);
        }
        Command::Temples { a, b, pay } => {
            let n = match s.pending.pop() {
                Some(Pending::Temples { pay }) => i32::from(pay),
                _ => 1,
            };
            s.players[seat].res[pay as usize] -= n;
            temple_up(s, seat, a as usize);
            temple_up(s, seat, b as usize);
        }
        Command::Gain(g) => {
            s.pending.pop();
            for (have, &k) in s.players[seat].res.iter_mut().zip(g.iter()) {
                *have += i32::from(k);
            }
        }
        Command::Offer { res, temple } => {
            s.pending.pop();
            s.players[seat].res[res as usize] -= 1;
            temple_up(s, seat, temple as usize);
        }
        Command::Trade { buy, res, n } => {
            let rate = s.data.market[res as usize];
            let (r, n) = (res as usize, i32::from(n));
            let p = &mut s.players[seat];
            if buy {
                p.corn -= rate * n;
                p.res[r] += n;
            } else {
                p.corn += rate * n;
                p.res[r] -= n;
            }
            if let Some(Pending::Market { sold, bought }) = s.pending.last_mut() {
                if buy {
                    *bought |= 1 << res;
                } else {
                    *sold |= 1 << res;
                }
            }
        }
        Command::Done | Command::Skip => {
            s.pending.pop();
        }
        Command::Do(act) => {
            if let Some(Pending::Action { pay, .. }) = s.pending.pop() {
                s.players[seat].corn -= i32::from(pay);
            }
            perform(s, seat, act);
        }
    }
}

fn place_one(s: &mut State, seat: usize, t: u8) {
    let placed = match s.mode {
        Mode::Placing { placed, .. } => placed,
        _ => 0,
    };
    let cost = if t == START {
        s.start_space = seat as u8 + 1;
        s.took_start = true;
        placement_cost(&s.data, 0, placed)
    } else {
        let Some(pos) = lowest_empty(s, t as usize) else {
            return;
        };
        s.gears[t as usize][pos] = seat as u8 + 1;
        placement_cost(&s.data, pos, placed)
    };
    let p = &mut s.players[seat];
    p.corn -= cost;
    p.hand = p.hand.saturating_sub(1);
    s.mode = Mode::Placing {
        placed: placed + 1,
        pity: false,
    };
}

fn keep(s: &mut State, seat: usize, tiles: [u8; 2]) {
    s.players[seat].kept = tiles;
    if s.players.iter().any(|p| p.kept[0] == NONE) {
        return;
    }
    // Everyone has chosen: the kept tiles are revealed and take effect.
    let data = s.data.clone();
    for seat in 0..s.n {
        for t in s.players[seat].kept {
            let Some(tile) = data.tiles.get(t as usize) else {
                continue;
            };
            let p = &mut s.players[seat];
            p.corn += tile.goods.corn;
            for r in 0..3 {
                p.res[r] += tile.goods.res[r];
            }
            take_skulls(s, seat, tile.goods.skull);
            for &e in &tile.effects {
                apply_effect(s, seat, e);
            }
        }
    }
    s.pending.clear();
    begin_round(s);
}

fn take_skulls(s: &mut State, seat: usize, n: i32) {
    let n = n.min(s.skull_supply).max(0);
    s.skull_supply -= n;
    s.players[seat].skulls += n;
}

/// One step up a temple: not past the top, and the top holds one player (rb L724-732).
pub fn temple_up(s: &mut State, seat: usize, t: usize) {
    let Some(temple) = s.data.temples.get(t) else {
        return;
    };
    let top = temple.top() as u8;
    let cur = s.players[seat].temple[t];
    if cur >= top {
        return;
    }
    if cur + 1 == top && s.players.iter().any(|p| p.temple[t] == top) {
        return;
    }
    s.players[seat].temple[t] = cur + 1;
    if cur + 1 == top {
        s.players[seat].light = true;
    }
}

/// One tech level, or the track's bonus at level 3 (rb L434, L814-816).
fn advance_tech(s: &mut State, seat: usize, tech: usize) {
    let Some(t) = s.data.techs.get(tech) else {
        return;
    };
    let bonus = t.bonus;
    let p = &mut s.players[seat];
    if (p.tech[tech] as usize) < t.costs.len() {
        p.tech[tech] += 1;
        return;
    }
    match bonus {
        Bonus::AnyTemple => s.pending.push(Pending::Temple),
        Bonus::Resources(n) => s.pending.push(Pending::Gain { n }),
        Bonus::Vp(v) => p.vp += v,
        Bonus::Skull(n) => take_skulls(s, seat, n),
    }
}

/// Effects of tiles and buildings: immediate ones now, choices as pending.
fn apply_effect(s: &mut State, seat: usize, e: Effect) {
    let p = &mut s.players[seat];
    match e {
        Effect::Corn(n) => p.corn += n,
        Effect::Res(r, n) => p.res[r] += n,
        Effect::Vp(n) => p.vp += n,
        Effect::Skull(n) => take_skulls(s, seat, n),
        Effect::Temple(Some(t)) => temple_up(s, seat, t),
        Effect::Temple(None) => s.pending.push(Pending::Temple),
        Effect::Tech(Some(t)) => advance_tech(s, seat, t),
        Effect::Tech(None) => s.pending.push(Pending::Tech {
            left: 1,
            free: true,
            optional: false,
        }),
        Effect::TechTwo => s.pending.push(Pending::Tech {
            left: 2,
            free: true,
            optional: false,
        }),
        Effect::Worker => {
            if p.supply > 0 {
                p.supply -= 1;
                p.hand += 1;
            }
        }
        Effect::Exempt(n) => p.exempt += n,
        Effect::EatLess => p.eat_less += 1,
        Effect::Market => s.pending.push(Pending::Market { sold: 0, bought: 0 }),
        Effect::Build => s.pending.push(Pending::Build {
            left: 1,
            monument: false,
            corn: false,
            arch: true,
            optional: true,
        }),
        Effect::Action => s.pending.push(Pending::Action {
            pay: 1,
            optional: true,
        }),
    }
}

/// Builds building `b` for the pending build action.
fn build(s: &mut State, seat: usize, b: usize, save: Option<u8>, arch: bool) {
    let Some(Pending::Build {
        left,
        corn,
        arch: arch_free,
        ..
    }) = s.pending.pop()
    else {
        return;
    };
    let data = s.data.clone();
    let Some(bd) = data.buildings.get(b) else {
        return;
    };
    let lv = &data.levels;
    if corn {
        let price = corn_price(s, seat, b, uxm4_rate(s), arch);
        s.players[seat].corn -= price;
    } else {
        let mut c = bd.cost;
        if let Some(r) = save {
            c.res[r as usize] -= 1;
        }
        let p = &mut s.players[seat];
        p.corn -= c.corn;
        for r in 0..3 {
            p.res[r] -= c.res[r];
        }
    }
    for slot in s.display.iter_mut() {
        if *slot == b as u8 {
            *slot = NONE;
        }
    }
    // Architecture counts as used only if it gave something (level 1 or more).
    let arch_used = arch && s.players[seat].tech[ARCH] >= 1;
    let p = &mut s.players[seat];
    p.buildings |= 1 << b;
    if arch {
        if p.tech[ARCH] >= lv.arch_corn_level {
            p.corn += lv.arch_corn;
        }
        if p.tech[ARCH] >= lv.arch_vp_level {
            p.vp += lv.arch_vp;
        }
    }
    if left > 1 {
        s.pending.push(Pending::Build {
            left: left - 1,
            monument: false,
            corn,
            arch: arch_free && !arch_used,
            optional: true,
        });
    }
    // Effects resolve in printed order: immediate ones now, choices stacked
    // so that the first printed choice is decided first.
    let mark = s.pending.len();
    for &e in &bd.effects {
        apply_effect(s, seat, e);
    }
    s.pending[mark..].reverse();
}

/// Performs a gear action (already reached and paid for).
fn perform(s: &mut State, seat: usize, act: Act) {
    let (gear, n) = (act.gear as usize, act.n as usize);
    let Some(kind) = s
        .data
        .gears
        .get(gear)
        .and_then(|g| g.actions.get(n.wrapping_sub(1)))
        .copied()
    else {
        return;
    };
    let data = s.data.clone();
    let lv = &data.levels;
    match kind {
        ActionKind::Fish { corn } => {
            let p = &mut s.players[seat];
            p.corn += corn
                + lv.agri_fishing
                    .get(p.tech[AGRI] as usize)
                    .copied()
                    .unwrap_or(0);
        }
        ActionKind::Harvest => {
            let k = n.wrapping_sub(2);
            let (Some(&corn), Some(&wood)) = (data.jungle_corn.get(k), data.jungle_wood.get(k))
            else {
                return;
            };
            let p = &mut s.players[seat];
            let agri = lv
                .agri_harvest
                .get(p.tech[AGRI] as usize)
                .copied()
                .unwrap_or(0);
            let group = &mut s.jungle[k];
            match act.mode {
                ActMode::Wood => {
                    group[0] -= 1;
                    group[1] += 1;
                    p.wood_tiles += 1;
                    p.res[WOOD] += wood + i32::from(p.tech[RESO] >= lv.res_wood_level);
                }
                ActMode::Corn | ActMode::Plain => {
                    if group[1] > 0 {
                        group[1] -= 1;
                        p.corn_tiles += 1;
                    }
                    p.corn += corn + agri;
                }
                ActMode::Burn(t) => {
                    group[0] -= 1;
                    s.burned += 1;
                    p.corn_tiles += 1;
                    p.corn += corn + agri;
                    p.temple[t as usize] = p.temple[t as usize].saturating_sub(1);
                }
            }
        }
        ActionKind::Gain(goods) => {
            let p = &mut s.players[seat];
            p.corn += goods.corn;
            let bonus = [lv.res_wood_level, lv.res_stone_level, lv.res_gold_level];
            for (r, &level) in bonus.iter().enumerate() {
                if goods.res[r] > 0 {
                    p.res[r] += goods.res[r] + i32::from(p.tech[RESO] >= level);
                }
            }
            if goods.skull > 0 {
                let extra = i32::from(p.tech[THEO] >= lv.theo_skull_level);
                take_skulls(s, seat, goods.skull + extra);
            }
        }
        ActionKind::Tech { count } => s.pending.push(Pending::Tech {
            left: count,
            free: false,
            optional: false,
        }),
        ActionKind::Build { count } => s.pending.push(Pending::Build {
            left: count,
            monument: count >= 2,
            corn: false,
            arch: true,
            optional: false,
        }),
        ActionKind::Temples { resources, .. } => s.pending.push(Pending::Temples {
            pay: resources.clamp(0, 255) as u8,
        }),
        ActionKind::Temple { corn } => {
            s.players[seat].corn -= corn;
            s.pending.push(Pending::Temple);
        }
        ActionKind::Market => s.pending.push(Pending::Market { sold: 0, bought: 0 }),
        ActionKind::Worker => apply_effect(s, seat, Effect::Worker),
        ActionKind::BuildCorn { .. } => s.pending.push(Pending::Build {
            left: 1,
            monument: false,
            corn: true,
            arch: true,
            optional: false,
        }),
        ActionKind::AnyAction { corn } => {
            s.players[seat].corn -= corn;
            s.pending.push(Pending::Action {
                pay: 0,
                optional: false,
            });
        }
        ActionKind::Offer {
            vp,
            temple,
            resources,
        } => {
            let p = &mut s.players[seat];
            p.skulls -= 1;
            p.vp += vp;
            s.chi_slots |= 1 << (n - 1);
            temple_up(s, seat, temple);
            if s.players[seat].tech[THEO] >= lv.theo_offer_level {
                s.pending.push(Pending::Offer);
            }
            if resources > 0 {
                s.pending.push(Pending::Gain { n: resources });
            }
        }
    }
}

// ---------------------------------------------------------------- calendar

fn end_turn(s: &mut State) {
    let age = usize::from(s.age.clamp(1, 2) - 1);
    for i in 0..s.display.len().min(s.data.general.buildings_on_display) {
        if s.display[i] == NONE {
            s.display[i] = s.piles[age].pop().unwrap_or(NONE);
        }
    }
    if s.took_start {
        let seat = s.active();
        s.players[seat].corn += s.accumulated;
        s.accumulated = 0;
    }
    s.mode = Mode::Start;
    s.begged = false;
    s.took_start = false;
    s.turn_index += 1;
    if s.turn_index >= s.n {
        end_round(s);
    }
}

fn end_round(s: &mut State) {
    if let Some(fd) = s.next_food_day() {
        if s.day >= fd {
            food_day(s, fd);
            if s.next_food_day().is_none() {
                s.phase = Phase::Over;
                return;
            }
        }
    }
    match s.seat_on_start() {
        Some(owner) => {
            s.first = if s.first == owner {
                (owner + 1) % s.n
            } else {
                owner
            };
            let days = match (double_advance_ok(s, owner), s.declared) {
                (true, 0) => {
                    // The owner decides; the worker comes back with that decision.
                    s.phase = Phase::Advance;
                    return;
                }
                (true, 2) => {
                    s.players[owner].light = false;
                    2
                }
                _ => 1,
            };
            return_start_worker(s);
            advance_days(s, days);
        }
        None => {
            s.accumulated += 1;
            advance_days(s, 1);
        }
    }
    begin_round(s);
}

/// The starting-space worker goes back to its owner's hand (rb L679-681).
fn return_start_worker(s: &mut State) {
    if let Some(o) = s.seat_on_start() {
        s.players[o].hand += 1;
    }
    s.start_space = EMPTY;
    s.declared = 0;
}

fn begin_round(s: &mut State) {
    s.phase = Phase::Turn;
    s.turn_index = 0;
    s.mode = Mode::Start;
    s.begged = false;
    s.took_start = false;
}

/// The double advance: light board, and no worker would be pushed off (rb L689-694).
pub fn double_advance_ok(s: &State, owner: usize) -> bool {
    s.players[owner].light
        && s.data.gears.iter().zip(s.gears.iter()).all(|(g, row)| {
            let o = row[g.blocker];
            o == EMPTY || (o == DUMMY && !s.rules.dummies_block)
        })
}

/// Turns every gear one space per day; workers beyond the last numbered
/// space return to hand without an action, dummies keep turning (rb L383-389).
pub fn advance_days(s: &mut State, k: u8) {
    for _ in 0..k {
        for (gear, row) in s.gears.iter_mut().enumerate() {
            let g = &s.data.gears[gear];
            let o = row[g.last];
            if o != EMPTY && o != DUMMY {
                if let Some(p) = s.players.get_mut(o as usize - 1) {
                    p.hand += 1;
                }
                row[g.last] = EMPTY;
            }
            row[..g.teeth].rotate_right(1);
        }
        s.day += 1;
    }
}

/// Corn each player pays on a food day and the unfed workers (rb L894-906, L774-794).
pub fn feeding(s: &State, seat: usize) -> (i32, i32) {
    let g = &s.data.general;
    let p = &s.players[seat];
    let needy = i32::from(s.active_workers(seat)) - i32::from(p.exempt);
    let needy = needy.max(0);
    let per = (g.food_per_worker - i32::from(p.eat_less)).max(0);
    let fed = if per == 0 {
        needy
    } else {
        needy.min(p.corn / per)
    };
    (fed * per, needy - fed)
}

/// Resolves the food day of day `fd`: feeding, the Age change, temple rewards (rb L892-1000).
pub fn food_day(s: &mut State, fd: u8) {
    let data = s.data.clone();
    let g = &data.general;
    for seat in 0..s.n {
        let (pay, unfed) = feeding(s, seat);
        let p = &mut s.players[seat];
        p.corn -= pay;
        p.vp -= unfed * g.unfed_penalty;
    }
    if fd == g.age_change_day {
        s.display = [NONE; 6];
        s.age = 2;
        for slot in s.display.iter_mut().take(g.buildings_on_display) {
            *slot = s.piles[1].pop().unwrap_or(NONE);
        }
    }
    if g.mid_age_days.contains(&fd) {
        for (t, temple) in data.temples.iter().enumerate() {
            let gains: Vec<super::data::Goods> = s
                .players
                .iter()
                .map(|p| {
                    let mut sum = super::data::Goods::default();
                    for r in temple.reward.iter().take(p.temple[t] as usize + 1) {
                        for k in 0..3 {
                            sum.res[k] += r.res[k];
                        }
                        sum.skull += r.skull;
                    }
                    sum
                })
                .collect();
            let skulls_due: i32 = gains.iter().map(|g| g.skull).sum();
            let skulls_ok = skulls_due <= s.skull_supply;
            for (seat, gain) in gains.iter().enumerate() {
                for k in 0..3 {
                    s.players[seat].res[k] += gain.res[k];
                }
                if skulls_ok {
                    take_skulls(s, seat, gain.skull);
                }
            }
        }
    } else {
        let age_index = usize::from(fd > g.age_change_day);
        for (t, temple) in data.temples.iter().enumerate() {
            for p in s.players.iter_mut() {
                p.vp += temple.vp.get(p.temple[t] as usize).copied().unwrap_or(0);
            }
            let best = s.players.iter().map(|p| p.temple[t]).max().unwrap_or(0);
            let leaders = s.players.iter().filter(|p| p.temple[t] == best).count();
            let bonus = temple.bonus[age_index];
            let each = if leaders > 1 { bonus / 2 } else { bonus };
            for p in s.players.iter_mut().filter(|p| p.temple[t] == best) {
                p.vp += each;
            }
        }
    }
    s.food_done += 1;
}

// ---------------------------------------------------------------- scoring

/// One player's final score, in quarter points, with its parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Final {
    pub quarters: i64,
    pub vp: i32,
    pub corn_value: i32,
    pub corn_points_quarters: i64,
    pub skull_points: i32,
    pub monument_points: i32,
    pub tiebreak_workers: u8,
}

pub fn monument_points(s: &State, seat: usize, m: usize) -> i32 {
    let Some(md) = s.data.monuments.get(m) else {
        return 0;
    };
    let p = &s.players[seat];
    let data = &s.data;
    let built_in = |c| {
        let b = data
            .buildings
            .iter()
            .enumerate()
            .filter(|(i, b)| p.buildings & (1 << i) != 0 && b.category == c)
            .count();
        let m = data
            .monuments
            .iter()
            .enumerate()
            .filter(|(i, m)| p.monuments & (1 << i) != 0 && m.category == c)
            .count();
        (b + m) as i32
    };
    let table = |t: &Vec<i32>, i: usize| t.get(i).or(t.last()).copied().unwrap_or(0);
    match &md.scoring {
        Scoring::Category(c, v) => v * built_in(*c),
        Scoring::Built(a, b) => {
            a * p.buildings.count_ones() as i32 + b * p.monuments.count_ones() as i32
        }
        Scoring::CornTiles(v) => v * i32::from(p.corn_tiles),
        Scoring::WoodTiles(v) => v * i32::from(p.wood_tiles),
        Scoring::AllMonuments(t) => table(t, s.n) * s.monuments_built() as i32,
        Scoring::MaxedTechs(t) => table(t, p.tech.iter().filter(|&&l| l >= 3).count()),
        Scoring::TechLevels(v) => v * p.tech.iter().map(|&l| i32::from(l)).sum::<i32>(),
        Scoring::Workers(t) => table(
            t,
            usize::from(data.general.workers_per_player.saturating_sub(p.supply)),
        ),
        Scoring::TemplesAgain => (0..3)
            .map(|t| {
                data.temples[t]
                    .vp
                    .get(p.temple[t] as usize)
                    .copied()
                    .unwrap_or(0)
            })
            .sum(),
        Scoring::BestTemple(v) => {
            v * (0..3)
                .map(|t| i32::from(p.temple[t]) - 1)
                .max()
                .unwrap_or(0)
                .max(0)
        }
        Scoring::ChiSkulls(v) => v * s.skulls_on_chi() as i32,
    }
}

/// Final scores (rb L1002-1015) and the tie-break count of workers left on
/// the gears after one more day (spec 11 A9).
pub fn finals(s: &State) -> Vec<Final> {
    let g = &s.data.general;
    (0..s.n)
        .map(|seat| {
            let p = &s.players[seat];
            let corn_value = p.corn + (0..3).map(|r| p.res[r] * s.data.market[r]).sum::<i32>();
            let per = i64::from(g.corn_per_vp.max(1));
            let corn_points_quarters = if s.rules.floor_corn {
                4 * (i64::from(corn_value.max(0)) / per)
            } else {
                4 * i64::from(corn_value.max(0)) / per
            };
            let skull_points = p.skulls * g.skull_vp;
            let monument_points: i32 = (0..s.data.monuments.len())
                .filter(|m| p.monuments & (1 << m) != 0)
                .map(|m| monument_points(s, seat, m))
                .sum();
            let me = seat as u8 + 1;
            let tiebreak_workers = s
                .data
                .gears
                .iter()
                .zip(s.gears.iter())
                .map(|(gd, row)| row.iter().take(gd.last).filter(|&&o| o == me).count() as u8)
                .sum();
            let quarters =
                4 * i64::from(p.vp + skull_points + monument_points) + corn_points_quarters;
            Final {
                quarters,
                vp: p.vp,
                corn_value,
                corn_points_quarters,
                skull_points,
                monument_points,
                tiebreak_workers,
            }
        })
        .collect()
}
