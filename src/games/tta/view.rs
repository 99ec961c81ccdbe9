//! What a seat may see: the card row with this seat's prices, the seat's own
//! board in full, the other civilizations in short, the events, the hand in
//! the private part, and a picture of the row and the seat's board.

use super::actions::{red_left, take_cost, white_left};
use super::data::{age_name, age_name_ko, CardId, Data, Kind, ROW_COSTS};
use super::rules;
use super::state::{EventChoiceKind, Phase, Player, State};
use crate::engine::{Color, Section, Sketch, Text, View};

fn card_name(data: &Data, id: CardId) -> Text {
    data.card(id)
        .map(|c| Text::new(c.name(), c.name_ko()))
        .unwrap_or_else(|| Text::same("?"))
}

/// The line that shows one card of a hand; only its owner's view has it.
pub fn hand_line(s: &State, seat: usize, card: CardId) -> Text {
    let c = s.data.card(card);
    let name = card_name(&s.data, card);
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

fn headline(s: &State) -> Text {
    match &s.phase {
        Phase::Over => Text::new(
            format!("Game over after round {}.", s.round),
            format!("{}라운드 후 게임이 끝났습니다.", s.round),
        ),
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
        Phase::EventChoice { event, queue, .. } => {
            let name = card_name(&s.data, *event);
            let who = queue.first().map(|q| q + 1).unwrap_or(0);
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
                Text::same((i + 1).to_string()),
                Text::new("(empty)", "(빈 칸)"),
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
        rows.push(vec![
            Text::same((i + 1).to_string()),
            Text::new(
                format!(
                    "{} [{}] ({}, Age {})",
                    c.name(),
                    c.token,
                    c.kind.word(),
                    age_name(c.age)
                ),
                format!(
                    "{} [{}] ({}, {}시대)",
                    c.name_ko(),
                    c.token,
                    c.kind.word_ko(),
                    age_name_ko(c.age)
                ),
            ),
            Text::same(price.to_string()),
            Text::same(summary(c)),
        ]);
    }
    Section::table(
        Text::new("Card row (take N)", "카드 열 (take N)"),
        vec![
            Text::new("Slot", "칸"),
            Text::new("Card", "카드"),
            Text::new("Civil actions", "시민 행동"),
            Text::new("Numbers", "수치"),
        ],
        rows,
    )
}

/// The card's main numbers, short.
fn summary(c: &super::data::Card) -> String {
    let r = &c.raw;
    let mut parts = Vec::new();
    if r.science_cost > 0 {
        match r.revolution_science_cost {
            Some(rev) => parts.push(format!("sci {rev} ({})", r.science_cost)),
            None => parts.push(format!("sci {}", r.science_cost)),
        }
    }
    if r.build_cost > 0 && c.kind != Kind::Wonder {
        parts.push(format!("cost {}", r.build_cost));
    }
    if !r.stages.is_empty() {
        let st: Vec<String> = r.stages.iter().map(ToString::to_string).collect();
        parts.push(format!("stages {}", st.join("-")));
    }
    for (v, label) in [
        (r.food, "food"),
        (r.resources, "res"),
        (r.science, "sci+"),
        (r.culture, "cult"),
        (r.happy, "happy"),
        (r.strength, "str"),
        (r.white_tokens, "white"),
        (r.red_tokens, "red"),
        (r.amount, "amount"),
    ] {
        if v != 0 {
            parts.push(format!("{label} {v}"));
        }
    }
    if let Some(e) = &r.effect {
        if c.kind != Kind::Action || parts.len() < 2 {
            parts.push(e.clone());
        }
    }
    parts.join(", ")
}

fn own_board(s: &State, seat: usize, p: &Player) -> Vec<Section> {
    let data = &s.data;
    let mode = s.rules.mode;
    let st = rules::stats(data, p, mode);
    let gov = card_name(data, p.government);
    let row = rules::yellow_row(p.yellow_bank);
    let growth = rules::growth_cost(data, p, mode)
        .map(|g| g.to_string())
        .unwrap_or_else(|| "-".into());
    let leader = p
        .leader
        .map(|l| card_name(data, l))
        .unwrap_or_else(|| Text::new("none", "없음"));
    let wonders = Text::join(
        &p.wonders
            .iter()
            .map(|&w| card_name(data, w))
            .collect::<Vec<_>>(),
        ", ",
    );
    let building = match &p.wonder {
        Some(w) => {
            let n = card_name(data, w.card);
            let total = data.card(w.card).map(|c| c.raw.stages.len()).unwrap_or(0);
            Text::new(
                format!("{} ({}/{total} stages)", n.en, w.built),
                format!("{} ({}/{total}단계)", n.ko, w.built),
            )
        }
        None => Text::new("none", "없음"),
    };
    let specials = Text::join(
        &p.specials
            .iter()
            .map(|&c| card_name(data, c))
            .collect::<Vec<_>>(),
        ", ",
    );
    let (white, red) = if s.turn == seat && s.phase == Phase::Actions {
        (white_left(s, seat), red_left(s, seat))
    } else {
        (
            rules::white_total(data, p, mode),
            rules::red_total(data, p, mode),
        )
    };
    // Round 1 gives 1-4 civil actions by position instead (L517-531).
    let white_cap = if s.round == 1 && s.turn == seat && s.phase == Phase::Actions {
        white + p.white_used
    } else {
        rules::white_total(data, p, mode)
    };
    let lines = vec![
        Text::new(
            format!(
                "Government: {} — civil actions {white} left of {}, military actions {red} left of {}; urban limit {}",
                gov.en,
                white_cap,
                rules::red_total(data, p, mode),
                rules::urban_limit(data, p)
            ),
            format!(
                "정부: {} — 시민 행동 {}개 중 {white}개 남음, 군사 행동 {}개 중 {red}개 남음; 도시 건물 제한 {}",
                gov.ko,
                white_cap,
                rules::red_total(data, p, mode),
                rules::urban_limit(data, p)
            ),
        ),
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
                "Blue bank {}; food {} (+{}/round), resources {} (+{}/round); military resources this turn {}",
                p.blue_bank,
                rules::stock(data, p, true),
                st.food_rate,
                rules::stock(data, p, false),
                st.resource_rate,
                p.military_resources
            ),
            format!(
                "파란색 저장소 {}; 식량 {} (라운드당 +{}), 자원 {} (라운드당 +{}); 이번 턴 군사 자원 {}",
                p.blue_bank,
                rules::stock(data, p, true),
                st.food_rate,
                rules::stock(data, p, false),
                st.resource_rate,
                p.military_resources
            ),
        ),
        Text::new(format!("Leader: {}", leader.en), format!("지도자: {}", leader.ko)),
        Text::new(
            format!("Wonders: {}; under construction: {}", or_none(&wonders.en), building.en),
            format!("문화 유산: {}; 건설 중: {}", or_none_ko(&wonders.ko), building.ko),
        ),
        Text::new(format!("Special technologies: {}", or_none(&specials.en)), format!("특수 기술: {}", or_none_ko(&specials.ko))),
    ];
    let mut rows = Vec::new();
    for (t, c) in rules::techs(data, p) {
        let r = &c.raw;
        let value = [
            (r.food, "food"),
            (r.resources, "res"),
            (r.science, "sci"),
            (r.culture, "cult"),
            (r.happy, "happy"),
            (r.strength, "str"),
        ]
        .iter()
        .filter(|(v, _)| *v != 0)
        .map(|(v, l)| format!("{l} {v}"))
        .collect::<Vec<_>>()
        .join(", ");
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
            Text::same(format!(
                "cost {}; each: {value}",
                rules::build_cost(data, p, c)
            )),
        ]);
    }
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
        let st = rules::stats(data, p, mode);
        let gov = card_name(data, p.government);
        let leader = p
            .leader
            .map(|l| card_name(data, l))
            .unwrap_or_else(|| Text::same("-"));
        let wonders = Text::join(
            &p.wonders
                .iter()
                .map(|&w| card_name(data, w))
                .collect::<Vec<_>>(),
            ", ",
        );
        let techs: Vec<String> = rules::techs(data, p)
            .filter(|(t, _)| t.workers > 0)
            .map(|(t, c)| format!("{} {}", c.token, t.workers))
            .collect();
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
            Text::same(format!(
                "{} | pool {} | bank {}/{}",
                techs.join(", "),
                p.workers,
                p.yellow_bank,
                p.blue_bank
            )),
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

fn events_section(s: &State) -> Section {
    let mut lines = vec![Text::new(
        format!(
            "Current events: {} face down. Civil deck Age {}: {} cards.",
            s.events.len(),
            age_name(s.age.max(1)),
            s.civil_decks.get(1).map(Vec::len).unwrap_or(0)
        ),
        format!(
            "현재 이벤트: {}장 (뒷면). {}시대 시민 카드 덱: {}장.",
            s.events.len(),
            age_name_ko(s.age.max(1)),
            s.civil_decks.get(1).map(Vec::len).unwrap_or(0)
        ),
    )];
    if !s.past_events.is_empty() {
        let past = Text::join(
            &s.past_events
                .iter()
                .map(|&e| card_name(&s.data, e))
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
            EventChoiceKind::FreeBuild(card) => {
                let n = card_name(&s.data, *card);
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
        let limit = rules::hand_limit(&s.data, p.1, s.rules.mode);
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
fn picture(s: &State, seat: Option<usize>) -> Sketch {
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
    let Some((seat, p)) = seat.and_then(|x| s.players.get(x).map(|p| (x, p))) else {
        k.alt = format!("The card row of round {}.", s.round);
        return k;
    };
    let st = rules::stats(data, p, s.rules.mode);
    k.label(
        12,
        140,
        format!(
            "SEAT {} - {}",
            seat + 1,
            short(card_name(data, p.government).en.as_str(), 30).to_uppercase()
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
    for (i, (t, c)) in rules::techs(data, p).enumerate() {
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
        .map(|&w| short(card_name(data, w).en.as_str(), 20))
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
                short(card_name(data, w.card).en.as_str(), 24),
                w.built
            )
            .to_uppercase(),
            7,
            Color::PURPLE,
        );
    }
    let leader = p
        .leader
        .map(|l| short(card_name(data, l).en.as_str(), 24))
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
