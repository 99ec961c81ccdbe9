//! The order of play: drawing a hex, the start and end of a turn, scoring
//! rounds (volcano and final) and the auction version's rounds of auctions.

use super::super::command::color;
use super::super::data::{cost, Data, Kind};
use super::super::legal::fits_somewhere;
use super::super::scoring::score_player;
use super::super::state::{Auction, Phase, RoundKind, Scoring, State, MAX_PLAYERS};
use crate::engine::{Event, Text, Told};

fn next_seat(s: &State, seat: usize) -> usize {
    (seat + 1) % s.players.max(1)
}

pub(super) fn tile_text(s: &State, tile: usize) -> Text {
    tile_text_of(&s.data, tile)
}

/// `tile_text` from the tables alone (for text written when read).
pub(super) fn tile_text_of(data: &Data, tile: usize) -> Text {
    match data.tiles.get(tile) {
        Some(t) => {
            let detail = match t.kind {
                Kind::Temple => format!(" {}", t.value),
                Kind::Treasure => format!(" ({} masks)", t.masks),
                _ => String::new(),
            };
            let detail_ko = match t.kind {
                Kind::Temple => format!(" {}", t.value),
                Kind::Treasure => format!(" (가면 {}개)", t.masks),
                _ => String::new(),
            };
            Text::new(
                format!("{} {}{}", t.id, t.kind.name_en(), detail),
                format!("{} {}{}", t.id, t.kind.name_ko(), detail_ko),
            )
        }
        None => Text::same("?"),
    }
}

/// Basic game: `seat` draws the top hex (L132).
fn start_normal_turn(s: &mut State, seat: usize, events: &mut Vec<Event>) {
    s.active = seat as u8;
    let Some(tile) = s.stack.pop() else {
        begin_final(s, events);
        return;
    };
    let data = s.data.clone();
    events.push(Event::reveal(Told::later(move || {
        let t = tile_text_of(&data, tile as usize);
        let c = color(seat);
        Text::new(
            format!("{} draws {}.", c.en, t.en),
            format!("{}: {}을(를) 뽑습니다.", c.ko, t.ko),
        )
    })));
    got_tile(s, seat, tile, events);
}

/// The hex a player drew or chose: a volcano starts a scoring round, anything else is placed.
pub(super) fn got_tile(s: &mut State, seat: usize, tile: u8, events: &mut Vec<Event>) {
    let volcano = s
        .data
        .tiles
        .get(tile as usize)
        .is_some_and(|t| t.kind == Kind::Volcano);
    if volcano {
        let order: Vec<u8> = (0..s.players)
            .map(|k| ((seat + k) % s.players) as u8)
            .collect();
        s.scoring = Some(Scoring {
            kind: RoundKind::Volcano {
                trigger: seat as u8,
                tile,
            },
            order,
            next: 0,
        });
        s.last_scores.clear();
        let c = color(seat);
        events.push(Event::public(Text::new(
            format!("A volcano! Scoring round {}: {} sets it aside and takes 10 AP first, then everyone in turn takes 10 AP and is scored.", s.rounds_scored + 1, c.en),
            format!("화산! 득점 라운드 {}: {}이 화산을 옆에 두고 먼저 10AP를 쓰고, 이어 모두가 차례로 10AP를 쓴 뒤 득점합니다.", s.rounds_scored + 1, c.ko),
        )));
        begin_act(s, seat);
    } else {
        begin_place(s, seat, tile, events);
    }
}

/// The player must place `tile`; if it fits nowhere it is set aside (spec 11 A14) and he acts.
fn begin_place(s: &mut State, seat: usize, tile: u8, events: &mut Vec<Event>) {
    s.active = seat as u8;
    s.last_placer = seat as u8;
    let fits = fits_somewhere(s, tile as usize);
    if fits {
        s.phase = Phase::Place { tile };
    } else {
        s.set_aside.push(tile);
        let t = tile_text(s, tile as usize);
        events.push(Event::public(Text::new(
            format!("{} fits nowhere on the board and is set aside.", t.en),
            format!("{}은(는) 놓을 곳이 없어 옆에 치워 둡니다.", t.ko),
        )));
        begin_act(s, seat);
    }
}

/// Ten fresh action points (L201-207); per-turn limits start again.
pub(super) fn begin_act(s: &mut State, seat: usize) {
    s.active = seat as u8;
    s.ap = cost::AP_PER_TURN;
    s.dug.clear();
    s.looted.clear();
    s.phase = Phase::Act;
}

/// `end`: the turn is over. In a scoring round the player is scored and the
/// round goes on; otherwise play passes on.
pub fn end_turn(s: &mut State, seat: usize) -> Vec<Event> {
    let mut events = vec![Event::public_later(move || {
        let c = color(seat);
        Text::new(
            format!("{} ends the turn.", c.en),
            format!("{}: 턴을 마칩니다.", c.ko),
        )
    })];
    if let Some(mut round) = s.scoring.take() {
        score_player(s, seat, &mut events);
        round.next += 1;
        if let Some(&q) = round.order.get(round.next) {
            s.scoring = Some(round);
            begin_act(s, q as usize);
            return events;
        }
        s.rounds_scored += 1;
        match round.kind {
            RoundKind::Volcano { trigger, tile } => {
                // The trigger now places the volcano and takes his normal turn (L492-496, L657-661).
                begin_place(s, trigger as usize, tile, &mut events);
            }
            RoundKind::Final => {
                s.phase = Phase::Over;
                events.push(Event::public(Text::new(
                    "The final scoring is over; the game ends.",
                    "마지막 득점 계산이 끝나 게임이 끝납니다.",
                )));
            }
        }
        return events;
    }
    if s.rules.mode.auctions() {
        if let Some(p) = s.people.get_mut(seat) {
            p.indicator_up = false;
        }
        continue_auction_round(s, &mut events);
    } else if s.stack.is_empty() {
        begin_final(s, &mut events);
    } else {
        start_normal_turn(s, next_seat(s, seat), &mut events);
    }
    events
}

/// The final scoring round (L503-511; auction L666-686).
fn begin_final(s: &mut State, events: &mut Vec<Event>) {
    let n = s.players;
    let last = s.last_placer as usize;
    // Clockwise from the last placer, who comes last (spec 11 A5, A13); the
    // options put him first: on tied scores (A13), or as the basic round's
    // first player, as a volcano's drawer is in the other rounds (A5).
    let placer_last = |q: usize| (q + n - last - 1) % n;
    let placer_first = |q: usize| (q + n - last) % n;
    let distance = |q: usize| {
        let first = if s.rules.mode.auctions() {
            s.rules.final_tie_placer_first
        } else {
            s.rules.final_placer_starts
        };
        if first {
            placer_first(q)
        } else {
            placer_last(q)
        }
    };
    let mut order: Vec<u8> = (0..n as u8).collect();
    if s.rules.mode.auctions() {
        // Lowest score first; ties: the one reached first clockwise from the last placer (L672-682).
        order.sort_by_key(|&q| {
            (
                s.people.get(q as usize).map(|p| p.score).unwrap_or(0),
                distance(q as usize),
            )
        });
    } else {
        order.sort_by_key(|&q| distance(q as usize));
    }
    let names: Vec<Text> = order.iter().map(|&q| color(q as usize)).collect();
    events.push(Event::public(Text::new(
        format!(
            "The last hex is down: final scoring round, in the order {}.",
            Text::join(&names, ", ").en
        ),
        format!(
            "마지막 지형이 놓였습니다: 마지막 득점 라운드, 순서 {}.",
            Text::join(&names, ", ").ko
        ),
    )));
    let first = order.first().copied().unwrap_or(0);
    s.scoring = Some(Scoring {
        kind: RoundKind::Final,
        order,
        next: 0,
    });
    s.last_scores.clear();
    begin_act(s, first as usize);
}

/// Auction version: a new round draws one hex per player (L571-573, L632).
fn new_auction_round(s: &mut State, first_round: bool, events: &mut Vec<Event>) {
    for p in &mut s.people {
        p.indicator_up = true;
    }
    if s.stack.is_empty() {
        begin_final(s, events);
        return;
    }
    if !first_round {
        // The neighbour of last round's first bidder opens (L634-636, spec 11 A21):
        // by default the one who spoke first; as an option the one who first bid.
        let base = match (s.rules.opener_after_first_bid, s.round_first_bid) {
            (true, Some(b)) => b,
            _ => s.round_opener,
        };
        s.round_opener = next_seat(s, base as usize) as u8;
    }
    s.round_first_bid = None;
    s.auction_rounds += 1;
    s.auctions_this_round = 0;
    for _ in 0..s.players {
        if let Some(t) = s.stack.pop() {
            s.display.push(t);
        }
    }
    let shown: Vec<Text> = s
        .display
        .iter()
        .map(|&t| tile_text(s, t as usize))
        .collect();
    events.push(Event::reveal(Text::new(
        format!(
            "Auction round {}: on display {}.",
            s.auction_rounds,
            Text::join(&shown, ", ").en
        ),
        format!(
            "경매 라운드 {}: 공개된 지형 {}.",
            s.auction_rounds,
            Text::join(&shown, ", ").ko
        ),
    )));
    continue_auction_round(s, events);
}

/// After a turn in the auction version: the next auction, the free last turn, or a new round.
fn continue_auction_round(s: &mut State, events: &mut Vec<Event>) {
    if s.display.is_empty() {
        new_auction_round(s, false, events);
        return;
    }
    let eligible: Vec<usize> = (0..s.players)
        .filter(|&q| s.people[q].indicator_up)
        .collect();
    if eligible.is_empty() {
        // More hexes than turns cannot happen with N hexes per round; be safe.
        for p in &mut s.people {
            p.indicator_up = true;
        }
        continue_auction_round(s, events);
        return;
    }
    if eligible.len() == 1 && s.display.len() == 1 {
        // The last turn of the round: the last hex, free (L619-625).
        let q = eligible[0];
        let tile = s.display.remove(0);
        let c = color(q);
        let t = tile_text(s, tile as usize);
        events.push(Event::public(Text::new(
            format!(
                "{} takes the last hex of the round, {}, free of charge.",
                c.en, t.en
            ),
            format!(
                "{}: 라운드의 마지막 지형 {}을(를) 무료로 가져갑니다.",
                c.ko, t.ko
            ),
        )));
        got_tile(s, q, tile, events);
        return;
    }
    let starter = if s.auctions_this_round == 0 {
        first_eligible_from(s, s.round_opener as usize)
    } else {
        // The winner's clockwise neighbour, the first still eligible (L606, spec 11 A11).
        first_eligible_from(s, next_seat(s, s.last_winner as usize))
    };
    s.auctions_this_round += 1;
    s.auction = Some(Auction {
        starter: starter as u8,
        bidder: starter as u8,
        high: None,
        passed: [false; MAX_PLAYERS],
    });
    s.phase = Phase::Bid;
    s.active = starter as u8;
    let c = color(starter);
    events.push(Event::public(Text::new(
        format!(
            "Auction {} of the round: {} bids first.",
            s.auctions_this_round, c.en
        ),
        format!(
            "이번 라운드 경매 {}: {}이 먼저 입찰합니다.",
            s.auctions_this_round, c.ko
        ),
    )));
}

fn first_eligible_from(s: &State, from: usize) -> usize {
    (0..s.players)
        .map(|k| (from + k) % s.players)
        .find(|&q| s.people[q].indicator_up)
        .unwrap_or(from)
}

/// The first turn of a new game: the first auction round, or the first player's draw.
pub fn first_turn(s: &mut State) {
    let mut events = Vec::new();
    if s.rules.mode.auctions() {
        new_auction_round(s, true, &mut events);
    } else {
        start_normal_turn(s, s.first as usize, &mut events);
    }
}
