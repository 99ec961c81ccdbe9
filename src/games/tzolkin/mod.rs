//! Tzolk'in: The Mayan Calendar (Daniele Tascini, Simone Luciani; CGE 2012),
//! for 2 to 4 players, following the Korean rulebook (DiceTree 2017). This
//! module is the `Game` implementation: options, turn flow glue, events and
//! invariants. NOTES.md says which module owns what.

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

pub use data::seat_name;

use crate::engine::{
    Event, Game, GameInfo, InternalError, OptionDoc, Options, Outcome, ParseError, RuleError, Seat,
    SetupError, Shared, Text, Variant, View,
};
use apply::event::{self, Before};
use command::Command;
use data::Data;
use state::{Phase, Rules, State, NONE};
use std::sync::Arc;

#[derive(Default)]
pub struct Tzolkin;

/// The options that pick a reading of a data point (spec 10), with their default.
const DATA_READINGS: [(&str, &str); 5] = [
    ("s05_wood", "1"),
    ("a2_04_cost", "stone"),
    ("a2_14_vp", "3"),
    ("a1_farm_cost", "wood"),
    ("m13_category", "holy"),
];

fn load_data(options: &Options) -> Result<Arc<Data>, SetupError> {
    let base = match options.get("data") {
        None => data::default_data()?,
        Some(path) => {
            let text = crate::engine::read_data_file(path.as_ref()).map_err(SetupError::Data)?;
            Arc::new(Data::from_toml(path, &text)?)
        }
    };
    let chosen: Vec<(String, String)> = DATA_READINGS
        .iter()
        .filter_map(|(k, default)| {
            options
                .get(k)
                .filter(|v| v != default)
                .map(|v| (k.to_string(), v.to_string()))
        })
        .collect();
    if chosen.is_empty() {
        Ok(base)
    } else {
        Ok(Arc::new(base.with_alternatives(&chosen)?))
    }
}

impl Tzolkin {
    fn rules_from(options: &Options) -> Rules {
        Rules {
            theo_chi9: options.get_or("theo_chi9", "allow") == "allow",
            floor_corn: options.get_or("corn_points", "quarter") == "floor",
            dummies_block: options.get_or("dummies_block", "no") == "yes",
        }
    }

    /// Splits a written-out command into the single decisions it stands for.
    fn steps(cmd: &Command) -> Vec<Command> {
        match *cmd {
            Command::Place { targets, n } if n > 1 => targets
                .iter()
                .take(n as usize)
                .map(|&t| Command::Place {
                    targets: [t, 0, 0, 0, 0, 0],
                    n: 1,
                })
                .collect(),
            Command::Trade { buy, res, n } if n > 1 => {
                (0..n).map(|_| Command::Trade { buy, res, n: 1 }).collect()
            }
            c => vec![c],
        }
    }

    fn refuse(s: &State, seat: usize, cmd: &Command) -> RuleError {
        let legal = legal::legal(s, seat);
        let some: Vec<String> = legal.iter().take(6).map(|c| c.to_string()).collect();
        if legal.is_empty() {
            return RuleError::new(
                format!("'{cmd}' is not possible: it is not your decision now."),
                format!("'{cmd}'은(는) 할 수 없습니다. 지금은 당신이 결정할 차례가 아닙니다."),
            );
        }
        RuleError::new(
            format!(
                "'{cmd}' is not allowed now. Allowed are, for example: {}.",
                some.join("; ")
            ),
            format!(
                "'{cmd}'은(는) 지금 할 수 없습니다. 가능한 명령 예: {}.",
                some.join("; ")
            ),
        )
    }

    /// Applies one single decision after checking it is legal.
    fn step(
        s: &mut State,
        seat: usize,
        cmd: &Command,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if !legal::is_legal(s, seat, cmd) {
            return Err(Self::refuse(s, seat, cmd));
        }
        let before = Before::of(s, seat, cmd);
        apply::exec(s, seat, cmd).map_err(|e| {
            RuleError::new(
                format!("The rules engine failed: {e}"),
                format!("규칙 엔진 오류: {e}"),
            )
        })?;
        event::events(s, seat, cmd, &before, events);
        Ok(())
    }
}

impl Game for Tzolkin {
    type State = State;
    type Command = Command;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "tzolkin",
            title: "Tzolk'in: The Mayan Calendar",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionDoc { key: "data", values: &[], default: "", help: "Another component data file, chosen by the operator (same shape as the built-in one).", help_ko: "다른 구성물 데이터 파일(운영자만 정함, 기본 파일과 같은 형식)." },
                OptionDoc {
                    key: "corn_points",
                    values: &["quarter", "floor"],
                    default: "quarter",
                    help: "Corn left at the end: exact quarter points for each corn (quarter), or whole points only (floor).", help_ko: "게임 끝에 남은 옥수수: 옥수수마다 정확히 1/4점(quarter) 또는 온전한 점수만(floor).",
                },
                OptionDoc {
                    key: "theo_chi9",
                    values: &["allow", "deny"],
                    default: "allow",
                    help: "Theology level 1 lets a worker on Chichen Itza 9 use the free choice of space 10 (allow) or not (deny).", help_ko: "신학 1단계가 있으면 치첸 이차 9의 일꾼이 10번 칸의 자유 선택을 쓸 수 있음(allow) 또는 없음(deny).",
                },
                OptionDoc {
                    key: "dummies_block",
                    values: &["no", "yes"],
                    default: "no",
                    help: "Dummy workers on space 6 or Chichen Itza 9 forbid advancing the calendar two days (yes) or not (no).", help_ko: "6번 칸이나 치첸 이차 9의 더미 일꾼이 달력을 이틀 돌리는 것을 막음(yes) 또는 막지 않음(no).",
                },
                OptionDoc { key: "m13_category", values: &["holy", "tomb"], default: "holy", help: "Category of monument M13: holy site (holy) or tomb (tomb).", help_ko: "기념비 M13의 종류: 성지(holy) 또는 무덤(tomb)." },
                OptionDoc { key: "s05_wood", values: &["1", "0"], default: "1", help: "Wood on starting wealth tile S05: 1 or 0.", help_ko: "시작 재산 타일 S05의 나무: 1개 또는 0개." },
                OptionDoc { key: "a2_04_cost", values: &["stone", "gold"], default: "stone", help: "Cost of building A2-04: 3 stone (stone) or 3 gold (gold).", help_ko: "건물 A2-04의 비용: 돌 3개(stone) 또는 금 3개(gold)." },
                OptionDoc { key: "a2_14_vp", values: &["3", "0"], default: "3", help: "Victory points of building A2-14: 3 or 0.", help_ko: "건물 A2-14의 승점: 3점 또는 0점." },
                OptionDoc { key: "a1_farm_cost", values: &["wood", "corn"], default: "wood", help: "Cost of the farms A1-04 and A1-05: 4 wood (wood) or 4 corn (corn).", help_ko: "농장 A1-04, A1-05의 비용: 나무 4개(wood) 또는 옥수수 4개(corn)." },
            ],
            variants: vec![
                Variant { options: "corn_points=floor theo_chi9=deny m13_category=tomb dummies_block=yes", min_players: 2, max_players: 4 },
                Variant { options: "s05_wood=0 a2_04_cost=gold a2_14_vp=0 a1_farm_cost=corn", min_players: 2, max_players: 4 },
            ],
        }
    }

    fn setup(&self, players: usize, options: &Options, seed: u64) -> Result<State, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::PlayerCount {
                game: "tzolkin",
                min: 2,
                max: 4,
                got: players,
            });
        }
        let data = load_data(options)?;
        if data.tiles.len() < players * 4 + 1 {
            return Err(SetupError::Data(
                "not enough starting wealth tiles for this many players".into(),
            ));
        }
        Ok(setup::setup(
            Shared::new(data),
            Self::rules_from(options),
            players,
            seed,
        ))
    }

    fn to_act(&self, s: &State) -> Vec<Seat> {
        match s.phase() {
            Phase::Choose => (0..s.n)
                .filter(|&i| s.players[i].kept[0] == NONE)
                .map(Seat)
                .collect(),
            Phase::Turn => vec![Seat(s.active())],
            Phase::Advance => s.seat_on_start().map(Seat).into_iter().collect(),
            Phase::Over => vec![],
        }
    }

    fn legal(&self, s: &State, seat: Seat) -> Vec<Command> {
        legal::legal(s, seat.0)
    }

    fn words(&self) -> &'static crate::engine::parse::Vocabulary {
        &command::VOCABULARY
    }

    fn parse(&self, s: &State, seat: Seat, text: &str) -> Result<Command, ParseError> {
        command::read(text, || legal::legal(s, seat.0))
    }

    fn apply(&self, s: &mut State, seat: Seat, cmd: &Command) -> Result<Vec<Event>, RuleError> {
        if seat.0 >= s.n {
            return Err(RuleError::new(
                "There is no such seat.",
                "그런 자리는 없습니다.",
            ));
        }
        let steps = Self::steps(cmd);
        let mut events = Vec::new();
        if steps.len() == 1 {
            Self::step(s, seat.0, cmd, &mut events)?;
        } else {
            let mut next = s.clone();
            for c in &steps {
                Self::step(&mut next, seat.0, c, &mut events)?;
            }
            *s = next;
        }
        Ok(events)
    }

    fn why_illegal(&self, s: &State, seat: Seat, words: &[&str]) -> Option<Text> {
        legal::why_illegal(s, seat.0, words)
    }

    fn is_legal(&self, s: &State, seat: Seat, cmd: &Command) -> bool {
        legal::is_legal(s, seat.0, cmd)
    }

    fn apply_legal(
        &self,
        s: &mut State,
        seat: Seat,
        cmd: &Command,
        events: &mut Vec<Event>,
    ) -> Result<(), InternalError> {
        for c in &Self::steps(cmd) {
            let before = Before::of(s, seat.0, c);
            apply::exec(s, seat.0, c)?;
            event::events(s, seat.0, c, &before, events);
        }
        Ok(())
    }

    fn apply_quiet(&self, s: &mut State, seat: Seat, cmd: &Command) -> Result<(), InternalError> {
        for c in &Self::steps(cmd) {
            apply::exec(s, seat.0, c)?;
        }
        Ok(())
    }

    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        view::view(s, seat.map(|x| x.0))
    }

    fn seat_names(&self, s: &State) -> Vec<Text> {
        (0..s.players.len()).map(data::seat_name).collect()
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if s.phase() != Phase::Over {
            return None;
        }
        let finals = scoring::finals(s);
        let scores: Vec<f64> = finals.iter().map(|f| f.quarters as f64 / 4.0).collect();
        let tiebreak: Vec<f64> = finals
            .iter()
            .map(|f| f64::from(f.tiebreak_workers))
            .collect();
        let parts: Vec<Text> = (0..s.n)
            .map(|i| {
                let n = seat_name(i);
                Text::new(
                    format!("{} {}", n.en, scores[i]),
                    format!("{} {}", n.ko, scores[i]),
                )
            })
            .collect();
        let summary = Text::join(&parts, ", ");
        Some(Outcome::ranked(
            scores,
            tiebreak,
            Text::new(
                format!(
                    "Final scores: {}. Ties go to the most workers left on the gears.",
                    summary.en
                ),
                format!(
                    "최종 점수: {}. 동점이면 기어에 남은 일꾼이 많은 사람이 이깁니다.",
                    summary.ko
                ),
            ),
        ))
    }

    fn hidden_items(&self, s: &State, viewer: Option<Seat>) -> Vec<String> {
        view::hidden_items(s, viewer.map(|x| x.0))
    }

    fn revealed(&self, before: &State, after: &State, mover: Seat) -> bool {
        // The hidden items are read from the piles, the unbuilt monuments and
        // the wealth tiles dealt: a move that changes none of them (nearly
        // every move) reveals nothing, without building the lists.
        if hidden_inputs_equal(before, after) {
            return false;
        }
        building_left_piles(before, after)
            || monument_shown(before, after)
            || tile_shown(before, after, mover.0)
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        invariants(s)
    }

    fn default_command(&self, s: &State, seat: Seat) -> Option<Command> {
        let legal = legal::legal(s, seat.0);
        let pref = [
            Command::End,
            Command::Skip,
            Command::Done,
            Command::Advance(1),
        ];
        pref.iter()
            .find(|c| legal.contains(c))
            .copied()
            .or_else(|| {
                legal
                    .iter()
                    .find(|c| matches!(c, Command::Keep(..)))
                    .copied()
            })
    }

    fn determinize(&self, s: &State, seat: Seat, rng: &mut crate::engine::Rng) -> State {
        bot::determinize(s, seat, rng)
    }

    fn evaluate(&self, s: &State) -> Vec<f64> {
        bot::evaluate(s)
    }
}

/// Whether everything `view::hidden_items` reads is the same in both states.
fn hidden_inputs_equal(a: &State, b: &State) -> bool {
    let choosing = |s: &State| s.phase() == Phase::Choose;
    a.piles == b.piles
        && a.monuments == b.monuments
        && choosing(a) == choosing(b)
        && a.players.len() == b.players.len()
        && a.players
            .iter()
            .zip(&b.players)
            .all(|(p, q)| p.monuments == q.monuments && p.dealt == q.dealt && p.kept == q.kept)
}

/// A building id in `before`'s face-down piles that `after`'s piles lack.
fn building_left_piles(before: &State, after: &State) -> bool {
    fn id(s: &State, b: u8) -> Option<&str> {
        s.data.buildings.get(b as usize).map(|x| x.id.as_str())
    }
    let in_after = |name: Option<&str>| after.piles.iter().flatten().any(|&a| id(after, a) == name);
    before
        .piles
        .iter()
        .flatten()
        .any(|&b| id(before, b).is_some() && !in_after(id(before, b)))
}

/// A monument hidden in `before` (neither built nor on offer) that is not in `after`.
fn monument_shown(before: &State, after: &State) -> bool {
    let hidden = |s: &State, m: usize| {
        let built = s.players.iter().any(|p| p.monuments & (1 << m) != 0);
        !built && !s.monuments.contains(&(m as u8))
    };
    (0..before.data.monuments.len()).any(|m| hidden(before, m) && !hidden(after, m))
}

/// A wealth tile of another seat hidden from `mover` in `before` but not in `after`.
fn tile_shown(before: &State, after: &State, mover: usize) -> bool {
    let hidden_tiles = |s: &State| -> Vec<u8> {
        let mut out = Vec::new();
        let others = s.players.iter().enumerate().filter(|&(i, _)| i != mover);
        for (_, p) in others {
            for &t in &p.dealt {
                let shown = s.phase() != Phase::Choose && p.kept.contains(&t);
                if !shown && (t as usize) < s.data.tiles.len() {
                    out.push(t);
                }
            }
        }
        out
    };
    fn id(s: &State, t: u8) -> Option<&str> {
        s.data.tiles.get(t as usize).map(|x| x.id.as_str())
    }
    let now = hidden_tiles(after);
    hidden_tiles(before)
        .into_iter()
        .any(|t| !now.iter().any(|&u| id(after, u) == id(before, t)))
}

/// Conservation and bounds: workers, skulls, jungle tiles, corn and goods.
pub fn invariants(s: &State) -> Result<(), String> {
    let g = &s.data.general;
    for (i, p) in s.players.iter().enumerate() {
        let total = s.active_workers(i) + p.supply;
        if total != g.workers_per_player {
            return Err(format!(
                "seat {i} has {total} workers, not {}",
                g.workers_per_player
            ));
        }
        if p.corn < 0 || p.res.iter().any(|&r| r < 0) || p.skulls < 0 {
            return Err(format!("seat {i} holds negative goods: {p:?}"));
        }
        for (t, temple) in s.data.temples.iter().enumerate() {
            if p.temple[t] as usize > temple.top() {
                return Err(format!("seat {i} is above the top of temple {t}"));
            }
        }
        if p.tech.iter().any(|&l| l > 3) {
            return Err(format!("seat {i} has a tech above level 3"));
        }
    }
    let skulls: i32 =
        s.players.iter().map(|p| p.skulls).sum::<i32>() + s.skulls_on_chi() as i32 + s.skull_supply;
    if skulls != g.skulls || s.skull_supply < 0 {
        return Err(format!("{skulls} skulls in the game, not {}", g.skulls));
    }
    for t in 0..3 {
        let top = s.data.temples[t].top() as u8;
        if s.players.iter().filter(|p| p.temple[t] == top).count() > 1 {
            return Err(format!("two players on the top of temple {t}"));
        }
    }
    let n = s.n as u32;
    let corn_tiles: u32 = s
        .players
        .iter()
        .map(|p| u32::from(p.corn_tiles))
        .sum::<u32>()
        + s.jungle
            .iter()
            .map(|j| u32::from(j[0]) + u32::from(j[1]))
            .sum::<u32>();
    let wood_groups = s.data.jungle_wood.iter().filter(|&&w| w > 0).count() as u32;
    let wood_tiles: u32 = s
        .players
        .iter()
        .map(|p| u32::from(p.wood_tiles))
        .sum::<u32>()
        + u32::from(s.burned)
        + s.jungle.iter().map(|j| u32::from(j[0])).sum::<u32>();
    if corn_tiles != 4 * n || wood_tiles != wood_groups * n {
        return Err(format!(
            "jungle tiles not conserved: {corn_tiles} corn, {wood_tiles} wood"
        ));
    }
    if s.jungle
        .iter()
        .any(|j| u32::from(j[0]) + u32::from(j[1]) > n)
    {
        return Err("a jungle group holds more stacks than spaces".into());
    }
    let mut seen = 0u64;
    let built: u32 = s.players.iter().fold(0, |a, p| a | p.buildings);
    for &b in s
        .display
        .iter()
        .chain(s.piles[0].iter())
        .chain(s.piles[1].iter())
    {
        if b == NONE {
            continue;
        }
        if seen & (1 << b) != 0 || built & (1 << b) != 0 {
            return Err(format!("building {b} is in two places"));
        }
        seen |= 1 << b;
    }
    if s.players
        .iter()
        .map(|p| p.buildings.count_ones())
        .sum::<u32>()
        != built.count_ones()
    {
        return Err("a building was built twice".into());
    }
    if s.day as usize > 40 {
        return Err(format!("day {} is past the end of the calendar", s.day));
    }
    Ok(())
}
