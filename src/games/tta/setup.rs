//! Setting up a game: reading the options, loading the cards, laying out
//! the decks, the card row and every civilization.

use super::data::{self, CardId, Data, ROW_COSTS};
use super::state::{EventTiming, Mode, Phase, Player, Rules, State, Tech};
use crate::engine::{Options, Rng, SetupError, Shared};

/// Reads the options into the rules' open points (NOTES.md lists them).
pub fn read_rules(options: &Options) -> Result<Rules, SetupError> {
    let mode = match options.get_or("mode", "intro") {
        "intro" => Mode::Intro,
        m @ ("advanced" | "full") => {
            return Err(SetupError::BadOption(format!(
                "mode={m} is not available yet; only mode=intro (the introductory game) can be played now / \
                 숙련·본격 게임은 아직 없습니다. mode=intro(맛보기 게임)만 가능합니다"
            )))
        }
        other => {
            return Err(SetupError::BadOption(format!(
                "mode={other} is unknown; use mode=intro / 알 수 없는 모드입니다. mode=intro를 쓰세요"
            )))
        }
    };
    let events = match options.get_or("events", "round") {
        "round" => EventTiming::EachRound,
        "turn" => EventTiming::EachTurn,
        "once" => EventTiming::Once,
        other => {
            return Err(SetupError::BadOption(format!(
                "events={other} is unknown; use round, turn or once / events는 round, turn, once 중 하나입니다"
            )))
        }
    };
    let start = match options.get_or("start", "random") {
        "random" => None,
        n => match n.parse::<usize>() {
            Ok(k) if (1..=4).contains(&k) => Some(k - 1),
            _ => {
                return Err(SetupError::BadOption(format!(
                    "start={n} is not a seat; use random or 1-4 / start는 random 또는 1-4입니다"
                )))
            }
        },
    };
    Ok(Rules {
        mode,
        events,
        start,
    })
}

/// A new game for `players` seats with these options, or why not.
pub fn new_game(players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount {
            game: "tta",
            min: 2,
            max: 4,
            got: players,
        });
    }
    let rules = read_rules(options)?;
    if let Some(seat) = rules.start.filter(|&s| s >= players) {
        return Err(SetupError::BadOption(format!(
            "start={} but there are {players} players / 시작 플레이어는 1-{players} 중 하나입니다",
            seat + 1
        )));
    }
    let data = match options.get("cards") {
        Some(path) if !path.is_empty() => data::data_from_path(path),
        _ => data::default_data(),
    }
    .map_err(SetupError::Data)?;
    setup(data, rules, players, seed).map_err(SetupError::Data)
}

/// A fresh civilization as seed L177-331 lays it out.
pub fn new_player(data: &Data) -> Result<Player, String> {
    let mut techs = Vec::new();
    let mut on_cards = 0u8;
    for (id, workers) in data::START_WORKERS {
        let card = data
            .find(id)
            .ok_or_else(|| format!("missing board card {id}"))?;
        techs.push(Tech {
            card,
            workers,
            blue: 0,
        });
        on_cards += workers;
    }
    let government = data
        .find(data::START_GOVERNMENT)
        .ok_or("missing Despotism")?;
    if on_cards + data::YELLOW_IN_BANK + data::WORKERS_AT_START != data::YELLOW_TOKENS {
        return Err("the starting layout does not use 25 yellow tokens".into());
    }
    Ok(Player {
        government,
        techs,
        specials: Vec::new(),
        leader: None,
        leader_ages: Vec::new(),
        wonder: None,
        wonders: Vec::new(),
        hand: Vec::new(),
        yellow_bank: data::YELLOW_IN_BANK,
        blue_bank: data::BLUE_TOKENS,
        workers: data::WORKERS_AT_START,
        culture: 0,
        science: 0,
        white_used: 0,
        red_used: 0,
        red_bonus: 0,
        military_resources: 0,
        final_bonus: 0,
        discarded: 0,
    })
}

/// Sets up the introductory game (spec §3.2, seed L136-176).
pub fn setup(data: Shared<Data>, rules: Rules, players: usize, seed: u64) -> Result<State, String> {
    let mut rng = Rng::new(seed);
    let mut civil_decks: Vec<Vec<CardId>> = vec![Vec::new(); 4];
    let mut events = Vec::new();
    for (i, c) in data.cards.iter().enumerate() {
        let id = CardId::try_from(i).map_err(|_| "too many cards")?;
        let copies = c.copies(players);
        if c.raw.deck == "civil" && c.age <= 1 {
            if let Some(deck) = civil_decks.get_mut(usize::from(c.age)) {
                deck.extend(std::iter::repeat_n(id, copies as usize));
            }
        } else if c.raw.deck == "military" && c.age == 0 && c.raw.id != data::INTRO_REMOVED_EVENT {
            events.extend(std::iter::repeat_n(id, copies as usize));
        }
    }
    let civil_cards = civil_decks.iter().map(|d| d.len() as u32).sum();
    for deck in &mut civil_decks {
        rng.shuffle(deck);
    }
    rng.shuffle(&mut events);
    let drawn = rng.below(players);
    let start_player = match rules.start {
        Some(seat) if seat < players => seat,
        Some(seat) => {
            return Err(format!(
                "start={} but there are only {players} players",
                seat + 1
            ))
        }
        None => drawn,
    };
    let mut row = vec![None; ROW_COSTS.len()];
    for slot in &mut row {
        *slot = civil_decks.first_mut().and_then(Vec::pop);
    }
    let mut ps = Vec::new();
    for _ in 0..players {
        ps.push(new_player(&data)?);
    }
    Ok(State {
        data,
        rules,
        players: ps,
        row,
        civil_decks,
        age: 0,
        events,
        past_events: Vec::new(),
        boxed: 0,
        civil_cards,
        round: 1,
        start_player,
        turn: start_player,
        phase: Phase::Actions,
        last_round: false,
        rng,
    })
}
