//! The events of an applied decision, in words: the decision itself told
//! from the state before it (with what changed for its player), and what
//! followed from it (the reveal of kept tiles, food days, new buildings on
//! offer, the calendar, the end of the game).

use super::super::command::{Act, Command, Mode as ActMode, RES_IDS, START};
use super::super::data::{seat_name, Data, RES_EN, RES_KO};
use super::super::legal::lowest_empty;
use super::super::state::{Phase, Player, State};
use crate::engine::{Event, Seat, Shared, Text};

/// What the events of a decision need from the state before it was applied.
pub struct Before {
    player: Player,
    day: u8,
    food: u8,
    phase: Phase,
    piles: (usize, usize),
    /// The space a placement takes (the lowest empty one of its gear).
    pos: usize,
}

impl Before {
    /// Notes the state before `seat` applies `cmd`.
    pub fn of(s: &State, seat: usize, cmd: &Command) -> Before {
        let pos = match *cmd {
            Command::Place { targets, .. } if targets[0] != START => {
                lowest_empty(s, targets[0] as usize).unwrap_or(0)
            }
            Command::Pity(t) if t != START => lowest_empty(s, t as usize).unwrap_or(0),
            _ => 0,
        };
        Before {
            player: s.players[seat],
            day: s.day,
            food: s.food_done,
            phase: s.phase(),
            piles: (s.piles[0].len(), s.piles[1].len()),
            pos,
        }
    }
}

/// The events of `seat`'s decision `cmd`, now applied to `s`.
pub fn events(s: &State, seat: usize, cmd: &Command, before: &Before, events: &mut Vec<Event>) {
    decision(s, seat, cmd, before, events);
    consequences(s, before, events);
}

/// A decision as its event tells it, written when read: who, what, and
/// what changed for the player.
struct Decision {
    seat: usize,
    cmd: Command,
    phase: Phase,
    pos: usize,
    before: Player,
    after: Player,
    data: Shared<Data>,
}

impl Decision {
    fn text(&self) -> Text {
        let who = seat_name(self.seat);
        let words = describe(&self.data, self.phase, self.pos, &self.cmd);
        let cmd_text = self.cmd.to_string();
        let mut en = String::with_capacity(160);
        let mut ko = String::with_capacity(200);
        for (buf, name, words, colon) in [
            (&mut en, &who.en, &words.en, " "),
            (&mut ko, &who.ko, &words.ko, ": "),
        ] {
            buf.push_str(name);
            buf.push_str(colon);
            buf.push_str(words);
            buf.push_str(" [");
            buf.push_str(&cmd_text);
            buf.push(']');
        }
        changes_into(&self.before, &self.after, &mut en, &mut ko);
        en.push('.');
        ko.push('.');
        Text::new(en, ko)
    }
}

/// The decision itself: private for a starting-tile choice, public otherwise.
fn decision(s: &State, seat: usize, cmd: &Command, before: &Before, events: &mut Vec<Event>) {
    match cmd {
        Command::Keep(..) => {
            let who = seat_name(seat);
            events.push(Event::private(
                Seat(seat),
                Text::new(format!("Your choice: {cmd}."), format!("나의 선택: {cmd}.")),
            ));
            events.push(Event::public(Text::new(
                format!("{} has chosen starting wealth tiles.", who.en),
                format!("{}이(가) 시작 자산 타일을 골랐습니다.", who.ko),
            )));
        }
        _ => {
            let told = Decision {
                seat,
                cmd: *cmd,
                phase: before.phase,
                pos: before.pos,
                before: before.player,
                after: s.players[seat],
                data: s.data.clone(),
            };
            events.push(Event::public_later(move || told.text()));
        }
    }
}

/// What followed from the decision: reveals, food days, the calendar, the end.
fn consequences(s: &State, before: &Before, events: &mut Vec<Event>) {
    if before.phase == Phase::Choose && s.phase() != Phase::Choose {
        let kept: Vec<Text> = (0..s.n)
            .map(|i| {
                let ids: Vec<&str> = s.players[i]
                    .kept
                    .iter()
                    .filter_map(|&t| s.data.tiles.get(t as usize).map(|t| t.id.as_str()))
                    .collect();
                let n = seat_name(i);
                Text::new(
                    format!("{} keeps {}", n.en, ids.join(" and ")),
                    format!("{}: {}", n.ko, ids.join(", ")),
                )
            })
            .collect();
        events.push(Event::reveal(Text::join(&kept, "; ")));
    }
    if s.food_done != before.food {
        events.push(Event::public(Text::new(
            format!(
                "Food day {} is resolved: workers are fed and the temples reward.",
                s.food_done
            ),
            format!(
                "{}번째 푸드 데이: 일꾼을 먹이고 신전 보상을 받습니다.",
                s.food_done
            ),
        )));
        if s.food_done as usize
            == s.data
                .general
                .food_days
                .iter()
                .position(|&d| d == s.data.general.age_change_day)
                .unwrap_or(9)
                + 1
        {
            events.push(Event::reveal(Text::new(
                "Age II begins: six Age II buildings are revealed.",
                "2시대 시작: 2시대 건물 6개를 펼칩니다.",
            )));
        }
    }
    if before.piles != (s.piles[0].len(), s.piles[1].len()) {
        let ids: Vec<&str> = s
            .display
            .iter()
            .filter_map(|&b| s.data.buildings.get(b as usize))
            .map(|b| b.id.as_str())
            .collect();
        events.push(Event::reveal(Text::new(
            format!("Buildings on offer now: {}.", ids.join(", ")),
            format!("이제 건설 가능한 건물: {}.", ids.join(", ")),
        )));
    }
    if s.day != before.day {
        events.push(Event::public(Text::new(
            format!("The calendar advances to day {}.", s.day),
            format!("달력이 {}일째로 전진합니다.", s.day),
        )));
    }
    if s.phase() == Phase::Over {
        events.push(Event::public(Text::new(
            "The game is over.",
            "게임이 끝났습니다.",
        )));
    }
}

/// Appends what changed for a player, in words (" (+2 wood, -1 corn)").
fn changes_into(before: &Player, after: &Player, en: &mut String, ko: &mut String) {
    use std::fmt::Write;
    const TEMPLES: [(&str, &str); 3] = [
        ("Chaac step", "차크 신전"),
        ("Quetzalcoatl step", "케찰코아틀 신전"),
        ("Kukulcan step", "쿠쿨칸 신전"),
    ];
    const TECHS: [(&str, &str); 4] = [
        ("Agriculture", "농업"),
        ("Resources", "자원"),
        ("Architecture", "건축"),
        ("Theology", "신학"),
    ];
    let mut any = false;
    let mut num = |d: i32, e: &str, k: &str| {
        if d != 0 {
            let sep = if any { ", " } else { " (" };
            any = true;
            let _ = write!(en, "{sep}{d:+} {e}");
            let _ = write!(ko, "{sep}{k} {d:+}");
        }
    };
    num(after.corn - before.corn, "corn", "옥수수");
    for r in 0..3 {
        num(after.res[r] - before.res[r], RES_EN[r], RES_KO[r]);
    }
    num(after.skulls - before.skulls, "skull", "해골");
    num(after.vp - before.vp, "VP", "점");
    for (t, (e, k)) in TEMPLES.iter().enumerate() {
        num(
            i32::from(after.temple[t]) - i32::from(before.temple[t]),
            e,
            k,
        );
    }
    for (t, (e, k)) in TECHS.iter().enumerate() {
        num(i32::from(after.tech[t]) - i32::from(before.tech[t]), e, k);
    }
    num(
        i32::from(after.hand) - i32::from(before.hand),
        "worker in hand",
        "손의 일꾼",
    );
    if any {
        en.push(')');
        ko.push(')');
    }
}

/// A gear's name in both languages.
fn gear(d: &Data, g: usize) -> (&str, &str) {
    d.gears
        .get(g)
        .map(|g| (g.name.as_str(), g.ko.as_str()))
        .unwrap_or(("?", "?"))
}

/// A temple's name in both languages.
fn temple(d: &Data, t: u8) -> (&str, &str) {
    d.temples
        .get(t as usize)
        .map(|t| (t.name.as_str(), t.ko.as_str()))
        .unwrap_or(("?", "?"))
}

/// A technology's name in both languages.
fn tech(d: &Data, t: u8) -> (&str, &str) {
    d.techs
        .get(t as usize)
        .map(|t| (t.name.as_str(), t.ko.as_str()))
        .unwrap_or(("?", "?"))
}

/// A resource's name in both languages.
fn res(r: u8) -> (&'static str, &'static str) {
    (
        RES_IDS.get(r as usize).copied().unwrap_or("?"),
        RES_KO.get(r as usize).copied().unwrap_or("?"),
    )
}

/// A gear action with its mode, in words.
fn act(d: &Data, a: &Act) -> (String, String) {
    let (en, ko) = gear(d, a.gear as usize);
    let (me, mk) = match a.mode {
        ActMode::Plain => (String::new(), String::new()),
        ActMode::Corn => (" for corn".to_string(), " 옥수수".to_string()),
        ActMode::Wood => (" for wood".to_string(), " 나무".to_string()),
        ActMode::Burn(t) => {
            let (te, tk) = temple(d, t);
            (
                format!(", burning the forest (angering {te})"),
                format!(" 숲 태우기 ({tk} 분노)"),
            )
        }
    };
    (format!("{en} {}{me}", a.n), format!("{ko} {}{mk}", a.n))
}

/// A decision told in words (without who made it), from the phase before
/// it was applied and the space a placement took.
fn describe(d: &Data, phase: Phase, pos: usize, cmd: &Command) -> Text {
    let (en, ko) = match *cmd {
        Command::Keep(..) => (
            "chooses starting wealth tiles".into(),
            "시작 자산 타일을 고릅니다".into(),
        ),
        Command::Beg(t) => {
            let (te, tk) = temple(d, t);
            (
                format!("begs for corn, angering {te}"),
                format!("옥수수를 구걸합니다 ({tk} 분노)"),
            )
        }
        Command::Place { targets, .. } => place_words(d, targets[0], pos),
        Command::Pity(t) => {
            let (e, k) = place_words(d, t, pos);
            (
                format!("{e}, paying all corn by the gods' pity"),
                format!("{k} (신의 자비, 옥수수 전부 지불)"),
            )
        }
        Command::Retrieve {
            gear: g,
            pos,
            act: a,
        } => {
            let (ge, gk) = gear(d, g as usize);
            match a {
                None => (
                    format!("retrieves the worker from {ge} {pos} without an action"),
                    format!("{gk} {pos}의 일꾼을 행동 없이 회수합니다"),
                ),
                Some(a) => {
                    let (ae, ak) = act(d, &a);
                    (
                        format!("retrieves the worker from {ge} {pos} and does {ae}"),
                        format!("{gk} {pos}의 일꾼을 회수하고 {ak} 행동을 합니다"),
                    )
                }
            }
        }
        Command::End => ("ends the turn".into(), "차례를 마칩니다".into()),
        Command::Advance(k) if phase == Phase::Turn => (
            format!("declares that the calendar will advance {k} day(s) if allowed"),
            format!("달력을 {k}일 전진시키겠다고 미리 정합니다 (가능하면)"),
        ),
        Command::Advance(k) => (
            format!("advances the calendar {k} day(s)"),
            format!("달력을 {k}일 전진시킵니다"),
        ),
        _ => return describe_answer(d, cmd),
    };
    Text::new(en, ko)
}

/// An answer to a pending step, in words.
fn describe_answer(d: &Data, cmd: &Command) -> Text {
    let (en, ko): (String, String) = match *cmd {
        Command::Tech { tech: t, .. } => {
            let (te, tk) = tech(d, t);
            (format!("advances {te}"), format!("{tk} 기술을 올립니다"))
        }
        Command::Build { id, .. } => (
            format!("builds {}", id.as_str().to_uppercase()),
            format!("{} 건물을 짓습니다", id.as_str().to_uppercase()),
        ),
        Command::Monument { id, .. } => (
            format!("builds monument {}", id.as_str().to_uppercase()),
            format!("{} 기념비를 짓습니다", id.as_str().to_uppercase()),
        ),
        Command::Temple(t) => {
            let (te, tk) = temple(d, t);
            (
                format!("climbs the temple of {te}"),
                format!("{tk} 신전을 올라갑니다"),
            )
        }
        Command::Temples { a, b, .. } => {
            let ((ae, ak), (be, bk)) = (temple(d, a), temple(d, b));
            (
                format!("climbs the temples of {ae} and {be}"),
                format!("{ak}, {bk} 신전을 올라갑니다"),
            )
        }
        Command::Gain(_) => ("takes resources".into(), "자원을 받습니다".into()),
        Command::Offer { temple: t, .. } => {
            let (te, tk) = temple(d, t);
            (
                format!("offers a resource to {te}"),
                format!("{tk}에게 자원을 바칩니다"),
            )
        }
        Command::Trade { buy, res: r, n } => {
            let (re, rk) = res(r);
            if buy {
                (
                    format!("buys {n} {re} at the market"),
                    format!("시장에서 {rk} {n}개를 삽니다"),
                )
            } else {
                (
                    format!("sells {n} {re} at the market"),
                    format!("시장에서 {rk} {n}개를 팝니다"),
                )
            }
        }
        Command::Done => ("leaves the market".into(), "시장 거래를 마칩니다".into()),
        Command::Do(a) => {
            let (ae, ak) = act(d, &a);
            (format!("does {ae}"), format!("{ak} 행동을 합니다"))
        }
        Command::Skip => ("passes on the option".into(), "선택을 넘깁니다".into()),
        _ => (String::new(), String::new()),
    };
    Text::new(en, ko)
}

/// Placing a worker on target `t`, in words.
fn place_words(d: &Data, t: u8, pos: usize) -> (String, String) {
    if t == START {
        return (
            "places a worker on the starting player space".into(),
            "시작 플레이어 칸에 일꾼을 놓습니다".into(),
        );
    }
    let (ge, gk) = gear(d, t as usize);
    (
        format!("places a worker on {ge} {pos}"),
        format!("{gk} {pos}번 칸에 일꾼을 놓습니다"),
    )
}
