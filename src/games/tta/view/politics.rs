//! The political side of the table as a seat reads it: the military hand,
//! the headlines of the political phases and of an aggression, the pacts
//! and tactics in play, and the events with the decks.

use super::super::apply::{attack_total, defence_total};
use super::super::data::{age_name, age_name_ko, CardId, WarSpoil, RAVAGED_WONDER_CULTURE};
use super::super::legal;
use super::super::state::{Clash, EventChoiceKind, Phase, Player, State};
use crate::engine::{Section, Text};

/// One card of a seat's military hand, as only that seat reads it.
pub fn military_hand_line(s: &State, seat: usize, card: CardId) -> Text {
    let c = s.data.card(card);
    let name = s.data.card_name(card);
    let (kind_ko, age) = c.map_or(("?", 0), |c| (c.kind.word_ko(), c.age));
    let word = c.map(|c| &*c.token).unwrap_or_default();
    let effect_ko = c
        .and_then(|c| c.raw.effect_ko.as_deref().or(c.raw.effect.as_deref()))
        .unwrap_or_default();
    Text::new(
        super::hidden::military_hand_item(s, seat, card),
        format!(
            "{}번 자리 군사 손패: {} ({kind_ko}, {}시대; 명령어 [{word}]) {effect_ko}",
            seat + 1,
            name.ko,
            age_name_ko(age)
        ),
    )
}

/// The private military hand with its limit (advanced and full games).
pub(super) fn military_hand_section(s: &State, seat: usize, p: &Player) -> Section {
    let mut lines: Vec<Text> = p
        .military_hand
        .iter()
        .map(|&c| military_hand_line(s, seat, c))
        .collect();
    let limit = legal::military_hand_limit(&s.data, p, s.rules.mode);
    lines.push(Text::new(
        format!(
            "{} military card{} in hand; after your political action you keep at most {limit} (your military actions).",
            p.military_hand.len(),
            if p.military_hand.len() == 1 { "" } else { "s" }
        ),
        format!(
            "손에 군사 카드 {}장; 정치 행동 후 최대 {limit}장(군사 행동 수)까지 남깁니다.",
            p.military_hand.len()
        ),
    ));
    Section::lines(Text::new("Your military hand", "내 군사 손패"), lines)
}

/// A seat as a headline names it to `reader`: "you" to that seat, "seat
/// 2" to the others, with the Korean particles each takes.
pub(super) struct Named {
    /// "seat 2" / "you", the English subject and object alike.
    pub(super) en: String,
    /// "seat 2's" / "your".
    pub(super) en_of: String,
    /// "2번 자리" / "당신", bare.
    pub(super) ko: String,
    /// Subject and object forms: "2번 자리가", "2번 자리를" / "당신이", "당신을".
    pub(super) ko_subject: String,
    pub(super) ko_object: String,
}

pub(super) fn named(seat: usize, reader: Option<usize>) -> Named {
    if reader == Some(seat) {
        return Named {
            en: "you".into(),
            en_of: "your".into(),
            ko: "당신".into(),
            ko_subject: "당신이".into(),
            ko_object: "당신을".into(),
        };
    }
    let n = seat + 1;
    Named {
        en: format!("seat {n}"),
        en_of: format!("seat {n}'s"),
        ko: format!("{n}번 자리"),
        ko_subject: format!("{n}번 자리가"),
        ko_object: format!("{n}번 자리를"),
    }
}

/// "You", "Seat 2": the name opening a line.
fn capital(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// The headline of a colonization's auction and its sending of units,
/// naming the seat to act and speaking to `reader` when it is them.
pub(super) fn military_headline(s: &State, reader: Option<usize>) -> Text {
    let acting = |context: Text, seat: usize, doing: Text| {
        crate::engine::asked_headline(&context, &[], &[seat], &doing, reader, Some(s.turn))
    };
    match &s.phase {
        Phase::Auction {
            territory,
            bid,
            queue,
            ..
        } => {
            let name = s.data.card_name(*territory);
            let Some(&who) = queue.first() else {
                return Text::same("");
            };
            acting(
                Text::new(
                    format!("Colonization of {}: the bid stands at {bid}", name.en),
                    format!("{} 식민지 경매: 현재 입찰 {bid}", name.ko),
                ),
                who,
                Text::new(
                    "bid ('bid N') or pass ('bid none')",
                    "입찰('bid N') 또는 패스('bid none')",
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
            let winner = named(*seat, reader);
            acting(
                Text::new(
                    format!("{} won {}", capital(&winner.en), name.en),
                    format!("{} {}을(를) 낙찰", winner.ko_subject, name.ko),
                ),
                *seat,
                Text::new(
                    format!(
                        "send {owed} more strength (at least one unit): 'sacrifice …' or 'bonus …'"
                    ),
                    format!(
                        "군사력 {owed} 더 보내기 (유닛 하나 이상): 'sacrifice …' 또는 'bonus …'"
                    ),
                ),
            )
        }
        _ => Text::same(""),
    }
}

/// An aggression under way: who attacks whom with what, both strengths,
/// and who answers how, naming the seat to act and speaking to `reader`.
pub(super) fn clash_headline(s: &State, c: &Clash, reader: Option<usize>) -> Text {
    let name = s.data.card_name(c.card);
    let (a, d) = (attack_total(s, c), defence_total(s, c));
    let (who, doing) = match (&s.phase, c.defence) {
        (Phase::Spoils { .. }, _) => (c.attacker, Text::new("choose the spoils", "전리품 고르기")),
        (_, None) => (
            c.attacker,
            Text::new(
                "send units ('sacrifice …') or 'sacrifice none'",
                "유닛 희생('sacrifice …') 또는 'sacrifice none'",
            ),
        ),
        _ => (
            c.target,
            Text::new(
                "answer with 'defend …', 'sacrifice …' or 'defend none'",
                "대응('defend …', 'sacrifice …' 또는 'defend none')",
            ),
        ),
    };
    let (x, y) = (named(c.attacker, reader), named(c.target, reader));
    let verb = if reader == Some(c.attacker) {
        "attack"
    } else {
        "attacks"
    };
    let context = Text::new(
        format!(
            "{} {verb} {} with {} (attack {a}, defence {d})",
            capital(&x.en),
            y.en,
            name.en
        ),
        format!(
            "{} {} {}(으)로 공격 (공격 {a}, 방어 {d})",
            x.ko_subject, y.ko_object, name.ko
        ),
    );
    let line = crate::engine::asked_headline(&context, &[], &[who], &doing, reader, Some(s.turn));
    // What is at stake, so that the defender can weigh its answer (once
    // the attack has won, the spoils are the question).
    let deciding = matches!(s.phase, Phase::Aggression(_));
    let stake = s.data.card(c.card).filter(|_| deciding).and_then(|c| {
        let en = c.raw.effect.clone()?;
        let ko = c.raw.effect_ko.clone().unwrap_or_else(|| en.clone());
        Some((en, ko))
    });
    match stake {
        Some((en, ko)) => Text::new(
            format!("{}. If the attack wins: {en}.", line.en),
            format!("{}. 공격이 이기면: {ko}", line.ko),
        ),
        None => line,
    }
}

/// A war being resolved: both totals and who sends units or pays how,
/// naming the seat to act and speaking to `reader` when it is them.
pub(super) fn war_headline(s: &State, reader: Option<usize>) -> Text {
    let (c, who, doing) = match &s.phase {
        Phase::War(c) if c.defence.is_none() => (
            c,
            c.attacker,
            Text::new(
                "send units ('sacrifice …') or 'sacrifice none', as the declarer",
                "선포한 쪽으로서 유닛 희생('sacrifice …') 또는 'sacrifice none'",
            ),
        ),
        Phase::War(c) => (
            c,
            c.target,
            Text::new(
                "send units ('sacrifice …') or 'sacrifice none'",
                "유닛 희생('sacrifice …') 또는 'sacrifice none'",
            ),
        ),
        Phase::WarLoss {
            clash, loser, owed, ..
        } if s.data.card(clash.card).and_then(|c| c.raw.war) == Some(WarSpoil::Science) => (
            clash,
            *loser,
            Text::new(
                format!("hand over special technologies or science worth {owed} for the lost war: 'give …' or 'give science'"),
                format!("전쟁에 져서 특수 기술이나 과학으로 {owed}만큼 넘기기: 'give …' 또는 'give science'"),
            ),
        ),
        Phase::WarLoss {
            clash, loser, owed, ..
        } => (
            clash,
            *loser,
            Text::new(
                format!("give {owed} food and resources in all for the lost war: 'choose food … resources …'"),
                format!("전쟁에 져서 식량과 자원을 합쳐 {owed}만큼 주기: 'choose food … resources …'"),
            ),
        ),
        _ => return Text::same(""),
    };
    let name = s.data.card_name(c.card);
    let (a, d) = (attack_total(s, c), defence_total(s, c));
    let (x, y) = (named(c.attacker, reader), named(c.target, reader));
    let context = Text::new(
        format!(
            "War: {} {} against {} (strength {a} against {d})",
            x.en_of, name.en, y.en
        ),
        format!(
            "전쟁: {}의 {} 대 {} (군사력 {a} 대 {d})",
            x.ko, name.ko, y.ko
        ),
    );
    crate::engine::asked_headline(&context, &[], &[who], &doing, reader, Some(s.turn))
}

/// The wars declared and pending, open to all (full game).
pub(super) fn war_lines(s: &State) -> Vec<Text> {
    s.wars
        .iter()
        .map(|w| {
            let (n, x, y) = (s.data.card_name(w.card), w.declarer + 1, w.target + 1);
            Text::new(
                format!("War declared: seat {x} on seat {y}, {}; resolved at the start of seat {x}'s next turn.", n.en),
                format!("전쟁 선포: {x}번 자리 → {y}번 자리, {}; {x}번 자리의 다음 턴 시작에 결판.", n.ko),
            )
        })
        .collect()
}

/// The tactics and pacts in play, open to all (advanced and full games).
pub(super) fn tactic_lines(s: &State) -> Vec<Text> {
    let mut out = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        for x in p.pacts.iter().filter(|x| x.offered) {
            let (n, me, other) = (s.data.card_name(x.card), i + 1, x.partner + 1);
            let (side, their) = if x.a { ("A", "B") } else { ("B", "A") };
            out.push(Text::new(
                format!("Pact {}: seat {me} {side}, seat {other} {their}.", n.en),
                format!("조약 {}: {me}번 자리 {side}, {other}번 자리 {their}.", n.ko),
            ));
        }
        out.extend(exchange_line(s, i));
        if let Some(t) = p.tactic {
            let n = s.data.card_name(t);
            out.push(Text::new(
                format!("Seat {} tactic: {}.", i + 1, n.en),
                format!("{}번 자리 전술: {}.", i + 1, n.ko),
            ));
        }
    }
    out
}

/// Trade Routes Agreement: what the seat's exchange pays, and whether it
/// is still open this turn.
fn exchange_line(s: &State, seat: usize) -> Option<Text> {
    let p = s.players.get(seat)?;
    let (en, ko) = if legal::pact_bonus_open(&s.data, p, false) {
        ("1 food for 1 resource", "자원 1 대신 음식 1")
    } else if legal::pact_bonus_open(&s.data, p, true) {
        ("1 resource for 1 food", "음식 1 대신 자원 1")
    } else {
        return None;
    };
    let (used, used_ko) = if p.swap_used {
        ("used this turn", "이번 차례에 사용함")
    } else {
        ("once a turn", "차례마다 한 번")
    };
    Some(Text::new(
        format!("Seat {} may pay {en} ({used}).", seat + 1),
        format!(
            "{}번 자리는 {ko}을(를) 낼 수 있습니다 ({used_ko}).",
            seat + 1
        ),
    ))
}

pub(super) fn later_mode_lines(s: &State) -> Vec<Text> {
    if s.rules.mode == super::super::state::Mode::Intro {
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

pub(super) fn events_section(s: &State) -> Section {
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
            EventChoiceKind::LoseBuilding
            | EventChoiceKind::LoseColony
            | EventChoiceKind::RavageWonder
            | EventChoiceKind::DestroyUrban { .. }
            | EventChoiceKind::TakeCards { .. } => choice_line(s, *choice),
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
    lines.extend(tactic_lines(s));
    lines.extend(war_lines(s));
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

/// What an event's choice of a loss (or of International Agreement's cards)
/// asks, in short.
fn choice_line(s: &State, choice: EventChoiceKind) -> Text {
    match choice {
        EventChoiceKind::LoseBuilding => Text::new(
            "Lose one farm, mine or urban building of your choice (its worker becomes unused): 'destroy farm agriculture'.",
            "농장, 광산, 도시 건물 중 하나를 골라 잃습니다 (그 일꾼은 일하지 않는 일꾼이 됨): 'destroy farm agriculture' (해체 …).",
        ),
        EventChoiceKind::LoseColony => Text::new(
            "Give up one of your colonies (only its permanent bonus is lost): 'choose' and the colony.",
            "식민지 하나를 골라 잃습니다 (영구 보너스만 잃음): 'choose'(선택)와 식민지 이름.",
        ),
        EventChoiceKind::RavageWonder => Text::new(
            format!("Turn one of your Age A or I wonders face down (it loses its effects and makes {RAVAGED_WONDER_CULTURE} culture a turn): 'choose' and the wonder."),
            format!("A시대나 1시대 불가사의 하나를 뒤집습니다 (효과를 잃고 매 차례 문화 {RAVAGED_WONDER_CULTURE}): 'choose'(선택)와 불가사의 이름."),
        ),
        EventChoiceKind::DestroyUrban { victims } => {
            let seats: Vec<String> = (0..s.players.len())
                .filter(|&v| victims & (1u8 << v.min(7)) != 0)
                .map(|v| (v + 1).to_string())
                .collect();
            let seats = seats.join(", ");
            Text::new(
                format!("Destroy one urban building of each of seats {seats}: 'destroy temple religion 2' (kind, card, seat)."),
                format!("{seats}번 자리마다 도시 건물 하나씩을 파괴합니다: 'destroy temple religion 2' (종류, 카드, 자리; 파괴 …)."),
            )
        }
        EventChoiceKind::TakeCards { left, .. } => Text::new(
            format!("Take civil cards from the row worth up to {left} more civil actions ('take N'), giving up your next political action; 'choose decline' to stop."),
            format!("다음 정치 행동을 포기하고 시민 행동 {left}까지의 시민 카드를 카드 열에서 가져옵니다 ('take N'); 그만하려면 'choose decline' (선택 거절)."),
        ),
        _ => Text::same(""),
    }
}

/// A completed wonder's name, marked when Ravages of Time turned it face
/// down.
pub(super) fn wonder_name(s: &State, p: &Player, wonder: CardId) -> Text {
    let n = s.data.card_name(wonder);
    if !p.ravaged.contains(&wonder) {
        return n;
    }
    Text::new(
        format!("{} (face down: {RAVAGED_WONDER_CULTURE} culture)", n.en),
        format!("{} (뒤집힘: 문화 {RAVAGED_WONDER_CULTURE})", n.ko),
    )
}
