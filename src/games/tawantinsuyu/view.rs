//! What a seat may see: the public board as sections, the seat's hand in the
//! private part, the picture of the hill and the boards, the footer naming the
//! substitute components; also the hidden items and the invariants.

use super::apply;
use super::command::{Bld, Names};
use super::data::{
    army_text, effect_ko, god_text, pattern_ko, res_text, weaving_text, Data, SpaceColour,
    WORKER_IDS,
};
use super::legal;
use super::picture::{bld_text, picture, pile_top_shown};
use super::state::{self, Ask, Player, State};
use crate::engine::{Section, Text, View};

/// Bilingual text; seat and worker names in the Korean line are put in Korean.
fn t(en: impl Into<String>, ko: impl Into<String>) -> Text {
    Text::new(en, super::apply::ko_names(ko.into()))
}

fn plain(s: impl Into<String>) -> Text {
    let s = s.into();
    Text::new(s.clone(), s)
}

fn who(s: &State, p: usize) -> String {
    super::apply::who(s, p)
}

fn ask_text(s: &State, a: &Ask) -> Text {
    match a {
        Ask::Keep => t(
            "keep 3 of your 8 dealt God cards",
            "받은 신 카드 8장 중 3장을 고르세요",
        ),
        Ask::UseCards {
            festival: false, ..
        } => t(
            "use your other God cards for their benefits",
            "나머지 신 카드의 혜택을 받으세요",
        ),
        Ask::UseCards {
            festival: true,
            left,
        } => t(
            format!("use up to {left} God cards (Festival)"),
            format!("신 카드를 최대 {left}장 사용 (축제)"),
        ),
        Ask::StartWeaving => t("choose a starting weaving", "시작 직조물을 고르세요"),
        Ask::PriestStart => t(
            "place your High Priest on the Coricancha",
            "대제사장을 코리칸차에 놓으세요",
        ),
        Ask::Main => t(
            "place a worker, or take two different sub-actions",
            "일꾼 1명 배치 또는 서로 다른 부차 액션 2개",
        ),
        Ask::Hire => t("hire from the Village (or not)", "마을에서 고용 (선택)"),
        Ask::Tasks { count, .. } => t(
            format!("choose the order of up to {count} task(s)"),
            format!("업무 최대 {count}회의 순서를 고르세요"),
        ),
        Ask::MoreTasks { count, done, .. } => t(
            format!(
                "choose the next of your tasks ({} of {count} done), or stop",
                done.len()
            ),
            format!(
                "다음 업무를 고르세요 ({count}회 중 {}회 완료), 또는 중단",
                done.len()
            ),
        ),
        Ask::Food { food, potato } => t(
            format!(
                "pay {} food: say how many potatoes, corn and gold (e.g. `food 1 potato 1 corn`)",
                food + potato
            ),
            format!(
                "음식 {}개를 내세요: 감자, 옥수수, 금덩이 개수 (예: `food 1 potato 1 corn`)",
                food + potato
            ),
        ),
        Ask::Feed => t(
            "feed the gods: 1 potato per God card in hand; `feed N` pays N gold for missing ones",
            "신에게 공양: 손의 신 카드마다 감자 1개; `feed N` = 부족분 중 N개를 금덩이로",
        ),
        Ask::Bonus { .. } => t(
            "take the statue bonus (all, part or none)",
            "조각상 보너스 받기 (전부, 일부, 또는 없음)",
        ),
        Ask::Conquer => t(
            "place a conquest marker (or pass)",
            "정복 마커 배치 (또는 패스)",
        ),
        Ask::Deploy { .. } => t(
            "lay army cards face up for the conquest",
            "정복을 위해 군대 카드를 내려놓으세요",
        ),
        other => {
            let en = format!("{other:?}")
                .split([' ', '{', '('])
                .next()
                .unwrap_or("decide")
                .to_lowercase();
            let _ = s;
            t(format!("decide: {en}"), format!("결정: {en}"))
        }
    }
}

/// The strings that must not appear in `viewer`'s view.
pub fn hidden_items(s: &State, viewer: Option<usize>) -> Vec<String> {
    let d = s.d();
    let mut out = Vec::new();
    for (q, pl) in s.players.iter().enumerate() {
        if Some(q) == viewer && !s.is_bot(q) {
            continue;
        }
        for &g in pl.gods.iter().chain(&pl.dealt) {
            if let Some(c) = d.gods.get(g as usize) {
                out.push(format!("in hand: {}", c.id));
            }
        }
        for &a in &pl.army_hand {
            if let Some(c) = d.army.get(a as usize) {
                out.push(format!("army in hand: {}", c.id));
            }
        }
    }
    // Weavings drawn but not yet decided on (L320), and the Z08 discards
    // under the pile (L577-578): only the seat that drew them saw them.
    if !s.offer.public && viewer != Some(s.offer.buyer) {
        for &w in &s.offer.tiles {
            if Some(w) != s.offer.top {
                out.push(weaving_text(d, w));
            }
        }
    }
    let top = s.weaving_pile.last().copied();
    if pile_top_shown(s).is_none() {
        if let Some(w) = top {
            out.push(weaving_text(d, w));
        }
    }
    for &(w, owner) in &s.weaving_secret {
        if viewer != Some(owner) && Some(w) != top && s.weaving_pile.contains(&w) {
            out.push(weaving_text(d, w));
        }
    }
    out.push("deck order".into());
    out
}

/// The public board, the seat's private part, the picture and the footer.
pub fn view(s: &State, seat: Option<usize>) -> View {
    let mut sections = vec![coricancha_section(s), supply_section(s)];
    sections.extend(offer_section(s, seat));
    sections.extend([
        market_section(s),
        hill_section(s),
        steps_section(s),
        temple_section(s),
        conquest_section(s),
        players_section(s),
    ]);
    sections.extend(axomama_section(s));
    sections.extend(final_section(s));
    View {
        seat: seat.map(crate::engine::Seat),
        headline: headline(s),
        sections,
        private: seat.map(|me| private_part(s, me)).unwrap_or_default(),
        picture: picture(s),
        footer: vec![t(
            "This game uses SUBSTITUTE components: the board, cards and tiles are a designed stand-in, not the published ones.",
            "이 게임은 대체 구성물을 사용합니다: 보드, 카드, 타일은 출판된 것이 아니라 설계된 대체품입니다.",
        )],
    }
}

/// The scores at the end, else the Festivals held and who decides what.
fn headline(s: &State) -> Text {
    if s.over {
        let sc: Vec<String> = s
            .players
            .iter()
            .enumerate()
            .map(|(q, p)| format!("{} {}", who(s, q), p.vp))
            .collect();
        return t(
            format!("Game over: {}", sc.join(", ")),
            format!("게임 종료: {}", sc.join(", ")),
        );
    }
    let acting = apply::to_act(s);
    let names: Vec<String> = acting.iter().map(|&q| who(s, q)).collect();
    let what = acting
        .first()
        .and_then(|&q| apply::current_ask(s, q))
        .map(|a| ask_text(s, &a))
        .unwrap_or_else(|| t("", ""));
    t(
        format!(
            "Festivals held {}/3 - {} to {}",
            s.festivals_done,
            names.join(", "),
            what.en
        ),
        format!(
            "축제 {}/3 진행 - {}: {}",
            s.festivals_done,
            names.join(", "),
            what.ko
        ),
    )
}

/// The Coricancha's five sections and the High Priests on them.
fn coricancha_section(s: &State) -> Section {
    let mut lines = Vec::new();
    for sec in 0..5 {
        let here: Vec<String> = s
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.priest == Some(sec))
            .map(|(q, _)| who(s, q))
            .collect();
        let a = s.action_at(sec);
        let (en, ko) = if here.is_empty() {
            (String::new(), String::new())
        } else {
            (
                format!("- High Priest of {}", here.join(", ")),
                format!("- 대제사장: {}", here.join(", ")),
            )
        };
        lines.push(t(
            format!("Section {}: {} {en}", sec + 1, a.word()),
            format!("구역 {}: {} {ko}", sec + 1, a.ko()),
        ));
    }
    Section::lines(t("Coricancha (High Priests)", "코리칸차 (대제사장)"), lines)
}

/// Worker types named, in order.
fn worker_list(v: &[u8]) -> String {
    v.iter()
        .map(|&w| WORKER_IDS.get(w as usize).copied().unwrap_or("?"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Village, Nomads, bag, Festival token, Offerings, decks and the statue supply.
fn supply_section(s: &State) -> Section {
    let d = s.d();
    let mut bag_counts = [0usize; 5];
    for &w in &s.bag {
        if let Some(x) = bag_counts.get_mut(w as usize) {
            *x += 1;
        }
    }
    let bag_text: Vec<String> = (0..5)
        .map(|i| format!("{} {}", WORKER_IDS[i], bag_counts[i]))
        .collect();
    let holder = s
        .festival_holder
        .map(|h| who(s, h))
        .unwrap_or_else(|| "-".into());
    let offerings: Vec<String> = s.offerings.iter().map(|&g| god_text(d, g)).collect();
    let top = pile_top_shown(s)
        .map(|w| weaving_text(d, w))
        .unwrap_or_else(|| "-".into());
    let statues = (0..d.symbols.len())
        .map(|i| format!("{} {}/{}", d.symbol_name(i), s.statues[i].0, s.statues[i].1))
        .collect::<Vec<_>>()
        .join(", ");
    let (village, nomads) = (worker_list(&s.village), worker_list(&s.nomads));
    let (gods, army, discard) = (s.god_deck.len(), s.army_deck.len(), s.army_discard.len());
    Section::lines(
        t("Village, Nomads, decks", "마을, 유목민, 더미"),
        vec![
            t(
                format!("Village (potato end first): {village}"),
                format!("마을 (감자 쪽부터): {village}"),
            ),
            t(format!("Nomads: {nomads}"), format!("유목민: {nomads}")),
            t(
                format!("Casualties of War: {}", s.casualties.len()),
                format!("전쟁 사상자: {}", s.casualties.len()),
            ),
            t(
                format!("Bag ({}): {}", s.bag.len(), bag_text.join(", ")),
                format!("주머니 ({}): {}", s.bag.len(), bag_text.join(", ")),
            ),
            t(
                format!(
                    "Festival token: {holder}; festivals held: {}",
                    s.festivals_done
                ),
                format!("축제 토큰: {holder}; 진행된 축제: {}", s.festivals_done),
            ),
            t(
                format!("Offerings (oldest first): {}", offerings.join(" | ")),
                format!("제물 (오래된 것부터): {}", offerings.join(" | ")),
            ),
            t(
                format!("God deck: {gods} cards; army deck {army} / discard {discard}"),
                format!("신 카드 더미 {gods}장; 군대 더미 {army} / 버림 {discard}"),
            ),
            t(
                format!(
                    "Weaving pile: {} tiles, face up: {top}",
                    s.weaving_pile.len()
                ),
                format!("직조물 더미 {}개, 공개: {top}", s.weaving_pile.len()),
            ),
            t(
                format!("Statue supply (small/large): {statues}"),
                format!("조각상 (소/대): {statues}"),
            ),
        ],
    )
}

/// The weavings drawn for a purchase: hidden from the others until decided.
fn offer_section(s: &State, seat: Option<usize>) -> Option<Section> {
    if s.offer.tiles.is_empty() {
        return None;
    }
    let d = s.d();
    let sees_all = s.offer.public || seat == Some(s.offer.buyer);
    let tiles: Vec<String> = s
        .offer
        .tiles
        .iter()
        .map(|&w| {
            if sees_all || Some(w) == s.offer.top {
                weaving_text(d, w)
            } else {
                "(hidden / 비공개)".to_string()
            }
        })
        .collect();
    Some(Section::lines(
        t("Weavings on offer", "구입 가능한 직조물"),
        vec![plain(tiles.join(" | "))],
    ))
}

fn market_section(s: &State) -> Section {
    let d = s.d();
    let market: Vec<Vec<Text>> = state::market(s)
        .into_iter()
        .map(|b| {
            let (cost, what_en, what_ko) = bld_text(d, b);
            vec![
                plain(Names(d).bld(b).to_uppercase()),
                plain(cost),
                t(what_en, what_ko),
            ]
        })
        .collect();
    Section::table(
        t("Building market", "건물 시장"),
        vec![
            t("building", "건물"),
            t("cost", "비용"),
            t("effect", "효과"),
        ],
        market,
    )
}

/// Every space of the hill: god, colour, tasks and the worker on it.
fn hill_section(s: &State) -> Section {
    let d = s.d();
    let rows: Vec<Vec<Text>> = d
        .spaces
        .iter()
        .enumerate()
        .map(|(i, sp)| {
            let occ = s
                .hill
                .get(i)
                .copied()
                .flatten()
                .map(|w| WORKER_IDS.get(w as usize).copied().unwrap_or("?"))
                .unwrap_or_default();
            let col = match sp.colour {
                SpaceColour::Blue => "blue",
                SpaceColour::Green => "green",
                SpaceColour::None => "",
            };
            let tasks: Vec<&str> = sp.tasks.iter().map(|x| x.word()).collect();
            vec![
                plain(sp.id.to_lowercase()),
                plain(d.symbol_name(sp.symbol)),
                plain(col),
                plain(tasks.join(" ")),
                plain(occ),
            ]
        })
        .collect();
    Section::table(
        t(
            "The hill (spaces S<section><T/M/B><n>)",
            "언덕 (칸 S<구역><고/중/저><번호>)",
        ),
        vec![
            t("space", "칸"),
            t("god", "신"),
            t("colour", "색"),
            t("tasks", "업무"),
            t("worker", "일꾼"),
        ],
        rows,
    )
    // Every space of the hill in words: the picture shows it; kept, folded.
    .as_reference()
}

fn steps_section(s: &State) -> Section {
    let steps: Vec<String> = s
        .d()
        .steps
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let owner = s.steps.get(i).copied().flatten();
            let owner = owner.map(|o| who(s, o as usize));
            format!(
                "{} {}",
                st.id.to_lowercase(),
                owner.unwrap_or_else(|| "-".into())
            )
        })
        .collect();
    Section::lines(t("Steps", "계단"), vec![plain(steps.join(", "))])
}

fn temple_section(s: &State) -> Section {
    let d = s.d();
    let temple: Vec<Text> = s
        .players
        .iter()
        .enumerate()
        .map(|(q, p)| {
            let sp = d.temple.get(p.temple);
            let festival = sp.map(|x| x.festival_vp).unwrap_or(0);
            let last = sp.map(|x| x.final_vp).unwrap_or(0);
            t(
                format!(
                    "{}: space {} (festival {festival} VP, final {last} VP)",
                    who(s, q),
                    p.temple
                ),
                format!(
                    "{}: {}칸 (축제 승점 {festival}, 최종 {last})",
                    who(s, q),
                    p.temple
                ),
            )
        })
        .collect();
    Section::lines(t("Temple track", "신전 트랙"), temple)
}

fn conquest_section(s: &State) -> Section {
    let d = s.d();
    let conquest: Vec<Vec<Text>> = d
        .conquest
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let who_there = s
                .conquest
                .get(i)
                .copied()
                .flatten()
                .map(|o| who(s, o as usize))
                .unwrap_or_default();
            vec![
                plain(Names(d).conquest(i as u8)),
                plain(format!("flip {} discard {}", c.flip, c.discard)),
                plain(c.benefit.describe()),
                plain(who_there),
            ]
        })
        .collect();
    Section::table(
        t("Conquest regions", "정복 지역"),
        vec![
            t("space", "칸"),
            t("soldiers", "군인"),
            t("benefit", "혜택"),
            t("marker", "마커"),
        ],
        conquest,
    )
    .as_reference()
}

/// A card or building id, marked when it lies face down.
fn up_or_down(id: String, up: bool) -> String {
    format!("{}{}", id.to_uppercase(), if up { "" } else { "(down)" })
}

/// One player's public holdings, a row of the players' table.
fn player_row(s: &State, q: usize, p: &Player) -> Vec<Text> {
    let d = s.d();
    let names = Names(d);
    let front: Vec<String> = p
        .army_front
        .iter()
        .map(|&(a, up)| up_or_down(names.army(a), up))
        .collect();
    let blds: Vec<String> = p
        .production
        .iter()
        .map(|&(b, up)| up_or_down(names.bld(Bld::Prod(b)), up))
        .chain(
            p.passive
                .iter()
                .map(|&b| names.bld(Bld::Pass(b)).to_uppercase()),
        )
        .collect();
    let statues: Vec<String> = p
        .statues
        .iter()
        .map(|&(sym, l)| {
            let size = if l { "large" } else { "small" };
            format!("{size} {}", d.symbol_name(sym as usize))
        })
        .collect();
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
    vec![
        plain(who(s, q)),
        plain(p.vp.to_string()),
        plain(res_text(&p.res)),
        plain(worker_list(&p.workers)),
        plain(format!("{} God, {} army", p.gods.len(), p.army_hand.len())),
        plain(front.join(" ")),
        plain(blds.join(" ")),
        plain(statues.join(", ")),
        plain(taps.join(" / ")),
        plain(format!(
            "{} steps, {} markers",
            p.steps_left, p.markers_left
        )),
    ]
}

fn players_section(s: &State) -> Section {
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
            t("resources", "자원"),
            t("workers", "일꾼"),
            t("hand", "손패"),
            t("army in front", "앞의 군대"),
            t("buildings", "건물"),
            t("statues", "조각상"),
            t("tapestries", "태피스트리"),
            t("left", "남은 것"),
        ],
        rows,
    )
}

/// Solo: Axomama's slots, number tokens, personality and last roll.
fn axomama_section(s: &State) -> Option<Section> {
    if !s.solo {
        return None;
    }
    let d = s.d();
    let slots: Vec<String> = s
        .axo
        .slots
        .iter()
        .map(|&g| {
            d.gods
                .get(g as usize)
                .map(|c| d.symbol_name(c.symbol).to_string())
                .unwrap_or_default()
        })
        .collect();
    let tokens: Vec<String> = d
        .solo
        .tokens
        .iter()
        .zip(&s.axo.tokens)
        .map(|(tk, c)| format!("#{} on {}", tk.0, c))
        .collect();
    let pers = s
        .axo
        .personality
        .and_then(|i| d.solo.personalities.get(i))
        .map(|p| p.name.clone())
        .unwrap_or_else(|| "none".into());
    Some(Section::lines(
        t("Axomama's board", "악소마마 보드"),
        vec![
            t(
                format!("Slots (symbols): {}", slots.join(", ")),
                format!("슬롯 (심벌): {}", slots.join(", ")),
            ),
            t(
                format!("Number tokens: {}", tokens.join(", ")),
                format!("숫자 토큰: {}", tokens.join(", ")),
            ),
            t(
                format!("Personality: {pers}; last roll {}", s.axo.last_roll),
                format!("성격: {pers}; 마지막 주사위 {}", s.axo.last_roll),
            ),
        ],
    ))
}

fn final_section(s: &State) -> Option<Section> {
    let lines: Vec<Text> = s
        .final_scores
        .as_ref()?
        .iter()
        .enumerate()
        .map(|(q, v)| {
            t(
                format!("{}: {v} VP", who(s, q)),
                format!("{}: 승점 {v}점", who(s, q)),
            )
        })
        .collect();
    Some(Section::lines(t("Final scores", "최종 점수"), lines))
}

/// The seat's hand, what it may do now and, at its main choice, its costs.
fn private_part(s: &State, me: usize) -> Vec<Section> {
    let d = s.d();
    let Some(pl) = s.players.get(me) else {
        return vec![];
    };
    let mut private = Vec::new();
    let mut lines: Vec<Text> = pl
        .gods
        .iter()
        .map(|&g| plain(format!("in hand: {}", god_text(d, g))))
        .collect();
    lines.extend(
        pl.dealt
            .iter()
            .map(|&g| plain(format!("in hand: {} (dealt)", god_text(d, g)))),
    );
    lines.extend(
        pl.army_hand
            .iter()
            .map(|&a| plain(format!("army in hand: {}", army_text(d, a)))),
    );
    if let Some(Ask::TrainKeep { cards }) = apply::current_ask(s, me) {
        lines.extend(
            cards
                .iter()
                .map(|&a| plain(format!("drawn: {}", army_text(d, a)))),
        );
    }
    if lines.is_empty() {
        lines.push(t("Your hand is empty.", "손패가 비어 있습니다."));
    }
    private.push(Section::lines(t("Your hand", "내 손패"), lines));
    if let Some(a) = apply::current_ask(s, me) {
        if a == Ask::StartWeaving {
            private.push(start_weavings_section(s, d));
        }
        let legal: Vec<String> = legal::legal_for(s, me, &a)
            .iter()
            .take(40)
            .map(|c| Names(d).text(c))
            .collect();
        private.push(Section::lines(
            t("You may now", "지금 가능한 명령"),
            legal.into_iter().map(plain).collect(),
        ));
        if a == Ask::Main && !s.turn.placed && s.turn.subs.is_empty() {
            private.push(cost_preview(s, me));
        }
    }
    private
}

/// For each empty space: the food it would cost this seat and the tasks each
/// of its worker types would get there (spec §12.3).
fn cost_preview(s: &State, me: usize) -> Section {
    let d = s.d();
    let mut types = s
        .players
        .get(me)
        .map(|p| p.workers.clone())
        .unwrap_or_default();
    types.sort();
    types.dedup();
    let rows: Vec<Vec<Text>> = d
        .spaces
        .iter()
        .enumerate()
        .filter(|(i, _)| s.hill.get(*i) == Some(&None))
        .map(|(i, sp)| {
            let tasks: Vec<String> = types
                .iter()
                .map(|&w| {
                    format!(
                        "{} {}",
                        WORKER_IDS.get(w as usize).copied().unwrap_or("?"),
                        state::task_count(s, me, i, w, w, false)
                    )
                })
                .collect();
            vec![
                plain(sp.id.to_lowercase()),
                plain(d.symbol_name(sp.symbol)),
                plain(state::food(s, me, i, false).to_string()),
                t(tasks.join(", "), tasks.join(", ")),
            ]
        })
        .collect();
    Section::table(
        t("Placement costs for you", "내 배치 비용"),
        vec![
            t("space", "칸"),
            t("god", "신"),
            t("food", "음식"),
            t("tasks by worker", "일꾼별 업무"),
        ],
        rows,
    )
}

/// The starting weavings to choose from, each named and described, so the
/// first decision can be made from the mail alone.
fn start_weavings_section(s: &State, d: &Data) -> Section {
    let names = Names(d);
    let lines = s
        .start_weavings
        .iter()
        .filter_map(|&w| {
            let x = d.weavings.get(w as usize)?;
            let pattern = d.patterns.get(x.pattern).map(String::as_str).unwrap_or("?");
            let end = |i: usize| d.rewards.get(i).map(|r| &r.1);
            let (left, right) = (end(x.left)?, end(x.right)?);
            let word = format!("start {}", names.weaving(w));
            Some(Text::new(
                format!(
                    "{word}: {}, {pattern} pattern; its ends: {} | {}",
                    x.id,
                    left.describe(),
                    right.describe()
                ),
                format!(
                    "{word}: {}, {} 무늬; 양 끝: {} | {}",
                    x.id,
                    pattern_ko(pattern),
                    effect_ko(left),
                    effect_ko(right)
                ),
            ))
        })
        .collect();
    Section::lines(
        t(
            "Your first decision: a starting weaving",
            "첫 결정: 시작 직조물",
        ),
        lines,
    )
}
