//! Helpers for laying out a view's tables in text and HTML: how wide a
//! string is in a monospace font, and which columns hold numbers.

/// Columns a character takes in a monospace font: Hangul, CJK and other
/// wide characters take two, combining marks and zero-width ones none.
pub fn char_width(c: char) -> usize {
    let u = c as u32;
    let zero = matches!(u, 0x0300..=0x036F | 0x1160..=0x11FF | 0x200B..=0x200F | 0xFE00..=0xFE0F);
    let wide = matches!(
        u,
        0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x1F300..=0x1F64F
            | 0x1F900..=0x1F9FF
            | 0x20000..=0x3FFFD
    );
    if zero {
        0
    } else if wide {
        2
    } else {
        1
    }
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
