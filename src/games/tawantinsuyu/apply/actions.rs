//! What happens: the automatic steps (effects, tasks, High Priest actions, the
//! end of a turn, Festivals) and the result of every answered decision.

use super::super::command::{Bld, Cmd, Item as FlipItem, Names};
use super::super::data::{
    res_text, res_text_ko, Effect, HpAction, Task, CORN, GOLD, PORTER, POTATO, PRIEST, STONE,
    WARRIOR, WORKER_IDS,
};
use super::super::legal;
use super::super::scoring;
use super::super::state::{Ask, Item, State, Step, TurnState};
use crate::engine::{Event, Text};

pub fn say(ev: &mut Vec<Event>, en: impl Into<String>, ko: impl Into<String>) {
    ev.push(Event::public(Text::new(en, ko_names(ko.into()))));
}

pub fn reveal(ev: &mut Vec<Event>, en: impl Into<String>, ko: impl Into<String>) {
    ev.push(Event::reveal(Text::new(en, ko_names(ko.into()))));
}

/// Seat and worker names put in Korean in a Korean line.
pub fn ko_names(mut ko: String) -> String {
    if ko.contains("Player ") || ko.contains("Axomama") {
        ko = ko
            .replace("Player ", "플레이어 ")
            .replace("Axomama", "악소마마");
    }
    for (w, k) in WORKER_IDS
        .iter()
        .zip(["건축가", "운반인", "장인", "제사장", "전사"])
    {
        if ko.contains(w) {
            ko = ko.replace(w, k);
        }
    }
    ko
}

/// "a" or "an" before a worker type.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

pub fn who(s: &State, p: usize) -> String {
    if s.is_bot(p) {
        "Axomama".into()
    } else {
        format!("Player {}", p + 1)
    }
}

fn who_ko(s: &State, p: usize) -> String {
    if s.is_bot(p) {
        "악소마마".into()
    } else {
        format!("플레이어 {}", p + 1)
    }
}

fn push(s: &mut State, p: usize, step: Step) {
    s.stack.push(Item::Do(p, step));
}

fn ask(s: &mut State, p: usize, a: Ask) {
    s.stack.push(Item::Ask(p, a));
}

fn add_vp(s: &mut State, p: usize, n: u32) {
    if let Some(pl) = s.players.get_mut(p) {
        pl.vp += n;
    }
}

fn lose_vp(s: &mut State, p: usize, n: u32) {
    if let Some(pl) = s.players.get_mut(p) {
        pl.vp = pl.vp.saturating_sub(n);
    }
}

fn pay_or_keep(s: &mut State, p: usize, cost: &[u32; 4]) -> bool {
    let Some(pl) = s.players.get_mut(p) else {
        return false;
    };
    match legal::pay(&pl.res, cost) {
        Some(r) => {
            pl.res = r;
            true
        }
        None => false,
    }
}

/// Draws a random worker from the bag.
pub fn draw_worker(s: &mut State) -> Option<u8> {
    if s.bag.is_empty() {
        return None;
    }
    let i = s.rng.below(s.bag.len());
    Some(s.bag.swap_remove(i))
}

/// Draws the top army card, reshuffling the discards when the deck is empty.
pub fn draw_army(s: &mut State) -> Option<u8> {
    if s.army_deck.is_empty() {
        s.army_deck = std::mem::take(&mut s.army_discard);
        let mut deck = std::mem::take(&mut s.army_deck);
        s.rng.shuffle(&mut deck);
        s.army_deck = deck;
    }
    s.army_deck.pop()
}

/// Draws the top God card; an empty deck takes the Offerings reshuffled (A17).
pub fn draw_god(s: &mut State) -> Option<u8> {
    if s.god_deck.is_empty() {
        let mut deck = std::mem::take(&mut s.offerings);
        s.rng.shuffle(&mut deck);
        s.god_deck = deck;
    }
    s.god_deck.pop()
}

pub fn refill_nomads(s: &mut State) {
    let size = s.d().nomads_size[s.np().min(4)];
    while s.nomads.len() < size {
        match draw_worker(s) {
            Some(w) => s.nomads.push(w),
            None => break,
        }
    }
}

pub fn refill_market(s: &mut State) {
    while s.market_prod.len() < 2 {
        match s.prod_pile.pop() {
            Some(b) => s.market_prod.push(b),
            None => break,
        }
    }
    while s.market_pass.len() < 2 {
        match s.pass_pile.pop() {
            Some(b) => s.market_pass.push(b),
            None => break,
        }
    }
}

/// The Village became empty: the current player takes the Festival token and its VP (L493-495).
pub fn check_village(s: &mut State, ev: &mut Vec<Event>) {
    if s.village.is_empty()
        && s.festival_holder.is_none()
        && s.festivals_done < s.d().rules.festivals
    {
        let p = s.current;
        let vp = s
            .d()
            .rules
            .festival_trigger_vp
            .get(s.festivals_done)
            .copied()
            .unwrap_or(0);
        s.festival_holder = Some(p);
        add_vp(s, p, vp);
        say(
            ev,
            format!("The Village is empty: {} takes the Festival token and {vp} VP; Festival {} starts their next turn.", who(s, p), s.festivals_done + 1),
            format!("마을이 비었습니다: {}이(가) 축제 토큰과 승점 {vp}점을 받습니다. 축제 {}은(는) 다음 턴 시작에 진행됩니다.", who_ko(s, p), s.festivals_done + 1),
        );
    }
}

/// Gains an effect: immediate parts now, choices and draws as pending items
/// that resolve in the listed order.
pub fn gain_effect(s: &mut State, p: usize, e: &Effect, ev: &mut Vec<Event>) {
    if e.pay.iter().any(|&x| x > 0) {
        let rest = Effect {
            pay: [0; 4],
            ..e.clone()
        };
        ask(
            s,
            p,
            Ask::Optional {
                pay: e.pay,
                effect: rest,
            },
        );
        return;
    }
    let bot = s.is_bot(p);
    if let Some(pl) = s.players.get_mut(p) {
        for i in 0..4 {
            pl.res[i] += e.res[i];
        }
        pl.vp += e.vp;
    }
    if e.res.iter().any(|&x| x > 0) || e.vp > 0 {
        let mut en = res_text(&e.res);
        let mut ko = res_text_ko(&e.res);
        if e.vp > 0 {
            en = if e.res.iter().any(|&x| x > 0) {
                format!("{en} and {} VP", e.vp)
            } else {
                format!("{} VP", e.vp)
            };
            ko = if e.res.iter().any(|&x| x > 0) {
                format!("{ko}, 승점 {}점", e.vp)
            } else {
                format!("승점 {}점", e.vp)
            };
        }
        say(
            ev,
            format!("{} gains {en}.", who(s, p),),
            format!("{}이(가) {ko}을(를) 받습니다.", who_ko(s, p)),
        );
    }
    for _ in 0..e.army_cards {
        take_army(s, p, ev);
    }
    // Pending parts, pushed in reverse so that they resolve in order.
    if !e.choice.is_empty() {
        ask(
            s,
            p,
            Ask::Choice {
                alts: e.choice.clone(),
            },
        );
    }
    if !e.tasks.is_empty() {
        push(s, p, Step::Tasks(e.tasks.clone()));
    }
    for _ in 0..e.statue_large {
        ask(
            s,
            p,
            Ask::Statue {
                paid: false,
                large: true,
            },
        );
    }
    for _ in 0..e.statue_small {
        ask(
            s,
            p,
            Ask::Statue {
                paid: false,
                large: false,
            },
        );
    }
    if e.recover > 0 {
        ask(
            s,
            p,
            Ask::Recover {
                left: e.recover as u8,
                free: e.recover as u8,
                cost: [0; 4],
                buildings_only: false,
            },
        );
    }
    if e.temple > 0 {
        advance_temple(s, p, e.temple, ev);
    }
    for _ in 0..e.workers {
        if bot {
            super::axomama::bot_worker(s, p, ev);
        } else {
            ask(s, p, Ask::Nomad);
        }
    }
    for _ in 0..e.weavings {
        ask(s, p, Ask::FreeWeaving);
    }
    for _ in 0..e.train {
        push(s, p, Step::Train);
    }
    for _ in 0..e.god_cards {
        if bot {
            super::axomama::bot_god_card(s, p, ev);
        } else {
            ask(s, p, Ask::GodSource);
        }
    }
}

fn take_army(s: &mut State, p: usize, ev: &mut Vec<Event>) {
    if let Some(a) = draw_army(s) {
        if let Some(pl) = s.players.get_mut(p) {
            pl.army_hand.push(a);
        }
        let id = s
            .d()
            .army
            .get(a as usize)
            .map(|x| x.id.clone())
            .unwrap_or_default();
        reveal(
            ev,
            format!("{} draws an army card.", who(s, p)),
            format!("{}이(가) 군대 카드 1장을 뽑습니다.", who_ko(s, p)),
        );
        if !s.is_bot(p) {
            ev.push(Event::private(
                crate::engine::Seat(p),
                Text::new(
                    format!("You drew army card {id}."),
                    format!("군대 카드 {id}을(를) 뽑았습니다."),
                ),
            ));
        }
    }
}

/// Advances the temple marker, taking the left reward of every space reached (L555-559).
pub fn advance_temple(s: &mut State, p: usize, n: u32, ev: &mut Vec<Event>) {
    let top = s.d().temple.len().saturating_sub(1);
    let mut rewards = Vec::new();
    for _ in 0..n {
        let Some(pl) = s.players.get_mut(p) else {
            return;
        };
        if pl.temple >= top {
            break;
        }
        pl.temple += 1;
        let t = pl.temple;
        if let Some(sp) = s.d().temple.get(t) {
            rewards.push(sp.reward.clone());
        }
    }
    let at = s.players.get(p).map(|x| x.temple).unwrap_or(0);
    say(
        ev,
        format!("{} advances to temple space {at}.", who(s, p)),
        format!("{}이(가) 신전 {at}칸으로 전진합니다.", who_ko(s, p)),
    );
    for r in rewards.into_iter().rev() {
        if !r.is_empty() {
            push(s, p, Step::Effect(r));
        }
    }
}

/// Can task `t` be done now by `p`?
/// A God card in hand and a pile to refill from: the market swap (L308-309).
fn swap_possible(s: &State, pl: &super::super::state::Player) -> bool {
    let piles_empty = s.prod_pile.is_empty() && s.pass_pile.is_empty();
    !pl.gods.is_empty() && !piles_empty
}

fn task_possible(s: &State, p: usize, t: Task) -> bool {
    let d = s.d();
    let Some(pl) = s.players.get(p) else {
        return false;
    };
    match t {
        Task::Potato | Task::Corn | Task::Stone | Task::Gold | Task::Merchant => true,
        Task::Step => {
            pl.steps_left > 0
                && legal::can_pay(&pl.res, &d.rules.step_cost)
                && !legal::open_steps(s).is_empty()
        }
        // Before building, the market may be changed with a God card (L308-309)
        // and free actions may pay (L164-167, L589): the decision is then
        // reached, where `build none` remains possible.
        Task::Building => {
            legal::market(s)
                .iter()
                .any(|&b| legal::can_pay(&pl.res, &legal::bld_cost(s, b)))
                || (!s.is_bot(p)
                    && (swap_possible(s, pl)
                        || !pl.army_hand.is_empty()
                        || s.has_passive(p, "exchange_2s_1g_2c")))
        }
        Task::Statue => {
            (s.statues.iter().any(|x| x.0 > 0)
                && legal::can_pay(&pl.res, &d.rules.statue_small_cost))
                || (s.statues.iter().any(|x| x.1 > 0)
                    && legal::can_pay(&pl.res, &d.rules.statue_large_cost))
        }
        Task::Weave => !s.weaving_pile.is_empty(),
        Task::Train => !s.army_deck.is_empty() || !s.army_discard.is_empty(),
        Task::Produce => pl.production.iter().any(|&(b, up)| {
            up && d
                .production
                .get(b as usize)
                .is_some_and(|x| legal::can_pay(&pl.res, &x.input))
        }),
    }
}

fn do_task(s: &mut State, p: usize, t: Task, ev: &mut Vec<Event>) {
    let gather = match t {
        Task::Potato => Some((POTATO, 3)),
        Task::Corn => Some((CORN, 2)),
        Task::Stone => Some((STONE, 2)),
        Task::Gold => Some((GOLD, 1)),
        _ => None,
    };
    if let Some((r, n)) = gather {
        let mut e = Effect::default();
        e.res[r] = n;
        if r != GOLD && s.has_passive(p, "gather_bonus") {
            e.res[r] += 1;
            e.vp += 1;
        }
        gain_effect(s, p, &e, ev);
        return;
    }
    match t {
        Task::Step => ask(s, p, Ask::StepSpace),
        Task::Building => ask(s, p, Ask::Build { swapped: false }),
        Task::Statue => ask(
            s,
            p,
            Ask::Statue {
                paid: true,
                large: false,
            },
        ),
        Task::Weave => push(s, p, Step::WeaveDraw),
        Task::Merchant => push(s, p, Step::Merchant),
        Task::Train => push(s, p, Step::Train),
        Task::Produce => ask(s, p, Ask::Produce1),
        _ => {}
    }
}

/// Runs one automatic step.
pub fn run_step(s: &mut State, p: usize, step: Step, ev: &mut Vec<Event>) {
    match step {
        Step::Effect(e) => gain_effect(s, p, &e, ev),
        Step::Tasks(seq) => {
            let Some((&first, rest)) = seq.split_first() else {
                return;
            };
            if !task_possible(s, p, first) {
                // The rest is lost, including tasks still to be chosen (L232).
                if let Some(i) = s
                    .stack
                    .iter()
                    .rposition(|x| matches!(x, Item::Ask(q, Ask::MoreTasks { .. }) if *q == p))
                {
                    s.stack.remove(i);
                }
                say(
                    ev,
                    format!(
                        "{} cannot do the task '{}'; the remaining tasks are lost.",
                        who(s, p),
                        first.word()
                    ),
                    format!(
                        "{}은(는) '{}' 업무를 할 수 없어 남은 업무를 포기합니다.",
                        who_ko(s, p),
                        first.ko()
                    ),
                );
                return;
            }
            if !rest.is_empty() {
                push(s, p, Step::Tasks(rest.to_vec()));
            }
            do_task(s, p, first, ev);
        }
        Step::PriestCard => gain_effect(
            s,
            p,
            &Effect {
                god_cards: 1,
                ..Effect::default()
            },
            ev,
        ),
        Step::WeaveDraw => {
            let n = if s.has_passive(p, "weavings_draw_5_discard_2") {
                s.d().rules.weavings_drawn_z08
            } else {
                s.d().rules.weavings_drawn
            };
            // The face-up top tile is among them (L319); the others are seen
            // by the buyer only until the buyer decides (L320-324).
            let top = s.weaving_pile.last().copied();
            let mut tiles = Vec::new();
            for _ in 0..n {
                if let Some(t) = s.weaving_pile.pop() {
                    tiles.push(t);
                }
            }
            let pile = &s.weaving_pile;
            s.weaving_secret.retain(|(t, _)| pile.contains(t));
            let names: Vec<String> = tiles
                .iter()
                .map(|&t| Names(s.d()).weaving(t).to_uppercase())
                .collect();
            let top_name = top
                .map(|t| Names(s.d()).weaving(t).to_uppercase())
                .unwrap_or_else(|| "-".into());
            reveal(
                ev,
                format!(
                    "{} draws {} weavings (the face-up one was {top_name}).",
                    who(s, p),
                    tiles.len()
                ),
                format!(
                    "{}이(가) 직조물 {}개를 뽑습니다 (공개된 것: {top_name}).",
                    who_ko(s, p),
                    tiles.len()
                ),
            );
            ev.push(Event::private(
                crate::engine::Seat(p),
                Text::new(
                    format!("You drew the weavings {}.", names.join(", ")),
                    format!("직조물 {}을(를) 뽑았습니다.", names.join(", ")),
                ),
            ));
            let extra = tiles.len().saturating_sub(s.d().rules.weavings_drawn);
            s.offer = super::super::state::WeaveOffer {
                buyer: p,
                tiles,
                top,
                public: false,
            };
            push(s, p, Step::WeaveEnd);
            push(s, p, Step::WeaveLeftovers);
            ask(s, p, Ask::Buy);
            if extra > 0 {
                ask(s, p, Ask::DropTile { left: extra as u8 });
            }
        }
        Step::WeaveLeftovers => {
            if s.offer.tiles.is_empty() {
                return;
            }
            let order = s.order_from(p);
            for &q in order.iter().skip(1).rev() {
                ask(s, q, Ask::Leftover);
            }
        }
        Step::WeaveEnd => {
            let left = std::mem::take(&mut s.offer.tiles);
            for t in left {
                s.weaving_pile.insert(0, t);
            }
        }
        Step::Train => {
            let mut cards = Vec::new();
            // Axomama keeps the one card it draws (L652-655).
            let n = if s.is_bot(p) { 1 } else { 2 };
            for _ in 0..n {
                if let Some(a) = draw_army(s) {
                    cards.push(a);
                }
            }
            reveal(
                ev,
                format!("{} trains: draws {} army card(s).", who(s, p), cards.len()),
                format!(
                    "{}이(가) 훈련합니다: 군대 카드 {}장을 뽑습니다.",
                    who_ko(s, p),
                    cards.len()
                ),
            );
            if !s.is_bot(p) {
                let names: Vec<String> = cards
                    .iter()
                    .map(|&a| Names(s.d()).army(a).to_uppercase())
                    .collect();
                ev.push(Event::private(
                    crate::engine::Seat(p),
                    Text::new(
                        format!("You drew {}.", names.join(", ")),
                        format!("{}을(를) 뽑았습니다.", names.join(", ")),
                    ),
                ));
            }
            match cards.len() {
                0 => {}
                1 => {
                    if let Some(pl) = s.players.get_mut(p) {
                        pl.army_hand.extend(cards);
                    }
                }
                _ => ask(s, p, Ask::TrainKeep { cards }),
            }
        }
        Step::Merchant => {
            let d = s.data.arc().clone();
            let taps = s
                .players
                .get(p)
                .map(|x| x.tapestries.clone())
                .unwrap_or_default();
            let mut got = Vec::new();
            for t in &taps {
                got.extend(scoring::matches(&d, t));
            }
            say(
                ev,
                format!(
                    "{} works as merchant: {} matching pair(s).",
                    who(s, p),
                    got.len()
                ),
                format!("{}이(가) 상인 업무: 일치 {}쌍.", who_ko(s, p), got.len()),
            );
            for r in got.into_iter().rev() {
                if let Some((_, e)) = d.rewards.get(r) {
                    push(s, p, Step::Effect(e.clone()));
                }
            }
        }
        Step::Activate(action) => activate(s, p, action, ev),
        Step::HpOthers { action, active_did } => hp_others(s, p, action, active_did),
        Step::ConquestPlace { active_did } => {
            if active_did && !(s.is_bot(p) && s.readings.difficulty < 0) {
                ask(s, p, Ask::Conquer);
            }
            let order = s.order_from(p);
            // Every player with markers left may place (L427-429), Axomama too.
            for &q in order.iter().rev() {
                if q == p && !active_did {
                    continue;
                }
                ask(s, q, Ask::Conquer);
            }
        }
        Step::EndSetup => {
            let mut used = std::mem::take(&mut s.god_deck);
            used.append(&mut s.setup_used);
            for pl in &mut s.players {
                used.append(&mut pl.dealt);
            }
            s.rng.shuffle(&mut used);
            s.god_deck = used;
            refill_market(s);
            // The God deck was just shuffled: what comes next is new chance.
            reveal(ev, "Setup is complete.", "게임 준비가 끝났습니다.");
        }
        Step::TurnStart => {
            let p = s.current;
            if s.festival_holder == Some(p) && !s.festival_held_this_turn {
                push(s, p, Step::TurnStart);
                push(s, p, Step::Festival(0));
                return;
            }
            s.turn = TurnState::default();
            if s.is_bot(p) {
                push(s, p, Step::Solo);
                return;
            }
            ask(s, p, Ask::Main);
            if s.players.get(p).is_some_and(|x| x.priest.is_none()) {
                ask(s, p, Ask::PriestStart);
            }
        }
        Step::EndTurn => {
            push(s, p, Step::NextTurn);
            push(s, p, Step::Offerings);
            push(s, p, Step::LimitCheck);
            ask(s, p, Ask::Hire);
        }
        Step::LimitCheck => {
            let limit = s.d().rules.worker_limit;
            if s.players.get(p).is_some_and(|x| x.workers.len() > limit) {
                push(s, p, Step::LimitCheck);
                ask(s, p, Ask::Dismiss);
            }
        }
        Step::Offerings => {
            if let Some(card) = s.turn.used_card.take() {
                to_offerings(s, card, ev);
            }
        }
        Step::NextTurn => {
            let before = s.market_prod.len() + s.market_pass.len();
            refill_market(s);
            if s.market_prod.len() + s.market_pass.len() > before {
                let m: Vec<String> = legal::market(s)
                    .iter()
                    .map(|&b| Names(s.d()).bld(b).to_uppercase())
                    .collect();
                reveal(
                    ev,
                    format!("The building market is refilled: {}.", m.join(", ")),
                    format!("건물 시장을 채웁니다: {}.", m.join(", ")),
                );
            }
            s.turn = TurnState::default();
            s.festival_held_this_turn = false;
            s.current = (s.current + 1) % s.np();
            push(s, s.current, Step::TurnStart);
        }
        Step::Festival(stage) => super::festival::run(s, p, stage, ev),
        Step::Solo => super::axomama::turn(s, p, ev),
        Step::Z16After => ask(s, p, Ask::Z16Recover { late: true }),
        Step::BonusLate => {
            if let Some(card) = s.turn.bonus.take() {
                ask(s, p, Ask::Bonus { card });
            }
        }
    }
}

/// Adds a used God card to the Offerings, reshuffling them into the deck first
/// when it would overflow (L245-248).
pub fn to_offerings(s: &mut State, card: u8, ev: &mut Vec<Event>) {
    if s.offerings.len() >= s.offerings_capacity() {
        let mut deck = std::mem::take(&mut s.god_deck);
        deck.append(&mut s.offerings);
        s.rng.shuffle(&mut deck);
        s.god_deck = deck;
        reveal(
            ev,
            "The Offerings are full: they are shuffled into the God deck.",
            "제물이 가득 차서 신 카드 더미에 섞습니다.",
        );
    }
    s.offerings.push(card);
    let id = s
        .d()
        .gods
        .get(card as usize)
        .map(|g| g.id.clone())
        .unwrap_or_default();
    say(
        ev,
        format!("God card {id} joins the Offerings."),
        format!("신 카드 {id}이(가) 제물에 추가됩니다."),
    );
}

/// A High Priest action is activated: passive triggers, then the mover's choice.
fn activate(s: &mut State, p: usize, action: HpAction, ev: &mut Vec<Event>) {
    say(
        ev,
        format!("{} activates {}.", who(s, p), action.word()),
        format!("{}이(가) {}을(를) 활성화합니다.", who_ko(s, p), action.ko()),
    );
    if s.is_bot(p) {
        super::axomama::bot_hp(s, p, action, ev);
    } else {
        ask(s, p, Ask::HpChoice { action });
    }
    let order = s.order_from(p);
    for &q in order.iter().rev() {
        match action {
            HpAction::Sacrifice if s.has_passive(q, "sacrifice_weaving") => {
                ask(s, q, Ask::FreeWeaving)
            }
            HpAction::Worship if s.has_passive(q, "worship_or_festival_gold_temple") => ask(
                s,
                q,
                Ask::Optional {
                    pay: [0, 0, 0, 1],
                    effect: Effect {
                        temple: 1,
                        ..Effect::default()
                    },
                },
            ),
            HpAction::Conquest if s.has_passive(q, "conquest_gold_vp") => push(
                s,
                q,
                Step::Effect(Effect {
                    res: [0, 0, 0, 1],
                    vp: 1,
                    ..Effect::default()
                }),
            ),
            HpAction::Recover if s.has_passive(q, "recover_army_gold") => push(
                s,
                q,
                Step::Effect(Effect {
                    res: [0, 0, 0, 1],
                    army_cards: 1,
                    ..Effect::default()
                }),
            ),
            _ => {}
        }
    }
}

/// Z16 (L590-591): the owner's recovery is offered before the production and,
/// if not taken then, after it.
fn z16_before_after(s: &mut State, q: usize) {
    if s.has_passive(q, "production_recover_1") {
        push(s, q, Step::Z16After);
    }
}

/// Production for seat `q`: Z16's recovery first (and again after, if not
/// used), then the buildings; only the active player may flip one (L454-458).
fn ask_production(s: &mut State, q: usize, active: bool) {
    z16_before_after(s, q);
    ask(
        s,
        q,
        Ask::Produce {
            active,
            flip_left: active,
            used: false,
        },
    );
    if s.has_passive(q, "production_recover_1") {
        ask(s, q, Ask::Z16Recover { late: false });
    }
}

/// Axomama joins your activated action when its own activation condition for
/// it holds (L685-693; it follows the basic rules, L679, paying nothing to
/// flip, L694-695).
fn bot_joins(s: &State, q: usize, action: HpAction) -> bool {
    s.is_bot(q) && super::axomama::wants(s, action)
}

/// The others join an activated action in turn order (Conquest: everybody deploys).
pub fn hp_others(s: &mut State, p: usize, action: HpAction, active_did: bool) {
    let order = s.order_from(p);
    let d = s.data.arc().clone();
    if action == HpAction::Conquest {
        push(s, p, Step::ConquestPlace { active_did });
        for &q in order.iter().rev() {
            if (q == p && !active_did) || (q != p && s.is_bot(q) && !bot_joins(s, q, action)) {
                continue;
            }
            let free = if q == p {
                d.rules.conquest_active_free_cards as u8
            } else {
                0
            };
            if s.readings.simultaneous_deploy {
                ask(s, q, Ask::DeploySecret { free });
            } else {
                ask(s, q, Ask::Deploy { free });
            }
        }
        ask(s, p, Ask::Casualty);
        return;
    }
    for &q in order.iter().skip(1).rev() {
        if s.is_bot(q) && !bot_joins(s, q, action) {
            continue;
        }
        if s.is_bot(q) && action == HpAction::Recover {
            // Axomama flips for free (L695).
            ask(
                s,
                q,
                Ask::Recover {
                    left: 99,
                    free: 99,
                    cost: [0; 4],
                    buildings_only: false,
                },
            );
            continue;
        }
        match action {
            HpAction::Worship => ask(s, q, Ask::Worship { active: false }),
            HpAction::Sacrifice => ask(s, q, Ask::Sacrifice { active: false }),
            HpAction::Recover => ask(
                s,
                q,
                Ask::Recover {
                    left: 99,
                    free: 0,
                    cost: [0, d.rules.recover_other_corn, 0, 0],
                    buildings_only: false,
                },
            ),
            HpAction::Production => ask_production(s, q, false),
            HpAction::Conquest => {}
        }
    }
}

/// Moves worker `w` from the Village end or the Nomads to the Casualties of War.
fn casualty(s: &mut State, nomad: Option<u8>, corn_end: bool, ev: &mut Vec<Event>) {
    let w = match nomad {
        None if !s.village.is_empty() => {
            if corn_end {
                s.village.pop()
            } else {
                Some(s.village.remove(0))
            }
        }
        Some(t) => {
            let i = s.nomads.iter().position(|&x| x == t);
            let w = i.map(|i| s.nomads.remove(i));
            refill_nomads(s);
            w
        }
        None => None,
    };
    if let Some(w) = w {
        s.casualties.push(w);
        let name = WORKER_IDS.get(w as usize).copied().unwrap_or("?");
        // A Nomad taken is replaced from the bag: random, so it reveals.
        let tell = if nomad.is_some() { reveal } else { say };
        tell(
            ev,
            format!(
                "{} {name} goes to the Casualties of War ({} there).",
                if article(name) == "an" { "An" } else { "A" },
                s.casualties.len()
            ),
            format!(
                "{name} 일꾼이 전쟁 사상자 지역으로 갑니다 ({}명).",
                s.casualties.len()
            ),
        );
        check_village(s, ev);
    }
}

/// All secret deployments are in: lay them, in turn order from the current player.
fn reveal_deploys(s: &mut State, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    for q in s.order_from(s.current) {
        let Some(Some((cards, free))) = s.secret_deploy.get_mut(q).map(Option::take) else {
            continue;
        };
        let cost =
            (cards.len() as u32).saturating_sub(u32::from(free)) * d.rules.conquest_deploy_potato;
        pay_or_keep(s, q, &[cost, 0, 0, 0]);
        if let Some(pl) = s.players.get_mut(q) {
            pl.army_hand.retain(|a| !cards.contains(a));
            pl.army_front.extend(cards.iter().map(|&a| (a, true)));
        }
        let ids: Vec<String> = cards
            .iter()
            .filter_map(|&a| d.army.get(a as usize))
            .map(|a| a.id.clone())
            .collect();
        // Cards from a hand turn face up: the move cannot be taken back.
        let tell = if cards.is_empty() { say } else { reveal };
        tell(
            ev,
            format!(
                "{} lays {} army card(s) face up: {}.",
                who(s, q),
                cards.len(),
                ids.join(", ")
            ),
            format!(
                "{}이(가) 군대 카드 {}장을 앞면으로 내려놓습니다: {}.",
                who_ko(s, q),
                cards.len(),
                ids.join(", ")
            ),
        );
    }
}

/// The result of an answered decision.
pub fn answer(s: &mut State, p: usize, a: Ask, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let me = who(s, p);
    let me_ko = who_ko(s, p);
    let free = match c {
        Cmd::Cash(_) | Cmd::BuyGod => legal::free_actions_allowed(s, p, &a),
        Cmd::Trade(..) => legal::trade_allowed(s, p, &a),
        _ => false,
    };
    if free {
        // A free action: the decision stays open.
        ask(s, p, a);
        free_action(s, p, c, ev);
        return;
    }
    match (a, c) {
        (Ask::Keep, Cmd::Keep(v)) => {
            if let Some(pl) = s.players.get_mut(p) {
                pl.dealt.retain(|g| !v.contains(g));
                pl.gods = v;
            }
            say(
                ev,
                format!("{me} keeps 3 God cards."),
                format!("{me_ko}이(가) 신 카드 3장을 손에 쥡니다."),
            );
        }
        (Ask::UseCards { festival, left }, Cmd::Use(g)) => {
            let Some(card) = d.gods.get(g as usize) else {
                return;
            };
            pay_or_keep(s, p, &card.cost);
            if let Some(pl) = s.players.get_mut(p) {
                if festival {
                    if let Some(i) = pl.gods.iter().position(|&x| x == g) {
                        pl.gods.remove(i);
                    }
                } else if let Some(i) = pl.dealt.iter().position(|&x| x == g) {
                    pl.dealt.remove(i);
                }
            }
            if festival {
                s.god_deck.push(g);
                let mut deck = std::mem::take(&mut s.god_deck);
                s.rng.shuffle(&mut deck);
                s.god_deck = deck;
            } else {
                s.setup_used.push(g);
            }
            let more = if festival {
                left > 1
            } else {
                s.players.get(p).is_some_and(|x| !x.dealt.is_empty())
            };
            if more {
                ask(
                    s,
                    p,
                    Ask::UseCards {
                        festival,
                        left: left.saturating_sub(1),
                    },
                );
            }
            reveal(
                ev,
                format!(
                    "{me} uses God card {}: {}.",
                    card.id,
                    card.benefit.describe()
                ),
                format!("{me_ko}이(가) 신 카드 {}의 혜택을 받습니다.", card.id),
            );
            push(s, p, Step::Effect(card.benefit.clone()));
        }
        (
            Ask::UseCards {
                festival: false, ..
            },
            Cmd::UseDone,
        ) => {
            if let Some(pl) = s.players.get_mut(p) {
                let rest = std::mem::take(&mut pl.dealt);
                s.setup_used.extend(rest);
            }
        }
        (Ask::StartWeaving, Cmd::Start(t)) => {
            s.start_weavings.retain(|&x| x != t);
            if let Some(pl) = s.players.get_mut(p) {
                pl.tapestries.push(vec![t]);
            }
            say(
                ev,
                format!(
                    "{me} takes starting weaving {}.",
                    names.weaving(t).to_uppercase()
                ),
                format!(
                    "{me_ko}이(가) 시작 직조물 {}을(를) 가져갑니다.",
                    names.weaving(t).to_uppercase()
                ),
            );
        }
        (Ask::PriestStart, Cmd::Begin(action)) => {
            let sec = s.section_of(action);
            if let Some(pl) = s.players.get_mut(p) {
                pl.priest = Some(sec);
            }
            say(
                ev,
                format!("{me} places the High Priest on {}.", action.word()),
                format!("{me_ko}이(가) 대제사장을 {}에 놓습니다.", action.ko()),
            );
            if s.solo {
                super::axomama::place_priest(s, sec, ev);
            }
        }
        (Ask::Main, cmd) => main_command(s, p, cmd, ev),
        (Ask::Hire, Cmd::Hire(None)) => {}
        (Ask::Hire, Cmd::Hire(Some(corn))) => {
            let cost = if corn { [0, 1, 0, 0] } else { [1, 0, 0, 0] };
            let w = if corn {
                s.village.pop()
            } else if s.village.is_empty() {
                None
            } else {
                Some(s.village.remove(0))
            };
            if let Some(w) = w {
                pay_or_keep(s, p, &cost);
                if let Some(pl) = s.players.get_mut(p) {
                    pl.workers.push(w);
                }
                let name = WORKER_IDS.get(w as usize).copied().unwrap_or("?");
                say(
                    ev,
                    format!("{me} hires {} {name} from the Village.", article(name)),
                    format!("{me_ko}이(가) 마을에서 {name}을(를) 고용합니다."),
                );
                check_village(s, ev);
            }
        }
        (Ask::Hire, cmd) => {
            // A free action before deciding on the hire.
            ask(s, p, Ask::Hire);
            free_action(s, p, cmd, ev);
        }
        (Ask::Dismiss, Cmd::Dismiss(t)) => {
            if let Some(pl) = s.players.get_mut(p) {
                if let Some(i) = pl.workers.iter().position(|&x| x == t) {
                    pl.workers.remove(i);
                }
            }
            let name = WORKER_IDS.get(t as usize).copied().unwrap_or("?");
            say(
                ev,
                format!(
                    "{me} returns {} {name} to the box (worker limit).",
                    article(name)
                ),
                format!("{me_ko}이(가) {name}을(를) 상자로 돌려보냅니다 (일꾼 제한)."),
            );
        }
        (Ask::Bonus { card }, Cmd::Bonus(true)) => take_bonus(s, p, card, None, ev),
        (Ask::Bonus { .. }, Cmd::Bonus(false)) => {
            s.turn.bonus = None;
            say(
                ev,
                format!("{me} does not take the statue bonus."),
                format!("{me_ko}은(는) 조각상 보너스를 받지 않습니다."),
            );
        }
        (Ask::Bonus { card }, Cmd::BonusParts(kinds)) => take_bonus(s, p, card, Some(kinds), ev),
        (a @ Ask::Tasks { .. }, Cmd::Bonus(true)) => {
            // Before the tasks (L242): the tasks are asked again afterwards.
            ask(s, p, a);
            if let Some(card) = s.turn.bonus {
                take_bonus(s, p, card, None, ev);
            }
        }
        (a @ Ask::Tasks { .. }, Cmd::BonusParts(kinds)) => {
            ask(s, p, a);
            if let Some(card) = s.turn.bonus {
                take_bonus(s, p, card, Some(kinds), ev);
            }
        }
        (Ask::Food { .. }, Cmd::Food(m)) => pay_food_mix(s, p, &m, ev),
        (Ask::WarriorTake { .. }, Cmd::Take(sp)) => {
            if let Some(Some(w)) = s.hill.get(sp as usize).copied() {
                if let Some(x) = s.hill.get_mut(sp as usize) {
                    *x = None;
                }
                if let Some(pl) = s.players.get_mut(p) {
                    pl.workers.push(w);
                }
                say(
                    ev,
                    format!(
                        "{me}'s Warrior takes the worker on {}.",
                        names.space(sp).to_uppercase()
                    ),
                    format!(
                        "{me_ko}의 전사가 {}의 일꾼을 데려옵니다.",
                        names.space(sp).to_uppercase()
                    ),
                );
            }
        }
        (Ask::Tasks { space, count }, Cmd::Tasks(seq)) => {
            answer_tasks(s, p, (space, count), Vec::new(), seq, ev)
        }
        (Ask::MoreTasks { space, count, done }, Cmd::Tasks(seq)) => {
            answer_tasks(s, p, (space, count), done, seq, ev)
        }
        (Ask::StepSpace, Cmd::Step(i)) => build_step(s, p, i, ev),
        (Ask::Build { .. }, Cmd::Build(Some(b))) => {
            pay_or_keep(s, p, &legal::bld_cost(s, b));
            match b {
                Bld::Prod(x) => {
                    s.market_prod.retain(|&m| m != x);
                    if let Some(pl) = s.players.get_mut(p) {
                        pl.production.push((x, true));
                    }
                }
                Bld::Pass(x) => {
                    s.market_pass.retain(|&m| m != x);
                    if let Some(pl) = s.players.get_mut(p) {
                        pl.passive.push(x);
                    }
                }
            }
            s.turn.built = true;
            say(
                ev,
                format!("{me} builds {}.", names.bld(b).to_uppercase()),
                format!(
                    "{me_ko}이(가) {}을(를) 건설합니다.",
                    names.bld(b).to_uppercase()
                ),
            );
        }
        (Ask::Build { .. }, Cmd::Build(None)) => say(
            ev,
            format!("{me} builds nothing."),
            format!("{me_ko}은(는) 건설하지 않습니다."),
        ),
        (Ask::Build { .. }, Cmd::Swap(g, blds)) => {
            if let Some(pl) = s.players.get_mut(p) {
                if let Some(i) = pl.gods.iter().position(|&x| x == g) {
                    pl.gods.remove(i);
                }
            }
            s.god_deck.insert(0, g);
            for &b in &blds {
                match b {
                    Bld::Prod(x) => {
                        s.market_prod.retain(|&m| m != x);
                        s.prod_pile.insert(0, x);
                    }
                    Bld::Pass(x) => {
                        s.market_pass.retain(|&m| m != x);
                        s.pass_pile.insert(0, x);
                    }
                }
            }
            refill_market(s);
            let list: Vec<String> = blds.iter().map(|&b| names.bld(b).to_uppercase()).collect();
            reveal(
                ev,
                format!(
                    "{me} puts God card {} under the deck and replaces {} in the market.",
                    names.god(g).to_uppercase(),
                    list.join(", ")
                ),
                format!(
                    "{me_ko}이(가) 신 카드 {}을(를) 더미 아래에 넣고 시장의 {}을(를) 교체합니다.",
                    names.god(g).to_uppercase(),
                    list.join(", ")
                ),
            );
            ask(s, p, Ask::Build { swapped: true });
        }
        (Ask::Statue { paid, .. }, Cmd::Statue(large, sym)) => {
            if paid {
                let cost = if large {
                    d.rules.statue_large_cost
                } else {
                    d.rules.statue_small_cost
                };
                pay_or_keep(s, p, &cost);
            }
            give_statue(s, p, large, sym, ev);
        }
        (Ask::DropTile { left }, Cmd::Drop(t)) => {
            // Z08: under the pile unseen by the others (L577-578).
            s.offer.tiles.retain(|&x| x != t);
            s.weaving_pile.insert(0, t);
            if s.offer.top != Some(t) {
                s.weaving_secret.push((t, p));
            }
            say(
                ev,
                format!("{me} puts a weaving under the pile."),
                format!("{me_ko}이(가) 직조물 1개를 더미 맨 밑에 넣습니다."),
            );
            ev.push(Event::private(
                crate::engine::Seat(p),
                Text::new(
                    format!(
                        "You put {} under the pile.",
                        names.weaving(t).to_uppercase()
                    ),
                    format!(
                        "{}을(를) 더미 맨 밑에 넣었습니다.",
                        names.weaving(t).to_uppercase()
                    ),
                ),
            ));
            if left > 1 {
                ask(s, p, Ask::DropTile { left: left - 1 });
            }
        }
        (Ask::Buy, Cmd::Buy(tiles)) => {
            let price = if tiles.is_empty() {
                0
            } else {
                d.rules
                    .weaving_prices_corn
                    .get(tiles.len() - 1)
                    .copied()
                    .unwrap_or(0)
            };
            pay_or_keep(s, p, &[0, price, 0, 0]);
            s.offer.tiles.retain(|t| !tiles.contains(t));
            // Decided: what is left is offered to the others, face up (L322-324).
            s.offer.public = true;
            if !s.offer.tiles.is_empty() {
                let left: Vec<String> = s
                    .offer
                    .tiles
                    .iter()
                    .map(|&t| names.weaving(t).to_uppercase())
                    .collect();
                reveal(
                    ev,
                    format!("Left over for the others: {}.", left.join(", ")),
                    format!(
                        "다른 플레이어가 살 수 있는 남은 직조물: {}.",
                        left.join(", ")
                    ),
                );
            }
            let list: Vec<String> = tiles
                .iter()
                .map(|&t| names.weaving(t).to_uppercase())
                .collect();
            say(
                ev,
                format!(
                    "{me} buys {} weaving(s) for {price} corn {}.",
                    tiles.len(),
                    list.join(" ")
                ),
                format!(
                    "{me_ko}이(가) 옥수수 {price}개로 직조물 {}개를 삽니다 {}.",
                    tiles.len(),
                    list.join(" ")
                ),
            );
            for &t in tiles.iter().rev() {
                ask(s, p, Ask::PutTile { tile: t });
            }
        }
        (Ask::Leftover, Cmd::Buy(tiles)) => {
            pay_or_keep(s, p, &[0, d.rules.weaving_leftover_price_corn, 0, 0]);
            s.offer.tiles.retain(|t| !tiles.contains(t));
            for &t in &tiles {
                say(
                    ev,
                    format!(
                        "{me} buys leftover weaving {}.",
                        names.weaving(t).to_uppercase()
                    ),
                    format!(
                        "{me_ko}이(가) 남은 직조물 {}을(를) 삽니다.",
                        names.weaving(t).to_uppercase()
                    ),
                );
                ask(s, p, Ask::PutTile { tile: t });
            }
        }
        (Ask::Leftover, Cmd::Pass) => {}
        (Ask::PutTile { tile }, Cmd::Put(_, target)) => put_tile(s, p, tile, target, ev),
        (Ask::TrainKeep { cards }, Cmd::KeepArmy(a)) => {
            if let Some(pl) = s.players.get_mut(p) {
                pl.army_hand.push(a);
            }
            for &x in &cards {
                if x != a {
                    s.army_discard.push(x);
                }
            }
            say(
                ev,
                format!("{me} keeps one army card and discards the other."),
                format!("{me_ko}이(가) 군대 카드 1장을 갖고 1장을 버립니다."),
            );
        }
        (Ask::Produce1, Cmd::Produce(Some(b))) => {
            if let Some(bd) = d.production.get(b as usize) {
                pay_or_keep(s, p, &bd.input);
                say(
                    ev,
                    format!("{me} uses {} (it stays face up).", bd.id),
                    format!("{me_ko}이(가) {}을(를) 사용합니다 (앞면 유지).", bd.id),
                );
                push(s, p, Step::Effect(bd.output.clone()));
            }
        }
        (Ask::GodSource, Cmd::God(src)) => {
            let card = match src {
                None => draw_god(s),
                Some(g) => {
                    let i = s.offerings.iter().position(|&x| x == g);
                    i.map(|i| s.offerings.remove(i))
                }
            };
            if let Some(g) = card {
                if let Some(pl) = s.players.get_mut(p) {
                    pl.gods.push(g);
                }
                if src.is_none() {
                    reveal(
                        ev,
                        format!("{me} takes a God card from the deck."),
                        format!("{me_ko}이(가) 신 카드 더미에서 1장을 가져옵니다."),
                    );
                    ev.push(Event::private(
                        crate::engine::Seat(p),
                        Text::new(
                            format!("You drew God card {}.", names.god(g).to_uppercase()),
                            format!("신 카드 {}을(를) 뽑았습니다.", names.god(g).to_uppercase()),
                        ),
                    ));
                } else {
                    say(
                        ev,
                        format!(
                            "{me} takes God card {} from the Offerings.",
                            names.god(g).to_uppercase()
                        ),
                        format!(
                            "{me_ko}이(가) 제물에서 신 카드 {}을(를) 가져옵니다.",
                            names.god(g).to_uppercase()
                        ),
                    );
                }
            }
        }
        (Ask::FreeWeaving, Cmd::Weaving(below)) => {
            let n = s.weaving_pile.len();
            let idx = if below {
                n.checked_sub(2)
            } else {
                n.checked_sub(1)
            };
            if let Some(i) = idx {
                let t = s.weaving_pile.remove(i);
                reveal(
                    ev,
                    format!("{me} takes weaving {}.", names.weaving(t).to_uppercase()),
                    format!(
                        "{me_ko}이(가) 직조물 {}을(를) 받습니다.",
                        names.weaving(t).to_uppercase()
                    ),
                );
                ask(s, p, Ask::PutTile { tile: t });
            }
        }
        (Ask::Nomad, Cmd::Worker(t)) => {
            take_nomad(s, p, t, ev);
        }
        (
            Ask::Recover {
                left,
                free,
                cost,
                buildings_only,
            },
            Cmd::Recover(Some(item)),
        ) => {
            let food_due = if free == 0 && cost[POTATO] > 0 {
                // 1 food per further item (L409): the mix is asked next.
                cost[POTATO]
            } else {
                if free == 0 {
                    pay_or_keep(s, p, &cost);
                }
                0
            };
            flip_up(s, p, item);
            let name = match item {
                FlipItem::Bld(b) => names.bld(Bld::Prod(b)),
                FlipItem::Army(a) => names.army(a),
            };
            say(
                ev,
                format!("{me} recovers {}.", name.to_uppercase()),
                format!("{me_ko}이(가) {}을(를) 회복합니다.", name.to_uppercase()),
            );
            if left > 1 {
                ask(
                    s,
                    p,
                    Ask::Recover {
                        left: left - 1,
                        free: free.saturating_sub(1),
                        cost,
                        buildings_only,
                    },
                );
            }
            if food_due > 0 {
                ask(
                    s,
                    p,
                    Ask::Food {
                        food: food_due,
                        potato: 0,
                    },
                );
            }
        }
        (Ask::Recover { .. }, Cmd::Recover(None)) => {}
        (Ask::Z16Recover { late }, Cmd::Recover(Some(item))) => {
            flip_up(s, p, item);
            let name = match item {
                FlipItem::Bld(b) => names.bld(Bld::Prod(b)),
                FlipItem::Army(a) => names.army(a),
            };
            say(
                ev,
                format!("{me} recovers {} (Z16).", name.to_uppercase()),
                format!(
                    "{me_ko}이(가) {}을(를) 회복합니다 (Z16).",
                    name.to_uppercase()
                ),
            );
            if !late {
                // Taken before the production: not offered again after it.
                if let Some(i) = s
                    .stack
                    .iter()
                    .rposition(|x| matches!(x, Item::Do(q, Step::Z16After) if *q == p))
                {
                    s.stack.remove(i);
                }
            }
        }
        (Ask::Z16Recover { .. }, Cmd::Recover(None)) => {}
        (Ask::Choice { alts }, Cmd::Choose(i)) => {
            if let Some(e) = alts.get(i) {
                push(s, p, Step::Effect(e.clone()));
            }
        }
        (Ask::Optional { pay, effect }, Cmd::Pay(true)) => {
            pay_or_keep(s, p, &pay);
            push(s, p, Step::Effect(effect));
        }
        (Ask::Optional { .. }, Cmd::Pay(false)) => {}
        (Ask::HpChoice { action }, Cmd::Gold) => {
            if let Some(pl) = s.players.get_mut(p) {
                pl.res[GOLD] += d.rules.priest_gold_instead;
            }
            // Production still counts as activated (L387-388): Z16 still recovers.
            if action == HpAction::Production && s.has_passive(p, "production_recover_1") {
                ask(s, p, Ask::Z16Recover { late: true });
            }
            say(
                ev,
                format!("{me} takes 1 gold instead of {}.", action.word()),
                format!("{me_ko}이(가) {} 대신 금덩이 1개를 받습니다.", action.ko()),
            );
            push(
                s,
                p,
                Step::HpOthers {
                    action,
                    active_did: false,
                },
            );
        }
        (Ask::HpChoice { action }, Cmd::Perform) => {
            push(
                s,
                p,
                Step::HpOthers {
                    action,
                    active_did: true,
                },
            );
            match action {
                HpAction::Worship => ask(s, p, Ask::Worship { active: true }),
                HpAction::Sacrifice => ask(s, p, Ask::Sacrifice { active: true }),
                HpAction::Recover => ask(
                    s,
                    p,
                    Ask::Recover {
                        left: 99,
                        free: d.rules.recover_active_free as u8,
                        cost: [d.rules.recover_active_extra_food, 0, 0, 0],
                        buildings_only: false,
                    },
                ),
                HpAction::Production => ask_production(s, p, true),
                HpAction::Conquest => {}
            }
        }
        (Ask::Worship { .. }, Cmd::Worship(large, small)) => {
            let mut steps = 0;
            if let Some(l) = large {
                remove_statue(s, p, l, true);
                steps += d.rules.worship_large;
            }
            if let Some(sm) = small {
                remove_statue(s, p, sm, false);
                steps += d.rules.worship_small;
            }
            say(
                ev,
                format!("{me} worships, discarding statue(s)."),
                format!("{me_ko}이(가) 조각상을 버리고 숭배합니다."),
            );
            advance_temple(s, p, steps, ev);
        }
        (Ask::Worship { .. }, Cmd::JoinWorship(large, sym)) => {
            remove_statue(s, p, sym, large);
            say(
                ev,
                format!("{me} joins the worship."),
                format!("{me_ko}이(가) 숭배에 참여합니다."),
            );
            advance_temple(s, p, d.rules.worship_other, ev);
        }
        (Ask::Sacrifice { .. }, Cmd::Sacrifice(k)) => {
            if let Some(&(corn, temple)) = d.rules.sacrifice_active.get(k as usize - 1) {
                pay_or_keep(s, p, &[0, corn, 0, 0]);
                say(
                    ev,
                    format!("{me} sacrifices {corn} corn."),
                    format!("{me_ko}이(가) 옥수수 {corn}개를 공양합니다."),
                );
                advance_temple(s, p, temple, ev);
            }
        }
        (Ask::Sacrifice { .. }, Cmd::JoinSacrifice(n)) => {
            let (corn, temple) = d.rules.sacrifice_other;
            let (corn, temple) = (corn * u32::from(n), temple * u32::from(n));
            pay_or_keep(s, p, &[0, corn, 0, 0]);
            say(
                ev,
                format!("{me} joins the sacrifice with {corn} corn."),
                format!("{me_ko}이(가) 옥수수 {corn}개로 공양에 참여합니다."),
            );
            advance_temple(s, p, temple, ev);
        }
        (Ask::Worship { .. } | Ask::Sacrifice { .. }, Cmd::Pass) => {}
        (
            Ask::Produce {
                active, flip_left, ..
            },
            Cmd::Produce(Some(b)),
        ) => {
            if let Some(bd) = d.production.get(b as usize) {
                pay_or_keep(s, p, &bd.input);
                if let Some(pl) = s.players.get_mut(p) {
                    if let Some(x) = pl.production.iter_mut().find(|x| x.0 == b && x.1) {
                        x.1 = false;
                    }
                }
                say(
                    ev,
                    format!("{me} uses {} and turns it face down.", bd.id),
                    format!("{me_ko}이(가) {}을(를) 사용하고 뒤집습니다.", bd.id),
                );
                ask(
                    s,
                    p,
                    Ask::Produce {
                        active,
                        flip_left,
                        used: true,
                    },
                );
                push(s, p, Step::Effect(bd.output.clone()));
            }
        }
        (Ask::Produce { active, used, .. }, Cmd::FlipUp(b)) => {
            // Before or after the production (L457): after it, the flip ends
            // the action, so no building is used twice.
            flip_up(s, p, FlipItem::Bld(b));
            say(
                ev,
                format!(
                    "{me} turns {} face up.",
                    names.bld(Bld::Prod(b)).to_uppercase()
                ),
                format!(
                    "{me_ko}이(가) {}을(를) 앞면으로 뒤집습니다.",
                    names.bld(Bld::Prod(b)).to_uppercase()
                ),
            );
            if !used {
                ask(
                    s,
                    p,
                    Ask::Produce {
                        active,
                        flip_left: false,
                        used,
                    },
                );
            }
        }
        (Ask::Produce { .. }, Cmd::Produce(None)) => {}
        (Ask::Casualty, Cmd::Casualty(nomad, corn)) => casualty(s, nomad, corn, ev),
        (Ask::Deploy { free }, Cmd::Deploy(Some(a))) => {
            if free == 0 {
                pay_or_keep(s, p, &[d.rules.conquest_deploy_potato, 0, 0, 0]);
            }
            if let Some(pl) = s.players.get_mut(p) {
                pl.army_hand.retain(|&x| x != a);
                pl.army_front.push((a, true));
            }
            reveal(
                ev,
                format!(
                    "{me} lays army card {} face up.",
                    names.army(a).to_uppercase()
                ),
                format!(
                    "{me_ko}이(가) 군대 카드 {}을(를) 앞면으로 내려놓습니다.",
                    names.army(a).to_uppercase()
                ),
            );
            ask(
                s,
                p,
                Ask::Deploy {
                    free: free.saturating_sub(1),
                },
            );
        }
        (Ask::Deploy { .. }, Cmd::Deploy(None)) => {}
        (Ask::DeploySecret { free }, Cmd::DeployAll(cards)) => {
            if let Some(x) = s.secret_deploy.get_mut(p) {
                *x = Some((cards.clone(), free));
            }
            say(
                ev,
                format!("{me} has chosen the army cards to lay."),
                format!("{me_ko}이(가) 내려놓을 군대 카드를 정했습니다."),
            );
            let ids: Vec<String> = cards
                .iter()
                .map(|&a| names.army(a).to_uppercase())
                .collect();
            ev.push(Event::private(
                crate::engine::Seat(p),
                Text::new(
                    format!("You will lay: {}.", ids.join(", ")),
                    format!("내려놓을 카드: {}.", ids.join(", ")),
                ),
            ));
            let waiting = s
                .stack
                .iter()
                .any(|i| matches!(i, Item::Ask(_, Ask::DeploySecret { .. })));
            if !waiting {
                reveal_deploys(s, ev);
            }
        }
        (
            Ask::Conquer,
            Cmd::Conquer {
                space,
                flip,
                discard,
            },
        ) => conquer(s, p, space, &flip, &discard, ev),
        (Ask::Conquer, Cmd::Pass) => {}
        (Ask::Feed, Cmd::Feed(k)) => {
            // Potatoes as far as they go, then `k` gold, the rest -2 VP each (L505-507, A6).
            let Some(pl) = s.players.get_mut(p) else {
                return;
            };
            let need = legal::festival_need(&d, pl);
            let potatoes = need.min(pl.res[POTATO]);
            pl.res[POTATO] -= potatoes;
            let gold = k.min(pl.res[GOLD]).min(need - potatoes);
            pl.res[GOLD] -= gold;
            let unpaid = need - potatoes - gold;
            let lost = unpaid * d.rules.festival_unpaid_vp;
            lose_vp(s, p, lost);
            say(
                ev,
                format!(
                    "{me} feeds the gods of {need} God card(s): {potatoes} potato(es), {gold} gold; {lost} VP lost."
                ),
                format!(
                    "{me_ko}이(가) 신 카드 {need}장에 감자 {potatoes}개, 금덩이 {gold}개를 내고 승점 {lost}점을 잃습니다."
                ),
            );
        }
        _ => {}
    }
}

fn main_command(s: &mut State, p: usize, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let me = who(s, p);
    let me_ko = who_ko(s, p);
    let after_sub = |s: &mut State| {
        if s.turn.subs.len() >= 2 {
            push(s, p, Step::EndTurn);
        } else {
            ask(s, p, Ask::Main);
        }
    };
    match c {
        Cmd::Place {
            worker,
            role,
            space,
            card,
            extra,
            food,
        } => place(s, p, worker, role, space, card, extra, food, ev),
        Cmd::Priest(action) => {
            let sec = s.section_of(action);
            if let Some(pl) = s.players.get_mut(p) {
                pl.priest = Some(sec);
            }
            s.turn.subs.push(0);
            after_sub(s);
            push(s, p, Step::Activate(action));
        }
        Cmd::Pray => {
            s.turn.subs.push(1);
            after_sub(s);
            say(
                ev,
                format!("{me} prays."),
                format!("{me_ko}이(가) 기도합니다."),
            );
            for _ in 0..d.rules.pray_cards {
                ask(s, p, Ask::GodSource);
            }
        }
        Cmd::Train => {
            s.turn.subs.push(2);
            after_sub(s);
            push(s, p, Step::Train);
        }
        Cmd::Recruit(t) => {
            s.turn.subs.push(3);
            after_sub(s);
            match t {
                Some(t) => take_nomad(s, p, t, ev),
                None => say(
                    ev,
                    format!("{me} recruits, but the Nomads are empty."),
                    format!("{me_ko}이(가) 모집하지만 유목민 지역이 비어 있습니다."),
                ),
            }
        }
        other => {
            ask(s, p, Ask::Main);
            free_action(s, p, other, ev);
        }
    }
}

fn free_action(s: &mut State, p: usize, c: Cmd, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let me = who(s, p);
    let me_ko = who_ko(s, p);
    match c {
        Cmd::Cash(a) => {
            let Some(card) = d.army.get(a as usize) else {
                return;
            };
            if let Some(pl) = s.players.get_mut(p) {
                pl.army_hand.retain(|&x| x != a);
                for i in 0..4 {
                    pl.res[i] += card.resources[i];
                }
            }
            s.army_discard.push(a);
            say(
                ev,
                format!(
                    "{me} discards army card {} for {}.",
                    card.id,
                    res_text(&card.resources)
                ),
                format!(
                    "{me_ko}이(가) 군대 카드 {}을(를) 버리고 {}을(를) 받습니다.",
                    card.id,
                    res_text_ko(&card.resources)
                ),
            );
        }
        Cmd::Trade(a, b) => {
            let unit = [0, 2, 2, 1];
            if let Some(pl) = s.players.get_mut(p) {
                pl.res[a] = pl.res[a].saturating_sub(unit[a]);
                pl.res[b] += unit[b];
            }
            say(
                ev,
                format!(
                    "{me} exchanges {} {} for {} {}.",
                    unit[a],
                    super::super::data::RES_NAMES[a],
                    unit[b],
                    super::super::data::RES_NAMES[b]
                ),
                format!("{me_ko}이(가) 자원을 교환합니다."),
            );
        }
        Cmd::BuyGod => {
            pay_or_keep(s, p, &[1, 0, 0, 0]);
            ask(s, p, Ask::GodSource);
        }
        _ => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn place(
    s: &mut State,
    p: usize,
    worker: u8,
    role: u8,
    space: u8,
    card: Option<u8>,
    extra: bool,
    mix: Option<[u32; 3]>,
    ev: &mut Vec<Event>,
) {
    let d = s.data.arc().clone();
    let names = Names(&d);
    let sp_i = space as usize;
    let Some(sp) = d.spaces.get(sp_i) else { return };
    let (food, owners) = legal::food_cost(s, p, sp_i, role == PORTER);
    let tasks = legal::task_count(s, p, sp_i, worker, role, extra);
    let own_vp = s.has_passive(p, "own_step_vp");
    if let Some(pl) = s.players.get_mut(p) {
        if let Some(i) = pl.workers.iter().position(|&x| x == worker) {
            pl.workers.remove(i);
        }
        match card {
            Some(g) => {
                if let Some(i) = pl.gods.iter().position(|&x| x == g) {
                    pl.gods.remove(i);
                }
            }
            None => pl.res[GOLD] = pl.res[GOLD].saturating_sub(1),
        }
    }
    // The food (and the Priest's potato) is paid before any task (L192-193):
    // the mix given, the only one possible, or a question asked first.
    let potato = if extra {
        d.rules.priest_extra_task_potato
    } else {
        0
    };
    let mixes = s
        .players
        .get(p)
        .map(|pl| legal::food_mixes(&pl.res, food, potato, 0))
        .unwrap_or_default();
    let mix = mix.or_else(|| (mixes.len() == 1).then(|| mixes.first().copied()).flatten());
    s.turn.used_card = card;
    s.turn.placed = true;
    if let Some(h) = s.hill.get_mut(sp_i) {
        *h = Some(worker);
    }
    if let Some(seg) = s.segment_used.get_mut(sp.section * 3 + sp.terrace) {
        *seg = true;
    }
    let me = who(s, p);
    let me_ko = who_ko(s, p);
    let wname = WORKER_IDS.get(worker as usize).copied().unwrap_or("?");
    let pay_en = card
        .map(|g| format!("God card {}", names.god(g).to_uppercase()))
        .unwrap_or_else(|| "1 gold".into());
    say(
        ev,
        format!(
            "{me} places {} {wname} on {} paying {pay_en} and {food} food: {tasks} task(s).",
            article(wname),
            sp.id
        ),
        format!(
            "{me_ko}이(가) {}에 {wname}을(를) 배치합니다 (음식 {food}): 업무 {tasks}회.",
            sp.id
        ),
    );
    if let Some(m) = mix {
        pay_food_mix(s, p, &m, ev);
    }
    for o in owners {
        let o = o as usize;
        if o != p || own_vp {
            add_vp(s, o, d.rules.step_use_vp);
            say(
                ev,
                format!(
                    "{} scores {} VP for the step used.",
                    who(s, o),
                    d.rules.step_use_vp
                ),
                format!(
                    "{}이(가) 계단 사용으로 승점 {}점을 받습니다.",
                    who_ko(s, o),
                    d.rules.step_use_vp
                ),
            );
        }
    }
    // Pending items, last pushed resolves first.
    push(s, p, Step::EndTurn);
    if role == PRIEST && (extra || s.readings.priest_card_always) {
        push(s, p, Step::PriestCard);
    }
    push(s, p, Step::BonusLate);
    ask(
        s,
        p,
        Ask::Tasks {
            space,
            count: tasks,
        },
    );
    if role == WARRIOR {
        if s.has_passive(p, "warrior_recover_2_buildings") {
            ask(
                s,
                p,
                Ask::Recover {
                    left: 2,
                    free: 2,
                    cost: [0; 4],
                    buildings_only: true,
                },
            );
        }
        ask(s, p, Ask::WarriorTake { space });
        take_army(s, p, ev);
    }
    if let Some(g) = card {
        let sym = d.gods.get(g as usize).map(|x| x.symbol as u8);
        if s.players
            .get(p)
            .is_some_and(|pl| pl.statues.iter().any(|st| Some(st.0) == sym))
        {
            // Offered with the tasks and, if not taken, after them (L241-244).
            s.turn.bonus = Some(g);
        }
    }
    if mix.is_none() {
        ask(s, p, Ask::Food { food, potato });
    }
}

/// The tasks chosen now (after `done`); when some are left they are asked
/// again once these are done, so a player may look before choosing (L225-232).
fn answer_tasks(
    s: &mut State,
    p: usize,
    (space, count): (u8, u8),
    mut done: Vec<Task>,
    seq: Vec<Task>,
    ev: &mut Vec<Event>,
) {
    let (me, me_ko) = (who(s, p), who_ko(s, p));
    let words: Vec<&str> = seq.iter().map(|t| t.word()).collect();
    let kos: Vec<&str> = seq.iter().map(|t| t.ko()).collect();
    if seq.is_empty() {
        say(
            ev,
            format!("{me} does no more tasks."),
            format!("{me_ko}은(는) 업무를 더 하지 않습니다."),
        );
        return;
    }
    say(
        ev,
        format!("{me} performs the tasks: {}.", words.join(", ")),
        format!("{me_ko}이(가) 업무를 수행합니다: {}.", kos.join(", ")),
    );
    done.extend(seq.iter().copied());
    if done.len() < usize::from(count) {
        ask(s, p, Ask::MoreTasks { space, count, done });
    }
    push(s, p, Step::Tasks(seq));
}

/// Pays a chosen food mix (potatoes, corn, gold).
fn pay_food_mix(s: &mut State, p: usize, m: &[u32; 3], ev: &mut Vec<Event>) {
    if m.iter().all(|&x| x == 0) {
        return;
    }
    let Some(pl) = s.players.get_mut(p) else {
        return;
    };
    if let Some(r) = legal::pay_mix(&pl.res, m) {
        pl.res = r;
    }
    let (me, me_ko) = (who(s, p), who_ko(s, p));
    say(
        ev,
        format!(
            "{me} pays {} potato(es), {} corn and {} gold as food.",
            m[0], m[1], m[2]
        ),
        format!(
            "{me_ko}이(가) 음식으로 감자 {}개, 옥수수 {}개, 금덩이 {}개를 냅니다.",
            m[0], m[1], m[2]
        ),
    );
}

/// Takes the statue bonus of `card` (all of it, or the parts `kinds`), once (L241-244).
fn take_bonus(s: &mut State, p: usize, card: u8, kinds: Option<Vec<u8>>, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(g) = d.gods.get(card as usize) else {
        return;
    };
    s.turn.bonus = None;
    pay_or_keep(s, p, &g.cost);
    let (me, me_ko) = (who(s, p), who_ko(s, p));
    let benefit = match &kinds {
        None => g.benefit.clone(),
        Some(k) => g.benefit.only(k),
    };
    let part = if kinds.is_some() { "part of " } else { "" };
    let part_ko = if kinds.is_some() { " 일부" } else { "" };
    say(
        ev,
        format!(
            "{me} takes {part}the statue bonus of {}: {}.",
            g.id,
            benefit.describe()
        ),
        format!(
            "{me_ko}이(가) {}의 조각상 보너스{part_ko}를 받습니다: {}.",
            g.id,
            benefit.describe()
        ),
    );
    push(s, p, Step::Effect(benefit));
}

pub fn build_step(s: &mut State, p: usize, i: u8, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(st) = d.steps.get(i as usize) else {
        return;
    };
    pay_or_keep(s, p, &d.rules.step_cost);
    if let Some(x) = s.steps.get_mut(i as usize) {
        *x = Some(p as u8);
    }
    if let Some(pl) = s.players.get_mut(p) {
        pl.steps_left = pl.steps_left.saturating_sub(1);
    }
    say(
        ev,
        format!("{} builds the step {}.", who(s, p), st.id),
        format!("{}이(가) 계단 {}을(를) 만듭니다.", who_ko(s, p), st.id),
    );
    gain_effect(s, p, &d.rules.step_reward, ev);
    if let Some(Some(owner)) = st.requires.and_then(|r| s.steps.get(r).copied()) {
        add_vp(s, owner as usize, d.rules.lower_step_bonus_vp);
        say(
            ev,
            format!(
                "{} scores {} VP for the step below theirs.",
                who(s, owner as usize),
                d.rules.lower_step_bonus_vp
            ),
            format!(
                "{}이(가) 아래 계단으로 승점 {}점을 받습니다.",
                who_ko(s, owner as usize),
                d.rules.lower_step_bonus_vp
            ),
        );
    }
}

pub fn give_statue(s: &mut State, p: usize, large: bool, sym: u8, ev: &mut Vec<Event>) {
    let d = s.data.arc().clone();
    let Some(supply) = s.statues.get_mut(sym as usize) else {
        return;
    };
    let left = if large { &mut supply.1 } else { &mut supply.0 };
    if *left == 0 {
        return;
    }
    *left -= 1;
    let vp = if large {
        d.rules.statue_large_vp
    } else {
        d.rules.statue_small_vp
    };
    if let Some(pl) = s.players.get_mut(p) {
        pl.statues.push((sym, large));
        pl.vp += vp;
    }
    let size = if large { "large" } else { "small" };
    say(
        ev,
        format!(
            "{} makes a {size} {} statue: {vp} VP.",
            who(s, p),
            d.symbol_name(sym as usize)
        ),
        format!(
            "{}이(가) {} 조각상을 만듭니다: 승점 {vp}점.",
            who_ko(s, p),
            d.symbol_name(sym as usize)
        ),
    );
}

fn remove_statue(s: &mut State, p: usize, sym: u8, large: bool) {
    if let Some(pl) = s.players.get_mut(p) {
        if let Some(i) = pl.statues.iter().position(|&x| x == (sym, large)) {
            pl.statues.remove(i);
        }
    }
}

pub fn put_tile(
    s: &mut State,
    p: usize,
    tile: u8,
    target: Option<(usize, bool)>,
    ev: &mut Vec<Event>,
) {
    let d = s.data.arc().clone();
    let Some(pl) = s.players.get_mut(p) else {
        return;
    };
    let before: Vec<usize> = pl
        .tapestries
        .iter()
        .flat_map(|t| scoring::matches(&d, t))
        .collect();
    match target {
        None => pl.tapestries.push(vec![tile]),
        Some((i, right)) => match pl.tapestries.get_mut(i) {
            Some(t) if right => t.push(tile),
            Some(t) => t.insert(0, tile),
            None => pl.tapestries.push(vec![tile]),
        },
    }
    let after: Vec<usize> = pl
        .tapestries
        .iter()
        .flat_map(|t| scoring::matches(&d, t))
        .collect();
    let id = d
        .weavings
        .get(tile as usize)
        .map(|w| w.id.clone())
        .unwrap_or_default();
    say(
        ev,
        format!("{} adds weaving {id} to a tapestry.", who(s, p)),
        format!(
            "{}이(가) 직조물 {id}을(를) 태피스트리에 붙입니다.",
            who_ko(s, p)
        ),
    );
    if s.has_passive(p, "match_reward_immediately") && after.len() > before.len() {
        // The new pair is the one not matched before.
        let mut rest = before.clone();
        for m in after {
            if let Some(i) = rest.iter().position(|&x| x == m) {
                rest.remove(i);
            } else if let Some((_, e)) = d.rewards.get(m) {
                push(s, p, Step::Effect(e.clone()));
            }
        }
    }
}

pub fn take_nomad(s: &mut State, p: usize, t: u8, ev: &mut Vec<Event>) {
    if let Some(i) = s.nomads.iter().position(|&x| x == t) {
        s.nomads.remove(i);
        if let Some(pl) = s.players.get_mut(p) {
            pl.workers.push(t);
        }
        refill_nomads(s);
        let name = WORKER_IDS.get(t as usize).copied().unwrap_or("?");
        reveal(
            ev,
            format!(
                "{} takes {} {name} from the Nomads.",
                who(s, p),
                article(name)
            ),
            format!(
                "{}이(가) 유목민 지역에서 {name}을(를) 데려옵니다.",
                who_ko(s, p)
            ),
        );
    }
}

pub fn flip_up(s: &mut State, p: usize, item: FlipItem) {
    if let Some(pl) = s.players.get_mut(p) {
        match item {
            FlipItem::Bld(b) => {
                if let Some(x) = pl.production.iter_mut().find(|x| x.0 == b && !x.1) {
                    x.1 = true;
                }
            }
            FlipItem::Army(a) => {
                if let Some(x) = pl.army_front.iter_mut().find(|x| x.0 == a && !x.1) {
                    x.1 = true;
                }
            }
        }
    }
}

/// Places a conquest marker: the benefit first, then the soldiers (A10).
pub fn conquer(
    s: &mut State,
    p: usize,
    space: u8,
    flip: &[u8],
    discard: &[u8],
    ev: &mut Vec<Event>,
) {
    let d = s.data.arc().clone();
    let Some(c) = d.conquest.get(space as usize) else {
        return;
    };
    if let Some(x) = s.conquest.get_mut(space as usize) {
        *x = Some(p as u8);
    }
    if let Some(pl) = s.players.get_mut(p) {
        pl.markers_left = pl.markers_left.saturating_sub(1);
        for a in flip {
            if let Some(x) = pl.army_front.iter_mut().find(|x| x.0 == *a) {
                x.1 = false;
            }
        }
        pl.army_front.retain(|x| !discard.contains(&x.0));
    }
    s.army_discard.extend_from_slice(discard);
    say(
        ev,
        format!(
            "{} conquers {} ({}), flipping {} and discarding {} card(s).",
            who(s, p),
            c.id,
            c.benefit.describe(),
            flip.len(),
            discard.len()
        ),
        format!(
            "{}이(가) {}을(를) 정복합니다: 카드 {}장 뒤집기, {}장 버리기.",
            who_ko(s, p),
            c.id,
            flip.len(),
            discard.len()
        ),
    );
    push(s, p, Step::Effect(c.benefit.clone()));
}
