//! The game-over mail's standings as a player reads them in the plain
//! text: each seat's line ("1. Red (seat 1, a@…): 52 points — before the
//! final round 40, temples 5+7 = 12, treasures 0"), its wrapped rest joined
//! back, and its score beside the sum of what it says the score counted.
#![allow(dead_code)]

/// The line of the seat ranked by `rank` ("1. ", "1위 ") in `text`, its
/// wrapped rest joined back; `None` when no seat has that rank (a tie).
pub fn rank_line(text: &str, rank: &str) -> Option<String> {
    let at = text.find(&format!("\n{rank}"))?;
    let mut lines = text[at + 1..].lines();
    let mut line = lines.next()?.trim().to_string();
    for more in lines {
        // A new rank ("2.", "2위") or a blank line ends the line.
        let starts_rank = more.split_whitespace().next().is_some_and(|w| {
            w.strip_suffix('.')
                .or_else(|| w.strip_suffix('위'))
                .is_some_and(|n| n.parse::<u32>().is_ok())
        });
        if more.trim().is_empty() || starts_rank {
            break;
        }
        line = format!("{line} {}", more.trim());
    }
    Some(line)
}

/// The score a line gives and the sum of its parts (each part's last
/// number: "temples 5+7 = 12" counts 12).
pub fn score_and_parts(line: &str) -> (i64, i64) {
    let (head, parts) = line.split_once(" — ").unwrap_or((line, ""));
    let score = head
        .rsplit(": ")
        .next()
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit() && c != '-').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a score in {line}"));
    let parts = parts
        .split(", ")
        .filter_map(|p| p.rsplit(' ').next()?.parse::<i64>().ok())
        .sum();
    (score, parts)
}
