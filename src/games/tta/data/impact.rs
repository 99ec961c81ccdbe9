//! The Age III scoring events ("Impact of …", seed L1945-1951, L3131-3151):
//! what each counts and how much culture it gives, read from the
//! `[[impact]]` tables of `effects.toml`.

use super::{Age, Card};
use serde::Deserialize;

/// What a term of an Age III scoring event counts on a civilization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Food the farms produce per round.
    FoodRate,
    /// Resources the mines produce per round.
    ResourceRate,
    /// The level of each urban building (per worker on it).
    UrbanLevels,
    Colonies,
    /// The level of each military unit and arena.
    UnitAndArenaLevels,
    CivilActions,
    MilitaryActions,
    /// Happy faces (capped at 8 as on the track).
    HappyFaces,
    DiscontentWorkers,
    /// Content workers (population less the discontent) above `above`.
    ContentWorkers,
    /// The level of the government and of each special technology.
    GovernmentAndSpecialLevels,
    /// Technologies in play of level `level`.
    TechnologiesOfLevel,
    /// Completed wonders of age `level`.
    WondersOfAge,
    /// The rank by science rate; `prizes` by player count.
    ScienceRank,
    /// The rank by military strength; `prizes` by player count.
    StrengthRank,
}

/// One term of a scoring event: `value` culture per unit counted, at most
/// `cap` in all, or by rank the `prizes` for the player count.
#[derive(Clone, Debug, PartialEq)]
pub struct ImpactTerm {
    pub measure: Measure,
    pub value: i32,
    pub cap: Option<i32>,
    pub level: Age,
    pub above: i32,
    /// Culture by rank, best first, for 2, 3 and 4 players.
    pub prizes: Vec<Vec<i32>>,
    /// Modes the term applies in; empty = all.
    pub modes: Vec<String>,
}

#[derive(Deserialize)]
pub(super) struct RawImpact {
    card: String,
    measure: String,
    #[serde(default)]
    value: i32,
    #[serde(default)]
    cap: Option<i32>,
    #[serde(default)]
    level: u8,
    #[serde(default)]
    above: i32,
    #[serde(default)]
    prizes: Vec<Vec<i32>>,
    #[serde(default)]
    modes: Vec<String>,
}

fn measure(word: &str) -> Option<Measure> {
    Some(match word {
        "food_rate" => Measure::FoodRate,
        "resource_rate" => Measure::ResourceRate,
        "urban_levels" => Measure::UrbanLevels,
        "colonies" => Measure::Colonies,
        "unit_and_arena_levels" => Measure::UnitAndArenaLevels,
        "civil_actions" => Measure::CivilActions,
        "military_actions" => Measure::MilitaryActions,
        "happy_faces" => Measure::HappyFaces,
        "discontent_workers" => Measure::DiscontentWorkers,
        "content_workers" => Measure::ContentWorkers,
        "government_and_special_levels" => Measure::GovernmentAndSpecialLevels,
        "technologies_of_level" => Measure::TechnologiesOfLevel,
        "wonders_of_age" => Measure::WondersOfAge,
        "science_rank" => Measure::ScienceRank,
        "strength_rank" => Measure::StrengthRank,
        _ => return None,
    })
}

/// Puts each `[[impact]]` term on its card; every scoring event must have one.
pub(super) fn attach(cards: &mut [Card], raw: &[RawImpact]) -> Result<(), String> {
    for r in raw {
        let m = measure(&r.measure)
            .ok_or_else(|| format!("effects: {}: unknown measure {}", r.card, r.measure))?;
        let card = cards
            .iter_mut()
            .find(|c| c.raw.id == r.card)
            .ok_or_else(|| format!("effects: no card {}", r.card))?;
        card.impact.push(ImpactTerm {
            measure: m,
            value: r.value,
            cap: r.cap,
            level: r.level,
            above: r.above,
            prizes: r.prizes.clone(),
            modes: r.modes.clone(),
        });
    }
    if let Some(c) = cards
        .iter()
        .find(|c| c.raw.scoring == Some(true) && c.impact.is_empty())
    {
        return Err(format!(
            "effects: the scoring event {} has no [[impact]]",
            c.raw.id
        ));
    }
    Ok(())
}
