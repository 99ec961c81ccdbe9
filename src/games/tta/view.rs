//! What a seat may see: the card row with this seat's prices, the seat's own
//! board in full, the other civilizations in short, the events, the hand in
//! the private part, and a picture of the row and the seat's board.

use super::data::{self, age_name, age_name_ko, CardId, Kind, ROW_COSTS};
use super::legal::{self, red_left, take_cost, white_left};
use super::picture::picture;
use super::scoring;
use super::state::{EventChoiceKind, Phase, Player, State};
use crate::engine::{Section, Text, View};

/// The line that shows one card of a hand; only its owner's view has it.
pub fn hand_line(s: &State, seat: usize, card: CardId) -> Text {
    let c = s.data.card(card);
    let name = s.data.card_name(card);
    let what = c
        .map(|c| {
            (
                c.kind.word(),
                c.kind.word_ko(),
                age_name(c.age),
                age_name_ko(c.age),
            )
        })
        .unwrap_or(("?", "?", "?", "?"));
    let word = c.map(|c| c.token.to_string()).unwrap_or_default();
    Text::new(
        format!(
            "Seat {} hand: {} ({}, Age {}; command word {word})",
            seat + 1,
            name.en,
            what.0,
            what.2
        ),
        format!(
            "{}번 자리 손패: {} ({}, {}시대; 명령어 {word})",
            seat + 1,
            name.ko,
            what.1,
            what.3
        ),
    )
}

/// One card of a seat's military hand, as only that seat reads it.
pub fn military_hand_line(s: &State, seat: usize, card: CardId) -> Text {
    let name = s.data.card_name(card);
    let (kind, kind_ko, age) = s
        .data
        .card(card)
        .map(|c| (c.kind.word(), c.kind.word_ko(), c.age))
        .unwrap_or(("?", "?", 0));
    let word = s
        .data
        .card(card)
        .map(|c| c.token.to_string())
        .unwrap_or_default();
    let effect = s
        .data
        .card(card)
        .and_then(|c| c.raw.effect.clone())
        .unwrap_or_default();
    Text::new(
        format!(
            "Seat {} military hand: {} ({kind}, Age {}; command word {word}) {effect}",
            seat + 1,
            name.en,
            age_name(age)
        ),
        format!(
            "{}번 자리 군사 손패: {} ({kind_ko}, {}시대; 명령어 {word}) {effect}",
            seat + 1,
            name.ko,
            age_name_ko(age)
        ),
    )
}

/// The private military hand with its limit (advanced and full games).
fn military_hand_section(s: &State, seat: usize, p: &Player) -> Section {
    let mut lines: Vec<Text> = p
        .military_hand
        .iter()
        .map(|&c| military_hand_line(s, seat, c))
        .collect();
    let limit = legal::red_total(&s.data, p, s.rules.mode);
    lines.push(Text::new(
        format!(
            "{} military cards in hand; after your political action you keep at most {limit} (your military actions).",
            p.military_hand.len()
        ),
        format!(
            "손에 군사 카드 {}장; 정치 행동 후 최대 {limit}장(군사 행동 수)까지 남깁니다.",
            p.military_hand.len()
        ),
    ));
    Section::lines(Text::new("Your military hand", "내 군사 손패"), lines)
}

/// The headline of the advanced and full games' own phases.
fn military_headline(s: &State) -> Text {
    match &s.phase {
        Phase::Political => Text::new(
            format!(
                "Round {}, Age {}: seat {} may take a political action (or 'skip').",
                s.round,
                age_name(s.age),
                s.turn + 1
            ),
            format!(
                "{}라운드, {}시대: {}번 자리가 정치 행동을 할 수 있습니다 (안 하면 'skip').",
                s.round,
                age_name_ko(s.age),
                s.turn + 1
            ),
        ),
        Phase::Auction {
            territory,
            bid,
            queue,
            ..
        } => {
            let name = s.data.card_name(*territory);
            let who = queue.first().map(|q| q + 1).unwrap_or(0);
            Text::new(
                format!(
                    "Colonization of {}: the bid stands at {bid}; seat {who} bids ('bid N') or passes ('bid none').",
                    name.en
                ),
                format!(
                    "{} 식민지 경매: 현재 입찰 {bid}; {who}번 자리가 입찰('bid N')하거나 패스('bid none')합니다.",
                    name.ko
                ),
            )
        }
        Phase::Colonize {
            territory,
            seat,
            owed,
            ..
        } => {
            let name = s.data.card_name(*territory);
            Text::new(
                format!(
                    "Seat {} won {}: {owed} strength still to send (at least one unit): 'sacrifice …' or 'bonus …'.",
                    seat + 1,
                    name.en
                ),
                format!(
                    "{}번 자리가 {}을(를) 낙찰: 보낼 군사력 {owed} 남음 (유닛 하나 이상): 'sacrifice …' 또는 'bonus …'.",
                    seat + 1,
                    name.ko
                ),
            )
        }
        Phase::Discard => Text::new(
            format!(
                "Round {}: seat {} discards military cards down to its military actions.",
                s.round,
                s.turn + 1
            ),
            format!(
                "{}라운드: {}번 자리가 군사 행동 수만큼 남기고 군사 카드를 버립니다.",
                s.round,
                s.turn + 1
            ),
        ),
        _ => Text::same(""),
    }
}

fn headline(s: &State) -> Text {
    match &s.phase {
        Phase::Over => Text::new(
            format!("Game over after round {}.", s.round),
            format!("{}라운드 후 게임이 끝났습니다.", s.round),
        ),
        Phase::Political | Phase::Discard | Phase::Auction { .. } | Phase::Colonize { .. } => {
            military_headline(s)
        }
        Phase::Actions => Text::new(
            format!(
                "Round {}, Age {}: seat {} takes its turn.",
                s.round,
                age_name(s.age),
                s.turn + 1
            ),
            format!(
                "{}라운드, {}시대: {}번 자리의 차례입니다.",
                s.round,
                age_name_ko(s.age),
                s.turn + 1
            ),
        ),
        Phase::EventChoice {
            event,
            queue,
            choice,
        } => {
            let name = s.data.card_name(*event);
            let who = if choice.at_once() {
                queue
                    .iter()
                    .map(|q| (q + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                queue.first().map(|q| q + 1).unwrap_or(0).to_string()
            };
            Text::new(
                format!(
                    "Round {}: seat {who} chooses for the event {}.",
                    s.round, name.en
                ),
                format!(
                    "{}라운드: {who}번 자리가 이벤트 {}에 대해 선택합니다.",
                    s.round, name.ko
                ),
            )
        }
    }
}

fn row_section(s: &State, seat: Option<usize>) -> Section {
    let mut rows = Vec::new();
    for (i, slot) in s.row.iter().enumerate() {
        let Some(id) = slot else {
            rows.push(vec![
                Text::new(format!("{}. (empty)", i + 1), format!("{}. (빈 칸)", i + 1)),
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
        // The slot leads the card's cell: one line less per card on a phone.
        rows.push(vec![
            Text::new(
                format!(
                    "{}. {} [{}] ({}, Age {})",
                    i + 1,
                    c.name(),
                    c.token,
                    c.kind.word(),
                    age_name(c.age)
                ),
                format!(
                    "{}. {} [{}] ({}, {}시대)",
                    i + 1,
                    c.name_ko(),
                    c.token,
                    c.kind.word_ko(),
                    age_name_ko(c.age)
                ),
            ),
            Text::same(price.to_string()),
            summary(c),
        ]);
    }
    Section::table(
        Text::new("Card row (take N)", "카드 열 (take N)"),
        vec![
            Text::new("Slot. Card", "칸. 카드"),
            Text::new("Civil actions", "시민 행동"),
            Text::new("Numbers", "수치"),
        ],
        rows,
    )
}

/// The card's main numbers and its effect, short, in both languages.
fn summary(c: &super::data::Card) -> Text {
    let r = &c.raw;
    let mut parts: Vec<(String, String)> = Vec::new();
    let mut both = |e: String, k: String| parts.push((e, k));
    if r.science_cost > 0 {
        match r.revolution_science_cost {
            Some(rev) => both(
                format!("sci {rev} ({})", r.science_cost),
                format!("과학 {rev} ({})", r.science_cost),
            ),
            None => both(
                format!("sci {}", r.science_cost),
                format!("과학 {}", r.science_cost),
            ),
        }
    }
    if r.build_cost > 0 && c.kind != Kind::Wonder {
        both(
            format!("cost {}", r.build_cost),
            format!("비용 {}", r.build_cost),
        );
    }
    if !r.stages.is_empty() {
        let st: Vec<String> = r.stages.iter().map(ToString::to_string).collect();
        both(
            format!("stages {}", st.join("-")),
            format!("단계 {}", st.join("-")),
        );
    }
    for (v, label, label_ko) in [
        (r.food, "food", "음식"),
        (r.resources, "res", "자원"),
        (r.science, "sci+", "과학+"),
        (r.culture, "cult", "문화"),
        (r.happy, "happy", "행복"),
        (r.strength, "str", "군사력"),
        (r.white_tokens, "white", "시민 행동"),
        (r.red_tokens, "red", "군사 행동"),
        (r.amount, "amount", "양"),
    ] {
        if v != 0 {
            both(format!("{label} {v}"), format!("{label_ko} {v}"));
        }
    }
    if let Some(e) = &r.effect {
        if c.kind != Kind::Action || parts.len() < 2 {
            let k = r.effect_ko.clone().unwrap_or_else(|| e.clone());
            parts.push((e.clone(), k));
        }
    }
    let (en, ko): (Vec<String>, Vec<String>) = parts.into_iter().unzip();
    Text::new(en.join(", "), ko.join(", "))
}

/// The lines on one's own government, tokens, stock, leader and wonders.
fn board_lines(s: &State, seat: usize, p: &Player) -> Vec<Text> {
    let mut lines = vec![government_line(s, seat, p)];
    lines.extend(stock_lines(s, p));
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
    let st = scoring::stats(data, p, mode);
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
    let wonders = names(&p.wonders);
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
        Text::new(
            format!(
                "Wonders: {}; under construction: {}",
                or_none(&wonders.en),
                building.en
            ),
            format!(
                "문화 유산: {}; 건설 중: {}",
                or_none_ko(&wonders.ko),
                building.ko
            ),
        ),
        Text::new(
            format!("Special technologies: {}", or_none(&specials.en)),
            format!("특수 기술: {}", or_none_ko(&specials.ko)),
        ),
    ]
}

/// One's technologies with workers, blue tokens and numbers.
fn tech_rows(s: &State, p: &Player) -> Vec<Vec<Text>> {
    let data = &s.data;
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
            Text::new(
                format!("cost {}; each: {}", legal::build_cost(data, p, c), value.en),
                format!(
                    "비용 {}; 하나당: {}",
                    legal::build_cost(data, p, c),
                    value.ko
                ),
            ),
        ]);
    }
    rows
}

fn own_board(s: &State, seat: usize, p: &Player) -> Vec<Section> {
    let lines = board_lines(s, seat, p);
    let rows = tech_rows(s, p);
    vec![
        Section::lines(
            Text::new(
                format!("Your civilization (seat {})", seat + 1),
                format!("내 문명 ({}번 자리)", seat + 1),
            ),
            lines,
        ),
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
        ),
    ]
}

fn or_none(s: &str) -> String {
    if s.is_empty() {
        "none".into()
    } else {
        s.to_string()
    }
}

fn or_none_ko(s: &str) -> String {
    if s.is_empty() {
        "없음".into()
    } else {
        s.to_string()
    }
}

fn others_section(s: &State, seat: Option<usize>) -> Section {
    let data = &s.data;
    let mode = s.rules.mode;
    let mut rows = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        if Some(i) == seat {
            continue;
        }
        let st = scoring::stats(data, p, mode);
        let gov = data.card_name(p.government);
        let leader = p
            .leader
            .map(|l| data.card_name(l))
            .unwrap_or_else(|| Text::same("-"));
        let wonders = Text::join(
            &p.wonders
                .iter()
                .map(|&w| data.card_name(w))
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
            Text::new(or_none(&wonders.en), or_none_ko(&wonders.ko)),
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

/// The advanced and full games' lines: the future events, the four
/// scoring events, the extra round, the civilizations that resigned.
fn later_mode_lines(s: &State) -> Vec<Text> {
    if s.rules.mode == super::state::Mode::Intro {
        return Vec::new();
    }
    let mut lines = vec![Text::new(
        format!("Future events: {} face down.", s.future_events.len()),
        format!("미래 이벤트: {}장 (뒷면).", s.future_events.len()),
    )];
    if !s.scoring_events.is_empty() {
        let names: Vec<Text> = s
            .scoring_events
            .iter()
            .map(|&c| s.data.card_name(c))
            .collect();
        let list = Text::join(&names, ", ");
        lines.push(Text::new(
            format!("Scored at the end: {}.", list.en),
            format!("게임 끝에 점수 계산: {}.", list.ko),
        ));
    }
    if s.extra_round {
        lines.push(Text::new(
            "Age III is over: one more round after this one.",
            "3시대가 끝났습니다. 이번 라운드 뒤에 한 라운드를 더 합니다.",
        ));
    }
    let gone: Vec<String> = (0..s.players.len())
        .filter(|&i| s.players.get(i).is_some_and(|p| p.resigned))
        .map(|i| (i + 1).to_string())
        .collect();
    if !gone.is_empty() {
        lines.push(Text::new(
            format!("Resigned: seat {}.", gone.join(", ")),
            format!("게임 포기: {}번 자리.", gone.join(", ")),
        ));
    }
    lines
}

fn events_section(s: &State) -> Section {
    let mut lines = vec![Text::new(
        format!(
            "Current events: {} face down. Civil deck Age {}: {} cards.",
            s.events.len(),
            age_name(s.age.max(1)),
            s.civil_decks
                .get(usize::from(s.age.max(1)))
                .map(Vec::len)
                .unwrap_or(0)
        ),
        format!(
            "현재 이벤트: {}장 (뒷면). {}시대 시민 카드 덱: {}장.",
            s.events.len(),
            age_name_ko(s.age.max(1)),
            s.civil_decks
                .get(usize::from(s.age.max(1)))
                .map(Vec::len)
                .unwrap_or(0)
        ),
    )];
    lines.extend(later_mode_lines(s));
    if !s.past_events.is_empty() {
        let past = Text::join(
            &s.past_events
                .iter()
                .map(|&e| s.data.card_name(e))
                .collect::<Vec<_>>(),
            ", ",
        );
        lines.push(Text::new(
            format!("Past events: {}", past.en),
            format!("지난 이벤트: {}", past.ko),
        ));
    }
    if let Phase::EventChoice { choice, .. } = &s.phase {
        lines.push(match choice {
            EventChoiceKind::FoodOrResources => Text::new(
                "Choose: 'choose food' or 'choose resources'.",
                "선택: 'choose food' 또는 'choose resources'.",
            ),
            EventChoiceKind::FoodAndResources(total) if *total >= 0 => Text::new(
                format!("Produce {total} food and resources in all, split as you like: 'choose food 2 resources 1'."),
                format!("식량과 자원을 합쳐 {total}만큼 원하는 대로 나눠 생산: 'choose food 2 resources 1' (선택 식량 2 자원 1)."),
            ),
            EventChoiceKind::FoodAndResources(total) => Text::new(
                format!("Lose {} food and resources in all, split as you like: 'choose food 1 resources 1'.", -total),
                format!("식량과 자원을 합쳐 {}만큼 원하는 대로 나눠 잃기: 'choose food 1 resources 1' (선택 식량 1 자원 1).", -total),
            ),
            EventChoiceKind::FreeBuild(card) => {
                let n = s.data.card_name(*card);
                Text::new(
                    format!("Free {}: 'choose build' or 'choose decline'.", n.en),
                    format!("무료 {}: 'choose build' 또는 'choose decline'.", n.ko),
                )
            }
        });
    }
    if s.last_round {
        lines.push(Text::new(
            "This is the last round.",
            "이번이 마지막 라운드입니다.",
        ));
    }
    if s.phase == Phase::Over {
        for (i, p) in s.players.iter().enumerate() {
            lines.push(Text::new(
                format!(
                    "Seat {}: {} culture (final bonus {}).",
                    i + 1,
                    p.culture,
                    p.final_bonus
                ),
                format!(
                    "{}번 자리: 문화 {}점 (최종 보너스 {}).",
                    i + 1,
                    p.culture,
                    p.final_bonus
                ),
            ));
        }
    }
    Section::lines(Text::new("Events and decks", "이벤트와 덱"), lines)
}

pub fn view(s: &State, seat: Option<usize>) -> View {
    let mut sections = vec![row_section(s, seat)];
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
    sections.push(others_section(s, seat));
    sections.push(events_section(s));
    View {
        seat: seat.map(crate::engine::Seat),
        headline: headline(s),
        sections,
        private,
        picture: picture(s, seat),
        footer: vec![Text::new(
            "Commands: take N, grow, build farm irrigation, upgrade mine bronze iron, destroy lab philosophy, build wonder pyramids, elect moses, develop iron, revolution monarchy, play rich-land-a iron, done.",
            "명령: take N, grow, build farm irrigation, upgrade mine bronze iron, destroy lab philosophy, build wonder pyramids, elect moses, develop iron, revolution monarchy, play rich-land-a iron, done.",
        )],
    }
}
