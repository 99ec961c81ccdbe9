//! HTML renderings of a view and of a whole mail through the askama
//! templates in `templates/` (autoescaped): table layout and inline CSS that
//! Gmail, Outlook, Apple Mail and Thunderbird all show the same way.

use super::canvas::MAX_SIDE;
use super::grid::numeric_columns;
use super::labels::Labels;
use super::moves::{is_mailto, shown_moves, Limits};
use super::text::{footer_lines, page_text_with};
use super::Page;
use crate::engine::{Block, Section, Sketch, View};
use askama::Template;

/// Width of the mail's content column on a desktop: the 600-px card less
/// its 1-px border and 10-px padding (the same padding on a phone, written
/// inline, so the column holds where a client drops the `<style>` block).
/// Board pictures are shown this wide there and as wide as the column on a
/// phone.
pub const CONTENT_WIDTH: u32 = 578;

/// Gmail clips a message whose HTML passes 102 KB and hides the rest; pages
/// list fewer moves rather than grow past this.
pub const HTML_BUDGET: usize = 96_000;

/// The board picture as an `<img>` shows it.
struct Image<'a> {
    cid: &'a str,
    width: u32,
    height: u32,
    alt: &'a str,
}

struct Cell<'a> {
    text: &'a str,
    align: &'static str,
}

struct TableHtml<'a> {
    header: Vec<Cell<'a>>,
    rows: Vec<Vec<Cell<'a>>>,
    /// For a table too wide for a phone: each row as a card of
    /// (heading, value) lines, shown instead of the table on narrow screens.
    cards: Option<Vec<Vec<(&'a str, &'a str)>>>,
    /// Too wide even for the desktop column: cards only, on every screen.
    cards_only: bool,
}

/// Width in CSS pixels a phone leaves a table: 390 less the page's margins.
pub const PHONE_TABLE_WIDTH: usize = 350;

/// The width a table takes in the mail's 14-px font, roughly: each column
/// as wide as its longest cell (about 7 px a Latin character, 14 a Hangul
/// syllable) plus its 12-px gap.
fn table_width(header: &[&str], rows: &[Vec<&str>]) -> usize {
    let mut columns: Vec<usize> = Vec::new();
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        for (i, cell) in row.iter().enumerate() {
            let w = super::grid::width(cell);
            match columns.get_mut(i) {
                Some(c) => *c = (*c).max(w),
                None => columns.push(w),
            }
        }
    }
    columns.iter().map(|w| w * 7 + 12).sum()
}

/// Each row as (heading, value) pairs, empty values left out.
fn cards<'a>(header: &[&'a str], rows: &[Vec<&'a str>]) -> Vec<Vec<(&'a str, &'a str)>> {
    rows.iter()
        .map(|r| {
            r.iter()
                .enumerate()
                .filter(|(_, v)| !v.trim().is_empty())
                .map(|(i, v)| (header.get(i).copied().unwrap_or(""), *v))
                .collect()
        })
        .collect()
}

/// A section with its text in the reader's language: lines or a table.
struct SectionHtml<'a> {
    title: &'a str,
    lines: Vec<&'a str>,
    table: Option<TableHtml<'a>>,
}

#[derive(Template)]
#[template(path = "view.html", whitespace = "minimize")]
struct ViewHtml<'a> {
    l: &'static Labels,
    /// Empty when the page shows the headline itself, above the moves.
    headline: &'a str,
    image: Option<Image<'a>>,
    sections: Vec<SectionHtml<'a>>,
    private: Vec<SectionHtml<'a>>,
    /// The reference tables, folded away after everything else.
    reference: Vec<SectionHtml<'a>>,
    footer: Vec<&'a str>,
}

struct MoveHtml<'a> {
    command: &'a str,
    /// `None` when the link is not a `mailto:` link (then it is not a link).
    href: Option<&'a str>,
}

struct GroupHtml<'a> {
    title: &'a str,
    note: &'a str,
    moves: Vec<MoveHtml<'a>>,
    more: Option<String>,
}

#[derive(Template)]
#[template(path = "page.html", whitespace = "minimize")]
struct PageHtml<'a> {
    lang: &'static str,
    l: &'static Labels,
    title: &'a str,
    preheader: &'a str,
    paragraphs: &'a [String],
    events: &'a [String],
    /// Where the game stands and what to decide, above the moves.
    headline: &'a str,
    /// The board picture, right after the headline and the moves' summary.
    image: Option<Image<'a>>,
    /// One line saying how many moves there are and that they follow the
    /// picture (when the mail lists moves and shows a picture).
    moves_summary: Option<String>,
    /// The view fragment, already rendered (and escaped) by `ViewHtml`.
    view: Option<String>,
    groups: Vec<GroupHtml<'a>>,
    /// The groups none of whose moves are listed, named in one line.
    unlisted: Option<String>,
    notice: Option<String>,
    footer: Vec<&'a str>,
}

/// The size a mail's `<img>` gives a `w` × `h` picture: `CONTENT_WIDTH`
/// wide, keeping the aspect ratio (a phone narrows it to its column).
pub fn shown_size(w: u32, h: u32) -> (u32, u32) {
    let (w, h) = (w.clamp(1, MAX_SIDE), h.min(MAX_SIDE));
    let scaled = (u64::from(h) * u64::from(CONTENT_WIDTH) + u64::from(w) / 2) / u64::from(w);
    (
        CONTENT_WIDTH,
        u32::try_from(scaled).unwrap_or(CONTENT_WIDTH).max(1),
    )
}

/// `w` × `h` scaled down to at most `max` wide, keeping the aspect ratio.
pub fn fit(w: u32, h: u32, max: u32) -> (u32, u32) {
    let (w, h) = (w.min(MAX_SIDE), h.min(MAX_SIDE));
    if w <= max {
        (w, h)
    } else {
        let scaled = (u64::from(h) * u64::from(max) + u64::from(w) / 2) / u64::from(w);
        (max, u32::try_from(scaled).unwrap_or(max).max(1))
    }
}

fn image<'a>(
    sketch: &'a Sketch,
    cid: Option<&'a str>,
    lang: &str,
    l: &'static Labels,
) -> Option<Image<'a>> {
    let cid = cid.filter(|c| !c.is_empty())?;
    if sketch.width == 0 || sketch.height == 0 {
        return None;
    }
    let (width, height) = shown_size(sketch.width, sketch.height);
    let alt = sketch.alt_in(lang).unwrap_or(l.picture_alt);
    Some(Image {
        cid,
        width,
        height,
        alt,
    })
}

fn section<'a>(s: &'a Section, lang: &str) -> SectionHtml<'a> {
    let title = s.title.get(lang);
    match &s.body {
        Block::Lines(lines) => SectionHtml {
            title,
            lines: lines.iter().map(|t| t.get(lang)).collect(),
            table: None,
        },
        Block::Table { header, rows } => {
            let rows: Vec<Vec<&str>> = rows
                .iter()
                .map(|r| r.iter().map(|t| t.get(lang)).collect())
                .collect();
            let columns = rows
                .iter()
                .map(Vec::len)
                .chain([header.len()])
                .max()
                .unwrap_or(0);
            let numeric = numeric_columns(columns, &rows);
            let align = |i: usize| {
                if numeric.get(i).copied().unwrap_or(false) {
                    "right"
                } else {
                    "left"
                }
            };
            let cells = |r: &[&'a str]| {
                (0..columns)
                    .map(|i| Cell {
                        text: r.get(i).copied().unwrap_or(""),
                        align: align(i),
                    })
                    .collect()
            };
            let header: Vec<&str> = header.iter().map(|t| t.get(lang)).collect();
            let natural = table_width(&header, &rows);
            // A reference table is written once, as a table that scrolls
            // inside its fold on a phone: half the bytes, and a mail's
            // bytes are what keeps its move links under Gmail's clip.
            let wide = natural > PHONE_TABLE_WIDTH && !s.reference;
            let table = TableHtml {
                cards_only: natural > CONTENT_WIDTH as usize && !s.reference,
                cards: wide.then(|| cards(&header, &rows)),
                header: if header.is_empty() {
                    Vec::new()
                } else {
                    cells(&header)
                },
                rows: rows.iter().map(|r| cells(r)).collect(),
            };
            SectionHtml {
                title,
                lines: Vec::new(),
                table: Some(table),
            }
        }
    }
}

fn lang_code(lang: &str) -> &'static str {
    if lang == "ko" {
        "ko"
    } else {
        "en"
    }
}

/// The view as HTML; `in_page`: inside a whole mail, which shows the
/// headline itself (above the moves) and the footer notes.
fn view_fragment(view: &View, lang: &str, image_cid: Option<&str>, in_page: bool) -> String {
    let l = Labels::for_lang(lang);
    let t = ViewHtml {
        l,
        headline: if in_page { "" } else { view.headline.get(lang) },
        // A whole mail shows the picture itself, above the list of moves.
        image: if in_page {
            None
        } else {
            image(&view.picture, image_cid, lang, l)
        },
        sections: view
            .sections
            .iter()
            .filter(|s| !s.reference)
            .map(|s| section(s, lang))
            .collect(),
        private: view
            .private
            .iter()
            .filter(|s| !s.reference)
            .map(|s| section(s, lang))
            .collect(),
        // The seat's own reference tables (its placement costs, the moves the
        // page lists as links) fold with the board's, after everything else.
        reference: view
            .sections
            .iter()
            .chain(&view.private)
            .filter(|s| s.reference)
            .map(|s| section(s, lang))
            .collect(),
        footer: if !in_page {
            view.footer.iter().map(|f| f.get(lang)).collect()
        } else {
            Vec::new()
        },
    };
    t.render()
        .unwrap_or_else(|_| format!("<pre>{}</pre>", escape(&super::text::view_text(view, lang))))
}

/// The view as an HTML fragment (a table): headline, the picture as
/// `<img src="cid:…">` when `image_cid` is given, sections, the private part
/// highlighted, footer notes.
pub fn view_html(view: &View, lang: &str, image_cid: Option<&str>) -> String {
    view_fragment(view, lang, image_cid, false)
}

/// The whole mail as an HTML document, listing moves within `limits`, and
/// fewer when the page would otherwise pass `HTML_BUDGET` bytes.
pub fn page_html_with(page: &Page, limits: Limits) -> String {
    let mut limits = limits;
    let mut html = render_page(page, limits);
    // Each round drops enough moves to cover the excess at their average
    // size; a few rounds settle it even when sizes vary.
    for _ in 0..4 {
        if html.len() <= HTML_BUDGET {
            break;
        }
        let shown = shown_moves(&page.moves, limits);
        if shown.shown == 0 {
            break;
        }
        let bytes: usize = shown
            .groups
            .iter()
            .flat_map(|g| g.moves.iter())
            .map(|m| m.mailto.len() + 2 * m.command.len() + MOVE_MARKUP)
            .sum();
        let per_move = (bytes / shown.shown).max(1);
        let drop = (html.len() - HTML_BUDGET).div_ceil(per_move) + 1;
        limits.total = shown.shown.saturating_sub(drop);
        html = render_page(page, limits);
    }
    html
}

/// Bytes of markup around one move link in `page.html`.
const MOVE_MARKUP: usize = 125;

fn render_page(page: &Page, limits: Limits) -> String {
    let l = Labels::for_lang(page.lang);
    let shown = shown_moves(&page.moves, limits);
    let groups = shown
        .groups
        .iter()
        .map(|g| GroupHtml {
            title: g.title,
            note: g.note,
            moves: g
                .moves
                .iter()
                .map(|m| MoveHtml {
                    command: &m.command,
                    href: Some(m.mailto.as_str()).filter(|h| is_mailto(h)),
                })
                .collect(),
            more: (g.hidden > 0).then(|| l.more_in_group(g.title, &g.rest())),
        })
        .collect();
    let image = page
        .view
        .and_then(|v| image(&v.picture, page.image_cid.as_deref(), page.lang, l));
    let total: usize = page.moves.iter().map(|g| g.moves.len()).sum();
    let t = PageHtml {
        lang: lang_code(page.lang),
        moves_summary: (image.is_some() && total > 0).then(|| l.moves_below(total)),
        image,
        l,
        title: &page.title,
        preheader: &page.preheader,
        paragraphs: &page.paragraphs,
        events: &page.events,
        view: page
            .view
            .map(|v| view_fragment(v, page.lang, page.image_cid.as_deref(), true)),
        headline: page.view.map(|v| v.headline.get(page.lang)).unwrap_or(""),
        groups,
        unlisted: (!shown.unlisted.is_empty()).then(|| l.unlisted(&shown.unlisted)),
        notice: shown
            .capped()
            .then(|| l.not_all_shown(shown.shown, shown.total)),
        footer: footer_lines(page),
    };
    t.render().unwrap_or_else(|_| {
        format!(
            "<!DOCTYPE html><html><body><pre>{}</pre></body></html>",
            escape(&page_text_with(page, limits))
        )
    })
}

/// Minimal HTML escaping: for the fallback when a template fails to render,
/// and for pages written without templates (the archive).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_wider_than_the_column_are_scaled() {
        assert_eq!(fit(400, 300, 568), (400, 300));
        assert_eq!(fit(1000, 700, 568), (568, 398));
        assert_eq!(fit(10_000, 1, 568), (568, 1));
    }

    #[test]
    fn pictures_are_shown_as_wide_as_the_desktop_column() {
        assert_eq!(shown_size(356, 646), (578, 1049));
        assert_eq!(shown_size(1000, 500), (578, 289));
    }

    #[test]
    fn escape_covers_markup_characters() {
        assert_eq!(
            escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
