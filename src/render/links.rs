//! Building a mail's move links: `mailto:` URLs that open a reply with the
//! command filled in (RFC 6068), and groups of commands by their leading
//! words, so that long lists arrive grouped.

use super::{MoveGroup, MoveLink};
use std::collections::HashMap;

/// Whether a byte may stand unencoded in a `mailto:` header value: RFC 3986
/// unreserved characters only, so `+`, `&`, `=`, `#` and spaces are encoded
/// and no client can read them as separators.
fn plain_in_value(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Whether a byte may stand unencoded in the address part of a `mailto:`:
/// the unreserved characters plus `@` and `+` (plus-addresses carry tokens).
fn plain_in_address(b: u8) -> bool {
    plain_in_value(b) || matches!(b, b'@' | b'+')
}

/// Percent-encodes the UTF-8 bytes of `s` that `plain` does not keep.
fn percent_encode(s: &str, plain: fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if plain(b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A `mailto:` URL that opens a mail to `to` with this subject and body.
/// Line breaks in the body become CRLF, as RFC 6068 asks.
pub fn mailto(to: &str, subject: &str, body: &str) -> String {
    let body = body.replace("\r\n", "\n").replace('\n', "\r\n");
    format!(
        "mailto:{}?subject={}&body={}",
        percent_encode(to, plain_in_address),
        percent_encode(subject, plain_in_value),
        percent_encode(&body, plain_in_value)
    )
}

/// The same `mailto:` URL (as [`mailto`] wrote it) with another body.
pub fn mailto_with_body(link: &str, body: &str) -> String {
    let head = link.split_once("&body=").map_or(link, |(h, _)| h);
    let body = body.replace("\r\n", "\n").replace('\n', "\r\n");
    format!("{head}&body={}", percent_encode(&body, plain_in_value))
}

/// The first `n` words of a command, joined by single spaces.
fn prefix(command: &str, n: usize) -> String {
    command
        .split_whitespace()
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits commands into groups that share their first `depth` words, in
/// order of first appearance.
fn split_by_prefix(commands: Vec<String>, depth: usize) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for c in commands {
        let p = prefix(&c, depth);
        match index.get(&p).and_then(|&i| groups.get_mut(i)) {
            Some((_, members)) => members.push(c),
            None => {
                index.insert(p.clone(), groups.len());
                groups.push((p, vec![c]));
            }
        }
    }
    groups
}

/// The most groups one group is split into: more would scatter a kind of
/// move (placing a worker) into a list of its places, which the mail names
/// in the group's summary instead.
const MAX_PARTS: usize = 8;

/// Groups commands by their leading words: by the first word, and a group
/// with more than `max` commands again by its first two, three … words
/// while that splits it into at most `MAX_PARTS` groups of two or more on
/// average. Commands
/// alone in their group are gathered in a last group without a title. `link` makes each command's `mailto:`.
pub fn group_commands(
    commands: &[String],
    max: usize,
    link: impl Fn(&str) -> String,
) -> Vec<MoveGroup> {
    let mut done: Vec<(String, Vec<String>)> = Vec::new();
    // (title, commands, words the title has)
    let mut todo: Vec<(String, Vec<String>, usize)> = split_by_prefix(commands.to_vec(), 1)
        .into_iter()
        .map(|(t, c)| (t, c, 1))
        .rev()
        .collect();
    while let Some((title, members, depth)) = todo.pop() {
        let longest = members
            .iter()
            .map(|c| c.split_whitespace().count())
            .max()
            .unwrap_or(0);
        if members.len() <= max || depth >= longest {
            done.push((title, members));
            continue;
        }
        let parts = split_by_prefix(members.clone(), depth + 1);
        if parts.len() == 1 {
            // All share one more word: look one word further.
            todo.push((title, members, depth + 1));
        } else if parts.len() * 2 > members.len() || parts.len() > MAX_PARTS {
            // Mostly single commands, or a list of places: a split would
            // only scatter them.
            done.push((title, members));
        } else {
            todo.extend(parts.into_iter().map(|(t, c)| (t, c, depth + 1)).rev());
        }
    }
    let (mut groups, singles): (Vec<_>, Vec<_>) = done.into_iter().partition(|(_, c)| c.len() > 1);
    let rest: Vec<String> = singles.into_iter().flat_map(|(_, c)| c).collect();
    if !rest.is_empty() {
        groups.push((String::new(), rest));
    }
    groups
        .into_iter()
        .map(|(title, members)| MoveGroup {
            title,
            note: String::new(),
            moves: members
                .into_iter()
                .map(|command| MoveLink {
                    mailto: link(&command),
                    command,
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mailto_encodes_values_and_keeps_plus_addresses() {
        assert_eq!(
            mailto("play+tok42@example.test", "Re: [Tikal #7] Game update", "move 3 A+B & pass"),
            "mailto:play+tok42@example.test?subject=Re%3A%20%5BTikal%20%237%5D%20Game%20update&body=move%203%20A%2BB%20%26%20pass"
        );
    }

    #[test]
    fn another_body_keeps_the_address_and_subject() {
        let link = mailto("play+t@x", "Re: 게임", "place pal3");
        assert_eq!(
            mailto_with_body(&link, "배치 팔렝케3"),
            mailto("play+t@x", "Re: 게임", "배치 팔렝케3")
        );
    }

    #[test]
    fn mailto_encodes_korean_and_line_breaks() {
        assert_eq!(
            mailto("a@b", "게임", "x\ny"),
            "mailto:a@b?subject=%EA%B2%8C%EC%9E%84&body=x%0D%0Ay"
        );
        assert_eq!(
            mailto("a b@c?d", "", ""),
            "mailto:a%20b@c%3Fd?subject=&body="
        );
    }

    fn cmds(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn shape(groups: &[MoveGroup]) -> Vec<(String, usize)> {
        groups
            .iter()
            .map(|g| (g.title.clone(), g.moves.len()))
            .collect()
    }

    #[test]
    fn commands_group_by_first_word_and_singles_gather_at_the_end() {
        let c = cmds(&[
            "place a 1",
            "pass",
            "place b 2",
            "pick x",
            "pick y",
            "resign",
        ]);
        let g = group_commands(&c, 40, |c| format!("mailto:x?body={c}"));
        assert_eq!(
            shape(&g),
            vec![("place".into(), 2), ("pick".into(), 2), ("".into(), 2)]
        );
        assert_eq!(g[2].moves[0].command, "pass");
        assert_eq!(g[2].moves[1].command, "resign");
        assert_eq!(g[0].moves[1].mailto, "mailto:x?body=place b 2");
    }

    #[test]
    fn big_groups_split_by_further_words() {
        let mut list = Vec::new();
        for gear in ["palenque", "yaxchilan", "tikal"] {
            for i in 0..30 {
                list.push(format!("place {gear} {i}"));
            }
        }
        list.push("pass".into());
        let g = group_commands(&list, 40, |c| c.to_string());
        let expected: Vec<(String, usize)> = vec![
            ("place palenque".into(), 30),
            ("place yaxchilan".into(), 30),
            ("place tikal".into(), 30),
            ("".into(), 1),
        ];
        assert_eq!(shape(&g), expected);
    }

    #[test]
    fn a_kind_of_move_is_not_scattered_into_its_places() {
        let mut list = Vec::new();
        for worker in ["artisan", "priest"] {
            for space in 1..=30 {
                for pay in ["gold", "card g20"] {
                    list.push(format!("place {worker} s{space} {pay}"));
                }
            }
        }
        list.push("pray".into());
        let g = group_commands(&list, 40, |c| c.to_string());
        let expected: Vec<(String, usize)> = vec![
            ("place artisan".into(), 60),
            ("place priest".into(), 60),
            ("".into(), 1),
        ];
        assert_eq!(shape(&g), expected);
    }

    #[test]
    fn groups_that_cannot_split_stay_whole() {
        let list: Vec<String> = (0..100).map(|i| format!("take {i}")).collect();
        let g = group_commands(&list, 40, |c| c.to_string());
        // Split by two words every command would be alone: kept whole.
        assert_eq!(shape(&g), vec![("take".into(), 100)]);
        let same: Vec<String> = (0..50).map(|_| "pass".to_string()).collect();
        assert_eq!(
            shape(&group_commands(&same, 40, |c| c.to_string())),
            vec![("pass".into(), 50)]
        );
    }
}
