//! The picture of the board: the gears with their workers, the skull slots,
//! temples and technologies, the buildings and monuments on offer, the
//! players' goods, and a legend of the actions, drawn as a `Sketch`.

use super::data::{seat_name, ActionKind, Category, Goods};
use super::state::{State, DUMMY, EMPTY, NONE};
use crate::engine::{Color, Sketch};

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

/// The whole board as one picture.
pub fn picture(s: &State) -> Sketch {
    let mut sk = Sketch::new(1000, 820);
    sk.alt = format!("Tzolk'in board, day {}, age {}", s.day, s.age);
    gears(&mut sk, s);
    skulls_and_start(&mut sk, s);
    temples_and_techs(&mut sk, s);
    offer(&mut sk, s);
    let jungle_y = players(&mut sk, s);
    legend(&mut sk, s, jungle_y);
    sk
}

/// The calendar line and the five gears with their workers.
fn gears(sk: &mut Sketch, s: &State) {
    // Calendar.
    sk.label(
        20,
        14,
        format!(
            "DAY {}  AGE {}  CORN ON TEETH {}  SKULLS LEFT {}",
            s.day, s.age, s.accumulated, s.skull_supply
        ),
        9,
        Color::BLACK,
    );
    // Gears.
    for g in 0..5 {
        let gd = &s.data.gears[g];
        let (cx, cy, r) = (100 + g as i32 * 190, 140, 72);
        sk.circle(cx, cy, r, Some(Color(235, 225, 200)), Some(Color::BROWN));
        sk.label(cx - 40, cy - 4, gd.name.to_uppercase(), 8, Color::BROWN);
        for pos in 0..gd.teeth {
            let ang = std::f64::consts::PI * 2.0 * pos as f64 / gd.teeth as f64
                - std::f64::consts::FRAC_PI_2;
            let (x, y) = (
                cx + (f64::from(r - 14) * ang.cos()) as i32,
                cy + (f64::from(r - 14) * ang.sin()) as i32,
            );
            let o = s.gears[g][pos];
            let numbered = pos <= gd.last;
            if o != EMPTY {
                sk.circle(x, y, 10, Some(seat_color(o)), Some(Color::BLACK));
                sk.label(x - 3, y - 3, occupant(o), 7, Color::WHITE);
            } else {
                sk.circle(
                    x,
                    y,
                    10,
                    Some(if numbered {
                        Color::WHITE
                    } else {
                        Color(200, 190, 170)
                    }),
                    Some(Color::GREY),
                );
                if numbered {
                    sk.label(x - 3, y - 3, pos.to_string(), 7, Color::BLACK);
                }
            }
        }
    }
}

/// Chichen Itza's skull slots and the starting player space.
fn skulls_and_start(sk: &mut Sketch, s: &State) {
    // Chichen Itza skull slots.
    let chi_x = 100 + 4 * 190 - 90;
    sk.label(chi_x, 222, "SKULLS", 7, Color::BLACK);
    for k in 0..s.data.gears[4].actions.len() {
        let filled = s.chi_slots & (1 << k) != 0;
        let x = chi_x + 50 + k as i32 * 14;
        sk.circle(
            x,
            226,
            6,
            Some(if filled {
                Color(90, 90, 210)
            } else {
                Color::WHITE
            }),
            Some(Color::BLACK),
        );
        sk.label(x - 2, 236, (k + 1).to_string(), 6, Color::BLACK);
    }
    sk.label(
        200,
        233,
        format!("FIRST PLAYER: {}", seat_name(s.first).en.to_uppercase()),
        7,
        Color::BLACK,
    );
    // Starting player space.
    sk.rect(
        20,
        225,
        150,
        24,
        Some(Color(250, 240, 200)),
        Some(Color::BROWN),
    );
    let start = s.seat_on_start().map(|o| INITIALS[o]).unwrap_or("-");
    sk.label(26, 233, format!("START SPACE: {start}"), 7, Color::BLACK);
}

/// The temples and technology tracks with each player's markers.
fn temples_and_techs(sk: &mut Sketch, s: &State) {
    // Temples.
    let tcols = [Color::BROWN, Color::YELLOW, Color::GREEN];
    for (t, td) in s.data.temples.iter().enumerate() {
        let x = 30 + t as i32 * 110;
        sk.label(x, 268, td.name.to_uppercase(), 7, Color::BLACK);
        for step in 0..td.vp.len() {
            let y = 470 - step as i32 * 22;
            sk.rect(
                x,
                y,
                90,
                20,
                Some(if step == 1 { Color::WHITE } else { tcols[t] }),
                Some(Color::BLACK),
            );
            sk.label(x + 2, y + 7, format!("{}", td.vp[step]), 7, Color::BLACK);
            for (i, p) in s.players.iter().enumerate() {
                if p.temple[t] as usize == step {
                    sk.circle(
                        x + 30 + i as i32 * 15,
                        y + 10,
                        6,
                        Some(Color::seat(i)),
                        Some(Color::BLACK),
                    );
                }
            }
        }
    }
    // Technologies.
    sk.label(370, 268, "TECHNOLOGY", 8, Color::BLACK);
    for (t, td) in s.data.techs.iter().enumerate() {
        let y = 290 + t as i32 * 44;
        sk.label(370, y + 12, td.id.to_uppercase(), 7, Color::BLACK);
        for lvl in 0..4 {
            let x = 420 + lvl * 50;
            sk.rect(x, y, 46, 38, Some(Color(230, 230, 240)), Some(Color::GREY));
            sk.label(x + 2, y + 2, lvl.to_string(), 7, Color::GREY);
            for (i, p) in s.players.iter().enumerate() {
                if i32::from(p.tech[t]) == lvl {
                    sk.circle(
                        x + 10 + (i as i32 % 2) * 20,
                        y + 16 + (i as i32 / 2) * 12,
                        5,
                        Some(Color::seat(i)),
                        Some(Color::BLACK),
                    );
                }
            }
        }
    }
}

/// The buildings and monuments on offer.
fn offer(sk: &mut Sketch, s: &State) {
    // Buildings and monuments on offer.
    sk.label(640, 268, "ON OFFER", 8, Color::BLACK);
    let mut row = 0;
    for &b in s.display.iter().filter(|&&b| b != NONE) {
        if let Some(bd) = s.data.buildings.get(b as usize) {
            let y = 288 + row * 24;
            let fill = match bd.category {
                Category::Farm => Color(240, 220, 120),
                Category::Tomb => Color(190, 190, 190),
                Category::City => Color(150, 210, 150),
                Category::Holy => Color(150, 180, 230),
            };
            sk.rect(640, y, 340, 20, Some(fill), Some(Color::BLACK));
            sk.label(
                646,
                y + 7,
                format!("{} {}", bd.id, cost_ascii(&bd.cost)),
                7,
                Color::BLACK,
            );
            row += 1;
        }
    }
    for &m in &s.monuments {
        if let Some(md) = s.data.monuments.get(m as usize) {
            let y = 288 + row * 24;
            sk.rect(
                640,
                y,
                340,
                20,
                Some(Color(220, 200, 240)),
                Some(Color::BLACK),
            );
            sk.label(
                646,
                y + 7,
                format!("{} {}", md.id, cost_ascii(&md.cost)),
                7,
                Color::BLACK,
            );
            row += 1;
        }
    }
}

/// Each player's goods and workers, and the jungle line below them; returns
/// the jungle line's height, under which the legend goes.
fn players(sk: &mut Sketch, s: &State) -> i32 {
    // Players.
    let y0 = 560;
    sk.label(
        20,
        y0,
        "PLAYER   VP  CORN WOOD STONE GOLD SKULL  HAND GEARS SUPPLY  BOARD",
        8,
        Color::BLACK,
    );
    for i in 0..s.n {
        let p = &s.players[i];
        let y = y0 + 22 + i as i32 * 22;
        sk.rect(20, y - 4, 14, 14, Some(Color::seat(i)), Some(Color::BLACK));
        sk.label(
            40,
            y,
            format!(
                "{:<6} {:>4} {:>5} {:>4} {:>5} {:>4} {:>5} {:>5} {:>5} {:>6}  {}",
                seat_name(i).en.to_uppercase(),
                p.vp,
                p.corn,
                p.res[0],
                p.res[1],
                p.res[2],
                p.skulls,
                p.hand,
                s.on_gears(i),
                p.supply,
                if p.light { "LIGHT" } else { "DARK" }
            ),
            8,
            Color::BLACK,
        );
    }
    let jy = y0 + 22 + s.n as i32 * 22 + 10;
    let j: Vec<String> = (0..4)
        .map(|k| format!("PAL{}: {}W {}C", k + 2, s.jungle[k][0], s.jungle[k][1]))
        .collect();
    sk.label(
        20,
        jy,
        format!("JUNGLE  {}", j.join("   ")),
        7,
        Color::BLACK,
    );
    jy
}

/// The legend of the gears' actions.
fn legend(sk: &mut Sketch, s: &State, jy: i32) {
    sk.label(
        20,
        jy + 24,
        "ACTIONS (C corn, W wood, S stone, G gold, R resource of choice)",
        7,
        Color::BLACK,
    );
    for (g, gd) in s.data.gears.iter().enumerate() {
        let parts: Vec<String> = gd
            .actions
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{}:{}", i + 1, action_ascii(s, i + 1, a)))
            .collect();
        let line = format!(
            "{} {} {}+:FREE",
            gd.id.to_uppercase(),
            parts.join(" "),
            gd.free_from
        );
        sk.label(20, jy + 42 + g as i32 * 16, line, 7, Color::BROWN);
    }
}

/// A few ASCII characters for an action, for the picture's legend.
fn action_ascii(s: &State, n: usize, kind: &ActionKind) -> String {
    let goods = |g: &Goods| {
        let mut v = Vec::new();
        for (k, w) in [
            (g.res[0], "W"),
            (g.res[1], "S"),
            (g.res[2], "G"),
            (g.corn, "C"),
        ] {
            if k > 0 {
                v.push(format!("{k}{w}"));
            }
        }
        if g.skull > 0 {
            v.push("SKULL".to_string());
        }
        v.join("+")
    };
    match *kind {
        ActionKind::Fish { corn } => format!("{corn}C"),
        ActionKind::Harvest => {
            let k = n.saturating_sub(2);
            let (c, w) = (
                s.data.jungle_corn.get(k).copied().unwrap_or(0),
                s.data.jungle_wood.get(k).copied().unwrap_or(0),
            );
            if w > 0 {
                format!("{c}C/{w}W")
            } else {
                format!("{c}C")
            }
        }
        ActionKind::Gain(g) => goods(&g),
        ActionKind::Tech { count } => {
            if count > 1 {
                format!("{count}TECH")
            } else {
                "TECH".into()
            }
        }
        ActionKind::Build { count } => {
            if count > 1 {
                format!("{count}BUILD/MON")
            } else {
                "BUILD".into()
            }
        }
        ActionKind::Temples { count, .. } => format!("R>{count}TEMPLES"),
        ActionKind::Temple { corn } => format!("{corn}C>TEMPLE"),
        ActionKind::Market => "MARKET".into(),
        ActionKind::Worker => "+WORKER".into(),
        ActionKind::BuildCorn { .. } => "BUILD(C)".into(),
        ActionKind::AnyAction { corn } => format!("{corn}C>ANY"),
        ActionKind::Offer {
            vp,
            temple,
            resources,
        } => {
            let t = s
                .data
                .temples
                .get(temple)
                .map(|t| t.id.to_uppercase())
                .unwrap_or_default();
            format!("{vp}VP {t}{}", if resources > 0 { "+R" } else { "" })
        }
    }
}

fn cost_ascii(g: &Goods) -> String {
    let mut parts = Vec::new();
    for (n, w) in [
        (g.corn, "CORN"),
        (g.res[0], "WOOD"),
        (g.res[1], "STONE"),
        (g.res[2], "GOLD"),
        (g.skull, "SKULL"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {w}"));
        }
    }
    parts.join(" ")
}
