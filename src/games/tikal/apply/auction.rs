//! The auction version's decisions: a bid or a pass, and the winner's
//! choice of a displayed hex (L576-616).

use super::super::command::{color, Command};
use super::super::state::{Phase, State};
use super::err;
use super::turn::{got_tile, tile_text};
use crate::engine::{Event, RuleError, Text};

/// A bid or a pass by the player whose bid it is (L582-588, spec 11 A9).
pub fn bid(s: &mut State, seat: usize, c: &Command) -> Result<Vec<Event>, RuleError> {
    let Some(mut a) = s.auction.clone() else {
        return Err(err("No auction is running.", "진행 중인 경매가 없습니다."));
    };
    if a.bidder as usize != seat {
        return Err(err("It is not your bid.", "당신의 입찰 차례가 아닙니다."));
    }
    let name = color(seat);
    let mut events = Vec::new();
    match c {
        Command::Bid(n) => {
            let score = s.player(seat).map(|p| p.score).unwrap_or(0);
            let floor = a.high.map(|(_, h)| h + 1).unwrap_or(1);
            if *n < floor || *n > score {
                return Err(err(
                    format!("Bid between {floor} and your score {score} (a bid must beat the standing one and is paid from your score)."),
                    format!("{floor}부터 당신의 점수 {score} 사이로 입찰하세요(현재 입찰보다 높아야 하고 점수로 지불합니다)."),
                ));
            }
            a.high = Some((seat as u8, *n));
            if s.round_first_bid.is_none() {
                s.round_first_bid = Some(seat as u8);
            }
            events.push(Event::public(Text::new(
                format!("{} bids {n}.", name.en),
                format!("{}: {n}점을 입찰합니다.", name.ko),
            )));
        }
        Command::Pass => {
            a.passed[seat] = true;
            events.push(Event::public(Text::new(
                format!("{} passes.", name.en),
                format!("{}: 패스합니다.", name.ko),
            )));
        }
        _ => {
            return Err(err(
                "Bid or pass: 'bid 3' or 'pass'.",
                "입찰하거나 패스하세요: 'bid 3' 또는 'pass'.",
            ))
        }
    }
    let n = s.players;
    let next = (1..=n)
        .map(|k| (seat + k) % n)
        .find(|&q| s.people[q].indicator_up && !a.passed[q]);
    let winner = match (next, a.high) {
        // Everyone passed without a bid: the opener takes the turn for nothing (L614-616, spec 11 A10).
        (None, _) => Some((a.starter as usize, 0)),
        // Back at the standing bid: all others passed.
        (Some(q), Some((h, price))) if q == h as usize => Some((q, price)),
        (Some(q), _) => {
            a.bidder = q as u8;
            s.active = q as u8;
            None
        }
    };
    match winner {
        None => s.auction = Some(a),
        Some((w, price)) => {
            s.auction = None;
            s.last_winner = w as u8;
            if let Some(p) = s.people.get_mut(w) {
                p.score -= price;
            }
            let c = color(w);
            events.push(Event::public(Text::new(
                format!("{} wins the auction and pays {price}.", c.en),
                format!("{}: 경매에서 이겨 {price}점을 지불합니다.", c.ko),
            )));
            s.active = w as u8;
            if s.display.len() == 1 {
                let tile = s.display.remove(0);
                got_tile(s, w, tile, &mut events);
            } else {
                s.phase = Phase::Choose;
            }
        }
    }
    Ok(events)
}

/// The ids of the displayed hexes, for messages.
pub fn displayed_ids(s: &State) -> String {
    let ids: Vec<&str> = s
        .display
        .iter()
        .filter_map(|&t| s.data.tiles.get(t as usize))
        .map(|t| t.id.as_str())
        .collect();
    ids.join(", ")
}

/// The auction winner chooses a displayed hex (L595-597).
pub fn take(s: &mut State, seat: usize, c: &Command) -> Result<Vec<Event>, RuleError> {
    let Command::Take(id) = c else {
        let ids = displayed_ids(s);
        return Err(err(
            format!("Choose a displayed hex: 'take ID' with ID one of {ids}."),
            format!("공개된 지형을 고르세요: 'take 번호' (번호는 {ids} 중 하나)."),
        ));
    };
    let Some(i) = s.display.iter().position(|&t| {
        s.data
            .tiles
            .get(t as usize)
            .is_some_and(|x| x.id.eq_ignore_ascii_case(id))
    }) else {
        return Err(err(
            format!(
                "{id} is not on display; choose one of {}.",
                displayed_ids(s)
            ),
            format!(
                "{id}은(는) 공개된 지형이 아닙니다. {} 중에서 고르세요.",
                displayed_ids(s)
            ),
        ));
    };
    let tile = s.display.remove(i);
    let c = color(seat);
    let t = tile_text(s, tile as usize);
    let mut events = vec![Event::public(Text::new(
        format!("{} chooses {}.", c.en, t.en),
        format!("{}: {}을(를) 고릅니다.", c.ko, t.ko),
    ))];
    got_tile(s, seat, tile, &mut events);
    Ok(events)
}
