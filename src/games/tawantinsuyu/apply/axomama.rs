//! Axomama, the solo opponent (L605-816): its turn (High Priest check, worker
//! placement by die roll, number-token actions), its fixed reactions, and its
//! answers to the decisions the shared rules put to it.

use super::super::command::Cmd;
use super::super::data::{HpAction, CORN, POTATO};
use super::super::state::{self, Ask, Item, State, Step};
use super::axomama_cells::*;
use super::effects;
use super::{effects::*, high_priest::*};
use crate::engine::{Event, Text};

pub(super) fn roll(s: &mut State) -> u32 {
    let die = s.d().solo.die.clone();
    let i = s.rng.below(die.len());
    die.get(i).copied().unwrap_or(1)
}

/// Axomama's choice among `n` options falls to chance: said, so it reveals.
pub(super) fn random_pick(ev: &mut Vec<Event>, n: usize) {
    bot_ev(
        ev,
        format!("Axomama picks at random among {n} options."),
        format!("악소마마가 {n}가지 중 무작위로 고릅니다."),
    );
}

pub(super) fn bot_ev(ev: &mut Vec<Event>, en: String, ko: String) {
    ev.push(Event::reveal(Text::new(en, ko)));
}

/// Solo setup after the human placed the High Priest: Axomama's High Priest a
/// die roll clockwise, and its free upper step in that section (L622-629).
pub fn place_priest(s: &mut State, human: usize, ev: &mut Vec<Event>) {
    if s.players.get(1).is_some_and(|x| x.priest.is_some()) {
        return;
    }
    let r = roll(s) as usize;
    let sec = (human + r) % 5;
    if let Some(ax) = s.players.get_mut(1) {
        ax.priest = Some(sec);
    }
    let d = s.data.arc().clone();
    if let Some(i) = (0..d.steps.len()).find(|&i| d.steps[i].section == sec && d.steps[i].upper) {
        if let Some(x) = s.steps.get_mut(i) {
            if x.is_none() {
                *x = Some(1);
                if let Some(ax) = s.players.get_mut(1) {
                    ax.steps_left = ax.steps_left.saturating_sub(1);
                }
            }
        }
    }
    bot_ev(
        ev,
        format!(
            "Axomama rolls {r}: its High Priest goes to {} and it builds a free step there.",
            s.action_at(sec).word()
        ),
        format!(
            "악소마마가 {r}을(를) 굴려 대제사장을 {}에 놓고 무료 계단을 놓습니다.",
            s.action_at(sec).ko()
        ),
    );
}

/// Keeps Axomama within its limits: at most 2 workers (excess removed at
/// random), and every 5 potatoes become 5 VP (L643-662).
pub fn tidy(s: &mut State, ev: &mut Vec<Event>) {
    if !s.solo {
        return;
    }
    let (per, vp) = s.d().solo.potato_conv;
    let cap = s.d().rules.worker_limit;
    while s.players.get(1).is_some_and(|x| x.workers.len() > cap) {
        let n = s.players.get(1).map(|x| x.workers.len()).unwrap_or(0);
        let i = s.rng.below(n);
        if let Some(ax) = s.players.get_mut(1) {
            ax.workers.remove(i);
        }
        bot_ev(
            ev,
            format!("Axomama may keep {cap} workers: one of its workers leaves at random."),
            format!("악소마마는 일꾼을 {cap}명까지 둘 수 있어 일꾼 하나가 무작위로 떠납니다."),
        );
    }
    if let Some(ax) = s.players.get_mut(1) {
        while per > 0 && ax.res[POTATO] >= per {
            ax.res[POTATO] -= per;
            ax.vp += vp;
        }
    }
}

/// Axomama receives a God card: instead the oldest Offering goes under the
/// deck, and it scores 1 VP (L648-651). The point is given for the card, in a
/// sentence of its own: with no Offerings nothing is removed, the point stands.
pub fn bot_god_card(s: &mut State, p: usize, ev: &mut Vec<Event>) {
    let cleared = if s.offerings.is_empty() {
        false
    } else {
        let g = s.offerings.remove(0);
        s.god_deck.insert(0, g);
        true
    };
    let vp = s.d().solo.god_gain_vp;
    if let Some(ax) = s.players.get_mut(p) {
        ax.vp += vp;
    }
    if cleared {
        say(
            ev,
            format!("Axomama clears the oldest Offering and scores {vp} VP."),
            format!("악소마마가 가장 오래된 제물을 치우고 승점 {vp}점을 받습니다."),
        );
    } else {
        say(
            ev,
            format!("Axomama would take a God card; the Offerings are empty, so it only scores {vp} VP."),
            format!("악소마마가 신 카드를 받을 차례지만 제물이 없어 승점 {vp}점만 받습니다."),
        );
    }
}

/// Axomama takes a worker: the Village's potato end, else a random Nomad,
/// with the hire reward of its colour; none left: the designed 2 VP (L643-674).
pub fn bot_worker(s: &mut State, p: usize, ev: &mut Vec<Event>) {
    let w = if !s.village.is_empty() {
        let w = s.village.remove(0);
        effects::check_village(s, ev);
        Some(w)
    } else if !s.nomads.is_empty() {
        let i = s.rng.below(s.nomads.len());
        let w = s.nomads.remove(i);
        effects::refill_nomads(s);
        bot_ev(
            ev,
            "The Village is empty: Axomama takes a Nomad at random.".into(),
            "마을이 비어 악소마마가 유목민 하나를 무작위로 데려갑니다.".into(),
        );
        Some(w)
    } else {
        None
    };
    match w {
        Some(w) => take_worker(s, p, w, ev),
        None => {
            let vp = s.d().solo.no_worker_vp;
            if let Some(ax) = s.players.get_mut(p) {
                ax.vp += vp;
            }
        }
    }
}

pub(super) fn take_worker(s: &mut State, p: usize, w: u8, ev: &mut Vec<Event>) {
    if let Some(ax) = s.players.get_mut(p) {
        ax.workers.push(w);
    }
    let reward = s
        .d()
        .solo
        .hire_reward
        .get(w as usize)
        .cloned()
        .unwrap_or_default();
    let name = super::super::data::WORKER_IDS
        .get(w as usize)
        .copied()
        .unwrap_or("?");
    bot_ev(
        ev,
        format!(
            "Axomama takes a {name} and its hire reward ({}).",
            reward.describe()
        ),
        format!("악소마마가 {name}을(를) 데려오고 고용 보상을 받습니다."),
    );
    gain_effect(s, p, &reward, ev);
    tidy(s, ev);
}

/// Does High Priest action `a` meet Axomama's activation condition (L685-693)?
/// Does Axomama's activation condition for `a` hold (L685-693)? It moves
/// its High Priest by it, and joins your activated actions by it too.
pub fn wants(s: &State, a: HpAction) -> bool {
    let d = s.d();
    let Some(ax) = s.players.get(1) else {
        return false;
    };
    let harder = s.readings.difficulty > 0;
    match a {
        HpAction::Sacrifice => ax.res[CORN] >= d.solo.sacrifice_min_corn,
        HpAction::Production => {
            ax.production.iter().filter(|b| b.1).count() >= d.solo.production_min
        }
        HpAction::Worship => {
            let min = if s.readings.difficulty < 0 {
                d.solo.easier_worship_min
            } else {
                d.solo.worship_min
            };
            ax.statues.len() >= min
        }
        HpAction::Conquest => {
            let soldiers = |a: u8| d.army.get(a as usize).map(|x| x.soldiers).unwrap_or(0);
            let army: u32 = ax
                .army_front
                .iter()
                .filter(|x| x.1)
                .map(|x| soldiers(x.0))
                .sum::<u32>()
                + ax.army_hand.iter().map(|&a| soldiers(a)).sum::<u32>();
            let c = s.casualties.len() as u32;
            army > c || (harder && army == c)
        }
        HpAction::Recover => {
            ax.production.iter().filter(|b| !b.1).count()
                + ax.army_front.iter().filter(|x| !x.1).count()
                >= d.solo.recover_min
        }
    }
}

pub(super) fn discard_offerings(s: &mut State, vp_each: u32) -> u32 {
    let mut n = 0;
    for _ in 0..2 {
        if s.offerings.is_empty() {
            break;
        }
        let g = s.offerings.remove(0);
        s.god_deck.insert(0, g);
        n += 1;
    }
    if let Some(ax) = s.players.get_mut(1) {
        ax.vp += n * vp_each;
    }
    n
}

pub(super) fn army_card(s: &mut State) {
    if let Some(a) = effects::draw_army(s) {
        if let Some(ax) = s.players.get_mut(1) {
            ax.army_hand.push(a);
        }
    }
}

/// Step 1 of Axomama's turn: the High Priest check, the nearer of the next 2
/// spaces whose condition holds. Whether the High Priest moved (the turn ends).
pub(super) fn high_priest_check(s: &mut State, p: usize, at: usize, ev: &mut Vec<Event>) -> bool {
    let d = s.data.arc().clone();
    for k in 1..=2 {
        let sec = (at + k) % 5;
        let a = s.action_at(sec);
        if wants(s, a) {
            if let Some(ax) = s.players.get_mut(p) {
                ax.priest = Some(sec);
            }
            army_card(s);
            discard_offerings(s, 0);
            if s.readings.difficulty > 0 {
                if let Some(ax) = s.players.get_mut(p) {
                    ax.vp += d.solo.harder_hp_vp;
                }
            }
            bot_ev(
                ev,
                format!("Axomama moves its High Priest to {}.", a.word()),
                format!("악소마마가 대제사장을 {}(으)로 옮깁니다.", a.ko()),
            );
            s.stack.push(Item::Do(p, Step::Activate(a)));
            return true;
        }
    }
    false
}

/// Step 2 of Axomama's turn, when it has no workers: it recruits, clears
/// Offerings and moves its High Priest (L770-778).
pub(super) fn recruit_without_workers(s: &mut State, p: usize, at: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    if !s.nomads.is_empty() {
        let i = s.rng.below(s.nomads.len());
        let w = s.nomads.remove(i);
        effects::refill_nomads(s);
        take_worker(s, p, w, ev);
    }
    discard_offerings(s, 1);
    if s.readings.difficulty >= 0 {
        army_card(s);
    }
    if let Some(ax) = s.players.get_mut(p) {
        ax.priest = Some((at + 1) % 5);
        if s.readings.difficulty > 0 {
            ax.vp += d.solo.harder_no_worker_vp;
        }
    }
    bot_ev(
        ev,
        "Axomama has no workers: it recruits, clears Offerings and moves its High Priest.".into(),
        "악소마마는 일꾼이 없어 모집하고 제물을 치우고 대제사장을 옮깁니다.".into(),
    );
}

/// Axomama's turn (L675-744).
pub fn turn(s: &mut State, p: usize, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    s.stack.push(Item::Do(p, Step::NextTurn));
    let at = s.players.get(p).and_then(|x| x.priest).unwrap_or(0);
    if high_priest_check(s, p, at, ev) {
        return;
    }
    if s.players.get(p).is_none_or(|x| x.workers.is_empty()) {
        recruit_without_workers(s, p, at, ev);
        return;
    }
    // 3. Place a worker.
    let r = roll(s);
    s.axo.last_roll = r;
    let n = s.players.get(p).map(|x| x.workers.len()).unwrap_or(0);
    let wi = if s.axo.placed_once { 0 } else { s.rng.below(n) };
    s.axo.placed_once = true;
    let worker = s
        .players
        .get_mut(p)
        .map(|x| x.workers.remove(wi.min(n.saturating_sub(1))))
        .unwrap_or(0);
    let slot = (r as usize).saturating_sub(1).min(3);
    let mut card = s.axo.slots.get(slot).copied();
    let pref = s.festivals_done.min(2);
    let mut space = None;
    for _ in 0..50 {
        let Some(c) = card else { break };
        let sym = d.gods.get(c as usize).map(|g| g.symbol).unwrap_or(0);
        space = find_space(s, p, sym, pref);
        if space.is_some() {
            break;
        }
        // No match anywhere: draw another card; the old one joins the Offerings (L712-714).
        to_offerings(s, c, ev);
        card = draw_god(s);
        if let Some(x) = s.axo.slots.get_mut(slot) {
            *x = card.unwrap_or(0);
        }
    }
    if let Some(sp) = space {
        let (_, owners) = state::food_cost(s, p, sp, false);
        if let Some(h) = s.hill.get_mut(sp) {
            *h = Some(worker);
        }
        if let Some(spd) = d.spaces.get(sp) {
            if let Some(seg) = s.segment_used.get_mut(spd.section * 3 + spd.terrace) {
                *seg = true;
            }
        }
        for o in owners {
            if o as usize != p {
                if let Some(pl) = s.players.get_mut(o as usize) {
                    pl.vp += d.rules.step_use_vp;
                }
            }
        }
        bot_ev(
            ev,
            format!(
                "Axomama rolls {r} and places a worker on {}.",
                d.spaces.get(sp).map(|x| x.id.as_str()).unwrap_or("?")
            ),
            format!(
                "악소마마가 {r}을(를) 굴려 {}에 일꾼을 놓습니다.",
                d.spaces.get(sp).map(|x| x.id.as_str()).unwrap_or("?")
            ),
        );
        if let Some(c) = card {
            let sym = d.gods.get(c as usize).map(|g| g.symbol as u8);
            if s.players
                .get(p)
                .is_some_and(|x| x.statues.iter().any(|st| Some(st.0) == sym))
            {
                if let Some(ax) = s.players.get_mut(p) {
                    ax.vp += d.solo.statue_bonus_vp;
                }
            }
            to_offerings(s, c, ev);
            let new = draw_god(s);
            if let Some(x) = s.axo.slots.get_mut(slot) {
                *x = new.unwrap_or(c);
            }
        }
    } else if let Some(ax) = s.players.get_mut(p) {
        ax.workers.insert(0, worker);
    }
    token_actions(s, p, r, ev);
    tidy(s, ev);
}

/// Steps 4-5 of Axomama's turn for die result `r` (L720-744): the actions
/// under the number tokens showing `r`, top row first, then those tokens move
/// `r` cells clockwise.
pub fn token_actions(s: &mut State, p: usize, r: u32, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let mut cells: Vec<usize> = d
        .solo
        .tokens
        .iter()
        .zip(&s.axo.tokens)
        .filter(|(t, _)| t.0 == r)
        .map(|(_, &c)| c)
        .collect();
    cells.sort_by_key(|&c| (d.solo.cells.get(c).map(|x| x.row).unwrap_or(0), c));
    for c in cells {
        // The personality cell is covered by the token: it acts when a number
        // token lands on it (below), not when the token there is rolled.
        if c != d.solo.personality_cell {
            cell_action(s, p, c, ev);
        }
    }
    // 5. Move those tokens clockwise by their value.
    let ncells = d.solo.cells.len().max(1);
    for (i, t) in d.solo.tokens.iter().enumerate() {
        if t.0 == r {
            let mut landed = false;
            if let Some(c) = s.axo.tokens.get_mut(i) {
                *c = (*c + t.0 as usize) % ncells;
                landed = *c == d.solo.personality_cell;
            }
            if landed {
                personality(s, p, ev);
            }
        }
    }
    tidy(s, ev);
}

/// The space for Axomama: the preferred terrace, then above, then below; the
/// cheapest section + descent cost; ties at random (L703-711).
pub(super) fn find_space(s: &mut State, p: usize, sym: usize, pref: usize) -> Option<usize> {
    let d = s.data.arc().clone();
    let mut order = vec![pref];
    if pref > 0 {
        order.push(pref - 1);
    }
    if pref < 2 {
        order.push(pref + 1);
    }
    for t in 0..3 {
        if !order.contains(&t) {
            order.push(t);
        }
    }
    for t in order {
        let cands: Vec<(u32, usize)> = (0..d.spaces.len())
            .filter(|&i| {
                d.spaces[i].terrace == t
                    && d.spaces[i].symbol == sym
                    && s.hill.get(i) == Some(&None)
            })
            .map(|i| (state::food_cost(s, p, i, false).0, i))
            .collect();
        if let Some(min) = cands.iter().map(|c| c.0).min() {
            let best: Vec<usize> = cands.iter().filter(|c| c.0 == min).map(|c| c.1).collect();
            let k = s.rng.below(best.len());
            return best.get(k).copied();
        }
    }
    None
}

/// Axomama performs an activated High Priest action as the active player.
pub fn bot_hp(s: &mut State, p: usize, action: HpAction, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    s.stack.push(Item::Do(
        p,
        Step::HpOthers {
            action,
            active_did: true,
        },
    ));
    if s.readings.difficulty > 0 && matches!(action, HpAction::Worship | HpAction::Sacrifice) {
        advance_temple(s, p, 1, ev);
    }
    match action {
        HpAction::Worship => s.stack.push(Item::Ask(p, Ask::Worship { active: true })),
        HpAction::Sacrifice => s.stack.push(Item::Ask(p, Ask::Sacrifice { active: true })),
        HpAction::Recover => {
            if let Some(ax) = s.players.get_mut(p) {
                ax.production.iter_mut().for_each(|b| b.1 = true);
                ax.army_front.iter_mut().for_each(|a| a.1 = true);
            }
            say(
                ev,
                "Axomama recovers everything for free.",
                "악소마마가 모든 것을 무료로 회복합니다.",
            );
        }
        HpAction::Production => s.stack.push(Item::Ask(
            p,
            Ask::Produce {
                active: true,
                flip_left: true,
                used: false,
            },
        )),
        HpAction::Conquest => {}
    }
    let _ = d;
}

/// Axomama's answer to a decision the shared rules put to it.
pub fn bot_pick(s: &mut State, p: usize, ask: &Ask, legal: &[Cmd], ev: &mut Vec<Event>) -> Cmd {
    let d = s.data.arc().clone();
    let first = legal.first().cloned().unwrap_or(Cmd::Pass);
    match ask {
        Ask::PutTile { tile } => Cmd::Put(*tile, best_target(s, p, *tile)),
        Ask::Leftover => {
            // Buys 1 leftover if it needs no new tapestry and it has 2+ corn (L752-754).
            let corn = s.players.get(p).map(|x| x.res[CORN]).unwrap_or(0);
            let taps = s
                .players
                .get(p)
                .map(|x| x.tapestries.clone())
                .unwrap_or_default();
            let fitting: Vec<u8> = s
                .offer
                .tiles
                .iter()
                .copied()
                .filter(|&t| state::tile_targets(&d, &taps, t).len() > 1)
                .collect();
            match best_tile(s, p, &fitting) {
                Some(t)
                    if corn >= d.solo.leftover_min_corn && legal.contains(&Cmd::Buy(vec![t])) =>
                {
                    Cmd::Buy(vec![t])
                }
                _ => Cmd::Pass,
            }
        }
        Ask::Choice { alts } => {
            let workers = s.players.get(p).map(|x| x.workers.len()).unwrap_or(0);
            let wi = alts.iter().position(|a| a.workers > 0);
            match wi {
                Some(i) if workers <= 1 => Cmd::Choose(i),
                Some(i) => Cmd::Choose(if i == 0 { 1.min(alts.len() - 1) } else { 0 }),
                None => first,
            }
        }
        Ask::Statue { large, .. } => {
            let sym = statue_symbol(s, *large, ev);
            let c = Cmd::Statue(*large, sym);
            if legal.contains(&c) {
                c
            } else {
                first
            }
        }
        Ask::Optional { .. } => {
            if legal.contains(&Cmd::Pay(true)) {
                Cmd::Pay(true)
            } else {
                Cmd::Pay(false)
            }
        }
        _ => bot_pick_more(s, p, ask, legal, ev),
    }
}

/// `bot_pick` continued: the arms after `bot_pick`.
pub(super) fn bot_pick_more(
    s: &mut State,
    p: usize,
    ask: &Ask,
    legal: &[Cmd],
    ev: &mut Vec<Event>,
) -> Cmd {
    let d = s.data.arc().clone();
    let first = legal.first().cloned().unwrap_or(Cmd::Pass);
    match ask {
        Ask::Worship { .. } => legal
            .iter()
            .find(|c| matches!(c, Cmd::Worship(Some(_), Some(_))))
            .or_else(|| legal.iter().find(|c| matches!(c, Cmd::Worship(..))))
            // Joining: exactly 1 space either way, so the small statue goes.
            .or_else(|| {
                legal
                    .iter()
                    .find(|c| matches!(c, Cmd::JoinWorship(false, _)))
            })
            .cloned()
            .unwrap_or(first),
        Ask::Sacrifice { .. } => {
            // Gold only when really necessary (L731-732): the highest level
            // its corn pays, else the lowest one gold helps to pay.
            let corn = s.players.get(p).map(|x| x.res[CORN]).unwrap_or(0);
            let by_corn = |c: &&Cmd| match c {
                Cmd::Sacrifice(k) => d
                    .rules
                    .sacrifice_active
                    .get(usize::from(*k).saturating_sub(1))
                    .is_some_and(|x| x.0 <= corn),
                _ => false,
            };
            legal
                .iter()
                .rev()
                .find(by_corn)
                .or_else(|| legal.iter().find(|c| matches!(c, Cmd::Sacrifice(_))))
                .cloned()
                .unwrap_or(first)
        }
        Ask::Deploy { free } => {
            // A card is laid only when it is free or a potato pays it: gold is
            // never needed to deploy (L731-732).
            let potatoes = s.players.get(p).map(|x| x.res[POTATO]).unwrap_or(0);
            if *free > 0 || potatoes >= d.rules.conquest_deploy_potato {
                first
            } else {
                Cmd::Deploy(None)
            }
        }
        Ask::Conquer => {
            let best = legal.iter().filter_map(|c| match c {
                Cmd::Conquer { space, .. } => d
                    .conquest
                    .get(*space as usize)
                    .map(|x| (x.flip + x.discard, x.position, c)),
                _ => None,
            });
            best.max_by_key(|x| (x.0, x.1))
                .map(|x| x.2.clone())
                .unwrap_or(Cmd::Pass)
        }
        Ask::Casualty => {
            if s.village.is_empty() && legal.len() > 1 {
                let i = s.rng.below(legal.len());
                random_pick(ev, legal.len());
                legal.get(i).cloned().unwrap_or(first)
            } else {
                first
            }
        }
        Ask::DeploySecret { free } => {
            let potatoes = s.players.get(p).map(|x| x.res[POTATO]).unwrap_or(0);
            let most =
                (potatoes / d.rules.conquest_deploy_potato.max(1)) as usize + usize::from(*free);
            legal
                .iter()
                .filter_map(|c| match c {
                    Cmd::DeployAll(v) if v.len() <= most => Some((v.len(), c)),
                    _ => None,
                })
                .max_by_key(|x| x.0)
                .map(|x| x.1.clone())
                .unwrap_or(first)
        }
        Ask::Nomad => {
            let i = s.rng.below(legal.len());
            random_pick(ev, legal.len());
            legal.get(i).cloned().unwrap_or(first)
        }
        _ => first,
    }
}

/// Festival step 1 for Axomama: VP per weaving instead of the merchant (L779-781).
pub fn festival_weavings(s: &mut State, q: usize, ev: &mut Vec<Event>) {
    let d = s.d();
    let per = if s.readings.difficulty > 0 {
        d.solo.harder_festival_vp_per_weaving
    } else {
        d.solo.festival_vp_per_weaving
    };
    let n: u32 = s
        .players
        .get(q)
        .map(|x| x.tapestries.iter().map(|t| t.len() as u32).sum())
        .unwrap_or(0);
    if let Some(ax) = s.players.get_mut(q) {
        ax.vp += n * per;
    }
    say(
        ev,
        format!("Axomama scores {} VP for its weavings.", n * per),
        format!("악소마마가 직조물로 승점 {}점을 받습니다.", n * per),
    );
}

/// Festival card draw for Axomama: 2 VP if it is behind you (L784-785).
pub fn festival_card_draw(s: &mut State, q: usize, ev: &mut Vec<Event>) {
    let behind =
        s.players.get(q).map(|x| x.vp).unwrap_or(0) < s.players.first().map(|x| x.vp).unwrap_or(0);
    if behind {
        let vp = s.d().solo.festival_behind_vp;
        if let Some(ax) = s.players.get_mut(q) {
            ax.vp += vp;
        }
        say(
            ev,
            format!("Axomama is behind and scores {vp} VP."),
            format!("악소마마가 뒤처져 승점 {vp}점을 받습니다."),
        );
    }
}

/// Before final scoring: a last Recover and, with statues, a last Worship (L786-790).
pub fn last_actions(s: &mut State, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    if let Some(ax) = s.players.get_mut(1) {
        ax.production.iter_mut().for_each(|b| b.1 = true);
        ax.army_front.iter_mut().for_each(|a| a.1 = true);
    }
    let statues = s
        .players
        .get(1)
        .map(|x| x.statues.clone())
        .unwrap_or_default();
    let mut steps = 0;
    if let Some(i) = statues.iter().position(|x| x.1) {
        steps += d.rules.worship_large;
        if let Some(ax) = s.players.get_mut(1) {
            ax.statues.remove(i);
        }
    }
    let statues = s
        .players
        .get(1)
        .map(|x| x.statues.clone())
        .unwrap_or_default();
    if let Some(i) = statues.iter().position(|x| !x.1) {
        steps += d.rules.worship_small;
        if let Some(ax) = s.players.get_mut(1) {
            ax.statues.remove(i);
        }
    }
    say(
        ev,
        "Axomama makes a last Recover and Worship.",
        "악소마마가 마지막 회복과 숭배를 합니다.",
    );
    // With every temple reward of the spaces passed (L667-670): they are
    // resolved before the final scoring, which waits on the stack.
    if steps > 0 {
        effects::advance_temple(s, 1, steps, ev);
    }
}

/// Harder level: +1 VP per remaining resource at the end (L814-816).
pub fn final_bonus(s: &mut State, _ev: &mut [Event]) {
    if s.readings.difficulty > 0 {
        if let Some(ax) = s.players.get_mut(1) {
            ax.vp += ax.res.iter().sum::<u32>();
        }
    }
}
