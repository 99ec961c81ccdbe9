//! Turning a seat's `View` into what a player reads: a PNG picture, plain
//! text and HTML, and whole mail pages around them.
//! (Interface fixed; the full renderers are being written.)

use crate::engine::{Sketch, View};

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

/// The picture as PNG bytes.
pub fn png(sketch: &Sketch) -> Vec<u8> {
    let _ = sketch;
    Vec::new()
}

/// The view as plain text.
pub fn view_text(view: &View, lang: &str) -> String {
    view.headline.get(lang).to_string()
}

/// The whole mail as plain text.
pub fn page_text(page: &Page) -> String {
    let mut out = page.paragraphs.join("\n\n");
    for e in &page.events {
        out.push_str("\n- ");
        out.push_str(e);
    }
    out
}

/// The whole mail as HTML.
pub fn page_html(page: &Page) -> String {
    format!("<p>{}</p>", page_text(page).replace('<', "&lt;"))
}
