//! What a civilization's cards add up to (rates, strength, happiness, the
//! needs of its population); the scoring at the end is in `end.rs`.

mod end;
pub use end::{
    bonus_parts, final_bonus, final_parts, finish, impact_scores, outcome_of_later_modes,
    score_impact, BonusParts, EndScore, FinalParts,
};

use super::data::{
    self, Card, CardId, Data, Kind, RuleName, Unit, Urban, BLUE_CORRUPTION, HAPPINESS_CAP,
    RATE_CAP, STRENGTH_CAP,
};
use super::state::{Mode, Player, State, Tech};

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
    /// Of `resource_rate`, what a leader makes beyond the mines (Bill
    /// Gates's labs), produced with them.
    pub leader_resources: i32,
}

impl Stats {
    /// Happiness multiplied (St. Peter's), then every figure within the
    /// board's tracks.
    fn capped(mut self, multiplier: i32) -> Stats {
        self.happiness_raw = (self.happiness_raw * multiplier).max(0);
        self.happiness = self.happiness_raw.min(HAPPINESS_CAP);
        self.culture_rate = self.culture_rate.clamp(0, RATE_CAP);
        self.science_rate = self.science_rate.clamp(0, RATE_CAP);
        self.strength = self.strength.clamp(0, STRENGTH_CAP);
        self
    }
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

/// The sum of a named rule over the civilization's permanent cards;
/// `None` when none of them has it.
pub fn rule_total(data: &Data, p: &Player, mode: Mode, name: RuleName) -> Option<i32> {
    permanent_cards(data, p, mode)
        .filter_map(|c| c.rule(name, mode.key()))
        .reduce(|a, b| a + b)
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

/// The technology cards a civilization holds: those with buildings, the
/// special technologies and the government.
pub fn held_technologies<'a>(data: &'a Data, p: &'a Player) -> impl Iterator<Item = &'a Card> + 'a {
    p.techs
        .iter()
        .map(|t| t.card)
        .chain(p.specials.iter().copied())
        .chain(std::iter::once(p.government))
        .filter_map(|id| data.card(id))
        .filter(|c| c.kind.is_technology())
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

/// (culture, science, resources) a leader adds for urban buildings:
/// Shakespeare's libraries and library-theater pairs (pairs are the fewer
/// of the two), Bach's theaters, Alex Randolph's labs, Elvis Presley's best
/// theater, Bill Gates's labs.
fn urban_bonus(c: &Card, mode: Mode, u: &Urbans) -> (i32, i32, i32) {
    let rule = |r: RuleName| c.rule(r, mode.key());
    let mut culture = rule(RuleName::CulturePerLibrary).unwrap_or(0) * u.libraries
        + rule(RuleName::CulturePerLibraryTheaterPair).unwrap_or(0) * u.libraries.min(u.theaters)
        + rule(RuleName::CulturePerTheater).unwrap_or(0) * u.theaters;
    let mut science = 0;
    if let Some(less) = rule(RuleName::LabCultureForScience) {
        culture += u.lab_levels;
        science -= less * u.labs;
    }
    if rule(RuleName::BestTheaterTwice).is_some() {
        culture += u.best_theater;
    }
    let resources = rule(RuleName::ResourcesPerLabLevel).unwrap_or(0) * u.lab_levels;
    (culture, science, resources)
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
        let (culture, science, resources) = urban_bonus(c, mode, &urbans);
        s.culture_rate += culture;
        s.science_rate += science;
        s.leader_resources += resources;
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
    s.resource_rate += s.leader_resources;
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
    s.capped(multiplier)
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
    let levels: i32 = held_technologies(data, p).map(|c| i32::from(c.age)).sum();
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
