//! Scoring: which temples a player scores, treasure sets, and one player's
//! scoring within a scoring round (L474-486).

use super::command::color;
use super::data::{Kind, TREASURE_SET_POINTS};
use super::legal::{kind, strongest};
use super::state::{ScoreLine, Spot, State};
use crate::engine::{Event, Text};

/// Whether `seat` scores this temple now: its guard, or (unguarded) the strongest force (L476-482, spec 11 A6).
pub fn scores_temple(s: &State, spot: &Spot, seat: usize) -> bool {
    if kind(&s.data, spot) != Kind::Temple {
        return false;
    }
    match spot.guard {
        Some(g) => {
            g as usize == seat || (s.rules.guard_shared && strongest(spot, s.players) == Some(seat))
        }
        None => strongest(spot, s.players) == Some(seat),
    }
}

/// Values of the temples `seat` scores now.
pub fn temples_scored(s: &State, seat: usize) -> Vec<u8> {
    s.board
        .iter()
        .flatten()
        .filter(|spot| scores_temple(s, spot, seat))
        .map(|spot| spot.value)
        .collect()
}

/// Treasure points: 1, 3 or 6 per kind for 1, 2 or 3 discs (L394-398).
pub fn treasure_points(treasures: &[u8]) -> i32 {
    treasures
        .iter()
        .map(|&n| TREASURE_SET_POINTS.get(n as usize).copied().unwrap_or(0))
        .sum()
}

/// Scores one player now (L474-486): temples he controls or guards, and his treasures.
pub fn score_player(s: &mut State, seat: usize, events: &mut Vec<Event>) {
    let temples = temples_scored(s, seat);
    let temple_points: i32 = temples.iter().map(|&v| v as i32).sum();
    let treasure = s
        .player(seat)
        .map(|p| treasure_points(&p.treasures))
        .unwrap_or(0);
    if let Some(p) = s.people.get_mut(seat) {
        p.score += temple_points + treasure;
    }
    let list = if temples.is_empty() {
        "none".to_string()
    } else {
        temples
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("+")
    };
    let list_ko = if temples.is_empty() {
        "없음".to_string()
    } else {
        list.clone()
    };
    let total = temple_points + treasure;
    let c = color(seat);
    events.push(Event::public(Text::new(
        format!(
            "{} scores {temple_points} for temples ({list}) and {treasure} for treasures: {total}.",
            c.en
        ),
        format!(
            "{}: 신전 {temple_points}점({list_ko}), 보물 {treasure}점: 합계 {total}점.",
            c.ko
        ),
    )));
    s.last_scores.push(ScoreLine {
        seat: seat as u8,
        temples,
        treasure_points: treasure,
    });
}

/// What a seat's score counted once the game is over: the temples and
/// treasures of the final scoring round, and the points it held before it
/// (the volcano scorings; in the auction version the starting points less
/// the bids paid).
#[derive(Clone, Debug, PartialEq)]
pub struct FinalParts {
    pub before: i32,
    /// Values of the temples scored in the final round.
    pub temples: Vec<u8>,
    pub treasures: i32,
}

/// [`FinalParts`] of `seat`, from the final round's score lines; `None`
/// before the game is over.
pub fn final_parts(s: &State, seat: usize) -> Option<FinalParts> {
    if !s.is_over() {
        return None;
    }
    let total = s.people.get(seat)?.score;
    let (temples, treasures) = s
        .last_scores
        .iter()
        .find(|l| usize::from(l.seat) == seat)
        .map(|l| (l.temples.clone(), l.treasure_points))
        .unwrap_or_default();
    let temple_points: i32 = temples.iter().map(|&v| i32::from(v)).sum();
    Some(FinalParts {
        before: total - temple_points - treasures,
        temples,
        treasures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn treasure_sets_score_1_3_6() {
        assert_eq!(treasure_points(&[1, 2, 3, 0, 0, 0, 0, 0]), 10);
    }
}
