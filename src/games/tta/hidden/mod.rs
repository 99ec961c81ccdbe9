//! What is hidden from whom: the hidden items the conformance suite looks
//! for in views and events, and the check at every move of whether a move
//! made any of them known, answered from the card ids without the lists.

use super::data::{self, CardId};
use super::state::{Phase, State};
use crate::engine::Seat;

/// Every hidden item of `s` for `viewer` (`Game::hidden_items`): the lines
/// of another seat's hands, and the names of the future events and of the
/// cards boxed unseen that no open card's name contains.
pub fn hidden_items(s: &State, viewer: Option<Seat>) -> Vec<String> {
    let mut out = Vec::new();
    for (seat, p) in s.players.iter().enumerate() {
        if viewer == Some(Seat(seat)) {
            continue;
        }
        for h in &p.hand {
            out.push(hand_item(s, seat, h.card));
        }
        for &card in &p.military_hand {
            out.push(military_hand_item(s, seat, card));
        }
    }
    let mut open: Vec<&str> = open_cards(s, viewer.map(|v| v.0))
        .map(|c| name_of(s, c))
        .collect();
    // Copies of one name (played cards pile up) are searched once.
    open.sort_unstable();
    open.dedup();
    for card in piles(s) {
        let name = name_of(s, card);
        if !is_open(&open, name) {
            out.push(name.to_string());
        }
    }
    out
}

/// `Game::revealed`: whether an item of `before`'s hidden list for `mover`
/// is missing from `after`'s. Most moves change no hidden card, and the
/// lists (a hundred strings, their names searched in the open ones) are
/// not built then; where a card may have come to light, the lists decide.
pub fn revealed<G>(game: &G, before: &State, after: &State, mover: Seat) -> bool
where
    G: crate::engine::Game<State = State>,
{
    let maybe = hand_left(before, after, mover.0) || boxed_name_opened(before, after, mover.0);
    maybe && crate::engine::revealed(game, before, after, mover)
}

/// Whether a card left another seat's hand between `before` and `after`
/// (one still there keeps its line: the line is the seat and the card).
fn hand_left(before: &State, after: &State, mover: usize) -> bool {
    let seats = before.players.iter().zip(&after.players).enumerate();
    seats.filter(|&(seat, _)| seat != mover).any(|(_, (b, a))| {
        let civil_left = b
            .hand
            .iter()
            .any(|h| !a.hand.iter().any(|x| x.card == h.card));
        let military_left = b.military_hand != a.military_hand
            && b.military_hand.iter().any(|c| !a.military_hand.contains(c));
        civil_left || military_left
    })
}

/// Whether a boxed or future card hidden from `mover` before may be known
/// after: it left those piles, or a name came into the open that contains
/// one of theirs and no name open before did. `false` is exact: every name
/// listed before is listed after.
fn boxed_name_opened(before: &State, after: &State, mover: usize) -> bool {
    let cards = before.data.cards.len().max(after.data.cards.len());
    let mut marks = IdSet::new(cards);
    if piles(before).ne(piles(after)) {
        piles(after).for_each(|c| marks.insert(c));
        if piles(before).any(|c| !marks.contains(c)) {
            return true;
        }
        marks.clear();
    }
    open_cards(before, Some(mover)).for_each(|c| marks.insert(c));
    let came_open = open_cards(after, Some(mover)).filter(|&c| !marks.contains(c));
    let mut new_names = came_open.map(|c| name_of(after, c)).peekable();
    if new_names.peek().is_none() {
        return false;
    }
    // Only here are the names open before needed: a name that came into the
    // open may have been open already, through a copy under another id.
    let open_before: Vec<&str> = open_cards(before, Some(mover))
        .map(|c| name_of(before, c))
        .collect();
    let fresh: Vec<&str> = new_names.filter(|n| !open_before.contains(n)).collect();
    piles(after).any(|c| {
        let name = name_of(after, c);
        is_open(&fresh, name) && !is_open(&open_before, name)
    })
}

/// The face-down cards no seat may see: the future events and the cards
/// boxed unseen.
fn piles(s: &State) -> impl Iterator<Item = CardId> + '_ {
    s.future_events.iter().chain(&s.removed).copied()
}

/// The cards lying open to `viewer` whose names keep a boxed card of the
/// same name off the hidden list: the events past and for scoring, the
/// viewer's own hands (a copy of the same name may lie in the box), the
/// colonies, the military cards played (tactics, pacts, the discard piles,
/// the ones boxed face up, wars declared) and the card on the table.
fn open_cards(s: &State, viewer: Option<usize>) -> impl Iterator<Item = CardId> + '_ {
    let own = viewer.and_then(|v| s.players.get(v));
    let on_table = match &s.phase {
        Phase::Auction { territory, .. } | Phase::Colonize { territory, .. } => Some(territory),
        Phase::Aggression(c)
        | Phase::Spoils { clash: c, .. }
        | Phase::War(c)
        | Phase::WarLoss { clash: c, .. } => Some(&c.card),
        Phase::PactOffer { card, .. } => Some(card),
        _ => None,
    };
    s.past_events
        .iter()
        .chain(&s.scoring_events)
        .chain(own.map(|p| p.military_hand.as_slice()).unwrap_or_default())
        .chain(own.into_iter().flat_map(|p| p.hand.iter().map(|h| &h.card)))
        .chain(s.players.iter().flat_map(|p| p.colonies.iter()))
        .chain(s.players.iter().flat_map(|p| p.tactic.iter()))
        .chain(
            s.players
                .iter()
                .flat_map(|p| p.pacts.iter().map(|x| &x.card)),
        )
        .chain(s.military_discards.iter().flatten())
        .chain(s.military_boxed_open.iter())
        .chain(s.wars.iter().map(|w| &w.card))
        .chain(on_table)
        .copied()
}

/// A name inside an open one ("Raid" in "Raiders") is not hidden.
fn is_open(open: &[&str], name: &str) -> bool {
    open.iter().any(|o| o.contains(name))
}

fn name_of(s: &State, card: CardId) -> &str {
    s.data.card(card).map(|c| c.name()).unwrap_or("?")
}

/// A set of card ids as bits (no hashing: it runs at every move).
struct IdSet(Vec<u64>);

impl IdSet {
    /// Room for the ids below `cards`; a larger id is kept too.
    fn new(cards: usize) -> IdSet {
        IdSet(vec![0; cards / 64 + 1])
    }

    fn insert(&mut self, card: CardId) {
        let (word, bit) = (usize::from(card) / 64, card % 64);
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << bit;
    }

    fn contains(&self, card: CardId) -> bool {
        let (word, bit) = (usize::from(card) / 64, card % 64);
        self.0.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// The English of `view::hand_line`, which `hidden_items` lists for every
/// card in another seat's hand (the view's line is built on it).
pub fn hand_item(s: &State, seat: usize, card: CardId) -> String {
    let c = s.data.card(card);
    let name = c.map(|c| c.name()).unwrap_or("?");
    let (kind, age) = c
        .map(|c| (c.kind.word(), data::age_name(c.age)))
        .unwrap_or(("?", "?"));
    let word = c.map(|c| &*c.token).unwrap_or_default();
    format!(
        "Seat {} hand: {name} ({kind}, Age {age}; command word {word})",
        seat + 1
    )
}

/// The English of `view::military_hand_line`, as [`hand_item`] is of the
/// civil hand's line.
pub fn military_hand_item(s: &State, seat: usize, card: CardId) -> String {
    let c = s.data.card(card);
    let name = c.map(|c| c.name()).unwrap_or("?");
    let (kind, age) = c.map(|c| (c.kind.word(), c.age)).unwrap_or(("?", 0));
    let word = c.map(|c| &*c.token).unwrap_or_default();
    let effect = c.and_then(|c| c.raw.effect.as_deref()).unwrap_or_default();
    format!(
        "Seat {} military hand: {name} ({kind}, Age {}; command word {word}) {effect}",
        seat + 1,
        data::age_name(age)
    )
}

#[cfg(test)]
mod tests;
