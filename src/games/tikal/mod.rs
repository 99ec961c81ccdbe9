//! Tikal (the basic game, the auction version and Mini-Tikal) under the
//! engine contract. Rules: the Korean rulebook `001_f3e3853131678f46.txt`,
//! specified in `shared/rules/tikal.md`; see NOTES.md here.

mod apply;
mod bot;
pub mod command;
pub mod data;
pub mod legal;
mod picture;
pub mod scoring;
mod setup;
pub mod state;
pub mod testkit;
mod view;

use crate::engine::{
    Event, Game, GameInfo, InternalError, OptionDoc, Options, Outcome, ParseError, RuleError, Seat,
    SetupError, Text, Variant, View,
};
use command::Command;
use data::{Kind, TEMPLE_TILES};
use state::{LeaderAt, Mode, Phase, State};

/// The game, registered as `tikal`.
#[derive(Default)]
pub struct Tikal;

impl Game for Tikal {
    type State = State;
    type Command = Command;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "tikal",
            title: "Tikal",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionDoc { key: "auction", values: &["off", "on"], default: "off", help: "The auction version of the game (on) or the basic game (off).", help_ko: "경매판으로 하기(on) 또는 기본 게임(off)." },
                OptionDoc { key: "mini", values: &["off", "on"], default: "off", help: "Mini-Tikal, the short two-player game with auctions (on), or not (off).", help_ko: "미니 티칼: 경매가 있는 짧은 2인 게임(on) 또는 아님(off)." },
                OptionDoc {
                    key: "camp",
                    values: &["member", "free"],
                    default: "member",
                    help: "A camp needs a member standing on its hex (member) or no member (free).", help_ko: "캠프를 세우려면 그 지형에 탐험대원이 있어야 함(member) 또는 필요 없음(free).",
                },
                OptionDoc {
                    key: "guarded",
                    values: &["owner", "shared"],
                    default: "owner",
                    help: "A guarded temple scores only for its guard's owner (owner) or also for the strongest force there (shared).", help_ko: "경비된 사원의 점수: 경비 주인만(owner) 또는 그곳의 가장 강한 세력도(shared).",
                },
                OptionDoc {
                    key: "final_start",
                    values: &["next", "placer"],
                    default: "next",
                    help: "The basic game's final round starts with the player after the last placer, who goes last (next), or with the last placer, as after a volcano (placer).", help_ko: "기본 게임의 마지막 라운드: 마지막으로 타일을 놓은 사람의 다음 사람부터 시작해 그 사람이 마지막(next), 또는 화산 때처럼 마지막으로 놓은 사람부터(placer).",
                },
                OptionDoc {
                    key: "final_tie",
                    values: &["placer_last", "placer_first"],
                    default: "placer_last",
                    help: "The auction version's final round, tied scores: the last placer counts as having reached the score last (placer_last) or first (placer_first).", help_ko: "경매판 마지막 라운드의 동점: 마지막으로 놓은 사람이 그 점수에 나중에 도달한 것으로(placer_last) 또는 먼저 도달한 것으로(placer_first) 봄.",
                },
                OptionDoc {
                    key: "volcano_link",
                    values: &["no", "yes"],
                    default: "no",
                    help: "A new hex's stone on an edge towards a volcano counts as its required connection (yes) or not (no).", help_ko: "화산 쪽 변의 돌길이 새 지형의 필수 연결로 인정됨(yes) 또는 안 됨(no).",
                },
                OptionDoc {
                    key: "opener",
                    values: &["spoke", "bid"],
                    default: "spoke",
                    help: "Auction version: a new round is opened by the neighbour of the previous round's first speaker (spoke) or of its first actual bidder (bid).", help_ko: "경매판: 새 라운드는 지난 라운드에 처음 말한 사람(spoke) 또는 처음 실제로 입찰한 사람(bid)의 옆 사람이 시작함.",
                },
                OptionDoc { key: "tiles", values: &[], default: "built-in substitute", help: "Another tile file, chosen by the operator.", help_ko: "다른 타일 파일(운영자만 정함)." },
                OptionDoc { key: "board", values: &[], default: "built-in substitute", help: "Another board file, chosen by the operator.", help_ko: "다른 게임판 파일(운영자만 정함)." },
            ],
            variants: vec![
                Variant { options: "auction=on", min_players: 2, max_players: 4 },
                Variant { options: "mini=on", min_players: 2, max_players: 2 },
                Variant { options: "auction=on final_tie=placer_first camp=free opener=bid", min_players: 3, max_players: 3 },
                Variant { options: "camp=free guarded=shared final_start=placer volcano_link=yes", min_players: 3, max_players: 3 },
            ],
        }
    }

    fn setup(&self, players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
        setup::new_game(players, options, seed)
    }

    fn to_act(&self, s: &State) -> Vec<Seat> {
        match &s.phase {
            Phase::Over => vec![],
            Phase::Bid => s
                .auction
                .as_ref()
                .map(|a| vec![Seat(a.bidder as usize)])
                .unwrap_or_default(),
            _ => vec![Seat(s.active as usize)],
        }
    }

    fn legal(&self, s: &State, seat: Seat) -> Vec<Command> {
        if !self.to_act(s).contains(&seat) {
            return Vec::new();
        }
        legal::legal(s, seat.0)
    }

    fn is_legal(&self, s: &State, seat: Seat, c: &Command) -> bool {
        self.to_act(s).contains(&seat) && legal::is_legal(s, seat.0, c)
    }

    fn words(&self) -> &'static crate::engine::parse::Vocabulary {
        &command::VOCABULARY
    }

    fn why_illegal(&self, s: &State, seat: Seat, words: &[&str]) -> Option<crate::engine::Text> {
        legal::why_illegal(s, seat.0, words)
    }

    fn parse(&self, s: &State, seat: Seat, text: &str) -> Result<Command, ParseError> {
        command::parse_command(s, || self.legal(s, seat), text)
    }

    fn apply(&self, s: &mut State, seat: Seat, c: &Command) -> Result<Vec<Event>, RuleError> {
        if !self.to_act(s).contains(&seat) {
            return Err(RuleError::new(
                "It is not your turn to decide.",
                "지금은 당신이 결정할 차례가 아닙니다.",
            ));
        }
        apply::apply(s, seat.0, c)
    }

    fn apply_legal(
        &self,
        s: &mut State,
        seat: Seat,
        c: &Command,
        events: &mut Vec<Event>,
    ) -> Result<(), InternalError> {
        let done = apply::apply(s, seat.0, c)
            .map_err(|e| InternalError::new(format!("the legal command '{c}' was refused: {e}")))?;
        events.extend(done);
        Ok(())
    }

    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat)
    }

    fn seat_names(&self, s: &State) -> Vec<Text> {
        (0..s.players).map(command::seat_name).collect()
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if !s.is_over() {
            return None;
        }
        let scores: Vec<f64> = s.people.iter().map(|p| p.score as f64).collect();
        // No tie-breaker in the rulebook (spec 6.5): tied players share the rank.
        Some(Outcome::ranked(
            scores,
            vec![],
            Text::new(
                "Most points after the final scoring round wins; ties share the rank.",
                "마지막 득점 라운드 후 최고 득점자가 승리합니다. 동점은 공동 순위입니다.",
            ),
        ))
    }

    fn hidden_items(&self, s: &State, _viewer: Option<Seat>) -> Vec<String> {
        // The stack's hexes are unknown to everyone: their ids never appear in a view.
        s.stack
            .iter()
            .filter_map(|&t| s.data.tiles.get(t as usize))
            .map(|t| format!("{} ", t.id))
            .collect()
    }

    fn revealed(&self, before: &State, after: &State, _mover: Seat) -> bool {
        // The hidden items are the stack's tiles, the same for every seat: a
        // move reveals when a tile id of the stack before is not in it after.
        if before.stack == after.stack {
            return false;
        }
        fn id(s: &State, t: u8) -> Option<&str> {
            s.data.tiles.get(t as usize).map(|x| x.id.as_str())
        }
        // Tiles in the same place in both stacks are still hidden: only
        // those past the common bottom can have left it (a draw pops one).
        let same = before
            .stack
            .iter()
            .zip(&after.stack)
            .take_while(|(a, b)| a == b)
            .count();
        before.stack[same..].iter().any(|&t| {
            id(before, t).is_some() && !after.stack.iter().any(|&u| id(after, u) == id(before, t))
        })
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        invariants(s)
    }

    fn default_command(&self, s: &State, seat: Seat) -> Option<Command> {
        match s.phase {
            Phase::Act => Some(Command::End),
            Phase::Bid => Some(Command::Pass),
            _ => self.legal(s, seat).into_iter().next(),
        }
    }

    fn determinize(&self, s: &State, seat: Seat, rng: &mut crate::engine::Rng) -> State {
        bot::determinize(s, seat, rng)
    }

    fn evaluate(&self, s: &State) -> Vec<f64> {
        bot::evaluate(s)
    }
}

/// Conservation of pieces, tiles and discs, and the bounds of the rules.
fn invariants(s: &State) -> Result<(), String> {
    let pieces = s.rules.workers;
    for (p, who) in s.people.iter().enumerate() {
        let on_board: u32 = s
            .board
            .iter()
            .flatten()
            .map(|sp| sp.workers[p] as u32)
            .sum();
        if on_board + who.workers_supply as u32 + who.workers_gone as u32 != pieces as u32 {
            return Err(format!("seat {p}: workers do not add up to {pieces}"));
        }
        let leaders = s.board.iter().flatten().filter(|sp| sp.leader[p]).count();
        if leaders != usize::from(who.leader == LeaderAt::Board) {
            return Err(format!(
                "seat {p}: leader on {leaders} hexes but marked {:?}",
                who.leader
            ));
        }
        let camps = s
            .board
            .iter()
            .flatten()
            .filter(|sp| sp.camp == Some(p as u8))
            .count();
        if camps != who.camps as usize || who.camps > s.rules.camp_limit {
            return Err(format!(
                "seat {p}: {camps} camps on the board, {} counted",
                who.camps
            ));
        }
        let guards = s
            .board
            .iter()
            .flatten()
            .filter(|sp| sp.guard == Some(p as u8))
            .count();
        if guards != who.guards as usize || who.guards > s.rules.guard_limit {
            return Err(format!(
                "seat {p}: {guards} guards on the board, {} counted",
                who.guards
            ));
        }
        if who.score < 0 {
            return Err(format!("seat {p}: negative score"));
        }
    }
    for (n, (&start, &left)) in TEMPLE_TILES
        .iter()
        .zip(s.temple_tiles.iter())
        .enumerate()
        .skip(2)
    {
        let used = s
            .board
            .iter()
            .flatten()
            .filter(|sp| {
                s.data.tiles.get(sp.tile as usize).is_some_and(|t| {
                    t.kind == Kind::Temple && (t.value as usize) < n && n <= sp.value as usize
                })
            })
            .count();
        if used + left as usize != start as usize {
            return Err(format!("temple tiles '{n}' do not add up"));
        }
    }
    let pool: u32 = s.pool.iter().map(|&n| n as u32).sum();
    let held: u32 = s
        .people
        .iter()
        .flat_map(|p| p.treasures.iter())
        .map(|&n| n as u32)
        .sum();
    let lying: u32 = s.board.iter().flatten().map(|sp| sp.discs as u32).sum();
    if pool + held != s.discs_total as u32 || lying > pool {
        return Err(format!(
            "treasure discs: {pool} unseen + {held} held != {}, or {lying} on hexes",
            s.discs_total
        ));
    }
    if s.ap > data::cost::AP_PER_TURN {
        return Err("more than 10 AP".into());
    }
    let placed = s.board.iter().flatten().count();
    let in_play = s.data.stack_tiles(s.rules.mode == Mode::Mini).len() + s.data.printed().len();
    let waiting = s.stack.len() + s.display.len() + s.set_aside.len();
    let held_tile = match (&s.phase, &s.scoring) {
        (Phase::Place { .. }, _) => 1,
        (_, Some(sc)) if matches!(sc.kind, state::RoundKind::Volcano { .. }) => 1,
        _ => 0,
    };
    if placed + waiting + held_tile != in_play {
        return Err(format!(
            "hexes: {placed} placed + {waiting} waiting + {held_tile} in hand != {in_play}"
        ));
    }
    Ok(())
}
