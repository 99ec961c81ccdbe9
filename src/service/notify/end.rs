//! The words of the game-over mail: the result first, for its reader, then
//! one line per seat with its score and what the score counted.

use crate::engine::{Block, Outcome, Text, View};

/// "The game is over: you win with 52 points." (or who won, and where the reader
/// finished), for the seat `me` (none for a reader without a seat).
pub(super) fn result_line(o: &Outcome, people: &[(usize, Text)], me: Option<usize>) -> Text {
    let name = |i: usize| {
        people
            .iter()
            .find(|(s, _)| *s == i)
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| crate::engine::seat_label(&[], i))
    };
    let score = |i: usize| o.scores.get(i).copied().unwrap_or(0.0);
    let winners: Vec<usize> = (0..o.scores.len())
        .filter(|&i| o.ranks.get(i) == Some(&1))
        .collect();
    let best = winners.first().map(|&i| score(i)).unwrap_or(0.0);
    let mine = me.filter(|&m| m < o.scores.len());
    match mine {
        Some(m) if winners == [m] => Text::new(
            format!("The game is over: you win with {best} point(s)."),
            format!("게임이 끝났습니다. 당신이 {best}점으로 이겼습니다."),
        ),
        Some(m) if winners.contains(&m) => {
            let others: Vec<Text> = winners
                .iter()
                .filter(|&&w| w != m)
                .map(|&w| name(w))
                .collect();
            let others = Text::join(&others, ", ");
            Text::new(
                format!(
                    "The game is over: you share the win with {} at {best} point(s).",
                    others.en
                ),
                format!(
                    "게임이 끝났습니다. 당신과 {}의 공동 승리, {best}점.",
                    others.ko
                ),
            )
        }
        _ => {
            let names: Vec<Text> = winners.iter().map(|&w| name(w)).collect();
            let names = Text::join(&names, ", ");
            let verb = if winners.len() == 1 {
                "wins"
            } else {
                "share the win"
            };
            let won = Text::new(
                format!(
                    "The game is over: {} {verb} with {best} point(s).",
                    names.en
                ),
                format!("게임이 끝났습니다. 승자 {}, {best}점.", names.ko),
            );
            match mine {
                Some(m) => {
                    let rank = o.ranks.get(m).copied().unwrap_or(0);
                    let s = score(m);
                    Text::new(
                        format!("{} You finish {} with {s} point(s).", won.en, ordinal(rank)),
                        format!("{} 당신은 {rank}위, {s}점입니다.", won.ko),
                    )
                }
                None => won,
            }
        }
    }
}

/// One line per seat in finishing order: "1. Red (seat 1, alice@…): 52
/// points — VP in play 30, Corn points 5, …", what the score counted taken
/// from the game's final scoring table when its view has one, else how the
/// game ranks.
pub(super) fn standings(o: &Outcome, people: &[(usize, Text)], view: &View) -> Vec<Text> {
    let mut order: Vec<usize> = (0..o.scores.len()).collect();
    order.sort_by_key(|&i| o.ranks.get(i).copied().unwrap_or(usize::MAX));
    let counted = final_table(view);
    order
        .into_iter()
        .map(|i| {
            let who = people
                .iter()
                .find(|(s, _)| *s == i)
                .map(|(_, t)| t.clone())
                .unwrap_or_else(|| crate::engine::seat_label(&[], i));
            let rank = o.ranks.get(i).copied().unwrap_or(0);
            let score = o.scores.get(i).copied().unwrap_or(0.0);
            let what = counted.get(i).cloned().unwrap_or_default();
            let (sep_en, sep_ko) = if what.en.is_empty() {
                ("", "")
            } else {
                (" — ", " — ")
            };
            Text::new(
                format!("{rank}. {}: {score} point(s){sep_en}{}", who.en, what.en),
                format!("{rank}위 {}: {score}점{sep_ko}{}", who.ko, what.ko),
            )
        })
        .collect()
}

/// Per seat, the cells of the view's final scoring table ("Final
/// scoring": a row per seat, its name first) as "heading value, …".
fn final_table(view: &View) -> Vec<Text> {
    for section in &view.sections {
        if !section.title.en.starts_with("Final scor") {
            continue;
        }
        if let Block::Table { header, rows } = &section.body {
            return rows
                .iter()
                .map(|row| {
                    let parts: Vec<Text> = header
                        .iter()
                        .zip(row.iter())
                        .skip(1)
                        // The total is the score the line already gives.
                        .filter(|(h, _)| !h.en.starts_with("Total"))
                        .enumerate()
                        // What counted nothing is left out, but for the
                        // first part (what the game itself brought).
                        .filter(|(k, (_, c))| *k == 0 || c.en.trim() != "0")
                        .map(|(k, (h, c))| {
                            let heading = if k == 0 { h.en.clone() } else { lower(&h.en) };
                            Text::new(format!("{heading} {}", c.en), format!("{} {}", h.ko, c.ko))
                        })
                        .collect();
                    Text::join(&parts, ", ")
                })
                .collect();
        }
    }
    Vec::new()
}

/// A heading inside a line: "Corn points" as "corn points", "VP in play"
/// kept.
fn lower(heading: &str) -> String {
    let mut chars = heading.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) if a.is_ascii_uppercase() && b.is_lowercase() => {
            let mut out = heading.to_string();
            out[..1].make_ascii_lowercase();
            out
        }
        _ => heading.to_string(),
    }
}

/// 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome() -> Outcome {
        Outcome::ranked(vec![40.0, 52.0], vec![], Text::same("most points"))
    }

    #[test]
    fn the_result_speaks_to_its_reader() {
        let people = vec![
            (0, Text::same("Red (seat 1)")),
            (1, Text::same("Blue (seat 2)")),
        ];
        let o = outcome();
        let won = result_line(&o, &people, Some(1));
        assert_eq!(won.en, "The game is over: you win with 52 points.");
        assert_eq!(won.ko, "게임이 끝났습니다. 당신이 52점으로 이겼습니다.");
        let lost = result_line(&o, &people, Some(0));
        assert_eq!(
            lost.en,
            "The game is over: Blue (seat 2) wins with 52 points. You finish 2nd with 40 points."
        );
        assert_eq!(
            lost.ko,
            "게임이 끝났습니다. 승자 Blue (seat 2), 52점. 당신은 2위, 40점입니다."
        );
        let lines = standings(&o, &people, &View::default());
        assert_eq!(lines[0].en, "1. Blue (seat 2): 52 points");
        assert_eq!(lines[1].ko, "2위 Red (seat 1): 40점");
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(22), "22nd");
    }
}
