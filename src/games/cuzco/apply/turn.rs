//! The turn's own decisions: the extra action token (L84) and ending the turn.

use super::super::command::seat_name;
use super::super::state::{State, Turn};
use super::refuse;
use crate::engine::{Event, RuleError, Text};

/// One extra action token: +1 AP, once per turn, also before the first tile (L84).
pub fn token(s: &mut State, t: &mut Turn) -> Result<Vec<Event>, RuleError> {
    let who = seat_name(usize::from(t.seat));
    if t.token_used {
        return Err(refuse(
            "Only one extra action token per turn.",
            "추가 행동 토큰은 한 차례에 하나만 쓸 수 있습니다.",
        ));
    }
    let bonus = s.data.components.token_bonus_ap;
    let p = &mut s.players[usize::from(t.seat)];
    if p.tokens == 0 {
        return Err(refuse(
            "You have no extra action token left.",
            "남은 추가 행동 토큰이 없습니다.",
        ));
    }
    p.tokens -= 1;
    t.token_used = true;
    t.ap = t.ap.saturating_add(bonus);
    Ok(vec![Event::public(Text::new(
        format!("{} uses an extra action token: {} AP left.", who.en, t.ap),
        format!(
            "{}이(가) 추가 행동 토큰을 사용합니다: 남은 AP {}.",
            who.ko, t.ap
        ),
    ))])
}

/// The seat ends its turn; the driver then moves the game on.
pub fn end(t: &Turn) -> Vec<Event> {
    let seat = usize::from(t.seat);
    vec![Event::public_later(move || {
        let who = seat_name(seat);
        Text::new(
            format!("{} ends the turn.", who.en),
            format!("{}이(가) 차례를 마칩니다.", who.ko),
        )
    })]
}
