//! What wars allow (full game, seed L2968-3047): the seats a war card may
//! be declared on, the units each side may send when it is resolved, and
//! the loser's ways to pay where the card leaves a choice.

use super::{payments, red_left, splits, stock};
use crate::games::tta::command::{named, Command};
use crate::games::tta::data::{Card, CardId, Kind, WarSpoil};
use crate::games::tta::scoring;
use crate::games::tta::state::{Clash, Mode, Player, State};

/// A war card declared on each seat it may hit now: the full game, not in
/// the last round (a war declared then could never be resolved,
/// L3120-3123), the card's military actions left, a seat still playing,
/// no pact between the two that forbids attacks, nobody holding side B of
/// Loss of Sovereignty, and no war of the same declarer on it pending.
pub(super) fn declarations(
    s: &State,
    (seat, p): (usize, &Player),
    id: CardId,
    c: &Card,
) -> Vec<Command> {
    let cost = u8::try_from(c.raw.red_cost).unwrap_or(u8::MAX);
    if s.rules.mode != Mode::Full || s.last_round || c.raw.war.is_none() || red_left(s, seat) < cost
    {
        return Vec::new();
    }
    let at_peace = |t: usize| scoring::pact_with(&s.data, p, t, |c| c.no_attack);
    let pending = |t: usize| s.wars.iter().any(|w| w.declarer == seat && w.target == t);
    (0..s.players.len())
        .filter(|&t| t != seat && !at_peace(t) && !pending(t))
        .filter(|&t| {
            s.players
                .get(t)
                .is_some_and(|x| !x.resigned && !sovereignty_lost(s, x))
        })
        .filter_map(|t| u8::try_from(t + 1).ok())
        .map(|t| Command::War(named(&s.data, id), t))
        .collect()
}

/// Whether a civilization holds side B of a pact that forbids wars on it
/// (Loss of Sovereignty: "nobody can declare war on B").
pub fn sovereignty_lost(s: &State, p: &Player) -> bool {
    p.pacts
        .iter()
        .any(|x| !x.a && s.data.card(x.card).is_some_and(|c| c.raw.no_war_on_b))
}

/// The units a side of a war may send: the declarer first, then its
/// opponent; no defence cards in a war (L2990-2996).
pub(super) fn war_answers(s: &State, seat: usize, c: &Clash) -> Vec<Command> {
    let declarer = c.defence.is_none();
    if seat != if declarer { c.attacker } else { c.target } {
        return Vec::new();
    }
    let mut out = payments(s, seat, false);
    out.push(Command::NoSacrifice);
    out
}

/// The loser's ways to pay `owed`: War over Resources, the splits of food
/// and resources; War over Technology, a special technology the winner
/// can take, or the rest in science.
pub(super) fn war_losses(
    s: &State,
    seat: usize,
    c: &Clash,
    winner: usize,
    owed: i32,
) -> Vec<Command> {
    match s.data.card(c.card).and_then(|x| x.raw.war) {
        Some(WarSpoil::FoodAndResources) => splits(s, seat, -owed),
        Some(WarSpoil::Science) => {
            let mut out: Vec<Command> = gifts(s, winner, seat, owed)
                .into_iter()
                .map(|x| Command::Give(named(&s.data, x)))
                .collect();
            out.push(Command::GiveScience);
            out
        }
        _ => Vec::new(),
    }
}

/// The loser's special technologies the winner may take instead of
/// science (War over Technology): at most `owed` in science cost, and the
/// winner has no special technology of that family as good or better.
pub fn gifts(s: &State, winner: usize, loser: usize, owed: i32) -> Vec<CardId> {
    let (Some(w), Some(l)) = (s.players.get(winner), s.players.get(loser)) else {
        return Vec::new();
    };
    let better = |c: &Card| {
        w.specials
            .iter()
            .filter_map(|&x| s.data.card(x))
            .any(|x| x.kind == c.kind && x.age >= c.age)
    };
    l.specials
        .iter()
        .copied()
        .filter(|&x| {
            s.data.card(x).is_some_and(|c| {
                matches!(c.kind, Kind::Special(_)) && c.raw.science_cost <= owed && !better(c)
            })
        })
        .collect()
}

/// Food and resources a civilization holds, in all (what War over
/// Resources can take).
pub fn food_and_resources(s: &State, p: &Player) -> i32 {
    stock(&s.data, p, true) + stock(&s.data, p, false)
}
