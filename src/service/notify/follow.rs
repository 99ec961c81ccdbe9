//! Follow-up marks in a turn mail's list of moves: a listed command after
//! which the same seat must first decide something of another kind (a God
//! card's weaving, a target) says so beside it, so that the reply can carry
//! that choice on the next line instead of learning it one refusal at a time.

use crate::engine::{Seat, Table, Text};
use crate::render::MoveGroup;
use std::collections::BTreeMap;

/// Lists longer than this are not tried one by one (the work a mail causes
/// stays bounded); their moves go unmarked.
const MOST_TRIED: usize = 60;

/// Words that end a turn or a step: a list holding one is the rest of a
/// turn, not a choice the command asks for.
const FINISHING: [&str; 4] = ["end", "pass", "done", "끝"];

/// The listed commands of `seat` after which it must decide first something
/// none of the listed commands starts with, and that decision's first words.
pub fn follow_ups(
    table: &dyn Table,
    seat: Seat,
    listed: &[String],
) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    if listed.len() > MOST_TRIED {
        return out;
    }
    let first = |c: &str| c.split(' ').next().unwrap_or_default().to_string();
    let verbs: Vec<String> = listed.iter().map(|c| first(c)).collect();
    for c in listed {
        let mut t = table.clone_table();
        // A move that draws or shows something hidden is not tried ahead:
        // what follows it could tell what was drawn.
        let Ok(played) = t.play(seat, c) else {
            continue;
        };
        if played.reveals || !t.to_act().contains(&seat) {
            continue;
        }
        let mut next: Vec<String> = t.legal(seat).iter().map(|n| first(n)).collect();
        next.dedup();
        let asks = !next.is_empty()
            && next
                .iter()
                .all(|v| !verbs.contains(v) && !FINISHING.contains(&v.as_str()));
        if asks {
            next.truncate(3);
            out.insert(c.clone(), next);
        }
    }
    out
}

/// Adds to each group's note which of its moves ask a choice right after
/// them, and that the choice may go on the next line of the reply.
pub fn mark(groups: &mut [MoveGroup], follow: &BTreeMap<String, Vec<String>>, lang: &str) {
    if follow.is_empty() {
        return;
    }
    for g in groups.iter_mut() {
        // The choices' words only, never the commands: a command named in
        // prose (and not in the list) would read as a copy of this mail when
        // a player writes it alone on a line.
        let mut asked: Vec<String> = Vec::new();
        for m in &g.moves {
            for v in follow.get(&m.command).into_iter().flatten() {
                let w = format!("'{v} …'");
                if !asked.contains(&w) {
                    asked.push(w);
                }
            }
        }
        if asked.is_empty() {
            continue;
        }
        let asked = asked.join(" / ");
        let line = Text::new(
            format!(
                "Some of these moves ask a choice right after them ({asked}); you may write it on the next line of your reply."
            ),
            format!(
                "이 중 몇몇 수는 바로 다음에 선택을 하나 더 묻습니다({asked}). 답장에서 그 명령 다음 줄에 써도 됩니다."
            ),
        );
        let line = line.get(lang).to_string();
        g.note = if g.note.is_empty() {
            line
        } else {
            format!("{}\n{line}", g.note)
        };
    }
}
