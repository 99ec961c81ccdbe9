//! The civil and military actions of a turn.

use super::report::{name_of, said};
use super::tokens;
use super::turn;
use crate::engine::Event;
use crate::games::tta::command::{Command, Target};
use crate::games::tta::data::{ActionCode, Card, CardId, Data, Kind, RuleName, SCIENCE_CAP};
use crate::games::tta::legal::{self, is_unit, take_cost, wonder_cost};
use crate::games::tta::scoring;
use crate::games::tta::state::{HandCard, Mode, Player, State, Tech, WonderWork};

pub(super) fn take(s: &mut State, seat: usize, slot: u8, out: &mut Vec<Event>) -> Option<()> {
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
            let bonus: i32 = scoring::permanent_cards(&data, p, mode)
                .map(|l| l.raw.science_per_tech_taken)
                .sum();
            p.science = (p.science + bonus).min(SCIENCE_CAP);
        }
    }
    out.push(said(
        seat,
        format!(
            "takes {} from slot {slot} ({cost} civil action(s)).",
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

pub(super) fn hand_remove(p: &mut Player, card: CardId) -> Option<()> {
    // Prefer a card that is not fresh (the same card taken earlier).
    let i = p
        .hand
        .iter()
        .position(|h| h.card == card && !h.fresh)
        .or_else(|| p.hand.iter().position(|h| h.card == card))?;
    p.hand.remove(i);
    Some(())
}

pub(super) fn pay_military(data: &Data, p: &mut Player, cost: i32) -> Option<()> {
    let from_bonus = cost.clamp(0, i32::from(p.military_resources));
    tokens::pay_cost(data, p, false, cost - from_bonus)?;
    p.military_resources -= u8::try_from(from_bonus).ok()?;
    Some(())
}

pub(super) fn grow(data: &Data, p: &mut Player, mode: Mode, discount: i32) -> Option<()> {
    let cost = (legal::growth_cost(data, p, mode)? - discount).max(0);
    tokens::pay_cost(data, p, true, cost)?;
    p.yellow_bank = p.yellow_bank.checked_sub(1)?;
    p.workers += 1;
    Some(())
}

pub(super) fn build(data: &Data, p: &mut Player, card: CardId, discount: i32) -> Option<()> {
    let c = data.card(card)?;
    let cost = (legal::build_cost(data, p, c) - discount).max(0);
    if is_unit(c) {
        pay_military(data, p, cost)?;
    } else {
        tokens::pay_cost(data, p, false, cost)?;
    }
    p.workers = p.workers.checked_sub(1)?;
    let i = legal::tech_index(p, card)?;
    p.techs.get_mut(i)?.workers += 1;
    Some(())
}

pub(super) fn upgrade(
    data: &Data,
    p: &mut Player,
    from: CardId,
    to: CardId,
    discount: i32,
) -> Option<()> {
    let (fc, tc) = (data.card(from)?, data.card(to)?);
    let cost = (legal::upgrade_cost(data, p, fc, tc) - discount).max(0);
    if is_unit(fc) {
        pay_military(data, p, cost)?;
    } else {
        tokens::pay_cost(data, p, false, cost)?;
    }
    let i = legal::tech_index(p, from)?;
    let j = legal::tech_index(p, to)?;
    let t = p.techs.get_mut(i)?;
    t.workers = t.workers.checked_sub(1)?;
    p.techs.get_mut(j)?.workers += 1;
    Some(())
}

pub(super) fn wonder_stages(data: &Data, p: &mut Player, n: u8, discount: i32) -> Option<()> {
    let w = p.wonder.clone()?;
    let cost = wonder_cost(data, &w, n, discount)?;
    tokens::pay_cost(data, p, false, cost)?;
    p.blue_bank = p.blue_bank.checked_sub(n)?;
    p.wonder.as_mut()?.built += n;
    Some(())
}

/// Develops a technology from hand: special technologies replace their
/// family's, governments change peacefully or by revolution (seed L1391-1567).
pub(super) fn develop(
    data: &Data,
    p: &mut Player,
    mode: Mode,
    card: CardId,
    revolution: bool,
    out: &mut Vec<Event>,
    seat: usize,
) -> Option<()> {
    let c = data.card(card)?;
    let cost = legal::science_cost(data, p, mode, c, revolution);
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
                legal::white_total(data, p, mode)
            } else {
                used
            };
            technology_played(data, p, mode);
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
    let bonus: i32 = scoring::permanent_cards(data, p, mode)
        .map(|l| l.raw.resources_per_tech_played)
        .sum();
    if bonus > 0 {
        tokens::produce_amount(data, p, false, bonus);
    }
    technology_played(data, p, mode);
    Some(())
}

/// What a leader gives each time a technology card is played, government
/// included (Newton: spent civil actions back; Einstein: culture).
fn technology_played(data: &Data, p: &mut Player, mode: Mode) {
    let sum = |name: RuleName| -> i32 {
        scoring::permanent_cards(data, p, mode)
            .filter_map(|c| c.rule(name, mode.key()))
            .sum()
    };
    let back = sum(RuleName::CivilActionsBackPerTechnology);
    p.culture += sum(RuleName::CulturePerTechnology).max(0);
    p.white_used = p
        .white_used
        .saturating_sub(u8::try_from(back.max(0)).unwrap_or(u8::MAX));
}

/// Where a civilization stands among the others when it plays an action
/// card that counts them (civilizations still playing).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Standing {
    pub players: usize,
    /// Civilizations with more culture points.
    pub richer: i32,
    /// Civilizations with more military strength.
    pub stronger: i32,
    /// What leaders and wars change in its building costs.
    pub prices: legal::Prices,
}

impl Standing {
    pub fn of(s: &State, seat: usize) -> Standing {
        let seats = s.playing_from(seat);
        let culture = |i: usize| s.players.get(i).map(|p| p.culture).unwrap_or(0);
        let strength = |i: usize| super::event_effects::strength(s, i);
        let count = |more: &dyn Fn(usize) -> bool| {
            i32::try_from(seats.iter().filter(|&&i| more(i)).count()).unwrap_or(0)
        };
        Standing {
            players: seats.len(),
            richer: count(&|i| culture(i) > culture(seat)),
            stronger: count(&|i| strength(i) > strength(seat)),
            prices: legal::Prices::of(s, seat),
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn play_action(
    data: &Data,
    p: &mut Player,
    mode: Mode,
    c: &Card,
    target: &Target,
    out: &mut Vec<Event>,
    seat: usize,
    standing: Standing,
) -> Option<()> {
    let amount = c.amount_for(standing.players);
    match (c.action, target) {
        (ActionCode::WonderStageDiscount, Target::Card(_)) => {
            wonder_stages(data, p, 1, amount)?;
            turn::complete_wonder_if_done(data, p, out, seat);
        }
        (ActionCode::GrowThenFood, Target::None) => {
            grow(data, p, mode, 0)?;
            tokens::produce_amount(data, p, true, amount);
        }
        (ActionCode::NewUrbanDiscount | ActionCode::NewFarmMineDiscount, Target::Card(n)) => {
            let on = data.card(n.id)?;
            build(data, p, n.id, amount + standing.prices.build(on))?;
        }
        (ActionCode::UpgradeDiscount, Target::Upgrade(a, b)) => {
            let to = data.card(b.id)?;
            upgrade(data, p, a.id, b.id, amount + standing.prices.upgrade(to))?
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
        (ActionCode::CulturePerRicher, Target::None) => p.culture += amount * standing.richer,
        (ActionCode::MilitaryResourcesPerStronger, Target::None) => {
            let extra = amount.saturating_mul(standing.stronger).max(0);
            p.military_resources = p
                .military_resources
                .saturating_add(u8::try_from(extra).unwrap_or(u8::MAX));
        }
        (ActionCode::ProduceFood, Target::None) => {
            tokens::produce_amount(data, p, true, amount);
        }
        (ActionCode::ProduceResources, Target::None) => {
            tokens::produce_amount(data, p, false, amount);
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

/// A civil or military action other than taking a card; the action tokens
/// are re-counted when the cards that grant them changed.
pub(super) fn act(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    let data = s.data.clone();
    let mode = s.rules.mode;
    // Ranking the civilizations costs a pass over every board: only for
    // the cards that count them.
    let counts_others = match cmd {
        Command::Play(n, _) => data.card(n.id).is_some_and(|c| {
            matches!(
                c.action,
                ActionCode::CulturePerRicher | ActionCode::MilitaryResourcesPerStronger
            )
        }),
        _ => false,
    };
    let standing = if counts_others {
        Standing::of(s, seat)
    } else {
        Standing {
            players: s.playing_from(seat).len(),
            prices: legal::Prices::of(s, seat),
            ..Standing::default()
        }
    };
    let p = s.players.get_mut(seat)?;
    let white_before = legal::white_total(&data, p, mode);
    let red_before = legal::red_total(&data, p, mode);
    let blue_before = legal::blue_owned(&data, p, mode);
    let government_before = p.government;
    let techs_before = technologies(p);
    match cmd {
        Command::Elect(_)
        | Command::Develop(_)
        | Command::Revolution(_)
        | Command::Recruit(_)
        | Command::Play(..) => card_action(&data, p, mode, (seat, standing), cmd, out)?,
        _ => board_action(&data, p, mode, (seat, standing), cmd, out)?,
    }
    // A government change sets its own token counts (seed L1500-1567).
    if p.government == government_before {
        tokens::settle_tokens(&data, p, mode, white_before, red_before);
    }
    tokens::settle_blue(&data, p, mode, blue_before);
    let played = technologies(p).iter().any(|c| !techs_before.contains(c));
    if played {
        super::pact::technology_played(s, seat, out);
    }
    Some(())
}

/// The technologies a civilization has in play (to tell when one is played).
fn technologies(p: &Player) -> Vec<CardId> {
    p.techs
        .iter()
        .map(|t| t.card)
        .chain(p.specials.iter().copied())
        .chain(std::iter::once(p.government))
        .collect()
}

/// Growing, building, upgrading and removing on the board.
fn board_action(
    data: &Data,
    p: &mut Player,
    mode: Mode,
    (seat, standing): (usize, Standing),
    cmd: &Command,
    out: &mut Vec<Event>,
) -> Option<()> {
    match cmd {
        Command::Grow => {
            p.white_used += 1;
            grow(data, p, mode, 0)?;
            out.push(said(
                seat,
                "increases population.".into(),
                "인구를 늘립니다.".into(),
            ));
        }
        Command::GrowFree => {
            p.free_growths += 1;
            grow(data, p, mode, legal::free_growth_discount(data, p, mode))?;
            out.push(said(
                seat,
                "increases population without a civil action (Ocean Liner Service).".into(),
                "시민 행동 없이 인구를 늘립니다 (대양 여객선).".into(),
            ));
        }
        Command::Build(n) => {
            let c = data.card(n.id)?;
            if is_unit(c) {
                p.red_used += 1;
            } else {
                p.white_used += 1;
            }
            build(data, p, n.id, standing.prices.build(c))?;
            let (en, ko) = name_of(data, n.id);
            out.push(said(
                seat,
                format!("builds on {en} ({}).", n.kind),
                format!("{ko}에 {}을(를) 짓습니다.", c.kind.word_ko()),
            ));
        }
        Command::Wonder(n, k) => {
            p.white_used += 1;
            wonder_stages(data, p, *k, 0)?;
            let (en, ko) = name_of(data, n.id);
            out.push(said(
                seat,
                format!("builds {k} stage(s) of {en}."),
                format!("{ko} {k}단계를 건설합니다."),
            ));
            turn::complete_wonder_if_done(data, p, out, seat);
        }
        Command::Upgrade(a, b) => {
            let c = data.card(a.id)?;
            if is_unit(c) {
                p.red_used += 1;
            } else {
                p.white_used += 1;
            }
            let to = data.card(b.id)?;
            upgrade(data, p, a.id, b.id, standing.prices.upgrade(to))?;
            let (ea, ka) = name_of(data, a.id);
            let (eb, kb) = name_of(data, b.id);
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
            let i = legal::tech_index(p, n.id)?;
            let t = p.techs.get_mut(i)?;
            t.workers = t.workers.checked_sub(1)?;
            p.workers += 1;
            let (en, ko) = name_of(data, n.id);
            out.push(said(
                seat,
                format!("removes a worker from {en}."),
                format!("{ko}에서 일꾼 하나를 해체합니다."),
            ));
        }
        _ => return None,
    }
    Some(())
}

/// Actions with a card from the hand: leaders, technologies, action cards.
fn card_action(
    data: &Data,
    p: &mut Player,
    mode: Mode,
    (seat, standing): (usize, Standing),
    cmd: &Command,
    out: &mut Vec<Event>,
) -> Option<()> {
    match cmd {
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
            let (en, ko) = name_of(data, n.id);
            out.push(said(
                seat,
                format!("elects {en}."),
                format!("{ko}을(를) 지도자로 추대합니다."),
            ));
        }
        Command::Develop(n) => {
            p.white_used += 1;
            develop(data, p, mode, n.id, false, out, seat)?;
        }
        Command::Revolution(n) => {
            develop(data, p, mode, n.id, true, out, seat)?;
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
            grow(data, p, mode, food_off)?;
            let unit = data.card(n.id)?;
            build(data, p, n.id, res_off + standing.prices.build(unit))?;
            let (en, ko) = name_of(data, n.id);
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
            let (en, ko) = name_of(data, n.id);
            out.push(said(
                seat,
                format!("plays {en}."),
                format!("{ko}을(를) 사용합니다."),
            ));
            play_action(data, p, mode, c, target, out, seat, standing)?;
        }
        _ => return None,
    }
    Some(())
}
