//! The turn machine: the start of a turn (card-row refill, events),
//! production and maintenance at its end, the passing of turns and rounds.

use super::event::reveal_event;
use super::military;
use super::report::seat_text;
use super::tokens;
use crate::engine::{Event, Text};
use crate::games::tta::data::{self, CardId, Data, ROW_COSTS, ROW_REMOVAL};
use crate::games::tta::legal;
use crate::games::tta::scoring::{self, finish};
use crate::games::tta::state::{Mode, Phase, Player, State, WonderWork};

/// The card-row refill at the start of a turn from round 2 (seed L729-778).
pub fn refill(s: &mut State, out: &mut Vec<Event>) {
    // Seats that resigned no longer count (seed L3089-3091).
    let playing = s.players.iter().filter(|p| !p.resigned).count();
    let remove = ROW_REMOVAL
        .get(playing.saturating_sub(2))
        .copied()
        .unwrap_or(1);
    for slot in s.row.iter_mut().take(remove) {
        if slot.take().is_some() {
            s.boxed += 1;
        }
    }
    fill_row(s, out);
}

/// The cards left in the row slide to the front and the empty slots are
/// filled from the civil deck (the refill without its removal; also after
/// International Agreement).
pub fn fill_row(s: &mut State, out: &mut Vec<Event>) {
    let mut cards: Vec<CardId> = s.row.iter().flatten().copied().collect();
    let mut drawn = Vec::new();
    let round2_start = s.round == 2 && s.turn == s.start_player && s.age == 0;
    while cards.len() < ROW_COSTS.len() {
        let deck_age = if round2_start && s.civil_decks.first().is_some_and(|d| !d.is_empty()) {
            0
        } else {
            usize::from(s.age.max(1))
        };
        let Some(card) = s.civil_decks.get_mut(deck_age).and_then(Vec::pop) else {
            break;
        };
        cards.push(card);
        drawn.push(card);
        let emptied = s.civil_decks.get(deck_age).is_some_and(Vec::is_empty);
        if deck_age >= 1 && emptied && s.rules.mode != Mode::Intro {
            super::age::end_age(s, s.age.max(1), out);
        } else if deck_age == 1 && emptied && !s.last_round {
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
        let names: Vec<Text> = drawn.iter().map(|&c| s.data.card_name(c)).collect();
        let list = Text::join(&names, ", ");
        out.push(Event::reveal(Text::new(
            format!("New cards in the row: {}.", list.en),
            format!("카드 열에 새 카드: {}.", list.ko),
        )));
    }
}

/// Whether an event is revealed at the start of this turn (spec §11.2).
pub(super) fn event_due(s: &State) -> bool {
    use crate::games::tta::state::EventTiming;
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
    s.no_discard = false;
    let mode = s.rules.mode;
    if let Some(p) = s.players.get_mut(s.turn) {
        p.military_resources =
            u8::try_from(legal::military_resources_per_turn(&s.data, p, mode).max(0)).unwrap_or(0);
    }
    if s.round >= 2 {
        refill(s, out);
    }
    if event_due(s) {
        reveal_event(s, out);
    }
    // The advanced and full games: a political action first (seed L2049-2053).
    if s.rules.mode != Mode::Intro && s.round >= 2 {
        s.phase = Phase::Political;
        // The full game: a war this seat declared is resolved first (seed
        // L2982-2989, spec §3.4).
        super::war::resolve_due(s, out);
        // A political action given up (International Agreement) is skipped
        // once no war holds the turn; a war ending hands it over the same way.
        if s.phase == Phase::Political {
            super::event_choice::skip_politics_if_given_up(s, out);
        }
    }
}

/// Production and maintenance at the end of a turn (seed L647-720, L2024-2031).
pub fn production(s: &mut State, seat: usize, out: &mut Vec<Event>) {
    production_sparing(s, seat, None, out);
}

/// What one production made and cost a civilization.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Produced {
    pub food: i32,
    pub eat: i32,
    pub famine: i32,
    /// Resources made, net of a token spared.
    pub resources: i32,
    /// Resources not produced: the token spared from a mine (the corruption
    /// variant, seed L2619-2637).
    pub spared: i32,
    pub corruption: i32,
}

/// Production with, under the corruption variant, one token fewer from the
/// mine `spare` (seed L2619-2637); `None` produces as the rule says.
pub fn production_sparing(s: &mut State, seat: usize, spare: Option<CardId>, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    // Military cards are drawn last, for the military actions left unused
    // (seed L2016-2031); the tokens come back after.
    let unused_red = legal::red_left(s, seat);
    let st = scoring::seat_stats(s, seat);
    let Some(p) = s.players.get_mut(seat) else {
        return;
    };
    if mode != Mode::Intro && scoring::uprising(&data, p, mode) {
        // An uprising skips production and maintenance whole: nothing is
        // scored, produced, eaten or lost, no military card is drawn
        // (seed L2526-2539). The tokens still come back.
        out.push(Event::public(Text::new(
            format!(
                "Uprising in seat {}: too few unused workers for the discontent; production is skipped.",
                seat + 1
            ),
            format!(
                "{}번 자리에 폭동: 불만 있는 일꾼으로 표시할 일하지 않는 일꾼이 모자라 생산을 건너뜁니다.",
                seat + 1
            ),
        )));
        reset_tokens(p);
        return;
    }
    let made = produce_and_maintain(&data, p, mode, &st, spare);
    out.push(Event::public(production_text(
        seat,
        &st,
        &made,
        spare.is_some(),
    )));
    reset_tokens(p);
    military::draw_at_end_of_turn(s, seat, unused_red, out);
}

/// Scoring, food and consumption, resources and corruption of one
/// production (no uprising), on the civilization `p` with its stats `st`.
pub fn produce_and_maintain(
    data: &Data,
    p: &mut Player,
    mode: Mode,
    st: &scoring::Stats,
    spare: Option<CardId>,
) -> Produced {
    p.culture += st.culture_rate;
    p.science = (p.science + st.science_rate).min(data::SCIENCE_CAP);
    // Pacts add (or take) food and resources each turn (seed L2373-2472).
    let food = tokens::produce_by_workers(data, p, true) + super::pact::produce(data, p, true);
    let (eat, famine) = tokens::feed(data, p);
    // The token spared belongs to the mines' production, before pacts and
    // Bill Gates's labs, which produce with the mines.
    let (mined, spared) = tokens::produce_mines_sparing(data, p, spare);
    let resources = mined
        + super::pact::produce(data, p, false)
        + tokens::produce_amount(data, p, false, st.leader_resources);
    // Corruption belongs to the advanced and full games (seed L2580-2618).
    let corruption = if mode == Mode::Intro {
        0
    } else {
        tokens::pay_corruption(data, p)
    };
    Produced {
        food,
        eat,
        famine,
        resources,
        spared,
        corruption,
    }
}

/// What the seat's production would make if its turn ended now, on a copy
/// (the board's corruption advice); `None` when an uprising would skip it.
pub fn forecast(s: &State, seat: usize, spare: Option<CardId>) -> Option<Produced> {
    let mode = s.rules.mode;
    let st = scoring::seat_stats(s, seat);
    let mut p = s.players.get(seat)?.clone();
    if mode != Mode::Intro && scoring::uprising(&s.data, &p, mode) {
        return None;
    }
    Some(produce_and_maintain(&s.data, &mut p, mode, &st, spare))
}

/// The line a production reports.
fn production_text(seat: usize, st: &scoring::Stats, m: &Produced, asked: bool) -> Text {
    let mut en = format!(
        "Seat {} produces: +{} culture, +{} science, {} food (eats {}), {} resources.",
        seat + 1,
        st.culture_rate,
        st.science_rate,
        m.food,
        m.eat,
        m.resources
    );
    let mut ko = format!(
        "{}번 자리 생산: 문화 +{}, 과학 +{}, 식량 {} (소비 {}), 자원 {}.",
        seat + 1,
        st.culture_rate,
        st.science_rate,
        m.food,
        m.eat,
        m.resources
    );
    if m.spared > 0 {
        en.push_str(&format!(
            " One token fewer from a mine: {} resource(s) not produced.",
            m.spared
        ));
        ko.push_str(&format!(
            " 광산에서 토큰 하나를 덜 생산: 자원 {}개를 생산하지 않습니다.",
            m.spared
        ));
    } else if asked {
        en.push_str(" The blue bank ran out before that mine's token: nothing was spared.");
        ko.push_str(" 그 광산의 토큰 전에 파란색 저장소가 비어 아낀 토큰이 없습니다.");
    }
    if m.famine > 0 {
        en.push_str(&format!(" Famine: -{} culture.", m.famine));
        ko.push_str(&format!(" 기아: 문화 -{}.", m.famine));
    }
    if m.corruption > 0 {
        en.push_str(&format!(" Corruption: -{} resources.", m.corruption));
        ko.push_str(&format!(" 자원 낭비: 자원 -{}.", m.corruption));
    }
    Text::new(en, ko)
}

/// Tokens come back; this turn's extras expire (seed L317-321, L991-995).
fn reset_tokens(p: &mut Player) {
    // Civil actions lost to a Rebellion revealed on the seat's own turn.
    p.white_used = std::mem::take(&mut p.white_lost);
    p.swap_used = false;
    p.free_growths = 0;
    p.red_used = 0;
    p.red_bonus = 0;
    p.military_resources = 0;
    for h in &mut p.hand {
        h.fresh = false;
    }
}

/// Ends the active player's turn and starts the next one (or ends the game);
/// `spare`: the mine producing one token fewer (the corruption variant).
pub fn end_turn(s: &mut State, spare: Option<CardId>, out: &mut Vec<Event>) {
    let seat = s.turn;
    production_sparing(s, seat, spare, out);
    pass_turn(s, seat, out);
}

/// The turn passes from `from` to the next seat still playing (resigned
/// seats are skipped, seed L3078-3082); passing the start player's place
/// ends the round, and the last round ends the game.
pub fn pass_turn(s: &mut State, from: usize, out: &mut Vec<Event>) {
    let n = s.players.len().max(1);
    let mut next = from;
    for _ in 0..2 * n {
        next = (next + 1) % n;
        if next == s.start_player {
            if s.last_round {
                finish(s, out);
                return;
            }
            if s.extra_round {
                s.extra_round = false;
                s.last_round = true;
                out.push(Event::public(Text::new(
                    "This is the last round.",
                    "이번이 마지막 라운드입니다.",
                )));
            }
            s.round += 1;
            out.push(Event::public(Text::new(
                format!("Round {} begins.", s.round),
                format!("{}라운드가 시작됩니다.", s.round),
            )));
        }
        if s.players.get(next).is_some_and(|p| !p.resigned) {
            break;
        }
    }
    s.turn = next;
    begin_turn(s, out);
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
        let name = data.card_name(card);
        let who = seat_text(seat);
        out.push(Event::public(Text::new(
            format!("{} completes {}.", who.en, name.en),
            format!("{}이(가) {}을(를) 완성합니다.", who.ko, name.ko),
        )));
        // The Age III wonders score once, on completion (the cards' texts).
        if let Some(c) = data.card(card).filter(|c| c.on_completion()) {
            let culture = scoring::completion_culture(data, p, c);
            p.culture += culture;
            out.push(Event::public(Text::new(
                format!(
                    "{}: {} scores {culture} culture ({} in all).",
                    name.en, who.en, p.culture
                ),
                format!(
                    "{}: {}이(가) 문화 {culture}점을 얻습니다 (총 {}점).",
                    name.ko, who.ko, p.culture
                ),
            )));
        }
    }
}
