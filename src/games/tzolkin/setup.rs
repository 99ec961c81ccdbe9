//! Setting up a game: piles shuffled, monuments and buildings revealed,
//! starting wealth tiles dealt, and the dummy workers of 2 and 3 players.

use super::data::{Data, CHI, GEARS, MAX_TEETH};
use super::state::{Decision, Mode, Player, Rules, State, DUMMY, EMPTY, NONE};
use crate::engine::Flow;
use crate::engine::{Rng, Shared};

/// A new game: piles shuffled, monuments and buildings revealed, starting
/// wealth tiles dealt and, with 2 or 3 players, the dummy workers placed.
pub fn setup(data: Shared<Data>, rules: Rules, n: usize, seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let d: &Data = &data;
    let g = &d.general;
    let mut piles: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for (i, b) in d.buildings.iter().enumerate() {
        if let Some(p) = piles.get_mut(usize::from(b.age.saturating_sub(1)).min(1)) {
            p.push(i as u8);
        }
    }
    rng.shuffle(&mut piles[0]);
    rng.shuffle(&mut piles[1]);
    let mut monuments: Vec<u8> = (0..d.monuments.len() as u8).collect();
    rng.shuffle(&mut monuments);
    monuments.truncate(n + g.monuments_extra);
    let mut display = [NONE; 6];
    for slot in display.iter_mut().take(g.buildings_on_display) {
        *slot = piles[0].pop().unwrap_or(NONE);
    }
    let first = rng.below(n);
    let mut tiles: Vec<u8> = (0..d.tiles.len() as u8).collect();
    rng.shuffle(&mut tiles);
    let nn = n as u8;
    let players: Vec<Player> = (0..n)
        .map(|i| {
            let mut dealt = [NONE; 4];
            for (k, slot) in dealt.iter_mut().enumerate() {
                *slot = tiles.get(i * 4 + k).copied().unwrap_or(NONE);
            }
            Player {
                corn: 0,
                res: [0; 3],
                skulls: 0,
                vp: 0,
                hand: g.workers_at_start,
                supply: g.workers_per_player - g.workers_at_start,
                temple: [1; 3],
                tech: [0; 4],
                light: true,
                corn_tiles: 0,
                wood_tiles: 0,
                buildings: 0,
                monuments: 0,
                exempt: 0,
                eat_less: 0,
                dealt,
                kept: [NONE; 2],
            }
        })
        .collect();
    let mut s = State {
        data: data.clone(),
        rules,
        n,
        rng,
        flow: Flow::start([Decision::Choose]),
        day: 1,
        food_done: 0,
        age: 1,
        gears: [[EMPTY; MAX_TEETH]; GEARS],
        start_space: EMPTY,
        first,
        turn_index: 0,
        mode: Mode::Start,
        begged: false,
        took_start: false,
        declared: 0,
        accumulated: 0,
        jungle: [[0, nn], [nn, 0], [nn, 0], [nn, 0]],
        burned: 0,
        chi_slots: 0,
        skull_supply: g.skulls,
        display,
        piles,
        monuments,
        dummy_tiles: Vec::new(),
        players,
    };
    for (k, group) in s.jungle.iter_mut().enumerate() {
        if d.jungle_wood[k] == 0 {
            *group = [0, nn];
        }
    }
    place_dummies(&mut s, &tiles[(n * 4).min(tiles.len())..]);
    s
}

/// Reveals undealt tiles in order, one dummy on each tile's space and, for the
/// first dummy on a gear, one on the opposite space (rb L245-260; spec 11 A1).
fn place_dummies(s: &mut State, undealt: &[u8]) {
    let total = s.data.general.dummies.get(s.n).copied().unwrap_or(0);
    let mut placed = 0;
    let data = s.data.clone();
    for &t in undealt {
        if placed >= total {
            break;
        }
        let Some(tile) = data.tiles.get(t as usize) else {
            continue;
        };
        let gear = tile.gear;
        let first_on_gear = !s.gears[gear].contains(&DUMMY);
        if let Some(cell) = s.gears[gear].get_mut(tile.space) {
            if *cell == EMPTY {
                *cell = DUMMY;
                placed += 1;
            }
        }
        s.dummy_tiles.push(t);
        if first_on_gear && gear != CHI && placed < total {
            if let Some(cell) = tile.opposite.and_then(|o| s.gears[gear].get_mut(o)) {
                if *cell == EMPTY {
                    *cell = DUMMY;
                    placed += 1;
                }
            }
        }
    }
}
