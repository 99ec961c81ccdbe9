//! Why the rules refuse a line that reads as one of a seat's Tikal commands
//! but is not legal now: the reason a refused turn's answer gives where the
//! line answers another step of the turn (an action before the hex is
//! placed, a bid outside an auction) or is too short for the rules to judge
//! (`dig` with no space) while the action points cannot pay for it.

use super::super::data::cost;
use super::super::state::{LeaderAt, Phase, State};
use crate::engine::Text;

/// Why the rules refuse a line written as one of `seat`'s commands (its
/// words read by the vocabulary) that is no legal command of it now;
/// `None` where the rules' own refusal or the legal commands say it.
pub fn why_illegal(s: &State, seat: usize, words: &[&str]) -> Option<Text> {
    let verb = *words.first()?;
    match s.phase {
        Phase::Place { .. } => (verb != "place").then(|| {
            Text::new(
                format!("First place the hex you drew ('place <space> r<turn>', see the list of places); '{verb}' comes after it, with your 10 action points."),
                format!("먼저 뽑은 지형을 놓으세요('place <칸> r<회전>', 가능한 자리 목록 참고). '{verb}'은(는) 그다음에 행동 점수 10점으로 할 수 있습니다."),
            )
        }),
        Phase::Act => why_not_act(s, seat, verb),
        Phase::Bid => (verb != "bid" && verb != "pass").then(|| {
            let high = s.auction.as_ref().and_then(|a| a.high).map_or(0, |(_, n)| n);
            Text::new(
                format!("An auction is running: bid more than {high} ('bid {}') or 'pass'.", high + 1),
                format!("경매 중입니다: {high}보다 많이 입찰하거나('bid {}') 'pass'를 쓰세요.", high + 1),
            )
        }),
        Phase::Choose => (verb != "take").then(|| {
            Text::new(
                "You won the auction: first choose one of the displayed hexes ('take <id>', see the list).",
                "경매에서 이겼습니다: 먼저 공개된 지형 중 하나를 고르세요('take <번호>', 목록 참고).",
            )
        }),
        Phase::Over => None,
    }
}

/// The action points an action word costs at the least.
fn least_cost(verb: &str) -> Option<u8> {
    Some(match verb {
        "new" => cost::NEW_MEMBER,
        "jump" => cost::CAMP_TRANSFER,
        "move" => 1,
        "dig" => cost::DIG,
        "loot" => cost::LOOT,
        "swap" => cost::SWAP,
        "camp" => cost::CAMP,
        "guard" => cost::GUARD,
        _ => return None,
    })
}

fn why_not_act(s: &State, seat: usize, verb: &str) -> Option<Text> {
    let ap = s.ap;
    match verb {
        "place" => {
            return Some(Text::new(
                format!("You have placed your hex this turn; now spend your {ap} action points, or 'end' your turn."),
                format!("이번 차례의 지형은 이미 놓았습니다. 이제 남은 행동 점수 {ap}점을 쓰거나 'end'로 차례를 끝내세요."),
            ))
        }
        "bid" | "pass" | "take" => {
            return Some(Text::new(
                format!("No auction is running now; spend your {ap} action points, or 'end' your turn."),
                format!("지금은 경매 중이 아닙니다. 남은 행동 점수 {ap}점을 쓰거나 'end'로 차례를 끝내세요."),
            ))
        }
        _ => {}
    }
    let need = least_cost(verb)?;
    if need > ap {
        return Some(Text::new(
            format!("'{verb}' costs at least {need} action points and you have {ap} left; 'end' your turn or choose a cheaper action."),
            format!("'{verb}'에는 행동 점수가 {need}점 이상 드는데 {ap}점만 남았습니다. 'end'로 차례를 끝내거나 더 싼 행동을 고르세요."),
        ));
    }
    let p = s.people.get(seat)?;
    match verb {
        "new" if p.workers_supply == 0 && p.leader != LeaderAt::Supply => Some(Text::new(
            "Your supply is empty: every member of your expedition is on the board already; 'move' them instead.",
            "공급처가 비었습니다: 탐험대원이 모두 이미 게임판에 있습니다. 대신 'move'로 옮기세요.",
        )),
        "camp" if p.camps >= s.rules.camp_limit => Some(Text::new(
            "You have built all your camps already.",
            "캠프를 이미 모두 지었습니다.",
        )),
        "guard" if p.guards >= s.rules.guard_limit => Some(Text::new(
            "You have placed all your temple guards already.",
            "신전 경비를 이미 모두 놓았습니다.",
        )),
        _ => None,
    }
}
