//! The rasteriser's unit tests: exact pixels of each shape.
use super::*;

const BG: Color = Color::WHITE;

fn canvas() -> Canvas {
    Canvas::new(40, 30, BG)
}

/// Pixels of colour `c`, as (x, y), row by row.
fn painted(cv: &Canvas, c: Color) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for y in 0..i64::from(cv.height()) {
        for x in 0..i64::from(cv.width()) {
            if cv.get(x, y) == Some(c) {
                out.push((x, y));
            }
        }
    }
    out
}

#[test]
fn rect_covers_exactly_its_box() {
    let mut cv = canvas();
    cv.fill_rect(2, 3, 4, 5, Color::RED);
    let px = painted(&cv, Color::RED);
    assert_eq!(px.len(), 20);
    assert_eq!(px.first(), Some(&(2, 3)));
    assert_eq!(px.last(), Some(&(5, 7)));
}

#[test]
fn negative_rect_sizes_count_backwards() {
    let mut cv = canvas();
    cv.fill_rect(6, 8, -4, -5, Color::RED);
    let px = painted(&cv, Color::RED);
    assert_eq!(px.len(), 20);
    assert_eq!(px.first(), Some(&(2, 3)));
}

#[test]
fn rect_outline_is_two_pixels_inside() {
    let mut cv = canvas();
    cv.stroke_rect(0, 0, 10, 10, Color::BLUE);
    assert_eq!(painted(&cv, Color::BLUE).len(), 100 - 36);
    assert_eq!(cv.get(1, 5), Some(Color::BLUE));
    assert_eq!(cv.get(2, 5), Some(BG));
    assert_eq!(cv.get(9, 9), Some(Color::BLUE));
    assert_eq!(cv.get(10, 9), Some(BG));
}

#[test]
fn circle_is_two_r_across_and_symmetric() {
    let mut cv = canvas();
    cv.fill_circle(20, 15, 5, Color::GREEN);
    let px = painted(&cv, Color::GREEN);
    let xs: Vec<i64> = px.iter().map(|p| p.0).collect();
    assert_eq!(xs.iter().min(), Some(&15));
    assert_eq!(xs.iter().max(), Some(&24));
    // Pixel centres within 5 of (20, 15): 80 of them.
    assert_eq!(px.len(), 80);
    assert_eq!(cv.get(15, 15), Some(Color::GREEN));
    assert_eq!(cv.get(15, 10), Some(BG));
}

#[test]
fn circle_outline_leaves_the_middle() {
    let mut cv = canvas();
    cv.stroke_circle(20, 15, 6, Color::GREEN);
    assert_eq!(cv.get(20, 15), Some(BG));
    assert_eq!(cv.get(14, 15), Some(Color::GREEN));
    assert_eq!(cv.get(15, 15), Some(Color::GREEN));
    assert_eq!(cv.get(16, 15), Some(BG));
}

#[test]
fn polygon_square_matches_rect() {
    let mut a = canvas();
    a.fill_polygon(&[(2, 3), (6, 3), (6, 8), (2, 8)], Color::RED);
    let mut b = canvas();
    b.fill_rect(2, 3, 4, 5, Color::RED);
    assert_eq!(a, b);
}

#[test]
fn triangle_area_is_half() {
    let mut cv = canvas();
    cv.fill_polygon(&[(0, 0), (20, 0), (0, 20)], Color::RED);
    // Centres with x + y < 20 - 1: 190 pixels.
    assert_eq!(painted(&cv, Color::RED).len(), 190);
}

#[test]
fn self_overlapping_polygon_fills_by_winding() {
    let mut cv = canvas();
    // The same square twice, same direction: the overlap stays filled.
    cv.fill_polygon(
        &[
            (0, 0),
            (10, 0),
            (10, 10),
            (0, 10),
            (0, 0),
            (10, 0),
            (10, 10),
            (0, 10),
        ],
        Color::RED,
    );
    assert_eq!(painted(&cv, Color::RED).len(), 100);
}

#[test]
fn degenerate_shapes_draw_nothing_and_do_not_panic() {
    let mut cv = canvas();
    cv.fill_polygon(&[(0, 0), (10, 10)], Color::RED);
    cv.fill_circle(5, 5, 0, Color::RED);
    cv.fill_circle(5, 5, -3, Color::RED);
    cv.fill_rect(i32::MAX, i32::MIN, i32::MAX, i32::MAX, Color::RED);
    cv.fill_circle(i32::MIN, i32::MAX, i32::MAX, Color::RED);
    cv.line(
        i32::MIN,
        i32::MIN,
        i32::MAX,
        i32::MAX,
        i32::MAX,
        Color::BLUE,
    );
    cv.text(
        (f32::MAX, f32::MAX),
        "overflow",
        (f32::MAX, f32::MAX),
        Color::RED,
    );
    cv.text((0.0, 0.0), "huge", (f32::INFINITY, f32::NAN), Color::RED);
    cv.text((-1e9, -1e9), "far", (8.0, 8.0), Color::RED);
    assert_eq!(painted(&cv, Color::RED).len(), 0);
}

#[test]
fn one_pixel_lines_include_both_ends() {
    let mut cv = canvas();
    cv.line(3, 4, 12, 4, 1, Color::BLUE);
    assert_eq!(
        painted(&cv, Color::BLUE),
        (3..=12).map(|x| (x, 4)).collect::<Vec<_>>()
    );
    let mut cv = canvas();
    cv.line(5, 2, 5, 9, 1, Color::BLUE);
    assert_eq!(painted(&cv, Color::BLUE).len(), 8);
}

#[test]
fn diagonal_line_has_no_gaps() {
    let mut cv = canvas();
    cv.line(0, 0, 29, 9, 1, Color::BLUE);
    for x in 0..30 {
        assert!(
            (0..30).any(|y| cv.get(x, y) == Some(Color::BLUE)),
            "gap at x={x}"
        );
    }
}

#[test]
fn thick_line_is_as_wide_as_asked() {
    let mut cv = canvas();
    cv.line(10, 15, 30, 15, 5, Color::BLUE);
    let column: Vec<i64> = (0..30)
        .filter(|&y| cv.get(20, y) == Some(Color::BLUE))
        .collect();
    assert_eq!(column, vec![13, 14, 15, 16, 17]);
    // Round caps reach two pixels past each end on the centre row.
    assert_eq!(cv.get(8, 15), Some(Color::BLUE));
    assert_eq!(cv.get(7, 15), Some(BG));
    assert_eq!(cv.get(32, 15), Some(Color::BLUE));
    assert_eq!(cv.get(33, 15), Some(BG));
}

#[test]
fn polygon_outline_straddles_edges() {
    let mut cv = canvas();
    cv.stroke_polygon(&[(5, 5), (25, 5), (25, 25), (5, 25)], Color::RED);
    assert_eq!(cv.get(15, 4), Some(Color::RED));
    assert_eq!(cv.get(15, 5), Some(Color::RED));
    assert_eq!(cv.get(15, 6), Some(BG));
    assert_eq!(cv.get(15, 15), Some(BG));
}

/// Pixels in columns `xs`, rows `ys` that are not the background.
fn inked(cv: &Canvas, xs: std::ops::Range<i64>, ys: std::ops::Range<i64>) -> usize {
    ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
        .filter(|&(x, y)| cv.get(x, y) != Some(BG))
        .count()
}

#[test]
fn text_fills_the_capital_height_from_the_top() {
    let mut cv = canvas();
    cv.text((1.0, 2.0), "I", (14.0, 14.0), Color::BLACK);
    // The stem of 'I' is solid from row 2 to row 15 and nothing is below.
    assert!(painted(&cv, Color::BLACK).len() >= 14);
    assert_eq!(inked(&cv, 0..30, 0..2), 0);
    assert!(inked(&cv, 0..30, 2..4) > 0);
    assert!(inked(&cv, 0..30, 14..16) > 0);
    assert_eq!(inked(&cv, 0..30, 17..30), 0);
}

#[test]
fn text_advances_by_cells_and_breaks_lines() {
    let mut cv = canvas();
    cv.text((0.0, 0.0), "..\n.", (7.0, 7.0), Color::BLACK);
    // Cells of 6 px; the second line's capitals start 11 px lower.
    assert!(inked(&cv, 0..6, 4..8) > 0, "first dot");
    assert!(inked(&cv, 6..12, 4..8) > 0, "second dot");
    assert!(inked(&cv, 0..6, 15..19) > 0, "dot on the second line");
    assert_eq!(inked(&cv, 6..30, 9..30), 0);
    assert_eq!(inked(&cv, 0..30, 0..3), 0);
}

#[test]
fn canvas_size_is_clamped() {
    assert_eq!(Canvas::new(0, 0, BG).width(), 1);
    assert_eq!(Canvas::new(100_000, 3, BG).width(), MAX_SIDE);
}

#[test]
fn shapes_draw_in_order_on_the_background() {
    let mut s = Sketch::new(20, 20);
    s.background = Some(Color::GREY);
    s.rect(0, 0, 10, 10, Some(Color::RED), None);
    s.circle(10, 10, 4, Some(Color::BLUE), None);
    let cv = rasterise(&s);
    assert_eq!(cv.get(0, 0), Some(Color::RED));
    assert_eq!(cv.get(9, 9), Some(Color::BLUE));
    assert_eq!(cv.get(19, 19), Some(Color::GREY));
}
