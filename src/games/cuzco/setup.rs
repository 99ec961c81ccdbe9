//! The starting position: the rules in force from the options, the board
//! data, the supplies, the players' pieces and cards, and the first turn.

use super::data::{self, Data, TileKind, Zone};
use super::state::{Cover, Phase, Player, Rules, Space, State, Turn};
use crate::engine::{Options, Rng, SetupError, Shared};

/// A new game for `players` with `options`, drawn from `seed`.
pub fn new_game(players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount {
            game: "cuzco",
            min: 2,
            max: 4,
            got: players,
        });
    }
    let data = match options.get("board").filter(|p| !p.is_empty()) {
        Some(path) => data::data_with_board_file(path)?,
        None => data::default_data()?,
    };
    new_state(data, rules_from(options), players, seed)
}

fn rules_from(options: &Options) -> Rules {
    Rules {
        build_uses_stack: options.get_or("build_markers", "stack") == "stack",
        reshuffle: options.get_or("deck_empty", "reshuffle") == "reshuffle",
        sun_limit: options.get_or("sun_limit", "off") == "on",
        outside_incas: options.get_or("outside_incas", "yes") == "yes",
        jammed_ends: options.get_or("jammed", "end") == "end",
        stacked_need_region: options.get_or("stacked_outside", "region") == "region",
    }
}

/// A fresh game on the given data set.
pub fn new_state(
    data: Shared<Data>,
    rules: Rules,
    players: usize,
    seed: u64,
) -> Result<State, SetupError> {
    let mut rng = Rng::new(seed);
    let c = &data.components;
    let printed: Vec<usize> = data
        .board
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            matches!(
                c.zone,
                Zone::Region {
                    printed_lake: true,
                    ..
                }
            )
        })
        .map(|(i, _)| i)
        .collect();
    let mut spaces = vec![Space::EMPTY; data.board.cells.len()];
    for &i in &printed {
        spaces[i].cover = Cover::Lake;
    }
    let needed_cards = 1 + players * usize::from(c.cards_per_player);
    if data.cards.len() < needed_cards {
        return Err(SetupError::Data(format!(
            "{} festival cards are too few for {players} players",
            data.cards.len()
        )));
    }
    let mut deck: Vec<u8> = (0..data.cards.len() as u8).collect();
    rng.shuffle(&mut deck);
    let mut discard = Vec::new();
    discard.extend(deck.pop());
    let mut seats = Vec::new();
    for _ in 0..players {
        let mut hand: Vec<u8> = (0..c.cards_per_player).filter_map(|_| deck.pop()).collect();
        hand.sort_unstable();
        let mut tiles = [0u8; 4];
        for kind in TileKind::ALL {
            if kind != TileKind::Tile3 {
                tiles[kind as usize] = data.tile(kind).map_or(0, |t| t.count.min(255) as u8);
            }
        }
        seats.push(Player {
            pp: 0,
            incas_off: c.incas_per_player,
            tokens: c.tokens_per_player,
            tiles,
            hand,
            known: Vec::new(),
            final_scored: false,
        });
    }
    let start = rng.below(players) as u8;
    let markers = c.marker.iter().map(|m| m.count).collect();
    let common_tiles = data
        .tile(TileKind::Tile3)
        .map_or(0, |t| t.count.min(255) as u8);
    let lakes_left = c.lake_tiles.saturating_sub(printed.len() as u8);
    let turn = Turn {
        seat: start,
        ap: c.ap_per_turn,
        token_used: false,
        drawn: 0,
        changed: Vec::new(),
        placed: false,
        final_turn: false,
        jammed: false,
    };
    Ok(State {
        suns_left: c.sun_markers,
        data,
        rules,
        rng,
        spaces,
        tiles_placed: 0,
        common_tiles,
        lakes_left,
        markers,
        players: seats,
        deck,
        discard,
        start,
        end_trigger: None,
        phase: Phase::Turn(turn),
    })
}
