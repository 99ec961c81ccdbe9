//! One game's replay page: the record's facts, the controls, the move list
//! linked to positions, and every position's picture and view carried once
//! each (a position names the picture and the view it shows, so a picture
//! is stored only where the board changed).

use super::page::document;
use super::words::Words;
use super::Replay;
use crate::engine::{Sketch, Text};
use crate::render::html::escape;
use crate::render::{self, svg};
use base64::Engine;
use flate2::write::GzEncoder;
use flate2::Compression;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ReplayError {
    #[error("the replay's data could not be written: {0}")]
    Data(#[from] serde_json::Error),
    #[error("the replay's data could not be compressed: {0}")]
    Pack(std::io::Error),
    #[error("a replay needs at least its starting position")]
    Empty,
}

/// What the page's script reads (gzip-compressed in the page).
#[derive(Serialize)]
struct Data<'a> {
    /// Each distinct shape of every picture, as an SVG element.
    shapes: Vec<String>,
    /// Each distinct picture: its `<svg>` opening tag and its shapes by number.
    pics: Vec<(String, Vec<usize>)>,
    /// Each distinct view, as the HTML fragment the mails use.
    views: Vec<String>,
    pos: Vec<Pos<'a>>,
    words: ScriptWords,
}

/// One position: picture and view by number, who decides, the step.
#[derive(Serialize)]
struct Pos<'a> {
    p: usize,
    v: usize,
    w: &'a str,
    s: &'a str,
}

#[derive(Serialize)]
struct ScriptWords {
    play: &'static str,
    pause: &'static str,
}

/// Numbers distinct values in first-seen order.
struct Distinct<T> {
    items: Vec<T>,
    index: HashMap<T, usize>,
}

impl<T: Clone + Eq + std::hash::Hash> Distinct<T> {
    fn new() -> Self {
        Distinct {
            items: Vec::new(),
            index: HashMap::new(),
        }
    }

    fn number(&mut self, item: T) -> usize {
        if let Some(&k) = self.index.get(&item) {
            return k;
        }
        self.items.push(item.clone());
        self.index.insert(item, self.items.len() - 1);
        self.items.len() - 1
    }
}

type Pictures = (Vec<String>, Vec<(String, Vec<usize>)>, Vec<usize>);

/// Each position's picture, drawn by the renderer as SVG shapes (labels in
/// `lang`); a shape, and a whole picture, is carried once however often it
/// recurs, and a position whose board did not change names the one before.
fn pictures(replay: &Replay, lang: &str) -> Pictures {
    let mut shapes = Distinct::new();
    let mut pics = Distinct::new();
    let mut of_position: Vec<usize> = Vec::with_capacity(replay.positions.len());
    let mut previous: Option<&Sketch> = None;
    for position in &replay.positions {
        let sketch = &position.view.picture;
        if let (Some(prev), Some(&k)) = (previous, of_position.last()) {
            if prev == sketch {
                of_position.push(k);
                continue;
            }
        }
        previous = Some(sketch);
        let alt = sketch
            .alt_in(lang)
            .unwrap_or(render::labels::Labels::for_lang(lang).picture_alt);
        let cap = svg::min_cap(sketch);
        let numbers: Vec<usize> = sketch
            .shapes
            .iter()
            .map(|shape| shapes.number(svg::shape_svg(shape, lang, cap)))
            .collect();
        of_position.push(pics.number((svg::svg_open(sketch, lang, alt), numbers)));
    }
    (shapes.items, pics.items, of_position)
}

/// `data` as JSON, gzip-compressed, in base64: a long game's views and
/// pictures differ little from one position to the next.
fn packed(data: &Data) -> Result<String, ReplayError> {
    let json = serde_json::to_vec(data)?;
    let mut gz = GzEncoder::new(Vec::new(), Compression::best());
    gz.write_all(&json).map_err(ReplayError::Pack)?;
    let bytes = gz.finish().map_err(ReplayError::Pack)?;
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// The record's facts: players, options, dates, result, whose view.
fn facts(replay: &Replay, w: &Words, lang: &str) -> String {
    let mut dl = String::from("<dl class=\"q-meta\">");
    let mut fact = |term: &str, value: &str| {
        dl.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>",
            escape(term),
            escape(value)
        ));
    };
    fact(w.players, Text::join(&replay.players, ", ").get(lang));
    if !replay.options.is_empty() {
        fact(w.options, Text::join(&replay.options, "; ").get(lang));
    }
    fact(w.started, &replay.started);
    fact(
        w.finished,
        replay.finished.as_deref().unwrap_or(w.in_progress),
    );
    if let Some(result) = &replay.result {
        fact(w.result, result.get(lang));
    }
    dl.push_str("</dl>");
    let whose = match &replay.viewer {
        Some(v) => format!("{} {}", w.private_of, v),
        None => w.public.to_string(),
    };
    dl.push_str(&format!("<p class=\"q-note\">{}</p>", escape(&whose)));
    dl
}

/// The controls above the board.
fn controls(w: &Words, steps: usize) -> String {
    let speeds = [
        ("0.5", "½×"),
        ("1", "1×"),
        ("2", "2×"),
        ("5", "5×"),
        ("20", "20×"),
    ]
    .iter()
    .map(|(v, l)| {
        let sel = if *v == "2" { " selected" } else { "" };
        format!("<option value=\"{v}\"{sel}>{l}</option>")
    })
    .collect::<String>();
    format!(
        "<div class=\"q-bar\" role=\"group\">\
<div class=\"q-status\" aria-live=\"polite\">{pos} <b id=\"q-n\">0</b> / {steps} · {to_act}: <span id=\"q-who\"></span><br><span id=\"q-step\"></span></div>\
<button id=\"q-first\" type=\"button\" title=\"Home\">« {first}</button>\
<button id=\"q-back\" type=\"button\" title=\"←\">◀ {back}</button>\
<button id=\"q-fwd\" type=\"button\" title=\"→\">{fwd} ▶</button>\
<button id=\"q-last\" type=\"button\" title=\"End\">{last} »</button>\
<button id=\"q-play\" type=\"button\">{play}</button>\
<label>{speed} <select id=\"q-speed\">{speeds}</select></label>\
<input id=\"q-range\" type=\"range\" min=\"0\" max=\"{steps}\" value=\"0\" aria-label=\"{pos}\">\
</div>",
        pos = escape(w.position),
        to_act = escape(w.to_act),
        first = escape(w.first),
        back = escape(w.back),
        fwd = escape(w.forward),
        last = escape(w.last),
        play = escape(w.play),
        speed = escape(w.speed),
    )
}

/// The whole replay page of `replay` in `lang` (`en` or `ko`).
pub fn replay_html(replay: &Replay, lang: &str) -> Result<String, ReplayError> {
    let w = Words::for_lang(lang);
    let last = replay.positions.last().ok_or(ReplayError::Empty)?;
    let (shapes, pics, pic_of) = pictures(replay, lang);
    let mut views = Distinct::new();
    let mut list = String::new();
    let mut pos = Vec::with_capacity(replay.positions.len());
    for (i, (position, &p)) in replay.positions.iter().zip(&pic_of).enumerate() {
        let v = views.number(render::view_html(&position.view, lang, None));
        let step = position.step.get(lang);
        let who = match position.to_act.get(lang) {
            "" => w.nobody,
            who => who,
        };
        pos.push(Pos {
            p,
            v,
            w: who,
            s: step,
        });
        // A step told in several events: a line each.
        let lines: Vec<String> = step.lines().map(escape).collect();
        list.push_str(&format!(
            "<li><a href=\"#move={i}\">{}</a></li>",
            lines.join("<br>")
        ));
    }
    let data = Data {
        shapes,
        pics,
        views: views.items,
        pos,
        words: ScriptWords {
            play: w.play,
            pause: w.pause,
        },
    };
    let title = format!("{} #{}", replay.title.get(lang), replay.id);
    let steps = replay.positions.len() - 1;
    let body = format!(
        "<header><h1>{title}</h1>{facts}</header>\n<main class=\"q-grid\">\
<section class=\"q-panel\">{controls}<div id=\"q-pic\" class=\"q-pic\"></div>\
<div id=\"q-view\">{static_view}</div></section>\
<section class=\"q-panel\"><h2 class=\"q-h\">{moves}</h2><noscript><p class=\"q-note\">{noscript}</p></noscript>\
<ol id=\"q-moves\" class=\"q-moves\" start=\"0\">{list}</ol><p class=\"q-note\">{keys}</p></section></main>\n\
<footer class=\"q-note\">{generated} · {engine}</footer>\n\
<script type=\"application/gzip\" id=\"q-data\">{data}</script>",
        title = escape(&title),
        facts = facts(replay, w, lang),
        controls = controls(w, steps),
        static_view = render::view_html(&last.view, lang, None),
        moves = escape(w.moves),
        noscript = escape(w.needs_script),
        keys = escape(w.keys),
        generated = escape(w.generated),
        engine = escape(&replay.game),
        data = packed(&data)?,
    );
    Ok(document(lang, &title, &body, include_str!("replay.js")))
}
