//! Why the rules refuse a line that reads as one of a seat's Cuzco
//! commands but is not legal now: the reason a refused turn's answer gives
//! where the line is too short for the rules to judge it (`enter` with no
//! space) or answers another step of the game (a festival's words in a turn).

use super::super::state::{Phase, State, Turn};
use super::placement_owed;
use crate::engine::Text;

/// The words that answer a festival competition.
const FESTIVAL_WORDS: [&str; 4] = ["play", "done", "pass", "drop"];

/// The actions that cost action points.
const AP_WORDS: [&str; 7] = ["enter", "exit", "move", "build", "upgrade", "lake", "draw"];

/// Why the rules refuse a line written as one of `seat`'s commands (its
/// words read by the vocabulary) that is no legal command of it now;
/// `None` where the rules' own refusal or the legal commands say it.
pub fn why_illegal(s: &State, seat: usize, words: &[&str]) -> Option<Text> {
    let verb = *words.first()?;
    match &s.phase {
        Phase::Turn(t) if usize::from(t.seat) == seat => why_not_in_turn(s, t, verb),
        Phase::Festival(f) if usize::from(f.current) == seat => {
            (!FESTIVAL_WORDS.contains(&verb)).then(|| {
                Text::new(
                    "A festival competition is running and it is your answer: play a festival card ('play c07'), 'pass', 'done' or 'drop'; the turn goes on after the festival.",
                    "축제 경쟁이 진행 중이고 당신이 답할 차례입니다: 축제 카드를 내거나('play c07') 'pass', 'done', 'drop' 중 하나를 쓰세요. 축제가 끝나면 차례가 이어집니다.",
                )
            })
        }
        _ => None,
    }
}

fn why_not_in_turn(s: &State, t: &Turn, verb: &str) -> Option<Text> {
    if FESTIVAL_WORDS.contains(&verb) {
        return Some(Text::new(
            format!(
                "No festival competition is running: '{verb}' answers one. Now it is your turn with {} AP.",
                t.ap
            ),
            format!(
                "진행 중인 축제 경쟁이 없습니다. '{verb}'은(는) 축제 경쟁에 답하는 명령입니다. 지금은 당신 차례이고 {}AP가 있습니다.",
                t.ap
            ),
        ));
    }
    if verb == "token" {
        let tokens = s.players.get(usize::from(t.seat)).map_or(0, |p| p.tokens);
        return if t.token_used {
            Some(Text::new(
                "You have used an extra action token this turn already; one per turn.",
                "이번 차례에 이미 추가 행동 토큰을 썼습니다. 한 차례에 하나만 쓸 수 있습니다.",
            ))
        } else if tokens == 0 {
            Some(Text::new(
                "You have no extra action token left.",
                "남은 추가 행동 토큰이 없습니다.",
            ))
        } else {
            None
        };
    }
    if placement_owed(t) && verb != "place" {
        return Some(Text::new(
            format!(
                "Your turn starts with placing a terrain tile ('place …', see the list); '{verb}' comes after it."
            ),
            format!(
                "차례는 지형 타일 하나를 놓는 것('place …', 목록 참고)으로 시작합니다. '{verb}'은(는) 그다음에 할 수 있습니다."
            ),
        ));
    }
    if AP_WORDS.contains(&verb) && t.ap == 0 {
        let token = !t.token_used
            && s.players
                .get(usize::from(t.seat))
                .is_some_and(|p| p.tokens > 0);
        return Some(if token {
            Text::new(
                format!("'{verb}' costs action points and you have none left this turn: use an extra action token ('token') or 'end' your turn."),
                format!("'{verb}'에는 AP가 드는데 이번 차례에 남은 AP가 없습니다. 추가 행동 토큰('token')을 쓰거나 'end'로 차례를 끝내세요."),
            )
        } else {
            Text::new(
                format!("'{verb}' costs action points and you have none left this turn: 'end' your turn."),
                format!("'{verb}'에는 AP가 드는데 이번 차례에 남은 AP가 없습니다. 'end'로 차례를 끝내세요."),
            )
        });
    }
    None
}
