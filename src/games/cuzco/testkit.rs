//! Scenario builders for tests: positions described in the rulebook's words ("villages on
//! E6 E7 E8", "seat 2's Inca on K6", "a 4-temple on I4", "c16 lies face up", "it is seat 1's
//! turn with 6 AP"), built in one place instead of field writes in the tests.

use super::data::Terrain;
use super::state::{Cover, Phase, State, Turn};

/// The cell named `name` (`E7`, any case).
pub fn cell(s: &State, name: &str) -> u16 {
    *s.data
        .board
        .by_name
        .get(&name.to_lowercase())
        .unwrap_or_else(|| panic!("no cell {name}"))
}

/// It is `seat`'s turn with `ap` AP, nothing done yet but, if `placed`, the first tile.
pub fn turn(s: &mut State, seat: u8, ap: u8, placed: bool) {
    s.phase = Phase::Turn(Turn {
        seat,
        ap,
        token_used: false,
        drawn: 0,
        changed: vec![],
        placed,
        final_turn: false,
        jammed: false,
    });
}

/// A one-space tile of terrain `t` lies on `name` at `height` (a fresh tile on top).
pub fn lay(s: &mut State, name: &str, t: Terrain, height: u8) {
    let c = usize::from(cell(s, name));
    s.tiles_placed += 1;
    let serial = s.tiles_placed;
    let sp = &mut s.spaces[c];
    sp.cover = Cover::Tile(t);
    sp.height = height;
    sp.top = serial;
    sp.top_size = 1;
}

/// Village spaces at level 1 on every space named.
pub fn villages(s: &mut State, names: &[&str]) {
    for n in names {
        lay(s, n, Terrain::Village, 1);
    }
}

/// Farm spaces at level 1 on every space named.
pub fn farms(s: &mut State, names: &[&str]) {
    for n in names {
        lay(s, n, Terrain::Farm, 1);
    }
}

/// One of `seat`'s Incas from off the board stands on `name`.
pub fn inca(s: &mut State, name: &str, seat: usize) {
    let c = usize::from(cell(s, name));
    s.spaces[c].inca = Some(seat as u8);
    s.players[seat].incas_off -= 1;
}

/// The Inca on `name` goes back off the board to its owner.
pub fn remove_inca(s: &mut State, name: &str) {
    let c = usize::from(cell(s, name));
    let seat = s.spaces[c].inca.take().expect("an Inca on that space");
    s.players[usize::from(seat)].incas_off += 1;
}

/// A temple of `value` stands on `name`, built as a stack (its markers leave the supply).
pub fn temple(s: &mut State, name: &str, value: u8) {
    let c = usize::from(cell(s, name));
    s.spaces[c].temple = value;
    for (i, m) in s.data.components.marker.clone().iter().enumerate() {
        if m.value <= value {
            s.markers[i] -= 1;
        }
    }
}

/// The temple on `name` is gone, its stack of markers back in the supply.
pub fn remove_temple(s: &mut State, name: &str) {
    let c = usize::from(cell(s, name));
    let value = std::mem::take(&mut s.spaces[c].temple);
    for (i, m) in s.data.components.marker.clone().iter().enumerate() {
        if m.value <= value {
            s.markers[i] += 1;
        }
    }
}

/// The temple on `name` has a sun marker (a festival was held there).
pub fn sun(s: &mut State, name: &str) {
    let c = usize::from(cell(s, name));
    s.spaces[c].sun = true;
}

/// No temple marker of `value` is left in the supply.
pub fn no_markers(s: &mut State, value: u8) {
    let i = s.data.marker_index(value).expect("a marker value");
    s.markers[i] = 0;
}

/// `n` 3-space tiles are left in the common supply.
pub fn common_tiles(s: &mut State, n: u8) {
    s.common_tiles = n;
}

/// `n` sun markers are left.
pub fn suns_left(s: &mut State, n: u8) {
    s.suns_left = n;
}

/// Card `card` (an index) is in `seat`'s hand, taken from wherever it was.
pub fn give(s: &mut State, seat: usize, card: u8) {
    s.deck.retain(|&c| c != card);
    s.discard.retain(|&c| c != card);
    for p in &mut s.players {
        p.hand.retain(|&c| c != card);
    }
    s.players[seat].hand.push(card);
    s.players[seat].hand.sort();
}

/// Card `card` is the only discard (face up); every hand and discard went back into the deck.
pub fn face_up(s: &mut State, card: u8) {
    let discards = std::mem::take(&mut s.discard);
    s.deck.extend(discards);
    for p in &mut s.players {
        let hand = std::mem::take(&mut p.hand);
        s.deck.extend(hand);
    }
    s.deck.retain(|&c| c != card);
    s.discard.retain(|&c| c != card);
    s.discard.push(card);
}

/// The deck is empty: all its cards lie in the discard pile under the face-up card.
pub fn deck_under_face_up(s: &mut State) {
    let deck = std::mem::take(&mut s.deck);
    s.discard.splice(0..0, deck);
}

/// Every space of the region is covered by a lake, so that no tile fits anywhere (the lake
/// supply is not counted down: a jammed board, not a position of play).
pub fn flood_region(s: &mut State) {
    for c in 0..s.spaces.len() {
        if s.data.board.cells[c].in_region() {
            s.spaces[c].cover = Cover::Lake;
        }
    }
}
