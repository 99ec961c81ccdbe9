//! What a player sees: the same public board for everyone (Tikal has no
//! private hands, spec section 7), as sections of lines and tables, the
//! picture, and the substitute-tile footer. The stack's order is never shown.

use super::command::color;
use super::command::{kind_name, VOCABULARY};
use super::data::{Kind, TEMPLE_TILES};
use super::legal::{crossing, force, kind, spot_stones, strongest};
use super::scoring::{final_parts, treasure_points};
use super::state::{LeaderAt, Mode, Phase, RoundKind, State};
use crate::engine::korean::{korean_command, korean_examples};
use crate::engine::{Seat, Section, Text, View};

const EDGE_NAMES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

fn t(en: impl Into<String>, ko: impl Into<String>) -> Text {
    Text::new(en, ko)
}

/// A hex as a line: id, kind, value or masks, stones per edge in its printed orientation.
pub fn describe_tile(s: &State, tile: usize) -> Text {
    let Some(x) = s.data.tiles.get(tile) else {
        return Text::same("?");
    };
    let stones: Vec<String> = EDGE_NAMES
        .iter()
        .zip(x.stones.iter())
        .map(|(n, k)| format!("{n}{k}"))
        .collect();
    let (extra_en, extra_ko) = match x.kind {
        Kind::Temple => (format!(" {}", x.value), format!(" {}", x.value)),
        Kind::Treasure => (
            format!(" with {} masks", x.masks),
            format!(" (가면 {}개)", x.masks),
        ),
        _ => (String::new(), String::new()),
    };
    let stones_en = if x.kind == Kind::Volcano {
        String::new()
    } else {
        format!(", stones at r0: {}", stones.join(" "))
    };
    let stones_ko = if x.kind == Kind::Volcano {
        String::new()
    } else {
        format!(", r0 기준 돌: {}", stones.join(" "))
    };
    t(
        format!(
            "{} (letter {}) {}{extra_en}{stones_en}",
            x.id,
            x.letter.unwrap_or('-'),
            x.kind.name_en()
        ),
        format!(
            "{} (문자 {}) {}{extra_ko}{stones_ko}",
            x.id,
            x.letter.unwrap_or('-'),
            x.kind.name_ko()
        ),
    )
}

fn mode_text(s: &State) -> Text {
    match s.rules.mode {
        Mode::Basic => t("Tikal, basic game", "티칼 기본판"),
        Mode::Auction => t("Tikal, auction version", "티칼 경매판"),
        Mode::Mini => t("Mini-Tikal", "미니 티칼"),
    }
}

/// What is happening now, in one line, as a spectator reads it.
pub fn headline(s: &State) -> Text {
    headline_for(s, None)
}

/// What is happening now, in one line, speaking to `reader` ("Your turn:
/// ...") when it is them who acts.
pub fn headline_for(s: &State, reader: Option<usize>) -> Text {
    let names: Vec<Text> = (0..s.players).map(super::command::seat_name).collect();
    let turn = match &s.scoring {
        Some(sc) => match sc.kind {
            RoundKind::Final => t("final scoring round", "마지막 득점 라운드"),
            RoundKind::Volcano { .. } => t(
                format!("scoring round {}", s.rounds_scored + 1),
                format!("득점 라운드 {}", s.rounds_scored + 1),
            ),
        },
        None => t("normal turn", "일반 턴"),
    };
    let acting = |seat: usize, context: Text, doing: Text| {
        crate::engine::acting_headline(&context, &names, &[seat], &doing, reader)
    };
    let active = s.active as usize;
    match &s.phase {
        Phase::Over => {
            let best = s.people.iter().map(|p| p.score).max().unwrap_or(0);
            let winners: Vec<Text> = (0..s.players)
                .filter(|&p| s.people[p].score == best)
                .map(color)
                .collect();
            let w = Text::join(&winners, ", ");
            t(
                format!("Game over: {} wins with {best} points.", w.en),
                format!("게임 종료: {}이 {best}점으로 승리.", w.ko),
            )
        }
        Phase::Place { .. } => acting(active, turn, t("place a hex", "지형 놓기")),
        Phase::Act => acting(
            active,
            turn,
            t(
                format!("spend action points ({} AP left)", s.ap),
                format!("행동 점수 쓰기 ({} AP 남음)", s.ap),
            ),
        ),
        Phase::Bid => {
            let b = s.auction.as_ref().map(|a| a.bidder as usize).unwrap_or(0);
            acting(b, t("Auction", "경매"), t("bid or pass", "입찰 또는 패스"))
        }
        Phase::Choose => acting(
            active,
            turn,
            t("choose a displayed hex", "공개된 지형 고르기"),
        ),
    }
}

fn status(s: &State) -> Section {
    let mut lines = vec![mode_text(s), headline(s)];
    if let Phase::Place { tile } = s.phase {
        let d = describe_tile(s, tile as usize);
        lines.push(t(
            format!("Hex to place: {}", d.en),
            format!("놓을 지형: {}", d.ko),
        ));
    }
    if let Some(sc) = &s.scoring {
        let order: Vec<Text> = sc.order.iter().map(|&q| color(q as usize)).collect();
        let o = Text::join(&order, ", ");
        lines.push(t(
            format!(
                "Scoring order: {} (each takes 10 AP, then is scored).",
                o.en
            ),
            format!("득점 순서: {} (각자 10AP를 쓰고 득점).", o.ko),
        ));
        if let RoundKind::Volcano { trigger, tile } = sc.kind {
            let c = color(trigger as usize);
            let d = describe_tile(s, tile as usize);
            lines.push(t(
                format!(
                    "Set aside: {}; {} places it afterwards and takes his normal turn.",
                    d.en, c.en
                ),
                format!(
                    "옆에 둔 지형: {}; 라운드 후 {}이 놓고 일반 턴을 합니다.",
                    d.ko, c.ko
                ),
            ));
        }
    }
    if s.rules.mode.auctions() {
        for &tile in &s.display {
            let d = describe_tile(s, tile as usize);
            lines.push(t(
                format!("On display: {}", d.en),
                format!("공개: {}", d.ko),
            ));
        }
        let up: Vec<Text> = (0..s.players)
            .filter(|&p| s.people[p].indicator_up)
            .map(color)
            .collect();
        let u = Text::join(&up, ", ");
        lines.push(t(
            format!("Still to take a turn this round: {}", u.en),
            format!("이번 라운드에 아직 턴을 하지 않은 플레이어: {}", u.ko),
        ));
        if let Some(a) = &s.auction {
            let high = match a.high {
                Some((w, n)) => {
                    let c = color(w as usize);
                    t(format!("{} by {}", n, c.en), format!("{} ({})", n, c.ko))
                }
                None => t("none", "없음"),
            };
            let passed: Vec<Text> = (0..s.players).filter(|&p| a.passed[p]).map(color).collect();
            let p = Text::join(&passed, ", ");
            lines.push(t(
                format!("Standing bid: {}; passed: {}", high.en, p.en),
                format!("현재 입찰: {}; 패스: {}", high.ko, p.ko),
            ));
        }
    }
    Section::lines(t("Now", "현재"), lines)
}

fn players(s: &State) -> Section {
    let header = vec![
        t("Player", "플레이어"),
        t("Score", "점수"),
        t("Workers in supply", "남은 대원"),
        t("Leader", "리더"),
        t("Camps", "캠프"),
        t("Guards", "경비"),
        t("Treasures", "보물"),
        t("Treasure points", "보물 점수"),
        t("Exchangeable (singles)", "교환 가능 (짝 없음)"),
    ];
    let rows = (0..s.players)
        .map(|p| {
            let x = &s.people[p];
            let leader = match x.leader {
                LeaderAt::Supply => t("in supply", "보관 중"),
                LeaderAt::Board => t("on the board", "게임판 위"),
                LeaderAt::Gone => t("guarding", "경비로 빠짐"),
            };
            let held: Vec<String> = x
                .treasures
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(k, n)| format!("{}x{n}", kind_name(k as u8)))
                .collect();
            vec![
                color(p),
                Text::same(x.score.to_string()),
                Text::same(format!("{}/{}", x.workers_supply, s.rules.workers)),
                leader,
                Text::same(format!("{}/{}", x.camps, s.rules.camp_limit)),
                Text::same(format!("{}/{}", x.guards, s.rules.guard_limit)),
                Text::same(if held.is_empty() {
                    "-".to_string()
                } else {
                    held.join(" ")
                }),
                Text::same(treasure_points(&x.treasures).to_string()),
                Text::same({
                    let singles: Vec<String> = (0..x.treasures.len())
                        .filter(|&k| x.treasures[k] == 1)
                        .map(|k| kind_name(k as u8))
                        .collect();
                    if singles.is_empty() {
                        "-".to_string()
                    } else {
                        singles.join(" ")
                    }
                }),
            ]
        })
        .collect();
    Section::table(t("Players", "플레이어"), header, rows)
}

fn members_text(s: &State, space: usize) -> Text {
    let Some(spot) = s.spot(space) else {
        return Text::same("");
    };
    let mut en = Vec::new();
    let mut ko = Vec::new();
    for p in 0..s.players {
        let w = spot.workers[p];
        let l = spot.leader[p];
        if w == 0 && !l {
            continue;
        }
        let c = color(p);
        let lead_en = if l { " +leader" } else { "" };
        let lead_ko = if l { " +리더" } else { "" };
        en.push(format!("{} {w}{lead_en}", c.en));
        ko.push(format!("{} {w}{lead_ko}", c.ko));
    }
    t(en.join(", "), ko.join(", "))
}

fn board(s: &State) -> Section {
    let header = vec![
        t("Hex", "칸"),
        t("Terrain", "지형"),
        t("Camp / guard", "캠프 / 경비"),
        t("Members", "대원"),
        t("Paths (neighbour:AP, x = none)", "길 (이웃:AP, x = 없음)"),
    ];
    let mut rows = Vec::new();
    for (space, spot) in s.board.iter().enumerate() {
        let Some(spot) = spot else { continue };
        let k = kind(&s.data, spot);
        let (en, ko) = match k {
            Kind::Temple => (
                format!("temple {}", spot.value),
                format!("신전 {}", spot.value),
            ),
            Kind::Treasure => (
                format!("treasure, {} discs", spot.discs),
                format!("보물, 원판 {}개", spot.discs),
            ),
            other => (other.name_en().to_string(), other.name_ko().to_string()),
        };
        let mut marks_en = Vec::new();
        let mut marks_ko = Vec::new();
        if let Some(c) = spot.camp {
            let c = color(c as usize);
            marks_en.push(format!("camp {}", c.en));
            marks_ko.push(format!("캠프 {}", c.ko));
        }
        if let Some(g) = spot.guard {
            let g = color(g as usize);
            marks_en.push(format!("guarded by {}", g.en));
            marks_ko.push(format!("경비 {}", g.ko));
        }
        // Every placed neighbour with the AP to cross one member, "x" where no crossing is possible.
        let paths: Vec<String> = (0..6)
            .filter_map(|e| {
                let n = s
                    .data
                    .board
                    .neighbors
                    .get(space)?
                    .get(e)
                    .copied()
                    .flatten()?;
                s.spot(n)?;
                Some(match crossing(s, space, e) {
                    Some((to, c)) => format!("{}:{c}", s.pos(to)),
                    None => format!("{}:x", s.pos(n)),
                })
            })
            .collect();
        let stones = spot_stones(&s.data, spot);
        let shown = if k == Kind::Volcano {
            "-".to_string()
        } else if paths.is_empty() {
            format!("- (stones {stones:?})")
        } else {
            paths.join(" ")
        };
        rows.push(vec![
            Text::same(s.pos(space).to_string()),
            t(en, ko),
            t(marks_en.join(", "), marks_ko.join(", ")),
            members_text(s, space),
            Text::same(shown),
        ]);
    }
    Section::table(t("Board", "게임판"), header, rows)
}

fn temples(s: &State) -> Section {
    let mut header = vec![t("Temple", "신전"), t("Value", "가치")];
    header.extend((0..s.players).map(|p| {
        let c = color(p);
        t(format!("{} force", c.en), format!("{} 세력", c.ko))
    }));
    header.push(t("Scores for", "득점자"));
    header.push(t("Levels this turn", "이번 턴 발굴"));
    let mut rows = Vec::new();
    for (space, spot) in s.board.iter().enumerate() {
        let Some(spot) = spot else { continue };
        if kind(&s.data, spot) != Kind::Temple {
            continue;
        }
        let mut row = vec![
            Text::same(s.pos(space).to_string()),
            Text::same(spot.value.to_string()),
        ];
        row.extend((0..s.players).map(|p| Text::same(force(spot, p).to_string())));
        let by = match (spot.guard, strongest(spot, s.players)) {
            (Some(g), _) => {
                let c = color(g as usize);
                t(format!("{} (guard)", c.en), format!("{} (경비)", c.ko))
            }
            (None, Some(p)) => color(p),
            (None, None) => t("nobody (tie or empty)", "없음 (동점 또는 빈 곳)"),
        };
        row.push(by);
        let dug = s
            .dug
            .iter()
            .find(|(sp, _)| *sp as usize == space)
            .map(|(_, n)| *n)
            .unwrap_or(0);
        row.push(Text::same(dug.to_string()));
        rows.push(row);
    }
    Section::table(t("Temples", "신전"), header, rows)
}

fn supplies(s: &State) -> Section {
    let tiles: Vec<String> = (2..TEMPLE_TILES.len())
        .map(|n| format!("{n}:{}", s.temple_tiles[n]))
        .collect();
    let mut letters: Vec<(char, usize)> = Vec::new();
    for &tile in &s.stack {
        let l = s
            .data
            .tiles
            .get(tile as usize)
            .and_then(|x| x.letter)
            .unwrap_or('-');
        match letters.iter_mut().find(|(c, _)| *c == l) {
            Some((_, n)) => *n += 1,
            None => letters.push((l, 1)),
        }
    }
    letters.sort_unstable();
    let stack: Vec<String> = letters.iter().map(|(l, n)| format!("{l}:{n}")).collect();
    let unseen: u32 = s.pool.iter().map(|&n| n as u32).sum();
    let lines = vec![
        t(
            format!("Temple tiles left: {}", tiles.join(" ")),
            format!("남은 신전 타일: {}", tiles.join(" ")),
        ),
        t(
            format!(
                "Stack: {} hexes left (by back letter {})",
                s.stack.len(),
                if stack.is_empty() {
                    "-".into()
                } else {
                    stack.join(" ")
                }
            ),
            format!(
                "지형 더미: {}개 남음 (뒷면 문자별 {})",
                s.stack.len(),
                if stack.is_empty() {
                    "-".into()
                } else {
                    stack.join(" ")
                }
            ),
        ),
        t(
            format!("Treasure discs not yet recovered: {unseen}"),
            format!("아직 획득되지 않은 보물 원판: {unseen}개"),
        ),
        t(
            format!("Scoring rounds played: {}", s.rounds_scored),
            format!("진행된 득점 라운드: {}", s.rounds_scored),
        ),
    ];
    Section::lines(t("Supplies", "공급"), lines)
}

fn last_scores(s: &State) -> Option<Section> {
    if s.last_scores.is_empty() {
        return None;
    }
    let lines = s
        .last_scores
        .iter()
        .map(|l| {
            let c = color(l.seat as usize);
            let sum: i32 = l.temples.iter().map(|&v| v as i32).sum();
            let list: Vec<String> = l.temples.iter().map(u8::to_string).collect();
            t(
                format!(
                    "{}: temples {} = {sum}, treasures {}, total {}",
                    c.en,
                    if list.is_empty() {
                        "-".into()
                    } else {
                        list.join("+")
                    },
                    l.treasure_points,
                    sum + l.treasure_points
                ),
                format!(
                    "{}: 신전 {} = {sum}, 보물 {}, 합계 {}",
                    c.ko,
                    if list.is_empty() {
                        "-".into()
                    } else {
                        list.join("+")
                    },
                    l.treasure_points,
                    sum + l.treasure_points
                ),
            )
        })
        .collect();
    Some(Section::lines(t("Latest scoring", "최근 득점"), lines))
}

/// What each score counted, once the game is over: the points before the
/// final scoring round, that round's temples and treasures, the total.
fn final_scoring(s: &State) -> Option<Section> {
    let rows = (0..s.players)
        .map(|p| {
            let f = final_parts(s, p)?;
            let sum: i32 = f.temples.iter().map(|&v| i32::from(v)).sum();
            let temples = match f.temples.len() {
                0 => "0".to_string(),
                1 => sum.to_string(),
                _ => {
                    let list: Vec<String> = f.temples.iter().map(u8::to_string).collect();
                    format!("{} = {sum}", list.join("+"))
                }
            };
            Some(vec![
                color(p),
                Text::same(f.before.to_string()),
                Text::same(temples),
                Text::same(f.treasures.to_string()),
                Text::same((f.before + sum + f.treasures).to_string()),
            ])
        })
        .collect::<Option<Vec<_>>>()?;
    let header = vec![
        t("Player", "플레이어"),
        t("Before the final round", "마지막 득점 라운드 전"),
        t("Temples", "신전"),
        t("Treasures", "보물"),
        t("Total", "합계"),
    ];
    Some(Section::table(
        t("Final scoring", "최종 점수"),
        header,
        rows,
    ))
}

/// The commands the footer recalls, by example; the Korean line writes them
/// in the Korean words the game reads, so what it shows may be written back.
const COMMANDS: [&str; 13] = [
    "place C4 r2",
    "new worker A7",
    "move leader A7 B6",
    "jump 2 workers A7 C4",
    "dig C4 2",
    "loot C4",
    "swap K1 for K2 with blue",
    "camp C4",
    "guard C4",
    "end",
    "bid 3",
    "pass",
    "take <id of a displayed hex>",
];

/// The footer every Tikal mail carries.
pub fn footer(_s: &State) -> Vec<Text> {
    // Where the tile data came from is the operator's business (NOTES.md).
    vec![
        t(
            "This game uses a substitute tile set: the hexes and the board shape are invented stand-ins that keep every known count (the real ones exist only in pictures).",
            "이 게임은 대체 타일 세트를 사용합니다: 지형 타일과 게임판 모양은 알려진 수량을 지킨 임시 대체물입니다(실제 것은 그림으로만 존재).",
        ),
        Text::new(
            format!("Commands: {}", COMMANDS.join(" | ")),
            format!(
                "명령: {} | {} <공개된 지형의 번호>",
                korean_examples(&VOCABULARY, &COMMANDS[..COMMANDS.len() - 1], " | "),
                korean_command(&VOCABULARY, "take"),
            ),
        ),
    ]
}

pub fn view(s: &State, seat: Option<Seat>) -> View {
    let players = players(s);
    // The picture's players table is drawn from the view's own cells.
    let picture = super::picture::picture(s, &players);
    let mut sections = vec![status(s), players];
    // Once the game is over the final round's lines become the final
    // scoring: what each score counted.
    if let Some(f) = final_scoring(s) {
        sections.push(f);
    } else if let Some(l) = last_scores(s) {
        sections.push(l);
    }
    sections.push(temples(s));
    // The hexes in words say what the picture shows: kept, folded away.
    sections.push(board(s).as_reference());
    sections.push(supplies(s));
    View {
        seat,
        headline: headline_for(s, seat.map(|x| x.0)),
        sections,
        private: Vec::new(),
        picture,
        footer: footer(s),
    }
}
