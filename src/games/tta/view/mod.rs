//! What a seat may see: the card row with this seat's prices, the seat's own
//! board in full, the other civilizations in short, the events, the hand in
//! the private part, and a picture of the row and the seat's board; what
//! it must hide from whom is `hidden`.

pub mod hidden;
mod politics;

use super::apply;
use super::data::{self, age_name, age_name_ko, CardId, ROW_COSTS};
use super::legal::{self, red_left, take_cost, white_left};
use super::picture::picture;
use super::scoring;
use super::state::{Phase, Player, State};
use crate::engine::korean::korean_examples;
use crate::engine::{Section, Text, View};
pub use politics::military_hand_line;
use politics::{
    clash_headline, events_section, military_hand_section, military_headline, war_headline,
};

/// The line that shows one card of a hand; only its owner's view has it.
/// Its English starts with `hidden::hand_item`, the item the conformance
/// suite looks for in the other seats' mails, and goes on with what
/// developing the card costs this seat now.
pub fn hand_line(s: &State, seat: usize, card: CardId) -> Text {
    let c = s.data.card(card);
    let name = s.data.card_name(card);
    let (kind_ko, age_ko) = c.map_or(("?", "?"), |c| (c.kind.word_ko(), age_name_ko(c.age)));
    let word = c.map(|c| &*c.token).unwrap_or_default();
    let price = c
        .and_then(|c| develop_price(s, seat, c))
        .unwrap_or_else(|| Text::same(""));
    Text::new(
        format!("{}{}", hidden::hand_item(s, seat, card), price.en),
        format!(
            "{}번 자리 손패: {} ({kind_ko}, {age_ko}시대; 명령어 [{word}]){}",
            seat + 1,
            name.ko,
            price.ko
        ),
    )
}

/// The science developing a technology from the hand costs this seat now,
/// leaders and pacts counted (a government: peacefully, then by
/// revolution); `None` for a card that is no technology.
fn develop_price(s: &State, seat: usize, c: &data::Card) -> Option<Text> {
    if !c.kind.is_technology() {
        return None;
    }
    let p = s.players.get(seat)?;
    let cost = |revolution| legal::science_cost(&s.data, p, s.rules.mode, c, revolution);
    let develop = cost(false);
    if c.kind != data::Kind::Government {
        return Some(Text::new(
            format!(" — develop for {develop} science"),
            format!(" — 개발 비용 과학 {develop}"),
        ));
    }
    let revolution = cost(true);
    Some(Text::new(
        format!(" — develop for {develop} science (revolution: {revolution})"),
        format!(" — 개발 비용 과학 {develop} (혁명: {revolution})"),
    ))
}

/// Where the game stands and who is to act, speaking to `reader` ("Your
/// turn: ...") when it is them.
fn headline(s: &State, reader: Option<usize>) -> Text {
    // A seat asked on another's turn (a pact offered to it, an event's
    // choice) is not told it is its turn.
    let acting = |context: Text, seat: usize, doing: Text| {
        crate::engine::asked_headline(&context, &[], &[seat], &doing, reader, Some(s.turn))
    };
    let round = Text::new(
        format!("Round {}, Age {}", s.round, age_name(s.age)),
        format!("{}라운드, {}시대", s.round, age_name_ko(s.age)),
    );
    match &s.phase {
        Phase::Over => Text::new(
            format!("Game over after round {}.", s.round),
            format!("{}라운드 후 게임이 끝났습니다.", s.round),
        ),
        Phase::Actions => acting(
            round,
            s.turn,
            Text::new(
                "take civil and military actions",
                "시민 행동과 군사 행동 하기",
            ),
        ),
        Phase::Political => acting(
            round,
            s.turn,
            Text::new(
                "take a political action (or 'skip')",
                "정치 행동 하기 (안 하면 'skip')",
            ),
        ),
        Phase::Discard => acting(
            Text::new(format!("Round {}", s.round), format!("{}라운드", s.round)),
            s.turn,
            Text::new(
                "discard military cards down to the military actions",
                "군사 행동 수만큼 남기고 군사 카드 버리기",
            ),
        ),
        Phase::PactOffer { card, from, to, .. } => {
            let n = s.data.card_name(*card);
            let by = politics::named(*from, reader);
            acting(
                Text::same(""),
                *to,
                Text::new(
                    format!(
                        "'accept' or 'refuse' the pact {} offered by {}",
                        n.en, by.en
                    ),
                    format!(
                        "{} 제안한 조약 {} 'accept' 또는 'refuse'",
                        by.ko_subject, n.ko
                    ),
                ),
            )
        }
        Phase::Aggression(c) | Phase::Spoils { clash: c, .. } => clash_headline(s, c, reader),
        Phase::War(_) | Phase::WarLoss { .. } => war_headline(s, reader),
        Phase::Auction { .. } | Phase::Colonize { .. } => military_headline(s, reader),
        Phase::EventChoice {
            event,
            queue,
            choice,
        } => {
            let name = s.data.card_name(*event);
            // Seats answering at once are named together.
            let seats: Vec<usize> = if choice.at_once() {
                queue.to_vec()
            } else {
                queue.first().copied().into_iter().collect()
            };
            crate::engine::asked_headline(
                &Text::new(format!("Round {}", s.round), format!("{}라운드", s.round)),
                &[],
                &seats,
                &Text::new(
                    format!("choose for the event {}", name.en),
                    format!("이벤트 {} 선택", name.ko),
                ),
                reader,
                Some(s.turn),
            )
        }
    }
}

/// The card row's cells, one per slot: the card (slot, name, kind and age)
/// as the picture draws it, the same as the lines name it, the civil
/// actions taking it costs this seat (or anyone, for a spectator) and its
/// numbers.
fn row_cells(s: &State, seat: Option<usize>) -> Vec<[Text; 4]> {
    let mut rows = Vec::new();
    for (i, slot) in s.row.iter().enumerate() {
        let Some(id) = slot else {
            rows.push([
                Text::new(format!("{}. (empty)", i + 1), format!("{}. (빈 칸)", i + 1)),
                Text::same(""),
                Text::same(""),
                Text::same(""),
            ]);
            continue;
        };
        let Some(c) = s.data.card(*id) else { continue };
        let price = match seat.and_then(|x| s.players.get(x)) {
            Some(p) => take_cost(s, p, i).map(i32::from).unwrap_or(0),
            None => ROW_COSTS.get(i).copied().map(i32::from).unwrap_or(0),
        };
        rows.push([
            Text::new(
                format!(
                    "{}. {} ({}, Age {})",
                    i + 1,
                    c.name(),
                    c.kind.word(),
                    age_name(c.age)
                ),
                format!(
                    "{}. {} ({}, {}시대)",
                    i + 1,
                    c.name_ko(),
                    c.kind.word_ko(),
                    age_name_ko(c.age)
                ),
            ),
            row_line_name(s, i, c),
            Text::same(price.to_string()),
            c.summary(),
        ]);
    }
    rows
}

/// A card's name in the row's lines: its kind, and its age only when it is
/// not the current one (the picture above names both; the lines are for
/// the numbers and effects, and a phone's height is short).
fn row_line_name(s: &State, slot: usize, c: &data::Card) -> Text {
    let n = slot + 1;
    if c.age == s.age {
        return Text::new(
            format!("{n}. {} ({})", c.name(), c.kind.word()),
            format!("{n}. {} ({})", c.name_ko(), c.kind.word_ko()),
        );
    }
    Text::new(
        format!(
            "{n}. {} ({}, Age {})",
            c.name(),
            c.kind.word(),
            age_name(c.age)
        ),
        format!(
            "{n}. {} ({}, {}시대)",
            c.name_ko(),
            c.kind.word_ko(),
            age_name_ko(c.age)
        ),
    )
}

/// The card row, a line a card: on a phone a table of thirteen rows
/// becomes thirteen cards, twice as tall as these lines.
fn row_section(cells: &[[Text; 4]]) -> Section {
    let lines = cells
        .iter()
        .map(|[card, name, price, numbers]| {
            if price.en.is_empty() {
                return card.clone();
            }
            Text::new(
                format!(
                    "{} — {} civil action{}: {}",
                    name.en,
                    price.en,
                    if price.en == "1" { "" } else { "s" },
                    numbers.en
                ),
                format!("{} — 시민 행동 {}: {}", name.ko, price.ko, numbers.ko),
            )
        })
        .collect();
    Section::lines(Text::new("Card row (take N)", "카드 열 (take N)"), lines)
}

/// The lines on one's own government, tokens, stock, leader and wonders.
fn board_lines(s: &State, seat: usize, p: &Player) -> Vec<Text> {
    let mut lines = vec![government_line(s, seat, p)];
    lines.extend(stock_lines(s, p));
    lines.extend(spare_advice(s, seat, p));
    lines.extend(card_lines(s, p));
    lines
}

/// Government, the actions left of this turn's and the urban limit.
fn government_line(s: &State, seat: usize, p: &Player) -> Text {
    let data = &s.data;
    let mode = s.rules.mode;
    let gov = data.card_name(p.government);
    let acting = s.turn == seat && matches!(s.phase, Phase::Actions | Phase::Political);
    let (white, red) = if acting {
        (white_left(s, seat), red_left(s, seat))
    } else {
        (
            legal::white_total(data, p, mode),
            legal::red_total(data, p, mode),
        )
    };
    // Round 1 gives 1-4 civil actions by position instead (L517-531).
    let white_cap = if s.round == 1 && acting {
        white + p.white_used
    } else {
        legal::white_total(data, p, mode)
    };
    let red_cap = legal::red_total(data, p, mode);
    let urban = legal::urban_limit(data, p);
    Text::new(
        format!(
            "Government: {} — civil actions {white} left of {white_cap}, military actions {red} left of {red_cap}; urban limit {urban}",
            gov.en,
        ),
        format!(
            "정부: {} — 시민 행동 {white_cap}개 중 {white}개 남음, 군사 행동 {red_cap}개 중 {red}개 남음; 도시 건물 제한 {urban}",
            gov.ko,
        ),
    )
}

/// Points, rates, banks, food and resources.
fn stock_lines(s: &State, p: &Player) -> Vec<Text> {
    let data = &s.data;
    let mode = s.rules.mode;
    let st = scoring::stats_in(s, p);
    let row = data::yellow_row(p.yellow_bank);
    let growth = legal::growth_cost(data, p, mode)
        .map(|g| g.to_string())
        .unwrap_or_else(|| "-".into());
    let food = legal::stock(data, p, true);
    let resources = legal::stock(data, p, false);
    vec![
        Text::new(
            format!(
                "Culture {} (+{}/round), science {} (+{}/round), strength {}, happiness {}",
                p.culture, st.culture_rate, p.science, st.science_rate, st.strength, st.happiness
            ),
            format!(
                "문화 {} (라운드당 +{}), 과학 {} (라운드당 +{}), 군사력 {}, 행복 {}",
                p.culture, st.culture_rate, p.science, st.science_rate, st.strength, st.happiness
            ),
        ),
        Text::new(
            format!(
                "Yellow bank {} (growth costs {growth} food, eats {} food/turn); unused workers {}",
                p.yellow_bank, row.consumption, p.workers
            ),
            format!(
                "노란색 저장소 {} (인구 증가 식량 {growth}, 턴당 소비 {}); 일하지 않는 일꾼 {}",
                p.yellow_bank, row.consumption, p.workers
            ),
        ),
        Text::new(
            format!(
                "Blue bank {}; food {food} (+{}/round), resources {resources} (+{}/round); military resources this turn {}",
                p.blue_bank, st.food_rate, st.resource_rate, p.military_resources
            ),
            format!(
                "파란색 저장소 {}; 식량 {food} (라운드당 +{}), 자원 {resources} (라운드당 +{}); 이번 턴 군사 자원 {}",
                p.blue_bank, st.food_rate, st.resource_rate, p.military_resources
            ),
        ),
    ]
}

/// The corruption variant's advice on one's own turn: when a token fewer
/// from a mine would lower this turn's corruption, the numbers both ways
/// and the command (the mine that keeps the most resources in all).
fn spare_advice(s: &State, seat: usize, p: &Player) -> Option<Text> {
    let acting = s.turn == seat && matches!(s.phase, Phase::Actions | Phase::Political);
    if !s.rules.corruption_variant || !acting {
        return None;
    }
    let now = apply::turn::forecast(s, seat, None)?;
    let (mine, best) = legal::producers(&s.data, p, false)
        .into_iter()
        .filter_map(|(i, _)| p.techs.get(i).filter(|t| t.workers > 0))
        .filter_map(|t| Some((t.card, apply::turn::forecast(s, seat, Some(t.card))?)))
        .filter(|(_, m)| m.corruption < now.corruption)
        .max_by_key(|(_, m)| (m.resources - m.corruption, std::cmp::Reverse(m.spared)))?;
    let name = s.data.card_name(mine);
    let word = s.data.card(mine).map(|c| &*c.token).unwrap_or_default();
    Some(Text::new(
        format!(
            "Corruption this turn: {} resources if you end with `done`; {} with `done spare {word}` \
             ({} fewer from {}).",
            now.corruption, best.corruption, best.spared, name.en
        ),
        format!(
            "이번 턴 자원 낭비: `done`으로 마치면 자원 {}개, `done spare {word}`로 마치면 {}개 \
             ({}에서 자원 {}개 덜 생산).",
            now.corruption, best.corruption, name.ko, best.spared
        ),
    ))
}

/// Leader, wonders (built and under way) and special technologies.
fn card_lines(s: &State, p: &Player) -> Vec<Text> {
    let data = &s.data;
    let names = |cards: &[CardId]| {
        Text::join(
            &cards.iter().map(|&c| data.card_name(c)).collect::<Vec<_>>(),
            ", ",
        )
    };
    let leader = p
        .leader
        .map(|l| data.card_name(l))
        .unwrap_or_else(|| Text::new("none", "없음"));
    let wonders = Text::join(
        &p.wonders
            .iter()
            .map(|&w| politics::wonder_name(s, p, w))
            .collect::<Vec<_>>(),
        ", ",
    );
    let specials = names(&p.specials);
    let building = match &p.wonder {
        Some(w) => {
            let n = data.card_name(w.card);
            let total = data.card(w.card).map(|c| c.raw.stages.len()).unwrap_or(0);
            Text::new(
                format!("{} ({}/{total} stages)", n.en, w.built),
                format!("{} ({}/{total}단계)", n.ko, w.built),
            )
        }
        None => Text::new("none", "없음"),
    };
    vec![
        Text::new(
            format!("Leader: {}", leader.en),
            format!("지도자: {}", leader.ko),
        ),
        {
            let w = or_none(&wonders);
            Text::new(
                format!("Wonders: {}; under construction: {}", w.en, building.en),
                format!("문화 유산: {}; 건설 중: {}", w.ko, building.ko),
            )
        },
        {
            let sp = or_none(&specials);
            Text::new(
                format!("Special technologies: {}", sp.en),
                format!("특수 기술: {}", sp.ko),
            )
        },
    ]
}

/// One's technologies with workers, blue tokens and numbers; the cost to
/// build is what this seat pays (leaders and wars change it).
fn tech_rows(s: &State, seat: usize, p: &Player) -> Vec<Vec<Text>> {
    let data = &s.data;
    let prices = legal::Prices::of(s, seat);
    let mut rows = Vec::new();
    for (t, c) in scoring::techs(data, p) {
        let r = &c.raw;
        let pairs: Vec<(String, String)> = [
            (r.food, "food", "음식"),
            (r.resources, "res", "자원"),
            (r.science, "sci", "과학"),
            (r.culture, "cult", "문화"),
            (r.happy, "happy", "행복"),
            (r.strength, "str", "군사력"),
        ]
        .iter()
        .filter(|(v, _, _)| *v != 0)
        .map(|(v, l, k)| (format!("{l} {v}"), format!("{k} {v}")))
        .collect();
        let (value_en, value_ko): (Vec<String>, Vec<String>) = pairs.into_iter().unzip();
        let value = Text::new(value_en.join(", "), value_ko.join(", "));
        rows.push(vec![
            Text::new(
                format!("{} [{}]", c.name(), c.token),
                format!("{} [{}]", c.name_ko(), c.token),
            ),
            Text::new(
                format!("{} (Age {})", c.kind.word(), age_name(c.age)),
                format!("{} ({}시대)", c.kind.word_ko(), age_name_ko(c.age)),
            ),
            Text::same(t.workers.to_string()),
            Text::same(t.blue.to_string()),
            {
                let cost = (legal::build_cost(data, p, c) - prices.build(c)).max(0);
                Text::new(
                    format!("cost {cost}; each: {}", value.en),
                    format!("비용 {cost}; 하나당: {}", value.ko),
                )
            },
        ]);
    }
    rows
}

fn own_board(s: &State, seat: usize, p: &Player) -> Vec<Section> {
    let lines = board_lines(s, seat, p);
    let rows = tech_rows(s, seat, p);
    vec![
        Section::lines(
            Text::new(
                format!("Your civilization (seat {})", seat + 1),
                format!("내 문명 ({}번 자리)", seat + 1),
            ),
            lines,
        ),
        // The picture shows each technology with its workers and tokens;
        // the table's numbers are kept, folded in a mail.
        Section::table(
            Text::new("Your technologies", "내 기술"),
            vec![
                Text::new("Technology", "기술"),
                Text::new("Kind", "종류"),
                Text::new("Workers", "일꾼"),
                Text::new("Blue tokens", "파란 토큰"),
                Text::new("Numbers", "수치"),
            ],
            rows,
        )
        .as_reference(),
    ]
}

/// A list's words, or "none" in both languages when it is empty.
fn or_none(t: &Text) -> Text {
    match t.en.is_empty() {
        true => Text::new("none", "없음"),
        false => t.clone(),
    }
}

fn others_section(s: &State, seat: Option<usize>) -> Section {
    let data = &s.data;
    let mut rows = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        if Some(i) == seat {
            continue;
        }
        let st = scoring::stats_in(s, p);
        let gov = data.card_name(p.government);
        let leader = p
            .leader
            .map(|l| data.card_name(l))
            .unwrap_or_else(|| Text::same("-"));
        let wonders = Text::join(
            &p.wonders
                .iter()
                .map(|&w| politics::wonder_name(s, p, w))
                .collect::<Vec<_>>(),
            ", ",
        );
        let (techs, techs_ko): (Vec<String>, Vec<String>) = scoring::techs(data, p)
            .filter(|(t, _)| t.workers > 0)
            .map(|(t, c)| {
                (
                    format!("{} {}", c.token, t.workers),
                    format!("{} {}", c.name_ko(), t.workers),
                )
            })
            .unzip();
        let start = if i == s.start_player { " *" } else { "" };
        rows.push(vec![
            Text::same(format!("{}{start}", i + 1)),
            Text::same(format!("{} (+{})", p.culture, st.culture_rate)),
            Text::same(format!("{} (+{})", p.science, st.science_rate)),
            Text::same(format!("{}/{}", st.strength, st.happiness)),
            Text::new(
                format!("{} / {}", gov.en, leader.en),
                format!("{} / {}", gov.ko, leader.ko),
            ),
            or_none(&wonders),
            Text::new(
                format!(
                    "{} | pool {} | bank {}/{}",
                    techs.join(", "),
                    p.workers,
                    p.yellow_bank,
                    p.blue_bank
                ),
                format!(
                    "{} | 일꾼 풀 {} | 은행 {}/{}",
                    techs_ko.join(", "),
                    p.workers,
                    p.yellow_bank,
                    p.blue_bank
                ),
            ),
            Text::same(p.hand.len().to_string()),
        ]);
    }
    Section::table(
        Text::new(
            "Civilizations (* = start player)",
            "문명들 (* = 시작 플레이어)",
        ),
        vec![
            Text::new("Seat", "자리"),
            Text::new("Culture", "문화"),
            Text::new("Science", "과학"),
            Text::new("Strength/happy", "군사력/행복"),
            Text::new("Government / leader", "정부 / 지도자"),
            Text::new("Wonders", "문화 유산"),
            Text::new("Workers, yellow/blue bank", "일꾼, 노랑/파랑 저장소"),
            Text::new("Hand", "손패"),
        ],
        rows,
    )
}

/// What each civilization's culture counted, once the game is over: the
/// culture made during the game, the end scoring by part, the total.
fn final_scoring(s: &State) -> Option<Section> {
    let parts: Vec<scoring::FinalParts> = (0..s.players.len())
        .map(|i| scoring::final_parts(s, i))
        .collect::<Option<_>>()?;
    let mut header = vec![
        Text::new("Player", "플레이어"),
        Text::new("During the game", "게임 중"),
    ];
    let intro = parts
        .iter()
        .any(|f| matches!(f.end, scoring::EndScore::Bonus(_)));
    if intro {
        header.extend([
            Text::new("Age I technologies", "1시대 기술"),
            Text::new("Strength", "군사력"),
            Text::new("Happiness", "행복"),
            Text::new("Science", "과학"),
            Text::new("Food and resources", "식량과 자원"),
        ]);
    } else {
        header.push(Text::new("Age III events", "3시대 이벤트"));
    }
    header.push(Text::new("Total", "합계"));
    let rows = parts
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut row = vec![
                Text::new(format!("Seat {}", i + 1), format!("{}번 자리", i + 1)),
                Text::same(f.during.to_string()),
            ];
            let cells: Vec<i32> = match f.end {
                scoring::EndScore::Bonus(b) => vec![
                    b.age1_techs,
                    b.strength,
                    b.happiness,
                    b.science,
                    b.production,
                ],
                scoring::EndScore::Events(n) => vec![n],
            };
            let end: i32 = cells.iter().sum();
            row.extend(cells.iter().map(|n| Text::same(n.to_string())));
            row.push(Text::same((f.during + end).to_string()));
            row
        })
        .collect();
    Some(Section::table(
        Text::new("Final scoring", "최종 점수"),
        header,
        rows,
    ))
}

/// The advanced and full games' lines: the future events, the four
/// scoring events, the extra round, the civilizations that resigned.
pub fn view(s: &State, seat: Option<usize>) -> View {
    let cells = row_cells(s, seat);
    let names: Vec<Text> = cells.iter().map(|[card, ..]| card.clone()).collect();
    let picture = picture(s, &names);
    let mut sections = vec![row_section(&cells)];
    let mut private = Vec::new();
    if let Some(p) = seat.and_then(|x| s.players.get(x).map(|p| (x, p))) {
        sections.extend(own_board(s, p.0, p.1));
        let limit = legal::hand_limit(&s.data, p.1, s.rules.mode);
        let mut lines: Vec<Text> = p.1.hand.iter().map(|h| hand_line(s, p.0, h.card)).collect();
        lines.push(Text::new(
            format!(
                "{} civil cards in hand; you may take cards while you hold fewer than {limit}.",
                p.1.hand.len()
            ),
            format!(
                "손에 시민 카드 {}장; {limit}장보다 적을 때 카드를 가져올 수 있습니다.",
                p.1.hand.len()
            ),
        ));
        private.push(Section::lines(Text::new("Your hand", "내 손패"), lines));
        if s.rules.mode != super::state::Mode::Intro {
            private.push(military_hand_section(s, p.0, p.1));
        }
    }
    sections.extend(final_scoring(s));
    // Every civilization is in the picture, tableau and numbers.
    sections.push(others_section(s, seat).as_reference());
    // The decks and past events: looked up, not decided on.
    sections.push(events_section(s).as_reference());
    View {
        seat: seat.map(crate::engine::Seat),
        headline: headline(s, seat),
        sections,
        private,
        picture,
        footer: vec![footer()],
    }
}

/// The commands every mail recalls, by example; the Korean line writes them
/// in the Korean words the game reads (`가져오기 N`), card names as printed.
fn footer() -> Text {
    const COMMANDS: [&str; 11] = [
        "take N",
        "grow",
        "build farm irrigation",
        "upgrade mine bronze iron",
        "destroy lab philosophy",
        "build wonder pyramids",
        "elect moses",
        "develop iron",
        "revolution monarchy",
        "play rich-land-a iron",
        "done",
    ];
    Text::new(
        format!("Commands: {}.", COMMANDS.join(", ")),
        format!(
            "명령: {}.",
            korean_examples(&super::command::VOCABULARY, &COMMANDS, ", ")
        ),
    )
}
