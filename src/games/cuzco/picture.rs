//! The board as a picture laid out for a phone (`PICTURE_WIDTH` units, a
//! unit a CSS pixel there). The board is 19 hexes across, too many for a
//! phone with a readable name in each, so it is drawn in two halves, west
//! then east, overlapping by a column: every hex with its name, terrain and
//! level, temples with value and sun marker, lakes, Incas, the forest and
//! mountain ring, thick lines between tiles; then the face-up card, the
//! supplies and the players' table (the view's own cells).

use super::command::card_id;
use super::data::{Side, Terrain, Zone};
use super::state::{Cover, State};
use crate::engine::layout::{fit_words, ink_on};
use crate::engine::{Anchor, Color, Grid, Section, Sketch, Text, PICTURE_WIDTH};

const LEFT: i32 = 6;
const TEXT: i32 = 8;
const HEAD: i32 = 9;
/// Half-hex columns two halves share, so neighbours across the cut show.
const OVERLAP: i32 = 2;

/// The geometry of one half: which half-columns it shows and at what size.
struct Half {
    /// The first and last half-column (a cell's `x`) shown.
    from: i32,
    to: i32,
    /// Units per half-column; a hex is two wide.
    half: i32,
    /// Where the half's first row is centred.
    top: i32,
}

impl Half {
    fn radius(&self) -> f64 {
        f64::from(self.half) * 2.0 / 3f64.sqrt()
    }

    fn row_step(&self) -> f64 {
        1.5 * self.radius()
    }

    fn centre(&self, row: u8, x: u8) -> (i32, i32) {
        (
            LEFT + self.half * (1 + i32::from(x) - self.from),
            self.top + (f64::from(row) * self.row_step()) as i32,
        )
    }

    fn shows(&self, x: u8) -> bool {
        (self.from..=self.to).contains(&i32::from(x))
    }
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

/// The whole picture; `players` is the view's players table.
pub fn draw(s: &State, players: &Section) -> Sketch {
    let board = &s.data.board;
    let max_x = board
        .cells
        .iter()
        .map(|c| i32::from(c.x))
        .max()
        .unwrap_or(0);
    let rows = board
        .cells
        .iter()
        .map(|c| i32::from(c.row))
        .max()
        .unwrap_or(0)
        + 1;
    let mid = max_x / 2;
    let span = (mid + OVERLAP).max(max_x - mid + OVERLAP) + 1;
    let half = (PICTURE_WIDTH as i32 - 2 * LEFT) / (span + 1);
    let mut sk = Sketch::new(PICTURE_WIDTH, 100);
    let mut y = 4;
    for (n, (from, to)) in [(0, mid + OVERLAP), (mid - OVERLAP, max_x)]
        .into_iter()
        .enumerate()
    {
        let title = if n == 0 {
            Text::new("Board, west half", "게임판 서쪽 절반")
        } else {
            Text::new("Board, east half", "게임판 동쪽 절반")
        };
        sk.caption(LEFT, y, title, HEAD, Color::BLACK);
        let mut h = Half {
            from,
            to,
            half,
            top: 0,
        };
        h.top = y + 16 + h.radius().ceil() as i32;
        draw_half(&mut sk, s, &h);
        y = h.top + (f64::from(rows - 1) * h.row_step() + h.radius()).ceil() as i32 + 8;
    }
    y = panel(&mut sk, s, y);
    let mut grid = Grid::from_section(players, &[0, 1, 2, 4, 5], TEXT);
    grid.gap = 5;
    y = grid.draw(&mut sk, LEFT, y + 4);
    sk.caption(
        LEFT,
        y + 2,
        Text::new(
            "fN/vN farm/village on level N · TN temple · L lake",
            "fN/vN 농장/마을 N층 · TN 사원 · L 호수",
        ),
        TEXT,
        Color::BLACK,
    );
    sk.height = u32::try_from(y + 18).unwrap_or(900);
    sk.alt = format!(
        "Cuzco board in two halves: {} land spaces, {} tiles placed; scores {}",
        board.region_spaces,
        s.tiles_placed,
        scores(s)
    );
    sk.alt_ko = format!(
        "쿠스코 게임판 (두 부분): 땅 {}칸, 놓인 타일 {}개; 명성 {}",
        board.region_spaces,
        s.tiles_placed,
        scores(s)
    );
    sk
}

fn scores(s: &State) -> String {
    s.players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {}", i + 1, p.pp))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The hexes of one half, then the tile outlines inside it.
fn draw_half(sk: &mut Sketch, s: &State, h: &Half) {
    let board = &s.data.board;
    let r = h.radius();
    for (i, c) in board.cells.iter().enumerate() {
        if !h.shows(c.x) {
            continue;
        }
        let sp = s.space(i as u16);
        let (cx, cy) = h.centre(c.row, c.x);
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
                edge: Some(Side::Forest | Side::Both),
                ..
            } => Color(30, 120, 40),
            Zone::Region {
                edge: Some(Side::Mountain),
                ..
            } => Color(90, 80, 70),
            Zone::Region { .. } => Color(160, 150, 130),
        };
        sk.polygon(hexagon(cx, cy, r - 1.0), Some(base), Some(stroke));
        let ink = ink_on(base);
        sk.label_at((cx, cy - 11), Anchor::Middle, c.name.clone(), TEXT, ink);
        let second_x = if sp.inca.is_some() { cx - 7 } else { cx };
        let second = match sp.cover {
            Cover::Tile(_) if sp.temple > 0 => format!("T{}", sp.temple),
            Cover::Tile(Terrain::Farm) => format!("f{}", sp.height),
            Cover::Tile(Terrain::Village) => format!("v{}", sp.height),
            Cover::Lake if sp.lake_scored => "L*".to_string(),
            Cover::Lake => "L".to_string(),
            Cover::Empty => String::new(),
        };
        if !second.is_empty() {
            sk.label_at((second_x, cy + 1), Anchor::Middle, second, TEXT, ink);
        }
        if sp.temple > 0 && sp.sun {
            sk.circle(cx - 9, cy + 9, 3, Some(Color::YELLOW), Some(Color::ORANGE));
        }
        if let Some(o) = sp.inca {
            let c = Color::seat(usize::from(o));
            sk.circle(cx + 7, cy + 5, 7, Some(c), Some(Color::BLACK));
            sk.label_at(
                (cx + 7, cy + 1),
                Anchor::Middle,
                format!("{}", o + 1),
                TEXT,
                ink_on(c),
            );
        }
    }
    outlines(sk, s, h);
}

/// A thick line wherever two spaces do not belong to the same top tile, so
/// the tiles can be told apart.
fn outlines(sk: &mut Sketch, s: &State, h: &Half) {
    let board = &s.data.board;
    for (i, c) in board.cells.iter().enumerate() {
        let sp = s.space(i as u16);
        if sp.top == 0 || !h.shows(c.x) {
            continue;
        }
        let (cx, cy) = h.centre(c.row, c.x);
        let corners = hexagon(cx, cy, h.radius() - 1.0);
        for &n in &board.neighbors[i] {
            let other = &board.cells[usize::from(n)];
            if s.space(n).top == sp.top || !h.shows(other.x) {
                continue;
            }
            let (nx, ny) = h.centre(other.row, other.x);
            // The two corners nearest the neighbour's centre bound the shared edge.
            let mut by_distance: Vec<(i32, (i32, i32))> = corners
                .iter()
                .map(|&(x, y)| ((x - nx).pow(2) + (y - ny).pow(2), (x, y)))
                .collect();
            by_distance.sort();
            if let [(_, a), (_, b), ..] = by_distance.as_slice() {
                sk.line(a.0, a.1, b.0, b.1, Color(40, 30, 20), 2);
            }
        }
    }
}

/// The face-up card and the supplies; returns the y below.
fn panel(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    let room = PICTURE_WIDTH as i32 - 2 * LEFT;
    let (up_en, up_ko) = s
        .face_up()
        .map_or(("none".to_string(), "없음".to_string()), |c| {
            let bits = s.data.cards.get(usize::from(c)).map_or(0, |c| c.artifacts);
            (
                format!("{} ({})", card_id(c), s.data.artifact_names(bits, false)),
                format!("{} ({})", card_id(c), s.data.artifact_names(bits, true)),
            )
        });
    let card = Text::new(
        fit_words(
            &format!("Face-up card {up_en} · deck {}", s.deck.len()),
            HEAD,
            room,
        ),
        fit_words(
            &format!("공개 카드 {up_ko} · 더미 {}", s.deck.len()),
            HEAD,
            room,
        ),
    );
    sk.caption(LEFT, y, card, HEAD, Color::BLACK);
    sk.caption(
        LEFT,
        y + 17,
        Text::new(
            format!(
                "3-space tiles {} · lakes {} · suns {}",
                s.common_tiles, s.lakes_left, s.suns_left
            ),
            format!(
                "3칸 타일 {} · 호수 {} · 태양 {}",
                s.common_tiles, s.lakes_left, s.suns_left
            ),
        ),
        TEXT,
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
    let markers = markers.join(" ");
    sk.caption(
        LEFT,
        y + 31,
        Text::new(
            fit_words(&format!("Temple markers {markers}"), TEXT, room),
            fit_words(&format!("사원 표지 {markers}"), TEXT, room),
        ),
        TEXT,
        Color::BLACK,
    );
    y + 46
}
