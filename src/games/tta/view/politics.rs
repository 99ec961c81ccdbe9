//! The political side of the table as a seat reads it: the military hand,
//! the headlines of the political phases and of an aggression, the pacts
//! and tactics in play, and the events with the decks.

use super::super::apply::{attack_total, defence_total};
use super::super::data::{age_name, age_name_ko, CardId};
use super::super::legal;
use super::super::state::{Clash, EventChoiceKind, Phase, Player, State};
use crate::engine::{Section, Text};

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
    let effect_ko = s
        .data
        .card(card)
        .and_then(|c| c.raw.effect_ko.clone().or_else(|| c.raw.effect.clone()))
        .unwrap_or_default();
    Text::new(
        format!(
            "Seat {} military hand: {} ({kind}, Age {}; command word {word}) {effect}",
            seat + 1,
            name.en,
            age_name(age)
        ),
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
pub(super) fn military_headline(s: &State) -> Text {
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

/// An aggression under way: who attacks whom with what, both strengths,
/// and who answers how.
pub(super) fn clash_headline(s: &State, c: &Clash) -> Text {
    let name = s.data.card_name(c.card);
    let (a, d) = (attack_total(s, c), defence_total(s, c));
    let (who, en, ko) = match (&s.phase, c.defence) {
        (Phase::Spoils { .. }, _) => (c.attacker, "chooses the spoils", "전리품을 고릅니다"),
        (_, None) => (
            c.attacker,
            "sends units ('sacrifice …') or 'sacrifice none'",
            "유닛을 희생('sacrifice …')하거나 'sacrifice none'",
        ),
        _ => (
            c.target,
            "answers: 'defend …', 'sacrifice …' or 'defend none'",
            "대응: 'defend …', 'sacrifice …' 또는 'defend none'",
        ),
    };
    let (x, y, w) = (c.attacker + 1, c.target + 1, who + 1);
    Text::new(
        format!(
            "Seat {x} attacks seat {y} with {} (attack {a}, defence {d}): seat {w} {en}.",
            name.en
        ),
        format!(
            "{x}번 자리가 {y}번 자리를 {}(으)로 공격 (공격 {a}, 방어 {d}): {w}번 자리가 {ko}.",
            name.ko
        ),
    )
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
