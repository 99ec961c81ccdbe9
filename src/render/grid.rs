//! Helpers for laying out a view's tables in text and HTML: how wide a
//! string is in a monospace font, and which columns hold numbers.

/// Columns a character takes in a monospace font: Hangul, CJK and other
/// wide characters take two, combining marks and zero-width ones none (the
/// same cells pictures set labels in).
pub fn char_width(c: char) -> usize {
    crate::engine::layout::char_cells(c)
}

/// Columns `s` takes in a monospace font.
pub fn width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// Whether a cell reads as a number (scores, counts, "+3", "-2", "1.5",
/// "12%"), which tables align to the right.
pub fn is_number(s: &str) -> bool {
    let t = s.trim();
    let t = t.strip_prefix(['+', '-', '−']).unwrap_or(t);
    let t = t.strip_suffix('%').unwrap_or(t);
    !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
        && t.chars().any(|c| c.is_ascii_digit())
}

/// For each column, whether every non-empty body cell in it is a number
/// (and at least one is).
pub fn numeric_columns(columns: usize, rows: &[Vec<&str>]) -> Vec<bool> {
    (0..columns)
        .map(|i| {
            let cells: Vec<&str> = rows
                .iter()
                .filter_map(|r| r.get(i).copied())
                .filter(|c| !c.trim().is_empty())
                .collect();
            !cells.is_empty() && cells.iter().all(|c| is_number(c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hangul_is_two_columns_wide() {
        assert_eq!(width("abc"), 3);
        assert_eq!(width("점수"), 4);
        assert_eq!(width("A점"), 3);
        assert_eq!(width("e\u{301}"), 1);
    }

    #[test]
    fn numbers_are_recognised() {
        for s in ["12", "+3", "-2", "1.5", "12%", " 7 ", "1,000"] {
            assert!(is_number(s), "{s}");
        }
        for s in ["", "-", "abc", "3 corn", "1/2"] {
            assert!(!is_number(s), "{s}");
        }
    }

    #[test]
    fn a_column_is_numeric_when_all_its_cells_are() {
        let rows = vec![
            vec!["Alice", "12", ""],
            vec!["Bob", "7", "x"],
            vec!["Carol"],
        ];
        assert_eq!(numeric_columns(3, &rows), vec![false, true, false]);
        assert_eq!(numeric_columns(4, &rows), vec![false, true, false, false]);
    }
}
