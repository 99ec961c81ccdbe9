//! Which legal moves a mail lists. Some games offer hundreds of moves; a mail
//! lists at most `Limits::per_group` of a group and `Limits::total` in all,
//! and says how to ask for the full list.

use super::{MoveGroup, MoveLink};

/// How many moves a mail lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub per_group: usize,
    pub total: usize,
}

impl Default for Limits {
    /// 40 a group and 200 in all keep a mail's HTML well under the 102 KB at
    /// which Gmail clips a message.
    fn default() -> Limits {
        Limits {
            per_group: 40,
            total: 200,
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
    pub moves: &'a [MoveLink],
    /// Moves of this group left out.
    pub hidden: usize,
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

/// Takes moves group by group, in order, within the limits. Empty groups are
/// dropped; a group reached after the total is spent goes to `unlisted`.
pub fn shown_moves(groups: &[MoveGroup], limits: Limits) -> ShownMoves<'_> {
    let mut left = limits.total;
    let mut shown = 0;
    let mut total = 0;
    let mut out = Vec::new();
    let mut unlisted = Vec::new();
    for g in groups.iter().filter(|g| !g.moves.is_empty()) {
        let n = g.moves.len().min(limits.per_group).min(left);
        left -= n;
        shown += n;
        total += g.moves.len();
        let group = ShownGroup {
            title: &g.title,
            note: &g.note,
            moves: g.moves.get(..n).unwrap_or(&[]),
            hidden: g.moves.len() - n,
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
    fn long_groups_are_cut_at_forty_and_the_whole_at_two_hundred() {
        let groups: Vec<MoveGroup> = (0..7).map(|i| group(&format!("g{i}"), 50)).collect();
        let s = shown_moves(&groups, Limits::default());
        assert_eq!((s.shown, s.total, s.capped()), (200, 350, true));
        let counts: Vec<(usize, usize)> =
            s.groups.iter().map(|g| (g.moves.len(), g.hidden)).collect();
        assert_eq!(
            counts,
            vec![(40, 10), (40, 10), (40, 10), (40, 10), (40, 10)]
        );
        let unlisted: Vec<(&str, usize)> = s.unlisted.iter().map(|g| (g.title, g.hidden)).collect();
        assert_eq!(unlisted, vec![("g5", 50), ("g6", 50)]);
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
