//! Whether a picture reads at the size a mail shows it on a phone: every
//! text laid out with capitals at least `LEGIBLE_CAP` CSS pixels tall there
//! and drawn in a font of at least `LEGIBLE_FONT_PX`, wholly inside the
//! picture, clear of every other text, and in ink that stands out from what
//! it is drawn on. Tests run these checks on every game's pictures.

use super::canvas::{InkBox, TextMark};
use super::{draw_picture, font, phone_css_per_pixel, LEGIBLE_CAP, LEGIBLE_FONT_PX};
use crate::engine::layout::contrast;
use crate::engine::Sketch;

/// The least contrast (WCAG 2) of text and its ground: 4.5 for text,
/// 3 for large text (capitals of 13 CSS px and more, about 18-px text).
pub fn min_contrast(cap_css: f32) -> f64 {
    if cap_css >= 13.0 {
        3.0
    } else {
        4.5
    }
}

/// Everything that keeps the picture of `sketch` for a reader of `lang`
/// from reading on a phone, one line each; empty when it reads.
pub fn problems(sketch: &Sketch, lang: &str) -> Vec<String> {
    let (canvas, _) = draw_picture(sketch, lang);
    let css = |px: f32| px * phone_css_per_pixel(canvas.width());
    let (w, h) = (i64::from(canvas.width()), i64::from(canvas.height()));
    let marks = canvas.texts();
    let mut out = Vec::new();
    for m in marks {
        let t = &m.text;
        let cap = css(m.planned);
        if cap < LEGIBLE_CAP - 0.01 {
            out.push(format!(
                "{t:?}: capitals {cap:.1} px on a phone, under {LEGIBLE_CAP}"
            ));
        }
        let font_px = css(m.cap) / font::cap_per_em();
        if font_px < LEGIBLE_FONT_PX - 0.01 {
            out.push(format!(
                "{t:?}: drawn {font_px:.1}-px on a phone, under {LEGIBLE_FONT_PX}"
            ));
        }
        if let Some((x0, y0, x1, y1)) = m.ink {
            if x0 < 0 || y0 < 0 || x1 > w || y1 > h {
                out.push(format!(
                    "{t:?}: runs off the picture ({x0},{y0})-({x1},{y1}) of {w}x{h}"
                ));
            }
        }
        let c = contrast(m.color, m.ground);
        let least = min_contrast(css(m.cap));
        if m.ink.is_some() && c < least {
            out.push(format!(
                "{t:?}: contrast {c:.1} with its ground {:?}, under {least}",
                m.ground
            ));
        }
    }
    out.extend(overlaps(marks));
    out
}

/// Pairs of texts whose ink boxes share pixels.
fn overlaps(marks: &[TextMark]) -> Vec<String> {
    let boxes: Vec<(&str, InkBox)> = marks
        .iter()
        .filter_map(|m| m.ink.map(|b| (m.text.as_str(), b)))
        .collect();
    let mut out = Vec::new();
    for (i, (a, p)) in boxes.iter().enumerate() {
        for (b, q) in &boxes[i + 1..] {
            if p.0 < q.2 && q.0 < p.2 && p.1 < q.3 && q.1 < p.3 {
                out.push(format!("{a:?} and {b:?} overlap"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Color, PICTURE_WIDTH};

    #[test]
    fn a_small_faint_clipped_or_crowded_label_is_named() {
        let mut sk = Sketch::new(PICTURE_WIDTH, 100);
        sk.label(10, 10, "fine", 8, Color::BLACK);
        sk.label(10, 30, "tiny", 6, Color::BLACK);
        sk.label(10, 50, "faint", 9, Color(200, 200, 200));
        sk.label(-8, 70, "clipped", 9, Color::BLACK);
        sk.label(200, 10, "one", 9, Color::BLACK);
        sk.label(204, 12, "two", 9, Color::BLACK);
        let p = problems(&sk, "en");
        let about = |word: &str| p.iter().filter(|l| l.contains(word)).count();
        assert_eq!(about("\"fine\""), 0, "{p:#?}");
        assert_eq!(about("\"tiny\": capitals 6.0"), 1, "{p:#?}");
        assert_eq!(about("\"faint\": contrast"), 1, "{p:#?}");
        assert_eq!(about("\"clipped\": runs off"), 1, "{p:#?}");
        assert_eq!(about("\"one\" and \"two\" overlap"), 1, "{p:#?}");
        assert_eq!(p.len(), 4, "{p:#?}");
    }

    #[test]
    fn a_picture_wider_than_a_phone_needs_larger_labels() {
        // Shown as wide as a phone's 356-px column, a 568-unit picture
        // shrinks 8-unit capitals to 5 px.
        let mut sk = Sketch::new(568, 60);
        sk.label(10, 10, "shrunk", 8, Color::BLACK);
        sk.label(10, 30, "large enough", 13, Color::BLACK);
        let p = problems(&sk, "en");
        assert_eq!(p.len(), 1, "{p:#?}");
        assert!(p[0].starts_with("\"shrunk\": capitals 5.0"), "{p:#?}");
    }

    #[test]
    fn every_label_is_drawn_at_least_twelve_pixels_on_a_phone() {
        let mut sk = Sketch::new(PICTURE_WIDTH, 40);
        sk.label(10, 10, "small", 8, Color::BLACK);
        let (canvas, _) = draw_picture(&sk, "en");
        let m = &canvas.texts()[0];
        let font_px = m.cap * phone_css_per_pixel(canvas.width()) / font::cap_per_em();
        assert!((font_px - LEGIBLE_FONT_PX).abs() < 0.05, "{font_px}");
        assert!(m.planned < m.cap, "the 8-unit label is drawn larger");
    }
}
