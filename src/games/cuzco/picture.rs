//! The board as a picture: every hex with its name, terrain and level, temples with value and
//! sun marker, lakes, Incas, the forest and mountain ring, and a panel with the face-up card,
//! the scores and the supplies.

use super::command::card_id;
use super::data::{Cell, Side, Terrain, Zone};
use super::legal::Groups;
use super::state::{Cover, Phase, State};
use crate::engine::{Color, Sketch};

/// Half the width of a hex in pixels (one doubled-width column).
const HALF: i32 = 24;
/// Hex radius (centre to corner) for a pointy-top hex 48 px wide.
const RADIUS: f64 = 27.7;
const ROW_STEP: f64 = 41.6;
const MARGIN: i32 = 20;

fn centre(row: u8, x: u8) -> (i32, i32) {
    (
        MARGIN + HALF + i32::from(x) * HALF,
        MARGIN + RADIUS as i32 + (f64::from(row) * ROW_STEP) as i32,
    )
}

fn hexagon(cx: i32, cy: i32, r: f64) -> Vec<(i32, i32)> {
    (0..6)
        .map(|k| {
            let a = (60.0 * f64::from(k) - 90.0).to_radians();
            (
                cx + (r * a.cos()).round() as i32,
                cy + (r * a.sin()).round() as i32,
            )
        })
        .collect()
}

fn terrain_color(t: Terrain, height: u8) -> Color {
    let shade = i32::from(height.min(6)) * 14;
    let clamp = |v: i32| v.clamp(0, 255) as u8;
    match t {
        Terrain::Farm => Color(clamp(170 - shade), clamp(215 - shade), clamp(120 - shade)),
        Terrain::Village => Color(clamp(235 - shade), clamp(170 - shade), clamp(100 - shade)),
    }
}

/// The board as a picture: the map, the tile outlines and the panel of supplies and scores.
pub fn draw(s: &State, _groups: &Groups) -> Sketch {
    let board = &s.data.board;
    let width = (2 * MARGIN + HALF * (i32::from(board.cols) + 2)).max(900);
    let map_h = MARGIN * 2 + (f64::from(board.rows) * ROW_STEP) as i32 + RADIUS as i32;
    let height = map_h + 170;
    let mut sk = Sketch::new(width as u32, height as u32);
    for (i, c) in board.cells.iter().enumerate() {
        draw_cell(&mut sk, s, i, c);
    }
    draw_outlines(&mut sk, s);
    let up = draw_panel(&mut sk, s, map_h, height);
    sk.alt = format!(
        "Cuzco board: {} land spaces, {} tiles placed, face-up card {up}; scores {}",
        board.region_spaces,
        s.tiles_placed,
        s.players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("seat {} {}", i + 1, p.pp))
            .collect::<Vec<_>>()
            .join(", ")
    );
    sk
}

/// One cell: its terrain and level, temple and sun marker, lake, and Inca.
fn draw_cell(sk: &mut Sketch, s: &State, i: usize, c: &Cell) {
    let dark = Color(60, 50, 40);
    let sp = s.space(i as u16);
    let (cx, cy) = centre(c.row, c.x);
    let base = match (c.zone, sp.cover) {
        (_, Cover::Tile(t)) => terrain_color(t, sp.height),
        (_, Cover::Lake) => Color(90, 150, 220),
        (Zone::Outside(Side::Forest), _) => Color(40, 110, 55),
        (Zone::Outside(_), _) => Color(135, 125, 115),
        (Zone::Region { .. }, Cover::Empty) => Color(240, 232, 210),
    };
    let stroke = match c.zone {
        Zone::Outside(_) => Color(30, 30, 30),
        Zone::Region {
            edge: Some(Side::Forest),
            ..
        } => Color(30, 120, 40),
        Zone::Region {
            edge: Some(Side::Mountain),
            ..
        } => Color(90, 80, 70),
        Zone::Region {
            edge: Some(Side::Both),
            ..
        } => Color(30, 120, 40),
        Zone::Region { .. } => Color(160, 150, 130),
    };
    sk.polygon(hexagon(cx, cy, RADIUS - 1.0), Some(base), Some(stroke));
    let label_color = if matches!(c.zone, Zone::Outside(_)) && sp.height == 0 {
        Color::WHITE
    } else {
        dark
    };
    sk.label(cx - 9, cy - 19, c.name.clone(), 6, label_color);
    match sp.cover {
        Cover::Tile(t) => {
            let letter = if t == Terrain::Farm { "f" } else { "v" };
            if sp.temple == 0 {
                sk.label(cx - 8, cy - 6, format!("{letter}{}", sp.height), 9, dark);
            } else {
                sk.rect(
                    cx - 11,
                    cy - 9,
                    22,
                    16,
                    Some(Color::WHITE),
                    Some(Color::BLACK),
                );
                sk.label(cx - 8, cy - 5, format!("T{}", sp.temple), 8, Color::BLACK);
                sk.label(cx + 8, cy + 8, format!("{}", sp.height), 6, dark);
                if sp.sun {
                    sk.circle(
                        cx + 12,
                        cy - 12,
                        6,
                        Some(Color::YELLOW),
                        Some(Color::ORANGE),
                    );
                }
            }
        }
        Cover::Lake => {
            sk.label(
                cx - 8,
                cy - 5,
                if sp.lake_scored { "L*" } else { "L" },
                8,
                Color::WHITE,
            );
        }
        Cover::Empty => {}
    }
    if let Some(o) = sp.inca {
        sk.circle(
            cx,
            cy + 12,
            8,
            Some(Color::seat(usize::from(o))),
            Some(Color::BLACK),
        );
        sk.label(cx - 2, cy + 9, format!("{}", o + 1), 6, Color::WHITE);
    }
}

/// Tile outlines: a thick line wherever two spaces do not belong to the same top tile, so
/// that the exact-cover rule (L104) can be judged from the picture.
fn draw_outlines(sk: &mut Sketch, s: &State) {
    let board = &s.data.board;
    for (i, c) in board.cells.iter().enumerate() {
        let sp = s.space(i as u16);
        if sp.top == 0 {
            continue;
        }
        let (cx, cy) = centre(c.row, c.x);
        let corners = hexagon(cx, cy, RADIUS - 1.0);
        for &n in &board.neighbors[i] {
            if s.space(n).top == sp.top {
                continue;
            }
            let other = &board.cells[usize::from(n)];
            let (nx, ny) = centre(other.row, other.x);
            // The two corners nearest the neighbour's centre bound the shared edge.
            let mut by_distance: Vec<(i32, (i32, i32))> = corners
                .iter()
                .map(|&(x, y)| ((x - nx).pow(2) + (y - ny).pow(2), (x, y)))
                .collect();
            by_distance.sort();
            if let [(_, a), (_, b), ..] = by_distance.as_slice() {
                sk.line(a.0, a.1, b.0, b.1, Color(40, 30, 20), 3);
            }
        }
    }
}

/// The panel under the map: the face-up card, the supplies and each seat; returns the
/// face-up card's text for the picture's description.
fn draw_panel(sk: &mut Sketch, s: &State, map_h: i32, height: i32) -> String {
    let board = &s.data.board;
    let y0 = map_h + 5;
    let up = s.face_up().map_or("none".to_string(), |c| {
        let bits = s.data.cards.get(usize::from(c)).map_or(0, |c| c.artifacts);
        format!("{} ({})", card_id(c), s.data.artifact_names(bits, false))
    });
    sk.label(
        MARGIN,
        y0,
        format!("FACE-UP FESTIVAL CARD: {up}   DECK {}", s.deck.len()),
        8,
        Color::BLACK,
    );
    let markers: Vec<String> = s
        .data
        .components
        .marker
        .iter()
        .zip(&s.markers)
        .map(|(m, n)| format!("{}x{n}", m.value))
        .collect();
    sk.label(
        MARGIN,
        y0 + 20,
        format!(
            "3-SPACE TILES {}   LAKE TILES {}   SUNS {}   TEMPLE MARKERS {}",
            s.common_tiles,
            s.lakes_left,
            s.suns_left,
            markers.join(" ")
        ),
        7,
        Color::BLACK,
    );
    let acting = match &s.phase {
        Phase::Turn(t) => Some(usize::from(t.seat)),
        Phase::Festival(f) => Some(usize::from(f.current)),
        Phase::Over => None,
    };
    for (i, p) in s.players.iter().enumerate() {
        let y = y0 + 44 + 20 * i as i32;
        sk.circle(
            MARGIN + 6,
            y + 3,
            6,
            Some(Color::seat(i)),
            Some(Color::BLACK),
        );
        let mark = if acting == Some(i) { "> " } else { "  " };
        sk.label(
            MARGIN + 18,
            y,
            format!(
                "{mark}SEAT {}: {} PP   INCAS OFF {}   TILES 2:{} V:{} F:{}   TOKENS {}   CARDS {}{}",
                i + 1,
                p.pp,
                p.incas_off,
                p.tiles[1],
                p.tiles[2],
                p.tiles[3],
                p.tokens,
                p.hand.len(),
                if p.final_scored { "   FINAL SCORED" } else { "" }
            ),
            7,
            Color::BLACK,
        );
    }
    sk.label(
        MARGIN,
        height - 18,
        format!("BOARD {} LAND SPACES + 3 LAKES (RULEBOOK: 150 + 3, UNRESOLVED). fN/vN = FARM/VILLAGE ON LEVEL N, TN = TEMPLE", board.region_spaces),
        6,
        Color(90, 90, 90),
    );
    up
}
