//! The scoring at the end of a game: the introductory final bonus, the Age
//! III scoring events of the advanced and full games, the final ranks.

use super::{discontent, held_technologies, permanent_cards, stats, techs};
use crate::engine::{Event, Outcome, Text};
use crate::games::tta::data::impact::{ImpactTerm, Measure};
use crate::games::tta::data::{self, CardId, Data, Kind, Urban};
use crate::games::tta::state::{Mode, Phase, Player, State};

/// The introductory final bonus for one civilization (seed L1830-1845).
pub fn final_bonus(data: &Data, p: &Player, mode: Mode) -> i32 {
    let b = bonus_parts(data, p, mode);
    b.age1_techs + b.strength + b.happiness + b.science + b.production
}

/// The introductory final bonus by what it counts, in culture.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BonusParts {
    pub age1_techs: i32,
    pub strength: i32,
    pub happiness: i32,
    pub science: i32,
    /// Food and resource production.
    pub production: i32,
}

/// [`BonusParts`] of one civilization (seed L1830-1845).
pub fn bonus_parts(data: &Data, p: &Player, mode: Mode) -> BonusParts {
    let st = stats(data, p, mode);
    let age1_techs = held_technologies(data, p).filter(|c| c.age == 1).count() as i32;
    BonusParts {
        age1_techs: age1_techs * data::BONUS_PER_AGE1_TECH,
        strength: st.strength * data::BONUS_PER_STRENGTH,
        happiness: (st.happiness * data::BONUS_PER_HAPPY).min(data::BONUS_HAPPY_MAX),
        science: st.science_rate * data::BONUS_PER_SCIENCE,
        production: (st.food_rate + st.resource_rate) * data::BONUS_PER_PRODUCE,
    }
}

/// What a civilization's culture counted once the game is over: what it
/// made during the game and what the end scoring added.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FinalParts {
    pub during: i32,
    pub end: EndScore,
}

/// The end scoring's culture: the introductory bonus by part, or the Age
/// III scoring events' total (advanced and full games).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EndScore {
    Bonus(BonusParts),
    Events(i32),
}

/// [`FinalParts`] of `seat`; `None` before the game is over.
pub fn final_parts(s: &State, seat: usize) -> Option<FinalParts> {
    if s.phase != Phase::Over {
        return None;
    }
    let p = s.players.get(seat)?;
    let end = match s.rules.mode {
        Mode::Intro => EndScore::Bonus(bonus_parts(&s.data, p, s.rules.mode)),
        _ => EndScore::Events(p.final_bonus),
    };
    Some(FinalParts {
        during: p.culture - p.final_bonus,
        end,
    })
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
        Measure::TechnologiesOfLevel => held_technologies(data, p)
            .filter(|c| c.age == term.level)
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
