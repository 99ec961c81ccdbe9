//! What a civilization loses to the military events that let a seat
//! choose (advanced and full games): a building, a colony, a wonder's
//! effects. Each function applies one choice already checked as legal.

use super::report::{name_of, said};
use super::tokens;
use crate::engine::Event;
use crate::games::tta::data::{CardId, Data, RAVAGED_WONDER_CULTURE};
use crate::games::tta::legal;
use crate::games::tta::state::{Mode, Player, State};

/// One worker leaves a farm, mine or building and becomes an unused
/// worker; nothing is paid back (seed L929-941).
fn take_down(p: &mut Player, card: CardId) -> Option<()> {
    let t = p
        .techs
        .iter_mut()
        .find(|t| t.card == card && t.workers > 0)?;
    t.workers -= 1;
    p.workers = p.workers.checked_add(1)?;
    Some(())
}

/// Border Conflict: the seat destroys one of its farms, mines or urban
/// buildings.
pub(super) fn lose_building(
    s: &mut State,
    seat: usize,
    card: CardId,
    out: &mut Vec<Event>,
) -> Option<()> {
    take_down(s.players.get_mut(seat)?, card)?;
    let (en, ko) = name_of(&s.data, card);
    out.push(said(
        seat,
        format!("loses a building of {en}; its worker is unused."),
        format!("{ko} 건물 하나를 잃습니다. 그 일꾼은 일하지 않는 일꾼이 됩니다."),
    ));
    Some(())
}

/// Terrorism: seat `by` destroys an urban building of seat `victim`.
pub(super) fn destroy_for(
    s: &mut State,
    by: usize,
    victim: usize,
    card: CardId,
    out: &mut Vec<Event>,
) -> Option<()> {
    take_down(s.players.get_mut(victim)?, card)?;
    let (en, ko) = name_of(&s.data, card);
    out.push(said(
        by,
        format!(
            "destroys a building of {en} of seat {}; its worker is unused.",
            victim + 1
        ),
        format!(
            "{}번 자리의 {ko} 건물 하나를 파괴합니다. 그 일꾼은 일하지 않는 일꾼이 됩니다.",
            victim + 1
        ),
    ));
    Some(())
}

/// Independence Declaration: the seat gives up a colony; the card goes to
/// the past events (a reading, NOTES.md).
pub(super) fn lose_colony(
    s: &mut State,
    seat: usize,
    colony: CardId,
    out: &mut Vec<Event>,
) -> Option<()> {
    let data = s.data.clone();
    give_up_colony(&data, s.rules.mode, s.players.get_mut(seat)?, colony)?;
    s.past_events.push(colony);
    let (en, ko) = name_of(&data, colony);
    out.push(said(
        seat,
        format!("loses the colony {en} and its permanent bonus."),
        format!("식민지 {ko}와(과) 그 영구 보너스를 잃습니다."),
    ));
    Some(())
}

/// A colony leaves a civilization: only its permanent bonus is lost (seed
/// L2203-2206). The blue tokens it brought go back to the box (bank first);
/// the yellow ones from the yellow bank, and no population is lost (seed
/// L2239-2242): when the bank is short, the rest stays.
pub fn give_up_colony(data: &Data, mode: Mode, p: &mut Player, colony: CardId) -> Option<()> {
    let i = p.colonies.iter().position(|&c| c == colony)?;
    let (blue, yellow) = (
        legal::blue_owned(data, p, mode),
        legal::yellow_owned(data, p),
    );
    p.colonies.remove(i);
    tokens::settle_blue(data, p, mode, blue);
    let owed = yellow.saturating_sub(legal::yellow_owned(data, p));
    let from_bank = owed.min(p.yellow_bank);
    p.yellow_bank -= from_bank;
    // Tokens the bank could not give stay with the civilization.
    p.yellow_moved = p.yellow_moved.saturating_add(i16::from(owed - from_bank));
    Some(())
}

/// Ravages of Time: the seat turns a completed Age A or I wonder face
/// down; it keeps only its culture of 2 per turn. Blue tokens it brought,
/// if any, go back to the box.
pub(super) fn ravage(
    s: &mut State,
    seat: usize,
    wonder: CardId,
    out: &mut Vec<Event>,
) -> Option<()> {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let p = s.players.get_mut(seat)?;
    if !p.wonders.contains(&wonder) || p.ravaged.contains(&wonder) {
        return None;
    }
    let blue = legal::blue_owned(&data, p, mode);
    p.ravaged.push(wonder);
    tokens::settle_blue(&data, p, mode, blue);
    let (en, ko) = name_of(&data, wonder);
    out.push(said(
        seat,
        format!("turns {en} face down: no effect left, {RAVAGED_WONDER_CULTURE} culture a turn."),
        format!("{ko}을(를) 뒤집습니다. 효과는 모두 잃고 매 차례 문화 {RAVAGED_WONDER_CULTURE}을(를) 냅니다."),
    ));
    Some(())
}
