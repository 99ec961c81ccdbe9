//! The starting position: the rules in force from the options, the printed
//! hexes on the board, the stack by letters, supplies, and the first turn.

use super::apply::turn::first_turn;
use super::data::{
    self, Data, AUCTION_START_SCORE, DISCS_PER_KIND, MINI_PIECES, MINI_TREASURE_KINDS, PIECES,
    TEMPLE_TILES, TREASURE_KINDS,
};
use super::state::{LeaderAt, Mode, Phase, Player, Rules, Spot, State};
use crate::engine::{Options, Rng, SetupError, Shared};

fn on_off(options: &Options, key: &str) -> bool {
    options.get(key) == Some("on")
}

/// A new game for `players` with `options`, drawn from `seed`.
pub fn new_game(players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
    let mini = on_off(options, "mini");
    if mini && players != 2 {
        return Err(SetupError::BadOption(format!(
            "Mini-Tikal is for 2 players, not {players}"
        )));
    }
    let mode = if mini {
        Mode::Mini
    } else if on_off(options, "auction") {
        Mode::Auction
    } else {
        Mode::Basic
    };
    let pieces = if mini { MINI_PIECES } else { PIECES };
    let rules = Rules {
        mode,
        workers: pieces.workers,
        camp_limit: pieces.camps,
        guard_limit: pieces.guards,
        camp_needs_member: options.get_or("camp", "member") != "free",
        guard_shared: options.get_or("guarded", "owner") == "shared",
        final_placer_starts: options.get_or("final_start", "next") == "placer",
        final_tie_placer_first: options.get_or("final_tie", "placer_last") == "placer_first",
        volcano_links: options.get_or("volcano_link", "no") == "yes",
        opener_after_first_bid: options.get_or("opener", "spoke") == "bid",
    };
    let data =
        data::load_paths(options.get("tiles"), options.get("board")).map_err(SetupError::Data)?;
    Ok(setup(data, rules, players, seed))
}

/// A new game: printed hexes on the board, the stack by letters, supplies, the first turn.
fn setup(data: Shared<Data>, rules: Rules, players: usize, seed: u64) -> State {
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
    first_turn(&mut s);
    s
}
