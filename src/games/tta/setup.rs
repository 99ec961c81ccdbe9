//! Setting up a game: reading the options, loading the cards, laying out
//! the decks, the card row and every civilization.

use super::data::{self, CardId, Data, Kind, ROW_COSTS};
use super::state::{EventTiming, Mode, Phase, Player, Rules, State, Tech};
use crate::engine::{Options, Rng, SetupError, Shared};

/// Reads the options into the rules' open points (NOTES.md lists them).
pub fn read_rules(options: &Options) -> Result<Rules, SetupError> {
    let mode = match options.get_or("mode", "intro") {
        "intro" => Mode::Intro,
        "advanced" => Mode::Advanced,
        "full" => Mode::Full,
        other => {
            return Err(SetupError::BadOption(format!(
                "mode={other} is unknown; use intro, advanced or full / 알 수 없는 모드입니다. intro, advanced, full 중 하나를 쓰세요"
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
    let no_resign = match options.get_or("resign", "on") {
        "on" => false,
        "off" => true,
        other => {
            return Err(SetupError::BadOption(format!(
                "resign={other} is unknown; use on or off / resign은 on 또는 off입니다"
            )))
        }
    };
    let corruption_variant = read_corruption_variant(options, mode)?;
    Ok(Rules {
        mode,
        events,
        start,
        no_resign,
        corruption_variant,
    })
}

/// The optional corruption rule of the advanced and full games (seed
/// L2619-2637): the introductory game has no corruption, so it is refused
/// there rather than silently ignored.
fn read_corruption_variant(options: &Options, mode: Mode) -> Result<bool, SetupError> {
    let on = match options.get_or("corruption_variant", "off") {
        "on" => true,
        "off" => false,
        other => {
            return Err(SetupError::BadOption(format!(
                "corruption_variant={other} is unknown; use on or off / corruption_variant는 on 또는 off입니다"
            )))
        }
    };
    if on && mode == Mode::Intro {
        return Err(SetupError::BadOption(
            "corruption_variant=on needs mode=advanced or mode=full: the introductory game has no corruption / \
             corruption_variant=on은 mode=advanced 또는 mode=full에서만 쓸 수 있습니다. 맛보기 게임에는 자원 낭비가 없습니다"
                .to_string(),
        ));
    }
    Ok(on)
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
        military_hand: Vec::new(),
        yellow_moved: 0,
        blue_moved: 0,
        colonies: Vec::new(),
        resigned: false,
        tactic: None,
        pacts: Vec::new(),
        ravaged: Vec::new(),
        white_lost: 0,
        no_politics: false,
        swap_used: false,
        colonized_from_hand: false,
        free_growths: 0,
    })
}

/// The age of the last civil deck each mode uses (A = 0 … III = 3).
fn last_age(mode: Mode) -> u8 {
    match mode {
        Mode::Intro => 1,
        Mode::Advanced => 2,
        Mode::Full => 3,
    }
}

/// Whether a military card of Age I or later is in this mode's decks: the
/// Age II wars leave the advanced game (seed L1921-1922), the advanced game
/// uses Age III only for its scoring events; pacts with 2 players are out by
/// their copies (seed L1923-1925, L2896).
fn in_military_deck(c: &data::Card, mode: Mode) -> bool {
    match mode {
        Mode::Intro => false,
        Mode::Advanced => (1..=2).contains(&c.age) && !c.raw.removed_in_advanced,
        Mode::Full => c.age >= 1,
    }
}

/// The shuffled decks of a new game.
struct Decks {
    civil: Vec<Vec<CardId>>,
    events: Vec<CardId>,
    military: Vec<Vec<CardId>>,
    age3: Vec<CardId>,
}

/// Collects every card the mode uses at this player count, by deck and age.
/// Military cards in a game of this mode and player count at setup (for the
/// conservation invariant; derived, not stored, so that the stored form of
/// the introductory game stays what it was before the other modes).
pub fn military_cards(data: &Data, mode: Mode, players: usize) -> Result<usize, String> {
    let d = collect_decks(data, mode, players)?;
    Ok(d.events.len() + d.military.iter().map(Vec::len).sum::<usize>() + d.age3.len())
}

fn collect_decks(data: &Data, mode: Mode, players: usize) -> Result<Decks, String> {
    let mut d = Decks {
        civil: vec![Vec::new(); 4],
        events: Vec::new(),
        military: vec![Vec::new(); 4],
        age3: Vec::new(),
    };
    for (i, c) in data.cards.iter().enumerate() {
        let id = CardId::try_from(i).map_err(|_| "too many cards")?;
        let copies = std::iter::repeat_n(id, c.copies(players) as usize);
        let military = c.raw.deck == "military";
        if c.raw.deck == "civil" && c.age <= last_age(mode) {
            if let Some(deck) = d.civil.get_mut(usize::from(c.age)) {
                deck.extend(copies);
            }
        } else if military && c.age == 0 {
            // The introductory game leaves Development of Politics out (L136-150).
            if mode != Mode::Intro || c.raw.id != data::INTRO_REMOVED_EVENT {
                d.events.extend(copies);
            }
        } else if military && in_military_deck(c, mode) {
            if let Some(deck) = d.military.get_mut(usize::from(c.age)) {
                deck.extend(copies);
            }
        } else if military && mode == Mode::Advanced && c.age == 3 {
            d.age3.extend(copies);
        }
    }
    Ok(d)
}

/// Sets up a game of any mode (spec §3.2-3.4; seed L136-176, L1914-1960,
/// L2880-2899). The introductory game draws from the RNG exactly as it
/// always has, so that games in progress replay unchanged.
pub fn setup(data: Shared<Data>, rules: Rules, players: usize, seed: u64) -> Result<State, String> {
    let mut rng = Rng::new(seed);
    let Decks {
        civil: mut civil_decks,
        mut events,
        military: mut military_decks,
        mut age3,
    } = collect_decks(&data, rules.mode, players)?;
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
    let mut removed = Vec::new();
    if rules.mode != Mode::Intro {
        let keep = players + data::EVENTS_OVER_PLAYERS;
        removed.extend(events.drain(..events.len().saturating_sub(keep)));
        for deck in &mut military_decks {
            rng.shuffle(deck);
        }
    }
    let intro = rules.mode == Mode::Intro;
    // The introductory game has no military decks at all (its events are
    // dealt), and stores none.
    if rules.mode == Mode::Intro {
        military_decks.clear();
    }
    let scoring_events = deal_scoring_events(&data, &mut age3, &mut rng);
    removed.extend(age3);
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
        military_decks,
        future_events: Vec::new(),
        scoring_events,
        removed,
        military_discards: if intro {
            Vec::new()
        } else {
            vec![Vec::new(); 4]
        },
        military_boxed: 0,
        military_boxed_open: Vec::new(),
        wars: Vec::new(),
        no_discard: false,
        boxed: 0,
        civil_cards,
        round: 1,
        start_player,
        turn: start_player,
        phase: Phase::Actions,
        last_round: false,
        extra_round: false,
        rng,
    })
}

/// The advanced game turns up Age III military cards until 4 events show
/// (seed L1945-1951); the cards turned up on the way go to the box with the
/// rest. Empty for the other modes (their `age3` is empty).
fn deal_scoring_events(data: &Data, age3: &mut Vec<CardId>, rng: &mut Rng) -> Vec<CardId> {
    if age3.is_empty() {
        return Vec::new();
    }
    rng.shuffle(age3);
    let mut dealt = Vec::new();
    let mut i = age3.len();
    while i > 0 && dealt.len() < data::ADVANCED_SCORING_EVENTS {
        i -= 1;
        if data.card(age3[i]).is_some_and(|c| c.kind == Kind::Event) {
            dealt.push(age3.remove(i));
        }
    }
    dealt
}
