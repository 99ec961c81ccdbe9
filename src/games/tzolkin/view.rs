//! What a seat may see: the public board as sections (calendar, gears,
//! temples, technologies, jungle, buildings and monuments, players), the
//! seat's own starting wealth tiles while choosing, and a picture of it all.

use super::command::GEAR_IDS;
use super::data::{ActionKind, Category, Effect, Goods, Scoring};
use super::rules::{self, feeding, lowest_empty, placement_cost};
use super::seat_name;
use super::state::{Mode, Pending, Phase, State, DUMMY, EMPTY, NONE};
use crate::engine::{Color, Section, Sketch, Text, View};

const INITIALS: [&str; 4] = ["R", "B", "G", "Y"];

fn occupant(o: u8) -> &'static str {
    match o {
        EMPTY => ".",
        DUMMY => "D",
        k => INITIALS.get(k as usize - 1).copied().unwrap_or("?"),
    }
}

pub fn goods_text(g: &Goods) -> Text {
    let mut en = Vec::new();
    let mut ko = Vec::new();
    let parts = [
        (g.corn, "corn", "옥수수"),
        (g.res[0], "wood", "나무"),
        (g.res[1], "stone", "돌"),
        (g.res[2], "gold", "금"),
        (g.skull, "skull", "해골"),
    ];
    for (n, e, k) in parts {
        if n != 0 {
            en.push(format!("{n} {e}"));
            ko.push(format!("{k} {n}"));
        }
    }
    if en.is_empty() {
        return Text::new("nothing", "없음");
    }
    Text::new(en.join(", "), ko.join(", "))
}

fn effect_text(e: &Effect) -> Text {
    const TEMPLES: [(&str, &str); 3] = [
        ("Chaac", "차크"),
        ("Quetzalcoatl", "케찰코아틀"),
        ("Kukulcan", "쿠쿨칸"),
    ];
    const TECHS: [(&str, &str); 4] = [
        ("Agriculture", "농업"),
        ("Resources", "자원"),
        ("Architecture", "건축"),
        ("Theology", "신학"),
    ];
    match *e {
        Effect::Corn(n) => Text::new(format!("+{n} corn"), format!("옥수수 +{n}")),
        Effect::Res(r, n) => Text::new(
            format!("+{n} {}", super::data::RES_EN[r]),
            format!("{} +{n}", super::data::RES_KO[r]),
        ),
        Effect::Skull(n) => Text::new(format!("+{n} skull"), format!("해골 +{n}")),
        Effect::Vp(n) => Text::new(format!("{n} VP"), format!("{n}점")),
        Effect::Temple(Some(t)) => Text::new(
            format!("{} +1", TEMPLES[t].0),
            format!("{} +1", TEMPLES[t].1),
        ),
        Effect::Temple(None) => Text::new("any temple +1", "원하는 신전 +1"),
        Effect::Tech(Some(t)) => {
            Text::new(format!("{} +1", TECHS[t].0), format!("{} +1", TECHS[t].1))
        }
        Effect::Tech(None) => Text::new("any tech +1", "원하는 기술 +1"),
        Effect::TechTwo => Text::new("two tech levels", "기술 두 단계"),
        Effect::Worker => Text::new("+1 worker", "일꾼 +1"),
        Effect::Exempt(n) => Text::new(
            format!("{n} worker(s) eat nothing"),
            format!("일꾼 {n}개는 먹지 않음"),
        ),
        Effect::EatLess => Text::new("workers eat 1 less", "일꾼마다 1개 덜 먹음"),
        Effect::Market => Text::new("market trade", "시장 거래"),
        Effect::Build => Text::new("build a building", "건물 하나 건설"),
        Effect::Action => Text::new(
            "pay 1 corn: any PAL/YAX/TIK/UXM action",
            "옥수수 1: 팔렝케/야슈칠란/티칼/우슈말 행동",
        ),
    }
}

fn effects_text(list: &[Effect]) -> Text {
    let parts: Vec<Text> = list.iter().map(effect_text).collect();
    Text::join(&parts, ", ")
}

fn scoring_text(s: &Scoring) -> Text {
    match s {
        Scoring::Category(c, v) => Text::new(
            format!("{v} VP per own {} (monuments too)", c.en()),
            format!("자신의 {} 건물·기념비당 {v}점", c.ko()),
        ),
        Scoring::Built(a, b) => Text::new(
            format!("{a} VP per building, {b} per monument"),
            format!("건물당 {a}점, 기념비당 {b}점"),
        ),
        Scoring::CornTiles(v) => Text::new(
            format!("{v} VP per corn tile"),
            format!("옥수수 수확 타일당 {v}점"),
        ),
        Scoring::WoodTiles(v) => Text::new(
            format!("{v} VP per wood tile"),
            format!("나무 수확 타일당 {v}점"),
        ),
        Scoring::AllMonuments(t) => Text::new(
            format!("per monument built by anyone: {t:?} by players"),
            format!("건설된 기념비당 점수(인원별 {t:?})"),
        ),
        Scoring::MaxedTechs(t) => Text::new(
            format!("techs at level 3: {t:?} VP"),
            format!("3단계 기술 수: {t:?}점"),
        ),
        Scoring::TechLevels(v) => Text::new(
            format!("{v} VP per tech level"),
            format!("기술 단계당 {v}점"),
        ),
        Scoring::Workers(t) => Text::new(
            format!("workers owned 3/4/5/6: {:?} VP", t.get(3..).unwrap_or(&[])),
            format!("보유 일꾼 3/4/5/6: {:?}점", t.get(3..).unwrap_or(&[])),
        ),
        Scoring::TemplesAgain => Text::new("temple step VP again", "신전 점수 한 번 더"),
        Scoring::BestTemple(v) => Text::new(
            format!("{v} VP per step above start in one temple"),
            format!("한 신전의 시작 위 칸당 {v}점"),
        ),
        Scoring::ChiSkulls(v) => Text::new(
            format!("{v} VP per skull on Chichen Itza"),
            format!("치첸이차 해골당 {v}점"),
        ),
    }
}

fn headline(s: &State) -> Text {
    match s.phase {
        Phase::Choose => Text::new(
            "Setup: everyone keeps 2 of their 4 starting wealth tiles (keep ...).",
            "준비: 각자 시작 자산 타일 4개 중 2개를 고릅니다 (keep ...).",
        ),
        Phase::Turn => {
            let n = seat_name(s.active());
            Text::new(
                format!("Day {} of 27, Age {} — {} to play.", s.day, s.age, n.en),
                format!("{}일째, {}시대 — {} 차례.", s.day, s.age, n.ko),
            )
        }
        Phase::Advance => {
            let n = seat_name(s.seat_on_start().unwrap_or(0));
            Text::new(
                format!("Day {}: {} advances the calendar 1 or 2 days.", s.day, n.en),
                format!(
                    "{}일째: {}이(가) 달력을 1일 또는 2일 전진시킵니다.",
                    s.day, n.ko
                ),
            )
        }
        Phase::Over => Text::new("The game is over.", "게임이 끝났습니다."),
    }
}

fn calendar_section(s: &State) -> Section {
    let mut lines = Vec::new();
    let next = s.next_food_day();
    lines.push(Text::new(
        format!(
            "Day {} (27 days, fewer with double advances), Age {}.",
            s.day, s.age
        ),
        format!(
            "{}일째 (27일, 이틀 전진마다 하루 줄어듦), {}시대.",
            s.day, s.age
        ),
    ));
    if let Some(fd) = next {
        let mid = s.data.general.mid_age_days.contains(&fd);
        lines.push(Text::new(
            format!(
                "Next food day: end of day {fd} ({}).",
                if mid { "brown: goods" } else { "teal: points" }
            ),
            format!(
                "다음 푸드 데이: {fd}일째 끝 ({}).",
                if mid {
                    "갈색: 물품 보상"
                } else {
                    "청록색: 점수 보상"
                }
            ),
        ));
    }
    lines.push(Text::new(
        format!("Corn on the calendar teeth: {}.", s.accumulated),
        format!("출킨 톱니 위 옥수수: {}개.", s.accumulated),
    ));
    let order: Vec<String> = (0..s.n)
        .map(|i| seat_name((s.first + i) % s.n).en)
        .collect();
    let order_ko: Vec<String> = (0..s.n)
        .map(|i| seat_name((s.first + i) % s.n).ko)
        .collect();
    lines.push(Text::new(
        format!("Turn order: {}.", order.join(", ")),
        format!("차례 순서: {}.", order_ko.join(", ")),
    ));
    let start = match s.seat_on_start() {
        Some(o) => seat_name(o),
        None => Text::new("empty", "비어 있음"),
    };
    lines.push(Text::new(
        format!("Starting player space: {}.", start.en),
        format!("시작 플레이어 칸: {}.", start.ko),
    ));
    lines.push(Text::new(
        format!(
            "Crystal skulls in the supply: {} of {}.",
            s.skull_supply, s.data.general.skulls
        ),
        format!(
            "공급처의 수정 해골: {}/{}개.",
            s.skull_supply, s.data.general.skulls
        ),
    ));
    lines.push(Text::new(
        "Placing k workers adds 0/1/3/6/10/15 corn.",
        "일꾼 k개 배치 추가 비용: 0/1/3/6/10/15.",
    ));
    if s.phase == Phase::Turn {
        lines.push(pending_text(s));
        lines.extend(turn_hints(s));
    }
    Section::lines(Text::new("Calendar", "달력"), lines)
}

/// The kinds of turn open to the active player (spec 12.3 item 11).
fn turn_hints(s: &State) -> Vec<Text> {
    use super::command::Command;
    let seat = s.active();
    let mut out = Vec::new();
    if !s.pending.is_empty() || s.mode != Mode::Start {
        return out;
    }
    let legal = rules::legal(s, seat);
    let begs = legal.iter().any(|c| matches!(c, Command::Beg(_)));
    let places = legal.iter().any(|c| matches!(c, Command::Place { .. }));
    let retrieves = legal.iter().any(|c| matches!(c, Command::Retrieve { .. }));
    if legal.iter().any(|c| matches!(c, Command::Pity(_))) {
        out.push(Text::new(
            "The gods take pity: place exactly one worker, paying all corn.",
            "신의 자비: 옥수수를 모두 내고 일꾼 딱 하나를 배치합니다.",
        ));
    } else if begs && !places && !retrieves {
        out.push(Text::new(
            "Forced to beg for corn first.",
            "먼저 옥수수를 구걸해야 합니다.",
        ));
    } else {
        if begs {
            out.push(Text::new(
                "May beg for corn first (2 corn or fewer).",
                "먼저 옥수수를 구걸할 수 있습니다 (옥수수 2개 이하).",
            ));
        }
        if !places {
            out.push(Text::new(
                "Must retrieve (no worker can be placed).",
                "회수해야 합니다 (배치할 수 없음).",
            ));
        } else if !retrieves {
            out.push(Text::new(
                "Must place (no worker on the gears).",
                "배치해야 합니다 (기어에 일꾼 없음).",
            ));
        }
    }
    out
}

fn pending_text(s: &State) -> Text {
    let who = seat_name(s.active());
    let what = match s.pending.last() {
        None => match s.mode {
            Mode::Start => Text::new(
                "place or retrieve workers (beg first if allowed)",
                "일꾼 배치 또는 회수 (가능하면 먼저 구걸)",
            ),
            Mode::Placing { .. } => {
                Text::new("place more workers or end", "일꾼을 더 배치하거나 end")
            }
            Mode::Retrieving => {
                Text::new("retrieve more workers or end", "일꾼을 더 회수하거나 end")
            }
        },
        Some(Pending::Tech { .. }) => {
            Text::new("choose a technology (tech ...)", "기술 선택 (tech ...)")
        }
        Some(Pending::Build { .. }) => Text::new(
            "choose what to build (build ... / monument ...)",
            "건설할 것 선택 (build ... / monument ...)",
        ),
        Some(Pending::Temple) => {
            Text::new("choose a temple (temple ...)", "신전 선택 (temple ...)")
        }
        Some(Pending::Temples { .. }) => Text::new(
            "choose two temples and the resource (temples ...)",
            "신전 두 곳과 자원 선택 (temples ...)",
        ),
        Some(Pending::Gain { .. }) => {
            Text::new("choose resources (gain ...)", "자원 선택 (gain ...)")
        }
        Some(Pending::Offer) => Text::new(
            "offer a resource for a temple step, or skip",
            "자원을 바쳐 신전 올리기 또는 skip",
        ),
        Some(Pending::Market { .. }) => Text::new(
            "trade at the market (sell/buy ..., done)",
            "시장 거래 (sell/buy ..., done)",
        ),
        Some(Pending::Action { .. }) => {
            Text::new("choose an action (do ...)", "행동 선택 (do ...)")
        }
    };
    Text::new(
        format!("{} is to {}.", who.en, what.en),
        format!("{}: {}.", who.ko, what.ko),
    )
}

fn gears_section(s: &State) -> Section {
    // The cost shown is for the active player's next worker this turn.
    let placed = match s.mode {
        Mode::Placing { placed, .. } if s.phase == Phase::Turn => placed,
        _ => 0,
    };
    let mut header = vec![Text::new("Gear", "기어")];
    header.extend((0..13).map(|i| Text::same(i.to_string())));
    header.push(Text::new("Next placement", "다음 배치"));
    let rows = (0..5)
        .map(|g| {
            let gd = &s.data.gears[g];
            let mut row = vec![Text::new(gd.name.clone(), gd.ko.clone())];
            for pos in 0..13 {
                row.push(Text::same(if pos < gd.teeth {
                    let o = occupant(s.gears[g][pos]);
                    if pos > gd.last && o == "." {
                        "-".to_string()
                    } else {
                        o.to_string()
                    }
                } else {
                    String::new()
                }));
            }
            row.push(match lowest_empty(s, g) {
                Some(p) => {
                    let c = placement_cost(&s.data, p, placed);
                    Text::new(
                        format!("space {p}, {c} corn"),
                        format!("{p}번 칸, 옥수수 {c}"),
                    )
                }
                None => Text::new("full", "가득 참"),
            });
            row
        })
        .collect();
    Section::table(
        Text::new(
            "Gears (R/B/G/Y players, D dummy, . empty, - unnumbered)",
            "기어 (R/B/G/Y 플레이어, D 가짜 일꾼, . 빈 칸, - 숫자 없는 칸)",
        ),
        header,
        rows,
    )
}

fn action_text(s: &State, kind: &ActionKind) -> Text {
    match *kind {
        ActionKind::Fish { corn } => Text::new(format!("{corn} corn"), format!("옥수수 {corn}")),
        ActionKind::Harvest => Text::new(
            "jungle: corn tile or wood tile",
            "정글: 옥수수 또는 나무 수확",
        ),
        ActionKind::Gain(g) => goods_text(&g),
        ActionKind::Tech { count: 1 } => Text::new("1 tech step (paid)", "기술 1단계 (비용 지불)"),
        ActionKind::Tech { count } => Text::new(
            format!("up to {count} tech steps (paid)"),
            format!("기술 최대 {count}단계 (비용 지불)"),
        ),
        ActionKind::Build { count: 1 } => Text::new("build 1 building", "건물 1개 건설"),
        ActionKind::Build { count } => Text::new(
            format!("build {count} buildings or 1 monument"),
            format!("건물 {count}개 또는 기념비 1개 건설"),
        ),
        ActionKind::Temples { count, resources } => Text::new(
            format!("{resources} resource: {count} different temples +1"),
            format!("자원 {resources}: 서로 다른 신전 {count}곳 +1"),
        ),
        ActionKind::Temple { corn } => Text::new(
            format!("{corn} corn: 1 temple +1"),
            format!("옥수수 {corn}: 신전 1곳 +1"),
        ),
        ActionKind::Market => {
            let m = s.data.market;
            Text::new(
                format!(
                    "market: wood {} / stone {} / gold {} corn",
                    m[0], m[1], m[2]
                ),
                format!("시장: 나무 {} / 돌 {} / 금 {} 옥수수", m[0], m[1], m[2]),
            )
        }
        ActionKind::Worker => Text::new("+1 worker from the supply", "공급처에서 일꾼 +1"),
        ActionKind::BuildCorn { corn_per_resource } => Text::new(
            format!("build 1 building for {corn_per_resource} corn per resource"),
            format!("자원당 옥수수 {corn_per_resource}로 건물 1개 건설"),
        ),
        ActionKind::AnyAction { corn } => Text::new(
            format!("{corn} corn: any PAL/YAX/TIK/UXM action"),
            format!("옥수수 {corn}: 다른 기어 행동 하나"),
        ),
        ActionKind::Offer {
            vp,
            temple,
            resources,
        } => {
            let t = s
                .data
                .temples
                .get(temple)
                .map(|t| (t.name.as_str(), t.ko.as_str()))
                .unwrap_or(("?", "?"));
            let (re, rk) = if resources > 0 {
                (" + 1 resource", " + 자원 1")
            } else {
                ("", "")
            };
            Text::new(
                format!("skull: {vp} VP, {} +1{re}", t.0),
                format!("해골: {vp}점, {} +1{rk}", t.1),
            )
        }
    }
}

fn actions_section(s: &State) -> Section {
    let mut lines = Vec::new();
    for g in &s.data.gears {
        let parts: Vec<Text> = g
            .actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let t = action_text(s, a);
                Text::new(format!("{} {}", i + 1, t.en), format!("{} {}", i + 1, t.ko))
            })
            .collect();
        let all = Text::join(&parts, "; ");
        lines.push(Text::new(
            format!(
                "{} ({}): {}; {}+ free choice.",
                g.name, g.id, all.en, g.free_from
            ),
            format!(
                "{} ({}): {}; {}번 이상 자유 선택.",
                g.ko, g.id, all.ko, g.free_from
            ),
        ));
    }
    Section::lines(Text::new("Actions", "행동"), lines)
}

fn temples_section(s: &State) -> Section {
    let mut header = vec![Text::new("Temple", "신전")];
    header.extend((0..s.n).map(seat_name));
    header.push(Text::new("Top bonus I/II", "꼭대기 보너스 I/II"));
    let rows = s
        .data
        .temples
        .iter()
        .enumerate()
        .map(|(t, td)| {
            let mut row = vec![Text::new(td.name.clone(), td.ko.clone())];
            for p in &s.players {
                let step = i32::from(p.temple[t]) - 1;
                let vp = td.vp.get(p.temple[t] as usize).copied().unwrap_or(0);
                let label = if step < 0 {
                    "bottom".to_string()
                } else if step == 0 {
                    "start".to_string()
                } else {
                    format!("+{step}")
                };
                let label_ko = if step < 0 {
                    "바닥".to_string()
                } else if step == 0 {
                    "시작".to_string()
                } else {
                    format!("+{step}")
                };
                row.push(Text::new(
                    format!("{label} ({vp} VP)"),
                    format!("{label_ko} ({vp}점)"),
                ));
            }
            row.push(Text::same(format!(
                "{} / {} (top +{})",
                td.bonus[0],
                td.bonus[1],
                td.top() - 1
            )));
            row
        })
        .collect();
    Section::table(Text::new("Temples", "신전"), header, rows)
}

fn techs_section(s: &State) -> Section {
    let mut header = vec![Text::new("Technology", "기술")];
    header.extend((0..s.n).map(seat_name));
    let rows = s
        .data
        .techs
        .iter()
        .enumerate()
        .map(|(t, td)| {
            let mut row = vec![Text::new(td.name.clone(), td.ko.clone())];
            row.extend(
                s.players
                    .iter()
                    .map(|p| Text::same(format!("{}", p.tech[t]))),
            );
            row
        })
        .collect();
    Section::table(
        Text::new(
            "Technologies (level 0-3; costs 1/2/3, bonus 1)",
            "기술 (0-3단계; 비용 1/2/3, 보너스 1)",
        ),
        header,
        rows,
    )
}

fn jungle_section(s: &State) -> Section {
    let lines = (0..4)
        .map(|k| {
            let [w, c] = s.jungle[k];
            Text::new(
                format!(
                    "Palenque {}: {w} stacks under wood, {c} bare corn tiles ({} corn / {} wood).",
                    k + 2,
                    s.data.jungle_corn[k],
                    s.data.jungle_wood[k]
                ),
                format!(
                    "팔렝케 {}: 나무 덮인 더미 {w}, 옥수수 타일 {c} (옥수수 {} / 나무 {}).",
                    k + 2,
                    s.data.jungle_corn[k],
                    s.data.jungle_wood[k]
                ),
            )
        })
        .collect();
    Section::lines(Text::new("Jungle", "정글"), lines)
}

fn offer_section(s: &State) -> Section {
    let header = vec![
        Text::new("Tile", "타일"),
        Text::new("Kind", "종류"),
        Text::new("Cost", "비용"),
        Text::new("Effect", "효과"),
    ];
    let mut rows = Vec::new();
    for &b in s.display.iter().filter(|&&b| b != NONE) {
        if let Some(bd) = s.data.buildings.get(b as usize) {
            rows.push(vec![
                Text::same(bd.id.clone()),
                Text::new(
                    format!("Age {} {}", bd.age, bd.category.en()),
                    format!("{}시대 {}", bd.age, bd.category.ko()),
                ),
                goods_text(&bd.cost),
                effects_text(&bd.effects),
            ]);
        }
    }
    for &m in &s.monuments {
        if let Some(md) = s.data.monuments.get(m as usize) {
            rows.push(vec![
                Text::same(md.id.clone()),
                Text::new(
                    format!("monument, {}", md.category.en()),
                    format!("기념비, {}", md.category.ko()),
                ),
                goods_text(&md.cost),
                scoring_text(&md.scoring),
            ]);
        }
    }
    Section::table(
        Text::new(
            format!(
                "Buildings and monuments on offer (piles: Age I {}, Age II {})",
                s.piles[0].len(),
                s.piles[1].len()
            ),
            format!(
                "건설 가능한 건물과 기념비 (더미: 1시대 {}, 2시대 {})",
                s.piles[0].len(),
                s.piles[1].len()
            ),
        ),
        header,
        rows,
    )
}

fn players_section(s: &State) -> Section {
    let header = [
        ("Player", "플레이어"),
        ("VP", "점수"),
        ("Corn", "옥수수"),
        ("Wood", "나무"),
        ("Stone", "돌"),
        ("Gold", "금"),
        ("Skulls", "해골"),
        ("Workers hand/gears/supply", "일꾼 손/기어/공급처"),
        ("Board", "보드"),
        ("Harvest tiles corn/wood", "수확 타일 옥수수/나무"),
        ("Built", "건설"),
        ("Starting tiles", "시작 자산"),
        ("Next feeding", "다음 먹이기"),
        ("Monuments now", "현재 기념비 점수"),
    ]
    .iter()
    .map(|(e, k)| Text::new(*e, *k))
    .collect();
    let rows = (0..s.n)
        .map(|i| {
            let p = &s.players[i];
            let built: Vec<String> = s
                .data
                .buildings
                .iter()
                .enumerate()
                .filter(|(b, _)| p.buildings & (1 << b) != 0)
                .map(|(_, b)| b.id.clone())
                .chain(
                    s.data
                        .monuments
                        .iter()
                        .enumerate()
                        .filter(|(m, _)| p.monuments & (1 << m) != 0)
                        .map(|(_, m)| m.id.clone()),
                )
                .collect();
            let kept: Vec<String> = if s.phase == Phase::Choose {
                vec![]
            } else {
                p.kept
                    .iter()
                    .filter_map(|&t| s.data.tiles.get(t as usize))
                    .map(|t| t.id.clone())
                    .collect()
            };
            let (pay, unfed) = feeding(s, i);
            vec![
                seat_name(i),
                Text::same(p.vp.to_string()),
                Text::same(p.corn.to_string()),
                Text::same(p.res[0].to_string()),
                Text::same(p.res[1].to_string()),
                Text::same(p.res[2].to_string()),
                Text::same(p.skulls.to_string()),
                Text::same(format!(
                    "{}/{}/{}",
                    p.hand,
                    s.on_gears(i) + u8::from(s.seat_on_start() == Some(i)),
                    p.supply
                )),
                if p.light {
                    Text::new("light", "밝은 면")
                } else {
                    Text::new("dark", "어두운 면")
                },
                Text::same(format!("{}/{}", p.corn_tiles, p.wood_tiles)),
                Text::same(if built.is_empty() {
                    "-".to_string()
                } else {
                    built.join(" ")
                }),
                Text::same(if kept.is_empty() {
                    "-".to_string()
                } else {
                    kept.join(" ")
                }),
                Text::new(
                    format!("{pay} corn, {unfed} unfed"),
                    format!("옥수수 {pay}, 굶는 일꾼 {unfed}"),
                ),
                Text::same(
                    (0..s.data.monuments.len())
                        .filter(|m| p.monuments & (1 << m) != 0)
                        .map(|m| rules::monument_points(s, i, m))
                        .sum::<i32>()
                        .to_string(),
                ),
            ]
        })
        .collect();
    Section::table(Text::new("Players", "플레이어"), header, rows)
}

fn final_section(s: &State) -> Section {
    let finals = rules::finals(s);
    let header = [
        ("Player", "플레이어"),
        ("VP in play", "게임 중 점수"),
        ("Goods as corn", "물품의 옥수수 가치"),
        ("Corn points", "옥수수 점수"),
        ("Skulls", "해골"),
        ("Monuments", "기념비"),
        ("Total", "합계"),
        ("Workers on gears (tie-break)", "기어 위 일꾼 (동점 판정)"),
    ]
    .iter()
    .map(|(e, k)| Text::new(*e, *k))
    .collect();
    let rows = finals
        .iter()
        .enumerate()
        .map(|(i, f)| {
            vec![
                seat_name(i),
                Text::same(f.vp.to_string()),
                Text::same(f.corn_value.to_string()),
                Text::same(format!("{}", f.corn_points_quarters as f64 / 4.0)),
                Text::same(f.skull_points.to_string()),
                Text::same(f.monument_points.to_string()),
                Text::same(format!("{}", f.quarters as f64 / 4.0)),
                Text::same(f.tiebreak_workers.to_string()),
            ]
        })
        .collect();
    Section::table(Text::new("Final scoring", "최종 점수"), header, rows)
}

fn tile_line(s: &State, t: u8) -> Text {
    let Some(tile) = s.data.tiles.get(t as usize) else {
        return Text::default();
    };
    let g = goods_text(&tile.goods);
    let e = effects_text(&tile.effects);
    let sep = if tile.effects.is_empty() { "" } else { "; " };
    Text::new(
        format!("{}: {}{sep}{}", tile.id, g.en, e.en),
        format!("{}: {}{sep}{}", tile.id, g.ko, e.ko),
    )
}

pub fn view(s: &State, seat: Option<usize>) -> View {
    let mut sections = vec![
        actions_section(s),
        calendar_section(s),
        gears_section(s),
        temples_section(s),
        techs_section(s),
        jungle_section(s),
        offer_section(s),
        players_section(s),
    ];
    if !s.dummy_tiles.is_empty() {
        let ids: Vec<String> = s
            .dummy_tiles
            .iter()
            .filter_map(|&t| s.data.tiles.get(t as usize))
            .map(|t| format!("{} ({} {})", t.id, GEAR_IDS[t.gear], t.space))
            .collect();
        sections.push(Section::lines(
            Text::new("Dummy workers", "가짜 일꾼"),
            vec![Text::new(
                format!("Placed from the undealt tiles {}.", ids.join(", ")),
                format!("나누지 않은 타일로 배치: {}.", ids.join(", ")),
            )],
        ));
    }
    let chi: Vec<String> = (1..=s.data.gears[4].actions.len())
        .filter(|k| s.chi_slots & (1 << (k - 1)) != 0)
        .map(|k| k.to_string())
        .collect();
    sections.push(Section::lines(
        Text::new("Chichen Itza", "치첸이차"),
        vec![Text::new(
            format!(
                "Skull slots filled: {}.",
                if chi.is_empty() {
                    "none".to_string()
                } else {
                    chi.join(", ")
                }
            ),
            format!(
                "해골이 놓인 칸: {}.",
                if chi.is_empty() {
                    "없음".to_string()
                } else {
                    chi.join(", ")
                }
            ),
        )],
    ));
    if s.phase == Phase::Over {
        sections.push(final_section(s));
    }
    let mut private = Vec::new();
    if let Some(me) = seat.filter(|&m| m < s.n) {
        let p = &s.players[me];
        if s.phase == Phase::Choose {
            let mut lines: Vec<Text> = p.dealt.iter().map(|&t| tile_line(s, t)).collect();
            if p.kept[0] != NONE {
                let ids: Vec<String> = p
                    .kept
                    .iter()
                    .filter_map(|&t| s.data.tiles.get(t as usize))
                    .map(|t| t.id.clone())
                    .collect();
                lines.push(Text::new(
                    format!("You keep {}; waiting for the others.", ids.join(" and ")),
                    format!("선택: {}. 다른 사람을 기다립니다.", ids.join(", ")),
                ));
            } else {
                lines.push(Text::new(
                    "Keep two with 'keep <tile> <tile>'.",
                    "'keep <타일> <타일>'로 두 개를 고르세요.",
                ));
            }
            private.push(Section::lines(
                Text::new("Your starting wealth tiles", "나의 시작 자산 타일"),
                lines,
            ));
        } else {
            let lines = p.kept.iter().map(|&t| tile_line(s, t)).collect();
            private.push(Section::lines(
                Text::new(
                    "Your kept starting wealth tiles",
                    "내가 고른 시작 자산 타일",
                ),
                lines,
            ));
        }
    }
    View {
        seat: seat.map(crate::engine::Seat),
        headline: headline(s),
        sections,
        private,
        picture: picture(s),
        footer: vec![Text::new(
            "Commands: place <gear>, retrieve <gear><space> [as <action>], beg <temple>, end. Gears pal yax tik uxm chi start; temples chaac quetz kukul; techs agri res arch theo.",
            "명령: place <기어>, retrieve <기어><칸> [as <행동>], beg <신전>, end. 기어 pal yax tik uxm chi start; 신전 chaac quetz kukul; 기술 agri res arch theo.",
        )],
    }
}

/// What a viewer may not see: other seats' dealt tiles until the reveal and
/// their discarded tiles forever; for everyone, the buildings still in the
/// face-down piles and the monuments left in the box.
pub fn hidden_items(s: &State, viewer: Option<usize>) -> Vec<String> {
    let mut out = Vec::new();
    for pile in &s.piles {
        out.extend(
            pile.iter()
                .filter_map(|&b| s.data.buildings.get(b as usize))
                .map(|b| b.id.clone()),
        );
    }
    let built: u16 = s.players.iter().fold(0, |a, p| a | p.monuments);
    for (m, md) in s.data.monuments.iter().enumerate() {
        if built & (1 << m) == 0 && !s.monuments.contains(&(m as u8)) {
            out.push(md.id.clone());
        }
    }
    for (i, p) in s.players.iter().enumerate() {
        if Some(i) == viewer {
            continue;
        }
        for &t in &p.dealt {
            let revealed = s.phase != Phase::Choose && p.kept.contains(&t);
            if !revealed {
                if let Some(tile) = s.data.tiles.get(t as usize) {
                    out.push(format!("{}:", tile.id));
                    out.push(format!("{} ", tile.id));
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------- picture

fn seat_color(o: u8) -> Color {
    match o {
        DUMMY => Color::GREY,
        k => Color::seat(k as usize - 1),
    }
}

fn picture(s: &State) -> Sketch {
    let mut sk = Sketch::new(1000, 820);
    sk.alt = format!("Tzolk'in board, day {}, age {}", s.day, s.age);
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
    // Action legend.
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
    sk
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

/// A decision told in words (without who made it), from the state before it was applied.
pub fn describe(s: &State, cmd: &super::command::Command) -> Text {
    use super::command::{Act, Command, Mode as ActMode, RES_IDS, START};
    let gear = |g: usize| {
        s.data
            .gears
            .get(g)
            .map(|g| (g.name.as_str(), g.ko.as_str()))
            .unwrap_or(("?", "?"))
    };
    let temple = |t: u8| {
        s.data
            .temples
            .get(t as usize)
            .map(|t| (t.name.as_str(), t.ko.as_str()))
            .unwrap_or(("?", "?"))
    };
    let tech = |t: u8| {
        s.data
            .techs
            .get(t as usize)
            .map(|t| (t.name.as_str(), t.ko.as_str()))
            .unwrap_or(("?", "?"))
    };
    let res = |r: u8| {
        (
            RES_IDS.get(r as usize).copied().unwrap_or("?"),
            super::data::RES_KO.get(r as usize).copied().unwrap_or("?"),
        )
    };
    let act = |a: &Act| {
        let (en, ko) = gear(a.gear as usize);
        let (me, mk) = match a.mode {
            ActMode::Plain => (String::new(), String::new()),
            ActMode::Corn => (" for corn".to_string(), " 옥수수".to_string()),
            ActMode::Wood => (" for wood".to_string(), " 나무".to_string()),
            ActMode::Burn(t) => {
                let (te, tk) = temple(t);
                (
                    format!(", burning the forest (angering {te})"),
                    format!(" 숲 태우기 ({tk} 분노)"),
                )
            }
        };
        (format!("{en} {}{me}", a.n), format!("{ko} {}{mk}", a.n))
    };
    let (en, ko): (String, String) = match *cmd {
        Command::Keep(..) => (
            "chooses starting wealth tiles".into(),
            "시작 자산 타일을 고릅니다".into(),
        ),
        Command::Beg(t) => {
            let (te, tk) = temple(t);
            (
                format!("begs for corn, angering {te}"),
                format!("옥수수를 구걸합니다 ({tk} 분노)"),
            )
        }
        Command::Place { targets, .. } => place_words(s, targets[0], START, &gear),
        Command::Pity(t) => {
            let (e, k) = place_words(s, t, START, &gear);
            (
                format!("{e}, paying all corn by the gods' pity"),
                format!("{k} (신의 자비, 옥수수 전부 지불)"),
            )
        }
        Command::Retrieve {
            gear: g,
            pos,
            act: a,
        } => {
            let (ge, gk) = gear(g as usize);
            match a {
                None => (
                    format!("retrieves the worker from {ge} {pos} without an action"),
                    format!("{gk} {pos}의 일꾼을 행동 없이 회수합니다"),
                ),
                Some(a) => {
                    let (ae, ak) = act(&a);
                    (
                        format!("retrieves the worker from {ge} {pos} and does {ae}"),
                        format!("{gk} {pos}의 일꾼을 회수하고 {ak} 행동을 합니다"),
                    )
                }
            }
        }
        Command::End => ("ends the turn".into(), "차례를 마칩니다".into()),
        Command::Advance(k) if s.phase == Phase::Turn => (
            format!("declares that the calendar will advance {k} day(s) if allowed"),
            format!("달력을 {k}일 전진시키겠다고 미리 정합니다 (가능하면)"),
        ),
        Command::Advance(k) => (
            format!("advances the calendar {k} day(s)"),
            format!("달력을 {k}일 전진시킵니다"),
        ),
        Command::Tech { tech: t, .. } => {
            let (te, tk) = tech(t);
            (format!("advances {te}"), format!("{tk} 기술을 올립니다"))
        }
        Command::Build { id, .. } => (
            format!("builds {}", id.as_str().to_uppercase()),
            format!("{} 건물을 짓습니다", id.as_str().to_uppercase()),
        ),
        Command::Monument { id, .. } => (
            format!("builds monument {}", id.as_str().to_uppercase()),
            format!("{} 기념비를 짓습니다", id.as_str().to_uppercase()),
        ),
        Command::Temple(t) => {
            let (te, tk) = temple(t);
            (
                format!("climbs the temple of {te}"),
                format!("{tk} 신전을 올라갑니다"),
            )
        }
        Command::Temples { a, b, .. } => {
            let ((ae, ak), (be, bk)) = (temple(a), temple(b));
            (
                format!("climbs the temples of {ae} and {be}"),
                format!("{ak}, {bk} 신전을 올라갑니다"),
            )
        }
        Command::Gain(_) => ("takes resources".into(), "자원을 받습니다".into()),
        Command::Offer { temple: t, .. } => {
            let (te, tk) = temple(t);
            (
                format!("offers a resource to {te}"),
                format!("{tk}에게 자원을 바칩니다"),
            )
        }
        Command::Trade { buy, res: r, n } => {
            let (re, rk) = res(r);
            if buy {
                (
                    format!("buys {n} {re} at the market"),
                    format!("시장에서 {rk} {n}개를 삽니다"),
                )
            } else {
                (
                    format!("sells {n} {re} at the market"),
                    format!("시장에서 {rk} {n}개를 팝니다"),
                )
            }
        }
        Command::Done => ("leaves the market".into(), "시장 거래를 마칩니다".into()),
        Command::Do(a) => {
            let (ae, ak) = act(&a);
            (format!("does {ae}"), format!("{ak} 행동을 합니다"))
        }
        Command::Skip => ("passes on the option".into(), "선택을 넘깁니다".into()),
    };
    Text::new(en, ko)
}

fn place_words<'a>(
    s: &State,
    t: u8,
    start: u8,
    gear: &dyn Fn(usize) -> (&'a str, &'a str),
) -> (String, String) {
    if t == start {
        return (
            "places a worker on the starting player space".into(),
            "시작 플레이어 칸에 일꾼을 놓습니다".into(),
        );
    }
    let (ge, gk) = gear(t as usize);
    let pos = lowest_empty(s, t as usize).unwrap_or(0);
    (
        format!("places a worker on {ge} {pos}"),
        format!("{gk} {pos}번 칸에 일꾼을 놓습니다"),
    )
}
