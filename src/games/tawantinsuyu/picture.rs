//! The picture of a position laid out for a phone (`PICTURE_WIDTH` units, a
//! unit a CSS pixel there): the hill as five section columns (the
//! Coricancha's action and High Priests on top, each space a box with its
//! worker, the steps as bars in their owner's colour), then the players'
//! table (the view's own cells) and every player's public holdings, the
//! temple track, the conquest regions, the Village and the Nomads. Also the
//! two component texts the picture and the view share.

use super::apply::{ko_names, who};
use super::command::{Bld, Names};
use super::data::{
    effect_ko, res_text, res_text_ko, symbol_text, worker_ko, worker_list, Data, SpaceColour,
    WORKER_IDS,
};
use super::state::{Player, State};
use crate::engine::layout::{caption_width, ink_on, wrap};
use crate::engine::{Anchor, Block, Color, Grid, Section, Sketch, Text, PICTURE_WIDTH};

const LEFT: i32 = 3;
const TEXT: i32 = 8;
const HEAD: i32 = 9;
const ROOM: i32 = PICTURE_WIDTH as i32 - 2 * LEFT;
/// A section column of the hill, a space's row and a step's bar.
const COL: i32 = ROOM / 5;
const ROW: i32 = 17;
const BAR: i32 = 15;
const INK: Color = Color(30, 30, 30);

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

/// A worker's mark: a letter in English (A architect, P porter, R artisan,
/// I priest, W warrior), the first syllable of its name in Korean.
fn worker_mark(d: &Data, w: u8) -> Text {
    let en = ["A", "P", "R", "I", "W"]
        .get(w as usize)
        .copied()
        .unwrap_or("?");
    let ko = worker_ko(d, w).chars().next().unwrap_or('?').to_string();
    Text::new(en, ko)
}

/// The face-up tile of the weaving pile; none while a purchase is under way:
/// the new top is turned up only at its end.
pub(super) fn pile_top_shown(s: &State) -> Option<u8> {
    if s.offer.tiles.is_empty() {
        s.weaving_pile.last().copied()
    } else {
        None
    }
}

/// A building's cost and its effect in English and Korean.
pub(super) fn bld_text(d: &Data, b: Bld) -> (String, String, String) {
    match b {
        Bld::Prod(i) => d
            .production
            .get(i as usize)
            .map(|x| {
                let paid = x.input.iter().any(|&v| v > 0);
                let (input, input_ko) = if paid {
                    (
                        format!("pay {} -> ", res_text(&x.input)),
                        format!("{} 내고 -> ", res_text_ko(&x.input)),
                    )
                } else {
                    (String::new(), String::new())
                };
                (
                    res_text(&x.cost),
                    format!("production: {input}{}", x.output.describe()),
                    format!("생산: {input_ko}{}", effect_ko(&x.output)),
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

// The tables the view shows and the picture repeats.

/// Bilingual text; seat and worker names in the Korean line are put in Korean.
fn t(en: impl Into<String>, ko: impl Into<String>) -> Text {
    Text::new(en, ko_names(ko.into()))
}

fn plain(s: impl Into<String>) -> Text {
    Text::same(s)
}

/// A card or building id, marked when it lies face down.
fn up_or_down(id: String, up: bool) -> Text {
    let id = id.to_uppercase();
    if up {
        Text::same(id)
    } else {
        Text::new(format!("{id} (down)"), format!("{id} (뒷면)"))
    }
}

/// One player's numbers, a row of the players' table.
fn player_row(s: &State, q: usize, p: &Player) -> Vec<Text> {
    let name = who(s, q);
    let [potato, corn, stone, gold] = p.res;
    let n = |v: usize| plain(v.to_string());
    vec![
        t(name.clone(), name),
        plain(p.vp.to_string()),
        plain(potato.to_string()),
        plain(corn.to_string()),
        plain(stone.to_string()),
        plain(gold.to_string()),
        // Dealt cards are in the hand too, until the ones not kept go.
        n(p.gods.len() + p.dealt.len()),
        n(p.army_hand.len()),
        plain(p.steps_left.to_string()),
        plain(p.markers_left.to_string()),
    ]
}

pub(super) fn players_section(s: &State) -> Section {
    let rows = s
        .players
        .iter()
        .enumerate()
        .map(|(q, p)| player_row(s, q, p))
        .collect();
    Section::table(
        t("Players", "플레이어"),
        vec![
            t("player", "플레이어"),
            t("VP", "승점"),
            t("potato", "감자"),
            t("corn", "옥수수"),
            t("stone", "석재"),
            t("gold", "금"),
            t("God", "신 카드"),
            t("army", "군대 카드"),
            t("steps left", "남은 계단"),
            t("markers left", "남은 마커"),
        ],
        rows,
    )
}

/// One player's public holdings in a line: workers, army in front,
/// buildings, statues and tapestries.
fn holdings_line(s: &State, q: usize, p: &Player) -> Text {
    let d = s.d();
    let names = Names(d);
    let join = |items: Vec<Text>| {
        let j = Text::join(&items, ", ");
        if j.en.is_empty() {
            Text::same("-")
        } else {
            j
        }
    };
    let front = join(
        p.army_front
            .iter()
            .map(|&(a, up)| up_or_down(names.army(a), up))
            .collect(),
    );
    let blds = join(
        p.production
            .iter()
            .map(|&(b, up)| up_or_down(names.bld(Bld::Prod(b)), up))
            .chain(
                p.passive
                    .iter()
                    .map(|&b| Text::same(names.bld(Bld::Pass(b)).to_uppercase())),
            )
            .collect(),
    );
    let statues = join(
        p.statues
            .iter()
            .map(|&(sym, large)| {
                let god = symbol_text(d, sym as usize);
                if large {
                    Text::new(format!("large {}", god.en), format!("큰 {}", god.ko))
                } else {
                    Text::new(format!("small {}", god.en), format!("작은 {}", god.ko))
                }
            })
            .collect(),
    );
    let taps: Vec<String> = p
        .tapestries
        .iter()
        .map(|tp| {
            tp.iter()
                .map(|&w| names.weaving(w).to_uppercase())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect();
    let taps = if taps.is_empty() {
        "-".to_string()
    } else {
        taps.join(" / ")
    };
    let workers = worker_list(d, &p.workers);
    let name = who(s, q);
    t(
        format!(
            "{name}: workers {}; army in front {}; buildings {}; statues {}; tapestries {taps}",
            workers.en, front.en, blds.en, statues.en
        ),
        format!(
            "{name}: 일꾼 {}; 앞의 군대 {}; 건물 {}; 조각상 {}; 태피스트리 {taps}",
            workers.ko, front.ko, blds.ko, statues.ko
        ),
    )
}

pub(super) fn holdings_section(s: &State) -> Section {
    let lines = s
        .players
        .iter()
        .enumerate()
        .map(|(q, p)| holdings_line(s, q, p))
        .collect();
    Section::lines(t("Holdings", "보유물"), lines)
}

/// The picture; `players` is the view's players table, `holdings` its
/// lines of each player's public holdings.
pub(super) fn picture(s: &State, players: &Section, holdings: &Section) -> Sketch {
    let mut k = Sketch::new(PICTURE_WIDTH, 100);
    let mut y = hill(&mut k, s, 4);
    let mut grid = Grid::from_section(players, &[0, 1, 2, 3, 4, 5, 6, 7], TEXT);
    grid.gap = 6;
    while grid.width() > ROOM && grid.header.len() > 3 {
        grid.header.pop();
        for r in &mut grid.rows {
            r.pop();
        }
    }
    y = grid.draw(&mut k, LEFT, y + 6);
    y = holding_lines(&mut k, holdings, y + 2);
    y = temple(&mut k, s, y + 6);
    y = conquest(&mut k, s, y + 6);
    y = village_and_nomads(&mut k, s, y + 6);
    if s.solo {
        y = axomama(&mut k, s, y + 6);
    }
    y = lines(
        &mut k,
        &Text::new(
            "Substitute components: a designed stand-in, not the published ones.",
            "대체 구성물: 출판된 것이 아닌 설계된 대체품입니다.",
        ),
        y + 6,
        Color::RED,
    );
    k.height = u32::try_from(y + 4).unwrap_or(800);
    let placed = s.hill.iter().flatten().count();
    let steps = s.steps.iter().flatten().count();
    k.alt = format!(
        "Tawantinsuyu board: the hill with {placed} workers placed and {steps} steps built; \
         Village {}, Nomads {}; every player's holdings.",
        s.village.len(),
        s.nomads.len()
    );
    k.alt_ko = format!(
        "타완틴수유 게임판: 언덕에 일꾼 {placed}명, 계단 {steps}개; 마을 {}명, 유목민 {}명; 모든 플레이어의 보유물.",
        s.village.len(),
        s.nomads.len()
    );
    k
}

/// Lines of `text` wrapped to the picture's width from `y`; the y below.
fn lines(k: &mut Sketch, text: &Text, y: i32, color: Color) -> i32 {
    lines_at(k, text, LEFT, ROOM, y, color)
}

fn lines_at(k: &mut Sketch, text: &Text, x: i32, room: i32, y: i32, color: Color) -> i32 {
    let en = wrap(&text.en, TEXT, room);
    let ko = wrap(text.get("ko"), TEXT, room);
    let n = en.len().max(ko.len());
    for i in 0..n {
        let line = Text::new(
            en.get(i).cloned().unwrap_or_else(|| " ".into()),
            ko.get(i).cloned().unwrap_or_else(|| " ".into()),
        );
        k.caption(x, y + 13 * i as i32, line, TEXT, color);
    }
    y + 13 * n as i32
}

/// The hill: five columns, one per section of the Coricancha, from the top
/// terrace down; returns the y below its legend.
fn hill(k: &mut Sketch, s: &State, y: i32) -> i32 {
    k.caption(
        LEFT,
        y,
        Text::new(
            format!("The hill · festivals held {}/3", s.festivals_done),
            format!("언덕 · 진행된 축제 {}/3", s.festivals_done),
        ),
        HEAD,
        INK,
    );
    let top = y + 16;
    let mut bottom = top;
    for sec in 0..5 {
        let x = LEFT + sec as i32 * COL;
        k.label(x + 2, top, format!("s{}", sec + 1), TEXT, INK);
        let priests = (0..s.np()).filter(|&q| s.players[q].priest == Some(sec));
        for (j, q) in priests.enumerate() {
            let px = x + 22 + 11 * j as i32;
            k.circle(px, top + 4, 4, Some(Color::seat(q)), Some(Color::BLACK));
        }
        let action = s.action_at(sec);
        k.caption_at(
            (x + COL / 2, top + 13),
            Anchor::Middle,
            Text::new(action.word(), action.ko()),
            TEXT,
            Color::BROWN,
        );
        bottom = bottom.max(section_column(k, s, sec, x, top + 28));
    }
    lines(
        k,
        &Text::new(
            "Top: the Coricancha's action and High Priests. Blue space: architect +1, \
             green: artisan +1; disc: the worker there; bar: a step, in its owner's colour.",
            "위: 코리칸차의 행동과 대제사장. 파란 칸: 건축가 +1, 초록 칸: 장인 +1; \
             원: 놓인 일꾼; 막대: 계단 (주인의 색).",
        ),
        bottom + 4,
        INK,
    )
}

/// One section's spaces, top terrace first, with its upper step after the
/// top terrace and its lower step after the middle one; the y below.
fn section_column(k: &mut Sketch, s: &State, sec: usize, x: i32, mut y: i32) -> i32 {
    let d = s.d();
    for terrace in 0..3 {
        for (i, sp) in d.spaces.iter().enumerate() {
            if sp.section != sec || sp.terrace != terrace {
                continue;
            }
            let fill = match sp.colour {
                SpaceColour::Blue => Color(196, 210, 245),
                SpaceColour::Green => Color(196, 232, 196),
                SpaceColour::None => Color(250, 248, 240),
            };
            k.rect(x + 1, y, COL - 3, ROW - 2, Some(fill), Some(Color::GREY));
            k.label(x + 4, y + 3, sp.id.to_lowercase(), TEXT, INK);
            if let Some(Some(w)) = s.hill.get(i) {
                let c = worker_color(d, *w);
                let (cx, cy) = (x + COL - 12, y + 7);
                k.circle(cx, cy, 7, Some(c), Some(Color::BLACK));
                k.caption_at(
                    (cx, cy - 4),
                    Anchor::Middle,
                    worker_mark(d, *w),
                    TEXT,
                    ink_on(c),
                );
            }
            y += ROW;
        }
        if terrace < 2 {
            let upper = terrace == 0;
            for (i, st) in d.steps.iter().enumerate() {
                if st.section != sec || st.upper != upper {
                    continue;
                }
                let owner = s.steps.get(i).copied().flatten();
                let fill = owner.map_or(Color(228, 224, 214), |o| Color::seat(o as usize));
                k.rect(x + 1, y, COL - 3, BAR - 2, Some(fill), Some(Color::BROWN));
                k.label(x + 4, y + 2, st.id.to_lowercase(), TEXT, ink_on(fill));
                y += BAR;
            }
        }
    }
    y
}

/// Each player's holdings, the view's lines, each after its seat's colour.
fn holding_lines(k: &mut Sketch, holdings: &Section, mut y: i32) -> i32 {
    let Block::Lines(rows) = &holdings.body else {
        return y;
    };
    for (q, row) in rows.iter().enumerate() {
        k.rect(LEFT, y + 1, 8, 8, Some(Color::seat(q)), Some(Color::BLACK));
        y = lines_at(k, row, LEFT + 12, ROOM - 12, y, INK) + 3;
    }
    y
}

/// The temple track: each space's number, gold where it scores at the end,
/// and the players' markers; the y below.
fn temple(k: &mut Sketch, s: &State, y: i32) -> i32 {
    let d = s.d();
    k.caption(
        LEFT,
        y,
        Text::new(
            "Temple track (gold: scores at the end)",
            "신전 트랙 (금색: 마지막에 점수)",
        ),
        TEXT,
        INK,
    );
    let y = y + 14;
    let n = d.temple.len().max(1) as i32;
    let w = ROOM / n;
    for (i, space) in d.temple.iter().enumerate() {
        let x = LEFT + i as i32 * w;
        let fill = if space.final_vp > 0 {
            Color(250, 220, 120)
        } else {
            Color(240, 240, 230)
        };
        k.rect(x, y, w - 1, 26, Some(fill), Some(Color::GREY));
        k.label_at((x + w / 2, y + 2), Anchor::Middle, i.to_string(), TEXT, INK);
        let here: Vec<usize> = (0..s.np()).filter(|&q| s.players[q].temple == i).collect();
        for (j, q) in here.iter().enumerate() {
            let mx = x + 3 + (j as i32 % 2) * 8;
            let my = y + 15 + (j as i32 / 2) * 6;
            k.circle(mx + 1, my + 2, 3, Some(Color::seat(*q)), Some(Color::BLACK));
        }
    }
    y + 30
}

/// The conquest regions, one row each: the region's name, then its spaces
/// by position, filled with the colour of the marker on it; the y below.
fn conquest(k: &mut Sketch, s: &State, y: i32) -> i32 {
    let d = s.d();
    k.caption(
        LEFT,
        y,
        Text::new("Conquest (space: position)", "정복 (칸: 위치)"),
        TEXT,
        INK,
    );
    let mut y = y + 14;
    let names: Vec<Text> = d
        .regions
        .iter()
        .map(|r| Text::new(r.id.clone(), r.ko.clone()))
        .collect();
    let name_w = names
        .iter()
        .map(|t| caption_width(t, TEXT))
        .max()
        .unwrap_or(0);
    let x0 = LEFT + name_w + 6;
    let most = d.conquest.iter().map(|c| c.position).max().unwrap_or(1) as i32;
    let w = ((LEFT + ROOM - x0) / most.max(1)).min(40);
    for (r, name) in names.into_iter().enumerate() {
        k.caption(LEFT, y + 3, name, TEXT, INK);
        for (i, c) in d.conquest.iter().enumerate().filter(|(_, c)| c.region == r) {
            let bx = x0 + (c.position as i32 - 1) * w;
            let owner = s.conquest.get(i).copied().flatten();
            let fill = owner.map_or(Color(246, 244, 238), |o| Color::seat(o as usize));
            k.rect(bx, y, w - 2, 14, Some(fill), Some(Color::GREY));
            k.label_at(
                (bx + (w - 2) / 2, y + 3),
                Anchor::Middle,
                c.position.to_string(),
                TEXT,
                ink_on(fill),
            );
        }
        y += 17;
    }
    y
}

/// A row of workers from (x, y); the x after it.
fn worker_row(k: &mut Sketch, d: &Data, x: i32, y: i32, workers: &[u8]) -> i32 {
    let step = 17;
    let across = ((ROOM - (x - LEFT)) / step).max(1) as usize;
    for (j, &w) in workers.iter().enumerate().take(across) {
        let cx = x + 8 + step * j as i32;
        let c = worker_color(d, w);
        k.circle(cx, y + 7, 7, Some(c), Some(Color::BLACK));
        k.caption_at(
            (cx, y + 3),
            Anchor::Middle,
            worker_mark(d, w),
            TEXT,
            ink_on(c),
        );
    }
    x + step * workers.len().min(across) as i32
}

/// The Village and the Nomads as rows of workers, with the bag and the
/// casualties counted; the y below.
fn village_and_nomads(k: &mut Sketch, s: &State, y: i32) -> i32 {
    let d = s.d();
    let rows = [
        (
            Text::new("Village (potato end first)", "마을 (감자 쪽부터)"),
            &s.village,
        ),
        (
            Text::new(
                format!(
                    "Nomads · bag {} · casualties {}",
                    s.bag.len(),
                    s.casualties.len()
                ),
                format!(
                    "유목민 · 주머니 {} · 전쟁 사상자 {}",
                    s.bag.len(),
                    s.casualties.len()
                ),
            ),
            &s.nomads,
        ),
    ];
    let mut y = y;
    for (title, workers) in rows {
        k.caption(LEFT, y, title, TEXT, INK);
        worker_row(k, d, LEFT, y + 13, workers);
        y += 34;
    }
    let key: Vec<String> = (0..WORKER_IDS.len() as u8)
        .map(|w| format!("{} {}", worker_mark(d, w).en, WORKER_IDS[w as usize]))
        .collect();
    let key_ko: Vec<String> = (0..WORKER_IDS.len() as u8)
        .map(|w| worker_ko(d, w).to_string())
        .collect();
    lines(
        k,
        &Text::new(
            format!("Workers: {}", key.join(" · ")),
            format!("일꾼: {}", key_ko.join(" · ")),
        ),
        y,
        INK,
    )
}

/// Solo: Axomama's card slots and where its number tokens stand; the y below.
fn axomama(k: &mut Sketch, s: &State, y: i32) -> i32 {
    let d = s.d();
    let slots: Vec<(String, String)> = s
        .axo
        .slots
        .iter()
        .filter_map(|&g| d.gods.get(g as usize))
        .map(|g| {
            (
                d.symbol_name(g.symbol).to_string(),
                super::data::symbol_ko(d, g.symbol).to_string(),
            )
        })
        .collect();
    let (en, ko): (Vec<String>, Vec<String>) = slots.into_iter().unzip();
    let tokens: Vec<String> = d
        .solo
        .tokens
        .iter()
        .zip(&s.axo.tokens)
        .map(|(tk, c)| format!("#{}:{c}", tk.0))
        .collect();
    lines(
        k,
        &Text::new(
            format!(
                "Axomama: slots {} · number tokens on cells {}",
                en.join(", "),
                tokens.join(" ")
            ),
            format!(
                "악소마마: 슬롯 {} · 숫자 토큰 칸 {}",
                ko.join(", "),
                tokens.join(" ")
            ),
        ),
        y,
        INK,
    )
}
