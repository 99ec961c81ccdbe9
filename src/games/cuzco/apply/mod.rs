//! Applying a decision: the driver checks what the phase allows, hands the decision to the
//! handler of its kind, and alone moves the game from step to step: into a festival
//! competition and back out of it, and from the end of a turn to the next turn, a final turn
//! of the end phase (L296) or the end of the game (L312).

mod cards;
mod festival;
mod inca;
mod lake;
mod place;
mod temple;
mod turn;

use super::command::{seat_name, Command};
use super::legal::{can_place, placement_owed};
use super::scoring::final_scoring;
use super::state::{Phase, State, Turn};
use crate::engine::{Event, RuleError, Text};
use festival::After;

fn refuse(en: impl Into<String>, ko: impl Into<String>) -> RuleError {
    RuleError::new(en, ko)
}

/// Takes `cost` AP from the turn, or says that it is too dear.
fn spend(t: &mut Turn, cost: u8) -> Result<(), RuleError> {
    if cost > t.ap {
        return Err(refuse(
            format!("That costs {cost} AP and you have {} left.", t.ap),
            format!("{cost}AP가 필요하지만 {}AP만 남았습니다.", t.ap),
        ));
    }
    t.ap -= cost;
    Ok(())
}

/// Whether the handlers judge the command before changing anything (`Game::apply`: a
/// command of unknown standing, refused in the player's words) or trust it
/// (`Game::apply_legal`: the engine's one legality check accepted it, so nothing is judged
/// twice and only what the change needs is worked out, such as the AP a tile costs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    Check,
    Legal,
}

/// Applies `cmd` of `seat` to `s`; on error the caller discards `s`.
pub fn apply(
    s: &mut State,
    seat: usize,
    cmd: &Command,
    trust: Trust,
) -> Result<Vec<Event>, RuleError> {
    match &s.phase {
        Phase::Turn(t) if usize::from(t.seat) == seat => {
            let t = t.clone();
            turn_action(s, t, cmd, trust)
        }
        Phase::Festival(f) if usize::from(f.current) == seat => {
            let f = f.clone();
            let (mut events, after) = festival::answer(s, f, cmd)?;
            match after {
                After::GoesOn(f) => s.phase = Phase::Festival(f),
                After::Resolved(t) => {
                    s.phase = Phase::Turn(t.clone());
                    events.extend(finish_turn(s, &t));
                }
            }
            Ok(events)
        }
        Phase::Over => Err(refuse("The game is over.", "게임이 끝났습니다.")),
        _ => Err(refuse(
            format!("It is not {}'s turn to decide.", seat_name(seat).en),
            format!("{}의 차례가 아닙니다.", seat_name(seat).ko),
        )),
    }
}

/// One action in the turn `t` of the seat to act.
fn turn_action(
    s: &mut State,
    mut t: Turn,
    cmd: &Command,
    trust: Trust,
) -> Result<Vec<Event>, RuleError> {
    if trust == Trust::Check
        && !matches!(cmd, Command::Token | Command::Place { .. })
        && placement_owed(&t)
    {
        return Err(refuse(
            "Your turn starts with placing a terrain tile; write e.g. 'place tile3 H5v H6 G5'.",
            "차례는 지형 타일 하나를 놓는 것으로 시작해야 합니다. 예: 'place tile3 H5v H6 G5'.",
        ));
    }
    let events = match *cmd {
        Command::Token => turn::token(s, &mut t)?,
        Command::Place { foot, .. } => place::place(s, &mut t, foot, trust)?,
        Command::Enter(spot) => inca::enter(s, &mut t, spot)?,
        Command::Exit(spot) => inca::exit(s, &mut t, spot)?,
        Command::Move(from, to) => inca::walk(s, &mut t, from, to)?,
        Command::Build(spot, v) => temple::build(s, &mut t, (spot, v, true), trust)?,
        Command::Upgrade(spot, v) => temple::build(s, &mut t, (spot, v, false), trust)?,
        Command::Lake(spot) => lake::lake(s, &mut t, spot)?,
        Command::DrawOpen => cards::draw(s, &mut t, true)?,
        Command::DrawDeck => cards::draw(s, &mut t, false)?,
        Command::Festival(spot) => {
            let (f, events) = festival::propose(s, &t, spot.cell)?;
            s.phase = Phase::Festival(f);
            return Ok(events);
        }
        Command::End => {
            let mut events = turn::end(&t);
            events.extend(finish_turn(s, &t));
            return Ok(events);
        }
        Command::Play(_) | Command::Done | Command::Pass | Command::Drop => {
            return Err(refuse(
                "No festival competition is running; 'play', 'done', 'pass' and 'drop' answer one.",
                "진행 중인 축제 경쟁이 없습니다. 'play', 'done', 'pass', 'drop'은 축제 경쟁에 답하는 명령입니다.",
            ));
        }
    };
    s.phase = Phase::Turn(t);
    Ok(events)
}

/// After a turn: the next turn, or the end phase with final scorings (L296-312).
fn finish_turn(s: &mut State, t: &Turn) -> Vec<Event> {
    let n = s.n() as u8;
    let mut events = Vec::new();
    if t.final_turn || s.common_tiles == 0 || (t.jammed && s.rules.jammed_ends) {
        if s.end_trigger.is_none() {
            s.end_trigger = Some(t.seat);
        }
        events.extend(final_scoring(s, usize::from(t.seat)));
        let next = (t.seat + 1) % n;
        if Some(next) == s.end_trigger {
            s.phase = Phase::Over;
            events.push(Event::public(Text::new(
                "Every player has done final scoring: the game is over.",
                "모든 플레이어가 최종 점수 계산을 마쳤습니다: 게임 종료.",
            )));
        } else {
            s.phase = Phase::Turn(new_turn(s, next, true));
            events.push(Event::public(Text::new(
                format!(
                    "{}'s final turn (placing a tile is optional).",
                    seat_name(usize::from(next)).en
                ),
                format!(
                    "{}의 마지막 차례입니다 (타일을 놓지 않아도 됩니다).",
                    seat_name(usize::from(next)).ko
                ),
            )));
        }
    } else {
        let next = (t.seat + 1) % n;
        let turn = new_turn(s, next, false);
        if turn.jammed {
            let who = seat_name(usize::from(next));
            events.push(Event::public(Text::new(
                format!(
                    "{} cannot place any tile: the turn goes on without one (spec G6){}.",
                    who.en,
                    if s.rules.jammed_ends {
                        ", and the end phase begins after it (house rule)"
                    } else {
                        ""
                    }
                ),
                format!(
                    "{}은(는) 놓을 수 있는 타일이 없어 타일 없이 차례를 진행합니다 (G6){}.",
                    who.ko,
                    if s.rules.jammed_ends {
                        ". 이 차례가 끝나면 최종 단계가 시작됩니다 (하우스 룰)"
                    } else {
                        ""
                    }
                ),
            )));
        }
        s.phase = Phase::Turn(turn);
    }
    events
}

/// A fresh turn of `seat`; a normal turn notes whether no tile can be placed (spec G6).
fn new_turn(s: &State, seat: u8, final_turn: bool) -> Turn {
    let ap = s.data.components.ap_per_turn;
    let jammed = !final_turn && !can_place(s, usize::from(seat), ap);
    Turn {
        seat,
        ap,
        token_used: false,
        drawn: 0,
        changed: Vec::new(),
        placed: false,
        final_turn,
        jammed,
    }
}
