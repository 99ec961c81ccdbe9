//! Why the rules refuse a line that reads as one of a seat's Tawantinsuyu
//! commands but is not legal now: the reason a refused turn's answer gives
//! (a word that answers another decision than the one asked, a worker that
//! is not free, a space taken, food the seat cannot pay, a sub-action
//! already taken).

use super::super::command::{Cmd, Names};
use super::super::data::{PORTER, WORKER_IDS};
use super::super::state::{can_pay_food, food, Ask, State};
use super::legal_for;
use crate::engine::Text;

/// The sub-actions by their index in the turn's record (`TurnState::subs`).
const SUBS: [&str; 4] = ["priest", "pray", "train", "recruit"];

/// Why the rules refuse a line written as one of `seat`'s commands (its
/// words read by the vocabulary) that is no legal command of it now, while
/// the game asks `ask` of it (in words, `asked`); `None` where the legal
/// commands say it.
pub fn why_illegal(
    s: &State,
    seat: usize,
    words: &[&str],
    ask: &Ask,
    asked: &Text,
) -> Option<Text> {
    let verb = *words.first()?;
    if *ask == Ask::Main {
        if let Some(why) = why_not_main(s, seat, verb, words) {
            return Some(why);
        }
    }
    let names = Names(s.d());
    let answers_now = legal_for(s, seat, ask)
        .iter()
        .any(|c| names.text(c).split(' ').next() == Some(verb));
    if answers_now {
        return None;
    }
    Some(Text::new(
        format!(
            "'{verb}' answers another decision than the one the game asks of you now: {}.",
            asked.en
        ),
        format!(
            "'{verb}'은(는) 지금 게임이 묻는 결정에 대한 답이 아닙니다. 지금 할 일: {}.",
            asked.ko
        ),
    ))
}

/// The reasons of the turn's main choice: a worker placed or sub-actions taken.
fn why_not_main(s: &State, seat: usize, verb: &str, words: &[&str]) -> Option<Text> {
    let turn = &s.turn;
    if verb == "place" {
        if turn.placed {
            return Some(Text::new(
                "You have placed a worker this turn already; a turn places one worker or takes two different sub-actions.",
                "이번 차례에 이미 일꾼을 배치했습니다. 한 차례에는 일꾼 1명 배치 또는 서로 다른 부차 액션 2개를 합니다.",
            ));
        }
        if !turn.subs.is_empty() {
            return Some(Text::new(
                "You have taken a sub-action this turn; a turn places one worker or takes two different sub-actions, not both.",
                "이번 차례에 이미 부차 액션을 했습니다. 한 차례에는 일꾼 1명 배치 또는 서로 다른 부차 액션 2개 중 하나만 합니다.",
            ));
        }
        return why_not_place(s, seat, words);
    }
    let sub = SUBS.iter().position(|w| *w == verb)? as u8;
    if turn.placed {
        Some(Text::new(
            format!("You have placed a worker this turn; '{verb}' is a sub-action, taken instead of placing."),
            format!("이번 차례에 이미 일꾼을 배치했습니다. '{verb}'은(는) 배치 대신 하는 부차 액션입니다."),
        ))
    } else if turn.subs.len() >= 2 {
        Some(Text::new(
            "You have taken your two sub-actions this turn.",
            "이번 차례의 부차 액션 2개를 이미 했습니다.",
        ))
    } else if turn.subs.contains(&sub) {
        Some(Text::new(
            format!("You have taken '{verb}' this turn already; the two sub-actions of a turn differ."),
            format!("이번 차례에 이미 '{verb}'을(를) 했습니다. 한 차례의 부차 액션 2개는 서로 달라야 합니다."),
        ))
    } else {
        None
    }
}

/// A placement the rules refuse: the worker, the space, the God card or the food.
fn why_not_place(s: &State, seat: usize, words: &[&str]) -> Option<Text> {
    let d = s.d();
    let pl = s.players.get(seat)?;
    let worker = WORKER_IDS
        .iter()
        .position(|w| Some(*w) == words.get(1).copied())? as u8;
    let worker_ko = d
        .worker_ko
        .get(worker as usize)
        .cloned()
        .unwrap_or_default();
    let worker_en = WORKER_IDS[worker as usize];
    if !pl.workers.contains(&worker) {
        let mut free = pl.workers.clone();
        free.sort_unstable();
        free.dedup();
        let free_en: Vec<&str> = free
            .iter()
            .filter_map(|w| WORKER_IDS.get(*w as usize).copied())
            .collect();
        let free_ko: Vec<String> = free
            .iter()
            .filter_map(|w| d.worker_ko.get(*w as usize).cloned())
            .collect();
        return Some(Text::new(
            format!(
                "You have no {worker_en} free to place; your free workers: {}.",
                list_or(&free_en.join(", "), "none")
            ),
            format!(
                "배치할 수 있는 {worker_ko} 일꾼이 없습니다. 남은 일꾼: {}.",
                list_or(&free_ko.join(", "), "없음")
            ),
        ));
    }
    let Some(Cmd::Place {
        space,
        card,
        role,
        extra,
        ..
    }) = Names(d).read_words(words)
    else {
        return None;
    };
    let space_name = Names(d).space(space);
    if s.hill.get(space as usize) != Some(&None) {
        return Some(Text::new(
            format!("Space {space_name} is taken; a worker goes on an empty space."),
            format!("{space_name} 칸에는 이미 일꾼이 있습니다. 빈 칸에만 배치할 수 있습니다."),
        ));
    }
    if let Some(g) = card {
        let symbol = d.spaces.get(space as usize).map(|sp| sp.symbol);
        if !pl.gods.contains(&g) || d.gods.get(g as usize).map(|c| c.symbol) != symbol {
            let god = Names(d).god(g);
            return Some(Text::new(
                format!("God card {god} is not in your hand with the symbol of {space_name}; name a card of yours with that symbol, or pay 'gold'."),
                format!("신 카드 {god}은(는) 손에 있는 {space_name} 칸 기호의 카드가 아닙니다. 그 기호의 카드를 쓰거나 'gold'로 내세요."),
            ));
        }
    }
    let need = food(s, seat, space as usize, role == PORTER);
    let potato = u32::from(extra) * d.rules.priest_extra_task_potato;
    let gold = u32::from(card.is_none());
    if !can_pay_food(&pl.res, need, potato, gold) {
        let [p, c, _, g] = pl.res;
        return Some(Text::new(
            format!("A worker on {space_name} costs {} food{}; you have {p} potatoes, {c} corn and {g} gold.", need + potato, if gold > 0 { " and 1 gold for placing without a God card" } else { "" }),
            format!("{space_name} 칸에 배치하려면 음식 {}개{}가 듭니다. 지금 감자 {p}개, 옥수수 {c}개, 금덩이 {g}개가 있습니다.", need + potato, if gold > 0 { "와 신 카드 없이 배치하는 금덩이 1개" } else { "" }),
        ));
    }
    None
}

fn list_or(list: &str, none: &str) -> String {
    if list.is_empty() {
        none.to_string()
    } else {
        list.to_string()
    }
}
