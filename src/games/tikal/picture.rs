//! The board as a picture laid out for a phone (`PICTURE_WIDTH` units, a
//! unit a CSS pixel there): flat-topped hexes named by column and row, the
//! terrain, stones on every edge, temple values, guards, discs left, camps
//! and members; below it where the turn stands, the players' table (the
//! view's own cells), the hexes in hand or on display, and a legend.

use super::data::turned;
use super::data::Kind;
use super::legal::{in_play, kind, spot_stones};
use super::state::{Phase, Spot, State};
use crate::engine::layout::ink_on;
use crate::engine::{Anchor, Color, Grid, Section, Sketch, Text, PICTURE_WIDTH};

const R: f64 = 24.0;
const LEFT: f64 = 6.0;
const TOP: f64 = 4.0;
const TEXT: i32 = 8;
const HEAD: i32 = 9;

const TEMPLE: Color = Color(215, 200, 160);
const JUNGLE: Color = Color(160, 210, 135);
const TREASURE: Color = Color(240, 212, 110);
const VOLCANO: Color = Color(150, 60, 45);
const BASE: Color = Color(205, 170, 130);
const EMPTY: Color = Color(236, 238, 230);
const UNUSED: Color = Color(190, 190, 190);
const STONE: Color = Color(60, 60, 70);
/// Ink for names on the board: dark enough on every terrain but the volcano.
const NAME_INK: Color = Color(40, 40, 40);

fn center(col: usize, row: usize) -> (f64, f64) {
    let h = 3f64.sqrt() * R;
    let x = LEFT + R + 1.5 * R * col as f64;
    let y = TOP + h / 2.0 + h * row as f64 + if col % 2 == 1 { h / 2.0 } else { 0.0 };
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

fn kind_text(k: Kind) -> Text {
    match k {
        Kind::Temple => Text::new("temple", "신전"),
        Kind::Jungle => Text::new("jungle", "정글"),
        Kind::Treasure => Text::new("treasure", "보물"),
        Kind::Volcano => Text::new("volcano", "화산"),
        Kind::Base => Text::new("base camp", "베이스캠프"),
    }
}

/// Stones as dots just inside each edge (edge 0 = north, clockwise).
fn draw_stones(sk: &mut Sketch, x: f64, y: f64, r: f64, stones: [u8; 6]) {
    for (e, &n) in stones.iter().enumerate() {
        let a = (-90.0 + 60.0 * e as f64).to_radians();
        let (ux, uy) = (a.cos(), a.sin());
        let (tx, ty) = (-uy, ux);
        for k in 0..n {
            let off = (k as f64 - (n as f64 - 1.0) / 2.0) * 6.0;
            let cx = x + ux * r * 0.8 + tx * off;
            let cy = y + uy * r * 0.8 + ty * off;
            sk.circle(cx.round() as i32, cy.round() as i32, 2, Some(STONE), None);
        }
    }
}

/// The whole picture; `players` is the view's players table.
pub fn picture(s: &State, players: &Section) -> Sketch {
    let b = &s.data.board;
    let h = 3f64.sqrt() * R;
    let board_h = (TOP + h * (b.rows as f64 + 0.5)).ceil() as i32;
    let mut sk = Sketch::new(PICTURE_WIDTH, 100);
    for (space, sp) in b.spaces.iter().enumerate() {
        let (x, y) = center(sp.col, sp.row);
        match s.spot(space) {
            None => {
                let used = in_play(s, space);
                let fill = if used { EMPTY } else { UNUSED };
                sk.polygon(corners(x, y, R - 1.0), Some(fill), Some(Color::GREY));
                sk.label_at(
                    (x as i32, (y - 4.0) as i32),
                    Anchor::Middle,
                    s.pos(space).to_string(),
                    TEXT,
                    NAME_INK,
                );
            }
            Some(spot) => draw_hex(&mut sk, s, space, spot, (x, y)),
        }
    }
    let mut y = status(&mut sk, s, board_h + 8);
    let mut grid = Grid::from_section(players, &[0, 1, 2, 4, 5], TEXT);
    grid.gap = 7;
    y = grid.draw(&mut sk, LEFT as i32, y + 4);
    y = hexes_in_hand(&mut sk, s, y + 4);
    y = legend(&mut sk, y + 6);
    sk.height = u32::try_from(y + 4).unwrap_or(600);
    sk.alt = format!(
        "Tikal board (substitute tile set): {} hexes placed, {} left in the stack.",
        s.board.iter().flatten().count(),
        s.stack.len(),
    );
    sk.alt_ko = format!(
        "티칼 게임판 (대체 타일): 놓인 육각 타일 {}개, 더미에 남은 타일 {}개.",
        s.board.iter().flatten().count(),
        s.stack.len(),
    );
    sk
}

/// A placed hex with everything on it, centred at (x, y): its name at the
/// top, the temple value (or V/B) in the middle between camp and guard,
/// the members in a row below.
fn draw_hex(sk: &mut Sketch, s: &State, space: usize, spot: &Spot, (x, y): (f64, f64)) {
    let k = kind(&s.data, spot);
    let fill = fill_of(k);
    let ink = ink_on(fill);
    sk.polygon(corners(x, y, R - 1.0), Some(fill), Some(Color::BLACK));
    if k != Kind::Volcano {
        draw_stones(sk, x, y, R, spot_stones(&s.data, spot));
    }
    let (xi, yi) = (x as i32, y as i32);
    sk.label_at(
        (xi, yi - 15),
        Anchor::Middle,
        s.pos(space).to_string(),
        TEXT,
        ink,
    );
    let main = match k {
        Kind::Temple => spot.value.to_string(),
        Kind::Volcano => "V".to_string(),
        Kind::Base => "B".to_string(),
        Kind::Treasure | Kind::Jungle => String::new(),
    };
    if !main.is_empty() {
        sk.label_at((xi, yi - 4), Anchor::Middle, main, HEAD, ink);
    }
    // Treasure discs still lying here.
    for d in 0..i32::from(spot.discs) {
        let dx = xi - 6 + 6 * d - 3 * (i32::from(spot.discs) - 2);
        sk.circle(dx, yi, 3, Some(Color::ORANGE), Some(Color::BROWN));
    }
    if let Some(g) = spot.guard {
        sk.rect(
            xi + 10,
            yi - 5,
            8,
            8,
            Some(Color::seat(g as usize)),
            Some(Color::BLACK),
        );
    }
    if let Some(c) = spot.camp {
        let (cx, cy) = (xi - 14, yi - 4);
        sk.polygon(
            vec![(cx, cy - 5), (cx - 5, cy + 4), (cx + 5, cy + 4)],
            Some(Color::seat(c as usize)),
            Some(Color::BLACK),
        );
    }
    members(sk, s, spot, (xi, yi + 7));
}

/// One mark per player present: a disc with the worker count, a square when
/// the leader is there too.
fn members(sk: &mut Sketch, s: &State, spot: &Spot, (x, y): (i32, i32)) {
    let present: Vec<usize> = (0..s.players)
        .filter(|&p| spot.workers[p] > 0 || spot.leader[p])
        .collect();
    let n = present.len() as i32;
    for (i, &p) in present.iter().enumerate() {
        let px = x - 6 * (n - 1) + 12 * i as i32;
        let c = Color::seat(p);
        if spot.leader[p] {
            sk.rect(px - 6, y - 1, 12, 12, Some(c), Some(Color::BLACK));
        } else {
            sk.circle(px, y + 5, 6, Some(c), Some(Color::BLACK));
        }
        let count = if spot.workers[p] > 0 {
            spot.workers[p].to_string()
        } else {
            "L".to_string()
        };
        sk.label_at((px, y + 1), Anchor::Middle, count, TEXT, ink_on(c));
    }
}

/// Where the turn stands, under the board; returns the y below.
fn status(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    let phase = match &s.phase {
        Phase::Over => Text::new("Game over", "게임 끝"),
        Phase::Act => Text::new(
            format!("Action points left: {}", s.ap),
            format!("남은 행동 점수: {}", s.ap),
        ),
        Phase::Bid => Text::new("Auction", "경매"),
        Phase::Choose => Text::new("Choose a hex", "육각 타일 고르기"),
        Phase::Place { .. } => Text::new("Place the hex", "육각 타일 놓기"),
    };
    sk.caption(LEFT as i32, y, phase, HEAD, Color::BLACK);
    sk.caption(
        LEFT as i32,
        y + 17,
        Text::new(
            format!(
                "Hexes in the stack {} · scorings so far {}",
                s.stack.len(),
                s.rounds_scored
            ),
            format!(
                "더미의 육각 타일 {} · 지금까지 점수 계산 {}",
                s.stack.len(),
                s.rounds_scored
            ),
        ),
        TEXT,
        Color::BLACK,
    );
    y + 32
}

/// The hex being placed and those on display, side by side, each with its
/// id and kind below.
fn hexes_in_hand(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    let mut in_hand: Vec<u8> = Vec::new();
    if let Phase::Place { tile } = s.phase {
        in_hand.push(tile);
    }
    in_hand.extend(s.display.iter().copied());
    if in_hand.is_empty() {
        return y;
    }
    sk.caption(
        LEFT as i32,
        y,
        Text::new(
            "Hexes to place (as printed, r0)",
            "놓을 육각 타일 (인쇄된 방향 r0)",
        ),
        TEXT,
        Color::BLACK,
    );
    let top = y + 14;
    let col_w = (PICTURE_WIDTH as i32 - 2 * LEFT as i32) / 4;
    for (i, tile) in in_hand.into_iter().take(4).enumerate() {
        let Some(t) = s.data.tiles.get(tile as usize) else {
            continue;
        };
        let cx = LEFT as i32 + col_w * i as i32 + col_w / 2;
        let cy = top + 22;
        let fill = fill_of(t.kind);
        sk.polygon(
            corners(f64::from(cx), f64::from(cy), 22.0),
            Some(fill),
            Some(Color::BLACK),
        );
        if t.kind != Kind::Volcano {
            draw_stones(sk, f64::from(cx), f64::from(cy), 22.0, turned(t.stones, 0));
        }
        sk.label_at(
            (cx, cy - 4),
            Anchor::Middle,
            t.id.clone(),
            TEXT,
            ink_on(fill),
        );
        let kind = kind_text(t.kind);
        let detail = match t.kind {
            Kind::Temple => Text::new(
                format!("{} {}", kind.en, t.value),
                format!("{} {}", kind.ko, t.value),
            ),
            Kind::Treasure => Text::new(
                format!("{} {}", kind.en, t.masks),
                format!("{} {}", kind.ko, t.masks),
            ),
            _ => kind,
        };
        sk.caption_at((cx, cy + 26), Anchor::Middle, detail, TEXT, Color::BLACK);
    }
    top + 62
}

/// What the colours and marks mean; returns the y below.
fn legend(sk: &mut Sketch, y: i32) -> i32 {
    let kinds = [
        Kind::Temple,
        Kind::Jungle,
        Kind::Treasure,
        Kind::Volcano,
        Kind::Base,
    ];
    let mut x = LEFT as i32;
    for k in kinds {
        let t = kind_text(k);
        let w = crate::engine::layout::caption_width(&t, TEXT);
        sk.rect(x, y, 9, 9, Some(fill_of(k)), Some(Color::BLACK));
        sk.caption(x + 12, y + 1, t, TEXT, Color::BLACK);
        x += 12 + w + 6;
    }
    let lines = [
        Text::new(
            "Dots: stones · disc: workers · square: leader too",
            "모서리 점: 돌 · 원: 대원 수 · 네모: 리더 포함",
        ),
        Text::new(
            "Triangle: camp · small square: guard",
            "세모: 캠프 · 작은 네모: 경비",
        ),
        Text::new("Orange: treasure discs left", "주황 원: 남은 보물 원판"),
    ];
    for (i, line) in lines.into_iter().enumerate() {
        sk.caption(
            LEFT as i32,
            y + 16 + 14 * i as i32,
            line,
            TEXT,
            Color::BLACK,
        );
    }
    y + 56
}
