//! The board as a picture: flat-topped hexes labelled with their names, the
//! terrain, stones on every edge, temple values and guards, discs left, camps
//! and members, and a side panel with the scores and the hex in hand.

use super::command::COLORS_EN;
use super::data::turned;
use super::data::Kind;
use super::legal::{in_play, kind, spot_stones};
use super::state::{Phase, Spot, State};
use crate::engine::{Color, Sketch};

const R: f64 = 44.0;
const MARGIN: f64 = 20.0;
const PANEL: i32 = 300;

const TEMPLE: Color = Color(205, 190, 150);
const JUNGLE: Color = Color(140, 195, 115);
const TREASURE: Color = Color(235, 205, 95);
const VOLCANO: Color = Color(150, 60, 45);
const BASE: Color = Color(200, 160, 120);
const EMPTY: Color = Color(232, 236, 226);
const UNUSED: Color = Color(120, 120, 120);
const STONE: Color = Color(70, 70, 80);

fn center(col: usize, row: usize) -> (f64, f64) {
    let h = 3f64.sqrt() * R;
    let x = MARGIN + R + 1.5 * R * col as f64;
    let y = MARGIN + h / 2.0 + h * row as f64 + if col % 2 == 1 { h / 2.0 } else { 0.0 };
    (x, y)
}

fn corners(x: f64, y: f64, r: f64) -> Vec<(i32, i32)> {
    (0..6)
        .map(|i| {
            let a = std::f64::consts::PI / 3.0 * i as f64;
            (
                (x + r * a.cos()).round() as i32,
                (y + r * a.sin()).round() as i32,
            )
        })
        .collect()
}

fn fill_of(k: Kind) -> Color {
    match k {
        Kind::Temple => TEMPLE,
        Kind::Jungle => JUNGLE,
        Kind::Treasure => TREASURE,
        Kind::Volcano => VOLCANO,
        Kind::Base => BASE,
    }
}

/// Stones as small bars just inside each edge (edge 0 = north, clockwise).
fn draw_stones(sk: &mut Sketch, x: f64, y: f64, r: f64, stones: [u8; 6]) {
    for (e, &n) in stones.iter().enumerate() {
        let a = (-90.0 + 60.0 * e as f64).to_radians();
        let (ux, uy) = (a.cos(), a.sin());
        let (tx, ty) = (-uy, ux);
        for k in 0..n {
            let off = (k as f64 - (n as f64 - 1.0) / 2.0) * 9.0;
            let cx = x + ux * r * 0.74 + tx * off;
            let cy = y + uy * r * 0.74 + ty * off;
            sk.circle(cx.round() as i32, cy.round() as i32, 3, Some(STONE), None);
        }
    }
}

pub fn picture(s: &State) -> Sketch {
    let b = &s.data.board;
    let h = 3f64.sqrt() * R;
    let board_w = (2.0 * MARGIN + 2.0 * R + 1.5 * R * (b.cols.max(1) - 1) as f64).ceil() as i32;
    let board_h = (2.0 * MARGIN + h * (b.rows as f64 + 0.5)).ceil() as i32;
    let width = board_w + PANEL;
    let height = board_h.max(560);
    let mut sk = Sketch::new(width as u32, height as u32);
    for (space, sp) in b.spaces.iter().enumerate() {
        let (x, y) = center(sp.col, sp.row);
        let used = in_play(s, space);
        match s.spot(space) {
            None => {
                sk.polygon(
                    corners(x, y, R - 1.0),
                    Some(if used { EMPTY } else { UNUSED }),
                    Some(Color::GREY),
                );
                sk.label(
                    (x - 9.0) as i32,
                    (y - 4.0) as i32,
                    s.pos(space).to_string(),
                    8,
                    Color::GREY,
                );
            }
            Some(spot) => draw_hex(&mut sk, s, space, spot, x, y),
        }
    }
    panel(&mut sk, s, board_w);
    legend(&mut sk, board_w + 10, height - 150);
    sk.alt = format!(
        "Tikal board (substitute tile set): {} hexes placed, {} left in the stack; scores {}.",
        s.board.iter().flatten().count(),
        s.stack.len(),
        (0..s.players)
            .map(|p| format!("{} {}", COLORS_EN[p % 4], s.people[p].score))
            .collect::<Vec<_>>()
            .join(", ")
    );
    sk
}

/// A placed hex with everything on it, centred at (`x`, `y`).
fn draw_hex(sk: &mut Sketch, s: &State, space: usize, spot: &Spot, x: f64, y: f64) {
    let k = kind(&s.data, spot);
    sk.polygon(corners(x, y, R - 1.0), Some(fill_of(k)), Some(Color::BLACK));
    if k != Kind::Volcano {
        draw_stones(sk, x, y, R, spot_stones(&s.data, spot));
    }
    sk.label(
        (x - 9.0) as i32,
        (y - 25.0) as i32,
        s.pos(space).to_string(),
        8,
        Color::BLACK,
    );
    let (main, color) = match k {
        Kind::Temple => (spot.value.to_string(), Color::BLACK),
        Kind::Treasure => (String::new(), Color::BROWN),
        Kind::Volcano => ("VOLC".to_string(), Color::WHITE),
        Kind::Base => ("BASE".to_string(), Color::BLACK),
        Kind::Jungle => (String::new(), Color::BLACK),
    };
    if !main.is_empty() {
        sk.label(
            (x - 6.0 * main.len() as f64) as i32,
            (y - 12.0) as i32,
            main,
            12,
            color,
        );
    }
    // Treasure discs still lying here, one ring each.
    for d in 0..spot.discs {
        let dx = x - 15.0 + 10.0 * d as f64;
        sk.circle(
            dx as i32,
            (y - 6.0) as i32,
            4,
            Some(Color::ORANGE),
            Some(Color::BROWN),
        );
    }
    if let Some(g) = spot.guard {
        sk.rect(
            (x + 12.0) as i32,
            (y - 16.0) as i32,
            12,
            12,
            Some(Color::seat(g as usize)),
            Some(Color::BLACK),
        );
        sk.label((x + 14.0) as i32, (y - 14.0) as i32, "G", 7, Color::WHITE);
    }
    if let Some(c) = spot.camp {
        let (cx, cy) = ((x - 22.0) as i32, (y - 6.0) as i32);
        sk.polygon(
            vec![(cx, cy - 10), (cx - 8, cy + 4), (cx + 8, cy + 4)],
            Some(Color::seat(c as usize)),
            Some(Color::BLACK),
        );
    }
    // Members: one disc per player present, with the worker count; L marks the leader.
    let present: Vec<usize> = (0..s.players)
        .filter(|&p| spot.workers[p] > 0 || spot.leader[p])
        .collect();
    for (i, &p) in present.iter().enumerate() {
        let px = x - 21.0 + 14.0 * i as f64;
        let py = y + 14.0;
        sk.circle(
            px as i32,
            py as i32,
            7,
            Some(Color::seat(p)),
            Some(Color::BLACK),
        );
        let label = format!(
            "{}{}",
            spot.workers[p],
            if spot.leader[p] { "L" } else { "" }
        );
        sk.label((px - 3.0) as i32, (py - 3.0) as i32, label, 7, Color::WHITE);
    }
}

/// What the colours and marks mean.
fn legend(sk: &mut Sketch, x: i32, y: i32) {
    let kinds = [
        (TEMPLE, "TEMPLE (VALUE)"),
        (JUNGLE, "JUNGLE"),
        (TREASURE, "TREASURE, O = DISC LEFT"),
        (VOLCANO, "VOLCANO"),
        (BASE, "BASE CAMP"),
    ];
    for (i, (c, name)) in kinds.iter().enumerate() {
        let yy = y + 16 * i as i32;
        sk.rect(x, yy, 12, 10, Some(*c), Some(Color::BLACK));
        sk.label(x + 18, yy + 2, *name, 7, Color::BLACK);
    }
    let yy = y + 16 * kinds.len() as i32 + 4;
    sk.circle(x + 4, yy + 4, 3, Some(STONE), None);
    sk.label(x + 18, yy + 1, "STONE ON AN EDGE", 7, Color::BLACK);
    sk.label(x, yy + 16, "DISC: WORKERS, L = LEADER", 7, Color::BLACK);
    sk.label(x, yy + 30, "TRIANGLE CAMP, G SQUARE GUARD", 7, Color::BLACK);
}

fn panel(sk: &mut Sketch, s: &State, left: i32) {
    let x = left + 10;
    let mut y = 20;
    sk.label(x, y, "TIKAL - SUBSTITUTE TILE SET", 9, Color::BLACK);
    y += 26;
    for p in 0..s.players {
        let who = &s.people[p];
        sk.rect(x, y - 2, 14, 14, Some(Color::seat(p)), Some(Color::BLACK));
        let active = if s.active as usize == p && !s.is_over() {
            " <"
        } else {
            ""
        };
        sk.label(
            x + 22,
            y,
            format!(
                "{} {}{}",
                COLORS_EN[p % 4].to_uppercase(),
                who.score,
                active
            ),
            9,
            Color::BLACK,
        );
        y += 16;
        sk.label(
            x + 22,
            y,
            format!(
                "W{} C{}/{} G{}/{} T{}",
                who.workers_supply,
                who.camps,
                s.rules.camp_limit,
                who.guards,
                s.rules.guard_limit,
                who.treasures.iter().map(|&n| n as u32).sum::<u32>()
            ),
            7,
            Color::BLACK,
        );
        y += 22;
    }
    y += 6;
    let phase = match &s.phase {
        Phase::Over => "GAME OVER".to_string(),
        Phase::Act => format!("AP LEFT {}", s.ap),
        Phase::Bid => "AUCTION".to_string(),
        Phase::Choose => "CHOOSE A HEX".to_string(),
        Phase::Place { .. } => "PLACE THE HEX".to_string(),
    };
    sk.label(x, y, phase, 9, Color::BLACK);
    y += 20;
    sk.label(
        x,
        y,
        format!("STACK {}  SCORED {}", s.stack.len(), s.rounds_scored),
        8,
        Color::BLACK,
    );
    y += 24;
    let mut in_hand: Vec<u8> = Vec::new();
    if let Phase::Place { tile } = s.phase {
        in_hand.push(tile);
    }
    in_hand.extend(s.display.iter().copied());
    for tile in in_hand.into_iter().take(4) {
        let Some(t) = s.data.tiles.get(tile as usize) else {
            continue;
        };
        let (cx, cy) = (x as f64 + 40.0, y as f64 + 36.0);
        sk.polygon(
            corners(cx, cy, 34.0),
            Some(fill_of(t.kind)),
            Some(Color::BLACK),
        );
        if t.kind != Kind::Volcano {
            draw_stones(sk, cx, cy, 34.0, turned(t.stones, 0));
        }
        let detail = match t.kind {
            Kind::Temple => format!("{} TEMPLE {}", t.id, t.value),
            Kind::Treasure => format!("{} TREASURE {}", t.id, t.masks),
            Kind::Jungle => format!("{} JUNGLE", t.id),
            Kind::Volcano => format!("{} VOLCANO", t.id),
            Kind::Base => t.id.clone(),
        };
        sk.label(x + 84, y + 30, detail, 8, Color::BLACK);
        sk.label(x + 84, y + 44, "AS R0", 7, Color::GREY);
        y += 80;
    }
}
