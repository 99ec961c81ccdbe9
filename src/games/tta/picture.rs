//! The board picture: the card row and (for a seat) its board, drawn.

use super::data::{age_name, Kind, ROW_COSTS};
use super::legal::take_cost;
use super::scoring;
use super::state::{Player, State};
use crate::engine::{Color, Sketch};

fn kind_color(kind: Kind) -> Color {
    match kind {
        Kind::Farm | Kind::Mine => Color(170, 120, 70),
        Kind::Urban(_) => Color(160, 160, 160),
        Kind::Unit(_) => Color(200, 80, 70),
        Kind::Government => Color(235, 150, 60),
        Kind::Special(_) => Color(90, 140, 220),
        Kind::Wonder => Color::PURPLE,
        Kind::Leader => Color::GREEN,
        Kind::Action => Color::YELLOW,
        _ => Color::GREY,
    }
}

fn short(name: &str, n: usize) -> String {
    name.chars().filter(char::is_ascii).take(n).collect()
}

/// The card row and (for a seat) its board, drawn.
pub fn picture(s: &State, seat: Option<usize>) -> Sketch {
    let data = &s.data;
    let mut k = Sketch::new(960, 560);
    k.label(
        12,
        10,
        format!(
            "THROUGH THE AGES - ROUND {} - AGE {}",
            s.round,
            age_name(s.age)
        ),
        9,
        Color::BLACK,
    );
    draw_row(&mut k, s, seat);
    let Some((seat, p)) = seat.and_then(|x| s.players.get(x).map(|p| (x, p))) else {
        k.alt = format!("The card row of round {}.", s.round);
        return k;
    };
    let st = scoring::stats(data, p, s.rules.mode);
    k.label(
        12,
        140,
        format!(
            "SEAT {} - {}",
            seat + 1,
            short(data.card_name(p.government).en.as_str(), 30).to_uppercase()
        ),
        9,
        Color::seat(seat),
    );
    k.label(
        12,
        160,
        format!(
            "CULTURE {} (+{})  SCIENCE {} (+{})  STRENGTH {}  HAPPY {}",
            p.culture, st.culture_rate, p.science, st.science_rate, st.strength, st.happiness
        ),
        7,
        Color::BLACK,
    );
    draw_techs(&mut k, s, p);
    let lines = (p.techs.len() as i32 + 7) / 8;
    let base = 190 + lines.max(1) * 120;
    k.height = u32::try_from(base + 100).unwrap_or(560);
    k.label(
        12,
        base,
        format!(
            "YELLOW BANK {}   WORKERS {}   BLUE BANK {}",
            p.yellow_bank, p.workers, p.blue_bank
        ),
        7,
        Color::BLACK,
    );
    draw_tokens_and_cards(&mut k, s, p, base);
    k.alt = format!(
        "The card row of round {} and seat {}'s board: culture {}, science {}, {} workers unused.",
        s.round,
        seat + 1,
        p.culture,
        p.science,
        p.workers
    );
    k
}

/// A seat's banks as tokens, then its wonders, leader and hand size, from `base` down.
fn draw_tokens_and_cards(k: &mut Sketch, s: &State, p: &Player, base: i32) {
    let data = &s.data;
    for i in 0..i32::from(p.yellow_bank) {
        k.circle(
            20 + i * 14,
            base + 20,
            5,
            Some(Color::YELLOW),
            Some(Color::BLACK),
        );
    }
    for i in 0..i32::from(p.blue_bank) {
        k.circle(300 + i * 14, base + 20, 5, Some(Color::BLUE), None);
    }
    let wonders: Vec<String> = p
        .wonders
        .iter()
        .map(|&w| short(data.card_name(w).en.as_str(), 20))
        .collect();
    k.label(
        12,
        base + 40,
        format!("WONDERS: {}", wonders.join(", ")).to_uppercase(),
        7,
        Color::PURPLE,
    );
    if let Some(w) = &p.wonder {
        k.label(
            12,
            base + 56,
            format!(
                "BUILDING: {} {} STAGES",
                short(data.card_name(w.card).en.as_str(), 24),
                w.built
            )
            .to_uppercase(),
            7,
            Color::PURPLE,
        );
    }
    let leader = p
        .leader
        .map(|l| short(data.card_name(l).en.as_str(), 24))
        .unwrap_or_else(|| "-".into());
    k.label(
        12,
        base + 72,
        format!("LEADER: {leader}").to_uppercase(),
        7,
        Color::GREEN,
    );
    k.label(
        12,
        base + 88,
        format!("HAND: {} CARDS", p.hand.len()),
        7,
        Color::BLACK,
    );
}

/// The 13 slots of the card row with their prices (and this seat's cost).
fn draw_row(k: &mut Sketch, s: &State, seat: Option<usize>) {
    let data = &s.data;
    for (i, slot) in s.row.iter().enumerate() {
        let x = 12 + (i as i32) * 72;
        let price = ROW_COSTS.get(i).copied().unwrap_or(0);
        k.rect(
            x,
            30,
            68,
            96,
            Some(Color(240, 236, 220)),
            Some(Color::BLACK),
        );
        k.label(x + 4, 34, format!("{} ({price})", i + 1), 7, Color::BLACK);
        if let Some(c) = slot.and_then(|id| data.card(id)) {
            k.rect(x + 2, 46, 64, 10, Some(kind_color(c.kind)), None);
            let name = short(c.name(), 20);
            k.label(
                x + 4,
                62,
                name.chars().take(10).collect::<String>(),
                7,
                Color::BLACK,
            );
            k.label(
                x + 4,
                74,
                name.chars().skip(10).take(10).collect::<String>(),
                7,
                Color::BLACK,
            );
            k.label(
                x + 4,
                92,
                format!("AGE {}", age_name(c.age)),
                7,
                Color::GREY,
            );
            if let Some(p) = seat.and_then(|x| s.players.get(x)) {
                if let Some(cost) = take_cost(s, p, i) {
                    k.label(x + 4, 108, format!("TAKE {cost}"), 7, Color::BLUE);
                }
            }
        }
    }
}

/// A seat's technologies with workers (yellow) and blue tokens.
fn draw_techs(k: &mut Sketch, s: &State, p: &Player) {
    let data = &s.data;
    for (i, (t, c)) in scoring::techs(data, p).enumerate() {
        let col = (i % 8) as i32;
        let line = (i / 8) as i32;
        let x = 12 + col * 116;
        let y = 180 + line * 120;
        k.rect(
            x,
            y,
            110,
            110,
            Some(Color(245, 242, 232)),
            Some(kind_color(c.kind)),
        );
        k.rect(x, y, 110, 12, Some(kind_color(c.kind)), None);
        k.label(x + 4, y + 16, short(c.name(), 16), 7, Color::BLACK);
        k.label(
            x + 4,
            y + 28,
            format!("{} {}", c.kind.word().to_uppercase(), age_name(c.age)),
            7,
            Color::GREY,
        );
        for w in 0..i32::from(t.workers).min(12) {
            k.circle(
                x + 10 + (w % 6) * 16,
                y + 50 + (w / 6) * 16,
                6,
                Some(Color::YELLOW),
                Some(Color::BLACK),
            );
        }
        for b in 0..i32::from(t.blue).min(12) {
            k.circle(
                x + 10 + (b % 6) * 16,
                y + 84 + (b / 6) * 14,
                5,
                Some(Color::BLUE),
                None,
            );
        }
    }
}
