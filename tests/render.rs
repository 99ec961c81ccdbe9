//! The renderers from the outside: PNG pictures decoded again with the png
//! crate and checked pixel by pixel, text and HTML views and whole mails.
//! Set QUIPU_RENDER_SAMPLES=DIR to also write a sample board and mails there.

use quipu::engine::{Color, Section, Sketch, Text, View};
use quipu::render::{self, Limits, MoveGroup, MoveLink, Page};

/// A decoded PNG as RGB rows, with the colour type it was stored in.
struct Decoded {
    width: u32,
    height: u32,
    stored: png::ColorType,
    rgb: Vec<u8>,
    line: usize,
}

impl Decoded {
    fn at(&self, x: u32, y: u32) -> Color {
        let i = y as usize * self.line + x as usize * 3;
        Color(self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    /// How many pixels of the region have colour `c`.
    fn count(&self, c: Color, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) -> usize {
        ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x, y) == c)
            .count()
    }
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a valid PNG header");
    let stored = reader.info().color_type;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("valid PNG data");
    assert_eq!(
        info.color_type,
        png::ColorType::Rgb,
        "opaque RGB after expansion"
    );
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    Decoded {
        width: info.width,
        height: info.height,
        stored,
        rgb: buf,
        line: info.line_size,
    }
}

fn render(sketch: &Sketch) -> Decoded {
    decode(&render::png(sketch).expect("the picture encodes"))
}

const BG: Color = Color::WHITE;

#[test]
fn png_has_the_sketch_size_and_an_opaque_background() {
    let mut s = Sketch::new(120, 80);
    s.background = Some(Color::GREY);
    let d = render(&s);
    assert_eq!((d.width, d.height), (120, 80));
    assert_eq!(d.stored, png::ColorType::Indexed);
    assert_eq!(d.count(Color::GREY, 0..120, 0..80), 120 * 80);

    s.background = None;
    let d = render(&s);
    assert_eq!(d.at(0, 0), Color::WHITE);
    assert_eq!(d.at(119, 79), Color::WHITE);
}

#[test]
fn empty_sketch_still_makes_a_valid_png() {
    let d = render(&Sketch::default());
    assert_eq!((d.width, d.height), (1, 1));
    assert_eq!(d.at(0, 0), Color::WHITE);
}

#[test]
fn rects_fill_and_outline() {
    let mut s = Sketch::new(60, 40);
    s.rect(10, 5, 20, 10, Some(Color::RED), None);
    s.rect(35, 5, 20, 20, Some(Color::YELLOW), Some(Color::BLUE));
    let d = render(&s);
    assert_eq!(d.count(Color::RED, 0..60, 0..40), 200);
    assert_eq!(d.at(10, 5), Color::RED);
    assert_eq!(d.at(29, 14), Color::RED);
    assert_eq!(d.at(30, 14), BG);
    assert_eq!(d.at(29, 15), BG);
    // A 2-px outline inside the 20×20 box around a 16×16 fill.
    assert_eq!(d.count(Color::BLUE, 0..60, 0..40), 400 - 256);
    assert_eq!(d.count(Color::YELLOW, 0..60, 0..40), 256);
    assert_eq!(d.at(36, 15), Color::BLUE);
    assert_eq!(d.at(37, 15), Color::YELLOW);
    assert_eq!(d.at(54, 24), Color::BLUE);
}

#[test]
fn circles_fill_and_outline() {
    let mut s = Sketch::new(80, 40);
    s.circle(20, 20, 10, Some(Color::GREEN), None);
    s.circle(60, 20, 10, Some(Color::WHITE), Some(Color::BLACK));
    let d = render(&s);
    // Centre, the extreme pixels on the middle row, and just outside.
    assert_eq!(d.at(20, 20), Color::GREEN);
    assert_eq!(d.at(10, 19), Color::GREEN);
    assert_eq!(d.at(29, 19), Color::GREEN);
    assert_eq!(d.at(9, 19), BG);
    assert_eq!(d.at(30, 19), BG);
    assert_eq!(d.at(11, 11), BG, "corner of the bounding box");
    // Pixel centres within radius 10: 316 (counted by hand as 4 × 79).
    assert_eq!(d.count(Color::GREEN, 0..40, 0..40), 316);
    // The ring is two pixels thick on the middle row.
    assert_eq!(d.at(50, 19), Color::BLACK);
    assert_eq!(d.at(51, 19), Color::BLACK);
    assert_eq!(d.at(52, 19), Color::WHITE);
    assert_eq!(d.at(60, 20), Color::WHITE);
}

#[test]
fn lines_have_their_width_and_reach_their_ends() {
    let mut s = Sketch::new(100, 60);
    s.line(10, 10, 90, 10, Color::BLUE, 1);
    s.line(10, 30, 90, 30, Color::RED, 6);
    s.line(10, 40, 50, 58, Color::GREEN, 3);
    let d = render(&s);
    assert_eq!(d.count(Color::BLUE, 0..100, 0..60), 81);
    assert_eq!(d.at(10, 10), Color::BLUE);
    assert_eq!(d.at(90, 10), Color::BLUE);
    assert_eq!(d.at(50, 9), BG);
    assert_eq!(d.at(50, 11), BG);
    // Six pixels thick: rows 27..=32 around the centre row 30.
    let column: Vec<u32> = (0..60).filter(|&y| d.at(50, y) == Color::RED).collect();
    assert_eq!(column, vec![27, 28, 29, 30, 31, 32]);
    // The slanted line is unbroken: every column from 10 to 50 has ink.
    for x in 10..=50 {
        assert!((38..60).any(|y| d.at(x, y) == Color::GREEN), "gap at x={x}");
    }
    assert_eq!(d.at(10, 40), Color::GREEN);
    assert_eq!(d.at(50, 58), Color::GREEN);
}

#[test]
fn polygons_fill_by_scanline_and_outline() {
    let mut s = Sketch::new(100, 60);
    // A triangle with its apex at the top middle.
    s.polygon(
        vec![(10, 50), (50, 10), (90, 50)],
        Some(Color::PURPLE),
        None,
    );
    // A hexagon with an outline.
    let hex: Vec<(i32, i32)> = vec![(20, 2), (30, 2), (35, 8), (30, 14), (20, 14), (15, 8)];
    s.polygon(hex, Some(Color::YELLOW), Some(Color::BROWN));
    let d = render(&s);
    assert_eq!(d.at(50, 11), Color::PURPLE);
    assert_eq!(d.at(50, 9), BG);
    assert_eq!(d.at(11, 49), Color::PURPLE);
    assert_eq!(d.at(88, 49), Color::PURPLE);
    assert_eq!(d.at(50, 50), BG);
    assert_eq!(d.at(20, 20), BG, "outside the left edge");
    // Row 30 (centre 30.5) spans x from 29.5 to 70.5: 41 pixels.
    assert_eq!(d.count(Color::PURPLE, 0..100, 30..31), 41);
    assert_eq!(d.at(25, 8), Color::YELLOW);
    assert_eq!(d.at(25, 2), Color::BROWN);
    assert_eq!(d.at(25, 1), Color::BROWN);
    assert_eq!(d.at(25, 14), Color::BROWN);
    assert_eq!(d.at(25, 16), BG);
}

#[test]
fn labels_put_ink_where_the_glyphs_are() {
    let mut s = Sketch::new(80, 40);
    s.label(2, 3, "H1", 7, Color::BLACK);
    s.label(30, 3, "T", 14, Color::RED);
    let d = render(&s);
    // 'H': capitals fill rows 3..10; solid ink on both stems, none below the
    // baseline, none inside the letter above its bar.
    let inked = |xs: std::ops::Range<u32>, ys: std::ops::Range<u32>| {
        ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| d.at(x, y) != BG)
            .count()
    };
    let stems = inked(0..14, 3..10);
    assert!(stems >= 14, "H and 1 have {stems} inked pixels");
    assert_eq!(inked(0..30, 11..40), 0, "below the baseline");
    assert_eq!(inked(0..30, 0..2), 0, "above the capitals");
    // 'T' twice as tall: its bar at the top of rows 3..17, its stem below.
    assert!(d.count(Color::RED, 30..45, 3..5) >= 8, "the bar of T");
    assert!(d.count(Color::RED, 30..45, 10..17) >= 7, "the stem of T");
    assert_eq!(d.count(Color::RED, 0..80, 18..40), 0);
}

#[test]
fn korean_labels_are_drawn_not_boxed() {
    // Korean text in the embedded font, against the box drawn for a
    // character the font lacks: each syllable must differ from that box.
    let glyph = |c: char| {
        let mut s = Sketch::new(40, 40);
        s.label(4, 4, c.to_string(), 24, Color::BLACK);
        let d = render(&s);
        (0..40u32)
            .flat_map(|y| (0..40u32).map(move |x| (x, y)))
            .map(|(x, y)| d.at(x, y) != BG)
            .collect::<Vec<bool>>()
    };
    let missing = glyph('\u{0378}');
    for c in "출킨 티칼 쿠스코 타완틴수유 문명 빨강 자리 당신 차례".chars() {
        if c == ' ' {
            continue;
        }
        let ink = glyph(c);
        assert!(ink.iter().filter(|&&i| i).count() > 30, "{c:?} has no ink");
        assert_ne!(ink, missing, "{c:?} is drawn as the missing-glyph box");
    }
    // A bilingual caption draws the reader's language.
    let mut s = Sketch::new(200, 40);
    s.caption(
        4,
        4,
        quipu::engine::Text::new("Red", "빨강"),
        20,
        Color::BLACK,
    );
    let en = render::picture(&s, "en").expect("the picture encodes").png;
    let ko = render::picture(&s, "ko").expect("the picture encodes").png;
    assert_ne!(en, ko);
}

#[test]
fn many_colours_fall_back_to_rgb() {
    let mut s = Sketch::new(300, 10);
    for i in 0..300 {
        s.rect(
            i,
            0,
            1,
            10,
            Some(Color((i % 256) as u8, (i / 256) as u8, 7)),
            None,
        );
    }
    let d = render(&s);
    assert_eq!(d.stored, png::ColorType::Rgb);
    assert_eq!(d.at(0, 0), Color(0, 0, 7));
    assert_eq!(d.at(299, 9), Color(43, 1, 7));
}

#[test]
fn few_colours_use_small_palettes() {
    let mut s = Sketch::new(33, 5);
    s.rect(0, 0, 11, 5, Some(Color::RED), None);
    s.rect(22, 0, 11, 5, Some(Color::BLUE), None);
    let d = render(&s);
    assert_eq!(d.stored, png::ColorType::Indexed);
    assert_eq!(
        (d.at(0, 0), d.at(16, 2), d.at(32, 4)),
        (Color::RED, BG, Color::BLUE)
    );
}

/// Every pixel of a picture comes back from its PNG as drawn, whichever
/// row filter the encoder chose (diagonals and text make Sub, Up and Paeth
/// rows), as indexed colour and as RGB.
#[test]
fn every_pixel_survives_the_row_filters() {
    let mut indexed = sample_board();
    indexed.label(5, 5, "Paeth Sub Up 촐킨", 14, Color::BLACK);
    let mut rgb = Sketch::new(320, 60);
    for i in 0..300 {
        let c = Color((i % 256) as u8, (i * 7 % 256) as u8, (i / 3) as u8);
        rgb.line(i, 0, 319 - i / 2, 59, c, 1);
    }
    for (sketch, stored) in [
        (&indexed, png::ColorType::Indexed),
        (&rgb, png::ColorType::Rgb),
    ] {
        let canvas = render::canvas::rasterise(sketch);
        let d = decode(&render::encode::encode(&canvas).expect("the picture encodes"));
        assert_eq!(d.stored, stored);
        let mut differ = 0;
        for y in 0..d.height {
            for x in 0..d.width {
                if canvas.get(i64::from(x), i64::from(y)) != Some(d.at(x, y)) {
                    differ += 1;
                }
            }
        }
        assert_eq!(differ, 0, "{stored:?}: pixels changed by encoding");
    }
}

/// A board like a game would draw: a grid of hexagons with owners'
/// pieces, tracks, labels and a score column, 1000×700.
fn sample_board() -> Sketch {
    let mut s = Sketch::new(1000, 700);
    s.background = Some(Color(236, 226, 200));
    s.alt = "Board: round 3, Alice leads with 14 points".into();
    s.rect(0, 0, 1000, 40, Some(Color(60, 70, 90)), None);
    s.label(16, 12, "ROUND 3 - ALICE TO ACT", 14, Color::WHITE);
    for row in 0..6 {
        for col in 0..9 {
            let cx = 70 + col * 80 + if row % 2 == 1 { 40 } else { 0 };
            let cy = 100 + row * 70;
            let pts = vec![
                (cx - 40, cy),
                (cx - 20, cy - 35),
                (cx + 20, cy - 35),
                (cx + 40, cy),
                (cx + 20, cy + 35),
                (cx - 20, cy + 35),
            ];
            let fill = [
                Color(120, 170, 90),
                Color(200, 180, 120),
                Color(90, 140, 190),
            ][((row + col) % 3) as usize];
            s.polygon(pts, Some(fill), Some(Color(70, 60, 40)));
            let name = format!("{}{}", (b'A' + row as u8) as char, col + 1);
            s.label(cx - 10, cy - 25, name, 7, Color::BLACK);
            if (row * 9 + col) % 4 == 0 {
                s.circle(
                    cx,
                    cy + 6,
                    14,
                    Some(Color::seat(((row + col) % 4) as usize)),
                    Some(Color::BLACK),
                );
            }
        }
    }
    s.line(60, 600, 760, 600, Color(90, 80, 60), 6);
    for i in 0..15 {
        s.circle(
            60 + i * 50,
            600,
            9,
            Some(Color::WHITE),
            Some(Color(90, 80, 60)),
        );
        s.label(56 + i * 50, 620, format!("{i}"), 7, Color::BLACK);
    }
    s.rect(
        800,
        60,
        180,
        200,
        Some(Color(250, 246, 232)),
        Some(Color(70, 60, 40)),
    );
    s.label(812, 72, "Scores", 14, Color::BLACK);
    for (i, (name, pts)) in [("Alice", 14), ("Bob", 11), ("Carol", 9), ("Dave", 6)]
        .iter()
        .enumerate()
    {
        let y = 110 + i as i32 * 34;
        s.circle(822, y + 7, 8, Some(Color::seat(i)), None);
        s.label(840, y, format!("{name:<6}{pts:>3}"), 14, Color::BLACK);
    }
    s.label(
        812,
        280,
        "abcdefghijklm\nnopqrstuvwxyz\n0123456789 !?\n()[]{}<>+-*/=\n@#$%&_|~^`'\",.:;",
        7,
        Color::BLACK,
    );
    s
}

#[test]
fn a_full_board_is_small_and_indexed() {
    let bytes = render::png(&sample_board()).expect("the picture encodes");
    if let Ok(dir) = std::env::var("QUIPU_RENDER_SAMPLES") {
        std::fs::write(format!("{dir}/board.png"), &bytes).expect("sample written");
    }
    assert!(bytes.len() < 100_000, "board PNG is {} bytes", bytes.len());
    let d = decode(&bytes);
    assert_eq!((d.width, d.height), (1000, 700));
    assert_eq!(d.stored, png::ColorType::Indexed);
    assert_eq!(d.at(500, 20), Color(60, 70, 90));
    assert_eq!(d.at(999, 699), Color(236, 226, 200));
}

fn t(en: &str, ko: &str) -> Text {
    Text::new(en, ko)
}

fn sample_view() -> View {
    View {
        seat: Some(quipu::engine::Seat(0)),
        headline: t("Round 3 — Alice to act", "3라운드 — Alice 차례"),
        sections: vec![
            Section::lines(
                t("Temples", "신전"),
                vec![t(
                    "Chaac: Alice 3, Bob 1 <script>alert(1)</script>",
                    "차크: Alice 3, Bob 1 <script>alert(1)</script>",
                )],
            ),
            Section::table(
                t("Players", "플레이어"),
                vec![
                    t("Player", "플레이어"),
                    t("Score", "점수"),
                    t("Corn", "옥수수"),
                ],
                vec![
                    vec![Text::same("Alice"), Text::same("14"), Text::same("3")],
                    vec![Text::same("Bob & Co"), Text::same("9"), Text::same("12")],
                ],
            ),
        ],
        private: vec![Section::lines(
            t("Cards in hand", "손에 든 카드"),
            vec![t("Quarry worker", "채석장 일꾼")],
        )],
        picture: {
            let mut s = Sketch::new(1000, 700);
            s.alt = "Board \"round 3\"".into();
            s
        },
        footer: vec![t(
            "Cards stand in for the wooden tiles.",
            "나무 타일 대신 카드를 씁니다.",
        )],
    }
}

#[test]
fn view_text_has_headline_sections_table_and_private_part() {
    let v = sample_view();
    let text = render::view_text(&v, "en");
    let expected_table = "Player    Score  Corn\n--------  -----  ----\nAlice        14     3\nBob & Co      9    12\n";
    assert!(text.contains(expected_table), "{text}");
    let order = [
        "Round 3 — Alice to act",
        "Temples",
        "Chaac: Alice 3",
        "Players",
        "Your hand (only you can see this)",
        "Cards in hand",
        "Quarry worker",
        "Cards stand in",
    ];
    let mut at = 0;
    for s in order {
        let i = text[at..]
            .find(s)
            .unwrap_or_else(|| panic!("{s:?} missing or out of order in\n{text}"));
        at += i;
    }
    let ko = render::view_text(&v, "ko");
    assert!(ko.contains("플레이어  점수  옥수수\n"), "{ko}");
    assert!(ko.contains("내 손패 (나에게만 보이는 정보입니다)"));
    assert!(ko.contains("채석장 일꾼"));
}

#[test]
fn spectators_see_no_private_heading() {
    let mut v = sample_view();
    v.private.clear();
    v.seat = None;
    assert!(!render::view_text(&v, "en").contains("Your hand"));
    assert!(!render::view_html(&v, "en", None).contains("Your hand"));
}

fn link(cmd: &str) -> MoveLink {
    let body = cmd.replace(' ', "%20");
    MoveLink {
        command: cmd.to_string(),
        mailto: format!("mailto:play+k3j5v7q9w2x4z6b8@play.example.test?subject=Re%3A%20%5BTzolkin%20%2342%5D%20Game%20update&body={body}"),
    }
}

fn groups(n_groups: usize, per_group: usize) -> Vec<MoveGroup> {
    (0..n_groups)
        .map(|g| MoveGroup {
            title: format!("place palenque {g}"),
            note: String::new(),
            moves: (0..per_group)
                .map(|i| link(&format!("place palenque {g} {i} pay corn")))
                .collect(),
        })
        .collect()
}

fn sample_page<'a>(view: &'a View, lang: &'a str, moves: Vec<MoveGroup>) -> Page<'a> {
    Page {
        lang,
        title: "[Tzolkin #42] Game update".into(),
        preheader: "Your turn in Tzolkin #42 — reply with your move".into(),
        paragraphs: vec![
            "It is your turn, Alice.".into(),
            "Bob's <b>bold</b> move: place 2 workers.".into(),
        ],
        events: vec![
            "Bob placed a worker on Palenque 1.".into(),
            "Carol picked up from Yaxchilan 3.".into(),
        ],
        view: Some(view),
        image_cid: Some("board-42-7@play.example.test".into()),
        moves,
        footer: vec![
            "Reply to this mail with your move.".into(),
            "Cards stand in for the wooden tiles.".into(),
        ],
    }
}

#[test]
fn page_text_lists_everything_in_order() {
    let v = sample_view();
    let page = sample_page(&v, "en", groups(2, 3));
    let text = render::page_text(&page);
    let order = [
        "[Tzolkin #42] Game update",
        "It is your turn, Alice.",
        // Decision first: where the game stands, what led there, the moves,
        // then the board and hand.
        "Round 3",
        "What happened since your last mail",
        "- Bob placed a worker on Palenque 1.",
        "Your moves",
        "Reply with one of these commands",
        "place palenque 0:",
        "  place palenque 0 2 pay corn",
        "place palenque 1:",
        "Your hand",
        "Reply to this mail with your move.",
    ];
    let mut at = 0;
    for s in order {
        let i = text[at..]
            .find(s)
            .unwrap_or_else(|| panic!("{s:?} missing or out of order in\n{text}"));
        at += i;
    }
    // The view's footer note is already in the page's footer: said once.
    assert_eq!(
        text.matches("Cards stand in for the wooden tiles.").count(),
        1
    );
    assert!(!text.contains("mailto:"));
    assert!(!text.contains("Showing"));
}

#[test]
fn page_text_caps_long_lists_and_says_how_to_get_all() {
    let v = sample_view();
    let page = sample_page(&v, "en", groups(9, 50));
    let text = render::page_text(&page);
    // The first eight of each kind, sixty in all; the rest said in words.
    assert_eq!(text.matches("\n  place palenque").count(), 60);
    assert_eq!(
        text.matches("… and 42 more 'place palenque 0 …' moves, with 8, 9, 10, 11,")
            .count(),
        1,
        "{text}"
    );
    assert_eq!(text.matches("… and 42 more").count(), 7);
    assert_eq!(text.matches("… and 46 more").count(), 1);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("and 36 others. Reply 'moves' for all of them."));
    assert!(flat.contains(
        "Also possible, not listed here: 50 'place palenque 8 …' moves. Reply 'moves' for all of them."
    ));
    assert!(
        text.contains("Showing 60 of 450 moves. Reply with the word moves to get the full list.")
    );
    let all = render::page_text_with(&page, Limits::UNLIMITED);
    assert_eq!(all.matches("\n  place palenque").count(), 450);
    assert!(!all.contains("Showing"));
    assert!(!all.contains("more"));
}

#[test]
fn html_escapes_game_text_and_has_no_active_content() {
    let v = sample_view();
    let html = render::page_html(&sample_page(&v, "en", groups(2, 3)));
    assert!(html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"));
    assert!(html.contains("Bob&#39;s &#60;b&#62;bold&#60;/b&#62; move"));
    assert!(html.contains("Bob &#38; Co"));
    let lower = html.to_lowercase();
    for bad in [
        "<script",
        "<svg",
        "<form",
        "<iframe",
        "javascript:",
        "<link",
    ] {
        assert!(!lower.contains(bad), "{bad} in HTML");
    }
}

#[test]
fn html_page_has_the_mail_scaffolding() {
    let v = sample_view();
    let html = render::page_html(&sample_page(&v, "en", groups(2, 3)));
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<meta name=\"color-scheme\" content=\"light dark\">"));
    assert!(html.contains("<meta name=\"supported-color-schemes\" content=\"light dark\">"));
    assert!(html.contains("<html lang=\"en\""));
    assert!(html.contains("<title>[Tzolkin #42] Game update</title>"));
    assert!(html.contains("<div style=\"display:none;max-height:0;"));
    assert!(html.contains("Your turn in Tzolkin #42 — reply with your move"));
    assert!(html.contains("max-width:600px"));
    assert!(html.contains("role=\"presentation\""));
}

#[test]
fn html_shows_the_picture_by_cid_with_size_and_alt() {
    let v = sample_view();
    let html = render::page_html(&sample_page(&v, "en", Vec::new()));
    assert!(
        html.contains("<img src=\"cid:board-42-7@play.example.test\" width=\"578\" height=\"405\" alt=\"Board &#34;round 3&#34;\""),
        "{html}"
    );
    assert_eq!(html.matches("<img ").count(), 1, "one picture in the page");
    let fragment = render::view_html(&v, "en", Some("pic@x"));
    assert!(fragment.contains("<img src=\"cid:pic@x\" width=\"578\" height=\"405\""));
    assert!(!render::view_html(&v, "en", None).contains("<img"));
    let mut small = sample_view();
    small.picture = Sketch::new(300, 200);
    let fragment = render::view_html(&small, "ko", Some("pic@x"));
    assert!(
        fragment.contains("width=\"578\" height=\"385\" alt=\"게임판 그림\""),
        "{fragment}"
    );
}

#[test]
fn html_page_keeps_the_order_of_a_turn_mail() {
    let v = sample_view();
    let html = render::page_html(&sample_page(&v, "en", groups(2, 3)));
    let order = [
        "[Tzolkin #42] Game update",
        "It is your turn, Alice.",
        // Decision first: where the game stands, how many moves, the
        // board, what led there, the moves, then the sections and hand.
        "Round 3",
        "Your 6 possible moves are listed below the board.",
        "<img src=\"cid:",
        "What happened since your last mail",
        "Bob placed a worker",
        "Your moves",
        "place palenque 0",
        "place palenque 1",
        "Temples",
        "Your hand",
        "Quarry worker",
        "Reply to this mail with your move.",
        "Cards stand in for the wooden tiles.",
    ];
    let mut at = 0;
    for s in order {
        let i = html[at..]
            .find(s)
            .unwrap_or_else(|| panic!("{s:?} missing or out of order"));
        at += i;
    }
    assert_eq!(
        html.matches("Cards stand in for the wooden tiles.").count(),
        1
    );
}

#[test]
fn html_moves_are_mailto_links() {
    let v = sample_view();
    let mut moves = groups(1, 2);
    moves[0].moves.push(MoveLink {
        command: "pass".into(),
        mailto: "javascript:alert(1)".into(),
    });
    let html = render::page_html(&sample_page(&v, "en", moves));
    assert!(html.contains(
        "href=\"mailto:play+k3j5v7q9w2x4z6b8@play.example.test?subject=Re%3A%20%5BTzolkin%20%2342%5D%20Game%20update&#38;body=place%20palenque%200%201%20pay%20corn\""
    ));
    assert!(html.contains(">place palenque 0 1 pay corn</a>"));
    assert_eq!(html.matches("href=\"mailto:").count(), 2);
    assert!(
        html.contains(">pass</span>"),
        "a non-mailto move is shown as plain text"
    );
}

#[test]
fn html_caps_long_move_lists_by_group_and_in_total() {
    let v = sample_view();
    let html = render::page_html(&sample_page(&v, "en", groups(9, 50)));
    assert_eq!(html.matches("href=\"mailto:").count(), 60);
    assert_eq!(html.matches("… and 42 more").count(), 7);
    for g in 0..8 {
        assert!(
            html.contains(&format!(">place palenque {g}</td>")),
            "group {g} is named"
        );
    }
    assert!(html.contains(">Also possible, not listed here: 50 &#39;place palenque 8 …&#39; moves. Reply &#39;moves&#39; for all of them.</div>"), "{html}");
    // Never a bare number: every count says what it counts.
    assert!(!html.contains("here: 50<") && !html.contains(", 50<"));
    assert!(
        html.contains("Showing 60 of 450 moves. Reply with the word moves to get the full list.")
    );
    assert!(
        !html.contains("place palenque 0 8 "),
        "the ninth move of a group is cut"
    );
    assert!(html.contains("place palenque 6 7 "));
    assert!(
        !html.contains("place palenque 8 0 "),
        "the total is spent after eight groups"
    );
}

#[test]
fn korean_pages_use_korean_labels() {
    let v = sample_view();
    let page = sample_page(&v, "ko", groups(6, 50));
    let html = render::page_html(&page);
    assert!(html.contains("<html lang=\"ko\""));
    for label in [
        "지난 메일 이후에 있었던 일",
        "내 손패",
        "나에게만 보이는 정보입니다",
        "둘 수 있는 수",
        "답장",
        "3라운드",
        "채석장 일꾼",
        "… 그 밖의 &#39;place palenque 0 …&#39; 수 42개: 8, 9, 10, 11, 12, 13 외 36가지. 모두 보려면 &#39;moves&#39;라고 답장하세요.",
        "수 300개 가운데 48개만",
    ] {
        assert!(html.contains(label), "{label} missing");
    }
    for english in ["What happened", "Your hand", "Your moves", "Showing"] {
        assert!(!html.contains(english), "{english} in a Korean page");
    }
    let text = render::page_text(&page);
    for label in [
        "지난 메일 이후에 있었던 일",
        "내 손패",
        "둘 수 있는 수",
        "아래 명령 가운데 하나를 답장에 적어 보내세요",
    ] {
        assert!(text.contains(label), "{label} missing in text");
    }
}

#[test]
fn a_mail_with_the_longest_move_list_stays_under_gmails_clip() {
    // A busy view (40 table rows, 30 lines) and the full 200 moves shown.
    let mut v = sample_view();
    let rows = (0..40)
        .map(|i| {
            vec![
                Text::same(format!("Space {i}")),
                Text::same(format!("{i}")),
                Text::new("empty", "비어 있음"),
            ]
        })
        .collect();
    v.sections.push(Section::table(
        t("Spaces", "칸"),
        vec![t("Space", "칸"), t("Workers", "일꾼"), t("State", "상태")],
        rows,
    ));
    v.sections.push(Section::lines(
        t("Log", "기록"),
        (0..30)
            .map(|i| Text::same(format!("Move {i}: Bob placed a worker on Palenque {i}.")))
            .collect(),
    ));
    let page = sample_page(&v, "ko", groups(10, 60));
    // The widest lists a mail may be asked for (a game's own limits).
    let wide = Limits {
        per_group: 40,
        total: 200,
    };
    let html = render::page_html_with(&page, wide);
    let text = render::page_text_with(&page, wide);
    if let Ok(dir) = std::env::var("QUIPU_RENDER_SAMPLES") {
        std::fs::write(format!("{dir}/page.html"), &html).expect("sample written");
        std::fs::write(format!("{dir}/page.txt"), &text).expect("sample written");
    }
    assert!(html.len() < 100_000, "HTML is {} bytes", html.len());
    assert!(text.len() < 60_000, "text is {} bytes", text.len());
}

#[test]
fn a_typical_turn_mail_is_small() {
    let v = sample_view();
    let html = render::page_html(&sample_page(&v, "en", groups(4, 8)));
    assert!(html.len() < 30_000, "HTML is {} bytes", html.len());
}

#[test]
fn every_printable_character_leaves_ink_in_its_own_cell() {
    // All of printable ASCII, each in its own 24 × 36 px cell, capitals 16 px tall.
    let chars: Vec<char> = (' '..='~').collect();
    let mut s = Sketch::new(16 * 24 + 8, 6 * 44 + 8);
    for (i, c) in chars.iter().enumerate() {
        let (x, y) = (4 + (i % 16) as i32 * 24, 4 + (i / 16) as i32 * 44);
        s.label(x + 2, y + 8, c.to_string(), 16, Color::BLACK);
    }
    let bytes = render::png(&s).expect("the picture encodes");
    if let Ok(dir) = std::env::var("QUIPU_RENDER_SAMPLES") {
        std::fs::write(format!("{dir}/font.png"), &bytes).expect("sample written");
    }
    let d = decode(&bytes);
    for (i, c) in chars.iter().enumerate() {
        let (x, y) = (4 + (i % 16) as u32 * 24, 4 + (i / 16) as u32 * 44);
        let ink = (y..y + 36)
            .flat_map(|py| (x..x + 20).map(move |px| (px, py)))
            .filter(|&(px, py)| d.at(px, py) != BG)
            .count();
        if *c == ' ' {
            assert_eq!(ink, 0);
        } else {
            assert!(ink >= 6, "{c:?} has {ink} ink pixels");
        }
    }
}

#[test]
fn very_long_links_list_fewer_moves_rather_than_pass_the_clip() {
    let v = sample_view();
    // A Korean subject percent-encoded: about 800 bytes a link, so 200
    // links would be 160 KB.
    let subject = "Re: [출킨 #42] 게임 진행 상황 — 당신 차례입니다 ".repeat(3);
    let enc: String = subject.bytes().map(|b| format!("%{b:02X}")).collect();
    let mut moves = groups(5, 40);
    for g in &mut moves {
        for m in &mut g.moves {
            m.mailto =
                format!("mailto:play+k3j5v7q9w2x4z6b8@play.example.test?subject={enc}&body=x");
        }
    }
    let wide = Limits {
        per_group: 40,
        total: 200,
    };
    let html = render::page_html_with(&sample_page(&v, "en", moves), wide);
    assert!(
        html.len() <= render::html::HTML_BUDGET,
        "HTML is {} bytes",
        html.len()
    );
    let links = html.matches("href=\"mailto:").count();
    assert!((100..200).contains(&links), "{links} links");
    // Not cut much more than needed: one more link would not have fitted.
    assert!(
        html.len() + 2 * 900 > render::html::HTML_BUDGET,
        "HTML is {} bytes",
        html.len()
    );
    assert!(html.contains(&format!("Showing {links} of 200 moves.")));
}

#[test]
fn oversized_sketches_are_cropped_not_refused() {
    let mut s = Sketch::new(5000, 30);
    s.rect(2040, 0, 100, 30, Some(Color::RED), None);
    let d = render(&s);
    assert_eq!((d.width, d.height), (render::canvas::MAX_SIDE, 30));
    assert_eq!(d.at(2047, 29), Color::RED);
    assert_eq!(d.at(2039, 29), BG);
}

#[test]
fn grouped_commands_become_mailto_links_in_the_page() {
    let commands: Vec<String> = [
        "place palenque 1",
        "place palenque 2",
        "pick tikal 3",
        "pass",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let to = "play+k3j5v7q9@play.example.test";
    let groups = render::group_commands(&commands, 40, |c| {
        render::mailto(to, "Re: [Tikal #7] Game update", c)
    });
    assert_eq!(groups.len(), 2, "{groups:?}");
    let v = sample_view();
    let html = render::page_html(&sample_page(&v, "en", groups));
    assert!(html.contains(">place</td>"));
    assert!(html.contains("href=\"mailto:play+k3j5v7q9@play.example.test?subject=Re%3A%20%5BTikal%20%237%5D%20Game%20update&#38;body=place%20palenque%202\""));
    assert!(html.contains(">pick tikal 3</a>"));
    assert!(html.contains(">pass</a>"));
}

#[test]
fn reference_tables_come_last_folded_away_in_both_parts() {
    let mut v = sample_view();
    v.sections.insert(
        0,
        Section::table(
            t("Building costs", "건물 비용"),
            vec![t("Building", "건물"), t("Cost", "비용")],
            vec![vec![Text::same("Granary"), Text::same("4")]],
        )
        .as_reference(),
    );
    for lang in ["en", "ko"] {
        let page = sample_page(&v, lang, groups(2, 3));
        let html = render::page_html(&page);
        let (reference, costs, hand) = if lang == "ko" {
            ("참고 표", "건물 비용", "채석장 일꾼")
        } else {
            ("Reference tables", "Building costs", "Quarry worker")
        };
        // Last, under their own heading (not folded: Outlook and Yahoo
        // show no <details>).
        let folded = html.find("class=\"q-ref\"").expect("the reference block");
        assert!(
            html[folded..].find(reference).is_some(),
            "{lang}: its heading"
        );
        assert!(
            html.find(costs).expect("the table") > folded,
            "{lang}: the reference table is in the reference block"
        );
        assert!(
            html.find(hand).expect("the hand") < folded,
            "{lang}: the hand comes before the reference tables"
        );
        let text = render::page_text(&page);
        let costs_at = text.find(costs).expect("the table in text");
        assert!(
            text.find(hand).expect("hand") < costs_at,
            "{lang}: text order"
        );
        assert!(text.find(reference).expect("heading") < costs_at);
    }
}

/// Each game's Korean name as its Korean rulebook spells it, and spellings
/// heard for it that players must never read.
const KOREAN_NAMES: [(&str, &str, &[&str]); 5] = [
    ("tzolkin", "출킨", &["촐킨", "졸킨", "쫄킨", "촐킨", "졸낀"]),
    ("tikal", "티칼", &["티깔", "티카르"]),
    (
        "tawantinsuyu",
        "타완틴수유",
        &["타완티수유", "타완틴스유", "타완틴쑤유"],
    ),
    ("cuzco", "쿠스코", &["쿠즈코", "꾸스코", "쿠츠코"]),
    (
        "tta",
        "쓰루 디 에이지스",
        &["스루 디 에이지", "쓰루 더 에이지", "쓰루 디 에이지즈"],
    ),
];

/// Every text file under `dir`, with its path.
fn files_under(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("a folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn every_string_naming_a_game_in_korean_spells_it_as_its_rulebook() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    // What players can read comes from the code, the templates and the
    // README (tests keep client mails as they were sent, typos included).
    for dir in ["src", "templates", "README.md"] {
        let path = root.join(dir);
        if path.is_dir() {
            files_under(&path, &mut texts);
        } else if let Ok(t) = std::fs::read_to_string(&path) {
            texts.push((dir.to_string(), t));
        }
    }
    // What players read: each game's title, its picture's alt text and its
    // view in Korean.
    for entry in quipu::games::registry() {
        let info = (entry.info)();
        let title = quipu::engine::game_title(entry.name, info.title);
        texts.push((format!("{} title", entry.name), title.get("ko").to_string()));
        let Ok(options) = quipu::engine::Options::parse_pairs::<&str>(&[]) else {
            continue;
        };
        if let Ok(table) = (entry.new)(2, &options, 3) {
            let v = table.view(None);
            texts.push((format!("{} alt", entry.name), v.picture.alt_ko.clone()));
            texts.push((format!("{} view", entry.name), render::view_text(&v, "ko")));
        }
    }
    let this_file = root.join("tests/render.rs").display().to_string();
    let mut wrong = Vec::new();
    for (game, name, variants) in KOREAN_NAMES {
        let title = quipu::engine::game_title(game, "");
        assert!(
            title.get("ko").starts_with(name),
            "{game}'s Korean title is {:?}, not the rulebook's {name}",
            title.get("ko")
        );
        for (place, text) in &texts {
            if *place == this_file {
                continue;
            }
            for v in variants {
                if text.contains(v) {
                    wrong.push(format!("{place}: {v} (the rulebook writes {name})"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    let tzolkin_alt = texts
        .iter()
        .find(|(p, _)| p == "tzolkin alt")
        .map(|(_, t)| t.as_str())
        .unwrap_or("");
    assert!(tzolkin_alt.starts_with("출킨"), "{tzolkin_alt}");
}

/// The position of `game` (two players) where a seat has the most legal
/// moves within the first 3,000 random moves, with that seat.
fn busiest(game: &str) -> (Box<dyn quipu::engine::Table>, quipu::engine::Seat) {
    let e = quipu::games::find(game).expect("a game");
    let mut t = (e.new)(2, &quipu::engine::Options::default(), 7).expect("set up");
    let mut rng = quipu::engine::Rng::new(3);
    let mut best: Option<(usize, Box<dyn quipu::engine::Table>, quipu::engine::Seat)> = None;
    for _ in 0..3000 {
        for s in t.to_act() {
            let n = t.legal(s).len();
            if best.as_ref().is_none_or(|b| b.0 < n) {
                best = Some((n, t.clone_table(), s));
            }
        }
        if t.play_random(&mut rng).is_none() {
            break;
        }
    }
    let (_, t, s) = best.expect("someone acts");
    (t, s)
}

/// The mail's move groups for `seat`, as the service builds them.
fn mail_groups(
    t: &dyn quipu::engine::Table,
    seat: quipu::engine::Seat,
    lang: &str,
) -> Vec<MoveGroup> {
    let (listed, summaries) = t.offer(seat);
    let mut groups = render::group_commands(&listed, 40, |c| format!("mailto:x?body={c}"));
    groups.extend(summaries.iter().map(|m| MoveGroup {
        title: m.title.get(lang).to_string(),
        note: m.how.get(lang).to_string(),
        moves: m.examples.iter().map(|c| link(c)).collect(),
    }));
    groups
}

/// The words of the picture's labels, lower-case.
fn picture_words(t: &dyn quipu::engine::Table, seat: quipu::engine::Seat) -> Vec<String> {
    let view = t.view(Some(seat));
    let (canvas, _) = render::draw_picture(&view.picture, "en");
    canvas
        .texts()
        .iter()
        .flat_map(|m| {
            m.text
                .split_whitespace()
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_busiest_turns_list_the_first_choices_of_each_kind_and_say_the_rest() {
    for (game, kind, at_least) in [
        ("tawantinsuyu", "place priest", 100),
        ("tikal", "move worker", 80),
    ] {
        let (t, seat) = busiest(game);
        let legal = t.legal(seat).len();
        assert!(legal >= at_least, "{game}: {legal} moves");
        let groups = mail_groups(t.as_ref(), seat, "en");
        let shown = render::moves::shown_moves(&groups, Limits::default());
        let text = render::page_text(&Page {
            lang: "en",
            moves: groups.clone(),
            ..Page::default()
        });
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // A phone screen or two of links, each kind at most 12 whole or 8.
        assert!(shown.shown <= 60, "{game}: {} listed", shown.shown);
        for g in &shown.groups {
            assert!(
                g.moves.len() <= 12,
                "{game}: {} lists {}",
                g.title,
                g.moves.len()
            );
            if g.hidden > 0 && !g.is_summary() {
                // The rest said in words: how many, of what, and how to get them.
                let said = format!("… and {} more '{} …' move", g.hidden, g.title);
                assert!(flat.contains(&said), "{game}: {said:?} missing in\n{text}");
            }
        }
        // The kind is one group, titled by what it acts on, its listed
        // moves each on a different place, each place printed on the picture.
        let g = shown
            .groups
            .iter()
            .find(|g| g.title == kind)
            .unwrap_or_else(|| panic!("{game}: no {kind:?} group in\n{text}"));
        assert!(g.hidden > 0, "{game}: {kind} is cut");
        let place = |c: &str| c.split_whitespace().nth(2).map(str::to_lowercase);
        let mut places: Vec<String> = g.moves.iter().filter_map(|m| place(&m.command)).collect();
        let mut all: Vec<String> = groups
            .iter()
            .filter(|h| h.title == kind)
            .flat_map(|h| h.moves.iter().filter_map(|m| place(&m.command)))
            .collect();
        all.sort();
        all.dedup();
        places.sort();
        places.dedup();
        assert_eq!(
            places.len(),
            g.moves.len().min(all.len()),
            "{game}: {places:?}"
        );
        let rest = g.rest();
        assert!(rest.choices.len() > 1, "{game}: {rest:?}");
        let words = picture_words(t.as_ref(), seat);
        for p in places.iter().chain(
            rest.choices
                .iter()
                .map(|c| c.to_lowercase())
                .collect::<Vec<_>>()
                .iter(),
        ) {
            assert!(
                words.contains(p),
                "{game}: {p} is not printed on the picture"
            );
        }
        // Every move is either listed or counted in a sentence.
        let counted: usize = shown
            .groups
            .iter()
            .map(|g| g.moves.len() + g.hidden)
            .sum::<usize>()
            + shown.unlisted.iter().map(|g| g.hidden).sum::<usize>();
        let examples: usize = groups
            .iter()
            .filter(|g| !g.note.is_empty())
            .map(|g| g.moves.len())
            .sum();
        assert_eq!(counted - examples, t.offer(seat).0.len(), "{game}");
    }
}

/// Every move a mail lists for a Korean reader, in the game's Korean words,
/// plays as the very command it stands for, in every game, along
/// random games: the link sends those words, so a tap plays that move.
#[test]
fn every_listed_korean_move_parses_back_to_its_command() {
    for entry in quipu::games::registry() {
        let mut table = (entry.new)(2, &Default::default(), 11).unwrap();
        let mut rng = quipu::engine::Rng::new(5);
        let (mut checked, mut korean) = (0, 0);
        for _ in 0..120 {
            for seat in table.to_act() {
                let (listed, summaries) = table.offer(seat);
                let examples = summaries.into_iter().flat_map(|s| s.examples);
                for command in listed.into_iter().chain(examples) {
                    let words = render::reader_words::korean_command(table.words(), &command);
                    let play = |line: &str| {
                        let mut copy = table.clone_table();
                        copy.play(seat, line)
                            .map(|p| p.command)
                            .unwrap_or_else(|e| {
                                panic!("{}: '{line}' for '{command}': {e:?}", entry.name)
                            })
                    };
                    // A listed form (`place tile3 A6 e se`) is recorded in
                    // the canonical one: the Korean words must give the same.
                    assert_eq!(play(&words), play(&command), "{}: '{words}'", entry.name);
                    checked += 1;
                    korean += usize::from(words != command);
                }
            }
            if table.play_random(&mut rng).is_none() {
                break;
            }
        }
        assert!(
            korean * 2 > checked,
            "{}: {korean} of {checked} listed moves in Korean words",
            entry.name
        );
    }
}
