//! quipu's built-in bitmap font: one 5×9 glyph per printable ASCII character
//! (a 5×7 capital box plus two rows for descenders), drawn for this project.
//! Labels on board pictures use it, so pictures need no font files.

/// Glyph width in font pixels.
pub const GLYPH_W: i32 = 5;
/// Rows of a glyph: `CAP_H` above the baseline and `DESCENT` below it.
pub const GLYPH_H: i32 = 9;
/// Height of a capital letter in font pixels (what `Shape::Label::size` counts).
pub const CAP_H: i32 = 7;
/// Horizontal distance from one character to the next, in font pixels.
pub const ADVANCE: i32 = 6;
/// Vertical distance from one text line to the next, in font pixels.
pub const LINE_H: i32 = 11;

/// One glyph: nine rows, bit 4 is the leftmost column.
pub type Glyph = [u8; GLYPH_H as usize];

/// Turns glyph art into rows: `#` is ink, `.` is blank, anything else is
/// ignored; every five pixels make one row, missing rows are blank.
const fn glyph(art: &str) -> Glyph {
    let bytes = art.as_bytes();
    let mut rows = [0u8; GLYPH_H as usize];
    let mut i = 0;
    let mut n = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'#' || b == b'.' {
            let row = n / GLYPH_W as usize;
            if row < rows.len() {
                let col = n % GLYPH_W as usize;
                if b == b'#' {
                    rows[row] |= 1 << (GLYPH_W as usize - 1 - col);
                }
            }
            n += 1;
        }
        i += 1;
    }
    rows
}

/// Drawn for characters the font lacks (anything outside printable ASCII).
pub const MISSING: Glyph = glyph("##### #...# #...# #...# #...# #...# #####");

/// Printable ASCII from ' ' (32) to '~' (126), in order. Each entry names its
/// character so a test can check the order.
const ART: [(char, &str); 95] = [
    (' ', ""),
    ('!', "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#.."),
    ('"', ".#.#. .#.#. .#.#."),
    ('#', ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#."),
    ('$', "..#.. .#### #.#.. .###. ..#.# ####. ..#.."),
    ('%', "##... ##..# ...#. ..#.. .#... #..## ...##"),
    ('&', ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#"),
    ('\'', "..#.. ..#.. .#..."),
    ('(', "...#. ..#.. .#... .#... .#... ..#.. ...#."),
    (')', ".#... ..#.. ...#. ...#. ...#. ..#.. .#..."),
    ('*', "..... ..#.. #.#.# .###. #.#.# ..#.. ....."),
    ('+', "..... ..#.. ..#.. ##### ..#.. ..#.. ....."),
    (',', "..... ..... ..... ..... ..... .##.. .##.. ..#.. .#..."),
    ('-', "..... ..... ..... ##### ..... ..... ....."),
    ('.', "..... ..... ..... ..... ..... .##.. .##.."),
    ('/', "..... ....# ...#. ..#.. .#... #.... ....."),
    ('0', ".###. #...# #..## #.#.# ##..# #...# .###."),
    ('1', "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###."),
    ('2', ".###. #...# ....# ...#. ..#.. .#... #####"),
    ('3', "##### ...#. ..#.. ...#. ....# #...# .###."),
    ('4', "...#. ..##. .#.#. #..#. ##### ...#. ...#."),
    ('5', "##### #.... ####. ....# ....# #...# .###."),
    ('6', "..##. .#... #.... ####. #...# #...# .###."),
    ('7', "##### ....# ...#. ..#.. .#... .#... .#..."),
    ('8', ".###. #...# #...# .###. #...# #...# .###."),
    ('9', ".###. #...# #...# .#### ....# ...#. .##.."),
    (':', "..... .##.. .##.. ..... .##.. .##.. ....."),
    (';', "..... .##.. .##.. ..... .##.. .##.. ..#.. .#..."),
    ('<', "...#. ..#.. .#... #.... .#... ..#.. ...#."),
    ('=', "..... ..... ##### ..... ##### ..... ....."),
    ('>', ".#... ..#.. ...#. ....# ...#. ..#.. .#..."),
    ('?', ".###. #...# ....# ...#. ..#.. ..... ..#.."),
    ('@', ".###. #...# ....# .##.# #.#.# #.#.# .###."),
    ('A', ".###. #...# #...# ##### #...# #...# #...#"),
    ('B', "####. #...# #...# ####. #...# #...# ####."),
    ('C', ".###. #...# #.... #.... #.... #...# .###."),
    ('D', "###.. #..#. #...# #...# #...# #..#. ###.."),
    ('E', "##### #.... #.... ####. #.... #.... #####"),
    ('F', "##### #.... #.... ####. #.... #.... #...."),
    ('G', ".###. #...# #.... #.### #...# #...# .####"),
    ('H', "#...# #...# #...# ##### #...# #...# #...#"),
    ('I', ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###."),
    ('J', "..### ...#. ...#. ...#. ...#. #..#. .##.."),
    ('K', "#...# #..#. #.#.. ##... #.#.. #..#. #...#"),
    ('L', "#.... #.... #.... #.... #.... #.... #####"),
    ('M', "#...# ##.## #.#.# #.#.# #...# #...# #...#"),
    ('N', "#...# #...# ##..# #.#.# #..## #...# #...#"),
    ('O', ".###. #...# #...# #...# #...# #...# .###."),
    ('P', "####. #...# #...# ####. #.... #.... #...."),
    ('Q', ".###. #...# #...# #...# #.#.# #..#. .##.#"),
    ('R', "####. #...# #...# ####. #.#.. #..#. #...#"),
    ('S', ".#### #.... #.... .###. ....# ....# ####."),
    ('T', "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#.."),
    ('U', "#...# #...# #...# #...# #...# #...# .###."),
    ('V', "#...# #...# #...# #...# #...# .#.#. ..#.."),
    ('W', "#...# #...# #...# #.#.# #.#.# #.#.# .#.#."),
    ('X', "#...# #...# .#.#. ..#.. .#.#. #...# #...#"),
    ('Y', "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#.."),
    ('Z', "##### ....# ...#. ..#.. .#... #.... #####"),
    ('[', ".###. .#... .#... .#... .#... .#... .###."),
    ('\\', "..... #.... .#... ..#.. ...#. ....# ....."),
    (']', ".###. ...#. ...#. ...#. ...#. ...#. .###."),
    ('^', "..#.. .#.#. #...#"),
    ('_', "..... ..... ..... ..... ..... ..... ..... #####"),
    ('`', ".#... ..#.. ...#."),
    ('a', "..... ..... .###. ....# .#### #...# .####"),
    ('b', "#.... #.... #.##. ##..# #...# #...# ####."),
    ('c', "..... ..... .###. #.... #.... #...# .###."),
    ('d', "....# ....# .##.# #..## #...# #...# .####"),
    ('e', "..... ..... .###. #...# ##### #.... .###."),
    ('f', "..##. .#..# .#... ###.. .#... .#... .#..."),
    ('g', "..... ..... .#### #...# #...# #...# .#### ....# .###."),
    ('h', "#.... #.... #.##. ##..# #...# #...# #...#"),
    ('i', "..#.. ..... .##.. ..#.. ..#.. ..#.. .###."),
    ('j', "...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##.."),
    ('k', "#.... #.... #..#. #.#.. ##... #.#.. #..#."),
    ('l', ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###."),
    ('m', "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#"),
    ('n', "..... ..... #.##. ##..# #...# #...# #...#"),
    ('o', "..... ..... .###. #...# #...# #...# .###."),
    ('p', "..... ..... ####. #...# #...# #...# ####. #.... #...."),
    ('q', "..... ..... .#### #...# #...# #...# .#### ....# ....#"),
    ('r', "..... ..... #.##. ##..# #.... #.... #...."),
    ('s', "..... ..... .#### #.... .###. ....# ####."),
    ('t', ".#... .#... ###.. .#... .#... .#..# ..##."),
    ('u', "..... ..... #...# #...# #...# #..## .##.#"),
    ('v', "..... ..... #...# #...# #...# .#.#. ..#.."),
    ('w', "..... ..... #...# #...# #.#.# #.#.# .#.#."),
    ('x', "..... ..... #...# .#.#. ..#.. .#.#. #...#"),
    ('y', "..... ..... #...# #...# #...# #...# .#### ....# .###."),
    ('z', "..... ..... ##### ...#. ..#.. .#... #####"),
    ('{', "...#. ..#.. ..#.. .#... ..#.. ..#.. ...#."),
    ('|', "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#.."),
    ('}', ".#... ..#.. ..#.. ...#. ..#.. ..#.. .#..."),
    ('~', "..... ..... .#... #.#.# ...#. ..... ....."),
];

/// The glyph table, built from `ART` at compile time.
const GLYPHS: [Glyph; 95] = {
    let mut table = [[0u8; GLYPH_H as usize]; 95];
    let mut i = 0;
    while i < ART.len() {
        table[i] = glyph(ART[i].1);
        i += 1;
    }
    table
};

/// The glyph for `c`; `MISSING` (a box) for anything but printable ASCII.
pub fn glyph_for(c: char) -> &'static Glyph {
    let code = c as u32;
    if (32..127).contains(&code) {
        GLYPHS.get((code - 32) as usize).unwrap_or(&MISSING)
    } else {
        &MISSING
    }
}

/// Whether the glyph has ink at column `col` (0 = left), row `row` (0 = top).
pub fn ink(g: &Glyph, col: i32, row: i32) -> bool {
    if !(0..GLYPH_W).contains(&col) {
        return false;
    }
    match usize::try_from(row).ok().and_then(|r| g.get(r)) {
        Some(bits) => bits & (1 << (GLYPH_W - 1 - col)) != 0,
        None => false,
    }
}

/// The integer scale for a label whose capitals should be `size` pixels tall:
/// the nearest multiple of the font's own 7 pixels, at least 1.
pub fn scale_for(size: i32) -> i32 {
    (size.saturating_add(CAP_H / 2) / CAP_H).clamp(1, 64)
}

/// Width and height in pixels of `text` at `size`: the box `Shape::Label`
/// fills (lines split at `\n`, descenders included).
pub fn text_extent(text: &str, size: i32) -> (i32, i32) {
    let s = scale_for(size);
    let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let lines = count(text.split('\n').count());
    let longest = count(
        text.split('\n')
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0),
    );
    let w = if longest == 0 {
        0
    } else {
        longest
            .saturating_mul(ADVANCE)
            .saturating_sub(1)
            .saturating_mul(s)
    };
    let h = (lines - 1)
        .saturating_mul(LINE_H)
        .saturating_add(GLYPH_H)
        .saturating_mul(s);
    (w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_ascii_order() {
        for (i, (c, _)) in ART.iter().enumerate() {
            assert_eq!(*c as u32, 32 + i as u32, "entry {i} is {c:?}");
        }
    }

    #[test]
    fn every_glyph_art_has_whole_rows_and_fits() {
        for (c, art) in ART.iter() {
            let pixels = art.chars().filter(|&ch| ch == '#' || ch == '.').count();
            assert_eq!(pixels % 5, 0, "{c:?} has a partial row");
            assert!(pixels <= 45, "{c:?} has more than nine rows");
        }
    }

    #[test]
    fn every_printable_character_but_space_has_ink() {
        for c in '!'..='~' {
            let g = glyph_for(c);
            assert!(g.iter().any(|&r| r != 0), "{c:?} is blank");
            assert_ne!(g, &MISSING, "{c:?} is drawn as missing");
        }
        assert!(glyph_for(' ').iter().all(|&r| r == 0));
    }

    #[test]
    fn capital_a_rows() {
        let g = glyph_for('A');
        assert_eq!(g[0], 0b01110);
        assert_eq!(g[3], 0b11111);
        assert_eq!(g[6], 0b10001);
        assert_eq!(g[7], 0);
        assert!(ink(g, 0, 6));
        assert!(!ink(g, 0, 0));
        assert!(!ink(g, 5, 3));
        assert!(!ink(g, -1, 3));
    }

    #[test]
    fn descenders_reach_below_the_baseline() {
        for c in ['g', 'j', 'p', 'q', 'y', ','] {
            assert!(glyph_for(c)[7] != 0 || glyph_for(c)[8] != 0, "{c:?}");
        }
    }

    #[test]
    fn non_ascii_is_a_box() {
        assert_eq!(glyph_for('한'), &MISSING);
        assert_eq!(glyph_for('\u{7f}'), &MISSING);
        assert_eq!(glyph_for('\t'), &MISSING);
    }

    #[test]
    fn scale_rounds_to_the_nearest_multiple_of_seven() {
        assert_eq!(scale_for(7), 1);
        assert_eq!(scale_for(1), 1);
        assert_eq!(scale_for(-5), 1);
        assert_eq!(scale_for(10), 1);
        assert_eq!(scale_for(11), 2);
        assert_eq!(scale_for(14), 2);
        assert_eq!(scale_for(21), 3);
        assert_eq!(scale_for(i32::MAX), 64);
    }

    #[test]
    fn extent_counts_advance_and_lines() {
        assert_eq!(text_extent("AB", 7), (11, 9));
        assert_eq!(text_extent("AB", 14), (22, 18));
        assert_eq!(text_extent("A\nBCD", 7), (17, 20));
        assert_eq!(text_extent("", 7), (0, 9));
    }
}
