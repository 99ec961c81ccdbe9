//! Whether a picture reads at the size a mail shows it on a phone: every
//! text at least `LEGIBLE_CAP` CSS pixels tall there as the game laid it out
//! (not only after the renderer enlarged it), wholly inside the picture,
//! clear of every other text, and in ink that stands out from what it is
//! drawn on. Tests run these checks on every game's pictures.

use super::canvas::{InkBox, TextMark};
use super::{draw_picture, phone_shrink, DENSITY, LEGIBLE_CAP};
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
    let (canvas, shown) = draw_picture(sketch, lang);
    let css = |px: f32| px / DENSITY as f32 * phone_shrink(shown);
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
        if let Some((x0, y0, x1, y1)) = m.ink {
            if x0 < 0 || y0 < 0 || x1 > w || y1 > h {
                out.push(format!(
                    "{t:?}: runs off the picture ({x0},{y0})-({x1},{y1}) of {w}x{h}"
                ));
            }
        }
        let c = contrast(m.color, m.ground);
        let least = min_contrast(cap);
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
        // Shown 568 wide on a desktop, shrunk to 356 on a phone: 8-unit
        // capitals there are 5 px.
        let mut sk = Sketch::new(568, 60);
        sk.label(10, 10, "shrunk", 8, Color::BLACK);
        sk.label(10, 30, "large enough", 13, Color::BLACK);
        let p = problems(&sk, "en");
        assert_eq!(p.len(), 1, "{p:#?}");
        assert!(p[0].starts_with("\"shrunk\": capitals 5.0"), "{p:#?}");
    }
}
