//! The turn machine: setup, the start of a turn (card-row refill, events),
//! production and maintenance at its end, the passing of turns and rounds,
//! the end of the game and the introductory final bonus.

use super::data::{self, age_name, CardId, Data, DataRef, Kind, RuleName, ROW_COSTS, ROW_REMOVAL};
use super::rules;
use super::state::{EventChoiceKind, Mode, Phase, Player, Rules, State, Tech, WonderWork};
use crate::engine::{Event, Rng, Text};

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
pub fn setup(data: DataRef, rules: Rules, players: usize, seed: u64) -> Result<State, String> {
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

fn card_text(data: &Data, id: CardId) -> Text {
    match data.card(id) {
        Some(c) => Text::new(c.name(), c.name_ko()),
        None => Text::same("?"),
    }
}

fn seat_text(seat: usize) -> Text {
    Text::new(format!("Seat {}", seat + 1), format!("{}번 자리", seat + 1))
}

/// The card-row refill at the start of a turn from round 2 (seed L729-778).
pub fn refill(s: &mut State, out: &mut Vec<Event>) {
    let remove = ROW_REMOVAL
        .get(s.players.len().saturating_sub(2))
        .copied()
        .unwrap_or(1);
    for slot in s.row.iter_mut().take(remove) {
        if slot.take().is_some() {
            s.boxed += 1;
        }
    }
    let mut cards: Vec<CardId> = s.row.iter().flatten().copied().collect();
    let mut drawn = Vec::new();
    let round2_start = s.round == 2 && s.turn == s.start_player && s.age == 0;
    while cards.len() < ROW_COSTS.len() {
        let deck_age = if round2_start && s.civil_decks.first().is_some_and(|d| !d.is_empty()) {
            0
        } else {
            1
        };
        let Some(card) = s.civil_decks.get_mut(deck_age).and_then(Vec::pop) else {
            break;
        };
        cards.push(card);
        drawn.push(card);
        if deck_age == 1 && s.civil_decks.get(1).is_some_and(Vec::is_empty) && !s.last_round {
            s.last_round = true;
            out.push(Event::public(Text::new(
                "The last civil card entered the card row: this is the last round.",
                "마지막 시민 카드가 카드 열에 놓였습니다. 이번이 마지막 라운드입니다.",
            )));
        }
    }
    for (i, slot) in s.row.iter_mut().enumerate() {
        *slot = cards.get(i).copied();
    }
    if round2_start {
        // The rest of Age A goes to the box; Age I begins (seed L763-778).
        if let Some(deck) = s.civil_decks.get_mut(0) {
            s.boxed += deck.len() as u32;
            deck.clear();
        }
        s.age = 1;
        out.push(Event::public(Text::new(
            "Age A is over; Age I begins.",
            "A시대가 끝나고 1시대가 시작됩니다.",
        )));
    }
    if !drawn.is_empty() {
        let names: Vec<Text> = drawn.iter().map(|&c| card_text(&s.data, c)).collect();
        let list = Text::join(&names, ", ");
        out.push(Event::reveal(Text::new(
            format!("New cards in the row: {}.", list.en),
            format!("카드 열에 새 카드: {}.", list.ko),
        )));
    }
}

/// Whether an event is revealed at the start of this turn (spec §11.2).
fn event_due(s: &State) -> bool {
    use super::state::EventTiming;
    if s.rules.mode != Mode::Intro || s.round < 3 || s.events.is_empty() {
        return false;
    }
    match s.rules.events {
        EventTiming::EachRound => s.turn == s.start_player,
        EventTiming::EachTurn => true,
        EventTiming::Once => s.turn == s.start_player && s.round == 3,
    }
}

/// Begins the turn of `s.turn`: refill, event, per-turn leader resources.
pub fn begin_turn(s: &mut State, out: &mut Vec<Event>) {
    s.phase = Phase::Actions;
    let mode = s.rules.mode;
    if let Some(p) = s.players.get_mut(s.turn) {
        p.military_resources =
            u8::try_from(rules::military_resources_per_turn(&s.data, p, mode).max(0)).unwrap_or(0);
    }
    if s.round >= 2 {
        refill(s, out);
    }
    if event_due(s) {
        reveal_event(s, out);
    }
}

/// Reveals the top current event and applies it to everyone (seed L1361-1381).
pub fn reveal_event(s: &mut State, out: &mut Vec<Event>) {
    let Some(event) = s.events.pop() else { return };
    let data = s.data.clone();
    let Some(card) = data.card(event) else { return };
    s.past_events.push(event);
    out.push(Event::reveal(Text::new(
        format!(
            "Event: {} — {}.",
            card.name(),
            card.raw.effect.as_deref().unwrap_or("")
        ),
        format!(
            "이벤트: {} — {}.",
            card.name_ko(),
            card.raw.effect.as_deref().unwrap_or("")
        ),
    )));
    let mode = s.rules.mode.key();
    let n = s.players.len();
    let order: Vec<usize> = (0..n).map(|i| (s.turn + i) % n).collect();
    for &seat in &order {
        let Some(p) = s.players.get_mut(seat) else {
            continue;
        };
        if card.raw.food > 0 {
            rules::produce_amount(&data, p, true, card.raw.food);
        }
        if card.raw.resources > 0 {
            rules::produce_amount(&data, p, false, card.raw.resources);
        }
        if card.raw.science > 0 {
            p.science = (p.science + card.raw.science).min(data::SCIENCE_CAP);
        }
        if card.raw.culture > 0 {
            p.culture += card.raw.culture;
        }
        for _ in 0..card.raw.population.max(0) {
            if p.yellow_bank > 0 {
                p.yellow_bank -= 1;
                p.workers += 1;
            }
        }
    }
    let choice = if card.rule(RuleName::ChooseFoodOrResources, mode).is_some() {
        Some(EventChoiceKind::FoodOrResources)
    } else {
        card.rule_entry(RuleName::FreeBuild, mode)
            .and_then(|r| r.target)
            .map(EventChoiceKind::FreeBuild)
    };
    if let Some(choice) = choice {
        let queue: Vec<usize> = order
            .into_iter()
            .filter(|&seat| can_choose(s, seat, choice))
            .collect();
        if !queue.is_empty() {
            s.phase = Phase::EventChoice {
                event,
                choice,
                queue,
            };
        }
    }
}

/// Whether a seat has anything to choose for an event.
pub fn can_choose(s: &State, seat: usize, choice: EventChoiceKind) -> bool {
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    match choice {
        EventChoiceKind::FoodOrResources => true,
        EventChoiceKind::FreeBuild(card) => free_build_allowed(&s.data, p, card),
    }
}

/// A free building needs an unused worker, and the urban limit still holds.
pub fn free_build_allowed(data: &Data, p: &Player, card: CardId) -> bool {
    let Some(c) = data.card(card) else {
        return false;
    };
    if p.workers == 0 || rules::tech_index(p, card).is_none() {
        return false;
    }
    match c.kind {
        Kind::Urban(u) => rules::urban_count(data, p, u) < rules::urban_limit(data, p),
        _ => true,
    }
}

/// Production and maintenance at the end of a turn (seed L647-720, L2024-2031).
pub fn production(s: &mut State, seat: usize, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let Some(p) = s.players.get_mut(seat) else {
        return;
    };
    let st = rules::stats(&data, p, mode);
    p.culture += st.culture_rate;
    p.science = (p.science + st.science_rate).min(data::SCIENCE_CAP);
    let food = rules::produce_by_workers(&data, p, true);
    let eat = rules::consumption(p);
    let paid = eat.min(rules::stock(&data, p, true));
    // Paying what is held always succeeds (the value-1 farm gives change).
    let paid = if rules::pay(&data, p, true, paid).is_some() {
        paid
    } else {
        0
    };
    let famine = (eat - paid) * data::FAMINE_CULTURE;
    p.culture = (p.culture - famine).max(0);
    let res = rules::produce_by_workers(&data, p, false);
    // Corruption and military cards belong to the advanced and full games.
    let mut en = format!(
        "Seat {} produces: +{} culture, +{} science, {} food (eats {}), {} resources.",
        seat + 1,
        st.culture_rate,
        st.science_rate,
        food,
        eat,
        res
    );
    let mut ko = format!(
        "{}번 자리 생산: 문화 +{}, 과학 +{}, 식량 {} (소비 {}), 자원 {}.",
        seat + 1,
        st.culture_rate,
        st.science_rate,
        food,
        eat,
        res
    );
    if famine > 0 {
        en.push_str(&format!(" Famine: -{famine} culture."));
        ko.push_str(&format!(" 기아: 문화 -{famine}."));
    }
    out.push(Event::public(Text::new(en, ko)));
    // Tokens come back; this turn's extras expire (seed L317-321, L991-995).
    p.white_used = 0;
    p.red_used = 0;
    p.red_bonus = 0;
    p.military_resources = 0;
    for h in &mut p.hand {
        h.fresh = false;
    }
}

/// Ends the active player's turn and starts the next one (or ends the game).
pub fn end_turn(s: &mut State, out: &mut Vec<Event>) {
    let seat = s.turn;
    production(s, seat, out);
    let n = s.players.len().max(1);
    let next = (seat + 1) % n;
    if next == s.start_player {
        if s.last_round {
            finish(s, out);
            return;
        }
        s.round += 1;
        out.push(Event::public(Text::new(
            format!("Round {} begins.", s.round),
            format!("{}라운드가 시작됩니다.", s.round),
        )));
    }
    s.turn = next;
    begin_turn(s, out);
}

/// The introductory final bonus for one civilization (seed L1830-1845).
pub fn final_bonus(data: &Data, p: &Player, mode: Mode) -> i32 {
    let st = rules::stats(data, p, mode);
    let age1_techs = p
        .techs
        .iter()
        .map(|t| t.card)
        .chain(p.specials.iter().copied())
        .chain(std::iter::once(p.government))
        .filter_map(|id| data.card(id))
        .filter(|c| c.age == 1 && c.kind.is_technology())
        .count() as i32;
    age1_techs * data::BONUS_PER_AGE1_TECH
        + st.strength * data::BONUS_PER_STRENGTH
        + (st.happiness * data::BONUS_PER_HAPPY).min(data::BONUS_HAPPY_MAX)
        + st.science_rate * data::BONUS_PER_SCIENCE
        + (st.food_rate + st.resource_rate) * data::BONUS_PER_PRODUCE
}

fn finish(s: &mut State, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    for (seat, p) in s.players.iter_mut().enumerate() {
        let bonus = final_bonus(&data, p, mode);
        p.final_bonus = bonus;
        p.culture += bonus;
        out.push(Event::public(Text::new(
            format!(
                "Seat {} scores a final bonus of {bonus} culture: {} in all.",
                seat + 1,
                p.culture
            ),
            format!(
                "{}번 자리 최종 보너스 문화 {bonus}점: 총 {}점.",
                seat + 1,
                p.culture
            ),
        )));
    }
    s.phase = Phase::Over;
}

/// Completes the wonder under construction when its last stage is built.
pub fn complete_wonder_if_done(data: &Data, p: &mut Player, out: &mut Vec<Event>, seat: usize) {
    let Some(WonderWork { card, built }) = p.wonder.clone() else {
        return;
    };
    let stages = data.card(card).map(|c| c.raw.stages.len()).unwrap_or(0);
    if usize::from(built) >= stages {
        p.blue_bank += built;
        p.wonder = None;
        p.wonders.push(card);
        let name = card_text(data, card);
        let who = seat_text(seat);
        out.push(Event::public(Text::new(
            format!("{} completes {}.", who.en, name.en),
            format!("{}이(가) {}을(를) 완성합니다.", who.ko, name.ko),
        )));
    }
}

/// "Age A" etc. for views.
pub fn age_label(age: u8) -> &'static str {
    age_name(age)
}
