//! What may be done: the legal commands of each decision and the check of a
//! command against them. The rule arithmetic they rest on (payments, food,
//! task counts and orders, tile places, soldiers) is in `state.rs`.

use super::command::{Bld, Cmd, Item as FlipItem};
use super::data::{CORN, GOLD, POTATO, PRIEST, STONE, WARRIOR};
use super::state::{
    bld_cost, can_pay, can_pay_food, festival_short, food, food_mixes, market, open_steps,
    soldiers_ok, task_sequences, tile_targets, Ask, Player, State,
};

mod why;
pub use why::why_illegal;

/// Every legal command of `p` for `ask`.
pub fn legal_for(s: &State, p: usize, ask: &Ask) -> Vec<Cmd> {
    let d = s.d();
    let Some(pl) = s.players.get(p) else {
        return vec![];
    };
    let mut out = Vec::with_capacity(if matches!(ask, Ask::Main) { 512 } else { 16 });
    match ask {
        Ask::Keep => {
            let k = d.rules.god_cards_kept.min(pl.dealt.len());
            for mut v in choose(&pl.dealt, k) {
                v.sort();
                out.push(Cmd::Keep(v));
            }
        }
        Ask::UseCards { festival, left } => {
            let pool = if *festival { &pl.gods } else { &pl.dealt };
            if *left > 0 {
                for &g in pool {
                    let ok = d
                        .gods
                        .get(g as usize)
                        .is_some_and(|c| can_pay(&pl.res, &c.cost));
                    if ok && !out.contains(&Cmd::Use(g)) {
                        out.push(Cmd::Use(g));
                    }
                }
            }
            if *festival || out.is_empty() {
                out.push(Cmd::UseDone);
            }
        }
        Ask::StartWeaving => out.extend(s.start_weavings.iter().map(|&t| Cmd::Start(t))),
        Ask::PriestStart => out.extend(super::data::HP_ACTIONS.iter().map(|a| Cmd::Begin(a.0))),
        Ask::Main => {
            if !s.turn.placed && s.turn.subs.is_empty() {
                place_options(s, p, &mut out);
            }
            main_others(s, p, &mut out);
        }
        other => {
            legal_rest(s, p, other, &mut out);
            if free_actions_allowed(s, p, other) && !out.is_empty() {
                free_actions(s, p, &mut out);
            } else if trade_allowed(s, p, other) && !out.is_empty() {
                z15_trades(s, p, &mut out);
            }
        }
    }
    out
}

/// Free actions may be taken at any moment of one's own turn (L164-167): at
/// the decisions of the turn where something is paid or chosen.
pub fn free_actions_allowed(s: &State, p: usize, ask: &Ask) -> bool {
    // The Festival is held at the start of the holder's turn (L497): the
    // holder's Festival decisions are part of that turn, the others' are not.
    p == s.current
        && !s.is_bot(p)
        && matches!(
            ask,
            Ask::UseCards { festival: true, .. }
                | Ask::Feed
                | Ask::Choice { .. }
                | Ask::Tasks { .. }
                | Ask::MoreTasks { .. }
                | Ask::Build { .. }
                | Ask::Statue { paid: true, .. }
                | Ask::Buy
                | Ask::Bonus { .. }
                | Ask::Produce1
                | Ask::Optional { .. }
                | Ask::Sacrifice { active: true }
                | Ask::Produce { active: true, .. }
                | Ask::Deploy { .. }
                | Ask::Recover { .. }
        )
}

/// The sub-actions and free actions of the main choice.
fn main_others(s: &State, p: usize, out: &mut Vec<Cmd>) {
    let Some(pl) = s.players.get(p) else { return };
    let subs = &s.turn.subs;
    if !s.turn.placed && subs.len() < 2 {
        // Sub-actions, each at most once: 0 priest, 1 pray, 2 train, 3 recruit.
        if !subs.contains(&0) {
            if let Some(at) = pl.priest {
                out.push(Cmd::Priest(s.action_at((at + 1) % 5)));
                out.push(Cmd::Priest(s.action_at((at + 2) % 5)));
            }
        }
        if !subs.contains(&1) {
            out.push(Cmd::Pray);
        }
        if !subs.contains(&2) {
            out.push(Cmd::Train);
        }
        if !subs.contains(&3) {
            let types = kinds(&s.nomads);
            if types.is_empty() {
                out.push(Cmd::Recruit(None));
            }
            out.extend(types.into_iter().map(|t| Cmd::Recruit(Some(t))));
        }
    }
    free_actions(s, p, out);
}

fn legal_rest(s: &State, p: usize, ask: &Ask, out: &mut Vec<Cmd>) {
    let d = s.d();
    let Some(pl) = s.players.get(p) else { return };
    match ask {
        Ask::Bonus { card } => {
            bonus_options(s, p, *card, out);
            out.push(Cmd::Bonus(false));
        }
        Ask::WarriorTake { space } => {
            if let Some(sp) = d.spaces.get(*space as usize) {
                for &a in &sp.adjacent {
                    if matches!(s.hill.get(a), Some(Some(w)) if *w != WARRIOR) {
                        out.push(Cmd::Take(a as u8));
                    }
                }
            }
        }
        Ask::Tasks { space, count } => {
            if let Some(sp) = d.spaces.get(*space as usize) {
                out.extend(
                    task_sequences(&sp.tasks, *count as usize)
                        .into_iter()
                        .map(Cmd::Tasks),
                );
            }
            // The statue bonus may be taken before the tasks (L242).
            if let Some(card) = s.turn.bonus.filter(|_| p == s.current) {
                bonus_options(s, p, card, out);
            }
        }
        Ask::MoreTasks { space, count, done } => {
            if let Some(sp) = d.spaces.get(*space as usize) {
                // Continuations of the tasks done that keep the distribution even.
                out.extend(
                    task_sequences(&sp.tasks, *count as usize)
                        .into_iter()
                        .filter(|v| v.len() > done.len() && v.starts_with(done))
                        .map(|v| Cmd::Tasks(v.get(done.len()..).unwrap_or_default().to_vec())),
                );
                out.push(Cmd::Tasks(vec![]));
            }
        }
        Ask::Food { food, potato } => out.extend(
            food_mixes(&pl.res, *food, *potato, 0)
                .into_iter()
                .map(Cmd::Food),
        ),
        Ask::StepSpace => out.extend(open_steps(s).into_iter().map(Cmd::Step)),
        Ask::Build { swapped } => {
            for b in market(s) {
                if can_pay(&pl.res, &bld_cost(s, b)) {
                    out.push(Cmd::Build(Some(b)));
                }
            }
            if !swapped {
                let mut cards = pl.gods.clone();
                cards.sort();
                cards.dedup();
                let m = market(s);
                for &g in &cards {
                    for (i, &a) in m.iter().enumerate() {
                        out.push(Cmd::Swap(g, vec![a]));
                        for (j, &b) in m.iter().enumerate() {
                            // Two of one pile go under it in the order chosen (L310);
                            // one of each pile has no order to choose.
                            if j > i || (j < i && same_pile(a, b)) {
                                out.push(Cmd::Swap(g, vec![a, b]));
                            }
                        }
                    }
                }
            }
            out.push(Cmd::Build(None));
        }
        Ask::Statue { paid, large } => {
            for (sym, &(small_n, large_n)) in s.statues.iter().enumerate() {
                let sym = sym as u8;
                if *paid {
                    if small_n > 0 && can_pay(&pl.res, &d.rules.statue_small_cost) {
                        out.push(Cmd::Statue(false, sym));
                    }
                    if large_n > 0 && can_pay(&pl.res, &d.rules.statue_large_cost) {
                        out.push(Cmd::Statue(true, sym));
                    }
                } else if (*large && large_n > 0) || (!*large && small_n > 0) {
                    out.push(Cmd::Statue(*large, sym));
                }
            }
        }
        Ask::DropTile { .. } => out.extend(s.offer.tiles.iter().map(|&t| Cmd::Drop(t))),
        _ => legal_weavings_and_sources(s, p, ask, out),
    }
}

/// `legal_rest` continued: the arms after `legal_rest`.
fn legal_weavings_and_sources(s: &State, p: usize, ask: &Ask, out: &mut Vec<Cmd>) {
    let d = s.d();
    let Some(pl) = s.players.get(p) else { return };
    match ask {
        Ask::Buy => {
            for pick in subsets(&s.offer.tiles, 3) {
                let price = if pick.is_empty() {
                    0
                } else {
                    d.rules
                        .weaving_prices_corn
                        .get(pick.len() - 1)
                        .copied()
                        .unwrap_or(u32::MAX / 2)
                };
                if can_pay(&pl.res, &[0, price, 0, 0]) {
                    out.push(Cmd::Buy(pick));
                }
            }
        }
        Ask::PutTile { tile } => out.extend(
            tile_targets(d, &pl.tapestries, *tile)
                .into_iter()
                .map(|t| Cmd::Put(*tile, t)),
        ),
        Ask::Leftover => {
            if can_pay(&pl.res, &[0, d.rules.weaving_leftover_price_corn, 0, 0]) {
                out.extend(s.offer.tiles.iter().map(|&t| Cmd::Buy(vec![t])));
            }
            out.push(Cmd::Pass);
        }
        Ask::TrainKeep { cards } => out.extend(cards.iter().map(|&a| Cmd::KeepArmy(a))),
        Ask::Produce1 => {
            for &(b, up) in &pl.production {
                push_produce(s, pl, b, up, out);
            }
        }
        Ask::GodSource => {
            if !s.god_deck.is_empty() || !s.offerings.is_empty() {
                out.push(Cmd::God(None));
            }
            for &g in &s.offerings {
                if !out.contains(&Cmd::God(Some(g))) {
                    out.push(Cmd::God(Some(g)));
                }
            }
        }
        Ask::FreeWeaving => {
            if !s.weaving_pile.is_empty() {
                out.push(Cmd::Weaving(false));
            }
            if s.weaving_pile.len() >= 2 {
                out.push(Cmd::Weaving(true));
            }
        }
        Ask::Nomad => {
            let types = kinds(&s.nomads);
            out.extend(types.into_iter().map(Cmd::Worker));
        }
        _ => legal_recovery_and_worship(s, p, ask, out),
    }
}

/// `legal_rest` continued: the arms after `legal_weavings_and_sources`.
fn legal_recovery_and_worship(s: &State, p: usize, ask: &Ask, out: &mut Vec<Cmd>) {
    let d = s.d();
    let Some(pl) = s.players.get(p) else { return };
    match ask {
        Ask::Recover {
            free,
            cost,
            buildings_only,
            ..
        } => {
            let payable = *free > 0 || recover_payable(&pl.res, cost);
            if payable {
                for &(b, up) in &pl.production {
                    if !up && !out.contains(&Cmd::Recover(Some(FlipItem::Bld(b)))) {
                        out.push(Cmd::Recover(Some(FlipItem::Bld(b))));
                    }
                }
                if !buildings_only {
                    for &(a, up) in &pl.army_front {
                        if !up {
                            out.push(Cmd::Recover(Some(FlipItem::Army(a))));
                        }
                    }
                }
            }
            if !out.is_empty() {
                out.push(Cmd::Recover(None));
            }
        }
        Ask::Choice { alts } => out.extend((0..alts.len()).map(Cmd::Choose)),
        // Z16: one production building or army card, free.
        Ask::Z16Recover { .. } => legal_rest(s, p, &Z16_RECOVER, out),
        Ask::Optional { pay, .. } => {
            if can_pay(&pl.res, pay) {
                out.push(Cmd::Pay(true));
            }
            out.push(Cmd::Pay(false));
        }
        Ask::HpChoice { .. } => {
            out.push(Cmd::Perform);
            out.push(Cmd::Gold);
        }
        Ask::Worship { active } => {
            let mut larges: Vec<u8> = pl.statues.iter().filter(|x| x.1).map(|x| x.0).collect();
            let mut smalls: Vec<u8> = pl.statues.iter().filter(|x| !x.1).map(|x| x.0).collect();
            larges.sort();
            larges.dedup();
            smalls.sort();
            smalls.dedup();
            if *active {
                for &l in &larges {
                    out.push(Cmd::Worship(Some(l), None));
                    for &sm in &smalls {
                        out.push(Cmd::Worship(Some(l), Some(sm)));
                    }
                }
                for &sm in &smalls {
                    out.push(Cmd::Worship(None, Some(sm)));
                }
            } else {
                out.extend(larges.iter().map(|&l| Cmd::JoinWorship(true, l)));
                out.extend(smalls.iter().map(|&sm| Cmd::JoinWorship(false, sm)));
            }
            out.push(Cmd::Pass);
        }
        Ask::Sacrifice { active } => {
            if *active {
                for (i, &(corn, _)) in d.rules.sacrifice_active.iter().enumerate() {
                    if can_pay(&pl.res, &[0, corn, 0, 0]) {
                        out.push(Cmd::Sacrifice(i as u8 + 1));
                    }
                }
            } else if can_pay(&pl.res, &[0, d.rules.sacrifice_other.0, 0, 0]) {
                // The others advance exactly 1 space for 3 corn (L402-403).
                out.push(Cmd::JoinSacrifice(1));
            }
            out.push(Cmd::Pass);
        }
        _ => legal_army_and_workers(s, p, ask, out),
    }
}

/// `legal_rest` continued: the arms after `legal_recovery_and_worship`.
fn legal_army_and_workers(s: &State, p: usize, ask: &Ask, out: &mut Vec<Cmd>) {
    let d = s.d();
    let Some(pl) = s.players.get(p) else { return };
    match ask {
        Ask::Produce { flip_left, .. } => {
            for &(b, up) in &pl.production {
                push_produce(s, pl, b, up, out);
                if !up && *flip_left && !out.contains(&Cmd::FlipUp(b)) {
                    out.push(Cmd::FlipUp(b));
                }
            }
            if !out.is_empty() {
                out.push(Cmd::Produce(None));
            }
        }
        Ask::Casualty => {
            if !s.village.is_empty() {
                out.push(Cmd::Casualty(None, false));
                if s.village.len() > 1 {
                    out.push(Cmd::Casualty(None, true));
                }
            } else {
                let types = kinds(&s.nomads);
                out.extend(types.into_iter().map(|t| Cmd::Casualty(Some(t), false)));
            }
        }
        Ask::Deploy { free } => {
            if *free > 0 || can_pay(&pl.res, &[d.rules.conquest_deploy_potato, 0, 0, 0]) {
                out.extend(pl.army_hand.iter().map(|&a| Cmd::Deploy(Some(a))));
            }
            if !out.is_empty() {
                out.push(Cmd::Deploy(None));
            }
        }
        Ask::DeploySecret { free } => {
            for pick in subsets(&pl.army_hand, 8) {
                let cost = (pick.len() as u32).saturating_sub(u32::from(*free))
                    * d.rules.conquest_deploy_potato;
                if can_pay(&pl.res, &[cost, 0, 0, 0]) {
                    out.push(Cmd::DeployAll(pick));
                }
            }
        }
        Ask::Conquer => {
            if pl.markers_left > 0 {
                conquer_options(s, p, out);
            }
            if !out.is_empty() {
                out.push(Cmd::Pass);
            }
        }
        Ask::Hire => {
            if !s.village.is_empty() {
                let last = s.village.len() == 1;
                if can_pay(&pl.res, &[1, 0, 0, 0]) {
                    out.push(Cmd::Hire(Some(false)));
                }
                if can_pay(&pl.res, &[0, 1, 0, 0])
                    && (!last || !out.contains(&Cmd::Hire(Some(false))) || pl.res[CORN] > 0)
                {
                    out.push(Cmd::Hire(Some(true)));
                }
            }
            out.push(Cmd::Hire(None));
            free_actions(s, p, out);
        }
        Ask::Dismiss => {
            let types = kinds(&pl.workers);
            out.extend(types.into_iter().map(Cmd::Dismiss));
        }
        Ask::Feed => {
            let short = festival_short(d, pl);
            out.extend((0..=pl.res[GOLD].min(short)).map(Cmd::Feed));
        }
        _ => {}
    }
}

/// Z16's recovery: one production building or army card, free.
const Z16_RECOVER: Ask = Ask::Recover {
    left: 1,
    free: 1,
    cost: [0; 4],
    buildings_only: false,
};

/// The sub-lists of the first `most` of `items`, in the order of their bit
/// masks (item 0 is bit 0): none first, all last.
fn subsets(items: &[u8], most: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    let n = items.len().min(most);
    (0u32..(1 << n)).map(move |mask| {
        (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .filter_map(|i| items.get(i).copied())
            .collect()
    })
}

/// `produce b` for a face-up building whose input `pl` can pay (once).
fn push_produce(s: &State, pl: &Player, b: u8, up: bool, out: &mut Vec<Cmd>) {
    let input = s.d().production.get(b as usize).map(|x| &x.input);
    if up && input.is_some_and(|x| can_pay(&pl.res, x)) && !out.contains(&Cmd::Produce(Some(b))) {
        out.push(Cmd::Produce(Some(b)));
    }
}

/// Taking the statue bonus of `card`: all of it, or only some of its parts (L241-244).
fn bonus_options(s: &State, p: usize, card: u8, out: &mut Vec<Cmd>) {
    let d = s.d();
    let Some(pl) = s.players.get(p) else { return };
    let Some(c) = d.gods.get(card as usize) else {
        return;
    };
    if !can_pay(&pl.res, &c.cost) {
        return;
    }
    out.push(Cmd::Bonus(true));
    let parts = c.benefit.parts();
    if parts.len() >= 2 && parts.len() <= 6 {
        // Some parts: neither none nor all.
        let some = subsets(&parts, 6).filter(|v| !v.is_empty() && v.len() < parts.len());
        out.extend(some.map(Cmd::BonusParts));
    }
}

fn recover_payable(res: &[u32; 4], cost: &[u32; 4]) -> bool {
    if cost[POTATO] > 0 {
        // A food cost: potatoes or corn, gold as the joker (L409, L177).
        can_pay_food(res, cost[POTATO], 0, 0)
    } else {
        can_pay(res, cost)
    }
}

fn free_actions(s: &State, p: usize, out: &mut Vec<Cmd>) {
    let Some(pl) = s.players.get(p) else { return };
    out.extend(pl.army_hand.iter().map(|&a| Cmd::Cash(a)));
    z15_trades(s, p, out);
    // Z19: 1 potato, or the gold that replaces it (L596, L177).
    if s.has_passive(p, "potato_for_god_card")
        && pl.res[POTATO] + pl.res[GOLD] >= 1
        && (!s.god_deck.is_empty() || !s.offerings.is_empty())
    {
        out.push(Cmd::BuyGod);
    }
}

/// Z15 has no timing ("at will", L589): its owner may also exchange when
/// paying to join another player's action.
pub fn trade_allowed(s: &State, p: usize, ask: &Ask) -> bool {
    free_actions_allowed(s, p, ask)
        || (s.has_passive(p, "exchange_2s_1g_2c")
            && !s.is_bot(p)
            && matches!(
                ask,
                Ask::Sacrifice { active: false }
                    | Ask::Recover { .. }
                    | Ask::Leftover
                    | Ask::Deploy { .. }
            ))
}

fn z15_trades(s: &State, p: usize, out: &mut Vec<Cmd>) {
    let Some(pl) = s.players.get(p) else { return };
    if s.has_passive(p, "exchange_2s_1g_2c") {
        // 2 stone : 1 gold : 2 corn
        let unit = [0, 2, 2, 1];
        for a in [STONE, GOLD, CORN] {
            for b in [STONE, GOLD, CORN] {
                if a != b && pl.res[a] >= unit[a] {
                    out.push(Cmd::Trade(a, b));
                }
            }
        }
    }
}

/// Placement options: worker type (and role), empty space, card or gold, Priest's extra potato.
fn place_options(s: &State, p: usize, out: &mut Vec<Cmd>) {
    let d = s.d();
    let Some(pl) = s.players.get(p) else { return };
    let types = kinds(&pl.workers);
    // (worker, role) pairs: a worker's own role, or Porter/Priest with Z01/Z02.
    let mut roles: Vec<(u8, u8)> = Vec::new();
    let as_porter = s.has_passive(p, "place_as_porter");
    let as_priest = s.has_passive(p, "place_as_priest");
    for &w in &types {
        roles.push((w, w));
        if as_porter && w != super::data::PORTER {
            roles.push((w, super::data::PORTER));
        }
        if as_priest && w != PRIEST {
            roles.push((w, PRIEST));
        }
    }
    if roles.is_empty() {
        return;
    }
    let extra_potato = d.rules.priest_extra_task_potato;
    let mut pays: Vec<Option<u8>> = Vec::with_capacity(6);
    for (i, sp) in d.spaces.iter().enumerate() {
        if s.hill.get(i).copied().flatten().is_some() {
            continue;
        }
        let plain = food(s, p, i, false);
        let porter = food(s, p, i, true);
        pays.clear();
        for &g in &pl.gods {
            if d.gods
                .get(g as usize)
                .is_some_and(|c| c.symbol == sp.symbol)
                && !pays.contains(&Some(g))
            {
                pays.push(Some(g));
            }
        }
        pays.push(None);
        for &(w, role) in &roles {
            let food = if role == super::data::PORTER {
                porter
            } else {
                plain
            };
            for &card in &pays {
                let gold = u32::from(card.is_none());
                if can_pay_food(&pl.res, food, 0, gold) {
                    out.push(Cmd::Place {
                        worker: w,
                        role,
                        space: i as u8,
                        card,
                        extra: false,
                        food: None,
                    });
                }
                if role == PRIEST && can_pay_food(&pl.res, food, extra_potato, gold) {
                    out.push(Cmd::Place {
                        worker: w,
                        role,
                        space: i as u8,
                        card,
                        extra: true,
                        food: None,
                    });
                }
            }
        }
    }
}

/// Conquest options: each empty space with one representative choice of cards
/// per way of meeting the requirement (lowest card ids first).
fn conquer_options(s: &State, p: usize, out: &mut Vec<Cmd>) {
    let d = s.d();
    let Some(pl) = s.players.get(p) else { return };
    let soldiers = |a: u8| d.army.get(a as usize).map(|x| x.soldiers).unwrap_or(0);
    let mut ones: Vec<u8> = pl
        .army_front
        .iter()
        .filter(|x| x.1 && soldiers(x.0) == 1)
        .map(|x| x.0)
        .collect();
    let mut twos: Vec<u8> = pl
        .army_front
        .iter()
        .filter(|x| x.1 && soldiers(x.0) >= 2)
        .map(|x| x.0)
        .collect();
    ones.sort();
    twos.sort();
    let z13 = s.has_passive(p, "conquest_discount_1");
    for (i, c) in d.conquest.iter().enumerate() {
        if s.conquest.get(i).copied().flatten().is_some() {
            continue;
        }
        for f1 in 0..=ones.len() {
            for f2 in 0..=twos.len() {
                for d1 in 0..=ones.len() - f1 {
                    for d2 in 0..=twos.len() - f2 {
                        let flip: Vec<u8> = ones[..f1].iter().chain(&twos[..f2]).copied().collect();
                        let discard: Vec<u8> = ones[f1..f1 + d1]
                            .iter()
                            .chain(&twos[f2..f2 + d2])
                            .copied()
                            .collect();
                        let (fs, ds) = (soldiers_on(s, &flip), soldiers_on(s, &discard));
                        if soldiers_ok(&fs, &ds, c.flip, c.discard, z13) {
                            let mut flip = flip;
                            let mut discard = discard;
                            flip.sort();
                            discard.sort();
                            out.push(Cmd::Conquer {
                                space: i as u8,
                                flip,
                                discard,
                            });
                        }
                    }
                }
            }
        }
    }
}

/// Is `cmd` legal for `p` answering `ask`? Placements and conquests are checked
/// structurally (any equivalent choice of cards is accepted), the rest against
/// the legal list.
pub fn is_legal(s: &State, p: usize, ask: &Ask, cmd: &Cmd) -> bool {
    match (ask, cmd) {
        (
            Ask::Conquer,
            Cmd::Conquer {
                space,
                flip,
                discard,
            },
        ) => conquest_ok(s, p, *space, flip, discard),
        (Ask::Main, Cmd::Place { .. }) => {
            !s.turn.placed && s.turn.subs.is_empty() && place_ok(s, p, cmd, true)
        }
        (Ask::Main, _) => {
            let mut out = Vec::new();
            main_others(s, p, &mut out);
            out.contains(cmd)
        }
        _ => legal_for(s, p, ask).contains(cmd),
    }
}

/// A conquest marker on `space`, paid with a minimal choice of distinct
/// face-up army cards (A8; Z13 or the harder Axomama: one soldier fewer).
fn conquest_ok(s: &State, p: usize, space: u8, flip: &[u8], discard: &[u8]) -> bool {
    let (Some(pl), Some(c)) = (s.players.get(p), s.d().conquest.get(space as usize)) else {
        return false;
    };
    let mut all: Vec<u8> = flip.iter().chain(discard).copied().collect();
    let n = all.len();
    all.sort();
    all.dedup();
    pl.markers_left > 0
        && s.conquest.get(space as usize) == Some(&None)
        && all.len() == n
        && all.iter().all(|&a| pl.army_front.contains(&(a, true)))
        && soldiers_ok(
            &soldiers_on(s, flip),
            &soldiers_on(s, discard),
            c.flip,
            c.discard,
            s.has_passive(p, "conquest_discount_1"),
        )
}

/// The soldiers on each of `cards`.
fn soldiers_on(s: &State, cards: &[u8]) -> Vec<u32> {
    let soldiers = |a: u8| s.d().army.get(a as usize).map_or(0, |x| x.soldiers);
    cards.iter().map(|&a| soldiers(a)).collect()
}

/// The placement rules of one candidate (as `place_options` enumerates them),
/// with the food mix when it is given in the same command and `with_mix`.
pub(super) fn place_ok(s: &State, p: usize, cmd: &Cmd, with_mix: bool) -> bool {
    let &Cmd::Place {
        worker,
        role,
        space,
        card,
        extra,
        food: mix,
    } = cmd
    else {
        return false;
    };
    let (space, mix) = (space as usize, mix.filter(|_| with_mix));
    let d = s.d();
    let Some(pl) = s.players.get(p) else {
        return false;
    };
    let Some(sp) = d.spaces.get(space) else {
        return false;
    };
    let role_ok = role == worker
        || (role == super::data::PORTER && s.has_passive(p, "place_as_porter"))
        || (role == PRIEST && s.has_passive(p, "place_as_priest"));
    let card_ok = match card {
        Some(g) => {
            pl.gods.contains(&g)
                && d.gods
                    .get(g as usize)
                    .is_some_and(|c| c.symbol == sp.symbol)
        }
        None => true,
    };
    let food = food(s, p, space, role == super::data::PORTER);
    let potato = u32::from(extra) * d.rules.priest_extra_task_potato;
    let gold = u32::from(card.is_none());
    let food_ok = match mix {
        None => can_pay_food(&pl.res, food, potato, gold),
        Some(m) => food_mixes(&pl.res, food, potato, gold).contains(&m),
    };
    role_ok
        && card_ok
        && pl.workers.contains(&worker)
        && s.hill.get(space) == Some(&None)
        && (!extra || role == PRIEST)
        && food_ok
}

/// Every choice of `k` of `items`, in the lexicographic order of positions.
fn choose(items: &[u8], k: usize) -> Vec<Vec<u8>> {
    let Some((&first, rest)) = items.split_first().filter(|_| k > 0) else {
        return if k == 0 { vec![vec![]] } else { vec![] };
    };
    let mut out: Vec<Vec<u8>> = choose(rest, k - 1)
        .into_iter()
        .map(|v| [vec![first], v].concat())
        .collect();
    out.extend(choose(rest, k));
    out
}

/// The kinds among `items` (worker types), each once, in order.
fn kinds(items: &[u8]) -> Vec<u8> {
    let mut v = items.to_vec();
    v.sort();
    v.dedup();
    v
}

/// True when two market buildings go back under the same pile.
fn same_pile(a: Bld, b: Bld) -> bool {
    matches!(
        (a, b),
        (Bld::Prod(_), Bld::Prod(_)) | (Bld::Pass(_), Bld::Pass(_))
    )
}
