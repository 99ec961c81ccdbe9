//! The civil and military actions of a turn and the event choices: which
//! are legal now (complete, for `legal`) and what each does. Every command is
//! checked against the legal list before it changes anything.

use super::command::{Command, Named, Target};
use super::data::{ActionCode, Card, CardId, Data, Kind, RuleName, ROW_COSTS, SCIENCE_CAP};
use super::flow;
use super::rules;
use super::state::{EventChoiceKind, HandCard, Mode, Phase, Player, State, Tech, WonderWork};
use crate::engine::{Event, RuleError, Text};

pub fn named(data: &Data, id: CardId) -> Named {
    match data.card(id) {
        Some(c) => Named {
            id,
            word: c.token.clone(),
            kind: c.kind.word(),
        },
        None => Named {
            id,
            word: "?".into(),
            kind: "?",
        },
    }
}

/// Civil actions still available to the active player (round 1: 1, 2, 3, 4
/// by position instead of the government's, seed L517-531).
pub fn white_left(s: &State, seat: usize) -> u8 {
    let Some(p) = s.players.get(seat) else {
        return 0;
    };
    let cap = if s.round == 1 {
        u8::try_from(s.position(seat) + 1).unwrap_or(u8::MAX)
    } else {
        rules::white_total(&s.data, p, s.rules.mode)
    };
    cap.saturating_sub(p.white_used)
}

/// Military actions still available (none in round 1).
pub fn red_left(s: &State, seat: usize) -> u8 {
    let Some(p) = s.players.get(seat) else {
        return 0;
    };
    if s.round == 1 {
        return 0;
    }
    rules::red_total(&s.data, p, s.rules.mode).saturating_sub(p.red_used)
}

/// Civil actions to take the card in `slot` (0-based); `None` if empty.
pub fn take_cost(s: &State, p: &Player, slot: usize) -> Option<u8> {
    let id = (*s.row.get(slot)?)?;
    let card = s.data.card(id)?;
    let base = i32::from(*ROW_COSTS.get(slot)?);
    let extra = if card.kind == Kind::Wonder {
        let discount: i32 = rules::permanent_cards(&s.data, p, s.rules.mode)
            .filter_map(|c| c.rule(RuleName::WonderTakeDiscount, s.rules.mode.key()))
            .sum();
        p.wonders.len() as i32 - discount
    } else {
        0
    };
    u8::try_from((base + extra).max(0)).ok()
}

fn can_take(s: &State, seat: usize, slot: usize) -> bool {
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    let Some(card) = s
        .row
        .get(slot)
        .copied()
        .flatten()
        .and_then(|id| s.data.card(id))
    else {
        return false;
    };
    let Some(cost) = take_cost(s, p, slot) else {
        return false;
    };
    if cost > white_left(s, seat) {
        return false;
    }
    match card.kind {
        Kind::Wonder => p.wonder.is_none(),
        _ if p.hand.len() >= rules::hand_limit(&s.data, p, s.rules.mode) => false,
        Kind::Leader => !p.leader_ages.contains(&card.age),
        k if k.is_technology() => !rules::owns_same_tech(&s.data, p, card),
        _ => true,
    }
}

/// Resources payable for a military unit: this turn's military resources first.
fn can_pay_military(data: &Data, p: &Player, cost: i32) -> bool {
    rules::can_pay(data, p, false, cost - i32::from(p.military_resources))
}

fn pay_military(data: &Data, p: &mut Player, cost: i32) -> Option<()> {
    let from_bonus = cost.clamp(0, i32::from(p.military_resources));
    rules::pay(data, p, false, cost - from_bonus)?;
    p.military_resources -= u8::try_from(from_bonus).ok()?;
    Some(())
}

fn is_unit(c: &Card) -> bool {
    matches!(c.kind, Kind::Unit(_))
}

/// Whether a new building may go on `c` (urban limit for urban buildings).
fn room_for(data: &Data, p: &Player, c: &Card) -> bool {
    match c.kind {
        Kind::Urban(u) => rules::urban_count(data, p, u) < rules::urban_limit(data, p),
        _ => true,
    }
}

fn build_ok(data: &Data, p: &Player, c: &Card, discount: i32) -> bool {
    if p.workers == 0 || !room_for(data, p, c) {
        return false;
    }
    let cost = (rules::build_cost(data, p, c) - discount).max(0);
    if is_unit(c) {
        can_pay_military(data, p, cost)
    } else {
        rules::can_pay(data, p, false, cost)
    }
}

fn same_line(a: &Card, b: &Card) -> bool {
    a.kind == b.kind && a.kind.holds_workers()
}

fn upgrade_ok(data: &Data, p: &Player, from: &Tech, fc: &Card, tc: &Card, discount: i32) -> bool {
    if from.workers == 0 || !same_line(fc, tc) || tc.age <= fc.age {
        return false;
    }
    let cost = (rules::upgrade_cost(data, p, fc, tc) - discount).max(0);
    if is_unit(fc) {
        can_pay_military(data, p, cost)
    } else {
        rules::can_pay(data, p, false, cost)
    }
}

/// Resources for the next `n` wonder stages, less a discount on the first.
fn wonder_cost(data: &Data, w: &WonderWork, n: u8, discount: i32) -> Option<i32> {
    let c = data.card(w.card)?;
    let from = usize::from(w.built);
    let stages = c.raw.stages.get(from..from + usize::from(n))?;
    let total: i32 = stages.iter().sum();
    Some((total - discount.min(stages.first().copied().unwrap_or(0))).max(0))
}

fn wonder_ok(data: &Data, p: &Player, n: u8, discount: i32) -> bool {
    let Some(w) = &p.wonder else { return false };
    let Some(cost) = wonder_cost(data, w, n, discount) else {
        return false;
    };
    // Each built stage holds a blue token from the bank.
    let mut q = p.clone();
    rules::pay(data, &mut q, false, cost).is_some() && q.blue_bank >= n
}

fn grow_ok(data: &Data, p: &Player, mode: Mode, discount: i32) -> bool {
    p.yellow_bank > 0
        && rules::growth_cost(data, p, mode)
            .is_some_and(|c| rules::can_pay(data, p, true, (c - discount).max(0)))
}

fn gov_ok(p: &Player, c: &Card, revolution: bool) -> bool {
    let cost = if revolution {
        c.raw.revolution_science_cost.unwrap_or(c.raw.science_cost)
    } else {
        c.raw.science_cost
    };
    c.kind == Kind::Government && p.science >= cost
}

fn develop_ok(p: &Player, c: &Card) -> bool {
    c.kind.is_technology() && c.kind != Kind::Government && p.science >= c.raw.science_cost
}

/// Every legal command of `seat` now.
pub fn legal(s: &State, seat: usize) -> Vec<Command> {
    match &s.phase {
        Phase::Over => Vec::new(),
        Phase::EventChoice { choice, queue, .. } => {
            if queue.first() != Some(&seat) {
                return Vec::new();
            }
            match choice {
                EventChoiceKind::FoodOrResources => {
                    vec![Command::ChooseFood, Command::ChooseResources]
                }
                EventChoiceKind::FreeBuild(_) => vec![Command::ChooseBuild, Command::ChooseDecline],
            }
        }
        Phase::Actions if seat != s.turn => Vec::new(),
        Phase::Actions => actions(s, seat),
    }
}

fn actions(s: &State, seat: usize) -> Vec<Command> {
    let data = &s.data;
    let mode = s.rules.mode;
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let white = white_left(s, seat);
    let red = red_left(s, seat);
    let mut out = Vec::new();
    for slot in 0..s.row.len() {
        if can_take(s, seat, slot) {
            out.push(Command::Take(u8::try_from(slot + 1).unwrap_or(0)));
        }
    }
    if s.round == 1 {
        out.push(Command::Done);
        return out;
    }
    let techs: Vec<(&Tech, &Card)> = rules::techs(data, p).collect();
    if white > 0 && grow_ok(data, p, mode, 0) {
        out.push(Command::Grow);
    }
    for &(t, c) in &techs {
        let token = if is_unit(c) { red } else { white };
        if token > 0 && build_ok(data, p, c, 0) {
            out.push(Command::Build(named(data, t.card)));
        }
    }
    if white > 0 {
        if let Some(w) = &p.wonder {
            for n in 1..=rules::stages_per_action(data, p) {
                if wonder_ok(data, p, n, 0) {
                    out.push(Command::Wonder(named(data, w.card), n));
                }
            }
        }
    }
    for &(t, fc) in &techs {
        for &(u, tc) in &techs {
            let token = if is_unit(fc) { red } else { white };
            if token > 0 && upgrade_ok(data, p, t, fc, tc, 0) {
                out.push(Command::Upgrade(named(data, t.card), named(data, u.card)));
            }
        }
    }
    for &(t, c) in &techs {
        if t.workers == 0 {
            continue;
        }
        if is_unit(c) {
            if red > 0 {
                out.push(Command::Disband(named(data, t.card)));
            }
        } else if white > 0 {
            out.push(Command::Destroy(named(data, t.card)));
        }
    }
    let mut seen: Vec<CardId> = Vec::new();
    for h in &p.hand {
        if seen.contains(&h.card) {
            continue;
        }
        seen.push(h.card);
        let Some(c) = data.card(h.card) else { continue };
        let n = named(data, h.card);
        match c.kind {
            Kind::Leader if white > 0 => out.push(Command::Elect(n)),
            Kind::Government => {
                if white > 0 && gov_ok(p, c, false) {
                    out.push(Command::Develop(n.clone()));
                }
                if white > 0 && p.white_used == 0 && gov_ok(p, c, true) {
                    out.push(Command::Revolution(n));
                }
            }
            k if k.is_technology() && white > 0 && develop_ok(p, c) => {
                out.push(Command::Develop(n))
            }
            Kind::Action if white > 0 && !h.fresh => {
                for t in action_targets(s, p, c, &techs) {
                    out.push(Command::Play(n.clone(), t));
                }
            }
            _ => {}
        }
    }
    if white > 0 {
        if let Some(leader) = p.leader.and_then(|l| data.card(l)) {
            if let Some(food_off) = leader.rule(RuleName::RecruitFoodDiscount, mode.key()) {
                let res_off = leader
                    .rule(RuleName::RecruitResourceDiscount, mode.key())
                    .unwrap_or(0);
                for &(t, c) in &techs {
                    if is_unit(c) && recruit_ok(data, p, mode, c, food_off, res_off) {
                        out.push(Command::Recruit(named(data, t.card)));
                    }
                }
            }
        }
    }
    out.push(Command::Done);
    out
}

fn recruit_ok(
    data: &Data,
    p: &Player,
    mode: Mode,
    unit: &Card,
    food_off: i32,
    res_off: i32,
) -> bool {
    let Some(food) = rules::growth_cost(data, p, mode) else {
        return false;
    };
    let food = (food - food_off).max(0);
    let res = (rules::build_cost(data, p, unit) - res_off).max(0);
    p.yellow_bank > 0 && rules::can_pay(data, p, true, food) && can_pay_military(data, p, res)
}

/// The targets an action card can be played on now (empty: not playable).
fn action_targets(s: &State, p: &Player, c: &Card, techs: &[(&Tech, &Card)]) -> Vec<Target> {
    let data = &s.data;
    let mode = s.rules.mode;
    let amount = c.raw.amount;
    let mut out = Vec::new();
    match c.action {
        ActionCode::WonderStageDiscount => {
            if let Some(w) = &p.wonder {
                if wonder_ok(data, p, 1, amount) {
                    out.push(Target::Card(named(data, w.card)));
                }
            }
        }
        ActionCode::GrowThenFood => {
            if grow_ok(data, p, mode, 0) {
                out.push(Target::None);
            }
        }
        ActionCode::NewUrbanDiscount | ActionCode::NewFarmMineDiscount => {
            for &(t, tc) in techs {
                let fits = match c.action {
                    ActionCode::NewUrbanDiscount => matches!(tc.kind, Kind::Urban(_)),
                    _ => matches!(tc.kind, Kind::Farm | Kind::Mine),
                };
                if fits && build_ok(data, p, tc, amount) {
                    out.push(Target::Card(named(data, t.card)));
                }
            }
        }
        ActionCode::UpgradeDiscount => {
            for &(t, fc) in techs {
                for &(u, tc) in techs {
                    if !is_unit(fc) && upgrade_ok(data, p, t, fc, tc, amount) {
                        out.push(Target::Upgrade(named(data, t.card), named(data, u.card)));
                    }
                }
            }
        }
        ActionCode::DevelopThenScience => {
            let mut seen = Vec::new();
            for h in &p.hand {
                if seen.contains(&h.card) {
                    continue;
                }
                seen.push(h.card);
                let Some(tc) = data.card(h.card) else {
                    continue;
                };
                if tc.kind == Kind::Government {
                    if gov_ok(p, tc, false) {
                        out.push(Target::Card(named(data, h.card)));
                    }
                    if p.white_used == 0 && gov_ok(p, tc, true) {
                        out.push(Target::Revolution(named(data, h.card)));
                    }
                } else if develop_ok(p, tc) {
                    out.push(Target::Card(named(data, h.card)));
                }
            }
        }
        ActionCode::MilitaryBoost
        | ActionCode::ScoreScience
        | ActionCode::ScoreCulture
        | ActionCode::ProduceFood
        | ActionCode::ProduceResources => out.push(Target::None),
        ActionCode::Other => {}
    }
    out
}

fn refuse() -> RuleError {
    RuleError::new(
        "That is not possible now; write one of the legal commands listed in the mail.",
        "지금은 할 수 없는 행동입니다. 메일에 나온 가능한 명령 중 하나를 쓰세요.",
    )
}

fn said(seat: usize, en: String, ko: String) -> Event {
    Event::public(Text::new(
        format!("Seat {}: {en}", seat + 1),
        format!("{}번 자리: {ko}", seat + 1),
    ))
}

fn name_of(data: &Data, id: CardId) -> (String, String) {
    data.card(id)
        .map(|c| (c.name().to_string(), c.name_ko().to_string()))
        .unwrap_or_default()
}

/// Applies a legal command; refuses (unchanged state) anything not legal.
pub fn apply(s: &mut State, seat: usize, cmd: &Command) -> Result<Vec<Event>, RuleError> {
    if !legal(s, seat).contains(cmd) {
        return Err(refuse());
    }
    let mut next = s.clone();
    let mut out = Vec::new();
    run(&mut next, seat, cmd, &mut out).ok_or_else(refuse)?;
    *s = next;
    Ok(out)
}

fn hand_remove(p: &mut Player, card: CardId) -> Option<()> {
    // Prefer a card that is not fresh (the same card taken earlier).
    let i = p
        .hand
        .iter()
        .position(|h| h.card == card && !h.fresh)
        .or_else(|| p.hand.iter().position(|h| h.card == card))?;
    p.hand.remove(i);
    Some(())
}

/// Re-counts action tokens after the cards that grant them changed; a lost
/// token may be one already used (seed L1145-1153).
fn settle_tokens(data: &Data, p: &mut Player, mode: Mode, white_before: u8, red_before: u8) {
    let white_after = rules::white_total(data, p, mode);
    let red_after = rules::red_total(data, p, mode);
    if white_after < white_before {
        p.white_used = p.white_used.saturating_sub(white_before - white_after);
    }
    if red_after < red_before {
        p.red_used = p.red_used.saturating_sub(red_before - red_after);
    }
}

fn run(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    let data = s.data.clone();
    let mode = s.rules.mode;
    if let Phase::EventChoice {
        event,
        choice,
        queue,
    } = &mut s.phase
    {
        let event = *event;
        let choice = *choice;
        queue.retain(|&q| q != seat);
        let done = queue.is_empty();
        let amount = data
            .card(event)
            .and_then(|c| c.rule(RuleName::ChooseFoodOrResources, mode.key()))
            .unwrap_or(0);
        let p = s.players.get_mut(seat)?;
        match (cmd, choice) {
            (Command::ChooseFood, _) => {
                rules::produce_amount(&data, p, true, amount);
                out.push(said(
                    seat,
                    format!("produces {amount} food."),
                    format!("식량 {amount}개를 생산합니다."),
                ));
            }
            (Command::ChooseResources, _) => {
                rules::produce_amount(&data, p, false, amount);
                out.push(said(
                    seat,
                    format!("produces {amount} resources."),
                    format!("자원 {amount}개를 생산합니다."),
                ));
            }
            (Command::ChooseBuild, EventChoiceKind::FreeBuild(card)) => {
                let i = rules::tech_index(p, card)?;
                p.workers = p.workers.checked_sub(1)?;
                p.techs.get_mut(i)?.workers += 1;
                let (en, ko) = name_of(&data, card);
                out.push(said(
                    seat,
                    format!("builds {en} for free."),
                    format!("{ko}을(를) 무료로 건설합니다."),
                ));
            }
            _ => out.push(said(seat, "declines.".into(), "하지 않습니다.".into())),
        }
        if done {
            s.phase = Phase::Actions;
        }
        return Some(());
    }
    if *cmd == Command::Done {
        out.push(said(seat, "ends the turn.".into(), "턴을 마칩니다.".into()));
        flow::end_turn(s, out);
        return Some(());
    }
    if let Command::Take(slot) = cmd {
        return take(s, seat, *slot, out);
    }
    let p = s.players.get_mut(seat)?;
    let white_before = rules::white_total(&data, p, mode);
    let red_before = rules::red_total(&data, p, mode);
    let government_before = p.government;
    match cmd {
        Command::Grow => {
            p.white_used += 1;
            grow(&data, p, mode, 0)?;
            out.push(said(
                seat,
                "increases population.".into(),
                "인구를 늘립니다.".into(),
            ));
        }
        Command::Build(n) => {
            let c = data.card(n.id)?;
            if is_unit(c) {
                p.red_used += 1;
            } else {
                p.white_used += 1;
            }
            build(&data, p, n.id, 0)?;
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                seat,
                format!("builds on {en} ({}).", n.kind),
                format!("{ko}에 {}을(를) 짓습니다.", c.kind.word_ko()),
            ));
        }
        Command::Wonder(n, k) => {
            p.white_used += 1;
            wonder_stages(&data, p, *k, 0)?;
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                seat,
                format!("builds {k} stage(s) of {en}."),
                format!("{ko} {k}단계를 건설합니다."),
            ));
            flow::complete_wonder_if_done(&data, p, out, seat);
        }
        Command::Upgrade(a, b) => {
            let c = data.card(a.id)?;
            if is_unit(c) {
                p.red_used += 1;
            } else {
                p.white_used += 1;
            }
            upgrade(&data, p, a.id, b.id, 0)?;
            let (ea, ka) = name_of(&data, a.id);
            let (eb, kb) = name_of(&data, b.id);
            out.push(said(
                seat,
                format!("upgrades {ea} to {eb}."),
                format!("{ka}을(를) {kb}(으)로 향상합니다."),
            ));
        }
        Command::Destroy(n) | Command::Disband(n) => {
            if matches!(cmd, Command::Disband(_)) {
                p.red_used += 1;
            } else {
                p.white_used += 1;
            }
            let i = rules::tech_index(p, n.id)?;
            let t = p.techs.get_mut(i)?;
            t.workers = t.workers.checked_sub(1)?;
            p.workers += 1;
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                seat,
                format!("removes a worker from {en}."),
                format!("{ko}에서 일꾼 하나를 해체합니다."),
            ));
        }
        Command::Elect(n) => {
            p.white_used += 1;
            hand_remove(p, n.id)?;
            if p.leader.replace(n.id).is_some() {
                p.discarded += 1;
            }
            // A leader acts at once (L1097-1100): Homer's resource this turn too.
            let per_turn = data
                .card(n.id)
                .map(|c| c.raw.military_resources_per_turn)
                .unwrap_or(0);
            p.military_resources = p
                .military_resources
                .saturating_add(u8::try_from(per_turn.max(0)).unwrap_or(0));
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                seat,
                format!("elects {en}."),
                format!("{ko}을(를) 지도자로 추대합니다."),
            ));
        }
        Command::Develop(n) => {
            p.white_used += 1;
            develop(&data, p, mode, n.id, false, out, seat)?;
        }
        Command::Revolution(n) => {
            develop(&data, p, mode, n.id, true, out, seat)?;
        }
        Command::Recruit(n) => {
            p.white_used += 1;
            let leader = p.leader.and_then(|l| data.card(l))?;
            let food_off = leader
                .rule(RuleName::RecruitFoodDiscount, mode.key())
                .unwrap_or(0);
            let res_off = leader
                .rule(RuleName::RecruitResourceDiscount, mode.key())
                .unwrap_or(0);
            grow(&data, p, mode, food_off)?;
            build(&data, p, n.id, res_off)?;
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                seat,
                format!("recruits a unit on {en}."),
                format!("인구를 늘려 {ko} 유닛을 만듭니다."),
            ));
        }
        Command::Play(n, target) => {
            p.white_used += 1;
            hand_remove(p, n.id)?;
            p.discarded += 1;
            let c = data.card(n.id)?;
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                seat,
                format!("plays {en}."),
                format!("{ko}을(를) 사용합니다."),
            ));
            play_action(&data, p, mode, c, target, out, seat)?;
        }
        _ => return None,
    }
    // A government change sets its own token counts (seed L1500-1567).
    if p.government == government_before {
        settle_tokens(&data, p, mode, white_before, red_before);
    }
    Some(())
}

fn take(s: &mut State, seat: usize, slot: u8, out: &mut Vec<Event>) -> Option<()> {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let i = usize::from(slot).checked_sub(1)?;
    let cost = take_cost(s, s.players.get(seat)?, i)?;
    let id = s.row.get_mut(i)?.take()?;
    let p = s.players.get_mut(seat)?;
    p.white_used += cost;
    let c = data.card(id)?;
    if c.kind == Kind::Wonder {
        p.wonder = Some(WonderWork { card: id, built: 0 });
    } else {
        p.hand.push(HandCard {
            card: id,
            fresh: true,
        });
        if c.kind == Kind::Leader {
            p.leader_ages.push(c.age);
        }
        if c.kind.is_technology() {
            let bonus: i32 = rules::permanent_cards(&data, p, mode)
                .map(|l| l.raw.science_per_tech_taken)
                .sum();
            p.science = (p.science + bonus).min(SCIENCE_CAP);
        }
    }
    out.push(said(
        seat,
        format!(
            "takes {} from slot {slot} ({cost} civil actions).",
            c.name()
        ),
        format!(
            "{}번 칸의 {}을(를) 가져옵니다 (시민 행동 {cost}).",
            slot,
            c.name_ko()
        ),
    ));
    Some(())
}

fn grow(data: &Data, p: &mut Player, mode: Mode, discount: i32) -> Option<()> {
    let cost = (rules::growth_cost(data, p, mode)? - discount).max(0);
    rules::pay(data, p, true, cost)?;
    p.yellow_bank = p.yellow_bank.checked_sub(1)?;
    p.workers += 1;
    Some(())
}

fn build(data: &Data, p: &mut Player, card: CardId, discount: i32) -> Option<()> {
    let c = data.card(card)?;
    let cost = (rules::build_cost(data, p, c) - discount).max(0);
    if is_unit(c) {
        pay_military(data, p, cost)?;
    } else {
        rules::pay(data, p, false, cost)?;
    }
    p.workers = p.workers.checked_sub(1)?;
    let i = rules::tech_index(p, card)?;
    p.techs.get_mut(i)?.workers += 1;
    Some(())
}

fn upgrade(data: &Data, p: &mut Player, from: CardId, to: CardId, discount: i32) -> Option<()> {
    let (fc, tc) = (data.card(from)?, data.card(to)?);
    let cost = (rules::upgrade_cost(data, p, fc, tc) - discount).max(0);
    if is_unit(fc) {
        pay_military(data, p, cost)?;
    } else {
        rules::pay(data, p, false, cost)?;
    }
    let i = rules::tech_index(p, from)?;
    let j = rules::tech_index(p, to)?;
    let t = p.techs.get_mut(i)?;
    t.workers = t.workers.checked_sub(1)?;
    p.techs.get_mut(j)?.workers += 1;
    Some(())
}

fn wonder_stages(data: &Data, p: &mut Player, n: u8, discount: i32) -> Option<()> {
    let w = p.wonder.clone()?;
    let cost = wonder_cost(data, &w, n, discount)?;
    rules::pay(data, p, false, cost)?;
    p.blue_bank = p.blue_bank.checked_sub(n)?;
    p.wonder.as_mut()?.built += n;
    Some(())
}

/// Develops a technology from hand: special technologies replace their
/// family's, governments change peacefully or by revolution (seed L1391-1567).
fn develop(
    data: &Data,
    p: &mut Player,
    mode: Mode,
    card: CardId,
    revolution: bool,
    out: &mut Vec<Event>,
    seat: usize,
) -> Option<()> {
    let c = data.card(card)?;
    let cost = if revolution {
        c.raw.revolution_science_cost.unwrap_or(c.raw.science_cost)
    } else {
        c.raw.science_cost
    };
    if p.science < cost {
        return None;
    }
    p.science -= cost;
    hand_remove(p, card)?;
    let (en, ko) = name_of(data, card);
    match c.kind {
        Kind::Government => {
            let used = p.white_used;
            if data
                .card(p.government)
                .is_some_and(|g| g.raw.deck == "civil")
            {
                p.discarded += 1;
            }
            p.government = card;
            p.white_used = if revolution {
                rules::white_total(data, p, mode)
            } else {
                used
            };
            if revolution {
                out.push(said(
                    seat,
                    format!("declares a revolution: {en}."),
                    format!("혁명으로 {ko}(으)로 바꿉니다."),
                ));
            } else {
                out.push(said(
                    seat,
                    format!("changes government peacefully to {en}."),
                    format!("평화롭게 {ko}(으)로 정부를 바꿉니다."),
                ));
            }
            return Some(());
        }
        Kind::Special(family) => {
            let before = p.specials.len();
            p.specials
                .retain(|&s| data.card(s).is_none_or(|x| x.kind != Kind::Special(family)));
            p.discarded += (before - p.specials.len()) as u32;
            p.specials.push(card);
        }
        _ => p.techs.push(Tech {
            card,
            workers: 0,
            blue: 0,
        }),
    }
    out.push(said(
        seat,
        format!("develops {en} for {cost} science."),
        format!("과학 {cost}점으로 {ko}을(를) 개발합니다."),
    ));
    let bonus: i32 = rules::permanent_cards(data, p, mode)
        .map(|l| l.raw.resources_per_tech_played)
        .sum();
    if bonus > 0 {
        rules::produce_amount(data, p, false, bonus);
    }
    Some(())
}

fn play_action(
    data: &Data,
    p: &mut Player,
    mode: Mode,
    c: &Card,
    target: &Target,
    out: &mut Vec<Event>,
    seat: usize,
) -> Option<()> {
    let amount = c.raw.amount;
    match (c.action, target) {
        (ActionCode::WonderStageDiscount, Target::Card(_)) => {
            wonder_stages(data, p, 1, amount)?;
            flow::complete_wonder_if_done(data, p, out, seat);
        }
        (ActionCode::GrowThenFood, Target::None) => {
            grow(data, p, mode, 0)?;
            rules::produce_amount(data, p, true, amount);
        }
        (ActionCode::NewUrbanDiscount | ActionCode::NewFarmMineDiscount, Target::Card(n)) => {
            build(data, p, n.id, amount)?;
        }
        (ActionCode::UpgradeDiscount, Target::Upgrade(a, b)) => {
            upgrade(data, p, a.id, b.id, amount)?
        }
        (ActionCode::MilitaryBoost, Target::None) => {
            let reds = c.rule(RuleName::RedTokensThisTurn, mode.key()).unwrap_or(0);
            p.red_bonus = p.red_bonus.saturating_add(u8::try_from(reds.max(0)).ok()?);
            p.military_resources = p
                .military_resources
                .saturating_add(u8::try_from(amount.max(0)).ok()?);
        }
        (ActionCode::ScoreScience, Target::None) => {
            p.science = (p.science + amount).min(SCIENCE_CAP)
        }
        (ActionCode::ScoreCulture, Target::None) => p.culture += amount,
        (ActionCode::ProduceFood, Target::None) => {
            rules::produce_amount(data, p, true, amount);
        }
        (ActionCode::ProduceResources, Target::None) => {
            rules::produce_amount(data, p, false, amount);
        }
        (ActionCode::DevelopThenScience, Target::Card(n)) => {
            develop(data, p, mode, n.id, false, out, seat)?;
            p.science = (p.science + amount).min(SCIENCE_CAP);
        }
        (ActionCode::DevelopThenScience, Target::Revolution(n)) => {
            develop(data, p, mode, n.id, true, out, seat)?;
            p.science = (p.science + amount).min(SCIENCE_CAP);
        }
        _ => return None,
    }
    Some(())
}
