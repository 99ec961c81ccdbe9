//! The `ismcts` level: single-observer information-set Monte Carlo tree
//! search (Cowling, Powley and Whitehouse 2012). Each iteration samples a
//! world consistent with what the seat sees (`Game::determinize`), walks
//! the tree choosing among the moves legal in that world by UCB on the
//! mover's own reward (max^n: every seat maximises its own share), with
//! availability counts in place of the parent's visits, adds one node,
//! plays random moves for at most `rollout` more and scores the end by the
//! game's evaluation.

use super::{rewards, At};
use crate::engine::{Game, Rng, Seat};
use std::time::{Duration, Instant};

/// How much search one decision may use: at most `iterations`, and at most
/// `time` when set (an iteration budget alone makes a decision repeatable).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub time: Option<Duration>,
    /// Random moves played past the tree before the evaluation judges.
    pub rollout: u32,
}

/// Random moves past the tree, by default.
const ROLLOUT: u32 = 10;
/// UCB's exploration constant, for rewards in 0..=1.
const EXPLORE: f64 = 0.7;

impl Budget {
    /// A budget of `n` iterations and no clock: the same decision on every
    /// machine for the same seed.
    pub fn iterations(n: u32) -> Budget {
        Budget {
            iterations: n.max(1),
            time: None,
            rollout: ROLLOUT,
        }
    }

    /// A budget of `time`, and never more than `cap` iterations.
    pub fn time(time: Duration, cap: u32) -> Budget {
        Budget {
            iterations: cap.max(1),
            time: Some(time),
            rollout: ROLLOUT,
        }
    }
}

/// One move out of a node, by one seat.
struct Edge<C> {
    seat: Seat,
    cmd: C,
    child: usize,
    visits: u32,
    /// Iterations in which this move was legal where its node was reached.
    avail: u32,
    /// Sum of the mover's rewards through this move.
    reward: f64,
}

struct Node<C> {
    edges: Vec<Edge<C>>,
}

struct Tree<C> {
    nodes: Vec<Node<C>>,
}

pub(super) fn choose<G: Game + ?Sized>(
    game: &G,
    state: &G::State,
    at: At,
    budget: Budget,
    rng: &mut Rng,
) -> Option<G::Command> {
    let legal = game.legal(state, at.seat);
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    let start = Instant::now();
    let mut tree = Tree {
        nodes: vec![Node { edges: Vec::new() }],
    };
    for done in 0..budget.iterations {
        // The clock is read every few iterations: a decision needs at least some.
        if done % 8 == 0 && done > 0 && budget.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        iterate(game, state, at, &legal, &mut tree, budget.rollout, rng);
    }
    let root = tree.nodes.first()?;
    root.edges
        .iter()
        .max_by(|a, b| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))))
        .map(|e| e.cmd.clone())
}

fn mean<C>(e: &Edge<C>) -> f64 {
    if e.visits == 0 {
        0.0
    } else {
        e.reward / f64::from(e.visits)
    }
}

/// One iteration: sample, select, expand, roll out, back up.
fn iterate<G: Game + ?Sized>(
    game: &G,
    state: &G::State,
    at: At,
    root_legal: &[G::Command],
    tree: &mut Tree<G::Command>,
    rollout: u32,
    rng: &mut Rng,
) {
    let mut world = game.determinize(state, at.seat, rng);
    let mut node = 0usize;
    let mut path: Vec<(usize, usize)> = Vec::new();
    loop {
        if game.outcome(&world).is_some() {
            break;
        }
        let (actor, legal) = if node == 0 {
            (at.seat, root_legal.to_vec())
        } else {
            let Some(&actor) = game.to_act(&world).first() else {
                break;
            };
            (actor, game.legal(&world, actor))
        };
        if legal.is_empty() {
            break;
        }
        let step = step(tree, node, actor, &legal, rng);
        let edge = match step {
            Step::Expand(e) | Step::Select(e) => e,
        };
        if tree.nodes[node].edges[edge].child == NONE {
            tree.nodes.push(Node { edges: Vec::new() });
            let child = tree.nodes.len() - 1;
            tree.nodes[node].edges[edge].child = child;
        }
        let e = &tree.nodes[node].edges[edge];
        if game.apply_quiet(&mut world, actor, &e.cmd).is_err() {
            break;
        }
        path.push((node, edge));
        node = e.child;
        if matches!(step, Step::Expand(_)) {
            roll_out(game, &mut world, rollout, rng);
            break;
        }
    }
    let r = rewards(game, &world, at.seats);
    for (n, e) in path {
        let edge = &mut tree.nodes[n].edges[e];
        edge.visits += 1;
        edge.reward += r.get(edge.seat.0).copied().unwrap_or(0.0);
    }
}

/// An edge whose child node is not made yet.
const NONE: usize = usize::MAX;

enum Step {
    /// An edge never tried: expand it and roll out from there.
    Expand(usize),
    /// The tried edge UCB chose.
    Select(usize),
}

/// Counts every move legal now as available (making edges for moves not
/// met before), then takes a move never tried (one at random) or selects
/// among the available ones by UCB.
fn step<C: PartialEq + Clone>(
    tree: &mut Tree<C>,
    node: usize,
    actor: Seat,
    legal: &[C],
    rng: &mut Rng,
) -> Step {
    let edges = &mut tree.nodes[node].edges;
    let mut untried = Vec::new();
    let mut available = Vec::with_capacity(legal.len());
    for (i, cmd) in legal.iter().enumerate() {
        // The same legal list in the same order is the usual case: look there first.
        let found = edges
            .get(i)
            .filter(|e| e.seat == actor && e.cmd == *cmd)
            .map(|_| i)
            .or_else(|| edges.iter().position(|e| e.seat == actor && e.cmd == *cmd));
        let e = found.unwrap_or_else(|| {
            edges.push(Edge {
                seat: actor,
                cmd: cmd.clone(),
                child: NONE,
                visits: 0,
                avail: 0,
                reward: 0.0,
            });
            edges.len() - 1
        });
        edges[e].avail += 1;
        available.push(e);
        if edges[e].visits == 0 {
            untried.push(e);
        }
    }
    if let Some(&e) = rng.pick(&untried) {
        return Step::Expand(e);
    }
    let mut best = available.first().copied().unwrap_or(0);
    let mut best_value = f64::NEG_INFINITY;
    for e in available {
        let edge = &edges[e];
        let visits = f64::from(edge.visits.max(1));
        let value = mean(edge) + EXPLORE * (f64::from(edge.avail.max(1)).ln() / visits).sqrt();
        if value > best_value {
            best_value = value;
            best = e;
        }
    }
    Step::Select(best)
}

/// At most `moves` random moves of random seats that may act.
fn roll_out<G: Game + ?Sized>(game: &G, world: &mut G::State, moves: u32, rng: &mut Rng) {
    for _ in 0..moves {
        if game.outcome(world).is_some() {
            return;
        }
        let seats = game.to_act(world);
        let Some(&seat) = rng.pick(&seats) else {
            return;
        };
        let legal = game.legal(world, seat);
        let Some(cmd) = rng.pick(&legal) else {
            return;
        };
        if game.apply_quiet(world, seat, cmd).is_err() {
            return;
        }
    }
}
