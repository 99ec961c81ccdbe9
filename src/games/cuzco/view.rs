//! What a seat may see of a Cuzco game: the headline, the public sections, the seat's hand,
//! the board as a picture, and the footer notes (the board's 152-versus-150 discrepancy).

use super::command::{card_id, compact, seat_name, Command, Spot, TileKind};
use super::data::{Terrain, NONE};
use super::legal::{leader, profiles, value_cap, village_groups, Groups};
use super::picture;
use super::scoring::{lake_groups, lake_shore};

use super::state::{Bid, Cover, Festival, Phase, State};
use crate::engine::{MoveSummary, Seat, Section, Text, View};

/// The line that shows a card in its owner's hand (never shown to anyone else).
pub fn hand_line(card: u8) -> String {
    format!("In hand: {}", card_id(card))
}

pub fn view(s: &State, seat: Option<Seat>) -> View {
    let groups = village_groups(s);
    let mut v = View {
        seat,
        headline: headline(s, seat.map(|x| x.0)),
        ..View::default()
    };
    let players = players_section(s);
    // The picture's players table is drawn from the view's own cells.
    v.picture = picture::draw(s, &players);
    // The picture shows the players' table in full: folded as reference.
    v.sections.push(players.as_reference());
    v.sections.push(turn_section(s));
    v.sections.push(festival_section(s));
    v.sections.push(supply_section(s));
    // These repeat the picture in words: folded away at the end of a mail.
    v.sections.push(groups_section(s, &groups).as_reference());
    v.sections.push(lakes_section(s).as_reference());
    v.sections.push(map_section(s).as_reference());
    if let Some(Seat(i)) = seat {
        if let Some(p) = s.players.get(i) {
            let mut lines: Vec<Text> = p
                .hand
                .iter()
                .map(|&c| {
                    let bits = s.data.cards.get(usize::from(c)).map_or(0, |c| c.artifacts);
                    Text::new(
                        format!("{} ({})", hand_line(c), s.data.artifact_names(bits, false)),
                        format!(
                            "손패: {} ({})",
                            card_id(c),
                            s.data.artifact_names(bits, true)
                        ),
                    )
                })
                .collect();
            if lines.is_empty() {
                lines.push(Text::new(
                    "No festival cards in hand.",
                    "손에 축제 카드가 없습니다.",
                ));
            }
            lines.push(Text::new(
                format!(
                    "Extra action tokens: {}. Tiles left: {} two-space, {} one-space village, {} one-space farm. Incas off the board: {}.",
                    p.tokens, p.tiles[1], p.tiles[2], p.tiles[3], p.incas_off
                ),
                format!("추가 행동 토큰 {}개. 남은 타일: 2칸 {}개, 1칸 마을 {}개, 1칸 농장 {}개. 대기 잉카족 {}개.", p.tokens, p.tiles[1], p.tiles[2], p.tiles[3], p.incas_off),
            ));
            v.private.push(Section::lines(
                Text::new("Your festival cards and supply", "내 축제 카드와 공급처"),
                lines,
            ));
        }
    }
    v.footer = footer(s);
    v
}

fn turn_section(s: &State) -> Section {
    let lines = match &s.phase {
        Phase::Turn(t) | Phase::Festival(Festival { turn: t, .. }) => {
            let changed: Vec<String> = t
                .changed
                .iter()
                .map(|&c| s.data.board.cells[usize::from(c)].name.clone())
                .collect();
            vec![Text::new(
                format!(
                    "{}{}: {} AP left, token {}, cards drawn {}/{}, first tile {}, temples changed this turn: {}.",
                    seat_name(usize::from(t.seat)).en,
                    if t.final_turn { " (final turn: placing a tile is optional)" } else { "" },
                    t.ap,
                    if t.token_used { "used" } else { "not used" },
                    t.drawn,
                    s.data.components.draws_per_turn,
                    if t.placed { "placed" } else if t.final_turn { "optional" } else { "still to place" },
                    if changed.is_empty() { "none".to_string() } else { changed.join(" ") }
                ),
                format!(
                    "{}{}: 남은 AP {}, 토큰 {}, 뽑은 카드 {}/{}, 첫 타일 {}, 이번 차례에 바뀐 사원: {}.",
                    seat_name(usize::from(t.seat)).ko,
                    if t.final_turn { " (마지막 차례: 타일 선택)" } else { "" },
                    t.ap,
                    if t.token_used { "사용함" } else { "사용 안 함" },
                    t.drawn,
                    s.data.components.draws_per_turn,
                    if t.placed { "놓음" } else if t.final_turn { "선택" } else { "아직" },
                    if changed.is_empty() { "없음".to_string() } else { changed.join(" ") }
                ),
            )]
        }
        Phase::Over => vec![Text::new("The game is over.", "게임이 끝났습니다.")],
    };
    Section::lines(Text::new("Turn", "차례"), lines)
}

fn festival_section(s: &State) -> Section {
    let mut lines = Vec::new();
    match s.face_up() {
        Some(c) => {
            let bits = s.data.cards.get(usize::from(c)).map_or(0, |c| c.artifacts);
            lines.push(Text::new(
                format!(
                    "Face-up card (the festival requirement): {} ({}).",
                    card_id(c),
                    s.data.artifact_names(bits, false)
                ),
                format!(
                    "공개 카드 (축제 요구 유물): {} ({}).",
                    card_id(c),
                    s.data.artifact_names(bits, true)
                ),
            ));
        }
        None => lines.push(Text::new(
            "No face-up card: no festival can be proposed.",
            "공개 카드가 없어 축제를 제안할 수 없습니다.",
        )),
    }
    lines.push(Text::new(
        format!(
            "Deck: {} cards; discard pile: {} cards.",
            s.deck.len(),
            s.discard.len()
        ),
        format!(
            "카드 더미 {}장, 버린 카드 {}장.",
            s.deck.len(),
            s.discard.len()
        ),
    ));
    if let Phase::Festival(f) = &s.phase {
        let name = &s.data.board.cells[usize::from(f.temple)].name;
        lines.push(Text::new(
            format!(
                "Festival competition at the {}-temple on {name}; {} answers now.",
                s.space(f.temple).temple,
                seat_name(usize::from(f.current)).en
            ),
            format!(
                "{name}의 {}짜리 사원에서 축제 경쟁 중. 지금 {}의 답 차례.",
                s.space(f.temple).temple,
                seat_name(usize::from(f.current)).ko
            ),
        ));
        for (i, bid) in f.bids.iter().enumerate() {
            let cards: Vec<String> = f.played[i].iter().map(|&c| card_id(c)).collect();
            let (en, ko) = match bid {
                Bid::Out => continue,
                Bid::Pending => ("not asked yet", "아직 묻지 않음"),
                Bid::Active => ("competing", "경쟁 중"),
                Bid::Dropped => ("out", "빠짐"),
            };
            lines.push(Text::new(
                format!(
                    "{}: {en}, {} festival points, played {}",
                    seat_name(i).en,
                    f.fp[i],
                    if cards.is_empty() {
                        "-".into()
                    } else {
                        cards.join(" ")
                    }
                ),
                format!(
                    "{}: {ko}, 축제 점수 {}, 낸 카드 {}",
                    seat_name(i).ko,
                    f.fp[i],
                    if cards.is_empty() {
                        "-".into()
                    } else {
                        cards.join(" ")
                    }
                ),
            ));
        }
    }
    Section::lines(Text::new("Festival", "축제"), lines)
}

fn supply_section(s: &State) -> Section {
    let markers: Vec<String> = s
        .data
        .components
        .marker
        .iter()
        .zip(&s.markers)
        .map(|(m, n)| format!("{}:{n}", m.value))
        .collect();
    Section::lines(
        Text::new("Common supply", "공용 공급처"),
        vec![Text::new(
            format!(
                "3-space tiles left: {} (the last one starts the end). Lake tiles: {}. Temple markers (value:count): {}. Sun markers: {}.",
                s.common_tiles,
                s.lakes_left,
                markers.join(" "),
                s.suns_left
            ),
            format!("남은 3칸 타일: {} (마지막 타일이 놓이면 종료 시작). 저수지 타일 {}. 사원 마커(가치:개수): {}. 태양 마커 {}.", s.common_tiles, s.lakes_left, markers.join(" "), s.suns_left),
        )],
    )
}

fn profile_text(s: &State, cells: &[u16]) -> String {
    let p = profiles(s, cells.iter().copied());
    let parts: Vec<String> = p
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| {
            format!(
                "{}:{}",
                i + 1,
                l.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

fn groups_section(s: &State, g: &Groups) -> Section {
    let mut rows = Vec::new();
    for gi in 0..g.cells.len() {
        let cells = &g.cells[gi];
        if cells.len() < 2 && g.temple[gi] == NONE {
            continue;
        }
        let mut names: Vec<String> = cells
            .iter()
            .map(|&c| s.data.board.cells[usize::from(c)].name.clone())
            .collect();
        names.sort();
        let temple = g.temple[gi];
        let (kind, value) = if temple == NONE {
            (Text::new("village", "마을"), Text::same("-"))
        } else {
            let sp = s.space(temple);
            let cell = &s.data.board.cells[usize::from(temple)].name;
            (
                Text::new("city", "도시"),
                Text::new(
                    format!(
                        "{} on {cell}{}",
                        sp.temple,
                        if sp.sun { " (sun)" } else { "" }
                    ),
                    format!(
                        "{cell}의 {}{}",
                        sp.temple,
                        if sp.sun { " (태양)" } else { "" }
                    ),
                ),
            )
        };
        let leader = leader(&profiles(s, cells.iter().copied()))
            .map_or("-".to_string(), |l| format!("{}", l + 1));
        rows.push(vec![
            kind,
            Text::same(names.join(" ")),
            Text::same(cells.len().to_string()),
            value,
            Text::same(value_cap(s, cells.len()).to_string()),
            Text::same(profile_text(s, cells)),
            Text::same(leader),
        ]);
    }
    Section::table(
        Text::new("Villages and cities (2+ spaces)", "마을과 도시 (2칸 이상)"),
        vec![
            Text::new("Kind", "종류"),
            Text::new("Spaces", "칸"),
            Text::new("Size", "크기"),
            Text::new("Temple", "사원"),
            Text::new("Max value", "최대 가치"),
            Text::new("Incas by seat: levels", "자리별 잉카족 층"),
            Text::new("Highest position", "최고 점유"),
        ],
        rows,
    )
}

fn lakes_section(s: &State) -> Section {
    let rows = lake_groups(s)
        .into_iter()
        .map(|lake| {
            let names: Vec<String> = lake
                .iter()
                .map(|&c| s.data.board.cells[usize::from(c)].name.clone())
                .collect();
            let shore = lake_shore(s, &lake);
            let open = shore.iter().filter(|&&c| s.space(c).height == 0).count();
            let scored = s.space(lake[0]).lake_scored;
            let leader = leader(&profiles(s, shore.iter().copied()))
                .map_or("-".to_string(), |l| format!("{}", l + 1));
            vec![
                Text::same(names.join(" ")),
                Text::same(open.to_string()),
                Text::new(
                    if scored { "scored" } else { "open" },
                    if scored { "완성" } else { "미완성" },
                ),
                Text::same(profile_text(s, &shore)),
                Text::same(leader),
            ]
        })
        .collect();
    Section::table(
        Text::new("Lakes", "저수지"),
        vec![
            Text::new("Lake tiles", "저수지 칸"),
            Text::new("Open neighbours", "열린 이웃 칸"),
            Text::new("State", "상태"),
            Text::new("Incas next to it", "주변 잉카족"),
            Text::new("Highest position", "최고 점유"),
        ],
        rows,
    )
}

/// The board as text: one line per row, each space as terrain+level (`.` empty, `f2` farm on
/// level 2, `v1` village, `~` lake, `T6` a temple of 6, `*` sun), with an Inca's seat after `@`.
fn map_section(s: &State) -> Section {
    let board = &s.data.board;
    let mut lines = Vec::new();
    for row in 0..board.rows {
        let mut text = format!("{} ", char::from(b'A' + row));
        let mut any = false;
        for x in 0..board.cols {
            let Some(&cell) = board.by_pos.get(&(row, x)) else {
                continue;
            };
            let c = &board.cells[usize::from(cell)];
            let sp = s.space(cell);
            if !c.in_region() && sp.height == 0 {
                continue;
            }
            any = true;
            let mut code = match sp.cover {
                Cover::Empty => ".".to_string(),
                Cover::Lake => "~".to_string(),
                Cover::Tile(Terrain::Farm) => format!("f{}", sp.height),
                Cover::Tile(Terrain::Village) if sp.temple > 0 => {
                    format!("T{}{}", sp.temple, if sp.sun { "*" } else { "" })
                }
                Cover::Tile(Terrain::Village) => format!("v{}", sp.height),
            };
            if sp.top > 0 {
                code.push_str(&format!("#{}", sp.top));
            }
            if let Some(o) = sp.inca {
                code.push_str(&format!("@{}", o + 1));
            }
            text.push_str(&format!(" {}={code}", c.name));
        }
        if any {
            lines.push(Text::same(text));
        }
    }
    Section::lines(
        Text::new(
            "Map (space=terrain and level: . empty, ~ lake, f farm, v village, T temple value, * sun; #n the tile on top; @n Inca of seat n)",
            "지도 (칸=지형과 층: . 빈칸, ~ 저수지, f 농장, v 마을, T 사원 가치, * 태양; #n 맨 위 타일 번호; @n n번 플레이어 잉카족)",
        ),
        lines,
    )
}

/// Whose turn and what it asks, speaking to `reader` ("Your turn: ...")
/// when it is them.
fn headline(s: &State, reader: Option<usize>) -> Text {
    let names: Vec<Text> = (0..s.players.len()).map(seat_name).collect();
    match &s.phase {
        Phase::Turn(t) => {
            let context = if t.final_turn {
                Text::new("Final turn", "마지막 차례")
            } else {
                Text::same("")
            };
            let doing = Text::new(
                format!("spend action points ({} AP left)", t.ap),
                format!("행동 점수 쓰기 (남은 AP {})", t.ap),
            );
            let acting = [usize::from(t.seat)];
            crate::engine::acting_headline(&context, &names, &acting, &doing, reader)
        }
        Phase::Festival(f) => {
            let doing = Text::new("answer the Festival competition", "축제 경쟁에 답하기");
            let acting = [usize::from(f.current)];
            crate::engine::acting_headline(&Text::same(""), &names, &acting, &doing, reader)
        }
        Phase::Over => Text::new("The game is over", "게임 종료"),
    }
}

fn players_section(s: &State) -> Section {
    let rows = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let bid = match &s.phase {
                Phase::Festival(f) => match f.bids.get(i) {
                    Some(Bid::Active) => format!("FP {}", f.fp[i]),
                    Some(Bid::Pending) => "?".into(),
                    Some(Bid::Dropped) => "out".into(),
                    _ => String::new(),
                },
                _ => String::new(),
            };
            vec![
                seat_name(i),
                Text::same(p.pp.to_string()),
                Text::same(p.incas_off.to_string()),
                Text::same(format!("{}/{}/{}", p.tiles[1], p.tiles[2], p.tiles[3])),
                Text::same(p.tokens.to_string()),
                Text::same(p.hand.len().to_string()),
                Text::same(if p.known.is_empty() {
                    "-".to_string()
                } else {
                    p.known
                        .iter()
                        .map(|&c| card_id(c))
                        .collect::<Vec<_>>()
                        .join(" ")
                }),
                Text::new(
                    if p.final_scored { "done" } else { "" },
                    if p.final_scored { "완료" } else { "" },
                ),
                Text::same(bid),
            ]
        })
        .collect();
    Section::table(
        Text::new("Players", "플레이어"),
        vec![
            Text::new("Seat", "자리"),
            Text::new("Prestige", "명성"),
            Text::new("Incas off board", "대기 잉카족"),
            Text::new("Tiles 2/village/farm", "2칸/마을/농장"),
            Text::new("Tokens", "토큰"),
            Text::new("Cards", "카드"),
            Text::new("Known (taken face up)", "공개로 가져간 카드"),
            Text::new("Final scoring", "최종 계산"),
            Text::new("Festival", "축제"),
        ],
        rows,
    )
}

fn footer(s: &State) -> Vec<Text> {
    // Where the board came from is the operator's business (NOTES.md);
    // players are told only what may differ from their printed board.
    vec![Text::new(
        format!(
            "Board: {} land spaces + 3 lakes, recovered from a fan diagram of Java's board. The rulebook says 150 + 3, so two spaces may differ from the printed board.",
            s.data.board.region_spaces
        ),
        format!(
            "게임판: 육지 {}칸 + 저수지 3칸, 자바 게임판의 팬 도식에서 복원했습니다. 규칙서는 150 + 3칸이라고 하므로 두 칸이 인쇄된 게임판과 다를 수 있습니다.",
            s.data.board.region_spaces
        ),
    )]
}

/// The legal moves as a mail offers them: placements (thousands of them) summarised per
/// tile kind, with where each can go, how to write it and an example; the rest listed.
pub fn offer(legal: Vec<Command>) -> (Vec<Command>, Vec<MoveSummary>) {
    let (placements, mut listed): (Vec<Command>, Vec<Command>) = legal
        .into_iter()
        .partition(|c| matches!(c, Command::Place { .. }));
    let of_kind = |kind: TileKind| -> Vec<&Command> {
        placements
            .iter()
            .filter(|c| matches!(c, Command::Place { kind: k, .. } if *k == kind))
            .collect()
    };
    let mut summaries: Vec<MoveSummary> = [TileKind::Tile3, TileKind::Tile2]
        .into_iter()
        .filter_map(|kind| placement_summary(kind, &of_kind(kind)))
        .collect();
    let (farms, villages) = (of_kind(TileKind::Farm), of_kind(TileKind::Village));
    let one_space: Vec<&Command> = farms.iter().chain(&villages).copied().collect();
    summaries.extend(one_space_summary(&farms, &villages, &one_space));
    let lakes: Vec<Spot> = listed
        .iter()
        .filter_map(|c| match c {
            Command::Lake(s) => Some(*s),
            _ => None,
        })
        .collect();
    if lakes.len() > LISTED_LAKES {
        listed.retain(|c| !matches!(c, Command::Lake(_)));
        summaries.push(lake_summary(lakes));
    }
    (listed, summaries)
}

/// Lake spaces a mail lists one by one; more are summarised.
const LISTED_LAKES: usize = 12;

/// The lake placements in a few lines.
fn lake_summary(mut lakes: Vec<Spot>) -> MoveSummary {
    lakes.sort_by_key(|s| (s.row, s.x));
    let n = lakes.len();
    let examples: Vec<String> = lakes.iter().take(1).map(|s| format!("lake {s}")).collect();
    let at = spans(&lakes);
    MoveSummary {
        title: Text::new(
            format!("Place a lake tile: {n} ways"),
            format!("저수지 타일 놓기: {n}가지"),
        ),
        how: Text::new(
            format!(
                "Write 'lake' and the space, e.g. '{}'. It can go on: {at}.",
                examples[0]
            ),
            format!(
                "'lake'와 칸을 쓰세요. 예: '{}'. 놓을 수 있는 곳: {at}.",
                examples[0]
            ),
        ),
        examples,
    }
}

/// The 1-space farm and village placements: one summary when they may go on the same
/// spaces (as they usually may), else one each.
fn one_space_summary(
    farms: &[&Command],
    villages: &[&Command],
    both: &[&Command],
) -> Vec<MoveSummary> {
    let spaces = |cs: &[&Command]| -> Vec<Spot> { cs.iter().filter_map(|c| anchor(c)).collect() };
    if farms.is_empty() || villages.is_empty() || spaces(farms) != spaces(villages) {
        return [(TileKind::Farm, farms), (TileKind::Village, villages)]
            .into_iter()
            .filter_map(|(kind, cs)| placement_summary(kind, cs))
            .collect();
    }
    let mut at = spaces(farms);
    at.sort_by_key(|s| (s.row, s.x));
    let n = both.len();
    let examples = vec![compact(farms[0]), compact(villages[0])];
    let at = spans(&at);
    vec![MoveSummary {
        title: Text::new(
            format!("Place a 1-space farm or village tile: {n} ways"),
            format!("1칸 농장 또는 마을 타일 놓기: {n}가지"),
        ),
        how: Text::new(
            format!(
                "Write the tile and the space, e.g. '{}' or '{}'. Either can go on: {at}.",
                examples[0], examples[1]
            ),
            format!(
                "타일과 칸을 쓰세요. 예: '{}', '{}'. 둘 다 놓을 수 있는 곳: {at}.",
                examples[0], examples[1]
            ),
        ),
        examples,
    }]
}

/// The space a placement is written from: its village, or its one space.
fn anchor(c: &Command) -> Option<Spot> {
    let Command::Place {
        spots,
        village,
        len,
        ..
    } = c
    else {
        return None;
    };
    let len = usize::from(*len).min(spots.len());
    let i = (0..len).find(|&i| village[i]).unwrap_or(0);
    spots.get(i).copied()
}

/// One tile kind's placements in a few lines.
fn placement_summary(kind: TileKind, placements: &[&Command]) -> Option<MoveSummary> {
    let mut anchors: Vec<Spot> = placements.iter().filter_map(|c| anchor(c)).collect();
    anchors.sort_by_key(|s| (s.row, s.x));
    anchors.dedup();
    let first = placements.first()?;
    let examples: Vec<String> = std::iter::once(*first)
        .chain(
            placements
                .iter()
                .copied()
                .find(|c| anchor(c) != anchor(first)),
        )
        .map(compact)
        .collect();
    let n = placements.len();
    let name = kind.name();
    let title = Text::new(
        format!("Place a {}: {n} ways", name.en),
        format!("{} 놓기: {n}가지", name.ko),
    );
    let at = spans(&anchors);
    let how = match kind {
        TileKind::Tile3 | TileKind::Tile2 => {
            let (farms_en, farms_ko, three) = if kind == TileKind::Tile3 {
                (
                    "directions of its two farm spaces",
                    "두 농장 칸의 방향",
                    "all three",
                )
            } else {
                ("direction of its farm space", "농장 칸의 방향", "both")
            };
            Text::new(
                format!(
                    "Write the village space, then the {farms_en} from it (e, w, ne, nw, se, sw), e.g. '{}'; or {three} spaces, v on the village. The village can go on: {at}.",
                    examples[0]
                ),
                format!(
                    "마을 칸을 쓰고, 그 칸에서 본 {farms_ko}(동 e, 서 w, 북동 ne, 북서 nw, 남동 se, 남서 sw)을 쓰세요. 예: '{}'. 모든 칸을 쓰고 마을 칸에 v를 붙여도 됩니다. 마을 칸이 될 수 있는 곳: {at}.",
                    examples[0]
                ),
            )
        }
        _ => Text::new(
            format!(
                "Write the space, e.g. '{}'. It can go on: {at}.",
                examples[0]
            ),
            format!("칸을 쓰세요. 예: '{}'. 놓을 수 있는 곳: {at}.", examples[0]),
        ),
    };
    Some(MoveSummary {
        title,
        how,
        examples,
    })
}

/// Spaces in reading order, runs in a row joined: `A3–A7, A9, B2–B12`.
fn spans(spaces: &[Spot]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < spaces.len() {
        let mut j = i;
        while j + 1 < spaces.len()
            && spaces[j + 1].row == spaces[i].row
            && spaces[j + 1].x / 2 == spaces[j].x / 2 + 1
        {
            j += 1;
        }
        out.push(if j > i + 1 {
            format!("{}–{}", spaces[i], spaces[j])
        } else if j == i + 1 {
            format!("{}, {}", spaces[i], spaces[j])
        } else {
            spaces[i].to_string()
        });
        i = j + 1;
    }
    out.join(", ")
}
