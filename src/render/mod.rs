//! Turning a seat's `View` into what a player reads: a PNG picture, plain
//! text and HTML, and whole mail pages around them.
//!
//! `canvas` rasterises a `Sketch` (with `font` for labels) and `encode`
//! writes it as PNG; `text` and `html` (with the askama templates in
//! `templates/`) write views and pages; `moves` decides which legal moves a
//! mail lists and `links` builds them, in Korean words for a Korean reader (`reader_words`); `labels` holds the templates' own
//! words in English and Korean.

pub mod canvas;
pub mod encode;
pub mod font;
pub mod grid;
pub mod html;
pub mod labels;
pub mod legible;
pub mod links;
pub mod moves;
pub mod reader_words;
pub mod svg;
pub mod text;

use crate::engine::{Sketch, View};

pub use encode::EncodeError;
pub use html::{page_html_with, view_html};
pub use links::{group_commands, mailto, mailto_with_body};
pub use moves::Limits;
pub use text::page_text_with;

/// One legal move offered in a mail, with a `mailto:` link that prefills the reply.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveLink {
    pub command: String,
    pub mailto: String,
}

/// A titled group of moves (by tile, by region …); long lists are grouped.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveGroup {
    pub title: String,
    /// Lines under the title (a summary of moves too many to list: where
    /// they may go, how to write them); empty for a plain list.
    pub note: String,
    pub moves: Vec<MoveLink>,
}

/// Everything one mail shows, already in the reader's language.
#[derive(Clone, Debug, Default)]
pub struct Page<'a> {
    /// `en` or `ko`.
    pub lang: &'a str,
    pub title: String,
    /// The hidden first line mail clients show in the message list.
    pub preheader: String,
    /// The opening paragraphs ("Your turn …", an error and why).
    pub paragraphs: Vec<String>,
    /// What happened since the reader's last mail, one line each.
    pub events: Vec<String>,
    pub view: Option<&'a View>,
    /// The Content-ID of the board picture attached to the mail, if any.
    pub image_cid: Option<String>,
    pub moves: Vec<MoveGroup>,
    /// The closing lines: how to reply, the game's footer notes.
    pub footer: Vec<String>,
}

/// The picture as PNG bytes at the sketch's own size with English labels:
/// opaque (the sketch's background, else white), sides clamped to 1..=2048,
/// indexed colour when it has at most 256.
pub fn png(sketch: &Sketch) -> Result<Vec<u8>, EncodeError> {
    encode::encode(&canvas::rasterise(sketch))
}

/// Pixels of the image per CSS pixel a phone shows it at: phones have two
/// or three device pixels per CSS pixel, so a 2× image stays sharp there
/// (a desktop shows it larger, `html::CONTENT_WIDTH` wide, at about 1.2×).
pub const DENSITY: u32 = 2;

/// The smallest capital height, in CSS pixels at the size a phone shows the
/// picture, that games lay their labels out with: the capitals of 11-px text.
pub const LEGIBLE_CAP: f32 = crate::engine::TEXT_MIN as f32;

/// The smallest label a reader sees, as a font size in CSS pixels at the
/// size a phone shows the picture (a desktop shows it larger): labels laid
/// out smaller (`LEGIBLE_CAP` is 11-px text) are drawn this large.
pub const LEGIBLE_FONT_PX: f32 = 12.0;

/// How wide a 390-px phone shows a picture, in CSS pixels: the mail's
/// column there (see `engine::PICTURE_WIDTH`).
pub const PHONE_WIDTH: u32 = crate::engine::PICTURE_WIDTH;

/// A board picture for one reader.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// PNG, `DENSITY` times the size a phone shows it, labels in the
    /// reader's language.
    pub png: Vec<u8>,
    /// The size the mail's `<img>` gives it, in CSS pixels: the desktop
    /// column's width (a phone shows it as wide as its column).
    pub shown: (u32, u32),
}

/// The board picture for a reader of `lang`, drawn `DENSITY` times the size
/// a phone shows it (its column's width) with no label under
/// `LEGIBLE_FONT_PX` there; `legible::problems` says whether it reads.
pub fn picture(sketch: &Sketch, lang: &str) -> Result<Picture, EncodeError> {
    let (canvas, shown) = draw_picture(sketch, lang);
    Ok(Picture {
        png: encode::encode(&canvas)?,
        shown,
    })
}

/// The picture's canvas as `picture` draws it, and the size a mail's
/// `<img>` gives it.
pub fn draw_picture(sketch: &Sketch, lang: &str) -> (canvas::Canvas, (u32, u32)) {
    let shown = html::shown_size(sketch.width, sketch.height);
    let drawing = canvas::Drawing {
        factor: picture_factor(sketch),
        lang,
        // A label laid out smaller is drawn taller in the cells it was laid
        // out for (squeezed sideways, at most to `font::MIN_SQUEEZE`).
        min_cap: LEGIBLE_FONT_PX * font::cap_per_em() * DENSITY as f32,
    };
    (canvas::rasterise_as(sketch, &drawing), shown)
}

/// Picture pixels per sketch unit: the phone's column at `DENSITY`.
fn picture_factor(sketch: &Sketch) -> f64 {
    f64::from(PHONE_WIDTH * DENSITY) / f64::from(sketch.width.max(1))
}

/// CSS pixels on a phone per pixel of a canvas `width` pixels wide (the
/// phone shows every picture as wide as its column).
pub fn phone_css_per_pixel(width: u32) -> f32 {
    PHONE_WIDTH as f32 / width.max(1) as f32
}

/// The view as plain text: headline, sections (tables as aligned columns),
/// the private part under its own heading, footer notes.
pub fn view_text(view: &View, lang: &str) -> String {
    text::view_text(view, lang)
}

/// The whole mail as plain text: title, paragraphs, what happened, the view,
/// the legal moves (the first 8 of a kind, 60 in all, the rest said in
/// words), the footer.
pub fn page_text(page: &Page) -> String {
    text::page_text_with(page, Limits::default())
}

/// The whole mail as an HTML document (600-px table layout, inline CSS, no
/// scripts), legal moves as `mailto:` links within the default `Limits`.
pub fn page_html(page: &Page) -> String {
    html::page_html_with(page, Limits::default())
}
