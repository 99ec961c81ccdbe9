//! How games lay their pictures out for the size a mail shows them: the
//! phone's width in sketch units, the smallest label, how wide a label is,
//! ink that reads on a fill, and a table of bilingual cells in columns wide
//! enough for both languages.

use super::view::{Anchor, Block, Color, Section, Sketch};
use super::Text;

/// How wide a mail shows a board picture on a 390-px phone, in CSS pixels:
/// the page's column (390 less 6 + 1 + 10 px on each side). Games lay their
/// pictures out this many units wide, so a unit is a CSS pixel on a phone.
pub const PICTURE_WIDTH: u32 = 356;

/// The smallest capital height, in CSS pixels at the shown width, that reads
/// as 11-px text (a sans-serif capital is about 0.72 of the font size).
pub const TEXT_MIN: i32 = 8;

/// Width of one character cell per capital height. Labels are set in cells
/// (as in the bitmap font games first laid their pictures out for), so
/// columns padded with spaces line up; Hangul and other wide characters take
/// two cells.
pub const CELL_PER_CAP: f32 = 6.0 / 7.0;

/// Cells a character takes: Hangul, CJK and other wide characters take two,
/// combining marks and zero-width ones none.
pub fn char_cells(c: char) -> usize {
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

/// Cells `s` takes (its longest line), as a monospace font sets it.
pub fn cells(s: &str) -> usize {
    s.split('\n')
        .map(|line| line.chars().map(char_cells).sum())
        .max()
        .unwrap_or(0)
}

/// How many cells a picture gives a wide character (Hangul, CJK): its own
/// advance in the font, an em, which is 1.6 cells of 6/7 of a capital. Two
/// whole cells, as in a monospace font, would space a Korean word out.
pub const WIDE_CELLS: f32 = 1.6;

/// Cells a character takes in a picture.
pub fn char_advance(c: char) -> f32 {
    match char_cells(c) {
        0 => 0.0,
        1 => 1.0,
        _ => WIDE_CELLS,
    }
}

/// Cells a line of a picture's label takes (its longest line).
pub fn advance(s: &str) -> f32 {
    s.split('\n')
        .map(|line| line.chars().map(char_advance).sum::<f32>())
        .fold(0.0, f32::max)
}

/// Width in sketch units of a label of capital height `size`.
pub fn label_width(text: &str, size: i32) -> i32 {
    (advance(text) * size as f32 * CELL_PER_CAP).ceil() as i32
}

/// Width of a caption in the wider of its two languages.
pub fn caption_width(text: &Text, size: i32) -> i32 {
    label_width(&text.en, size).max(label_width(text.get("ko"), size))
}

/// The longest prefix of `text` (whole words where it can) that fits `width`
/// units at capital height `size`, with "…" when anything was cut.
pub fn fit_words(text: &str, size: i32, width: i32) -> String {
    if label_width(text, size) <= width {
        return text.to_string();
    }
    let room = width - label_width("…", size);
    let mut out = String::new();
    for c in text.chars() {
        let mut next = out.clone();
        next.push(c);
        if label_width(&next, size) > room {
            break;
        }
        out = next;
    }
    // Prefer ending at a word boundary if one is not too far back.
    if let Some(cut) = out.rfind(' ').filter(|&i| i * 2 >= out.len()) {
        out.truncate(cut);
    }
    format!("{}…", out.trim_end())
}

/// `text` broken into lines no wider than `width` units at capital height
/// `size`, between words (a word wider than a line is cut with fit_words).
pub fn wrap(text: &str, size: i32, width: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if label_width(&joined, size) <= width {
            line = joined;
        } else {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = fit_words(word, size, width);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Relative luminance of an sRGB colour (WCAG 2).
pub fn luminance(c: Color) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// Contrast ratio of two colours (WCAG 2): 1 for the same, 21 for black on white.
pub fn contrast(a: Color, b: Color) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Black or white, whichever reads better on `fill`.
pub fn ink_on(fill: Color) -> Color {
    if contrast(Color::BLACK, fill) >= contrast(Color::WHITE, fill) {
        Color::BLACK
    } else {
        Color::WHITE
    }
}

/// A table drawn in a picture: a header of captions over rows of cells,
/// each column as wide as its widest cell in either language; columns after
/// the first are right-aligned (they hold numbers). Rows may start with a
/// colour swatch (a seat's colour).
#[derive(Clone, Debug, Default)]
pub struct Grid {
    pub header: Vec<Text>,
    pub rows: Vec<Vec<Text>>,
    /// A swatch before each row, if any (same length as `rows` or empty).
    pub swatches: Vec<Color>,
    /// Capital height of every cell.
    pub size: i32,
    /// Units between columns.
    pub gap: i32,
}

impl Grid {
    /// A table of `size`-unit text with the usual gap.
    pub fn new(header: Vec<Text>, size: i32) -> Grid {
        Grid {
            header,
            rows: Vec::new(),
            swatches: Vec::new(),
            size,
            gap: size,
        }
    }

    /// The columns `columns` of a view's table section, cell for cell (so a
    /// picture's numbers are the view's), with each row's seat colour.
    pub fn from_section(section: &Section, columns: &[usize], size: i32) -> Grid {
        let Block::Table { header, rows } = &section.body else {
            return Grid::new(Vec::new(), size);
        };
        let pick = |row: &Vec<Text>| -> Vec<Text> {
            columns
                .iter()
                .map(|&i| row.get(i).cloned().unwrap_or_default())
                .collect()
        };
        let mut grid = Grid::new(pick(header), size);
        grid.rows = rows.iter().map(pick).collect();
        grid.swatches = (0..rows.len()).map(Color::seat).collect();
        grid
    }

    /// Units from one row's top to the next.
    pub fn row_height(&self) -> i32 {
        self.size * 2
    }

    fn swatch_room(&self) -> i32 {
        if self.swatches.is_empty() {
            0
        } else {
            self.size + self.size / 2
        }
    }

    /// Each column's width: its widest cell in either language.
    pub fn column_widths(&self) -> Vec<i32> {
        (0..self.header.len())
            .map(|i| {
                std::iter::once(&self.header[i])
                    .chain(self.rows.iter().filter_map(|r| r.get(i)))
                    .map(|t| caption_width(t, self.size))
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }

    /// The table's width in units.
    pub fn width(&self) -> i32 {
        let w = self.column_widths();
        self.swatch_room() + w.iter().sum::<i32>() + self.gap * (w.len() as i32 - 1).max(0)
    }

    /// Draws the table with its top left at (x, y); returns the y below it.
    pub fn draw(&self, sk: &mut Sketch, x: i32, y: i32) -> i32 {
        let widths = self.column_widths();
        let left = x + self.swatch_room();
        let cell = |sk: &mut Sketch, i: usize, yy: i32, text: &Text, color: Color| {
            let col_x = left + widths[..i].iter().sum::<i32>() + self.gap * i as i32;
            if i == 0 {
                sk.caption(col_x, yy, text.clone(), self.size, color);
            } else {
                let right = col_x + widths.get(i).copied().unwrap_or(0);
                sk.caption_at((right, yy), Anchor::End, text.clone(), self.size, color);
            }
        };
        for (i, h) in self.header.iter().enumerate() {
            cell(sk, i, y, h, Color::BLACK);
        }
        let mut yy = y + self.row_height();
        let line_y = y + self.size + self.size / 2 + 1;
        sk.line(x, line_y, x + self.width(), line_y, Color::GREY, 1);
        for (r, row) in self.rows.iter().enumerate() {
            if let Some(c) = self.swatches.get(r) {
                sk.rect(
                    x,
                    yy - 1,
                    self.size,
                    self.size + 2,
                    Some(*c),
                    Some(Color::BLACK),
                );
            }
            for (i, t) in row.iter().enumerate() {
                cell(sk, i, yy, t, Color::BLACK);
            }
            yy += self.row_height();
        }
        yy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_count_cells() {
        assert_eq!(cells("abc"), 3);
        assert_eq!(cells("점수"), 4);
        assert_eq!(cells("ab\nabcd"), 4);
        assert_eq!(label_width("abcdefg", 7), 42);
        assert_eq!(caption_width(&Text::new("VP", "점수"), 7), 20);
        assert_eq!(label_width("점수", 7), 20);
    }

    #[test]
    fn long_text_is_cut_at_a_word() {
        let t = fit_words("Hanging Gardens of Babylon", 7, 100);
        assert!(label_width(&t, 7) <= 100, "{t}");
        assert_eq!(t, "Hanging Gardens…");
        assert_eq!(fit_words("Short", 7, 100), "Short");
        assert_eq!(
            wrap("Hanging Gardens of Babylon", 7, 100),
            vec!["Hanging Gardens", "of Babylon"]
        );
    }

    #[test]
    fn ink_reads_on_its_fill() {
        assert_eq!(ink_on(Color::YELLOW), Color::BLACK);
        assert_eq!(ink_on(Color::BLUE), Color::WHITE);
        assert!(contrast(Color::BLACK, Color::WHITE) > 15.0);
        assert!((contrast(Color::RED, Color::RED) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_grid_right_aligns_numbers_in_both_languages() {
        let mut g = Grid::new(vec![Text::new("Seat", "자리"), Text::new("VP", "승점")], 8);
        g.rows
            .push(vec![Text::new("Red", "빨강"), Text::new("12", "12")]);
        let mut sk = Sketch::new(356, 100);
        let bottom = g.draw(&mut sk, 0, 0);
        assert_eq!(bottom, 32);
        assert!(g.width() <= 356);
    }
}
