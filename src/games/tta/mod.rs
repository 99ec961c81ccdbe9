//! Through the Ages (first edition, 2006) — the card engine with the
//! introductory, advanced and full games, after the Korean rulebook (seed
//! 004_9680d37650e49187).
//! The `Game` impl; NOTES.md maps the files.

pub mod apply;
mod bot;
pub mod command;
pub mod data;
pub mod legal;
pub mod picture;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod testkit;
pub mod view;

use crate::engine::{
    Event, Game, GameInfo, InternalError, OptionDoc, Options, Outcome, ParseError, RuleError, Seat,
    SetupError, Text, Variant, View,
};
use command::Command;
use state::{Mode, Phase, State};
pub use view::hidden::{hand_item, military_hand_item};

/// The `tta` game.
#[derive(Default)]
pub struct ThroughTheAges;

impl Game for ThroughTheAges {
    type State = State;
    type Command = Command;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "tta",
            title: "Through the Ages (first edition)",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionDoc {
                    key: "mode",
                    values: &["intro", "advanced", "full"],
                    default: "intro",
                    help: "intro = the introductory game (Ages A-I); advanced = Ages A-II with four Age III scoring events; full = Ages A-III with wars and resignation.", help_ko: "intro = 입문 게임(시대 A-I); advanced = 시대 A-II와 시대 III 득점 이벤트 4장; full = 시대 A-III, 전쟁과 기권 포함.",
                },
                OptionDoc {
                    key: "events",
                    values: &["round", "turn", "once"],
                    default: "round",
                    help: "Introductory events: one at the start player's turn each round from round 3 (round), one at every turn from round 3 (turn), or only one in round 3 (once).", help_ko: "입문 이벤트: 3라운드부터 라운드마다 시작 플레이어 차례에 하나(round), 3라운드부터 차례마다 하나(turn), 3라운드에 하나만(once).",
                },
                OptionDoc {
                    key: "start",
                    values: &["random", "1", "2", "3", "4"],
                    default: "random",
                    help: "The start player: drawn at random (random) or a seat number (1-4).", help_ko: "시작 플레이어: 무작위(random) 또는 자리 번호(1-4).",
                },
                OptionDoc {
                    key: "resign",
                    values: &["on", "off"],
                    default: "on",
                    help: "Full game: a player may resign at the start of a turn (on, the standard rule) or not (off).", help_ko: "본격 게임: 차례 시작 때 기권할 수 있음(on, 기본 규칙) 또는 없음(off).",
                },
                OptionDoc {
                    key: "corruption_variant",
                    values: &["on", "off"],
                    default: "off",
                    help: "Advanced and full games, when all players agree: in production a player may take one blue token fewer from a mine (`done spare MINE`) to keep a blue-bank section from emptying and so lose less to corruption; farms produce as usual (off = the standard rule; not with mode=intro).", help_ko: "숙련·본격 게임에서 모두 동의할 때: 생산할 때 광산 하나에서 파란 토큰을 하나 덜 생산해(`done spare MINE`, MINE은 광산 기술) 파란 저장소 구역을 남겨 부패로 잃는 것을 줄일 수 있습니다. 농장은 그대로 생산합니다(off = 기본 규칙; mode=intro에서는 쓸 수 없습니다).",
                },
                OptionDoc {
                    key: "cards",
                    values: &[],
                    default: "",
                    help: "Another first-edition card file, chosen by the operator (checked against the deck's totals).", help_ko: "다른 1판 카드 파일(운영자만 정함, 카드 수를 검사함).",
                },
            ],
            variants: vec![
                Variant { options: "mode=intro events=turn", min_players: 2, max_players: 4 },
                Variant { options: "events=once start=2", min_players: 2, max_players: 2 },
                Variant { options: "mode=advanced", min_players: 2, max_players: 4 },
                Variant { options: "mode=full", min_players: 2, max_players: 4 },
                Variant { options: "mode=full resign=off", min_players: 2, max_players: 4 },
                Variant { options: "mode=advanced corruption_variant=on", min_players: 2, max_players: 4 },
            ],
        }
    }

    fn setup(&self, players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
        setup::new_game(players, options, seed)
    }

    fn to_act(&self, s: &State) -> Vec<Seat> {
        match &s.phase {
            Phase::Over => Vec::new(),
            Phase::Actions | Phase::Political | Phase::Discard => vec![Seat(s.turn)],
            Phase::EventChoice { queue, choice, .. } if choice.at_once() => {
                queue.iter().map(|&q| Seat(q)).collect()
            }
            Phase::EventChoice { queue, .. } | Phase::Auction { queue, .. } => {
                queue.first().map(|&q| vec![Seat(q)]).unwrap_or_default()
            }
            Phase::Colonize { seat, .. } => vec![Seat(*seat)],
            Phase::Aggression(c) if c.defence.is_none() => vec![Seat(c.attacker)],
            Phase::Aggression(c) => vec![Seat(c.target)],
            Phase::Spoils { clash, .. } => vec![Seat(clash.attacker)],
            Phase::PactOffer { to, .. } => vec![Seat(*to)],
            Phase::War(c) if c.defence.is_none() => vec![Seat(c.attacker)],
            Phase::War(c) => vec![Seat(c.target)],
            Phase::WarLoss { loser, .. } => vec![Seat(*loser)],
        }
    }

    fn turn_of(&self, s: &State) -> Option<Seat> {
        (s.phase != Phase::Over).then_some(Seat(s.turn))
    }

    fn legal(&self, s: &State, seat: Seat) -> Vec<Command> {
        legal::legal(s, seat.0)
    }

    fn is_legal(&self, s: &State, seat: Seat, cmd: &Command) -> bool {
        legal::is_legal(s, seat.0, cmd)
    }

    fn words(&self) -> &'static crate::engine::parse::Vocabulary {
        &command::VOCABULARY
    }

    fn why_illegal(&self, s: &State, seat: Seat, words: &[&str]) -> Option<Text> {
        legal::why_illegal(s, seat.0, words)
    }

    fn parse(&self, s: &State, seat: Seat, text: &str) -> Result<Command, ParseError> {
        command::read(&s.data, text, || legal::legal(s, seat.0))
    }

    fn apply(&self, s: &mut State, seat: Seat, cmd: &Command) -> Result<Vec<Event>, RuleError> {
        apply::apply(s, seat.0, cmd)
    }

    fn apply_legal(
        &self,
        s: &mut State,
        seat: Seat,
        cmd: &Command,
        events: &mut Vec<Event>,
    ) -> Result<(), InternalError> {
        apply::apply_legal(s, seat.0, cmd, events)
            .ok_or_else(|| InternalError::new(format!("no handler could apply '{cmd}'")))
    }

    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat.map(|x| x.0))
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if s.phase != Phase::Over {
            return None;
        }
        if s.rules.mode != Mode::Intro {
            return Some(scoring::outcome_of_later_modes(s));
        }
        let scores: Vec<f64> = s.players.iter().map(|p| f64::from(p.culture)).collect();
        // The rulebook has no tie-break (spec §6.5): tied seats share the rank.
        Some(Outcome::ranked(
            scores,
            Vec::new(),
            Text::new(
                "The last Age I card entered the row; the round ended and the final bonus was scored. Most culture wins; ties are shared.",
                "마지막 1시대 카드가 나온 라운드가 끝나 보너스 점수를 계산했습니다. 문화 점수가 가장 높은 사람이 이기며, 동점은 공동 순위입니다.",
            ),
        ))
    }

    fn hidden_items(&self, s: &State, viewer: Option<Seat>) -> Vec<String> {
        view::hidden::hidden_items(s, viewer)
    }

    fn revealed(&self, before: &State, after: &State, mover: Seat) -> bool {
        view::hidden::revealed(self, before, after, mover)
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        for (i, p) in s.players.iter().enumerate() {
            let on_cards: u32 = p.techs.iter().map(|t| u32::from(t.workers)).sum();
            let yellow = on_cards + u32::from(p.yellow_bank) + u32::from(p.workers);
            let owned = legal::yellow_owned(&s.data, p);
            if yellow != u32::from(owned) {
                return Err(format!(
                    "seat {}: {yellow} yellow tokens, not {owned}",
                    i + 1
                ));
            }
            let blue: u32 = p.techs.iter().map(|t| u32::from(t.blue)).sum::<u32>()
                + u32::from(p.blue_bank)
                + p.wonder.as_ref().map(|w| u32::from(w.built)).unwrap_or(0);
            let owned = legal::blue_owned(&s.data, p, s.rules.mode);
            if blue != u32::from(owned) {
                return Err(format!("seat {}: {blue} blue tokens, not {owned}", i + 1));
            }
            if p.science < 0 || p.science > data::SCIENCE_CAP || p.culture < 0 {
                return Err(format!(
                    "seat {}: science {} or culture {} out of bounds",
                    i + 1,
                    p.science,
                    p.culture
                ));
            }
            let mut ages = p.leader_ages.clone();
            ages.sort();
            ages.dedup();
            if ages.len() != p.leader_ages.len() {
                return Err(format!("seat {}: two leaders taken in one age", i + 1));
            }
        }
        if s.row.len() != data::ROW_COSTS.len() {
            return Err(format!("the card row has {} slots", s.row.len()));
        }
        // Every civil card is in a deck, the row, a hand, in play or boxed.
        let civil = |id: &data::CardId| s.data.card(*id).is_some_and(|c| c.raw.deck == "civil");
        let mut count =
            s.row.iter().flatten().count() + s.civil_decks.iter().map(Vec::len).sum::<usize>();
        for p in &s.players {
            count += p.hand.len()
                + p.techs.iter().filter(|t| civil(&t.card)).count()
                + p.specials.len()
                + usize::from(civil(&p.government))
                + usize::from(p.leader.is_some())
                + p.wonders.len()
                + usize::from(p.wonder.is_some());
        }
        let out: u32 = s.boxed + s.players.iter().map(|p| p.discarded).sum::<u32>();
        if count as u32 + out != s.civil_cards {
            return Err(format!(
                "{} civil cards accounted for, {} in the game",
                count as u32 + out,
                s.civil_cards
            ));
        }
        // Every military card is in a deck, an event pile or the box unseen.
        let military = s.events.len()
            + s.players
                .iter()
                .map(|p| p.military_hand.len() + p.colonies.len())
                .sum::<usize>()
            + usize::from(matches!(
                s.phase,
                Phase::Auction { .. }
                    | Phase::Colonize { .. }
                    | Phase::Aggression(_)
                    | Phase::Spoils { .. }
                    | Phase::PactOffer { .. }
                    | Phase::War(_)
                    | Phase::WarLoss { .. }
            ))
            + s.wars.len()
            + s.players
                .iter()
                .map(|p| p.pacts.iter().filter(|x| x.offered).count())
                .sum::<usize>()
            + s.players.iter().filter(|p| p.tactic.is_some()).count()
            + s.military_discards.iter().map(Vec::len).sum::<usize>()
            + s.military_boxed as usize
            + s.military_boxed_open.len()
            + s.past_events.len()
            + s.future_events.len()
            + s.scoring_events.len()
            + s.removed.len()
            + s.military_decks.iter().map(Vec::len).sum::<usize>();
        let in_game = setup::military_cards(&s.data, s.rules.mode, s.players.len())?;
        if military != in_game {
            return Err(format!(
                "{military} military cards accounted for, {in_game} in the game"
            ));
        }
        if s.rules.mode == Mode::Intro && in_game != data::INTRO_EVENTS {
            return Err(format!("{in_game} events, not {}", data::INTRO_EVENTS));
        }
        Ok(())
    }

    /// A seat that leaves resigns (full game, L3076-3094; the advanced game
    /// by the same rule, a reading): skipped and not scored. The
    /// introductory game cannot go on without it.
    fn drop_seat(&self, s: &mut State, seat: Seat) -> bool {
        if s.rules.mode == Mode::Intro
            || s.phase == Phase::Over
            || s.players.get(seat.0).is_none_or(|p| p.resigned)
            || apply::resign::playing(s) <= 2
        {
            return false;
        }
        apply::resign::leave(s, seat.0, &mut Vec::new());
        true
    }

    /// A newcomer takes over a civilization that left: it plays again from
    /// its next turn.
    fn restore_seat(&self, s: &mut State, seat: Seat) -> bool {
        match s.players.get_mut(seat.0) {
            Some(p) if p.resigned && s.phase != Phase::Over => {
                p.resigned = false;
                true
            }
            _ => false,
        }
    }

    fn default_command(&self, s: &State, seat: Seat) -> Option<Command> {
        let legal = legal::legal(s, seat.0);
        // No political action, no bid, no unit sent, no defence, no card
        // taken; a discard, payment, spoil or event loss due takes the first
        // listed (event losses list the least harmful first, NOTES.md).
        [
            Command::Skip,
            Command::NoBid,
            Command::NoSacrifice,
            Command::NoDefence,
            Command::GiveScience,
            Command::Refuse,
            Command::Done,
            Command::ChooseDecline,
            Command::ChooseFood,
        ]
        .into_iter()
        .find(|c| legal.contains(c))
        .or_else(|| even_split(&legal))
        .or_else(|| {
            legal
                .iter()
                .find(|c| {
                    matches!(
                        c,
                        Command::Discard(_)
                            | Command::Sacrifice(_)
                            | Command::Bonus(_)
                            | Command::Seize(..)
                            | Command::Destroy(_)
                            | Command::Annex(_)
                            | Command::Choose(_)
                            | Command::DestroyAt(..)
                    )
                })
                .cloned()
        })
    }

    fn determinize(&self, s: &State, seat: Seat, rng: &mut crate::engine::Rng) -> State {
        bot::determinize(s, seat, rng)
    }

    fn evaluate(&self, s: &State) -> Vec<f64> {
        bot::evaluate(s)
    }
}

/// The timeout default among splits: the most even one, more food on a
/// tie (a reading, NOTES.md).
fn even_split(legal: &[Command]) -> Option<Command> {
    legal
        .iter()
        .filter_map(|c| match c {
            Command::ChooseSplit { food, resources } => {
                Some((food.abs_diff(*resources), std::cmp::Reverse(*food), c))
            }
            _ => None,
        })
        .min_by_key(|&(d, f, _)| (d, f))
        .map(|(_, _, c)| c.clone())
}
