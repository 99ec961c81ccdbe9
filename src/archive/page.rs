//! The frame every archive page shares: the document around a body and one
//! style sheet (light and dark, phone and desktop).

use crate::render::html::escape;

/// The style sheet of every archive page. The `q-*` rules restyle the mail
/// view fragments (whose colours are inline) for dark mode, as the mail page does.
pub const STYLE: &str = include_str!("archive.css");

/// A whole HTML document: `title`, the shared style, `body`, then `script`.
pub fn document(lang: &str, title: &str, body: &str, script: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
<meta name=\"color-scheme\" content=\"light dark\">\
<meta name=\"generator\" content=\"quipu\">\
<title>{}</title><style>{STYLE}</style></head>\n<body>\n{body}\n<script>{script}</script>\n</body></html>\n",
        escape(title)
    )
}
