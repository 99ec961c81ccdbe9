//! Setup (L93-154, solo L613-634): the board, bag, Village and Nomads, the
//! market, decks and piles, then the decisions of the starting weavings and
//! the 8 God cards, queued on the stack.

use super::data::{Data, STONE};
use super::state::{Ask, Item, Player, Readings, SoloState, State, Step, TurnState};
use crate::engine::{OnWrite, Rng, Shared};
use std::sync::Arc;

pub struct SetupOptions {
    pub random_coricancha: bool,
    /// A1: every High Priest is placed before the first turn (else at one's own first turn).
    pub priests_before: bool,
    pub readings: Readings,
}

pub fn new_game(data: Arc<Data>, seats: usize, opts: SetupOptions, seed: u64) -> State {
    let d = data.clone();
    let solo = seats == 1;
    let np = if solo { 2 } else { seats };
    let mut rng = Rng::new(seed);
    let rotation = if opts.random_coricancha {
        rng.below(5)
    } else {
        (5 - d.first_game_section % 5) % 5
    };
    let players: Vec<Player> = (0..np)
        .map(|_| Player {
            vp: d.rules.start_vp,
            steps_left: 5,
            markers_left: 10,
            res: [0, 0, d.rules.start_stone, 0],
            ..Player::default()
        })
        .collect();
    let mut s = State {
        data: Shared::new(data),
        seats,
        solo,
        readings: opts.readings,
        players: players.into_iter().map(OnWrite::new).collect(),
        hill: OnWrite::new(vec![None; d.spaces.len()]),
        segment_used: OnWrite::new(vec![false; 15]),
        steps: OnWrite::new(vec![None; d.steps.len()]),
        rotation,
        village: vec![].into(),
        nomads: vec![].into(),
        casualties: vec![].into(),
        bag: vec![].into(),
        god_deck: (0..d.gods.len() as u8).collect(),
        offerings: vec![].into(),
        setup_used: vec![].into(),
        army_deck: (0..d.army.len() as u8).collect(),
        army_discard: vec![].into(),
        weaving_pile: vec![].into(),
        start_weavings: vec![].into(),
        prod_pile: (0..d.production.len() as u8).collect(),
        pass_pile: (0..d.passive.len() as u8).collect(),
        market_prod: vec![].into(),
        market_pass: vec![].into(),
        statues: OnWrite::new(d.statues.clone()),
        conquest: OnWrite::new(vec![None; d.conquest.len()]),
        festivals_done: 0,
        festival_holder: None,
        festival_running: false,
        festival_held_this_turn: false,
        current: 0,
        first_turn_done: OnWrite::new(vec![false; np]),
        dropped: OnWrite::new(vec![false; np]),
        turn: TurnState::default(),
        offer: Default::default(),
        weaving_secret: OnWrite::new(Vec::new()),
        secret_deploy: OnWrite::new(vec![None; np]),
        stack: vec![],
        over: false,
        final_scores: None,
        axo: OnWrite::new(SoloState::default()),
        rng,
    };
    deal_workers(&mut s, &d, np);
    let mut pile = std::mem::take(&mut s.prod_pile);
    s.rng.shuffle(&mut pile);
    s.prod_pile = pile;
    let mut pile = std::mem::take(&mut s.pass_pile);
    s.rng.shuffle(&mut pile);
    s.pass_pile = pile;
    super::apply::refill_market(&mut s);
    let mut deck = std::mem::take(&mut s.army_deck);
    s.rng.shuffle(&mut deck);
    s.army_deck = deck;
    lay_weavings(&mut s, &d, np);
    // God cards: 8 each, keep 3, use 5 (L139-142).
    let mut deck = std::mem::take(&mut s.god_deck);
    s.rng.shuffle(&mut deck);
    s.god_deck = deck;
    for p in 0..seats {
        for _ in 0..d.rules.god_cards_dealt {
            if let Some(g) = s.god_deck.pop() {
                if let Some(pl) = s.players.get_mut(p) {
                    pl.dealt.push(g);
                }
            }
        }
    }
    if solo {
        setup_axomama(&mut s);
    }
    queue_first_decisions(&mut s, seats, opts.priests_before, d.rules.god_cards_dealt);
    s
}

/// Weavings: starting tiles aside, player-count removals, shuffle (L127-131).
fn lay_weavings(s: &mut State, d: &Data, np: usize) {
    s.start_weavings = (0..d.weavings.len())
        .filter(|&i| d.weavings[i].starting)
        .map(|i| i as u8)
        .collect();
    let mut pile: Vec<u8> = (0..d.weavings.len())
        .filter(|&i| !d.weavings[i].starting && d.weavings[i].min_players <= np)
        .map(|i| i as u8)
        .collect();
    s.rng.shuffle(&mut pile);
    s.weaving_pile = pile.into();
}

/// The queue, last pushed first: weavings in turn order, keep (simultaneous),
/// benefits in reverse turn order, then the first turn.
fn queue_first_decisions(
    s: &mut State,
    seats: usize,
    priests_before: bool,
    god_cards_dealt: usize,
) {
    s.stack.push(Item::Do(0, Step::TurnStart));
    if priests_before {
        for p in (0..seats).rev() {
            s.stack.push(Item::Ask(p, Ask::PriestStart));
        }
    }
    s.stack.push(Item::Do(0, Step::EndSetup));
    for p in 0..seats {
        s.stack.push(Item::Ask(
            p,
            Ask::UseCards {
                festival: false,
                left: god_cards_dealt,
            },
        ));
    }
    for p in (0..seats).rev() {
        s.stack.push(Item::Ask(p, Ask::Keep));
    }
    for p in (0..seats).rev() {
        s.stack.push(Item::Ask(p, Ask::StartWeaving));
    }
}

/// The workers: removed per player count, each player's start draw (no pair
/// of one type), the bag, the Village, the Nomads and the two-player hill.
fn deal_workers(s: &mut State, d: &Data, np: usize) {
    // Workers: remove per player count, 2 of each type for the start draw (L101-106).
    let removed = d.rules.workers_removed_per_type[np.min(4)];
    let per_type = 9usize.saturating_sub(removed);
    let mut start_bag: Vec<u8> = Vec::new();
    let mut rest: Vec<u8> = Vec::new();
    for t in 0..5u8 {
        for k in 0..per_type {
            if k < d.rules.start_draw_bag_per_type {
                start_bag.push(t);
            } else {
                rest.push(t);
            }
        }
    }
    for p in 0..np {
        let mut got = Vec::new();
        for _ in 0..d.rules.start_workers_drawn {
            let i = s.rng.below(start_bag.len());
            if !start_bag.is_empty() {
                got.push(start_bag.swap_remove(i));
            }
        }
        if got.len() == 2 && got[0] == got[1] && !start_bag.is_empty() {
            let i = s.rng.below(start_bag.len());
            let extra = start_bag.swap_remove(i);
            start_bag.push(got[1]);
            got[1] = extra;
        }
        if let Some(pl) = s.players.get_mut(p) {
            pl.workers = got;
        }
    }
    rest.extend(start_bag);
    s.bag = rest.into();
    let vsize = d.village_size[np.min(4)];
    for _ in 0..vsize {
        if let Some(w) = super::apply::draw_worker(s) {
            s.village.push(w);
        }
    }
    super::apply::refill_nomads(s);
    if np == 2 {
        for (i, sp) in d.spaces.iter().enumerate() {
            if sp.two_player_setup {
                if let Some(w) = super::apply::draw_worker(s) {
                    if let Some(h) = s.hill.get_mut(i) {
                        *h = Some(w);
                    }
                    if let Some(seg) = s.segment_used.get_mut(sp.section * 3 + sp.terrace) {
                        *seg = true;
                    }
                }
            }
        }
    }
}

/// Axomama's setup (L616-634).
fn setup_axomama(s: &mut State) {
    let d = s.data.arc().clone();
    // It takes a starting weaving at random before you choose.
    let i = s.rng.below(s.start_weavings.len());
    if i < s.start_weavings.len() {
        let t = s.start_weavings.remove(i);
        if let Some(ax) = s.players.get_mut(1) {
            ax.tapestries.push(vec![t]);
        }
    }
    if let Some(ax) = s.players.get_mut(1) {
        ax.res = d.solo.start_res;
        ax.res[STONE] += d.rules.start_stone;
    }
    for _ in 0..d.solo.start_army {
        if let Some(a) = super::apply::draw_army(s) {
            if let Some(ax) = s.players.get_mut(1) {
                ax.army_hand.push(a);
            }
        }
    }
    for _ in 0..4 {
        if let Some(g) = s.god_deck.pop() {
            s.axo.slots.push(g);
        }
    }
    s.axo.tokens = d.solo.tokens.iter().map(|t| t.1).collect();
    s.axo.personality = if s.readings.difficulty < 0 || d.solo.personalities.is_empty() {
        None
    } else {
        Some(s.rng.below(d.solo.personalities.len()))
    };
}
