//! The end of Ages I, II and III in the advanced and full games (seed
//! L2827-2871, L3048-3075, L3096-3119): obsolete cards (pacts among them)
//! leave, the old military deck goes, the full game's civilizations lose 2
//! yellow tokens, and the last round is called.

use super::{pact, tokens};
use crate::engine::{Event, Text};
use crate::games::tta::data::{age_name, age_name_ko, Age, Data, YELLOW_LOST_AT_AGE_END};
use crate::games::tta::state::{Mode, Player, State};

/// The last civil card of `ended` entered the card row: that age is over
/// and the next begins at once, during the refill (spec §11.13).
pub fn end_age(s: &mut State, ended: Age, out: &mut Vec<Event>) {
    let next = ended + 1;
    s.age = next;
    out.push(Event::public(Text::new(
        format!(
            "The last Age {} civil card entered the row: Age {} is over.",
            age_name(ended),
            age_name(ended)
        ),
        format!(
            "{}시대의 마지막 시민 카드가 카드 열에 놓였습니다. {}시대가 끝납니다.",
            age_name_ko(ended),
            age_name_ko(ended)
        ),
    )));
    // Cards two ages back (older than the age that just ended) are obsolete.
    let data = s.data.clone();
    let mode = s.rules.mode;
    let mut boxed_military = 0u32;
    for (seat, p) in s.players.iter_mut().enumerate() {
        let lost = obsolete(&data, p, mode, ended);
        boxed_military += lost.military;
        if mode == Mode::Full {
            let n = p.yellow_bank.min(YELLOW_LOST_AT_AGE_END);
            p.yellow_bank -= n;
            p.yellow_moved -= i16::from(n);
            if n > 0 {
                out.push(Event::public(Text::new(
                    format!("Seat {} puts {n} yellow token(s) in the box.", seat + 1),
                    format!("{}번 자리가 노란 토큰 {n}개를 상자에 넣습니다.", seat + 1),
                )));
            }
        }
        if !lost.words.is_empty() {
            out.push(Event::public(Text::new(
                format!("Seat {} loses obsolete cards: {}.", seat + 1, lost.words),
                format!(
                    "{}번 자리의 낡은 카드가 버려집니다: {}.",
                    seat + 1,
                    lost.words_ko
                ),
            )));
        }
    }
    s.military_boxed += boxed_military;
    // Pacts two ages back end too (L2841-2848, L3049-3052): each card once,
    // though both sides list it.
    let mut old_pacts: Vec<_> = s
        .players
        .iter()
        .flat_map(|p| p.pacts.iter().map(|x| x.card))
        .filter(|&c| data.card(c).is_some_and(|c| c.age < ended))
        .collect();
    old_pacts.sort_unstable();
    old_pacts.dedup();
    for card in old_pacts {
        pact::end(s, card, out);
    }
    // The old age's military deck and discards leave the game (L2853-2856).
    for pile in [&mut s.military_decks, &mut s.military_discards] {
        if let Some(old) = pile.get_mut(usize::from(ended)) {
            s.military_boxed += old.len() as u32;
            old.clear();
        }
    }
    call_last_round(s, next, out);
}

/// The advanced game ends with the round in which Age II ended (L2857-2871);
/// the full game with the round in which Age III ended if it ended at the
/// start player's turn, else with the round after (L3106-3119).
fn call_last_round(s: &mut State, age: Age, out: &mut Vec<Event>) {
    let last = match s.rules.mode {
        Mode::Intro => return,
        Mode::Advanced => age >= 3,
        Mode::Full => age >= 4,
    };
    if !last {
        out.push(Event::public(Text::new(
            format!("Age {} begins.", age_name(age)),
            format!("{}시대가 시작됩니다.", age_name_ko(age)),
        )));
        return;
    }
    if s.rules.mode == Mode::Full && s.turn != s.start_player {
        s.extra_round = true;
        out.push(Event::public(Text::new(
            "Age III is over: after this round, one more round is played, then the game ends.",
            "3시대가 끝났습니다. 이번 라운드 뒤에 한 라운드를 더 하고 게임이 끝납니다.",
        )));
    } else {
        s.last_round = true;
        out.push(Event::public(Text::new(
            "The last age is over: this is the last round.",
            "마지막 시대가 끝났습니다. 이번이 마지막 라운드입니다.",
        )));
    }
}

/// What one civilization lost to obsolescence.
#[derive(Default)]
struct Lost {
    military: u32,
    words: String,
    words_ko: String,
}

/// Discards a civilization's obsolete cards of ages before `ended`: civil
/// and military cards in hand, the leader (tokens adjusted) and the wonder
/// under construction (its blue tokens back to the bank). Technologies,
/// colonies and completed wonders stay (L2838-2852).
fn obsolete(data: &Data, p: &mut Player, mode: Mode, ended: Age) -> Lost {
    let old = |id: u16| data.card(id).is_some_and(|c| c.age < ended);
    let mut lost = Lost::default();
    let mut names: Vec<Text> = Vec::new();
    let before = p.hand.len();
    p.hand.retain(|h| !old(h.card));
    let civil = before - p.hand.len();
    p.discarded += civil as u32;
    let before = p.military_hand.len();
    p.military_hand.retain(|&c| !old(c));
    let military = before - p.military_hand.len();
    lost.military = military as u32;
    if civil + military > 0 {
        names.push(Text::new(
            format!("{} card(s) in hand", civil + military),
            format!("손의 카드 {}장", civil + military),
        ));
    }
    if p.leader.is_some_and(&old) {
        if let Some(leader) = tokens::lose_leader(data, p, mode) {
            names.push(data.card_name(leader));
        }
    }
    if let Some(w) = p.wonder.clone().filter(|w| old(w.card)) {
        p.blue_bank += w.built;
        p.wonder = None;
        p.discarded += 1;
        names.push(data.card_name(w.card));
    }
    let list = Text::join(&names, ", ");
    lost.words = list.en;
    lost.words_ko = list.ko;
    lost
}
