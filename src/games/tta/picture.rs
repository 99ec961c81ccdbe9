//! The board picture laid out for a phone (`PICTURE_WIDTH` units, a unit a
//! CSS pixel there): the card row, one card a line in the words of the
//! view's card row table and what taking it costs; every civilization's numbers side by side; then
//! every player's public tableau (government, leader, technologies with
//! their workers and blue tokens, wonders, banks, hand size); in the advanced
//! and full games also the military hand sizes, the event piles, pacts,
//! tactics and colonies. Nothing of a hand but its size is drawn.

use super::data::{age_name, age_name_ko, Kind, ROW_COSTS};
use super::scoring;
use super::state::{Mode, Player, State};
use crate::engine::layout::{fit_words, ink_on, wrap};
use crate::engine::{Anchor, Color, Grid, Sketch, Text, PICTURE_WIDTH};

const LEFT: i32 = 6;
const TEXT: i32 = 8;
const HEAD: i32 = 9;
const ROOM: i32 = PICTURE_WIDTH as i32 - 2 * LEFT;
/// Technologies side by side in a tableau, and the size of each.
const TECHS_ACROSS: i32 = 4;
const TECH_H: i32 = 30;

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

/// The card row and every civilization, the same for every reader (so a
/// move's picture is drawn once for all its mails): the row's costs are
/// the printed ones, and a seat's own cost (wonders cost more for each one
/// built) is in its mail's card-row table.
pub fn picture(s: &State, row: &[Text]) -> Sketch {
    let mut k = Sketch::new(PICTURE_WIDTH, 100);
    k.caption(
        LEFT,
        4,
        Text::new(
            format!("Round {} · Age {}", s.round, age_name(s.age)),
            format!("{}라운드 · {}시대", s.round, age_name_ko(s.age)),
        ),
        HEAD,
        Color::BLACK,
    );
    let mut y = draw_row(&mut k, s, row, 22);
    y = civilizations(s).draw(&mut k, LEFT, y + 10);
    if s.rules.mode != Mode::Intro {
        y = lines(&mut k, &politics(s), y + 6, Color::BLACK);
    }
    for (i, p) in s.players.iter().enumerate() {
        y = tableau(&mut k, s, i, p, y + 8);
    }
    k.height = u32::try_from(y + 4).unwrap_or(600);
    k.alt = format!(
        "The card row of round {} and every civilization: {}.",
        s.round,
        culture_list(s)
    );
    k.alt_ko = format!(
        "{}라운드의 카드 열과 모든 문명: {}.",
        s.round,
        culture_list(s)
    );
    k
}

fn culture_list(s: &State) -> String {
    s.players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {}", i + 1, p.culture))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The advanced and full games' open table in one paragraph: the event
/// piles, the pacts in force, the tactics in play and the colonies.
fn politics(s: &State) -> Text {
    let (mut en, mut ko) = (
        format!(
            "Events: {} current, {} future.",
            s.events.len(),
            s.future_events.len()
        ),
        format!(
            "이벤트: 현재 {}장, 미래 {}장.",
            s.events.len(),
            s.future_events.len()
        ),
    );
    for (i, p) in s.players.iter().enumerate() {
        let n = i + 1;
        for x in p.pacts.iter().filter(|x| x.offered) {
            let name = s.data.card_name(x.card);
            let (side, other) = (if x.a { "A" } else { "B" }, x.partner + 1);
            en.push_str(&format!(
                " Pact {}: seat {n} {side} with seat {other}.",
                name.en
            ));
            ko.push_str(&format!(
                " 조약 {}: {n}번 자리 {side}, 상대 {other}번.",
                name.ko
            ));
        }
        if let Some(t) = p.tactic {
            let name = s.data.card_name(t);
            en.push_str(&format!(" Seat {n} tactic {}.", name.en));
            ko.push_str(&format!(" {n}번 자리 전술 {}.", name.ko));
        }
        if !p.colonies.is_empty() {
            let names: Vec<Text> = p.colonies.iter().map(|&c| s.data.card_name(c)).collect();
            let list = Text::join(&names, ", ");
            en.push_str(&format!(" Seat {n} colonies {}.", list.en));
            ko.push_str(&format!(" {n}번 자리 식민지 {}.", list.ko));
        }
    }
    Text::new(en, ko)
}

/// Each civilization's numbers, in the words and cells of the view's
/// "Civilizations" table (seat, culture, science, strength/happy) and its
/// hand size.
pub fn civilizations(s: &State) -> Grid {
    let mut g = Grid::new(
        vec![
            Text::new("Seat", "자리"),
            Text::new("Culture", "문화"),
            Text::new("Science", "과학"),
            Text::new("Strength/happy", "군사력/행복"),
            Text::new("Hand", "손패"),
        ],
        TEXT,
    );
    let military = s.rules.mode != Mode::Intro;
    if military {
        // Short: the sixth column must fit a phone's picture.
        g.header.push(Text::new("Mil.", "군사"));
    }
    g.gap = 8;
    for (i, p) in s.players.iter().enumerate() {
        let st = scoring::seat_stats(s, i);
        let start = if i == s.start_player { " *" } else { "" };
        g.rows.push(vec![
            Text::same(format!("{}{start}", i + 1)),
            Text::same(format!("{} (+{})", p.culture, st.culture_rate)),
            Text::same(format!("{} (+{})", p.science, st.science_rate)),
            Text::same(format!("{}/{}", st.strength, st.happiness)),
            Text::same(p.hand.len().to_string()),
        ]);
        if military {
            if let Some(row) = g.rows.last_mut() {
                row.push(Text::same(p.military_hand.len().to_string()));
            }
        }
        g.swatches.push(Color::seat(i));
    }
    g
}

/// The 13 slots of the card row, one a line: the view's words for the slot
/// (its number, the card's whole name, token, kind and age) and the civil
/// actions taking it costs.
fn draw_row(k: &mut Sketch, s: &State, row: &[Text], y: i32) -> i32 {
    let data = &s.data;
    k.caption(
        LEFT,
        y,
        Text::new(
            "Card row: civil actions to take, as printed",
            "카드 열: 가져오는 데 드는 시민 행동(인쇄된 값)",
        ),
        TEXT,
        Color::BLACK,
    );
    let mut y = y + 16;
    let name_x = LEFT + 12;
    let cost_x = LEFT + ROOM;
    let name_room = cost_x - 14 - name_x;
    for (i, slot) in s.row.iter().enumerate() {
        let card = slot.and_then(|id| data.card(id));
        let fill = card.map_or(Color(235, 235, 235), |c| kind_color(c.kind));
        k.rect(LEFT, y - 2, 8, 13, Some(fill), None);
        let cell = row.get(i);
        let Some(cell) = cell.filter(|_| card.is_some()) else {
            k.caption(
                name_x,
                y,
                Text::new(format!("{}. (empty)", i + 1), format!("{}. (빈 칸)", i + 1)),
                TEXT,
                Color(90, 90, 90),
            );
            y += 16;
            continue;
        };
        let name = Text::new(
            fit_words(&cell.en, TEXT, name_room),
            fit_words(cell.get("ko"), TEXT, name_room),
        );
        k.caption(name_x, y, name, TEXT, Color::BLACK);
        let cost = ROW_COSTS.get(i).copied().unwrap_or(0).to_string();
        k.label_at((cost_x, y), Anchor::End, cost, TEXT, Color::BLUE);
        y += 16;
    }
    y
}

/// Lines of `text` wrapped to the picture's width, from `y`; returns the y below.
fn lines(k: &mut Sketch, text: &Text, y: i32, color: Color) -> i32 {
    let en = wrap(&text.en, TEXT, ROOM);
    let ko = wrap(text.get("ko"), TEXT, ROOM);
    let n = en.len().max(ko.len());
    for i in 0..n {
        let line = Text::new(
            en.get(i).cloned().unwrap_or_default(),
            ko.get(i).cloned().unwrap_or_default(),
        );
        // A line one language lacks stays empty there, never the other's.
        let line = if line.ko.is_empty() && !line.en.is_empty() {
            Text::new(line.en, " ")
        } else {
            line
        };
        k.caption(LEFT, y + 14 * i as i32, line, TEXT, color);
    }
    y + 14 * n as i32
}

/// One player's public tableau from `y`; returns the y below.
fn tableau(k: &mut Sketch, s: &State, seat: usize, p: &Player, y: i32) -> i32 {
    let data = &s.data;
    k.line(LEFT, y, LEFT + ROOM, y, Color::GREY, 1);
    let c = Color::seat(seat);
    k.rect(LEFT, y + 5, 12, 12, Some(c), Some(Color::BLACK));
    k.label_at(
        (LEFT + 6, y + 7),
        Anchor::Middle,
        (seat + 1).to_string(),
        TEXT,
        ink_on(c),
    );
    let gov = data.card_name(p.government);
    let leader = p
        .leader
        .map_or_else(|| Text::same("-"), |l| data.card_name(l));
    let title = Text::new(
        fit_words(
            &format!("Seat {} · {} · leader {}", seat + 1, gov.en, leader.en),
            TEXT,
            ROOM - 18,
        ),
        fit_words(
            &format!("{}번 자리 · {} · 지도자 {}", seat + 1, gov.ko, leader.ko),
            TEXT,
            ROOM - 18,
        ),
    );
    k.caption(LEFT + 18, y + 7, title, TEXT, Color::BLACK);
    let mut y = techs(k, s, p, y + 22);
    let wonders = Text::join(
        &p.wonders
            .iter()
            .map(|&w| data.card_name(w))
            .collect::<Vec<_>>(),
        ", ",
    );
    let mut wonder_line = Text::new(
        format!(
            "Wonders: {}",
            if wonders.en.is_empty() {
                "-"
            } else {
                &wonders.en
            }
        ),
        format!(
            "문화 유산: {}",
            if wonders.ko.is_empty() {
                "-"
            } else {
                &wonders.ko
            }
        ),
    );
    if let Some(w) = &p.wonder {
        let name = data.card_name(w.card);
        wonder_line.en.push_str(&format!(
            " · building {} ({} stages done)",
            name.en, w.built
        ));
        wonder_line
            .ko
            .push_str(&format!(" · 건설 중 {} ({}단계 완료)", name.ko, w.built));
    }
    y = lines(k, &wonder_line, y, Color::BLACK);
    let banks = Text::new(
        format!(
            "Idle workers {} · yellow bank {} · blue {} · hand {}",
            p.workers,
            p.yellow_bank,
            p.blue_bank,
            p.hand.len()
        ),
        format!(
            "쉬는 일꾼 {} · 노랑 저장소 {} · 파랑 {} · 손패 {}",
            p.workers,
            p.yellow_bank,
            p.blue_bank,
            p.hand.len()
        ),
    );
    y = lines(k, &banks, y, Color::BLACK);
    // A war this seat declared, pending until its next turn (full game).
    for w in s.wars.iter().filter(|w| w.declarer == seat) {
        let name = data.card_name(w.card);
        let war = Text::new(
            format!("War declared on seat {}: {}", w.target + 1, name.en),
            format!("{}번 자리에 전쟁 선포: {}", w.target + 1, name.ko),
        );
        y = lines(k, &war, y, Color::RED);
    }
    y
}

/// A player's technologies, four a line, each with its workers (yellow)
/// and blue tokens counted; returns the y below.
fn techs(k: &mut Sketch, s: &State, p: &Player, y: i32) -> i32 {
    let data = &s.data;
    let cell_w = ROOM / TECHS_ACROSS;
    let mut n = 0;
    for (t, card) in scoring::techs(data, p) {
        let (col, line) = (n % TECHS_ACROSS, n / TECHS_ACROSS);
        let (x, ty) = (LEFT + col * cell_w, y + line * (TECH_H + 2));
        n += 1;
        k.rect(
            x,
            ty,
            cell_w - 3,
            TECH_H,
            Some(Color(246, 243, 234)),
            Some(kind_color(card.kind)),
        );
        k.rect(x, ty, cell_w - 3, 4, Some(kind_color(card.kind)), None);
        let name = Text::new(
            fit_words(card.name(), TEXT, cell_w - 9),
            fit_words(card.name_ko(), TEXT, cell_w - 9),
        );
        k.caption(x + 3, ty + 6, name, TEXT, Color::BLACK);
        let mut dx = x + 8;
        for (count, colour) in [(t.workers, Color::YELLOW), (t.blue, Color::BLUE)] {
            if count == 0 {
                continue;
            }
            k.circle(dx, ty + 24, 4, Some(colour), Some(Color::BLACK));
            k.label(dx + 7, ty + 20, count.to_string(), TEXT, Color::BLACK);
            dx += 30;
        }
    }
    let rows = (n + TECHS_ACROSS - 1) / TECHS_ACROSS;
    y + rows * (TECH_H + 2) + 4
}
