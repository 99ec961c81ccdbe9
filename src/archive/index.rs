//! The archive's index page: every game in one table, sorted and filtered
//! in the page by game, player, date, result and status.

use super::page::document;
use super::words::Words;
use super::Entry;
use crate::render::html::escape;
use std::collections::BTreeMap;

/// One row of the table.
fn row(e: &Entry, w: &Words, lang: &str) -> String {
    let state = if e.finished.is_some() {
        "finished"
    } else {
        "running"
    };
    // Every cell links to the game: a tap anywhere on the row opens it.
    let href = escape(&e.href);
    let cell = |label: &str, key: Option<String>, html: String| {
        let key = key.map_or(String::new(), |k| format!(" data-key=\"{}\"", escape(&k)));
        format!(
            "<td data-label=\"{}\"{key}><a href=\"{href}\">{html}</a></td>",
            escape(label)
        )
    };
    let result = e.result.as_ref().map_or(w.in_progress, |r| r.get(lang));
    [
        format!(
            "<tr data-game=\"{}\" data-state=\"{state}\">",
            escape(&e.game)
        ),
        cell("#", Some(e.id.to_string()), e.id.to_string()),
        cell(w.game, None, escape(e.title.get(lang))),
        cell(w.players, None, escape(&e.players.join(", "))),
        cell(w.started, None, escape(&e.started)),
        cell(
            w.finished,
            None,
            escape(e.finished.as_deref().unwrap_or(w.in_progress)),
        ),
        cell(w.result, None, escape(result)),
        cell(w.steps, Some(e.steps.to_string()), e.steps.to_string()),
        "</tr>".into(),
    ]
    .concat()
}

/// The index page of `entries` in `lang`.
pub fn index_html(entries: &[Entry], lang: &str) -> String {
    let w = Words::for_lang(lang);
    let games: BTreeMap<&str, &str> = entries
        .iter()
        .map(|e| (e.game.as_str(), e.title.get(lang)))
        .collect();
    let options: String = games
        .iter()
        .map(|(name, title)| {
            format!(
                "<option value=\"{}\">{}</option>",
                escape(name),
                escape(title)
            )
        })
        .collect();
    let rows: String = entries.iter().map(|e| row(e, w, lang)).collect();
    let head = |label: &str, numeric: bool| {
        let num = if numeric { " data-num=\"1\"" } else { "" };
        format!("<th scope=\"col\"{num}>{}</th>", escape(label))
    };
    let body = format!(
        "<header><h1>{archive}</h1></header>\n<main class=\"q-panel\">\
<div class=\"q-filters\"><select id=\"q-game\" aria-label=\"{game}\"><option value=\"\">{all}</option>{options}</select>\
<select id=\"q-state\" aria-label=\"{status}\"><option value=\"\">{status}</option>\
<option value=\"finished\">{finished}</option><option value=\"running\">{running}</option></select>\
<input id=\"q-text\" type=\"search\" placeholder=\"{filter}\" aria-label=\"{filter}\"></div>\
<p class=\"q-note\"><span id=\"q-count\">{n}</span> {shown} / {n}</p>\
<table id=\"q-games\" class=\"q-index\"><thead><tr>{h}</tr></thead><tbody>{rows}</tbody></table></main>\n\
<footer class=\"q-note\">{generated}</footer>",
        archive = escape(w.archive),
        game = escape(w.game),
        all = escape(w.all_games),
        status = escape(w.status),
        finished = escape(w.finished),
        running = escape(w.in_progress),
        filter = escape(w.filter),
        shown = escape(w.shown),
        n = entries.len(),
        h = [
            head("#", true),
            head(w.game, false),
            head(w.players, false),
            head(w.started, false),
            head(w.finished, false),
            head(w.result, false),
            head(w.steps, true),
        ]
        .concat(),
        generated = escape(w.generated),
    );
    document(lang, w.archive, &body, include_str!("index.js"))
}
