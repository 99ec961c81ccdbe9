//! What a civilization's cards add up to (rates, strength, happiness, the
//! needs of its population) and the final scoring of the introductory game.

use super::data::impact::{ImpactTerm, Measure};
use super::data::{
    self, Card, CardId, Data, Kind, RuleName, Unit, Urban, BLUE_CORRUPTION, HAPPINESS_CAP,
    RATE_CAP, STRENGTH_CAP,
};
use super::state::{Mode, Phase, Player, State, Tech};
use crate::engine::{Event, Outcome, Text};

/// What a civilization's cards add up to now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub culture_rate: i32,
    pub science_rate: i32,
    pub strength: i32,
    /// Happiness before the cap of 8 (St. Peter's doubles this, seed L1856-1866).
    pub happiness_raw: i32,
    pub happiness: i32,
    /// Food and resources the farms and mines produce per round.
    pub food_rate: i32,
    pub resource_rate: i32,
}

/// The permanent cards in play whose numbers count while they lie there:
/// government, leader, completed wonders, special technologies. Cards with
/// the `inactive` rule in this mode are left out (seed L1154-1160).
pub fn permanent_cards<'a>(
    data: &'a Data,
    p: &'a Player,
    mode: Mode,
) -> impl Iterator<Item = &'a Card> + 'a {
    std::iter::once(p.government)
        .chain(p.leader)
        // A wonder turned face down (Ravages of Time) has no effect left.
        .chain(p.wonders.iter().copied().filter(|w| !p.ravaged.contains(w)))
        .chain(p.specials.iter().copied())
        .filter_map(move |id| data.card(id))
        .filter(move |c| c.rule(RuleName::Inactive, mode.key()).is_none())
}

/// Civil (white) action tokens the civilization owns: the government's plus
/// the changes of leader, wonders and special technologies (seed L1128-1153).
pub fn white_total(data: &Data, p: &Player, mode: Mode) -> u8 {
    let n: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.white_tokens)
        .sum();
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// Military (red) action tokens, with this turn's extra ones.
pub fn red_total(data: &Data, p: &Player, mode: Mode) -> u8 {
    let n: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.red_tokens)
        .sum::<i32>()
        + i32::from(p.red_bonus)
        + pact_bonus(data, p, |b| b.red_tokens);
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// Blue tokens the civilization owns: the 18 of the board plus those that
/// cards in play brought from the box (Justice System, Civil Service; spec
/// §5.11: a replaced special technology's tokens do not stack).
pub fn blue_owned(data: &Data, p: &Player, mode: Mode) -> u8 {
    let n: i32 = permanent_cards(data, p, mode)
        .map(|c| c.raw.blue_tokens)
        .sum::<i32>()
        + i32::from(data::BLUE_TOKENS)
        + i32::from(p.blue_moved)
        + colony_bonus(data, p, |b| b.blue_tokens);
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// Yellow tokens the civilization owns: the 25 of the board and those
/// moved to or from it (Uncertain Borders).
pub fn yellow_owned(data: &Data, p: &Player) -> u8 {
    let n = i32::from(data::YELLOW_TOKENS)
        + i32::from(p.yellow_moved)
        + colony_bonus(data, p, |b| b.yellow_tokens);
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

/// A permanent bonus of the colonies held, summed.
pub fn colony_bonus(data: &Data, p: &Player, f: impl Fn(&data::TerritoryBonus) -> i32) -> i32 {
    p.colonies
        .iter()
        .filter_map(|&c| data.card(c)?.raw.permanent.as_ref())
        .map(f)
        .sum()
}

/// Strength a unit on `card` adds now: the civilization's strength less
/// what it would be without one of its workers there (leaders' and
/// tactics' bonuses for the unit included).
pub fn unit_strength(data: &Data, p: &Player, mode: Mode, card: CardId) -> i32 {
    let Some(i) = p.techs.iter().position(|t| t.card == card) else {
        return 0;
    };
    if p.techs.get(i).is_none_or(|t| t.workers == 0) {
        return 0;
    }
    let with = stats(data, p, mode).strength;
    let mut less = p.clone();
    if let Some(t) = less.techs.get_mut(i) {
        t.workers -= 1;
    }
    with - stats(data, &less, mode).strength
}

/// The permanent colonization bonus (Colossus, Cartography, Navigation, …).
pub fn permanent_colonize(data: &Data, p: &Player, mode: Mode) -> i32 {
    permanent_cards(data, p, mode).map(|c| c.raw.colonize).sum()
}

/// The highest bid a civilization could pay: every unit, every bonus card
/// in hand and its permanent bonus; 0 without a unit (one must be sent,
/// seed L2167-2172).
pub fn colonize_capacity(data: &Data, p: &Player, mode: Mode) -> i32 {
    let units: Vec<(CardId, u8)> = techs(data, p)
        .filter(|(t, c)| matches!(c.kind, Kind::Unit(_)) && t.workers > 0)
        .map(|(t, _)| (t.card, t.workers))
        .collect();
    if units.is_empty() {
        return 0;
    }
    let with = stats(data, p, mode).strength;
    let mut none = p.clone();
    for t in &mut none.techs {
        if units.iter().any(|&(c, _)| c == t.card) {
            t.workers = 0;
        }
    }
    let sent = with - stats(data, &none, mode).strength;
    let cards: i32 = p
        .military_hand
        .iter()
        .map(|&c| bonus_card_colonize(data, p, mode, c))
        .sum();
    sent.max(1) + cards + permanent_colonize(data, p, mode)
}

/// What a colonization bonus card in hand is worth to this civilization:
/// its printed value, plus the leader's extra per card (James Cook); 0 for
/// any other card.
pub fn bonus_card_colonize(data: &Data, p: &Player, mode: Mode, card: CardId) -> i32 {
    match data.card(card) {
        Some(c) if c.kind == Kind::Bonus && c.raw.colonize > 0 => {
            c.raw.colonize
                + permanent_cards(data, p, mode)
                    .map(|l| l.raw.colonize_bonus_card_extra)
                    .sum::<i32>()
        }
        _ => 0,
    }
}

/// The technologies with their cards.
pub fn techs<'a>(data: &'a Data, p: &'a Player) -> impl Iterator<Item = (&'a Tech, &'a Card)> + 'a {
    p.techs
        .iter()
        .filter_map(move |t| data.card(t.card).map(|c| (t, c)))
}

/// The urban buildings a leader's rule counts: library and theater
/// buildings, lab buildings and the sum of their levels, and the culture
/// of the best theater with a worker.
#[derive(Default)]
struct Urbans {
    libraries: i32,
    theaters: i32,
    labs: i32,
    lab_levels: i32,
    best_theater: i32,
}

impl Urbans {
    fn count(&mut self, urban: Urban, c: &Card, w: i32) {
        match urban {
            Urban::Library => self.libraries += w,
            Urban::Theater => {
                self.theaters += w;
                if w > 0 {
                    self.best_theater = self.best_theater.max(c.raw.culture);
                }
            }
            Urban::Lab => {
                self.labs += w;
                self.lab_levels += i32::from(c.age) * w;
            }
            _ => {}
        }
    }
}

/// (culture, science) a leader adds for urban buildings: Shakespeare's
/// libraries and library-theater pairs (pairs are the fewer of the two),
/// Alex Randolph's labs, Elvis Presley's best theater.
fn urban_bonus(c: &Card, mode: Mode, u: &Urbans) -> (i32, i32) {
    let rule = |r: RuleName| c.rule(r, mode.key());
    let mut culture = rule(RuleName::CulturePerLibrary).unwrap_or(0) * u.libraries
        + rule(RuleName::CulturePerLibraryTheaterPair).unwrap_or(0) * u.libraries.min(u.theaters);
    let mut science = 0;
    if let Some(less) = rule(RuleName::LabCultureForScience) {
        culture += u.lab_levels;
        science -= less * u.labs;
    }
    if rule(RuleName::BestTheaterTwice).is_some() {
        culture += u.best_theater;
    }
    (culture, science)
}

pub fn stats(data: &Data, p: &Player, mode: Mode) -> Stats {
    let mut s = Stats::default();
    let (mut units, mut temple_happy, mut faces) = (0, 0, 0);
    let mut per_unit = [0i32; 4];
    let mut warriors = 0;
    let mut best_lab_level = None::<i32>;
    let mut urbans = Urbans::default();
    for (t, c) in techs(data, p) {
        let w = i32::from(t.workers);
        s.culture_rate += c.raw.culture * w;
        s.science_rate += c.raw.science * w;
        s.happiness_raw += c.raw.happy * w;
        s.strength += c.raw.strength * w;
        s.food_rate += c.raw.food * w;
        s.resource_rate += c.raw.resources * w;
        match c.kind {
            Kind::Unit(u) => {
                units += w;
                per_unit[u as usize] += w;
                if u == Unit::Infantry && c.age == 0 {
                    warriors += w;
                }
            }
            Kind::Urban(Urban::Temple) => {
                temple_happy += c.raw.happy * w;
                faces += c.raw.happy * w;
            }
            Kind::Urban(Urban::Theater) => {
                faces += c.raw.happy * w;
                urbans.count(Urban::Theater, c, w);
            }
            Kind::Urban(u @ (Urban::Lab | Urban::Library)) if w > 0 => {
                best_lab_level = best_lab_level.max(Some(i32::from(c.age)));
                urbans.count(u, c, w);
            }
            _ => {}
        }
    }
    let mut multiplier = 1;
    let colonies = i32::try_from(p.colonies.len()).unwrap_or(0);
    let perm: Vec<&Card> = permanent_cards(data, p, mode).collect();
    for c in &perm {
        s.culture_rate += c.raw.culture;
        s.science_rate += c.raw.science;
        s.happiness_raw += c.raw.happy;
        s.strength += c.raw.strength;
        if c.kind == Kind::Wonder {
            faces += c.raw.happy;
        }
    }
    for c in &perm {
        let r = &c.raw;
        s.strength += r.strength_per_unit * units
            + r.strength_per_infantry * per_unit[Unit::Infantry as usize]
            + r.strength_per_artillery * per_unit[Unit::Artillery as usize]
            + r.strength_per_cavalry * per_unit[Unit::Cavalry as usize]
            + r.strength_per_temple_happy * temple_happy;
        s.culture_rate += r.culture_per_cavalry * per_unit[Unit::Cavalry as usize]
            + r.culture_per_warriors * warriors.min(r.culture_warriors_max)
            + r.culture_per_colony * colonies;
        if r.happiness_multiplier > 1 {
            multiplier *= r.happiness_multiplier;
        }
        if let Some(v) = c.rule(RuleName::CulturePerHappyFace, mode.key()) {
            s.culture_rate += v * faces;
        }
        let (culture, science) = urban_bonus(c, mode, &urbans);
        s.culture_rate += culture;
        s.science_rate += science;
        if let (Some(v), Some(level)) = (
            c.rule(RuleName::BestLabLevelBonus, mode.key()),
            best_lab_level,
        ) {
            s.science_rate += v * level;
        }
    }
    s.culture_rate += data::RAVAGED_WONDER_CULTURE * p.ravaged.len() as i32;
    if best_mine_doubled(data, p) {
        s.resource_rate += best_worked_mine(data, p);
    }
    s.happiness_raw += colony_bonus(data, p, |b| b.happy);
    s.strength += colony_bonus(data, p, |b| b.strength);
    s.strength += pact_bonus(data, p, |b| b.strength);
    s.culture_rate += pact_bonus(data, p, |b| b.culture);
    // Genghis Khan: the tactic card is ignored.
    let tactic = p
        .tactic
        .filter(|_| !perm.iter().any(|c| c.raw.ignores_tactics));
    s.strength += army_bonus(
        data,
        tactic,
        techs(data, p).map(|(t, c)| (c, i32::from(t.workers))),
    );
    s.happiness_raw = (s.happiness_raw * multiplier).max(0);
    s.happiness = s.happiness_raw.min(HAPPINESS_CAP);
    s.culture_rate = s.culture_rate.clamp(0, RATE_CAP);
    s.science_rate = s.science_rate.clamp(0, RATE_CAP);
    s.strength = s.strength.clamp(0, STRENGTH_CAP);
    s
}

/// What a seat's cards add up to, with what its pacts take from the
/// partners' boards (International Tourism's culture per wonder).
pub fn seat_stats(s: &State, seat: usize) -> Stats {
    s.players
        .get(seat)
        .map(|p| stats_in(s, p))
        .unwrap_or_default()
}

/// The same for a civilization of the game.
pub fn stats_in(s: &State, p: &Player) -> Stats {
    let mut st = stats(&s.data, p, s.rules.mode);
    st.culture_rate = (st.culture_rate + partner_culture(s, p)).clamp(0, RATE_CAP);
    st
}

/// International Tourism: culture per turn for each wonder the partner
/// has completed (seed L2373-2472; the card's text).
pub fn partner_culture(s: &State, p: &Player) -> i32 {
    p.pacts
        .iter()
        .filter_map(|x| {
            let c = s.data.card(x.card)?;
            let side = if x.a { c.raw.a } else { c.raw.b }?;
            let wonders = s.players.get(x.partner)?.wonders.len();
            Some(side.culture_per_partner_wonder * i32::try_from(wonders).ok()?)
        })
        .sum()
}

/// A bonus of the pacts a civilization takes part in, each on its side,
/// summed (seed L2373-2472).
pub fn pact_bonus(data: &Data, p: &Player, f: impl Fn(&data::PactSideBonus) -> i32) -> i32 {
    p.pacts
        .iter()
        .filter_map(|x| {
            let c = data.card(x.card)?;
            if x.a {
                c.raw.a.as_ref()
            } else {
                c.raw.b.as_ref()
            }
        })
        .map(f)
        .sum()
}

/// Whether a civilization takes part in a pact with `other` whose card
/// says `what` (no attacks, ends on an attack, …).
pub fn pact_with(
    data: &Data,
    p: &Player,
    other: usize,
    what: impl Fn(&data::RawCard) -> bool,
) -> bool {
    p.pacts
        .iter()
        .any(|x| x.partner == other && data.card(x.card).is_some_and(|c| what(&c.raw)))
}

/// The strength the armies of a tactic add (seed L2730-2826): as many
/// armies as the units fill, full bonus for those whose units are at most
/// one age older than the card, the lower bonus for the rest (forming the
/// full ones first never costs an army); each air force doubles the bonus of
/// one army, best first (L2928-2967).
pub fn army_bonus<'a>(
    data: &Data,
    tactic: Option<CardId>,
    units: impl Iterator<Item = (&'a Card, i32)>,
) -> i32 {
    let Some(t) = tactic.and_then(|id| data.card(id)) else {
        return 0;
    };
    let Some(army) = t.raw.army else {
        return 0;
    };
    let need = [army.infantry, army.cavalry, army.artillery];
    let (mut all, mut recent, mut air) = ([0i32; 3], [0i32; 3], 0);
    for (c, n) in units {
        let i = match c.kind {
            Kind::Unit(Unit::Infantry) => 0,
            Kind::Unit(Unit::Cavalry) => 1,
            Kind::Unit(Unit::Artillery) => 2,
            Kind::Unit(Unit::AirForce) => {
                air += n;
                continue;
            }
            _ => continue,
        };
        all[i] += n;
        if i32::from(c.age) + 1 >= i32::from(t.age) {
            recent[i] += n;
        }
    }
    let armies = |have: &[i32; 3]| {
        need.iter()
            .zip(have)
            .filter(|(n, _)| **n > 0)
            .map(|(n, h)| h / n)
            .min()
            .unwrap_or(0)
    };
    let total = armies(&all);
    let full = armies(&recent).min(total);
    let low = t.raw.bonus_obsolete.unwrap_or(t.raw.bonus);
    let full_doubled = full.min(air);
    let low_doubled = (total - full).min(air - full_doubled);
    (full + full_doubled) * t.raw.bonus + (total - full + low_doubled) * low
}

/// The strength units sent (sacrificed) add to an attack or a defence: their
/// own strength with the per-unit bonuses of the cards in play, and the
/// armies they form among themselves (seed L2766-2789).
pub fn sent_strength(data: &Data, p: &Player, mode: Mode, sent: &[CardId]) -> i32 {
    let cards: Vec<&Card> = sent.iter().filter_map(|&id| data.card(id)).collect();
    let count = |u: Unit| cards.iter().filter(|c| c.kind == Kind::Unit(u)).count() as i32;
    let own: i32 = cards.iter().map(|c| c.raw.strength).sum();
    let per_unit: i32 = permanent_cards(data, p, mode)
        .map(|c| {
            let r = &c.raw;
            r.strength_per_unit * cards.len() as i32
                + r.strength_per_infantry * count(Unit::Infantry)
                + r.strength_per_artillery * count(Unit::Artillery)
                + r.strength_per_cavalry * count(Unit::Cavalry)
        })
        .sum();
    own + per_unit + army_bonus(data, p.tactic, cards.iter().map(|&c| (c, 1)))
}

/// The military actions an aggression card costs against a civilization
/// (Assassinate and Sabotage: the level of the leader or wonder, at least
/// 1), or `None` when the card has nothing there to hit (Annex without a
/// colony, Assassinate without a leader, Sabotage without a wonder begun).
pub fn attack_cost(data: &Data, card: &Card, target: &Player) -> Option<u8> {
    let level = |id: CardId| data.card(id).map(|c| c.age.max(1));
    let cost = match card.raw.red_cost_rule.as_deref() {
        Some(r) if r.contains("leader") => level(target.leader?)?,
        Some(r) if r.contains("wonder") => level(target.wonder.as_ref()?.card)?,
        Some(_) => return None,
        None => u8::try_from(card.raw.red_cost).ok()?,
    };
    if card.raw.colonies_taken > 0 && target.colonies.is_empty() {
        return None;
    }
    Some(cost)
}

/// Culture an Age III wonder scores once, when it is completed (the
/// cards' texts): per level of each building on the kinds of card it names
/// (Hollywood, Internet), per level of each technology card (First Space
/// Flight), per worker on each kind of card (Fast Food Chains).
pub fn completion_culture(data: &Data, p: &Player, wonder: &Card) -> i32 {
    let r = &wonder.raw;
    let per_worker = r.culture_per_worker.unwrap_or_default();
    let mut culture = 0;
    for (t, c) in techs(data, p) {
        let w = i32::from(t.workers);
        if wonder.levels_of.contains(&c.kind) {
            culture += r.culture_per_level * i32::from(c.age) * w;
        }
        culture += w * match c.kind {
            Kind::Farm => per_worker.farm,
            Kind::Mine => per_worker.mine,
            Kind::Urban(_) => per_worker.urban,
            Kind::Unit(_) => per_worker.unit,
            _ => 0,
        };
    }
    // Technology cards: those with buildings, the specials, the government.
    let levels: i32 = p
        .techs
        .iter()
        .map(|t| t.card)
        .chain(p.specials.iter().copied())
        .chain(std::iter::once(p.government))
        .filter_map(|id| data.card(id))
        .filter(|c| c.kind.is_technology())
        .map(|c| i32::from(c.age))
        .sum();
    culture + r.culture_per_tech_level * levels
}

/// Transcontinental Railroad: whether a completed wonder (not turned face
/// down) makes the best mine with a worker produce one token more.
pub fn best_mine_doubled(data: &Data, p: &Player) -> bool {
    p.wonders
        .iter()
        .filter(|w| !p.ravaged.contains(w))
        .filter_map(|&w| data.card(w))
        .any(|c| c.raw.best_mine_doubled)
}

/// The value of one token of the best mine with a worker (0 without one).
pub fn best_worked_mine(data: &Data, p: &Player) -> i32 {
    techs(data, p)
        .filter(|(t, c)| c.kind == Kind::Mine && t.workers > 0)
        .map(|(_, c)| c.raw.resources)
        .max()
        .unwrap_or(0)
}

/// Food eaten at the end of each turn (seed L1773-1784).
pub fn consumption(p: &Player) -> i32 {
    i32::from(data::yellow_row(p.yellow_bank).consumption)
}

/// Happiness the yellow bank requires (advanced and full games; L2472-2525).
pub fn required_happiness(p: &Player) -> i32 {
    i32::from(data::yellow_row(p.yellow_bank).required_happiness)
}

/// Discontent workers: the happiness the yellow bank requires beyond the
/// happiness the civilization has (advanced and full games; L2472-2525).
pub fn discontent(data: &Data, p: &Player, mode: Mode) -> i32 {
    (required_happiness(p) - stats(data, p, mode).happiness).max(0)
}

/// An uprising: fewer unused workers than discontent workers at the start
/// of production (advanced and full games; seed L2526-2539).
pub fn uprising(data: &Data, p: &Player, mode: Mode) -> bool {
    i32::from(p.workers) < discontent(data, p, mode)
}

/// Resources lost to corruption in production (advanced and full games;
/// L2580-2618): read at the leftmost empty section of the blue bank.
pub fn corruption(p: &Player) -> i32 {
    BLUE_CORRUPTION
        .iter()
        .find(|(min_left, _)| p.blue_bank >= *min_left)
        .map(|(_, loss)| i32::from(*loss))
        .unwrap_or(0)
}

/// The introductory final bonus for one civilization (seed L1830-1845).
pub fn final_bonus(data: &Data, p: &Player, mode: Mode) -> i32 {
    let st = stats(data, p, mode);
    let age1_techs = p
        .techs
        .iter()
        .map(|t| t.card)
        .chain(p.specials.iter().copied())
        .chain(std::iter::once(p.government))
        .filter_map(|id| data.card(id))
        .filter(|c| c.age == 1 && c.kind.is_technology())
        .count() as i32;
    age1_techs * data::BONUS_PER_AGE1_TECH
        + st.strength * data::BONUS_PER_STRENGTH
        + (st.happiness * data::BONUS_PER_HAPPY).min(data::BONUS_HAPPY_MAX)
        + st.science_rate * data::BONUS_PER_SCIENCE
        + (st.food_rate + st.resource_rate) * data::BONUS_PER_PRODUCE
}

/// What one term of a scoring event counts on a civilization.
fn measured(data: &Data, p: &Player, mode: Mode, term: &ImpactTerm) -> i32 {
    let st = stats(data, p, mode);
    let level_sum = |pick: &dyn Fn(Kind) -> bool| -> i32 {
        techs(data, p)
            .filter(|(_, c)| pick(c.kind))
            .map(|(t, c)| i32::from(t.workers) * i32::from(c.age))
            .sum()
    };
    let age_of = |id: CardId| data.card(id).map(|c| i32::from(c.age)).unwrap_or(0);
    match term.measure {
        Measure::FoodRate => st.food_rate,
        Measure::ResourceRate => st.resource_rate,
        Measure::UrbanLevels => level_sum(&|k| matches!(k, Kind::Urban(_))),
        Measure::Colonies => p.colonies.len() as i32,
        Measure::UnitAndArenaLevels => {
            level_sum(&|k| matches!(k, Kind::Unit(_) | Kind::Urban(Urban::Arena)))
        }
        Measure::CivilActions => permanent_cards(data, p, mode)
            .map(|c| c.raw.white_tokens)
            .sum(),
        Measure::MilitaryActions => permanent_cards(data, p, mode)
            .map(|c| c.raw.red_tokens)
            .sum(),
        Measure::HappyFaces => st.happiness,
        Measure::DiscontentWorkers => discontent(data, p, mode),
        Measure::ContentWorkers => {
            let population: i32 =
                p.techs.iter().map(|t| i32::from(t.workers)).sum::<i32>() + i32::from(p.workers);
            (population - discontent(data, p, mode) - term.above).max(0)
        }
        Measure::GovernmentAndSpecialLevels => {
            age_of(p.government) + p.specials.iter().map(|&c| age_of(c)).sum::<i32>()
        }
        Measure::TechnologiesOfLevel => p
            .techs
            .iter()
            .map(|t| t.card)
            .chain(p.specials.iter().copied())
            .chain(std::iter::once(p.government))
            .filter_map(|id| data.card(id))
            .filter(|c| c.kind.is_technology() && c.age == term.level)
            .count() as i32,
        Measure::WondersOfAge => p
            .wonders
            .iter()
            .filter(|&&w| age_of(w) == i32::from(term.level))
            .count() as i32,
        Measure::ScienceRank => st.science_rate,
        Measure::StrengthRank => st.strength,
    }
}

/// Where seat `i` stands among `seats` by `value`: how many have more, and
/// how many have as much (itself included). The one ranking of the game:
/// the scoring events' prizes and the final ranks.
fn place<T: PartialOrd>(seats: &[usize], i: usize, value: impl Fn(usize) -> T) -> (usize, usize) {
    let mine = value(i);
    let above = seats.iter().filter(|&&j| value(j) > mine).count();
    let tied = seats.iter().filter(|&&j| value(j) == mine).count();
    (above, tied)
}

/// Culture each seat scores for an Age III scoring event (0 for seats that
/// resigned). Ranked terms give the prizes by rank; tied seats share the
/// prizes of the places they take, rounded down (a reading, NOTES.md).
pub fn impact_scores(s: &State, card: CardId) -> Vec<i32> {
    let data = &s.data;
    let mode = s.rules.mode;
    let mut out = vec![0; s.players.len()];
    let Some(c) = data.card(card) else {
        return out;
    };
    let playing: Vec<usize> = s.playing_from(s.start_player);
    for term in c
        .impact
        .iter()
        .filter(|t| t.modes.is_empty() || t.modes.iter().any(|m| m == mode.key()))
    {
        let counts: Vec<i32> = s
            .players
            .iter()
            .map(|p| measured(data, p, mode, term))
            .collect();
        if matches!(term.measure, Measure::ScienceRank | Measure::StrengthRank) {
            let prizes = term
                .prizes
                .get(playing.len().saturating_sub(2))
                .cloned()
                .unwrap_or_default();
            for &i in &playing {
                let (above, tied) = place(&playing, i, |j| counts.get(j).copied().unwrap_or(0));
                let shared: i32 = prizes.iter().skip(above).take(tied).sum();
                if let Some(o) = out.get_mut(i) {
                    *o += shared / tied.max(1) as i32;
                }
            }
        } else {
            for &i in &playing {
                let mut v = counts.get(i).copied().unwrap_or(0) * term.value;
                if let Some(cap) = term.cap {
                    v = v.min(cap);
                }
                if let Some(o) = out.get_mut(i) {
                    *o += v;
                }
            }
        }
    }
    out
}

/// Scores an Age III scoring event for every seat still playing (culture
/// stays at 0 or more).
pub fn score_impact(s: &mut State, card: CardId, out: &mut Vec<Event>) {
    let gains = impact_scores(s, card);
    let name = s.data.card_name(card);
    for (seat, gain) in gains.into_iter().enumerate() {
        let Some(p) = s.players.get_mut(seat).filter(|p| !p.resigned) else {
            continue;
        };
        p.culture = (p.culture + gain).max(0);
        out.push(Event::reveal(Text::new(
            format!(
                "{}: seat {} scores {gain:+} culture ({} in all).",
                name.en,
                seat + 1,
                p.culture
            ),
            format!(
                "{}: {}번 자리 문화 {gain:+}점 (총 {}점).",
                name.ko,
                seat + 1,
                p.culture
            ),
        )));
    }
}

/// The end of the game: the introductory final bonus, the advanced game's
/// four scoring events (seed L2866-2869), or the full game's Age III events
/// left in the current and future events (seed L3131-3151).
pub fn finish(s: &mut State, out: &mut Vec<Event>) {
    let before: Vec<i32> = s.players.iter().map(|p| p.culture).collect();
    match s.rules.mode {
        Mode::Intro => return finish_intro(s, out),
        Mode::Advanced => {
            for card in s.scoring_events.clone() {
                score_impact(s, card, out);
            }
            s.phase = Phase::Over;
        }
        Mode::Full => {
            // They are turned face up: into the past events.
            let data = s.data.clone();
            let scored = |c: &CardId| data.card(*c).is_some_and(|x| !x.impact.is_empty());
            let mut left: Vec<CardId> = s.events.iter().copied().filter(scored).collect();
            left.extend(s.future_events.iter().copied().filter(scored));
            s.events.retain(|c| !scored(c));
            s.future_events.retain(|c| !scored(c));
            s.past_events.extend(left.iter().copied());
            for card in left {
                score_impact(s, card, out);
            }
            s.phase = Phase::Over;
        }
    }
    for (p, b) in s.players.iter_mut().zip(before) {
        p.final_bonus = p.culture - b;
    }
}

fn finish_intro(s: &mut State, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    for (seat, p) in s.players.iter_mut().enumerate() {
        let bonus = final_bonus(&data, p, mode);
        p.final_bonus = bonus;
        p.culture += bonus;
        out.push(Event::public(Text::new(
            format!(
                "Seat {} scores a final bonus of {bonus} culture: {} in all.",
                seat + 1,
                p.culture
            ),
            format!(
                "{}번 자리 최종 보너스 문화 {bonus}점: 총 {}점.",
                seat + 1,
                p.culture
            ),
        )));
    }
    s.phase = Phase::Over;
}

/// The result of the advanced and full games: most culture wins, ties are
/// shared (the rulebook has none, spec §6.5); seats that resigned are not
/// scored and rank after every other (seed L3078-3079).
pub fn outcome_of_later_modes(s: &State) -> Outcome {
    let scores: Vec<f64> = s.players.iter().map(|p| f64::from(p.culture)).collect();
    let playing: Vec<usize> = (0..s.players.len())
        .filter(|&i| s.players.get(i).is_some_and(|p| !p.resigned))
        .collect();
    let ranks = (0..s.players.len())
        .map(|i| {
            if playing.contains(&i) {
                1 + place(&playing, i, |j| scores.get(j).copied().unwrap_or(0.0)).0
            } else {
                1 + playing.len()
            }
        })
        .collect();
    let summary = if playing.len() <= 1 {
        Text::new(
            "Every other civilization resigned; the one left wins.",
            "다른 문명이 모두 게임을 포기해 남은 문명이 승리합니다.",
        )
    } else {
        Text::new(
            "The last round ended and the Age III events were scored. Most culture wins; ties are shared; civilizations that resigned are not scored.",
            "마지막 라운드가 끝나 3시대 이벤트 점수를 계산했습니다. 문화 점수가 가장 높은 사람이 이기며, 동점은 공동 순위입니다. 포기한 문명은 순위에서 빠집니다.",
        )
    };
    Outcome {
        scores,
        ranks,
        summary,
    }
}
