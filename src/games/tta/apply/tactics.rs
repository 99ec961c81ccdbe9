//! Tactic cards (2006 edition's individual tactics, seed L2730-2745): one
//! in play per civilization, put there from the military hand with a
//! military action; a new one replaces the old, which is discarded.

use super::military;
use super::report::said;
use crate::engine::Event;
use crate::games::tta::data::CardId;
use crate::games::tta::legal;
use crate::games::tta::state::State;

/// Puts a tactic card in play.
pub(super) fn play(s: &mut State, seat: usize, card: CardId, out: &mut Vec<Event>) -> Option<()> {
    if legal::red_left(s, seat) == 0 {
        return None;
    }
    let name = s.data.card_name(card);
    let p = s.players.get_mut(seat)?;
    let i = p.military_hand.iter().position(|&x| x == card)?;
    p.military_hand.remove(i);
    p.red_used += 1;
    let old = p.tactic.replace(card);
    if let Some(old) = old {
        military::put_away(s, old);
    }
    out.push(said(
        seat,
        format!("puts the tactic {} in play.", name.en),
        format!("전술 카드 {}을(를) 내려놓습니다.", name.ko),
    ));
    Some(())
}
