//! Why the rules refuse a line that reads as one of a seat's Through the
//! Ages commands but is not legal now: the reason a refused turn's answer gives.

use super::*;

/// Why the rules refuse a line written as one of `seat`'s commands (its
/// words read by the vocabulary) that is no legal command of it now, for
/// the answer to a refused turn; `None` where the legal commands say it.
pub fn why_illegal(s: &State, seat: usize, words: &[&str]) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    let p = s.players.get(seat)?;
    let verb = *words.first()?;
    let acting = matches!(s.phase, Phase::Actions | Phase::Political) && seat == s.turn;
    if !acting {
        return None;
    }
    let white = white_left(s, seat);
    let first_round = s.round == 1 && verb != "take";
    match verb {
        _ if first_round
            && matches!(
                verb,
                "grow" | "build" | "upgrade" | "develop" | "elect" | "play" | "destroy" | "wonder"
            ) =>
        {
            Some(Text::new(
                "In the first round you may only take cards from the card row.",
                "첫 라운드에는 카드 줄에서 카드를 가져오는 것만 할 수 있습니다.",
            ))
        }
        "take" => why_not_take(s, seat, p, words.get(1).and_then(|w| w.parse().ok())),
        "grow" if white == 0 => Some(no_civil_action()),
        "grow" => why_not_grow(s, p),
        "build" | "upgrade" | "develop" | "elect" | "destroy" | "wonder" | "play"
            if white == 0 && red_left(s, seat) == 0 =>
        {
            Some(Text::new(
                "You have no civil or military action left this turn; write 'done' to end it.",
                "이번 차례에 남은 시민 행동도 군사 행동도 없습니다. 'done'으로 차례를 끝내세요.",
            ))
        }
        "build" => why_not_build(s, seat, p, &words[1..]),
        "develop" | "elect" | "destroy" | "wonder" if white == 0 => Some(no_civil_action()),
        "develop" => why_not_develop(s, p, &words[1..]),
        _ => None,
    }
}

fn no_civil_action() -> crate::engine::Text {
    crate::engine::Text::new(
        "You have no civil action left this turn.",
        "이번 차례에 남은 시민 행동이 없습니다.",
    )
}

/// "1 civil action", "2 civil actions".
fn civil_actions(n: u8) -> crate::engine::Text {
    crate::engine::Text::new(
        format!("{n} civil action{}", if n == 1 { "" } else { "s" }),
        format!("시민 행동 {n}개"),
    )
}

fn why_not_take(
    s: &State,
    seat: usize,
    p: &Player,
    slot: Option<usize>,
) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    let slot = slot?;
    let Some(Some(id)) = s.row.get(slot.checked_sub(1)?) else {
        return Some(Text::new(
            format!("Slot {slot} of the card row is empty."),
            format!("카드 줄 {slot}번 칸은 비어 있습니다."),
        ));
    };
    let card = s.data.card(*id)?;
    let name = s.data.card_name(*id);
    let cost = take_cost(s, p, slot - 1)?;
    let white = white_left(s, seat);
    if cost > white {
        let (need, have) = (civil_actions(cost), civil_actions(white));
        return Some(Text::new(
            format!(
                "Taking {} (slot {slot}) costs {}; you have {} left.",
                name.en, need.en, have.en
            ),
            format!(
                "{}(슬롯 {slot})을(를) 가져오려면 {}이 필요합니다. 남은 것은 {}입니다.",
                name.ko, need.ko, have.ko
            ),
        ));
    }
    let limit = hand_limit(&s.data, p, s.rules.mode);
    match card.kind {
        Kind::Wonder if p.wonder.is_some() => Some(Text::new(
            "You are still building a wonder; finish it before you take another.",
            "아직 짓고 있는 불가사의가 있습니다. 다 지은 뒤에 다른 불가사의를 가져오세요.",
        )),
        Kind::Wonder => None,
        _ if p.hand.len() >= limit => Some(Text::new(
            format!(
                "Your hand is full: {} of {limit} civil cards.",
                p.hand.len()
            ),
            format!(
                "손이 가득 찼습니다: 내정 카드 {}장 / 최대 {limit}장.",
                p.hand.len()
            ),
        )),
        Kind::Leader if p.leader_ages.contains(&card.age) => Some(Text::new(
            "You have taken a leader of this age already.",
            "이 시대의 지도자를 이미 가져왔습니다.",
        )),
        k if k.is_technology() && owns_same_tech(&s.data, p, card) => Some(Text::new(
            format!("You have {} already.", name.en),
            format!("{}은(는) 이미 가지고 있습니다.", name.ko),
        )),
        _ => None,
    }
}

fn why_not_grow(s: &State, p: &Player) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    if p.yellow_bank == 0 {
        return Some(Text::new(
            "Your yellow bank is empty: there is no worker left to add.",
            "노란색 저장소가 비어 있어 더할 일꾼이 없습니다.",
        ));
    }
    let cost = growth_cost(&s.data, p, s.rules.mode)?;
    let food = stock(&s.data, p, true);
    (!can_pay_cost(&s.data, p, true, cost)).then(|| {
        Text::new(
            format!("Increasing your population costs {cost} food; you have {food}."),
            format!("인구를 늘리려면 식량 {cost}개가 듭니다. 지금 {food}개 있습니다."),
        )
    })
}

/// The technology of the seat's board a command's words name (its word or
/// its name), with its card.
fn named_tech<'a>(s: &'a State, p: &'a Player, words: &[&str]) -> Option<(&'a Tech, &'a Card)> {
    techs(&s.data, p).find(|(_, c)| {
        let name = c.name().to_lowercase();
        words.iter().any(|w| *w == &*c.token || *w == name)
    })
}

fn why_not_build(
    s: &State,
    seat: usize,
    p: &Player,
    words: &[&str],
) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    if p.workers == 0 {
        return Some(Text::new(
            "You have no unused worker to build with; increase your population first.",
            "건설에 쓸 놀고 있는 일꾼이 없습니다. 먼저 인구를 늘리세요.",
        ));
    }
    let (_, card) = named_tech(s, p, words)?;
    let name = s.data.card_name(s.data.find(&card.raw.id)?);
    if is_unit(card) && red_left(s, seat) == 0 {
        return Some(Text::new(
            "You have no military action left this turn.",
            "이번 차례에 남은 군사 행동이 없습니다.",
        ));
    }
    if !is_unit(card) && white_left(s, seat) == 0 {
        return Some(no_civil_action());
    }
    if !room_for(&s.data, p, card) {
        let limit = urban_limit(&s.data, p);
        return Some(Text::new(
            format!("Your government allows at most {limit} buildings of one urban kind."),
            format!("지금 정부로는 같은 종류의 도시 건물을 최대 {limit}개까지 지을 수 있습니다."),
        ));
    }
    let cost = build_cost(&s.data, p, card);
    let have = stock(&s.data, p, false);
    let payable = if is_unit(card) {
        can_pay_military(&s.data, p, cost)
    } else {
        can_pay_cost(&s.data, p, false, cost)
    };
    (!payable).then(|| {
        Text::new(
            format!(
                "Building on {} costs {cost} resources; you have {have}.",
                name.en
            ),
            format!(
                "{}에 지으려면 자원 {cost}개가 듭니다. 지금 {have}개 있습니다.",
                name.ko
            ),
        )
    })
}

fn why_not_develop(s: &State, p: &Player, words: &[&str]) -> Option<crate::engine::Text> {
    use crate::engine::Text;
    let held = p
        .hand
        .iter()
        .filter_map(|h| Some((h.card, s.data.card(h.card)?)));
    let (id, card) = held.into_iter().find(|(_, c)| {
        words
            .iter()
            .any(|w| *w == &*c.token || *w == c.name().to_lowercase())
    })?;
    let cost = science_cost(&s.data, p, s.rules.mode, card, false);
    let name = s.data.card_name(id);
    (p.science < cost).then(|| {
        Text::new(
            format!(
                "Developing {} costs {cost} science; you have {}.",
                name.en, p.science
            ),
            format!(
                "{}을(를) 개발하려면 과학 {cost}이(가) 필요합니다. 지금 {}입니다.",
                name.ko, p.science
            ),
        )
    })
}
