//! What a seat may see: the public board as sections (calendar, gears,
//! temples, technologies, jungle, buildings and monuments, players), the
//! seat's own starting wealth tiles while choosing, and a picture of it all.

use super::command::{GEAR_IDS, VOCABULARY};
use super::data::{action_text, effects_text, goods_text, scoring_text, seat_name};
use super::legal::{self, lowest_empty, placement_cost};
use super::picture::{occupant, picture};
use super::scoring::{self, feeding};
use super::state::{Mode, Pending, Phase, State, NONE};
use crate::engine::korean::korean_examples;
use crate::engine::{Section, Text, View};

/// Where the game stands and who is to act, speaking to `reader` ("Your
/// turn: ...") when it is them.
fn headline(s: &State, reader: Option<usize>) -> Text {
    let names: Vec<Text> = (0..s.n).map(seat_name).collect();
    let to_act = |context: Text, acting: &[usize], en: &str, ko: &str| {
        crate::engine::acting_headline(&context, &names, acting, &Text::new(en, ko), reader)
    };
    match s.phase() {
        Phase::Choose => {
            let choosing: Vec<usize> = (0..s.n).filter(|&i| s.players[i].kept[0] == NONE).collect();
            to_act(
                Text::new("Setup", "준비"),
                &choosing,
                "keep 2 of the 4 starting wealth tiles (keep ...)",
                "시작 자산 타일 4개 중 2개 고르기 (keep ...)",
            )
        }
        Phase::Turn => {
            let (en, ko) = if s.nothing_owed() {
                ("place or pick up workers", "일꾼 놓기 또는 회수")
            } else {
                ("finish the action's choices", "행동의 선택 마무리")
            };
            to_act(
                Text::new(
                    format!("Day {} of 27, Age {}", s.day, s.age),
                    format!("{}일째, {}시대", s.day, s.age),
                ),
                &[s.active()],
                en,
                ko,
            )
        }
        Phase::Advance => to_act(
            Text::new(format!("Day {}", s.day), format!("{}일째", s.day)),
            &[s.seat_on_start().unwrap_or(0)],
            "advance the calendar 1 or 2 days",
            "달력을 1일 또는 2일 전진",
        ),
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
    if s.phase() == Phase::Turn {
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
    if s.owed().is_some() || s.mode != Mode::Start {
        return out;
    }
    let legal = legal::legal(s, seat);
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
    let what = match s.owed() {
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
            "시장 거래 ('sell'/'buy' ..., 'done')",
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
        Mode::Placing { placed, .. } if s.phase() == Phase::Turn => placed,
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

fn actions_section(s: &State) -> Section {
    let mut lines = Vec::new();
    for g in &s.data.gears {
        let parts: Vec<Text> = g
            .actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let t = action_text(&s.data, a);
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
    header.push(Text::new("Top bonus I/II", "꼭대기 보너스 1/2시대"));
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
            row.push(Text::new(
                format!("{} / {} (top +{})", td.bonus[0], td.bonus[1], td.top() - 1),
                format!(
                    "{} / {} (맨 위 +{})",
                    td.bonus[0],
                    td.bonus[1],
                    td.top() - 1
                ),
            ));
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
            let kept: Vec<String> = if s.phase() == Phase::Choose {
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
                        .map(|m| scoring::monument_points(s, i, m))
                        .sum::<i32>()
                        .to_string(),
                ),
            ]
        })
        .collect();
    Section::table(Text::new("Players", "플레이어"), header, rows)
}

fn final_section(s: &State) -> Section {
    let finals = scoring::finals(s);
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
    let players = players_section(s);
    // The picture's players table is drawn from the view's own cells.
    let picture = picture(s, &players);
    let mut sections = vec![
        // The actions of every gear position are reference; the gears,
        // temples, technologies, the jungle and the tiles on offer are
        // drawn in the picture, their exact cells kept below it (a phone
        // has nothing to add to the picture's gears in a table).
        actions_section(s).as_reference(),
        calendar_section(s),
        gears_section(s).as_reference(),
        players,
        temples_section(s).as_reference(),
        techs_section(s).as_reference(),
        jungle_section(s).as_reference(),
        offer_section(s).as_reference(),
    ];
    sections.extend(dummies_section(s));
    sections.push(chichen_section(s));
    if s.phase() == Phase::Over {
        sections.push(final_section(s));
    }
    let private = seat
        .filter(|&m| m < s.n)
        .map(|me| vec![tiles_section(s, me)])
        .unwrap_or_default();
    View {
        seat: seat.map(crate::engine::Seat),
        headline: headline(s, seat),
        sections,
        private,
        picture,
        footer: vec![footer()],
    }
}

/// The commands every mail recalls; the Korean line in the Korean words the
/// game reads (`배치 <기어>`), so that what it shows may be written back.
fn footer() -> Text {
    let ko = |commands: &[&str], sep: &str| korean_examples(&VOCABULARY, commands, sep);
    Text::new(
        "Commands: place <gear>, retrieve <gear><space> [as <action>], beg <temple>, end. Gears pal yax tik uxm chi start; temples chaac quetz kukul; techs agri res arch theo.",
        format!(
            "명령: {}. 기어 {}; 신전 {}; 기술 {}.",
            ko(&["place <기어>", "retrieve <기어><칸> [as <행동>]", "beg <신전>", "end"], ", "),
            ko(&["pal", "yax", "tik", "uxm", "chi", "start"], " "),
            ko(&["chaac", "quetz", "kukul"], " "),
            ko(&["agri", "res", "arch", "theo"], " "),
        ),
    )
}

/// The undealt tiles that placed the dummy workers, if any.
fn dummies_section(s: &State) -> Option<Section> {
    if s.dummy_tiles.is_empty() {
        return None;
    }
    let ids: Vec<String> = s
        .dummy_tiles
        .iter()
        .filter_map(|&t| s.data.tiles.get(t as usize))
        .map(|t| format!("{} ({} {})", t.id, GEAR_IDS[t.gear], t.space))
        .collect();
    Some(Section::lines(
        Text::new("Dummy workers", "가짜 일꾼"),
        vec![Text::new(
            format!("Placed from the undealt tiles {}.", ids.join(", ")),
            format!("나누지 않은 타일로 배치: {}.", ids.join(", ")),
        )],
    ))
}

/// The skull slots filled on Chichen Itza.
fn chichen_section(s: &State) -> Section {
    let chi: Vec<String> = (1..=s.data.gears[4].actions.len())
        .filter(|k| s.chi_slots & (1 << (k - 1)) != 0)
        .map(|k| k.to_string())
        .collect();
    Section::lines(
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
    )
}

/// The seat's own starting wealth tiles: the four dealt while choosing,
/// the two kept afterwards.
fn tiles_section(s: &State, me: usize) -> Section {
    let p = &s.players[me];
    if s.phase() == Phase::Choose {
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
        Section::lines(
            Text::new("Your starting wealth tiles", "나의 시작 자산 타일"),
            lines,
        )
    } else {
        let lines = p.kept.iter().map(|&t| tile_line(s, t)).collect();
        Section::lines(
            Text::new(
                "Your kept starting wealth tiles",
                "내가 고른 시작 자산 타일",
            ),
            lines,
        )
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
            let revealed = s.phase() != Phase::Choose && p.kept.contains(&t);
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
