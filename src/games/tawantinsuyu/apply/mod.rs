//! Applying decisions. This file is the driver of play: the stack of pending
//! steps and decisions, who is to act, and running automatic steps until a
//! seat must decide (a decision with a single option is taken at once). Only
//! the driver pops the stack; the handlers beside it push onto it. The solo
//! opponent (Axomama) is consulted here alone: for the decisions put to it
//! (`bot_pick`) and at the moments it acts by its own rules (`Solo`).

mod army;
mod asks;
mod axomama;
mod axomama_cells;
mod build;
mod effects;
mod festival;
mod gods;
mod high_priest;
mod start;
mod steps;
mod turn;
mod weave;
mod workers;

pub use asks::ask_text;
pub use axomama::{bot_god_card, tidy, token_actions};
pub use effects::{draw_army, draw_worker, ko_names, refill_market, refill_nomads, reveal, who};
pub use high_priest::to_offerings;

use super::command::Cmd;
use super::data::HpAction;
use super::legal;
use super::state::{Ask, Item, State};
use crate::engine::Event;

/// The moments where the solo opponent acts by its own rules (L605-816)
/// instead of answering a decision. A handler names the moment; the driver
/// consults Axomama, as it does for the decisions put to it (`bot_pick`).
#[derive(Clone, Copy, Debug)]
pub enum Solo {
    /// Its turn: the High Priest check, a worker by die roll, the tokens.
    Turn,
    /// Its High Priest after yours (placed in section `.0`) and its free step.
    PlacePriest(usize),
    /// A worker it receives: the Village's potato end, else a random Nomad.
    Worker,
    /// A God card it receives: the oldest Offering cleared and 1 VP.
    GodCard,
    /// An action it activates, performed as the active player.
    HighPriest(HpAction),
    /// Festival step 1: VP per weaving instead of the merchant.
    FestivalWeavings,
    /// Festival card draw: VP when behind you instead of cards.
    FestivalDraw,
    /// Before the final scoring: its last Recover and Worship.
    LastActions,
    /// At the final scoring: the harder level's VP for resources left.
    FinalBonus,
}

/// Hands a moment of the solo opponent's own conduct to Axomama.
pub(super) fn solo(s: &mut State, p: usize, moment: Solo, ev: &mut Vec<Event>) {
    match moment {
        Solo::Turn => axomama::turn(s, p, ev),
        Solo::PlacePriest(human) => axomama::place_priest(s, human, ev),
        Solo::Worker => axomama::bot_worker(s, p, ev),
        Solo::GodCard => axomama::bot_god_card(s, p, ev),
        Solo::HighPriest(action) => axomama::bot_hp(s, p, action, ev),
        Solo::FestivalWeavings => axomama::festival_weavings(s, p, ev),
        Solo::FestivalDraw => axomama::festival_card_draw(s, p, ev),
        Solo::LastActions => axomama::last_actions(s, ev),
        Solo::FinalBonus => axomama::final_bonus(s, ev),
    }
}

/// Whether the solo opponent joins your activated action (its activation
/// condition for it holds, L685-693).
pub(super) fn solo_joins(s: &State, action: HpAction) -> bool {
    axomama::wants(s, action)
}

/// Runs automatic steps until a human seat must decide or the game is over.
pub fn advance(s: &mut State, ev: &mut Vec<Event>) {
    for _ in 0..200_000 {
        if s.over {
            s.stack.clear();
            return;
        }
        axomama::tidy(s, ev);
        let legal = match s.stack.last() {
            None => return,
            Some(Item::Do(..)) => {
                if let Some(Item::Do(p, step)) = s.stack.pop() {
                    steps::run_step(s, p, step, ev);
                }
                continue;
            }
            Some(Item::Ask(p, ask)) => {
                // The main choice always has several options: no need to list them.
                if matches!(ask, Ask::Main | Ask::Keep) && !s.is_bot(*p) && !is_dropped(s, *p) {
                    return;
                }
                legal::legal_for(s, *p, ask)
            }
        };
        let Some(Item::Ask(p, ask)) = s.stack.pop() else {
            return;
        };
        if legal.is_empty() {
            continue;
        }
        if s.is_bot(p) {
            let c = axomama::bot_pick(s, p, &ask, &legal, ev);
            do_ask(s, p, ask, c, ev);
            continue;
        }
        if is_dropped(s, p) {
            let c = default_choice(&legal).unwrap_or(Cmd::Pass);
            do_ask(s, p, ask, c, ev);
            continue;
        }
        if legal.len() == 1 {
            let c = legal.into_iter().next().unwrap_or(Cmd::Pass);
            do_ask(s, p, ask, c, ev);
            continue;
        }
        s.stack.push(Item::Ask(p, ask));
        return;
    }
    // A flow that never settles is a bug; end the game rather than hang.
    s.over = true;
    s.stack.clear();
}

fn is_dropped(s: &State, p: usize) -> bool {
    s.dropped.get(p).copied().unwrap_or(false)
}

/// The timeout default among `legal`: all the tasks; else a pass where the
/// rules allow one, or a harmless sub-action (pray, train, recruit).
pub fn default_choice(legal: &[Cmd]) -> Option<Cmd> {
    // The longest task order (free actions may follow the task orders in the list).
    let longest = legal
        .iter()
        .filter_map(|c| match c {
            Cmd::Tasks(v) => Some((v.len(), c)),
            _ => None,
        })
        .max_by_key(|x| x.0);
    if let Some((_, c)) = longest {
        return Some(c.clone());
    }
    let pick = legal.iter().find(|c| {
        matches!(
            c,
            Cmd::Pass
                | Cmd::UseDone
                | Cmd::Hire(None)
                | Cmd::Recover(None)
                | Cmd::Produce(None)
                | Cmd::Deploy(None)
                | Cmd::DeployAll(_)
                | Cmd::Pay(false)
                | Cmd::Bonus(false)
                | Cmd::Pray
                | Cmd::Train
                | Cmd::Recruit(_)
        )
    });
    pick.or(legal.first()).cloned()
}

/// The seats that may decide now.
pub fn to_act(s: &State) -> Vec<usize> {
    if s.over {
        return vec![];
    }
    match s.stack.last() {
        Some(Item::Ask(_, a)) if super::state::simultaneous(a) => {
            let mut out: Vec<usize> = s
                .stack
                .iter()
                .rev()
                .take_while(|i| matches!(i, Item::Ask(_, a) if super::state::simultaneous(a)))
                .filter_map(|i| {
                    if let Item::Ask(p, _) = i {
                        Some(*p)
                    } else {
                        None
                    }
                })
                .filter(|&p| !s.is_bot(p) && !is_dropped(s, p))
                .collect();
            out.sort();
            out
        }
        Some(Item::Ask(p, _)) => vec![*p],
        _ => vec![],
    }
}

/// The position in the stack of `seat`'s current decision.
pub fn ask_index(s: &State, seat: usize) -> Option<usize> {
    if !to_act(s).contains(&seat) {
        return None;
    }
    s.stack
        .iter()
        .rposition(|i| matches!(i, Item::Ask(p, _) if *p == seat))
}

pub fn current_ask(s: &State, seat: usize) -> Option<Ask> {
    let i = ask_index(s, seat)?;
    match s.stack.get(i) {
        Some(Item::Ask(_, a)) => Some(a.clone()),
        _ => None,
    }
}

/// Applies a checked command: removes the decision and does what it says.
pub fn do_ask(s: &mut State, p: usize, ask: Ask, cmd: Cmd, ev: &mut Vec<Event>) {
    let free = match cmd {
        Cmd::Cash(_) | Cmd::BuyGod => legal::free_actions_allowed(s, p, &ask),
        Cmd::Trade(..) => legal::trade_allowed(s, p, &ask),
        _ => false,
    };
    if free {
        // A free action: the decision stays open.
        s.stack.push(Item::Ask(p, ask));
        turn::free_action(s, p, cmd, ev);
        return;
    }
    answer(s, p, ask, cmd, ev);
}

/// Hands an answered decision to the handler of its kind.
fn answer(s: &mut State, p: usize, ask: Ask, cmd: Cmd, ev: &mut Vec<Event>) {
    match ask {
        Ask::Keep => start::on_keep(s, p, ask, cmd, ev),
        Ask::UseCards { .. } => start::on_use_cards(s, p, ask, cmd, ev),
        Ask::StartWeaving => start::on_start_weaving(s, p, ask, cmd, ev),
        Ask::PriestStart => start::on_priest_start(s, p, ask, cmd, ev),
        Ask::Main => turn::on_main(s, p, ask, cmd, ev),
        Ask::Hire => workers::on_hire(s, p, ask, cmd, ev),
        Ask::Dismiss => workers::on_dismiss(s, p, ask, cmd, ev),
        Ask::Bonus { .. } => workers::on_bonus(s, p, ask, cmd, ev),
        Ask::Tasks { .. } => workers::on_tasks(s, p, ask, cmd, ev),
        Ask::Food { .. } => workers::on_food(s, p, ask, cmd, ev),
        Ask::WarriorTake { .. } => workers::on_warrior_take(s, p, ask, cmd, ev),
        Ask::MoreTasks { .. } => workers::on_more_tasks(s, p, ask, cmd, ev),
        Ask::StepSpace => build::on_step_space(s, p, ask, cmd, ev),
        Ask::Build { .. } => build::on_build(s, p, ask, cmd, ev),
        Ask::Statue { .. } => build::on_statue(s, p, ask, cmd, ev),
        Ask::DropTile { .. } => weave::on_drop_tile(s, p, ask, cmd, ev),
        Ask::Buy => weave::on_buy(s, p, ask, cmd, ev),
        Ask::Leftover => weave::on_leftover(s, p, ask, cmd, ev),
        Ask::PutTile { .. } => weave::on_put_tile(s, p, ask, cmd, ev),
        Ask::TrainKeep { .. } => army::on_train_keep(s, p, ask, cmd, ev),
        Ask::Produce1 => gods::on_produce1(s, p, ask, cmd, ev),
        Ask::GodSource => gods::on_god_source(s, p, ask, cmd, ev),
        Ask::FreeWeaving => weave::on_free_weaving(s, p, ask, cmd, ev),
        Ask::Nomad => workers::on_nomad(s, p, ask, cmd, ev),
        Ask::Recover { .. } => gods::on_recover(s, p, ask, cmd, ev),
        Ask::Z16Recover { .. } => gods::on_z16_recover(s, p, ask, cmd, ev),
        Ask::Choice { .. } => gods::on_choice(s, p, ask, cmd, ev),
        Ask::Optional { .. } => gods::on_optional(s, p, ask, cmd, ev),
        Ask::HpChoice { .. } => gods::on_hp_choice(s, p, ask, cmd, ev),
        Ask::Worship { .. } => gods::on_worship(s, p, ask, cmd, ev),
        Ask::Sacrifice { .. } => gods::on_sacrifice(s, p, ask, cmd, ev),
        Ask::Produce { .. } => gods::on_produce(s, p, ask, cmd, ev),
        Ask::Casualty => army::on_casualty(s, p, ask, cmd, ev),
        Ask::Deploy { .. } => army::on_deploy(s, p, ask, cmd, ev),
        Ask::DeploySecret { .. } => army::on_deploy_secret(s, p, ask, cmd, ev),
        Ask::Conquer => army::on_conquer(s, p, ask, cmd, ev),
        Ask::Feed => festival::on_feed(s, p, ask, cmd, ev),
    }
}
