//! The picture of a position: the hill around the Coricancha with its workers,
//! steps and priests, and side panels for the markets, the piles and each
//! player; also the two component texts the picture and the view share.

use super::command::{Bld, Names};
use super::data::{res_text, Data, SpaceColour};
use super::state::{self, State};
use crate::engine::{Color, Sketch};

fn worker_letter(w: u8) -> &'static str {
    ["A", "P", "R", "I", "W"]
        .get(w as usize)
        .copied()
        .unwrap_or("?")
}

fn worker_color(d: &Data, w: u8) -> Color {
    match d.worker_colours.get(w as usize).map(String::as_str) {
        Some("blue") => Color::BLUE,
        Some("yellow") => Color::YELLOW,
        Some("green") => Color::GREEN,
        Some("white") => Color(235, 235, 235),
        Some("red") => Color::RED,
        _ => Color::GREY,
    }
}

fn player_color(p: usize) -> Color {
    [
        Color::PURPLE,
        Color::BLACK,
        Color(60, 120, 220),
        Color::ORANGE,
    ]
    .get(p)
    .copied()
    .unwrap_or(Color::GREY)
}

/// The face-up tile of the weaving pile; none while a purchase is under way:
/// the new top is turned up only at its end (L327).
pub(super) fn pile_top_shown(s: &State) -> Option<u8> {
    if s.offer.tiles.is_empty() {
        s.weaving_pile.last().copied()
    } else {
        None
    }
}

pub(super) fn bld_text(d: &Data, b: Bld) -> (String, String, String) {
    match b {
        Bld::Prod(i) => d
            .production
            .get(i as usize)
            .map(|x| {
                let input = if x.input.iter().any(|&v| v > 0) {
                    format!("pay {} -> ", res_text(&x.input))
                } else {
                    String::new()
                };
                (
                    res_text(&x.cost),
                    format!("production: {input}{}", x.output.describe()),
                    format!("생산: {input}{}", x.output.describe()),
                )
            })
            .unwrap_or_default(),
        Bld::Pass(i) => d
            .passive
            .get(i as usize)
            .map(|x| (res_text(&x.cost), x.effect_en.clone(), x.effect_ko.clone()))
            .unwrap_or_default(),
    }
}

/// Where the picture's hill is centred, and its unit of radius.
const CENTRE: (f64, f64) = (370.0, 370.0);
const SCALE: f64 = 95.0;

/// A point of the hill by angle (sections 0-5 round the circle) and ring.
fn polar(angle: f64, ring: f64) -> (i32, i32) {
    let a = angle / 5.0 * std::f64::consts::TAU - std::f64::consts::FRAC_PI_2;
    (
        (CENTRE.0 + ring * SCALE * a.cos()) as i32,
        (CENTRE.1 + ring * SCALE * a.sin()) as i32,
    )
}

/// The picture: the hill around the Coricancha, and side panels.
pub(super) fn picture(s: &State) -> Sketch {
    let mut k = Sketch::new(1000, if s.solo { 830 } else { 780 });
    draw_terraces(&mut k, s);
    draw_spaces(&mut k, s);
    draw_side_panel(&mut k, s);
    k.label(
        20,
        8,
        "WORKERS: A=architect P=porter R=artisan I=priest W=warrior",
        6,
        Color::BLACK,
    );
    k.label(
        20,
        20,
        "SPACES blue=architect +1, green=artisan +1; STEPS sNu/sNl",
        6,
        Color::BLACK,
    );
    if s.solo {
        draw_axomama_board(&mut k, s);
    }
    k.label(
        700,
        if s.solo { 815 } else { 765 },
        "SUBSTITUTE COMPONENTS (designed stand-in)",
        7,
        Color::RED,
    );
    k.alt = format!("Tawantinsuyu board: the hill with {} workers placed, {} steps built; Village {}, Nomads {}.", s.hill.iter().flatten().count(), s.steps.iter().flatten().count(), s.village.len(), s.nomads.len());
    k
}

/// The terraces, the Coricancha's sections with their actions, and the High Priests.
fn draw_terraces(k: &mut Sketch, s: &State) {
    let (cx, cy) = (CENTRE.0 as i32, CENTRE.1 as i32);
    for (r, c) in [
        (3.9, Color(222, 205, 170)),
        (2.85, Color(232, 218, 185)),
        (1.85, Color(242, 232, 205)),
        (0.7, Color(250, 220, 120)),
    ] {
        k.circle(cx, cy, (r * SCALE) as i32, Some(c), Some(Color::BROWN));
    }
    for sec in 0..5 {
        let (x1, y1) = polar(sec as f64, 0.7);
        let (x2, y2) = polar(sec as f64, 3.9);
        k.line(x1, y1, x2, y2, Color::BROWN, 1);
        let (lx, ly) = polar(sec as f64 + 0.5, 0.42);
        k.label(
            lx - 18,
            ly - 4,
            s.action_at(sec)
                .word()
                .chars()
                .take(5)
                .collect::<String>()
                .to_uppercase(),
            7,
            Color::BLACK,
        );
        let (sx, sy) = polar(sec as f64 + 0.5, 4.05);
        k.label(sx - 8, sy - 4, format!("S{}", sec + 1), 9, Color::BROWN);
        let priests: Vec<usize> = (0..s.np())
            .filter(|&q| s.players[q].priest == Some(sec))
            .collect();
        for (j, q) in priests.iter().enumerate() {
            let (px, py) = polar(sec as f64 + 0.25 + 0.15 * j as f64, 0.6);
            k.circle(px, py, 7, Some(player_color(*q)), Some(Color::BLACK));
        }
    }
}

/// The worker spaces with their workers, and the step spaces with their owners.
fn draw_spaces(k: &mut Sketch, s: &State) {
    let d = s.d();
    for (i, sp) in d.spaces.iter().enumerate() {
        let (x, y) = polar(sp.angle, sp.ring);
        let fill = match sp.colour {
            SpaceColour::Blue => Color(170, 190, 240),
            SpaceColour::Green => Color(170, 225, 170),
            SpaceColour::None => Color::WHITE,
        };
        k.circle(x, y, 17, Some(fill), Some(Color::BLACK));
        k.label(x - 15, y - 15, sp.id.to_lowercase(), 6, Color::BLACK);
        k.label(
            x - 12,
            y + 6,
            d.symbol_name(sp.symbol).chars().take(4).collect::<String>(),
            5,
            Color::GREY,
        );
        if let Some(Some(w)) = s.hill.get(i) {
            k.circle(x, y, 8, Some(worker_color(d, *w)), Some(Color::BLACK));
            k.label(x - 3, y - 3, worker_letter(*w), 7, Color::BLACK);
        }
    }
    for (i, st) in d.steps.iter().enumerate() {
        let (x, y) = polar(st.angle, st.ring);
        let owner = s.steps.get(i).copied().flatten();
        let fill = owner
            .map(|o| player_color(o as usize))
            .unwrap_or(Color::WHITE);
        k.rect(x - 11, y - 6, 22, 12, Some(fill), Some(Color::BLACK));
        let ink = if owner.is_some() {
            Color::WHITE
        } else {
            Color::BLACK
        };
        k.label(x - 10, y - 3, st.id.to_lowercase(), 5, ink);
    }
}

/// A row of workers (the Village, the Nomads) from `(x0, y)`.
fn draw_worker_row(k: &mut Sketch, d: &Data, x0: i32, y: i32, workers: &[u8]) {
    for (j, &w) in workers.iter().enumerate() {
        let x = x0 + 20 * j as i32;
        k.circle(
            x + 8,
            y + 6,
            8,
            Some(worker_color(d, w)),
            Some(Color::BLACK),
        );
        k.label(x + 5, y + 3, worker_letter(w), 7, Color::BLACK);
    }
}

/// The panel right of the hill: supply, market, piles, temple, conquest, players.
fn draw_side_panel(k: &mut Sketch, s: &State) {
    let d = s.d();
    let x0 = 760;
    let mut y = 20;
    k.label(x0, y, "VILLAGE (potato > corn)", 7, Color::BLACK);
    y += 14;
    draw_worker_row(k, d, x0, y, &s.village);
    y += 24;
    k.label(
        x0,
        y,
        format!(
            "NOMADS  casualties {}  bag {}",
            s.casualties.len(),
            s.bag.len()
        ),
        7,
        Color::BLACK,
    );
    y += 14;
    draw_worker_row(k, d, x0, y, &s.nomads);
    y += 28;
    k.label(x0, y, "MARKET", 7, Color::BLACK);
    y += 12;
    for b in state::market(s) {
        let (cost, _, _) = bld_text(d, b);
        let name = Names(d).bld(b).to_uppercase();
        k.label(x0, y, format!("{name} {cost}"), 6, Color::BLACK);
        y += 11;
    }
    y += 8;
    let offerings: Vec<String> = s
        .offerings
        .iter()
        .map(|&g| Names(d).god(g).to_uppercase())
        .collect();
    let offerings = format!("OFFERINGS {}", offerings.join(" "));
    k.label(x0, y, offerings, 6, Color::BLACK);
    y += 12;
    let top = pile_top_shown(s)
        .map(|w| Names(d).weaving(w).to_uppercase())
        .unwrap_or_default();
    k.label(x0, y, format!("WEAVING TOP {top}"), 6, Color::BLACK);
    y += 20;
    y = draw_temple_and_conquest(k, s, x0, y);
    draw_player_lines(k, s, x0, y + 10);
}

/// The temple track with the players' markers, then the conquest regions;
/// the height below them.
fn draw_temple_and_conquest(k: &mut Sketch, s: &State, x0: i32, mut y: i32) -> i32 {
    let d = s.d();
    k.label(x0, y, "TEMPLE", 7, Color::BLACK);
    y += 12;
    let tw = 14;
    for (i, space) in d.temple.iter().enumerate() {
        let fill = if space.final_vp > 0 {
            Color(250, 220, 120)
        } else {
            Color(240, 240, 230)
        };
        k.rect(
            x0 + (i as i32) * tw,
            y,
            tw - 1,
            16,
            Some(fill),
            Some(Color::GREY),
        );
    }
    for (q, p) in s.players.iter().enumerate() {
        let (x, at) = (x0 + p.temple as i32 * tw + 6, y + 4 + 4 * q as i32);
        k.circle(x, at, 3, Some(player_color(q)), None);
    }
    y += 26;
    k.label(x0, y, "CONQUEST", 7, Color::BLACK);
    y += 12;
    for (r, reg) in d.regions.iter().enumerate() {
        k.label(x0, y + 3, reg.prefix.clone(), 6, Color::BLACK);
        for (i, c) in d.conquest.iter().enumerate().filter(|(_, c)| c.region == r) {
            let bx = x0 + 20 + (c.position as i32 - 1) * 36;
            let fill = s
                .conquest
                .get(i)
                .copied()
                .flatten()
                .map(|o| player_color(o as usize))
                .unwrap_or(Color::WHITE);
            k.rect(bx, y, 34, 14, Some(fill), Some(Color::BLACK));
            k.label(
                bx + 2,
                y + 4,
                format!("{} {}/{}", c.position, c.flip, c.discard),
                6,
                Color::BLACK,
            );
        }
        y += 17;
    }
    y
}

/// Each player's colour, VP and resources, then statues and tapestries.
fn draw_player_lines(k: &mut Sketch, s: &State, x0: i32, mut y: i32) {
    let d = s.d();
    for (q, p) in s.players.iter().enumerate() {
        k.rect(x0, y, 10, 10, Some(player_color(q)), None);
        let name = if s.is_bot(q) {
            "AXO".to_string()
        } else {
            format!("P{}", q + 1)
        };
        let [potato, corn, stone, gold] = p.res;
        k.label(
            x0 + 14,
            y + 2,
            format!("{name} {}VP P{potato} C{corn} S{stone} G{gold}", p.vp),
            7,
            Color::BLACK,
        );
        y += 12;
        let taps: Vec<String> = p
            .tapestries
            .iter()
            .map(|tp| {
                tp.iter()
                    .map(|&w| Names(d).weaving(w).to_uppercase())
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .collect();
        k.label(
            x0 + 14,
            y + 2,
            format!("st {} tap {}", p.statues.len(), taps.join(" ")),
            5,
            Color::GREY,
        );
        y += 14;
    }
}

/// Solo: Axomama's board, 16 cells clockwise with the number tokens on them,
/// and the symbols of its card slots.
fn draw_axomama_board(k: &mut Sketch, s: &State) {
    let d = s.d();
    let (bx, by) = (20, 762);
    k.label(
        bx,
        by - 12,
        "AXOMAMA BOARD (cells 0-15, #tokens)",
        7,
        Color::BLACK,
    );
    for (c, cell) in d.solo.cells.iter().enumerate() {
        let x = bx + c as i32 * 44;
        let fill = if c == d.solo.personality_cell {
            Color(250, 220, 120)
        } else {
            Color(240, 240, 230)
        };
        k.rect(x, by, 42, 30, Some(fill), Some(Color::GREY));
        k.label(
            x + 2,
            by + 3,
            cell.action.chars().take(6).collect::<String>(),
            5,
            Color::BLACK,
        );
        let toks: Vec<String> = d
            .solo
            .tokens
            .iter()
            .zip(&s.axo.tokens)
            .filter(|(_, &at)| at == c)
            .map(|(tk, _)| format!("#{}", tk.0))
            .collect();
        k.label(x + 2, by + 16, toks.join(""), 6, Color::RED);
    }
    let slots: Vec<String> = s
        .axo
        .slots
        .iter()
        .filter_map(|&g| d.gods.get(g as usize))
        .map(|g| d.symbol_name(g.symbol).to_string())
        .collect();
    k.label(
        bx + 300,
        by - 12,
        format!("slots: {}", slots.join(" ")),
        6,
        Color::BLACK,
    );
}
