//! Drawing festival cards (L224-229): the face-up card or the deck's top, turning up a new
//! face-up card, and refilling an empty deck (spec G5).

use super::super::command::{card_id, seat_name};
use super::super::state::{State, Turn};
use super::{refuse, spend};
use crate::engine::{Event, RuleError, Seat, Text};

/// Draws the face-up card (`open`) or the deck's top card, at most twice a turn (L226).
pub fn draw(s: &mut State, t: &mut Turn, open: bool) -> Result<Vec<Event>, RuleError> {
    let c = &s.data.components;
    let (most, cost) = (c.draws_per_turn, c.draw_cost_ap);
    if t.drawn >= most {
        return Err(refuse(
            format!("At most {most} festival cards per turn."),
            format!("축제 카드는 한 차례에 최대 {most}장까지 뽑을 수 있습니다."),
        ));
    }
    spend(t, cost)?;
    t.drawn += 1;
    if open {
        take_face_up(s, t)
    } else {
        draw_from_deck(s, t)
    }
}

/// The face-up card goes to the hand, seen by everyone (L228); a new one is turned up.
fn take_face_up(s: &mut State, t: &Turn) -> Result<Vec<Event>, RuleError> {
    let seat = usize::from(t.seat);
    let who = seat_name(seat);
    let card = s
        .discard
        .pop()
        .ok_or_else(|| refuse("No face-up card is showing.", "공개된 카드가 없습니다."))?;
    s.players[seat].hand.push(card);
    s.players[seat].known.push(card);
    s.players[seat].hand.sort_unstable();
    let bits = s.data.cards[usize::from(card)].artifacts;
    let mut events = vec![Event::public(Text::new(
        format!(
            "{} takes the face-up card {} ({}); {} AP left.",
            who.en,
            card_id(card),
            s.data.artifact_names(bits, false),
            t.ap
        ),
        format!(
            "{}이(가) 공개 카드 {} ({})을(를) 가져갑니다. 남은 AP {}.",
            who.ko,
            card_id(card),
            s.data.artifact_names(bits, true),
            t.ap
        ),
    ))];
    events.extend(turn_up(s));
    Ok(events)
}

/// The deck's top card goes to the hand, told to its drawer only.
fn draw_from_deck(s: &mut State, t: &Turn) -> Result<Vec<Event>, RuleError> {
    let seat = usize::from(t.seat);
    let who = seat_name(seat);
    refill_deck(s);
    let card = s
        .deck
        .pop()
        .ok_or_else(|| refuse("The deck is empty.", "카드 더미가 비었습니다."))?;
    s.players[seat].hand.push(card);
    s.players[seat].hand.sort_unstable();
    let bits = s.data.cards[usize::from(card)].artifacts;
    Ok(vec![
        Event::reveal(Text::new(
            format!(
                "{} draws a festival card from the deck; {} AP left.",
                who.en, t.ap
            ),
            format!(
                "{}이(가) 카드 더미에서 축제 카드를 한 장 뽑습니다. 남은 AP {}.",
                who.ko, t.ap
            ),
        )),
        Event::private(
            Seat(seat),
            Text::new(
                format!(
                    "You drew {} ({}).",
                    card_id(card),
                    s.data.artifact_names(bits, false)
                ),
                format!(
                    "뽑은 카드: {} ({}).",
                    card_id(card),
                    s.data.artifact_names(bits, true)
                ),
            ),
        ),
    ])
}

/// Turns the top card of the deck face up onto the discard pile (L228, L265).
pub fn turn_up(s: &mut State) -> Vec<Event> {
    refill_deck(s);
    match s.deck.pop() {
        Some(card) => {
            s.discard.push(card);
            let bits = s.data.cards[usize::from(card)].artifacts;
            vec![Event::reveal(Text::new(
                format!(
                    "New face-up festival card: {} ({}).",
                    card_id(card),
                    s.data.artifact_names(bits, false)
                ),
                format!(
                    "새 공개 축제 카드: {} ({}).",
                    card_id(card),
                    s.data.artifact_names(bits, true)
                ),
            ))]
        }
        None => vec![Event::public(Text::new(
            "The festival deck is empty: no new face-up card.",
            "축제 카드 더미가 비어 새 공개 카드가 없습니다.",
        ))],
    }
}

/// G5: an empty deck takes the discards under the face-up card, shuffled (if the rules say so).
fn refill_deck(s: &mut State) {
    if !s.deck.is_empty() || !s.rules.reshuffle || s.discard.len() < 2 {
        return;
    }
    let top = s.discard.pop();
    s.deck.append(&mut s.discard);
    s.discard.extend(top);
    let mut deck = std::mem::take(&mut s.deck);
    s.rng.shuffle(&mut deck);
    s.deck = deck;
}
