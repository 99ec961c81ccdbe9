//! Cuzco (Kiesling & Kramer, 2018; the re-working of Java) as a quipu game: options, whose
//! turn it is, and the invariants; the legal decisions live in `legal.rs`, applying them in
//! `apply/`, scoring in `scoring.rs`, the views in `view.rs` (see NOTES.md).

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
    parse, Event, Game, GameInfo, InternalError, MoveSummary, OptionDoc, Options, Outcome,
    ParseError, RuleError, Seat, SetupError, Text, Variant, View,
};
use command::{seat_name, Command};
use state::{Cover, Phase, State};

/// The Cuzco game.
#[derive(Default)]
pub struct Cuzco;

impl Game for Cuzco {
    type State = State;
    type Command = Command;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "cuzco",
            title: "Cuzco",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionDoc { key: "board", values: &[], default: "", help: "Another board file, chosen by the operator; by default the built-in board.", help_ko: "다른 게임판 파일(운영자만 정함). 기본값은 내장 게임판." },
                OptionDoc { key: "build_markers", values: &["stack", "top"], default: "stack", help: "A temple built directly at height 4 or more takes every lower marker too (stack) or only its own (top).", help_ko: "높이 4 이상에 바로 지은 사원이 아래 단계 마커도 모두 가져감(stack) 또는 자기 마커만 가져감(top)." },
                OptionDoc { key: "deck_empty", values: &["reshuffle", "none"], default: "reshuffle", help: "An empty festival deck is refilled from the discards under the face-up card (reshuffle) or stays empty (none).", help_ko: "빈 축제 더미를 펼쳐진 카드 아래의 버린 카드로 다시 채움(reshuffle) 또는 빈 채로 둠(none)." },
                OptionDoc { key: "sun_limit", values: &["off", "on"], default: "off", help: "Festivals need one of the 15 sun markers (on) or the count is not enforced (off).", help_ko: "축제에 태양 마커 15개 중 하나가 필요함(on) 또는 개수를 따지지 않음(off)." },
                OptionDoc {
                    key: "stacked_outside",
                    values: &["region", "free"],
                    default: "region",
                    help: "A tile stacked on tiles outside the region must still cover a region space (region) or may lie wholly outside (free).", help_ko: "지역 밖 타일 위에 쌓는 타일도 지역 칸을 덮어야 함(region) 또는 완전히 밖에 놓아도 됨(free).",
                },
                OptionDoc {
                    key: "jammed",
                    values: &["end", "skip"],
                    default: "end",
                    help: "A player who cannot place any tile at the start of a normal turn skips the placement; the end phase then begins after that turn (end), or the game just goes on (skip; a jammed board may then never end).", help_ko: "보통 차례 시작에 타일을 놓을 수 없는 플레이어는 놓기를 건너뜀. 그 차례 뒤 마지막 단계가 시작됨(end) 또는 게임이 그대로 계속됨(skip, 막힌 게임판이면 끝나지 않을 수 있음).",
                },
                OptionDoc { key: "outside_incas", values: &["yes", "no"], default: "yes", help: "Incas may stand on tile spaces outside the region (yes) or not (no).", help_ko: "잉카족이 지역 밖 타일 칸에 설 수 있음(yes) 또는 없음(no)." },
            ],
            variants: vec![Variant { options: "build_markers=top deck_empty=none sun_limit=on outside_incas=no stacked_outside=free", min_players: 2, max_players: 4 }],
        }
    }

    fn setup(&self, players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
        setup::new_game(players, options, seed)
    }

    fn to_act(&self, s: &State) -> Vec<Seat> {
        match &s.phase {
            Phase::Turn(t) => vec![Seat(usize::from(t.seat))],
            Phase::Festival(f) => vec![Seat(usize::from(f.current))],
            Phase::Over => vec![],
        }
    }

    fn legal(&self, s: &State, seat: Seat) -> Vec<Command> {
        legal::legal(s, seat.0)
    }

    fn words(&self) -> &'static crate::engine::parse::Vocabulary {
        &command::VOCABULARY
    }

    fn why_illegal(&self, s: &State, seat: Seat, words: &[&str]) -> Option<crate::engine::Text> {
        legal::why_illegal(s, seat.0, words)
    }

    fn parse(&self, s: &State, seat: Seat, text: &str) -> Result<Command, ParseError> {
        parse::read(
            text,
            &command::VOCABULARY,
            |words| command::canonical(&s.data.board, words),
            || self.legal(s, seat),
        )
    }

    fn offer(
        &self,
        _s: &State,
        _seat: Seat,
        legal: Vec<Command>,
    ) -> (Vec<Command>, Vec<MoveSummary>) {
        view::offer(legal)
    }

    fn apply(&self, s: &mut State, seat: Seat, command: &Command) -> Result<Vec<Event>, RuleError> {
        // Handlers may change part of the state before they refuse: they work on a copy.
        let mut next = s.clone();
        let events = apply::apply(&mut next, seat.0, command, apply::Trust::Check)?;
        *s = next;
        Ok(events)
    }

    fn is_legal(&self, s: &State, seat: Seat, command: &Command) -> bool {
        legal::is_legal(s, seat.0, command)
    }

    fn apply_legal(
        &self,
        s: &mut State,
        seat: Seat,
        command: &Command,
        events: &mut Vec<Event>,
    ) -> Result<(), InternalError> {
        // The engine applies to its one copy: no second copy here, and no second judgement
        // of what its legality check accepted.
        let done = apply::apply(s, seat.0, command, apply::Trust::Legal).map_err(|e| {
            InternalError::new(format!("the legal command '{command}' was refused: {e}"))
        })?;
        events.extend(done);
        Ok(())
    }

    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat)
    }

    fn seat_names(&self, s: &State) -> Vec<Text> {
        (0..s.players.len()).map(seat_name).collect()
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        scoring::outcome(s)
    }

    fn hidden_items(&self, s: &State, viewer: Option<Seat>) -> Vec<String> {
        let mut out = Vec::new();
        for (i, p) in s.players.iter().enumerate() {
            if Some(Seat(i)) == viewer {
                continue;
            }
            for &c in &p.hand {
                out.push(view::hand_line(c));
            }
        }
        out
    }

    fn revealed(&self, before: &State, after: &State, mover: Seat) -> bool {
        // The hidden items are the other seats' hands: while none of them
        // changed (every move but a play from a hand or a deal), nothing was
        // revealed to the mover.
        let others_same = before.players.len() == after.players.len()
            && before
                .players
                .iter()
                .zip(&after.players)
                .enumerate()
                .all(|(i, (p, q))| i == mover.0 || p.hand == q.hand);
        if others_same {
            return false;
        }
        crate::engine::revealed(self, before, after, mover)
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        check_invariants(s)
    }

    fn default_command(&self, s: &State, seat: Seat) -> Option<Command> {
        let legal = self.legal(s, seat);
        [Command::End, Command::Pass, Command::Drop]
            .into_iter()
            .find(|c| legal.contains(c))
    }

    fn determinize(&self, s: &State, seat: Seat, rng: &mut crate::engine::Rng) -> State {
        bot::determinize(s, seat, rng)
    }

    fn evaluate(&self, s: &State) -> Vec<f64> {
        bot::evaluate(s)
    }
}

/// Conservation of Incas, cards, tiles, markers and lakes, and the board's own rules.
fn check_invariants(s: &State) -> Result<(), String> {
    let d = &s.data;
    let c = &d.components;
    for (i, p) in s.players.iter().enumerate() {
        let on_board = s
            .spaces
            .iter()
            .filter(|sp| sp.inca == Some(i as u8))
            .count();
        if on_board + usize::from(p.incas_off) != usize::from(c.incas_per_player) {
            return Err(format!(
                "seat {}: {} Incas on the board + {} off != {}",
                i + 1,
                on_board,
                p.incas_off,
                c.incas_per_player
            ));
        }
    }
    for (i, p) in s.players.iter().enumerate() {
        if p.known.iter().any(|c| !p.hand.contains(c)) {
            return Err(format!("seat {}: a known card is not in the hand", i + 1));
        }
    }
    let mut cards: Vec<u8> = s.deck.iter().chain(&s.discard).copied().collect();
    for p in &s.players {
        cards.extend(&p.hand);
    }
    if let Phase::Festival(f) = &s.phase {
        for v in &f.played {
            cards.extend(v);
        }
    }
    cards.sort_unstable();
    if cards != (0..d.cards.len() as u8).collect::<Vec<_>>() {
        return Err(format!(
            "festival cards are not all there exactly once: {cards:?}"
        ));
    }
    let lakes = s.spaces.iter().filter(|sp| sp.cover == Cover::Lake).count();
    if lakes + usize::from(s.lakes_left) != usize::from(c.lake_tiles) {
        return Err(format!(
            "{lakes} lakes on the board + {} in supply != {}",
            s.lakes_left, c.lake_tiles
        ));
    }
    for (i, m) in c.marker.iter().enumerate() {
        let used: usize = s
            .spaces
            .iter()
            .filter(|sp| sp.temple > 0)
            .map(|sp| usize::from(sp.temple >= m.value))
            .sum::<usize>();
        let left = usize::from(s.markers.get(i).copied().unwrap_or(0));
        if s.rules.build_uses_stack && used + left != usize::from(m.count) {
            return Err(format!(
                "temple markers of value {}: {used} used + {left} left != {}",
                m.value, m.count
            ));
        }
        if left > usize::from(m.count) {
            return Err(format!("more markers of value {} than exist", m.value));
        }
    }
    for (i, sp) in s.spaces.iter().enumerate() {
        if (sp.inca.is_some() || sp.temple > 0) && !matches!(sp.cover, Cover::Tile(_)) {
            return Err(format!("cell {i} holds an Inca or temple without terrain"));
        }
        if sp.inca.is_some() && sp.temple > 0 {
            return Err(format!("cell {i} holds an Inca on a temple"));
        }
        if sp.temple > 0 && sp.cover != Cover::Tile(data::Terrain::Village) {
            return Err(format!("cell {i}: a temple on farm land"));
        }
    }
    let groups = legal::village_groups(s);
    for cells in &groups.cells {
        if cells.iter().filter(|&&c| s.space(c).temple > 0).count() > 1 {
            return Err("two temples in one city".into());
        }
    }
    if let Phase::Turn(t) = &s.phase {
        if t.drawn > c.draws_per_turn {
            return Err("too many cards drawn this turn".into());
        }
    }
    Ok(())
}
