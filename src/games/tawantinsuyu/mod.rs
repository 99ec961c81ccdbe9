//! Tawantinsuyu: The Inca Empire (2-4 players, and solo against Axomama), on a
//! replaceable substitute component set. The `Game` impl: setup, who acts,
//! legal commands, parsing, applying, views and the outcome.

pub mod apply;
mod bot;
pub mod command;
pub mod data;
pub mod legal;
mod picture;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod testkit;
mod view;

use crate::engine::{
    parse, Event, Game, GameInfo, InternalError, OptionDoc, Options, Outcome, ParseError,
    RuleError, Seat, SetupError, Shared, Table, Text, Variant, View,
};
use command::{Cmd, Names};
use state::{Ask, Item, Readings, State};
use std::fmt;

/// The game, registered as `tawantinsuyu`.
#[derive(Default)]
pub struct Tawantinsuyu;

/// Option keys as games stored before they were spelt in snake_case wrote
/// them, with their present names.
const OLD_OPTION_KEYS: [(&str, &str); 2] = [
    ("priest-card", "priest_card"),
    ("priest-start", "priest_start"),
];

/// The options with keys of the old spelling renamed, so that a game stored
/// with `priest-start=…` is set up exactly as before.
pub fn current_options(options: &Options) -> Options {
    let mut out = options.clone();
    for (old, new) in OLD_OPTION_KEYS {
        if let Some(v) = out.0.remove(old) {
            out.0.entry(new.to_string()).or_insert(v);
        }
    }
    out
}

/// Starts a table (the registry's entry), reading old option keys too.
pub fn new_table(
    players: usize,
    options: &Options,
    seed: u64,
) -> Result<Box<dyn Table>, SetupError> {
    super::new_table::<Tawantinsuyu>(players, &current_options(options), seed)
}

/// A command with the component names it is printed with.
#[derive(Clone)]
pub struct Command {
    pub cmd: Cmd,
    data: Shared<data::Data>,
}

impl PartialEq for Command {
    fn eq(&self, other: &Self) -> bool {
        self.cmd == other.cmd
    }
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.cmd)
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Names(&self.data).text(&self.cmd))
    }
}

fn wrap(s: &State, cmd: Cmd) -> Command {
    Command {
        cmd,
        data: s.data.clone(),
    }
}

/// The legal command a reading stands for: a conquest naming its cards
/// without the split is the legal split of those cards (none: not read), and
/// lists of cards or tiles typed in another order are the legal command with
/// the same items.
fn resolve(s: &State, seat: usize, c: Cmd) -> Option<Cmd> {
    match c {
        Cmd::ConquerWith { space, cards } => split_conquest(s, seat, space, &cards),
        c => Some(same_set(s, seat, c)),
    }
}

/// Lists of cards or tiles typed in another order mean the legal command with
/// the same items.
fn same_set(s: &State, seat: usize, c: Cmd) -> Cmd {
    // With secret deployment (A9) `deploy a03` names the whole choice.
    let c = match (apply::current_ask(s, seat), c) {
        (Some(state::Ask::DeploySecret { .. }), Cmd::Deploy(Some(a))) => Cmd::DeployAll(vec![a]),
        (Some(state::Ask::DeploySecret { .. }), Cmd::Deploy(None)) => Cmd::DeployAll(vec![]),
        (_, c) => c,
    };
    fn key(c: &Cmd) -> Option<(u8, Vec<u8>)> {
        match c {
            Cmd::Keep(v) => Some((0, v.clone())),
            Cmd::Buy(v) => Some((1, v.clone())),
            Cmd::DeployAll(v) => Some((3, v.clone())),
            // Two buildings of one pile keep the order typed (it is their order under the pile, L310).
            Cmd::Swap(_, b)
                if matches!(
                    b.as_slice(),
                    [command::Bld::Prod(_), command::Bld::Prod(_)]
                        | [command::Bld::Pass(_), command::Bld::Pass(_)]
                ) =>
            {
                None
            }
            Cmd::Swap(g, b) => {
                let mut v: Vec<u8> = b
                    .iter()
                    .map(|x| match x {
                        command::Bld::Prod(i) => *i,
                        command::Bld::Pass(i) => 100 + *i,
                    })
                    .collect();
                v.push(200u8.saturating_add(*g));
                Some((2, v))
            }
            _ => None,
        }
        .map(|(k, mut v)| {
            v.sort();
            (k, v)
        })
    }
    let Some(want) = key(&c) else { return c };
    let Some(ask) = apply::current_ask(s, seat) else {
        return c;
    };
    legal::legal_for(s, seat, &ask)
        .into_iter()
        .find(|l| key(l).as_ref() == Some(&want))
        .unwrap_or(c)
}

/// `conquer chinchaysuyu 4 with a19 a01`: the first split of the named cards
/// into soldiers to flip and to discard that is legal now.
fn split_conquest(s: &State, seat: usize, space: u8, cards: &[u8]) -> Option<Cmd> {
    if cards.is_empty() || cards.len() > 12 {
        return None;
    }
    let ask = apply::current_ask(s, seat)?;
    (0u32..(1 << cards.len())).find_map(|mask| {
        let (mut flip, mut discard) = (Vec::new(), Vec::new());
        for (i, &c) in cards.iter().enumerate() {
            if mask & (1 << i) != 0 {
                flip.push(c);
            } else {
                discard.push(c);
            }
        }
        let cmd = Cmd::Conquer {
            space,
            flip,
            discard,
        };
        legal::is_legal(s, seat, &ask, &cmd).then_some(cmd)
    })
}

/// The food mixes a placement allows, when the placement itself is legal
/// (for the error message of a mix that cannot be paid).
fn place_mixes(s: &State, p: usize, cmd: &Cmd) -> Option<(u32, Vec<[u32; 3]>)> {
    let Cmd::Place {
        role,
        space,
        card,
        extra,
        food: Some(_),
        ..
    } = cmd
    else {
        return None;
    };
    if s.turn.placed || !s.turn.subs.is_empty() || !legal::place_ok(s, p, cmd, false) {
        return None;
    }
    let pl = s.players.get(p)?;
    let food = state::food(s, p, *space as usize, *role == data::PORTER);
    let potato = u32::from(*extra) * s.d().rules.priest_extra_task_potato;
    let mixes = state::food_mixes(&pl.res, food, potato, u32::from(card.is_none()));
    Some((food + potato, mixes))
}

impl Game for Tawantinsuyu {
    type State = State;
    type Command = Command;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "tawantinsuyu",
            title: "Tawantinsuyu: The Inca Empire",
            min_players: 1,
            max_players: 4,
            options: vec![
                OptionDoc { key: "components", values: &[], default: "", help: "Another component set, chosen by the operator: a folder of board, card and solo files.", help_ko: "다른 구성물 세트(운영자만 정함): 게임판·카드·솔로 파일이 든 폴더." },
                OptionDoc { key: "coricancha", values: &["random", "printed"], default: "random", help: "Coricancha's orientation: drawn at random (random) or the printed first-game layout (printed).", help_ko: "코리칸차 방향: 무작위(random) 또는 첫 게임용으로 인쇄된 배치(printed)." },
                OptionDoc { key: "porter", values: &["first-ever", "empty-now"], default: "first-ever", help: "A Porter's bonus needs the first worker ever placed in its segment (first-ever) or the segment empty now (empty-now).", help_ko: "짐꾼 보너스 조건: 그 구역에 처음으로 놓인 일꾼(first-ever) 또는 지금 비어 있는 구역(empty-now)." },
                OptionDoc { key: "priest_card", values: &["always", "with-potato"], default: "always", help: "The Priest's compulsory God card: always (always) or only when the extra potato was paid (with-potato).", help_ko: "사제의 필수 신 카드: 항상(always) 또는 추가 감자를 냈을 때만(with-potato)." },
                OptionDoc { key: "priest_start", values: &["own-turn", "before-play"], default: "own-turn", help: "Each High Priest is placed at the start of its owner's first turn (own-turn) or all before the first turn (before-play).", help_ko: "대제사장 배치: 각자 첫 차례가 시작될 때(own-turn) 또는 첫 차례 전에 모두(before-play)." },
                OptionDoc { key: "deploy", values: &["turn-order", "simultaneous"], default: "turn-order", help: "Conquest army cards are laid seat by seat in turn order (turn-order) or chosen by all at once in secret (simultaneous).", help_ko: "정복 군대 카드: 차례 순서대로 한 자리씩 내려놓기(turn-order) 또는 모두 동시에 비밀로 고르기(simultaneous)." },
                OptionDoc { key: "level", values: &["easier", "normal", "harder"], default: "normal", help: "Solo game: Axomama's difficulty (easier, normal or harder).", help_ko: "솔로 게임: 악소마마의 난이도(easier 쉬움, normal 보통, harder 어려움)." },
            ],
            variants: vec![
                Variant { options: "coricancha=printed porter=empty-now priest_card=with-potato priest_start=before-play deploy=simultaneous", min_players: 2, max_players: 4 },
                Variant { options: "level=easier deploy=simultaneous priest_start=before-play coricancha=printed", min_players: 1, max_players: 1 },
                Variant { options: "level=harder", min_players: 1, max_players: 1 },
            ],
        }
    }

    fn setup(&self, players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
        if !(1..=4).contains(&players) {
            return Err(SetupError::PlayerCount {
                game: "tawantinsuyu",
                min: 1,
                max: 4,
                got: players,
            });
        }
        let options = &current_options(options);
        let data = match options.get("components") {
            Some(path) if !path.is_empty() => data::load_dir(path),
            _ => data::default_data(),
        }
        .map_err(SetupError::Data)?;
        let readings = Readings {
            simultaneous_deploy: options.get_or("deploy", "turn-order") == "simultaneous",
            porter_first_ever: options.get_or("porter", "first-ever") != "empty-now",
            priest_card_always: options.get_or("priest_card", "always") != "with-potato",
            difficulty: match options.get_or("level", "normal") {
                "easier" => -1,
                "harder" => 1,
                _ => 0,
            },
        };
        let opts = setup::SetupOptions {
            priests_before: options.get_or("priest_start", "own-turn") == "before-play",
            random_coricancha: options.get_or("coricancha", "random") != "printed",
            readings,
        };
        let mut s = setup::new_game(data, players, opts, seed);
        let mut ev = Vec::new();
        apply::advance(&mut s, &mut ev);
        Ok(s)
    }

    fn to_act(&self, s: &State) -> Vec<Seat> {
        apply::to_act(s).into_iter().map(Seat).collect()
    }

    fn legal(&self, s: &State, seat: Seat) -> Vec<Command> {
        match apply::current_ask(s, seat.0) {
            Some(a) => legal::legal_for(s, seat.0, &a)
                .into_iter()
                .map(|c| wrap(s, c))
                .collect(),
            None => vec![],
        }
    }

    fn words(&self) -> &'static crate::engine::parse::Vocabulary {
        &command::WORDS
    }

    fn why_illegal(&self, s: &State, seat: Seat, words: &[&str]) -> Option<crate::engine::Text> {
        // The decision asked now, found here: legal/ may not import apply/.
        let ask = apply::current_ask(s, seat.0)?;
        legal::why_illegal(s, seat.0, words, &ask, &apply::ask_text(&ask))
    }

    fn parse(&self, s: &State, seat: Seat, text: &str) -> Result<Command, ParseError> {
        parse::read(
            text,
            &command::WORDS,
            |words| {
                Names(s.d())
                    .read_words(words)
                    .and_then(|c| resolve(s, seat.0, c))
                    .map_or(parse::Canonical::Other, |c| {
                        parse::Canonical::Read(wrap(s, c))
                    })
            },
            || self.legal(s, seat),
        )
    }

    fn apply(&self, s: &mut State, seat: Seat, command: &Command) -> Result<Vec<Event>, RuleError> {
        let p = seat.0;
        let Some(idx) = apply::ask_index(s, p) else {
            return Err(RuleError::new(
                "It is not your turn to decide.",
                "지금은 당신이 결정할 차례가 아닙니다.",
            ));
        };
        let Some(state::Item::Ask(_, ask)) = s.stack.get(idx).cloned() else {
            return Err(RuleError::new(
                "Nothing to decide now.",
                "지금 결정할 것이 없습니다.",
            ));
        };
        if !legal::is_legal(s, p, &ask, &command.cmd) {
            if let Some((food, mixes)) = place_mixes(s, p, &command.cmd) {
                let list: Vec<String> = mixes.iter().map(command::food_text).collect();
                return Err(RuleError::new(
                    format!(
                        "You cannot pay the food that way: this placement costs {food} food (potatoes or corn, gold for any of it); you hold enough for: {}.",
                        list.join(" | ")
                    ),
                    format!(
                        "음식을 그렇게 낼 수 없습니다: 이 배치의 음식 비용은 {food}개입니다 (감자나 옥수수, 금덩이로 대신 가능). 가능한 지불: {}.",
                        list.join(" | ")
                    ),
                ));
            }
            if matches!(command.cmd, Cmd::JoinSacrifice(n) if n > 1) {
                return Err(RuleError::new(
                    "Joining a Sacrifice moves you exactly one temple space, for 3 corn (only the active player may go further); write 'join sacrifice' or 'pass'.",
                    "다른 사람의 공양에 참여하면 옥수수 3개로 신전 트랙을 정확히 1칸 전진합니다(더 가는 것은 행동한 사람만). 'join sacrifice' 또는 'pass'라고 쓰세요.",
                ));
            }
            let legal: Vec<String> = legal::legal_for(s, p, &ask)
                .iter()
                .take(6)
                .map(|c| Names(s.d()).text(c))
                .collect();
            return Err(RuleError::new(
                format!(
                    "'{command}' is not allowed now; you may for example: {}.",
                    legal.join(" | ")
                ),
                format!(
                    "'{command}'은(는) 지금 할 수 없습니다. 가능한 예: {}.",
                    legal.join(" | ")
                ),
            ));
        }
        // Checked above: from here on the command cannot be refused, so the
        // state is changed in place.
        let mut ev = Vec::new();
        answer(s, p, idx, ask, &command.cmd, &mut ev);
        Ok(ev)
    }

    fn is_legal(&self, s: &State, seat: Seat, command: &Command) -> bool {
        match apply::ask_index(s, seat.0).and_then(|i| s.stack.get(i)) {
            Some(Item::Ask(_, ask)) => legal::is_legal(s, seat.0, ask, &command.cmd),
            _ => false,
        }
    }

    fn apply_legal(
        &self,
        s: &mut State,
        seat: Seat,
        command: &Command,
        events: &mut Vec<Event>,
    ) -> Result<(), InternalError> {
        let idx = apply::ask_index(s, seat.0)
            .ok_or_else(|| InternalError::new(format!("{seat} has no decision to answer")))?;
        let Some(Item::Ask(_, ask)) = s.stack.get(idx).cloned() else {
            return Err(InternalError::new(format!(
                "{seat}'s decision is not an ask"
            )));
        };
        answer(s, seat.0, idx, ask, &command.cmd, events);
        Ok(())
    }

    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat.map(|x| x.0))
    }

    fn seat_names(&self, s: &State) -> Vec<Text> {
        (0..s.players.len())
            .map(|p| Text::new(apply::who(s, p), apply::ko_names(apply::who(s, p))))
            .collect()
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        let scores = s.final_scores.as_ref()?;
        let tiebreak: Vec<f64> = s
            .players
            .iter()
            .map(|p| p.res.iter().sum::<u32>() as f64)
            .collect();
        if s.solo {
            let me = scores.first().copied().unwrap_or(0);
            let ax = scores.get(1).copied().unwrap_or(0);
            let win = me > ax && me >= s.d().rules.solo_win_min_vp;
            return Some(Outcome {
                scores: vec![me as f64],
                ranks: vec![if win { 1 } else { 2 }],
                summary: Text::new(
                    format!("You {} with {me} VP against Axomama's {ax} (a win needs more than Axomama and at least {}).", if win { "win" } else { "lose" }, s.d().rules.solo_win_min_vp),
                    format!("당신은 승점 {me}점, 악소마마는 {ax}점으로 {} (승리 조건: 악소마마보다 많고 {}점 이상).", if win { "승리했습니다" } else { "패배했습니다" }, s.d().rules.solo_win_min_vp),
                ),
            });
        }
        let f: Vec<f64> = scores.iter().map(|&x| x as f64).collect();
        Some(Outcome::ranked(
            f,
            tiebreak,
            Text::new(
                "The third Festival ended the game; ties are broken by most resources (gold, stone, corn, potato).",
                "세 번째 축제로 게임이 끝났습니다. 동점이면 자원(금덩이, 석재, 옥수수, 감자)이 많은 사람이 이깁니다.",
            ),
        ))
    }

    /// A seat leaves: its decisions are then taken by the timeout default. The
    /// game cannot go on without any human seat (nor the solo game without you).
    fn drop_seat(&self, s: &mut State, seat: Seat) -> bool {
        if s.solo || seat.0 >= s.seats {
            return false;
        }
        if let Some(x) = s.dropped.get_mut(seat.0) {
            *x = true;
        }
        if (0..s.seats).all(|p| s.dropped.get(p).copied().unwrap_or(true)) {
            return false;
        }
        let mut ev = Vec::new();
        apply::advance(s, &mut ev);
        true
    }

    /// A newcomer takes over a seat that left: its decisions are asked again
    /// from the next one on (the ones taken meanwhile stand).
    fn restore_seat(&self, s: &mut State, seat: Seat) -> bool {
        match s.dropped.get_mut(seat.0) {
            Some(x) if *x && !s.over => {
                *x = false;
                true
            }
            _ => false,
        }
    }

    fn hidden_items(&self, s: &State, viewer: Option<Seat>) -> Vec<String> {
        view::hidden_items(s, viewer.map(|x| x.0))
    }

    fn revealed(&self, before: &State, after: &State, mover: Seat) -> bool {
        // The hidden items are read from the hands, the weaving offer, pile
        // and secrets: a move that changes none of them reveals nothing,
        // without building the lists.
        if hidden_inputs_equal(before, after) {
            return false;
        }
        crate::engine::revealed_ids(hidden_ids(before, mover.0), hidden_ids(after, mover.0))
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        invariants(s)
    }

    fn default_command(&self, s: &State, seat: Seat) -> Option<Command> {
        let legal = apply::current_ask(s, seat.0)
            .map(|a| legal::legal_for(s, seat.0, &a))
            .unwrap_or_default();
        apply::default_choice(&legal).map(|c| wrap(s, c))
    }

    fn determinize(&self, s: &State, seat: Seat, rng: &mut crate::engine::Rng) -> State {
        bot::determinize(s, seat, rng)
    }

    fn evaluate(&self, s: &State) -> Vec<f64> {
        bot::evaluate(s)
    }
}

/// `p` answers the ask at `idx` of the stack with a legal `cmd`: the ask
/// leaves the stack, its handler runs, the driver goes on to the next ask.
fn answer(s: &mut State, p: usize, idx: usize, ask: Ask, cmd: &Cmd, ev: &mut Vec<Event>) {
    s.stack.remove(idx);
    let shown_before = picture::pile_top_shown(s);
    apply::do_ask(s, p, ask, cmd.clone(), ev);
    apply::advance(s, ev);
    pile_top_turned(s, shown_before, ev);
}

/// Says when the weaving pile's top turned face up during a move (a drawn
/// offer settled, or tiles left the pile): everyone now sees a tile nobody
/// saw before, so the move cannot be taken back.
fn pile_top_turned(s: &State, before: Option<u8>, ev: &mut Vec<Event>) {
    let now = picture::pile_top_shown(s);
    let Some(top) = now.filter(|_| now != before) else {
        return;
    };
    let name = Names(s.d()).weaving(top).to_uppercase();
    apply::reveal(
        ev,
        format!("The weaving pile's top turns face up: {name}."),
        format!("직조물 더미의 맨 위가 공개됩니다: {name}."),
    );
}

/// Whether everything `view::hidden_items` reads is the same in both states.
fn hidden_inputs_equal(a: &State, b: &State) -> bool {
    a.solo == b.solo
        && a.offer == b.offer
        && a.weaving_pile == b.weaving_pile
        && a.weaving_secret == b.weaving_secret
        && a.players.len() == b.players.len()
        && a.players.iter().zip(&b.players).all(|(p, q)| {
            p.shares(q) || (p.gods == q.gods && p.dealt == q.dealt && p.army_hand == q.army_hand)
        })
}

/// What `view::hidden_items` lists for `viewer`, as ids instead of words:
/// (0, God card) in a hand or dealt, (1, Army card) in a hand, (2, weaving
/// tile) offered, on the pile or put under it unseen; (2, NO_TILE) where the
/// list has a weaving the data does not know. The deck order, always hidden,
/// is left out.
fn hidden_ids(s: &State, viewer: usize) -> Vec<(u8, u8)> {
    const NO_TILE: u8 = u8::MAX;
    let d = s.d();
    let tile = |w: u8| {
        (
            2,
            if d.weavings.get(w as usize).is_some() {
                w
            } else {
                NO_TILE
            },
        )
    };
    let mut out = Vec::new();
    for (q, pl) in s.players.iter().enumerate() {
        if q == viewer && !s.is_bot(q) {
            continue;
        }
        let gods = pl.gods.iter().chain(&pl.dealt);
        out.extend(
            gods.filter(|&&g| d.gods.get(g as usize).is_some())
                .map(|&g| (0, g)),
        );
        let army = pl.army_hand.iter();
        out.extend(
            army.filter(|&&a| d.army.get(a as usize).is_some())
                .map(|&a| (1, a)),
        );
    }
    if !s.offer.public && viewer != s.offer.buyer {
        let offered = s.offer.tiles.iter().filter(|&&w| Some(w) != s.offer.top);
        out.extend(offered.map(|&w| tile(w)));
    }
    let top = s.weaving_pile.last().copied();
    if picture::pile_top_shown(s).is_none() {
        out.extend(top.map(tile));
    }
    for &(w, owner) in &s.weaving_secret {
        if viewer != owner && Some(w) != top && s.weaving_pile.contains(&w) {
            out.push(tile(w));
        }
    }
    out
}

/// Conservation of workers, cards, tiles, buildings and statues; bounds.
fn invariants(s: &State) -> Result<(), String> {
    let d = s.d();
    let np = s.np();
    let mut workers = [0usize; 5];
    let mut count = |w: u8| {
        if let Some(x) = workers.get_mut(w as usize) {
            *x += 1;
        }
    };
    s.hill.iter().flatten().for_each(|&w| count(w));
    s.village
        .iter()
        .chain(&s.nomads)
        .chain(&s.casualties)
        .chain(&s.bag)
        .for_each(|&w| count(w));
    s.players
        .iter()
        .flat_map(|p| &p.workers)
        .for_each(|&w| count(w));
    let in_play = 9 - d.rules.workers_removed_per_type[np.min(4)];
    if workers.iter().any(|&n| n > in_play) {
        return Err(format!("more workers of a type than in play: {workers:?}"));
    }
    cards_conserved(s)?;
    for (sym, &(sm, lg)) in d.statues.iter().enumerate() {
        let owned_s = s
            .players
            .iter()
            .flat_map(|p| &p.statues)
            .filter(|x| x.0 as usize == sym && !x.1)
            .count() as u32;
        let owned_l = s
            .players
            .iter()
            .flat_map(|p| &p.statues)
            .filter(|x| x.0 as usize == sym && x.1)
            .count() as u32;
        let (ls, ll) = s.statues.get(sym).copied().unwrap_or((0, 0));
        if ls + owned_s > sm || ll + owned_l > lg {
            return Err(format!(
                "statues of {} exceed the supply",
                d.symbol_name(sym)
            ));
        }
    }
    for (q, p) in s.players.iter().enumerate() {
        let steps = s.steps.iter().filter(|x| **x == Some(q as u8)).count() as u32;
        if steps + p.steps_left != 5 {
            return Err(format!(
                "{}: step markers {steps}+{} != 5",
                apply::who(s, q),
                p.steps_left
            ));
        }
        let markers = s.conquest.iter().filter(|x| **x == Some(q as u8)).count() as u32;
        if markers + p.markers_left != 10 {
            return Err(format!(
                "{}: conquest markers {markers}+{} != 10",
                apply::who(s, q),
                p.markers_left
            ));
        }
        if p.temple >= d.temple.len() {
            return Err("temple marker off the track".into());
        }
        for tp in &p.tapestries {
            let mut pats: Vec<usize> = tp
                .iter()
                .filter_map(|&w| d.weavings.get(w as usize).map(|x| x.pattern))
                .collect();
            pats.sort();
            pats.dedup();
            if pats.len() != tp.len() {
                return Err(format!(
                    "{}: a tapestry repeats a pattern",
                    apply::who(s, q)
                ));
            }
        }
        let _ = scoring::tapestry_vp(d, tp_len(p));
    }
    if s.offerings.len() > s.offerings_capacity() {
        return Err("too many Offerings".into());
    }
    if !s.over && s.stack.is_empty() {
        return Err("the game is not over but nothing is pending".into());
    }
    Ok(())
}

fn tp_len(p: &state::Player) -> usize {
    p.tapestries.iter().map(Vec::len).max().unwrap_or(0)
}

/// Every God card, army card, weaving tile and building tile is somewhere,
/// once.
fn cards_conserved(s: &State) -> Result<(), String> {
    let d = s.d();
    let np = s.np();
    let gods = s.god_deck.len()
        + s.offerings.len()
        + s.setup_used.len()
        + s.axo.slots.len()
        + usize::from(s.turn.used_card.is_some())
        + s.players
            .iter()
            .map(|p| p.gods.len() + p.dealt.len())
            .sum::<usize>();
    if gods != d.gods.len() {
        return Err(format!("God cards: {gods} instead of {}", d.gods.len()));
    }
    let army = s.army_deck.len()
        + s.army_discard.len()
        + s.players
            .iter()
            .map(|p| p.army_hand.len() + p.army_front.len())
            .sum::<usize>()
        + s.stack
            .iter()
            .find_map(|i| {
                if let Item::Ask(_, Ask::TrainKeep { cards }) = i {
                    Some(cards.len())
                } else {
                    None
                }
            })
            .unwrap_or_default();
    if army != d.army.len() {
        return Err(format!("army cards: {army} instead of {}", d.army.len()));
    }
    let eligible = d
        .weavings
        .iter()
        .filter(|w| w.starting || w.min_players <= np)
        .count();
    let pending_tiles = s
        .stack
        .iter()
        .filter(|i| matches!(i, Item::Ask(_, Ask::PutTile { .. })))
        .count();
    let tiles = s.weaving_pile.len()
        + s.start_weavings.len()
        + s.offer.tiles.len()
        + pending_tiles
        + s.players
            .iter()
            .map(|p| p.tapestries.iter().map(Vec::len).sum::<usize>())
            .sum::<usize>();
    if tiles != eligible {
        return Err(format!("weavings: {tiles} instead of {eligible}"));
    }
    let prod = s.prod_pile.len()
        + s.market_prod.len()
        + s.players.iter().map(|p| p.production.len()).sum::<usize>();
    let pass = s.pass_pile.len()
        + s.market_pass.len()
        + s.players.iter().map(|p| p.passive.len()).sum::<usize>();
    if prod != d.production.len() || pass != d.passive.len() {
        return Err(format!("buildings: {prod}/{pass}"));
    }
    Ok(())
}
