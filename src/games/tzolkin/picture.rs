//! The picture of the board, laid out for a phone (`PICTURE_WIDTH` units,
//! a unit a CSS pixel there): the calendar, the five gears as strips of
//! numbered spaces with their workers, the temples and technologies with
//! each player's markers, the buildings and monuments on offer, and the
//! players' table (the view's own cells, so the numbers are the view's).

use super::data::{seat_name, Category, Goods};
use super::state::{State, DUMMY, EMPTY, NONE};
use crate::engine::layout::{caption_width, ink_on};
use crate::engine::{Anchor, Color, Grid, Section, Sketch, Text, PICTURE_WIDTH};

/// The seats' initials on the picture and in the gear rows.
pub const INITIALS: [&str; 4] = ["R", "B", "G", "Y"];

/// A gear space's occupant as one character.
pub fn occupant(o: u8) -> &'static str {
    match o {
        EMPTY => ".",
        DUMMY => "D",
        k => INITIALS.get(k as usize - 1).copied().unwrap_or("?"),
    }
}

fn seat_color(o: u8) -> Color {
    match o {
        DUMMY => Color::GREY,
        k => Color::seat(k as usize - 1),
    }
}

/// Capital height of ordinary text and of headings.
const TEXT: i32 = 8;
const HEAD: i32 = 9;
const LEFT: i32 = 6;
/// Width of one gear space, one temple step and one technology level.
const SPACE: i32 = 18;
const STEP: i32 = 24;
const LEVEL: i32 = 46;
const INK: Color = Color::BLACK;
const BROWN_INK: Color = Color(110, 70, 30);

/// The whole board as one picture; `players` is the view's players table.
pub fn picture(s: &State, players: &Section) -> Sketch {
    let mut sk = Sketch::new(PICTURE_WIDTH, 100);
    sk.alt = format!("Tzolk'in board, day {}, age {}", s.day, s.age);
    sk.alt_ko = format!("출킨 게임판, {}일째, {}시대", s.day, s.age);
    let mut y = calendar(&mut sk, s, 6);
    y = gears(&mut sk, s, y + 4);
    y = temples(&mut sk, s, y + 8);
    y = techs(&mut sk, s, y + 8);
    y = offer(&mut sk, s, y + 8);
    y = players_table(&mut sk, players, y + 10);
    sk.height = u32::try_from(y + 4).unwrap_or(600);
    sk
}

fn heading(sk: &mut Sketch, y: i32, text: Text) -> i32 {
    sk.caption(LEFT, y, text, HEAD, INK);
    y + HEAD + 8
}

/// The calendar line; returns the y below it.
fn calendar(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    sk.caption(
        LEFT,
        y,
        Text::new(
            format!(
                "Day {} · age {} · corn on teeth {} · skulls {}",
                s.day, s.age, s.accumulated, s.skull_supply
            ),
            format!(
                "{}일째 · {}시대 · 톱니 옥수수 {} · 해골 {}",
                s.day, s.age, s.accumulated, s.skull_supply
            ),
        ),
        HEAD,
        INK,
    );
    let start = match s.seat_on_start() {
        Some(o) => seat_name(o),
        None => Text::new("empty", "비어 있음"),
    };
    let first = seat_name(s.first);
    sk.caption(
        LEFT,
        y + 18,
        Text::new(
            format!("First player {} · start space: {}", first.en, start.en),
            format!("선 플레이어 {} · 시작 칸: {}", first.ko, start.ko),
        ),
        TEXT,
        INK,
    );
    y + 34
}

/// The five gears, one strip each: name, then its spaces 0.. with workers;
/// spaces past the last numbered one are shaded. Returns the y below.
fn gears(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    let names: Vec<Text> = s
        .data
        .gears
        .iter()
        .map(|g| Text::new(g.name.clone(), g.ko.clone()))
        .collect();
    let widest = s.data.gears.iter().map(|g| g.teeth).max().unwrap_or(1) as i32;
    let (x0, space) = label_column(&names, widest, SPACE);
    for (g, gd) in s.data.gears.iter().enumerate() {
        let row_y = y + g as i32 * 22;
        sk.caption(LEFT, row_y + 5, names[g].clone(), TEXT, BROWN_INK);
        for pos in 0..gd.teeth {
            let x = x0 + pos as i32 * space;
            let numbered = pos <= gd.last;
            let o = s.gears[g].get(pos).copied().unwrap_or(EMPTY);
            let fill = if numbered {
                Color(250, 246, 232)
            } else {
                Color(214, 204, 184)
            };
            sk.rect(x, row_y, space, 19, Some(fill), Some(Color(170, 150, 120)));
            let (cx, cy) = (x + space / 2, row_y + 9);
            if o != EMPTY {
                let c = seat_color(o);
                sk.circle(cx, cy + 1, 8, Some(c), Some(Color::BLACK));
                sk.label_at((cx, cy - 3), Anchor::Middle, occupant(o), TEXT, ink_on(c));
            } else if numbered {
                sk.label_at((cx, cy - 3), Anchor::Middle, pos.to_string(), TEXT, INK);
            }
        }
    }
    let y = y + s.data.gears.len() as i32 * 22 + 2;
    // Chichen Itza's skull slots filled so far.
    let filled: Vec<String> = (0..s.data.gears.get(4).map_or(0, |g| g.actions.len()))
        .filter(|k| s.chi_slots & (1 << k) != 0)
        .map(|k| (k + 1).to_string())
        .collect();
    let list = if filled.is_empty() {
        "-".to_string()
    } else {
        filled.join(" ")
    };
    let chichen = names.get(4).cloned().unwrap_or_default();
    sk.caption(
        LEFT,
        y + 2,
        Text::new(
            format!("{} skulls on spaces: {list}", chichen.en),
            format!("{} 해골이 놓인 칸: {list}", chichen.ko),
        ),
        TEXT,
        INK,
    );
    y + 16
}

/// The layout of strips behind a column of names (gears, temples,
/// technologies): where the cells start, after the widest name in either
/// language, and how wide each of `cells` is (at most `most`, less if the
/// strip would run off the picture).
fn label_column(names: &[Text], cells: i32, most: i32) -> (i32, i32) {
    let name_w = names
        .iter()
        .map(|t| caption_width(t, TEXT))
        .max()
        .unwrap_or(0);
    let x0 = LEFT + name_w + 4;
    (
        x0,
        most.min((PICTURE_WIDTH as i32 - LEFT - x0) / cells.max(1)),
    )
}

/// A player's marker in a cell: up to four in a 2 × 2 block.
fn marker(sk: &mut Sketch, x: i32, y: i32, i: usize) {
    let (dx, dy) = ((i % 2) as i32 * 9, (i / 2) as i32 * 8);
    sk.circle(x + dx, y + dy, 4, Some(Color::seat(i)), Some(Color::BLACK));
}

/// The temples as strips of steps (victory points on each) with markers.
fn temples(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    let mut y = heading(
        sk,
        y,
        Text::new("Temples (points per step)", "신전 (칸별 점수)"),
    );
    let names: Vec<Text> = s
        .data
        .temples
        .iter()
        .map(|t| Text::new(t.name.clone(), t.ko.clone()))
        .collect();
    let widest = s.data.temples.iter().map(|t| t.vp.len()).max().unwrap_or(1) as i32;
    let (x0, step) = label_column(&names, widest, STEP);
    let fills = [
        Color(214, 190, 160),
        Color(240, 222, 150),
        Color(180, 214, 170),
    ];
    for (t, td) in s.data.temples.iter().enumerate() {
        sk.caption(LEFT, y + 9, names[t].clone(), TEXT, INK);
        for (k, vp) in td.vp.iter().enumerate() {
            let x = x0 + k as i32 * step;
            let fill = if k == 1 { Color::WHITE } else { fills[t % 3] };
            sk.rect(x, y, step, 30, Some(fill), Some(Color(120, 110, 100)));
            sk.label_at(
                (x + step / 2, y + 3),
                Anchor::Middle,
                vp.to_string(),
                TEXT,
                INK,
            );
            for (i, p) in s.players.iter().enumerate().take(s.n) {
                if p.temple.get(t).is_some_and(|&m| m as usize == k) {
                    marker(sk, x + step / 2 - 4, y + 17, i);
                }
            }
        }
        y += 33;
    }
    y
}

/// The technology tracks, levels 0 to 3, with markers.
fn techs(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    let mut y = heading(sk, y, Text::new("Technologies (level)", "기술 (단계)"));
    let names: Vec<Text> = s
        .data
        .techs
        .iter()
        .map(|t| Text::new(t.name.clone(), t.ko.clone()))
        .collect();
    let (x0, level) = label_column(&names, 4, LEVEL);
    for (t, _) in s.data.techs.iter().enumerate() {
        sk.caption(LEFT, y + 6, names[t].clone(), TEXT, INK);
        for lvl in 0..4i32 {
            let x = x0 + lvl * level;
            sk.rect(
                x,
                y,
                level,
                20,
                Some(Color(232, 232, 242)),
                Some(Color::GREY),
            );
            sk.label(x + 3, y + 6, lvl.to_string(), TEXT, INK);
            let mut i_here = 0;
            for (i, p) in s.players.iter().enumerate().take(s.n) {
                if p.tech.get(t).is_some_and(|&l| i32::from(l) == lvl) {
                    let dx = 16 + i_here * 7;
                    sk.circle(x + dx, y + 10, 4, Some(Color::seat(i)), Some(Color::BLACK));
                    i_here += 1;
                }
            }
        }
        y += 23;
    }
    y
}

/// A cost in short words: "1W 2S" / "나1 돌2".
fn cost_text(g: &Goods) -> Text {
    let mut en = Vec::new();
    let mut ko = Vec::new();
    for (n, e, k) in [
        (g.corn, "C", "옥"),
        (g.res[0], "W", "나"),
        (g.res[1], "S", "돌"),
        (g.res[2], "G", "금"),
        (g.skull, "K", "해"),
    ] {
        if n > 0 {
            en.push(format!("{n}{e}"));
            ko.push(format!("{k}{n}"));
        }
    }
    Text::new(en.join(" "), ko.join(" "))
}

/// The buildings and monuments on offer, in two columns.
fn offer(sk: &mut Sketch, s: &State, y: i32) -> i32 {
    let y = heading(
        sk,
        y,
        Text::new(
            "On offer (C corn W wood S stone G gold)",
            "제공 중 (옥 옥수수, 나 나무, 돌, 금)",
        ),
    );
    let half = (PICTURE_WIDTH as i32 - 2 * LEFT) / 2;
    let mut rows = [y, y];
    let mut item = |sk: &mut Sketch, col: usize, id: &str, cost: &Goods, fill: Color| {
        let x = LEFT + col as i32 * half;
        sk.rect(
            x,
            rows[col],
            half - 4,
            17,
            Some(fill),
            Some(Color(120, 120, 120)),
        );
        let c = cost_text(cost);
        sk.caption(
            x + 3,
            rows[col] + 5,
            Text::new(format!("{id} {}", c.en), format!("{id} {}", c.ko)),
            TEXT,
            INK,
        );
        rows[col] += 19;
    };
    for &b in s.display.iter().filter(|&&b| b != NONE) {
        if let Some(bd) = s.data.buildings.get(b as usize) {
            let fill = match bd.category {
                Category::Farm => Color(240, 222, 140),
                Category::Tomb => Color(210, 210, 210),
                Category::City => Color(180, 222, 180),
                Category::Holy => Color(180, 200, 236),
            };
            item(sk, 0, &bd.id, &bd.cost, fill);
        }
    }
    for &m in &s.monuments {
        if let Some(md) = s.data.monuments.get(m as usize) {
            item(sk, 1, &md.id, &md.cost, Color(226, 210, 242));
        }
    }
    rows[0].max(rows[1])
}

/// The players' table: the first seven columns of the view's players table
/// (seat, points, corn, wood, stone, gold, skulls), cell for cell.
fn players_table(sk: &mut Sketch, players: &Section, y: i32) -> i32 {
    let mut grid = Grid::from_section(players, &[0, 1, 2, 3, 4, 5, 6], TEXT);
    grid.gap = 7;
    grid.draw(sk, LEFT, y)
}
