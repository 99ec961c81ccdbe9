//! Scenario builders for tests: positions described in the rulebook's words
//! ("blue has 3 workers on D6", "the temple there shows 8", "red is about to
//! place J03"), built in one place instead of field writes in the tests.

use super::state::{LeaderAt, Phase, Spot, State};

/// The board space named `name` (`C4`).
pub fn space(s: &State, name: &str) -> usize {
    s.data
        .board
        .find(name)
        .unwrap_or_else(|| panic!("no space {name}"))
}

/// The index of the hex `id` (`T05`) in the tile table.
pub fn tile(s: &State, id: &str) -> u8 {
    s.data
        .tiles
        .iter()
        .position(|t| t.id == id)
        .unwrap_or_else(|| panic!("no hex {id}")) as u8
}

/// Takes hex `id` out of the stack or display and lays it on `at`, turned `rot`.
pub fn put_hex(s: &mut State, at: &str, id: &str, rot: u8) {
    let t = tile(s, id);
    s.stack.retain(|&x| x != t);
    s.display.retain(|&x| x != t);
    let spot = Spot::new(&s.data, t, rot);
    let i = space(s, at);
    s.board[i] = Some(spot);
}

/// Puts `workers` of `seat`'s workers (and the leader) from the supply onto the hex at `at`.
pub fn add_members(s: &mut State, at: &str, seat: usize, workers: u8, leader: bool) {
    let i = space(s, at);
    let spot = s.board[i].as_mut().expect("a hex on that space");
    spot.workers[seat] += workers;
    s.people[seat].workers_supply -= workers;
    if leader {
        spot.leader[seat] = true;
        s.people[seat].leader = LeaderAt::Board;
    }
}

/// Makes it `seat`'s action phase with 10 AP (the drawn hex goes back on the stack).
pub fn acting(s: &mut State, seat: usize) {
    if let Phase::Place { tile } = s.phase {
        s.stack.push(tile);
    }
    s.phase = Phase::Act;
    s.active = seat as u8;
    s.ap = 10;
    s.dug.clear();
    s.looted.clear();
}

/// The player to act holds hex `id` to place (the drawn hex goes back on the stack).
pub fn holding_hex(s: &mut State, id: &str) -> u8 {
    let t = tile(s, id);
    s.stack.retain(|&x| x != t);
    if let Phase::Place { tile } = s.phase {
        s.stack.push(tile);
    }
    s.phase = Phase::Place { tile: t };
    t
}

/// Moves hex `id` to the top of the stack: the next one drawn.
pub fn next_hex(s: &mut State, id: &str) {
    let t = tile(s, id);
    s.stack.retain(|&x| x != t);
    s.stack.push(t);
}

/// Auction: hex `id` is shown in display slot `slot`; the hex it replaces goes under the stack.
pub fn show_hex(s: &mut State, slot: usize, id: &str) {
    let t = tile(s, id);
    s.stack.retain(|&x| x != t);
    let shown = s.display[slot];
    s.display[slot] = t;
    s.stack.insert(0, shown);
}

/// The temple at `at` shows `value` (uncovered that far).
pub fn temple_value(s: &mut State, at: &str, value: u8) {
    let i = space(s, at);
    s.board[i].as_mut().expect("a hex on that space").value = value;
}

/// No square temple tile of `value` is left.
pub fn no_temple_tiles(s: &mut State, value: usize) {
    s.temple_tiles[value] = 0;
}

/// `seat` holds `treasures` (discs by kind K1..K8), taken from those nobody has seen.
pub fn give_treasures(s: &mut State, seat: usize, treasures: [u8; 8]) {
    for (k, n) in treasures.iter().enumerate() {
        let had = s.people[seat].treasures[k];
        s.pool[k] = (s.pool[k] + had).saturating_sub(*n);
    }
    s.people[seat].treasures = treasures;
}

/// `seat` holds `treasures` and the discs nobody has seen stay as they are.
pub fn treasures_held(s: &mut State, seat: usize, treasures: [u8; 8]) {
    s.people[seat].treasures = treasures;
}

/// Every hex is out of the stack and display (those not on the board set
/// aside); `placer` placed the last one.
pub fn last_hex_down(s: &mut State, placer: usize) {
    s.display.clear();
    s.stack.clear();
    s.set_aside = s
        .data
        .stack_tiles(false)
        .into_iter()
        .map(|t| t as u8)
        .filter(|t| !s.board.iter().flatten().any(|x| x.tile == *t))
        .collect();
    s.last_placer = placer as u8;
}

/// Auction version: no auction running and every turn indicator down.
pub fn auctions_done(s: &mut State) {
    s.auction = None;
    for p in &mut s.people {
        p.indicator_up = false;
    }
}

/// `seat` has `score` points.
pub fn score(s: &mut State, seat: usize, score: i32) {
    s.people[seat].score = score;
}
