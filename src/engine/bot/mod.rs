//! Bots over the engine contract, for every game: three levels (`random`,
//! `greedy`, `ismcts`) that read a state only through what a seat may see,
//! by the game's `Game::determinize`, and judge positions by its
//! `Game::evaluate`. They play on the lean path (typed commands, in place,
//! no events); the service and `quipu arena` reach them through
//! `Table::bot_command`.

mod greedy;
mod ismcts;
mod random;

use super::{Game, Outcome, Rng, Seat};
use std::time::Duration;

pub use ismcts::Budget;

/// Commands of one decision after which a bot stops searching and plays the
/// rules' default (`end`, `pass`): some games allow moves that cost nothing
/// (Cuzco's Incas walk freely within one terrain, Tawantinsuyu trades), and
/// a search that sees a loss at the end would walk them for ever. The
/// service's bot seats and the arena both stop here.
pub const STALL_AFTER: usize = 40;

/// How strongly a bot plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// The best immediate move by the game's evaluation.
    Greedy,
    /// Information-set Monte Carlo tree search within a budget.
    Ismcts(Budget),
}

impl Level {
    /// The standard level: what `timeout=bot` and a `bot` seat play, and
    /// what `quipu arena` measures. About 2 s of one core, and never more
    /// than 400 iterations: on an idle machine most decisions stop at the
    /// cap, so a position and a seed give the same move on any machine.
    pub fn standard() -> Level {
        Level::Ismcts(Budget::time(Duration::from_millis(2000), 400))
    }

    /// `bot:hard`: three times the time, four times the iterations.
    pub fn hard() -> Level {
        Level::Ismcts(Budget::time(Duration::from_millis(6000), 1600))
    }

    /// A level by its name in commands and in `quipu arena`: `random`,
    /// `greedy` (also `easy`), `ismcts` (also `standard`, `bot`), `hard`.
    pub fn named(name: &str) -> Option<Level> {
        match name.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Level::Random),
            "greedy" | "easy" => Some(Level::Greedy),
            "ismcts" | "standard" | "bot" => Some(Level::standard()),
            "hard" => Some(Level::hard()),
            _ => None,
        }
    }

    /// The same level with its search bounded by `budget` instead.
    pub fn with_budget(self, budget: Budget) -> Level {
        match self {
            Level::Ismcts(_) => Level::Ismcts(budget),
            other => other,
        }
    }
}

/// Who decides at a table of how many seats.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At {
    pub seats: usize,
    pub seat: Seat,
}

/// The command `seat` of `seats` plays now at `level`, deterministic given `seed`
/// (and, for a time budget, the machine's speed); `None` when the seat may
/// not act.
pub fn choose<G: Game + ?Sized>(
    game: &G,
    state: &G::State,
    seats: usize,
    seat: Seat,
    level: Level,
    seed: u64,
) -> Option<G::Command> {
    let mut rng = Rng::new(seed);
    let at = At { seats, seat };
    match level {
        Level::Random => random::choose(game, state, seat, &mut rng),
        Level::Greedy => greedy::choose(game, state, at, &mut rng),
        Level::Ismcts(budget) => ismcts::choose(game, state, at, budget, &mut rng),
    }
}

/// How much each seat likes where a game stands, in 0..=1 (max^n rewards):
/// at the end, a share of the win (ties split) and a little for the margin;
/// before it, the margin over the best other seat by the game's evaluation,
/// squashed.
pub(crate) fn rewards<G: Game + ?Sized>(game: &G, state: &G::State, seats: usize) -> Vec<f64> {
    if let Some(outcome) = game.outcome(state) {
        return final_rewards(&outcome, seats);
    }
    let values = game.evaluate(state);
    margins(&values, seats)
        .into_iter()
        .map(|m| 0.5 + 0.5 * (m / MARGIN_SCALE).tanh())
        .collect()
}

/// Points of margin that make a position clearly better (tanh's scale).
const MARGIN_SCALE: f64 = 10.0;

fn final_rewards(outcome: &Outcome, seats: usize) -> Vec<f64> {
    let winners = outcome.ranks.iter().filter(|&&r| r == 1).count().max(1);
    let margins = margins(&outcome.scores, seats);
    (0..seats)
        .map(|i| {
            let win = if outcome.ranks.get(i) == Some(&1) {
                1.0 / winners as f64
            } else {
                0.0
            };
            let margin = margins.get(i).copied().unwrap_or(0.0);
            0.9 * win + 0.1 * (0.5 + 0.5 * (margin / MARGIN_SCALE).tanh())
        })
        .collect()
}

/// Each seat's value less the best value of the others. A game may value
/// more sides than it has seats (Tawantinsuyu's solo opponent, Axomama,
/// comes after the seat): they count as others, or a solo seat's margin would
/// be its raw score, which the squash flattens past a few points and leaves
/// the search blind. Its own value only when nothing else is valued.
fn margins(values: &[f64], seats: usize) -> Vec<f64> {
    (0..seats)
        .map(|i| {
            let mine = values.get(i).copied().unwrap_or(0.0);
            let best_other = (0..seats.max(values.len()))
                .filter(|&j| j != i)
                .map(|j| values.get(j).copied().unwrap_or(0.0))
                .fold(f64::NEG_INFINITY, f64::max);
            if best_other.is_finite() {
                mine - best_other
            } else {
                mine
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::margins;

    #[test]
    fn a_solo_seat_is_measured_against_the_side_valued_after_it() {
        // One seat, its automated opponent valued second: the margin is the
        // difference, so 100 against 90 is better than 100 against 120.
        assert_eq!(margins(&[100.0, 90.0], 1), vec![10.0]);
        assert_eq!(margins(&[100.0, 120.0], 1), vec![-20.0]);
        // Alone with nothing else valued, the seat's own value.
        assert_eq!(margins(&[42.0], 1), vec![42.0]);
        // At a table, each against the best of the others.
        assert_eq!(margins(&[5.0, 9.0, 7.0], 3), vec![-4.0, 2.0, -2.0]);
    }
}
