//! What a seat may see: the public board as sections, the seat's hand in the
//! private part, the picture of the hill and the boards, the footer naming the
//! substitute components; also the hidden items and the invariants.

use super::apply;
use super::command::{Bld, Names};
use super::data::{
    army_text, army_text_ko, effect_ko, god_text, god_text_ko, pattern_ko, personality_ko,
    res_text_ko, symbol_text, weaving_text, weaving_text_ko, worker_ko, worker_list, Data,
    SpaceColour, WORKER_IDS,
};
use super::legal;
use super::picture::{bld_text, holdings_section, picture, pile_top_shown, players_section};
use super::state::{self, Ask, State};
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
    let (players, holdings) = (players_section(s), holdings_section(s));
    let picture = picture(s, &players, &holdings);
    let mut sections: Vec<Section> = offer_section(s, seat).into_iter().collect();
    sections.push(market_section(s));
    sections.extend(axomama_section(s));
    sections.extend(final_section(s));
    // What the picture shows in full, in words: kept, folded in a mail.
    sections.extend(
        [
            players,
            holdings,
            coricancha_section(s),
            temple_section(s),
            supply_section(s),
            steps_section(s),
            hill_section(s),
            conquest_section(s),
        ]
        .map(Section::as_reference),
    );
    View {
        seat: seat.map(crate::engine::Seat),
        headline: headline(s, seat),
        sections,
        private: seat.map(|me| private_part(s, me)).unwrap_or_default(),
        picture,
        footer: vec![t(
            "This game uses SUBSTITUTE components: the board, cards and tiles are a designed stand-in, not the published ones.",
            "이 게임은 대체 구성물을 사용합니다: 보드, 카드, 타일은 출판된 것이 아니라 설계된 대체품입니다.",
        )],
    }
}

/// The scores at the end, else the Festivals held and who decides what,
/// speaking to `reader` ("Your turn: ...") when it is them.
fn headline(s: &State, reader: Option<usize>) -> Text {
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
    let names: Vec<Text> = (0..s.players.len())
        .map(|p| t(who(s, p), apply::ko_names(who(s, p))))
        .collect();
    let what = acting
        .first()
        .and_then(|&q| apply::current_ask(s, q))
        .map(|a| apply::ask_text(&a))
        .unwrap_or_else(|| t("", ""));
    let context = t(
        format!("Festivals held {}/3", s.festivals_done),
        format!("축제 {}/3 진행", s.festivals_done),
    );
    crate::engine::acting_headline(&context, &names, &acting, &what, reader)
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

/// Village, Nomads, bag, Festival token, Offerings, decks and the statue supply.
fn supply_section(s: &State) -> Section {
    let d = s.d();
    let mut bag_counts = [0usize; 5];
    for &w in &s.bag {
        if let Some(x) = bag_counts.get_mut(w as usize) {
            *x += 1;
        }
    }
    let bag: Vec<(String, String)> = (0..5u8)
        .map(|w| {
            let n = bag_counts[w as usize];
            (
                format!("{} {n}", WORKER_IDS[w as usize]),
                format!("{} {n}", worker_ko(d, w)),
            )
        })
        .collect();
    let (bag, bag_ko): (Vec<String>, Vec<String>) = bag.into_iter().unzip();
    let holder = s
        .festival_holder
        .map(|h| who(s, h))
        .unwrap_or_else(|| "-".into());
    let offerings: Vec<String> = s.offerings.iter().map(|&g| god_text(d, g)).collect();
    let offerings_ko: Vec<String> = s.offerings.iter().map(|&g| god_text_ko(d, g)).collect();
    let top = pile_top_shown(s);
    let top_en = top.map_or_else(|| "-".into(), |w| weaving_text(d, w));
    let top_ko = top.map_or_else(|| "-".into(), |w| weaving_text_ko(d, w));
    let statue = |i: usize, name: &str| format!("{name} {}/{}", s.statues[i].0, s.statues[i].1);
    let statues = Text::join(
        &(0..d.symbols.len())
            .map(|i| {
                let name = symbol_text(d, i);
                Text::new(statue(i, &name.en), statue(i, &name.ko))
            })
            .collect::<Vec<_>>(),
        ", ",
    );
    let (village, nomads) = (worker_list(d, &s.village), worker_list(d, &s.nomads));
    let (gods, army, discard) = (s.god_deck.len(), s.army_deck.len(), s.army_discard.len());
    let (casualties, in_bag, held) = (s.casualties.len(), s.bag.len(), s.festivals_done);
    Section::lines(
        t("Village, Nomads, decks", "마을, 유목민, 더미"),
        vec![
            t(
                format!("Village (potato end first): {}", village.en),
                format!("마을 (감자 쪽부터): {}", village.ko),
            ),
            t(
                format!("Nomads: {}", nomads.en),
                format!("유목민: {}", nomads.ko),
            ),
            t(
                format!("Casualties of War: {casualties}"),
                format!("전쟁 사상자: {casualties}"),
            ),
            t(
                format!("Bag ({in_bag}): {}", bag.join(", ")),
                format!("주머니 ({in_bag}): {}", bag_ko.join(", ")),
            ),
            t(
                format!("Festival token: {holder}; festivals held: {held}"),
                format!("축제 토큰: {holder}; 진행된 축제: {held}"),
            ),
            t(
                format!("Offerings (oldest first): {}", offerings.join(" | ")),
                format!("제물 (오래된 것부터): {}", offerings_ko.join(" | ")),
            ),
            t(
                format!("God deck: {gods} cards; army deck {army} / discard {discard}"),
                format!("신 카드 더미 {gods}장; 군대 더미 {army} / 버림 {discard}"),
            ),
            t(
                format!(
                    "Weaving pile: {} tiles, face up: {top_en}",
                    s.weaving_pile.len()
                ),
                format!("직조물 더미 {}개, 공개: {top_ko}", s.weaving_pile.len()),
            ),
            t(
                format!("Statue supply (small/large): {}", statues.en),
                format!("조각상 (소/대): {}", statues.ko),
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
    let tiles: Vec<Text> = s
        .offer
        .tiles
        .iter()
        .map(|&w| {
            if sees_all || Some(w) == s.offer.top {
                Text::new(weaving_text(d, w), weaving_text_ko(d, w))
            } else {
                Text::new("(hidden)", "(비공개)")
            }
        })
        .collect();
    Some(Section::lines(
        t("Weavings on offer", "구입 가능한 직조물"),
        vec![Text::join(&tiles, " | ")],
    ))
}

fn market_section(s: &State) -> Section {
    let d = s.d();
    let market: Vec<Vec<Text>> = state::market(s)
        .into_iter()
        .map(|b| {
            let (cost, what_en, what_ko) = bld_text(d, b);
            let cost_ko = match b {
                Bld::Prod(i) => d.production.get(i as usize),
                Bld::Pass(i) => d.passive.get(i as usize),
            }
            .map(|x| res_text_ko(&x.cost))
            .unwrap_or_default();
            vec![
                plain(Names(d).bld(b).to_uppercase()),
                Text::new(cost, cost_ko),
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
            let occ = s.hill.get(i).copied().flatten();
            let occ = Text::new(
                occ.map(|w| WORKER_IDS.get(w as usize).copied().unwrap_or("?"))
                    .unwrap_or_default(),
                occ.map(|w| worker_ko(d, w)).unwrap_or_default(),
            );
            let col = match sp.colour {
                SpaceColour::Blue => Text::new("blue", "파랑"),
                SpaceColour::Green => Text::new("green", "초록"),
                SpaceColour::None => Text::same(""),
            };
            let tasks: Vec<&str> = sp.tasks.iter().map(|x| x.word()).collect();
            let tasks_ko: Vec<&str> = sp.tasks.iter().map(|x| x.ko()).collect();
            vec![
                plain(sp.id.to_lowercase()),
                symbol_text(d, sp.symbol),
                col,
                Text::new(tasks.join(" "), tasks_ko.join(", ")),
                occ,
            ]
        })
        .collect();
    Section::table(
        t(
            "The hill (spaces S<section><T/M/B><n>)",
            "언덕 (칸 s<구역><t/m/b><번호>: 위/가운데/아래 단)",
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
    let steps = steps.join(", ");
    Section::lines(t("Steps", "계단"), vec![t(steps.clone(), steps)])
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
            let space = Names(d).conquest(i as u8);
            let region = d.regions.get(c.region).map_or("?", |r| r.ko.as_str());
            vec![
                Text::new(space.clone(), format!("{region} {} [{space}]", c.position)),
                Text::new(
                    format!("flip {} discard {}", c.flip, c.discard),
                    format!("뒤집기 {} 버리기 {}", c.flip, c.discard),
                ),
                Text::new(c.benefit.describe(), effect_ko(&c.benefit)),
                t(who_there.clone(), who_there),
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

/// Solo: Axomama's slots, number tokens, personality and last roll.
fn axomama_section(s: &State) -> Option<Section> {
    if !s.solo {
        return None;
    }
    let d = s.d();
    let slots = Text::join(
        &s.axo
            .slots
            .iter()
            .filter_map(|&g| d.gods.get(g as usize))
            .map(|c| symbol_text(d, c.symbol))
            .collect::<Vec<_>>(),
        ", ",
    );
    let tokens: Vec<(String, String)> = d
        .solo
        .tokens
        .iter()
        .zip(&s.axo.tokens)
        .map(|(tk, c)| (format!("#{} on {c}", tk.0), format!("#{}: {c}칸", tk.0)))
        .collect();
    let (tokens, tokens_ko): (Vec<String>, Vec<String>) = tokens.into_iter().unzip();
    let pers = s
        .axo
        .personality
        .and_then(|i| d.solo.personalities.get(i))
        .map(|p| p.name.clone());
    let roll = s.axo.last_roll;
    Some(Section::lines(
        t("Axomama's board", "악소마마 보드"),
        vec![
            t(
                format!("Slots (symbols): {}", slots.en),
                format!("슬롯 (심벌): {}", slots.ko),
            ),
            t(
                format!("Number tokens: {}", tokens.join(", ")),
                format!("숫자 토큰: {}", tokens_ko.join(", ")),
            ),
            t(
                format!(
                    "Personality: {}; last roll {roll}",
                    pers.clone().unwrap_or_else(|| "none".into())
                ),
                format!(
                    "성격: {}; 마지막 주사위 {roll}",
                    pers.map_or_else(|| "없음".into(), |p| personality_ko(&p).to_string())
                ),
            ),
        ],
    ))
}

/// What each score counted, once the game is over: the VP before the
/// final scoring, each of its items, the total.
fn final_section(s: &State) -> Option<Section> {
    let totals = s.final_scores.as_ref()?;
    let parts: Vec<super::scoring::FinalParts> = (0..totals.len())
        .map(|q| super::scoring::final_parts(s, q))
        .collect::<Option<_>>()?;
    let mut header = vec![t("Player", "플레이어"), t("During the game", "게임 중")];
    if let Some(first) = parts.first() {
        header.extend(first.items.iter().map(|(en, ko, _)| {
            let mut en = en.to_string();
            if let Some(c) = en.get_mut(0..1) {
                c.make_ascii_uppercase();
            }
            t(en, *ko)
        }));
    }
    header.push(t("Total", "합계"));
    let rows = parts
        .iter()
        .zip(totals)
        .enumerate()
        .map(|(q, (f, total))| {
            let mut row = vec![t(who(s, q), who(s, q)), Text::same(f.during.to_string())];
            row.extend(f.items.iter().map(|x| Text::same(x.2.to_string())));
            row.push(Text::same(total.to_string()));
            row
        })
        .collect();
    Some(Section::table(
        t("Final scoring", "최종 점수"),
        header,
        rows,
    ))
}

/// The seat's hand, what it may do now and, at its main choice, its costs.
fn private_part(s: &State, me: usize) -> Vec<Section> {
    let d = s.d();
    let Some(pl) = s.players.get(me) else {
        return vec![];
    };
    let god = |g: u8, dealt: bool| {
        let (en, ko) = (god_text(d, g), god_text_ko(d, g));
        if dealt {
            Text::new(
                format!("in hand: {en} (dealt)"),
                format!("손패: {ko} (받은 카드)"),
            )
        } else {
            Text::new(format!("in hand: {en}"), format!("손패: {ko}"))
        }
    };
    let mut lines: Vec<Text> = pl.gods.iter().map(|&g| god(g, false)).collect();
    lines.extend(pl.dealt.iter().map(|&g| god(g, true)));
    lines.extend(pl.army_hand.iter().map(|&a| {
        Text::new(
            format!("army in hand: {}", army_text(d, a)),
            format!("손패의 군대: {}", army_text_ko(d, a)),
        )
    }));
    if let Some(Ask::TrainKeep { cards }) = apply::current_ask(s, me) {
        lines.extend(cards.iter().map(|&a| {
            Text::new(
                format!("drawn: {}", army_text(d, a)),
                format!("뽑은 카드: {}", army_text_ko(d, a)),
            )
        }));
    }
    if lines.is_empty() {
        lines.push(t("Your hand is empty.", "손패가 비어 있습니다."));
    }
    let mut private = vec![Section::lines(t("Your hand", "내 손패"), lines)];
    if let Some(a) = apply::current_ask(s, me) {
        if a == Ask::StartWeaving {
            private.insert(0, start_weavings_section(s, d));
        }
        let legal: Vec<String> = legal::legal_for(s, me, &a)
            .iter()
            .take(40)
            .map(|c| Names(d).text(c))
            .collect();
        // The mail lists these moves above, as links; kept for the text
        // view, folded in a mail.
        private.push(
            Section::lines(
                t("You may now", "지금 가능한 명령"),
                legal.into_iter().map(plain).collect(),
            )
            .as_reference(),
        );
        if a == Ask::Main && !s.turn.placed && s.turn.subs.is_empty() {
            private.push(cost_preview(s, me).as_reference());
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
            let tasks: Vec<(String, String)> = types
                .iter()
                .map(|&w| {
                    let n = state::task_count(s, me, i, w, w, false);
                    (
                        format!("{} {n}", WORKER_IDS.get(w as usize).copied().unwrap_or("?")),
                        format!("{} {n}", worker_ko(d, w)),
                    )
                })
                .collect();
            let (en, ko): (Vec<String>, Vec<String>) = tasks.into_iter().unzip();
            vec![
                plain(sp.id.to_lowercase()),
                symbol_text(d, sp.symbol),
                plain(state::food(s, me, i, false).to_string()),
                Text::new(en.join(", "), ko.join(", ")),
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
