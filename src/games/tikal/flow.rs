//! The order of play: setup, drawing and placing hexes, the end of a turn,
//! scoring rounds (volcano and final), and the auction version's rounds of
//! auctions.

use super::actions::color;
use super::command::Command;
use super::data::{
    cost, Data, Kind, AUCTION_START_SCORE, DISCS_PER_KIND, MINI_TREASURE_KINDS, TEMPLE_TILES,
    TREASURE_KINDS,
};
use super::rules::{can_place, fits_somewhere, temples_scored, treasure_points};
use super::state::{
    Auction, LeaderAt, Mode, Phase, Player, RoundKind, Rules, ScoreLine, Scoring, Spot, State,
    MAX_PLAYERS,
};
use crate::engine::{Event, Rng, RuleError, Shared, Text};

fn err(en: impl Into<String>, ko: impl Into<String>) -> RuleError {
    RuleError::new(en, ko)
}

/// A new game: printed hexes on the board, the stack by letters, supplies, the first turn.
pub fn setup(data: Shared<Data>, rules: Rules, players: usize, seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let mini = rules.mode == Mode::Mini;
    let mut board: Vec<Option<Spot>> = vec![None; data.board.spaces.len()];
    for t in data.printed() {
        if let Some(at) = data.tiles.get(t).and_then(|tile| tile.printed_at) {
            if let Some(slot) = board.get_mut(at) {
                *slot = Some(Spot::new(&data, t as u8, 0));
            }
        }
    }
    // The stack: each letter group shuffled on its own, A on top (L103-109);
    // Mini-Tikal: groups A-C, D, E-G (L808-816).
    let groups: Vec<&str> = if mini {
        vec!["EFG", "D", "ABC"]
    } else {
        vec!["G", "F", "E", "D", "C", "B", "A"]
    };
    let mut stack = Vec::new();
    for g in groups {
        let mut part: Vec<u8> = data
            .stack_tiles(mini)
            .into_iter()
            .filter(|&i| data.tiles[i].letter.is_some_and(|l| g.contains(l)))
            .map(|i| i as u8)
            .collect();
        rng.shuffle(&mut part);
        stack.extend(part);
    }
    // Treasure discs: all 8 kinds, or 4 kinds chosen at random in Mini-Tikal (L830-832).
    let mut pool = [0u8; TREASURE_KINDS];
    let mut kinds: Vec<usize> = (0..TREASURE_KINDS).collect();
    if mini {
        rng.shuffle(&mut kinds);
        kinds.truncate(MINI_TREASURE_KINDS);
    }
    for k in kinds {
        pool[k] = DISCS_PER_KIND;
    }
    let start_score = if rules.mode.auctions() {
        AUCTION_START_SCORE
    } else {
        0
    };
    let person = Player {
        score: start_score,
        workers_supply: rules.workers,
        workers_gone: 0,
        leader: LeaderAt::Supply,
        camps: 0,
        guards: 0,
        treasures: [0; TREASURE_KINDS],
        indicator_up: true,
    };
    // The oldest player starts: seat 1 (L128); Mini-Tikal: at random (L839).
    let first = if mini { rng.below(players) as u8 } else { 0 };
    let mut s = State {
        data,
        rules,
        players,
        board,
        stack,
        display: Vec::new(),
        set_aside: Vec::new(),
        temple_tiles: TEMPLE_TILES,
        discs_total: pool.iter().sum(),
        pool,
        people: vec![person; players],
        active: first,
        phase: Phase::Act,
        ap: 0,
        dug: Vec::new(),
        looted: Vec::new(),
        scoring: None,
        rounds_scored: 0,
        last_scores: Vec::new(),
        auction: None,
        round_opener: first,
        first,
        auctions_this_round: 0,
        auction_rounds: 0,
        round_first_bid: None,
        last_winner: first,
        last_placer: first,
        rng,
    };
    let mut events = Vec::new();
    if s.rules.mode.auctions() {
        new_auction_round(&mut s, true, &mut events);
    } else {
        start_normal_turn(&mut s, first as usize, &mut events);
    }
    s
}

fn next_seat(s: &State, seat: usize) -> usize {
    (seat + 1) % s.players.max(1)
}

fn tile_text(s: &State, tile: usize) -> Text {
    match s.data.tiles.get(tile) {
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
    let t = tile_text(s, tile as usize);
    let c = color(seat);
    events.push(Event::reveal(Text::new(
        format!("{} draws {}.", c.en, t.en),
        format!("{}: {}을(를) 뽑습니다.", c.ko, t.ko),
    )));
    got_tile(s, seat, tile, events);
}

/// The hex a player drew or chose: a volcano starts a scoring round, anything else is placed.
fn got_tile(s: &mut State, seat: usize, tile: u8, events: &mut Vec<Event>) {
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
fn begin_act(s: &mut State, seat: usize) {
    s.active = seat as u8;
    s.ap = cost::AP_PER_TURN;
    s.dug.clear();
    s.looted.clear();
    s.phase = Phase::Act;
}

/// Places the hex being placed.
pub fn place(s: &mut State, seat: usize, c: &Command) -> Result<Vec<Event>, RuleError> {
    let (Phase::Place { tile }, Command::Place { at, rot }) = (&s.phase, c) else {
        return Err(err(
            "Place the hex first: 'place C4 r2'.",
            "먼저 지형을 놓으세요: 'place C4 r2'.",
        ));
    };
    let tile = *tile;
    let Some(t) = s.data.tiles.get(tile as usize) else {
        return Err(err("No such hex.", "그런 지형이 없습니다."));
    };
    let volcano = t.kind == Kind::Volcano;
    let rot = match (rot, volcano) {
        (Some(r), false) => *r,
        (None, true) => 0,
        (None, false) => {
            return Err(err(
                format!(
                "Give the turn too, e.g. 'place {at} r0' (r0-r5 = clockwise turns of 60 degrees)."
            ),
                format!("회전도 쓰세요. 예: 'place {at} r0' (r0-r5 = 시계방향 60도 회전 수)."),
            ))
        }
        (Some(_), true) => {
            return Err(err(
                format!("A volcano needs no turn: 'place {at}'."),
                format!("화산은 회전이 필요 없습니다: 'place {at}'."),
            ))
        }
    };
    let Some(space) = s.space_of(*at) else {
        return Err(err(
            format!("{at} is not on the board."),
            format!("{at}은(는) 게임판에 없습니다."),
        ));
    };
    if !can_place(s, tile as usize, space, rot) {
        return Err(err(
            format!("The hex cannot go on {at} turned r{rot}: the space must be empty and next to a placed hex, with a stone on at least one shared edge (volcanoes need none)."),
            format!("{at}에 r{rot}로 놓을 수 없습니다: 빈 칸이어야 하고, 놓인 지형과 이웃하며 맞닿은 모서리 하나 이상에 돌이 있어야 합니다(화산 제외)."),
        ));
    }
    let masks = t.masks;
    // Discs go on from those not yet on a hex (never more than the game has).
    let lying: u32 = s.board.iter().flatten().map(|sp| sp.discs as u32).sum();
    let unplaced = s
        .pool
        .iter()
        .map(|&n| n as u32)
        .sum::<u32>()
        .saturating_sub(lying);
    let discs = (masks as u32).min(unplaced) as u8;
    if let Some(slot) = s.board.get_mut(space) {
        *slot = Some(Spot {
            discs,
            ..Spot::new(&s.data, tile, rot)
        });
    }
    let text = tile_text(s, tile as usize);
    let c = color(seat);
    let mut events = vec![Event::public(Text::new(
        format!(
            "{} places {} at {at}{}.",
            c.en,
            text.en,
            if volcano {
                String::new()
            } else {
                format!(" turned r{rot}")
            }
        ),
        format!(
            "{}: {}을(를) {at}에 놓습니다{}.",
            c.ko,
            text.ko,
            if volcano {
                String::new()
            } else {
                format!(" (r{rot})")
            }
        ),
    ))];
    if discs > 0 {
        events.push(Event::public(Text::new(
            format!("{discs} treasure discs go onto {at}."),
            format!("보물 원판 {discs}개를 {at}에 올립니다."),
        )));
    }
    begin_act(s, seat);
    Ok(events)
}

/// Scores one player now (L474-486): temples he controls or guards, and his treasures.
pub fn score_player(s: &mut State, seat: usize, events: &mut Vec<Event>) {
    let temples = temples_scored(s, seat);
    let temple_points: i32 = temples.iter().map(|&v| v as i32).sum();
    let treasure = s
        .player(seat)
        .map(|p| treasure_points(&p.treasures))
        .unwrap_or(0);
    if let Some(p) = s.people.get_mut(seat) {
        p.score += temple_points + treasure;
    }
    let list = if temples.is_empty() {
        "none".to_string()
    } else {
        temples
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("+")
    };
    let list_ko = if temples.is_empty() {
        "없음".to_string()
    } else {
        list.clone()
    };
    let total = temple_points + treasure;
    let c = color(seat);
    events.push(Event::public(Text::new(
        format!(
            "{} scores {temple_points} for temples ({list}) and {treasure} for treasures: {total}.",
            c.en
        ),
        format!(
            "{}: 신전 {temple_points}점({list_ko}), 보물 {treasure}점: 합계 {total}점.",
            c.ko
        ),
    )));
    s.last_scores.push(ScoreLine {
        seat: seat as u8,
        temples,
        treasure_points: treasure,
    });
}

/// `end`: the turn is over. In a scoring round the player is scored and the
/// round goes on; otherwise play passes on.
pub fn end_turn(s: &mut State, seat: usize) -> Vec<Event> {
    let c = color(seat);
    let mut events = vec![Event::public(Text::new(
        format!("{} ends the turn.", c.en),
        format!("{}: 턴을 마칩니다.", c.ko),
    ))];
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
            format!("공개된 지형을 고르세요: 'take ID' (ID는 {ids} 중 하나)."),
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
