//! Which legal moves a mail lists. Some games offer hundreds of moves; a mail
//! lists the first `Limits::per_group` of a group and `Limits::total` in all,
//! says in words what the rest of each group are (`Rest`: how many, and the
//! choices they differ by) and how to ask for the full list.

use super::{MoveGroup, MoveLink};

/// How many moves a mail lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub per_group: usize,
    pub total: usize,
}

impl Default for Limits {
    /// 8 a group (a group of up to 12 whole) and 60 in all: the first
    /// choices of each kind fit a phone's screen or two, the rest are
    /// summarised, and the HTML stays far under the 102 KB at which Gmail
    /// clips a message.
    fn default() -> Limits {
        Limits {
            per_group: 8,
            total: 60,
        }
    }
}

impl Limits {
    /// No cap (the answer to a `moves` request, in the plain-text part).
    pub const UNLIMITED: Limits = Limits {
        per_group: usize::MAX,
        total: usize::MAX,
    };
}

/// One group as a mail lists it.
#[derive(Debug, PartialEq)]
pub struct ShownGroup<'a> {
    pub title: &'a str,
    pub note: &'a str,
    /// The moves listed: the first move of each choice first (each space a
    /// worker may go to), so a cut list still shows the range of choices.
    pub moves: Vec<&'a MoveLink>,
    /// Moves of this group left out.
    pub hidden: usize,
    /// The moves left out, to be summarised in words.
    pub rest: Vec<&'a MoveLink>,
}

impl ShownGroup<'_> {
    /// What the moves left out are, in numbers and choices: the choices
    /// none of the listed moves has first (the spaces not yet named).
    pub fn rest(&self) -> Rest {
        let mut rest = Rest::of(self.title, &self.rest);
        let listed = choice_words(self.title, &self.moves);
        rest.choices
            .sort_by_key(|c| listed.contains(&Some(c.as_str())));
        rest
    }

    /// Whether the group is a game's summary of a kind of move (words with
    /// examples), not a run of commands sharing leading words.
    pub fn is_summary(&self) -> bool {
        !self.note.is_empty()
    }
}

/// The moves of a group a mail leaves out, as a sentence can name them:
/// how many, and the word after the group's title in each (the space, the
/// card, the hex they differ by), each once, in order of first appearance.
#[derive(Debug, PartialEq)]
pub struct Rest {
    pub count: usize,
    pub choices: Vec<String>,
}

impl Rest {
    /// The choices a sentence names before "and N others".
    pub const NAMED: usize = 6;

    fn of(title: &str, rest: &[&MoveLink]) -> Rest {
        let mut choices: Vec<String> = Vec::new();
        for w in choice_words(title, rest).into_iter().flatten() {
            if !choices.iter().any(|c| c == w) {
                choices.push(w.to_string());
            }
        }
        Rest {
            count: rest.len(),
            choices,
        }
    }
}

/// Each move's choice: the first word after the group's title that the
/// moves differ by ("move 2 workers D5 D4" after "move 2": the hex, not
/// "workers"); `None` for a move the title does not start.
fn choice_words<'m>(title: &str, moves: &[&'m MoveLink]) -> Vec<Option<&'m str>> {
    let title: Vec<&str> = title.split_whitespace().collect();
    let tails: Vec<Option<Vec<&str>>> = moves
        .iter()
        .map(|m| {
            let words: Vec<&str> = m.command.split_whitespace().collect();
            (!title.is_empty() && words.starts_with(&title))
                .then(|| words.get(title.len()..).unwrap_or(&[]).to_vec())
        })
        .collect();
    let at = |i: usize, t: &Vec<&'m str>| t.get(i).copied();
    let known: Vec<&Vec<&str>> = tails.iter().flatten().collect();
    let longest = known.iter().map(|t| t.len()).max().unwrap_or(0);
    let first = known.first();
    let i = (0..longest)
        .find(|&i| {
            known
                .iter()
                .any(|t| at(i, t) != first.and_then(|f| at(i, f)))
        })
        .unwrap_or(0);
    tails
        .iter()
        .map(|t| t.as_ref().and_then(|t| at(i, t)))
        .collect()
}

/// The `n` moves a cut group lists, in the group's order: the first move of
/// each choice, then the next ones, and the moves left out.
fn pick<'a>(
    title: &str,
    moves: &'a [MoveLink],
    n: usize,
) -> (Vec<&'a MoveLink>, Vec<&'a MoveLink>) {
    let all: Vec<&MoveLink> = moves.iter().collect();
    if n >= all.len() {
        return (all, Vec::new());
    }
    let words = choice_words(title, &all);
    let mut seen: Vec<&str> = Vec::new();
    let mut listed = vec![false; all.len()];
    let mut count = 0;
    for (i, w) in words.iter().enumerate() {
        if count == n {
            break;
        }
        if let Some(w) = w {
            if !seen.contains(w) {
                seen.push(w);
                listed[i] = true;
                count += 1;
            }
        }
    }
    for flag in listed.iter_mut() {
        if count == n {
            break;
        }
        if !*flag {
            *flag = true;
            count += 1;
        }
    }
    let (shown, rest): (Vec<_>, Vec<_>) = all.into_iter().zip(listed).partition(|(_, l)| *l);
    (
        shown.into_iter().map(|(m, _)| m).collect(),
        rest.into_iter().map(|(m, _)| m).collect(),
    )
}

/// The groups as a mail lists them.
#[derive(Debug, PartialEq)]
pub struct ShownMoves<'a> {
    /// Groups with at least one move listed.
    pub groups: Vec<ShownGroup<'a>>,
    /// Groups reached after the total was spent: named with their counts.
    pub unlisted: Vec<ShownGroup<'a>>,
    pub shown: usize,
    pub total: usize,
}

impl ShownMoves<'_> {
    /// Whether some moves are left out.
    pub fn capped(&self) -> bool {
        self.shown < self.total
    }
}

/// How many moves of a group of `len` a mail lists: all of a group at most
/// half as long again as `per_group` (cutting two or three moves saves
/// nothing), else `per_group`.
fn listed_of(len: usize, per_group: usize) -> usize {
    if len <= per_group.saturating_add(per_group / 2) {
        len
    } else {
        per_group
    }
}

/// Takes moves group by group, in order, within the limits. Empty groups are
/// dropped; a group reached after the total is spent goes to `unlisted`.
pub fn shown_moves(groups: &[MoveGroup], limits: Limits) -> ShownMoves<'_> {
    let mut left = limits.total;
    let mut shown = 0;
    let mut total = 0;
    let mut out = Vec::new();
    let mut unlisted = Vec::new();
    for g in groups.iter().filter(|g| !g.moves.is_empty()) {
        let n = listed_of(g.moves.len(), limits.per_group).min(left);
        left -= n;
        shown += n;
        total += g.moves.len();
        let (moves, rest) = pick(&g.title, &g.moves, n);
        let group = ShownGroup {
            title: &g.title,
            note: &g.note,
            moves,
            hidden: g.moves.len() - n,
            rest,
        };
        if n == 0 {
            unlisted.push(group);
        } else {
            out.push(group);
        }
    }
    ShownMoves {
        groups: out,
        unlisted,
        shown,
        total,
    }
}

/// Whether a link is safe to put in an `href`: only `mailto:` links are.
pub fn is_mailto(link: &str) -> bool {
    link.get(..7)
        .is_some_and(|p| p.eq_ignore_ascii_case("mailto:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(title: &str, n: usize) -> MoveGroup {
        MoveGroup {
            title: title.into(),
            note: String::new(),
            moves: (0..n)
                .map(|i| MoveLink {
                    command: format!("{title} {i}"),
                    mailto: format!("mailto:x?body={i}"),
                })
                .collect(),
        }
    }

    #[test]
    fn small_lists_are_whole() {
        let groups = vec![group("a", 3), group("b", 2)];
        let s = shown_moves(&groups, Limits::default());
        assert_eq!((s.shown, s.total, s.capped()), (5, 5, false));
        assert_eq!(s.groups.len(), 2);
        assert_eq!(s.groups[1].moves.len(), 2);
    }

    #[test]
    fn long_groups_show_their_first_eight_and_the_whole_at_most_sixty() {
        let groups: Vec<MoveGroup> = (0..9).map(|i| group(&format!("g{i}"), 50)).collect();
        let s = shown_moves(&groups, Limits::default());
        assert_eq!((s.shown, s.total, s.capped()), (60, 450, true));
        let counts: Vec<(usize, usize)> =
            s.groups.iter().map(|g| (g.moves.len(), g.hidden)).collect();
        assert_eq!(
            counts,
            vec![
                (8, 42),
                (8, 42),
                (8, 42),
                (8, 42),
                (8, 42),
                (8, 42),
                (8, 42),
                (4, 46)
            ]
        );
        assert_eq!(s.groups[0].rest.len(), 42);
        assert_eq!(s.groups[0].rest[0].command, "g0 8");
        assert_eq!(s.groups[0].moves[7].command, "g0 7");
        let unlisted: Vec<(&str, usize)> = s.unlisted.iter().map(|g| (g.title, g.hidden)).collect();
        assert_eq!(unlisted, vec![("g8", 50)]);
    }

    #[test]
    fn a_group_a_little_over_the_limit_is_shown_whole() {
        let groups = vec![group("a", 12), group("b", 13)];
        let s = shown_moves(&groups, Limits::default());
        let counts: Vec<(usize, usize)> =
            s.groups.iter().map(|g| (g.moves.len(), g.hidden)).collect();
        assert_eq!(counts, vec![(12, 0), (8, 5)]);
    }

    #[test]
    fn the_rest_of_a_group_is_named_by_the_word_after_its_title() {
        let link = |c: &str| MoveLink {
            command: c.to_string(),
            mailto: String::new(),
        };
        let mut moves: Vec<MoveLink> = Vec::new();
        for space in ["s1m1", "s1m2", "s2t1"] {
            moves.push(link(&format!("place priest {space} gold")));
            moves.push(link(&format!("place priest {space} gold extra")));
        }
        let groups = vec![MoveGroup {
            title: "place priest".into(),
            note: String::new(),
            moves,
        }];
        let s = shown_moves(
            &groups,
            Limits {
                per_group: 2,
                total: 60,
            },
        );
        // One move of each space first: the list shows where a worker may go.
        let listed: Vec<&str> = s.groups[0]
            .moves
            .iter()
            .map(|m| m.command.as_str())
            .collect();
        assert_eq!(
            listed,
            vec!["place priest s1m1 gold", "place priest s1m2 gold"]
        );
        let rest = s.groups[0].rest();
        assert_eq!(rest.count, 4);
        assert_eq!(
            rest.choices,
            vec!["s2t1".to_string(), "s1m1".to_string(), "s1m2".to_string()]
        );
        assert!(!s.groups[0].is_summary());
    }

    #[test]
    fn empty_groups_are_dropped_and_unlimited_shows_all() {
        let groups = vec![group("a", 0), group("b", 500)];
        let s = shown_moves(&groups, Limits::UNLIMITED);
        assert_eq!((s.shown, s.total, s.groups.len()), (500, 500, 1));
    }

    #[test]
    fn only_mailto_links_are_links() {
        assert!(is_mailto("mailto:play@example.test"));
        assert!(is_mailto("MAILTO:play@example.test"));
        assert!(!is_mailto("javascript:alert(1)"));
        assert!(!is_mailto("mail"));
        assert!(!is_mailto("한국어로된링크입니다"));
    }
}
