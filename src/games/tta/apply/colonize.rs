//! Colonization (advanced and full games, seed L2137-2242): the auction of
//! a revealed territory, the winner's payment in units and bonus cards, and
//! the territory's immediate and permanent bonuses.

use super::military;
use super::report::{name_of, said};
use super::tokens;
use crate::engine::Event;
use crate::games::tta::command::Command;
use crate::games::tta::data::{CardId, SCIENCE_CAP};
use crate::games::tta::legal;
use crate::games::tta::scoring;
use crate::games::tta::state::{Phase, State};

/// A territory is revealed: every seat that can send a unit bids in turn
/// order from the active player (seed L2137-2149).
pub fn open_auction(s: &mut State, territory: CardId, out: &mut Vec<Event>) {
    let queue: Vec<usize> = s
        .playing_from(s.turn)
        .into_iter()
        .filter(|&i| {
            s.players
                .get(i)
                .is_some_and(|p| scoring::colonize_capacity(&s.data, p, s.rules.mode) > 0)
        })
        .collect();
    s.phase = Phase::Auction {
        territory,
        bid: 0,
        high: None,
        queue,
    };
    settle_auction(s, out);
}

/// A bid or a pass in the auction.
pub fn bid(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    let Phase::Auction {
        bid, high, queue, ..
    } = &mut s.phase
    else {
        return None;
    };
    if queue.first() != Some(&seat) {
        return None;
    }
    queue.remove(0);
    match cmd {
        Command::Bid(n) => {
            *bid = *n;
            *high = Some(seat);
            queue.push(seat);
            out.push(said(
                seat,
                format!("bids {n}."),
                format!("{n}을(를) 입찰합니다."),
            ));
        }
        Command::NoBid => out.push(said(seat, "passes.".into(), "패스합니다.".into())),
        _ => return None,
    }
    settle_auction(s, out);
    Some(())
}

/// Drops seats that cannot outbid the standing bid; ends the auction when
/// only the high bidder is left, or nobody.
pub(super) fn settle_auction(s: &mut State, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let Phase::Auction {
        territory,
        bid,
        high,
        queue,
    } = &mut s.phase
    else {
        return;
    };
    let players = &s.players;
    queue.retain(|&q| {
        Some(q) == *high
            || players
                .get(q)
                .is_some_and(|p| scoring::colonize_capacity(&data, p, mode) > i32::from(*bid))
    });
    let (territory, bid) = (*territory, *bid);
    let winner = match (queue.as_slice(), *high) {
        ([], _) => None,
        ([only], Some(h)) if *only == h => Some(h),
        _ => return,
    };
    match winner {
        None => {
            s.past_events.push(territory);
            out.push(Event::public(crate::engine::Text::new(
                "Nobody colonizes the territory.",
                "아무도 영토를 식민지로 만들지 않습니다.",
            )));
            military::after_politics(s);
        }
        Some(seat) => {
            let owed = i32::from(bid)
                - s.players
                    .get(seat)
                    .map(|p| scoring::permanent_colonize(&data, p, mode))
                    .unwrap_or(0);
            s.phase = Phase::Colonize {
                territory,
                seat,
                owed,
                units: 0,
            };
        }
    }
}

/// The winner sacrifices a unit or plays a colonization bonus card; the
/// territory is taken once the bid is covered with at least one unit.
pub fn pay(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let Phase::Colonize {
        territory,
        seat: winner,
        owed,
        units,
    } = s.phase.clone()
    else {
        return None;
    };
    if seat != winner {
        return None;
    }
    let p = s.players.get_mut(seat)?;
    let (owed, units) = match cmd {
        Command::Sacrifice(n) => {
            let strength = scoring::unit_strength(&data, p, mode, n.id);
            let i = legal::tech_index(p, n.id)?;
            let t = p.techs.get_mut(i)?;
            t.workers = t.workers.checked_sub(1)?;
            p.yellow_bank += 1;
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                seat,
                format!("sends a unit of {en} (strength {strength})."),
                format!("{ko} 유닛을 보냅니다 (군사력 {strength})."),
            ));
            (owed - strength, units + 1)
        }
        Command::Bonus(n) => {
            let value = scoring::bonus_card_colonize(&data, p, mode, n.id);
            let i = p.military_hand.iter().position(|&c| c == n.id)?;
            p.military_hand.remove(i);
            military::put_away(s, n.id);
            out.push(said(
                seat,
                format!("plays a colonization bonus of {value}."),
                format!("식민지 점령 보너스 {value}을(를) 사용합니다."),
            ));
            (owed - value, units)
        }
        _ => return None,
    };
    if owed <= 0 && units > 0 {
        take_territory(s, seat, territory, out);
        military::after_politics(s);
    } else {
        s.phase = Phase::Colonize {
            territory,
            seat,
            owed,
            units,
        };
    }
    Some(())
}

/// Christopher Columbus's political action: a territory from the military
/// hand becomes a colony at once, without an auction or units (once per
/// game; the card's text).
pub fn from_hand(
    s: &mut State,
    seat: usize,
    territory: CardId,
    out: &mut Vec<Event>,
) -> Option<()> {
    let p = s.players.get(seat)?;
    if !legal::colonize_from_hand(s, p) {
        return None;
    }
    let p = s.players.get_mut(seat)?;
    let i = p.military_hand.iter().position(|&c| c == territory)?;
    p.military_hand.remove(i);
    p.colonized_from_hand = true;
    out.push(said(
        seat,
        "colonizes a territory from its hand with its leader's ability.".into(),
        "지도자의 능력으로 손의 영토를 식민지로 만듭니다.".into(),
    ));
    take_territory(s, seat, territory, out);
    military::after_politics(s);
    Some(())
}

/// The territory becomes a colony: tokens of its permanent bonus come from
/// the box, its immediate bonus is given (seed L2177-2206).
fn take_territory(s: &mut State, seat: usize, territory: CardId, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let Some(card) = data.card(territory) else {
        return;
    };
    let now = card.immediate_bonus().cloned().unwrap_or_default();
    let Some(p) = s.players.get_mut(seat) else {
        return;
    };
    let blue = legal::blue_owned(&data, p, mode);
    let yellow = legal::yellow_owned(&data, p);
    p.colonies.push(territory);
    tokens::settle_blue(&data, p, mode, blue);
    let gained = legal::yellow_owned(&data, p).saturating_sub(yellow);
    p.yellow_bank += gained;
    tokens::produce_amount(&data, p, true, now.food);
    tokens::produce_amount(&data, p, false, now.resources);
    p.science = (p.science + now.science).min(SCIENCE_CAP);
    p.culture += now.culture;
    super::event_effects::population(&data, p, now.population);
    let (en, ko) = name_of(&data, territory);
    out.push(said(
        seat,
        format!("colonizes {en}."),
        format!("{ko}을(를) 식민지로 만듭니다."),
    ));
    let drawn = military::draw(s, seat, usize::try_from(now.military_cards).unwrap_or(0));
    if drawn > 0 {
        out.push(Event::reveal(crate::engine::Text::new(
            format!("Seat {} draws {drawn} military card(s).", seat + 1),
            format!("{}번 자리가 군사 카드 {drawn}장을 가져옵니다.", seat + 1),
        )));
    }
}
