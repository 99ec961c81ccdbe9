//! Whether one command is legal now, answered as `legal` answers it, from the generator of
//! that command's kind at its place only.

use super::super::command::{place_command, Command, Spot};
use super::super::state::{Phase, State, Turn};
use super::{
    border_cost, check_place, could_propose, draws, festival_answers, free_for_inca, lakes,
    passable, placement_owed, placements, proposable, temples, village_groups, Groups,
};

/// Whether `cmd` is among `legal(s, seat)`: exactly that answer, from the commands of its own
/// kind and place only (one footprint, one Inca's path, one edge space), never the whole list.
pub fn is_legal(s: &State, seat: usize, cmd: &Command) -> bool {
    match &s.phase {
        Phase::Turn(t) if usize::from(t.seat) == seat => turn_action_is_legal(s, t, cmd),
        Phase::Festival(f) if usize::from(f.current) == seat => {
            matches!(
                cmd,
                Command::Play(_) | Command::Done | Command::Pass | Command::Drop
            ) && festival_answers(s, f).contains(cmd)
        }
        _ => false,
    }
}

/// The judgement of `turn_actions` for one command.
fn turn_action_is_legal(s: &State, t: &Turn, cmd: &Command) -> bool {
    let seat = usize::from(t.seat);
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    let board = &s.data.board;
    // The same groups `turn_actions` works with.
    let groups = || {
        if t.ap > 0 || could_propose(s, t.seat) {
            village_groups(s)
        } else {
            Groups::default()
        }
    };
    let canonical = |spot: &Spot| {
        usize::from(spot.cell) < s.spaces.len() && Spot::of(board, spot.cell) == *spot
    };
    match cmd {
        Command::Token => return !t.token_used && p.tokens > 0,
        Command::Place { foot, .. } => {
            return place_command(board, *foot).as_ref() == Some(cmd)
                && check_place(s, &groups(), seat, *foot, t.ap).is_ok();
        }
        _ => {}
    }
    // While the first placement is owed and possible, only placing (and the token) is open.
    if placement_owed(t) {
        let mut placed = Vec::new();
        placements(s, &groups(), seat, t.ap, &mut placed);
        if !placed.is_empty() {
            return false;
        }
    }
    let mut out = Vec::new();
    match cmd {
        Command::End => return true,
        Command::Enter(spot) | Command::Exit(spot) => {
            if !canonical(spot) {
                return false;
            }
            let Some(side) = board.cells[usize::from(spot.cell)].edge() else {
                return false;
            };
            if border_cost(s, side) > t.ap {
                return false;
            }
            return match cmd {
                Command::Enter(_) => p.incas_off > 0 && free_for_inca(s, spot.cell),
                _ => s.space(spot.cell).inca == Some(t.seat),
            };
        }
        Command::Move(from, to) => {
            if !canonical(from) || !canonical(to) || s.space(from.cell).inca != Some(t.seat) {
                return false;
            }
            if from.cell == to.cell || !free_for_inca(s, to.cell) || !passable(s, t.seat, from.cell)
            {
                return false;
            }
            // `moves` counts terrain changes within `ap / step`, at least 1 AP each.
            let step = s.data.components.terrain_change_ap.max(1);
            let Some(cost) = super::path_cost(s, t.seat, from.cell, to.cell, 1) else {
                return false;
            };
            return cost <= t.ap / step;
        }
        Command::Build(..) | Command::Upgrade(..) => temples(s, t, &groups(), &mut out),
        Command::Lake(_) => lakes(s, t, &mut out),
        Command::DrawOpen | Command::DrawDeck => draws(s, t, &mut out),
        Command::Festival(spot) => {
            return canonical(spot) && proposable(s, t.seat, &groups()).contains(&spot.cell);
        }
        _ => return false,
    }
    out.contains(cmd)
}
