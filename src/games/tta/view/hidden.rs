//! What is hidden from whom: the hidden items the conformance suite looks
//! for in views and events, and the check at every move of whether a move
//! made any of them known, answered from the card ids without the lists.

use super::super::data::{self, CardId};
use super::super::state::{Phase, Player, State};
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
    let mut open = Vec::new();
    visit_open(s, viewer.map(|v| v.0), |c| open.push(name_of(s, c)));
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
/// is missing from `after`'s, from the card ids: most moves change no
/// hidden card, and the lists (a hundred strings, their names searched in
/// the open ones) are built only where a card name could make two items
/// alike.
pub fn revealed<G>(game: &G, before: &State, after: &State, mover: Seat) -> bool
where
    G: crate::engine::Game<State = State>,
{
    let hands = hand_loss(before, after, mover.0);
    if hands == Loss::Certain {
        return true;
    }
    match boxed_loss(before, after, mover.0) {
        Loss::Certain => true,
        Loss::None if hands == Loss::None => false,
        _ => crate::engine::revealed(game, before, after, mover),
    }
}

/// What a move did to one kind of hidden item of the mover's.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Loss {
    /// Every item of the kind listed before is listed after.
    None,
    /// An item listed before is listed no more.
    Certain,
    /// A card name could make an item of another kind alike: the lists
    /// decide.
    Unsure,
}

/// Whether a line of another seat's hands is gone: a card left the hand
/// and no copy there shows the same line. A line is "Seat N ..." and a
/// name listed from the piles could read the same only by starting so.
fn hand_loss(before: &State, after: &State, mover: usize) -> Loss {
    let seats = before.players.iter().zip(&after.players).enumerate();
    for (seat, (b, a)) in seats.filter(|&(seat, _)| seat != mover) {
        let gone =
            gone_line(civil_hand(b), civil_hand(a), |c| hand_item(after, seat, c)).or_else(|| {
                gone_line(
                    b.military_hand.iter().copied(),
                    a.military_hand.iter().copied(),
                    |c| military_hand_item(after, seat, c),
                )
            });
        if let Some(gone) = gone {
            let named_so = piles(after).any(|c| name_of(after, c) == gone);
            return if named_so {
                Loss::Unsure
            } else {
                Loss::Certain
            };
        }
    }
    Loss::None
}

/// The card ids of a seat's civil hand.
fn civil_hand(p: &Player) -> impl Iterator<Item = CardId> + Clone + '_ {
    p.hand.iter().map(|h| h.card)
}

/// The line of a card of one hand `before` that no card of the same hand
/// `after` shows; lines are built only when a card left.
fn gone_line<I>(before: I, after: I, line: impl Fn(CardId) -> String) -> Option<String>
where
    I: Iterator<Item = CardId> + Clone,
{
    let mut left = before
        .filter(|&c| !after.clone().any(|x| x == c))
        .peekable();
    left.peek()?;
    let kept: Vec<String> = after.clone().map(&line).collect();
    left.map(line).find(|l| !kept.contains(l))
}

/// Whether a name listed from the piles (future events, boxed unseen) is
/// gone: its card left the piles, or a name came into the open that
/// contains it and no name open before did.
fn boxed_loss(before: &State, after: &State, mover: usize) -> Loss {
    let cards = before.data.cards.len().max(after.data.cards.len());
    let mut marks = IdSet::new(cards);
    if before.future_events != after.future_events || before.removed != after.removed {
        piles(after).for_each(|c| marks.insert(c));
        if piles(before).any(|c| !marks.contains(c)) {
            // A copy of the same name may stay behind: rare, the lists say.
            return Loss::Unsure;
        }
        marks.clear();
    }
    visit_open(before, Some(mover), |c| marks.insert(c));
    let mut new_names = Vec::new();
    visit_open(after, Some(mover), |c| {
        if !marks.contains(c) {
            new_names.push(name_of(after, c));
        }
    });
    if new_names.is_empty() {
        return Loss::None;
    }
    // Only here are the names open before needed: a name that came into the
    // open may have been open already, through a copy under another id.
    let mut open_before = Vec::new();
    visit_open(before, Some(mover), |c| {
        open_before.push(name_of(before, c))
    });
    new_names.retain(|n| !open_before.contains(n));
    if new_names.is_empty() {
        return Loss::None;
    }
    // Every card of the piles before is in them after: a name listed before
    // and open now is gone, unless it reads like a hand's line.
    let opened = piles(before)
        .map(|c| name_of(before, c))
        .find(|&name| is_open(&new_names, name) && !is_open(&open_before, name));
    match opened {
        None => Loss::None,
        Some(name) if name.starts_with("Seat ") => Loss::Unsure,
        Some(_) => Loss::Certain,
    }
}

/// The face-down cards no seat may see: the future events and the cards
/// boxed unseen.
fn piles(s: &State) -> impl Iterator<Item = CardId> + '_ {
    s.future_events.iter().chain(&s.removed).copied()
}

/// Visits the cards lying open to `viewer` whose names keep a boxed card of the
/// same name off the hidden list: the events past and for scoring, the
/// viewer's own hands (a copy of the same name may lie in the box), the
/// colonies, the military cards played (tactics, pacts, the discard piles,
/// the ones boxed face up, wars declared) and the card on the table.
fn visit_open(s: &State, viewer: Option<usize>, mut visit: impl FnMut(CardId)) {
    let own = viewer.and_then(|v| s.players.get(v));
    let own_military = own.map(|p| p.military_hand.as_slice()).unwrap_or_default();
    let piles = [&s.past_events, &s.scoring_events, &s.military_boxed_open];
    let piles = piles.into_iter().map(Vec::as_slice).chain([own_military]);
    for &c in piles
        .chain(s.military_discards.iter().map(Vec::as_slice))
        .flatten()
    {
        visit(c);
    }
    for h in own.map(|p| p.hand.as_slice()).unwrap_or_default() {
        visit(h.card);
    }
    for p in &s.players {
        p.colonies.iter().chain(&p.tactic).for_each(|&c| visit(c));
        p.pacts.iter().for_each(|x| visit(x.card));
    }
    s.wars.iter().for_each(|w| visit(w.card));
    match &s.phase {
        Phase::Auction { territory, .. } | Phase::Colonize { territory, .. } => visit(*territory),
        Phase::Aggression(c)
        | Phase::Spoils { clash: c, .. }
        | Phase::War(c)
        | Phase::WarLoss { clash: c, .. } => visit(c.card),
        Phase::PactOffer { card, .. } => visit(*card),
        _ => {}
    }
}

/// A name inside an open one ("Raid" in "Raiders") is not hidden.
fn is_open(open: &[&str], name: &str) -> bool {
    // The length first: most names are longer than most open ones, and a
    // search is costly to set up.
    open.iter()
        .any(|o| o.len() >= name.len() && o.contains(name))
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

/// The start of the English of `view::hand_line` (the owner's price to
/// develop the card follows it there), which `hidden_items` lists for
/// every card in another seat's hand: any leak of the line contains it.
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
mod tests {
    // The hidden items and the reveal check against references over whole
    // random games: the former `hidden_items`, `hand_item` and
    // `military_hand_item` (as they were before this module), and the
    // engine's comparison of the lists.

    use super::super::super::{state::Phase, state::State, ThroughTheAges};
    use crate::engine::{Game, Options, Rng, Seat};

    /// The former `hidden_items`, kept as the reference the lists must equal.
    fn reference_items(s: &State, viewer: Option<Seat>) -> Vec<String> {
        use super::super::super::data;
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
        // Face-down cards no seat may see: the future events and the cards
        // boxed unseen at setup, unless a copy of the same name lies open.
        // The viewer's own hands show their names too (a copy of the same
        // name may lie in the box).
        let own = viewer.and_then(|v| s.players.get(v.0));
        let name_of = |c: data::CardId| s.data.card(c).map(|c| c.name()).unwrap_or("?");
        let open: Vec<&str> = s
            .past_events
            .iter()
            .chain(&s.scoring_events)
            .chain(own.map(|p| p.military_hand.as_slice()).unwrap_or_default())
            .chain(own.into_iter().flat_map(|p| p.hand.iter().map(|h| &h.card)))
            .chain(s.players.iter().flat_map(|p| p.colonies.iter()))
            // Played military cards are open: tactics and pacts in play, the
            // aggression on the table, the discard piles (a played aggression
            // lies there once resolved).
            .chain(s.players.iter().flat_map(|p| p.tactic.iter()))
            .chain(
                s.players
                    .iter()
                    .flat_map(|p| p.pacts.iter().map(|x| &x.card)),
            )
            .chain(s.military_discards.iter().flatten())
            .chain(s.military_boxed_open.iter())
            // Wars declared lie open before their declarers.
            .chain(s.wars.iter().map(|w| &w.card))
            .chain(match &s.phase {
                Phase::Auction { territory, .. } | Phase::Colonize { territory, .. } => {
                    Some(territory)
                }
                Phase::Aggression(c)
                | Phase::Spoils { clash: c, .. }
                | Phase::War(c)
                | Phase::WarLoss { clash: c, .. } => Some(&c.card),
                Phase::PactOffer { card, .. } => Some(card),
                _ => None,
            })
            .map(|&c| name_of(c))
            .collect();
        // Every open name on one line, so that "inside some open name" is one
        // search (names hold no line break; one that did, or an empty one, is
        // searched name by name).
        // This runs twice per move (`revealed`), over every boxed card.
        // Copies of one name (played cards pile up) are searched once.
        let mut open = open;
        open.sort_unstable();
        open.dedup();
        let open_line = open.join("\n");
        // What each card's name was found to be, by card (no hashing: this
        // loop is the hot part of every move).
        let mut seen: Vec<Option<bool>> = vec![None; s.data.cards.len()];
        for &card in s.future_events.iter().chain(&s.removed) {
            let name = name_of(card);
            // A name inside an open one ("Raid" in "Raiders") is left out.
            let known = seen.get(usize::from(card)).copied().flatten();
            let is_open = known.unwrap_or_else(|| {
                let found = if name.is_empty() || name.contains('\n') {
                    open.iter().any(|o| o.contains(name))
                } else {
                    open_line.contains(name)
                };
                if let Some(slot) = seen.get_mut(usize::from(card)) {
                    *slot = Some(found);
                }
                found
            });
            if !is_open {
                out.push(name.to_string());
            }
        }
        out
    }

    /// The former `hand_item`.
    fn hand_item(s: &State, seat: usize, card: super::super::super::data::CardId) -> String {
        let c = s.data.card(card);
        let name = c.map(|c| c.name()).unwrap_or("?");
        let (kind, age) = c
            .map(|c| (c.kind.word(), super::super::super::data::age_name(c.age)))
            .unwrap_or(("?", "?"));
        let word = c.map(|c| &*c.token).unwrap_or_default();
        let mut line = String::with_capacity(64 + name.len());
        line.push_str("Seat ");
        push_seat_number(&mut line, seat);
        for part in [" hand: ", name, " (", kind, ", Age ", age] {
            line.push_str(part);
        }
        for part in ["; command word ", word, ")"] {
            line.push_str(part);
        }
        line
    }

    /// The former `military_hand_item`.
    fn military_hand_item(
        s: &State,
        seat: usize,
        card: super::super::super::data::CardId,
    ) -> String {
        let c = s.data.card(card);
        let name = c.map(|c| c.name()).unwrap_or("?");
        let (kind, age) = c.map(|c| (c.kind.word(), c.age)).unwrap_or(("?", 0));
        let word = c.map(|c| &*c.token).unwrap_or_default();
        let effect = c.and_then(|c| c.raw.effect.as_deref()).unwrap_or_default();
        let mut line = String::with_capacity(80 + name.len() + effect.len());
        line.push_str("Seat ");
        push_seat_number(&mut line, seat);
        for part in [" military hand: ", name, " (", kind, ", Age "] {
            line.push_str(part);
        }
        for part in [
            super::super::super::data::age_name(age),
            "; command word ",
            word,
            ") ",
            effect,
        ] {
            line.push_str(part);
        }
        line
    }

    /// The former digit of a seat.
    fn push_seat_number(line: &mut String, seat: usize) {
        match char::from_digit((seat + 1) as u32, 10) {
            Some(d) if seat < 9 => line.push(d),
            _ => line.push_str(&(seat + 1).to_string()),
        }
    }

    /// Plays random games of `options` and checks, at every state, the lists
    /// for every viewer against the reference and, at every move, the reveal
    /// check against the lists; returns how many moves revealed.
    fn check_games(options: &[&str], players: usize, seeds: std::ops::Range<u64>) -> usize {
        let game = ThroughTheAges;
        let options = Options::parse_pairs(options).expect("options");
        let mut revealing = 0;
        for seed in seeds {
            let mut s = game.setup(players, &options, seed).expect("setup");
            let mut rng = Rng::new(seed);
            while s.phase != Phase::Over {
                for viewer in std::iter::once(None).chain((0..players).map(|p| Some(Seat(p)))) {
                    assert_eq!(
                        super::hidden_items(&s, viewer),
                        reference_items(&s, viewer),
                        "seed {seed}, round {}, viewer {viewer:?}",
                        s.round
                    );
                }
                let seat = *rng.pick(&game.to_act(&s)).expect("a seat to act");
                let cmd = rng
                    .pick(&game.legal(&s, seat))
                    .expect("a legal command")
                    .clone();
                let mut next = s.clone();
                game.apply(&mut next, seat, &cmd)
                    .expect("a legal command applies");
                let by_items = crate::engine::revealed(&game, &s, &next, seat);
                assert_eq!(
                    game.revealed(&s, &next, seat),
                    by_items,
                    "seed {seed}: '{cmd}' by {seat}"
                );
                revealing += usize::from(by_items);
                s = next;
            }
        }
        revealing
    }

    #[test]
    fn introductory_lists_and_reveals_agree_with_the_references() {
        check_games(&["mode=intro"], 3, 1..4);
    }

    #[test]
    fn advanced_lists_and_reveals_agree_with_the_references() {
        assert!(check_games(&["mode=advanced"], 4, 1..4) > 0);
        assert!(check_games(&["mode=advanced"], 2, 7..9) > 0);
    }

    #[test]
    fn full_lists_and_reveals_agree_with_the_references() {
        assert!(check_games(&["mode=full", "resign=off"], 4, 1..4) > 0);
        assert!(check_games(&["mode=full"], 3, 1..6) > 0);
    }
}
