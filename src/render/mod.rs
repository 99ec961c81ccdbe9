//! Turning a seat's `View` into what a player reads: a PNG picture, plain
//! text and HTML, and whole mail pages around them.
//!
//! `canvas` rasterises a `Sketch` (with `font` for labels) and `encode`
//! writes it as PNG; `text` and `html` (with the askama templates in
//! `templates/`) write views and pages; `moves` decides which legal moves a
//! mail lists and `links` builds them; `labels` holds the templates' own
//! words in English and Korean.

pub mod canvas;
pub mod encode;
pub mod font;
pub mod grid;
pub mod html;
pub mod labels;
pub mod links;
pub mod moves;
pub mod svg;
pub mod text;

use crate::engine::{Sketch, View};

pub use encode::EncodeError;
pub use html::{page_html_with, view_html};
pub use links::{group_commands, mailto};
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

/// Pixels of the image per CSS pixel it is shown at: phones and most laptop
/// screens have two device pixels per CSS pixel, so a 2× image stays sharp.
pub const DENSITY: u32 = 2;

/// The smallest capital height, in CSS pixels at the size a mail shows the
/// picture: the capitals of 11-px text.
pub const LEGIBLE_CAP: f32 = 8.0;

/// A board picture for one reader.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// PNG, `DENSITY` times the shown size, labels in the reader's language.
    pub png: Vec<u8>,
    /// The size the mail shows it at, in CSS pixels.
    pub shown: (u32, u32),
}

/// The board picture for a reader of `lang`, drawn for the size a mail shows
/// it (`html::CONTENT_WIDTH` at most) at `DENSITY`, no label smaller than
/// `LEGIBLE_CAP` there.
pub fn picture(sketch: &Sketch, lang: &str) -> Result<Picture, EncodeError> {
    let shown = html::fit(sketch.width, sketch.height, html::CONTENT_WIDTH);
    let factor = f64::from(shown.0 * DENSITY) / f64::from(sketch.width.max(1));
    let drawing = canvas::Drawing {
        factor,
        lang,
        min_cap: LEGIBLE_CAP * DENSITY as f32,
    };
    Ok(Picture {
        png: encode::encode(&canvas::rasterise_as(sketch, &drawing))?,
        shown,
    })
}

/// The view as plain text: headline, sections (tables as aligned columns),
/// the private part under its own heading, footer notes.
pub fn view_text(view: &View, lang: &str) -> String {
    text::view_text(view, lang)
}

/// The whole mail as plain text: title, paragraphs, what happened, the view,
/// the legal moves (at most 40 a group, 200 in all), the footer.
pub fn page_text(page: &Page) -> String {
    text::page_text_with(page, Limits::default())
}

/// The whole mail as an HTML document (600-px table layout, inline CSS, no
/// scripts), legal moves as `mailto:` links within the default `Limits`.
pub fn page_html(page: &Page) -> String {
    html::page_html_with(page, Limits::default())
}
