//! Scoring: the ranking rule's places in final scoring, lakes scored when they are surrounded,
//! each player's own final scoring in the end phase, and the outcome.

use super::command::seat_name;
use super::data::NONE;
use super::legal::{leader, profiles, village_groups};
use super::state::{Cover, Phase, State};
use crate::engine::{Event, Outcome, Text};

/// Final-scoring place of a seat in a city: 1 (first, shared on ties), 2, or 0 (L298-302).
pub fn place_of(p: &[Vec<u8>], seat: usize) -> u8 {
    let Some(mine) = p.get(seat).filter(|m| !m.is_empty()) else {
        return 0;
    };
    let mut distinct: Vec<&Vec<u8>> = p.iter().filter(|q| !q.is_empty()).collect();
    distinct.sort_by(|a, b| b.cmp(a));
    distinct.dedup();
    match distinct.iter().position(|q| *q == mine) {
        Some(0) => 1,
        Some(1) => 2,
        _ => 0,
    }
}

/// The connected lake groups of the board, each sorted by cell.
pub fn lake_groups(s: &State) -> Vec<Vec<u16>> {
    let board = &s.data.board;
    let mut seen = vec![false; s.spaces.len()];
    let mut out = Vec::new();
    for start in 0..s.spaces.len() {
        if seen[start] || s.spaces[start].cover != Cover::Lake {
            continue;
        }
        let mut group = Vec::new();
        let mut stack = vec![start as u16];
        seen[start] = true;
        while let Some(c) = stack.pop() {
            group.push(c);
            for &n in &board.neighbors[usize::from(c)] {
                if !seen[usize::from(n)] && s.space(n).cover == Cover::Lake {
                    seen[usize::from(n)] = true;
                    stack.push(n);
                }
            }
        }
        group.sort_unstable();
        out.push(group);
    }
    out
}

/// The non-lake cells next to a lake.
pub fn lake_shore(s: &State, lake: &[u16]) -> Vec<u16> {
    let mut shore: Vec<u16> = lake
        .iter()
        .flat_map(|&c| s.data.board.neighbors[usize::from(c)].iter().copied())
        .filter(|&n| s.space(n).cover != Cover::Lake)
        .collect();
    shore.sort_unstable();
    shore.dedup();
    shore
}

/// A lake is complete when every space next to it holds a terrain tile (L210).
pub fn lake_surrounded(s: &State, lake: &[u16]) -> bool {
    lake_shore(s, lake).iter().all(|&c| s.space(c).height > 0)
}

/// Scores every lake that has just become completely surrounded (L210-214).
pub fn score_lakes(s: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for lake in lake_groups(s) {
        if s.space(lake[0]).lake_scored || !lake_surrounded(s, &lake) {
            continue;
        }
        for &c in &lake {
            s.spaces[usize::from(c)].lake_scored = true;
        }
        let shore = lake_shore(s, &lake);
        let names: Vec<String> = lake
            .iter()
            .map(|&c| s.data.board.cells[usize::from(c)].name.clone())
            .collect();
        let pp = s.data.components.lake_pp_per_tile * lake.len() as i32;
        match leader(&profiles(s, shore.into_iter())) {
            Some(w) => {
                s.players[usize::from(w)].pp += pp;
                let who = seat_name(usize::from(w));
                events.push(Event::public(Text::new(
                    format!("The lake {} is surrounded: {} occupies the highest position next to it and gains {pp} prestige (3 per lake tile).", names.join(" "), who.en),
                    format!("저수지 {}이(가) 완전히 둘러싸였습니다: {}이(가) 가장 높은 곳을 점유해 명성 점수 {pp}점을 얻습니다 (저수지 칸마다 3점).", names.join(" "), who.ko),
                )));
            }
            None => events.push(Event::public(Text::new(
                format!("The lake {} is surrounded, but nobody occupies the highest position next to it: nobody scores.", names.join(" ")),
                format!("저수지 {}이(가) 완전히 둘러싸였지만 가장 높은 곳을 점유한 플레이어가 없어 아무도 점수를 얻지 못합니다.", names.join(" ")),
            ))),
        }
    }
    events
}

/// One player's own final scoring: the temple value for first place (shared on ties), half
/// for second, in every city (L298-302).
pub fn final_scoring(s: &mut State, seat: usize) -> Vec<Event> {
    let g = village_groups(s);
    let mut total = 0;
    let mut parts = Vec::new();
    for gi in 0..g.cells.len() {
        let temple = g.temple[gi];
        if temple == NONE {
            continue;
        }
        let value = i32::from(s.space(temple).temple);
        let pp = match place_of(&profiles(s, g.cells[gi].iter().copied()), seat) {
            1 => value,
            2 => value / 2,
            _ => 0,
        };
        if pp > 0 {
            total += pp;
            parts.push(format!(
                "{} {pp}",
                s.data.board.cells[usize::from(temple)].name
            ));
        }
    }
    if let Some(p) = s.players.get_mut(seat) {
        p.pp += total;
        p.final_scored = true;
    }
    let who = seat_name(seat);
    let detail = if parts.is_empty() {
        String::from("-")
    } else {
        parts.join(", ")
    };
    vec![Event::public(Text::new(
        format!("Final scoring of {}: {total} prestige ({detail}).", who.en),
        format!(
            "{}의 최종 점수 계산: 명성 점수 {total}점 ({detail}).",
            who.ko
        ),
    ))]
}

/// The outcome once every player has done final scoring: most prestige wins, ties share the
/// win with no tie-break (L312).
pub fn outcome(s: &State) -> Option<Outcome> {
    if s.phase != Phase::Over {
        return None;
    }
    let scores: Vec<f64> = s.players.iter().map(|p| f64::from(p.pp)).collect();
    let best = s.players.iter().map(|p| p.pp).max().unwrap_or(0);
    let winners: Vec<String> = (0..s.n())
        .filter(|&i| s.players[i].pp == best)
        .map(|i| (i + 1).to_string())
        .collect();
    Some(Outcome::ranked(
        scores,
        vec![],
        Text::new(
            format!("Every player has done final scoring. Most prestige ({best}): seat {}. Ties share the win.", winners.join(", ")),
            format!("모든 플레이어가 최종 점수 계산을 마쳤습니다. 최고 명성 점수({best}): {}번 플레이어. 동점이면 공동 승리입니다.", winners.join(", ")),
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_places_share_ties_and_second_follows_a_shared_first() {
        // L305: A 3,2; B 3,2,1; C 3,2 -> B first, A and C second.
        let p = vec![vec![3, 2], vec![3, 2, 1], vec![3, 2]];
        assert_eq!(
            (place_of(&p, 0), place_of(&p, 1), place_of(&p, 2)),
            (2, 1, 2)
        );
        // L302: shared first, the next one is still second.
        let p = vec![vec![2], vec![2], vec![1], vec![]];
        assert_eq!(
            (
                place_of(&p, 0),
                place_of(&p, 1),
                place_of(&p, 2),
                place_of(&p, 3)
            ),
            (1, 1, 2, 0)
        );
    }
}
