//! What a seat may decide now: the costs and reach of every placement,
//! retrieval and action, and the legal commands of each moment of the game.

mod why;
pub use why::why_illegal;

use super::command::{Act, Command, Id, Mode as ActMode, START};
use super::data::{
    ActionKind, Data, Goods, AGRI, ARCH, CHI, GEARS, GOLD, PAL, STONE, THEO, UXM, WOOD,
};
use super::state::{Mode, Pending, Phase, Player, State, DUMMY, EMPTY, NONE};

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

fn has(p: &Player, cost: &Goods) -> bool {
    p.corn >= cost.corn && p.skulls >= cost.skull && (0..3).all(|r| p.res[r] >= cost.res[r])
}

/// A building's price in corn at Uxmal 4.
pub(crate) fn corn_price(s: &State, seat: usize, b: usize, per: i32, arch: bool) -> i32 {
    let bd = &s.data.buildings[b];
    let lv = &s.data.levels;
    let discount = if arch && s.players[seat].tech[ARCH] >= lv.arch_discount_level {
        lv.arch_discount_corn
    } else {
        0
    };
    (per * bd.cost.resources() + bd.cost.corn - discount).max(0)
}

pub(crate) fn uxm4_rate(s: &State) -> i32 {
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
    match s.phase() {
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
            if let Some(top) = s.owed() {
                legal_pending(s, seat, top, &mut out);
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
    let my_turn = seat < s.n && s.phase() == Phase::Turn && seat == s.active() && s.nothing_owed();
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
            && s.phase() == Phase::Turn
            && seat == s.active()
            && s.nothing_owed()
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
        Pending::Build { .. } => build_options(s, seat, top, out),
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
        Pending::Market { sold, bought } => market_options(s, seat, sold, bought, out),
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

/// The buildings (and monuments) a pending build step offers.
fn build_options(s: &State, seat: usize, top: Pending, out: &mut Vec<Command>) {
    let Pending::Build {
        left,
        monument,
        corn,
        arch,
        optional,
    } = top
    else {
        return;
    };
    let p = &s.players[seat];
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

/// The trades the market still offers: each resource sold or bought once.
fn market_options(s: &State, seat: usize, sold: u8, bought: u8, out: &mut Vec<Command>) {
    let p = &s.players[seat];
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

/// The double advance: light board, and no worker would be pushed off (rb L689-694).
pub fn double_advance_ok(s: &State, owner: usize) -> bool {
    s.players[owner].light
        && s.data.gears.iter().zip(s.gears.iter()).all(|(g, row)| {
            let o = row[g.blocker];
            o == EMPTY || (o == DUMMY && !s.rules.dummies_block)
        })
}
