//! The High Priest's actions: the active player's and the other seats' share, and Offerings.

use super::super::data::{Effect, HpAction};
use super::super::state::{Ask, State, Step};
use super::effects::*;
use super::Solo;
use crate::engine::Event;

/// Adds a used God card to the Offerings, reshuffling them into the deck first
/// when it would overflow (L245-248).
pub fn to_offerings(s: &mut State, card: u8, ev: &mut Vec<Event>) {
    if s.offerings.len() >= s.offerings_capacity() {
        let mut deck = std::mem::take(&mut s.god_deck);
        deck.append(&mut s.offerings);
        s.rng.shuffle(&mut deck);
        s.god_deck = deck;
        reveal(
            ev,
            "The Offerings are full: they are shuffled into the God deck.",
            "제물이 가득 차서 신 카드 더미에 섞습니다.",
        );
    }
    s.offerings.push(card);
    let id = s
        .d()
        .gods
        .get(card as usize)
        .map(|g| g.id.clone())
        .unwrap_or_default();
    say(
        ev,
        format!("God card {id} joins the Offerings."),
        format!("신 카드 {id}이(가) 제물에 추가됩니다."),
    );
}

/// A High Priest action is activated: passive triggers, then the mover's choice.
pub(super) fn activate(s: &mut State, p: usize, action: HpAction, ev: &mut Vec<Event>) {
    say(
        ev,
        format!("{} activates {}.", who(s, p), action.word()),
        format!("{}이(가) {}을(를) 활성화합니다.", who_ko(s, p), action.ko()),
    );
    if s.is_bot(p) {
        super::solo(s, p, Solo::HighPriest(action), ev);
    } else {
        ask(s, p, Ask::HpChoice { action });
    }
    let order = s.order_from(p);
    for &q in order.iter().rev() {
        match action {
            HpAction::Sacrifice if s.has_passive(q, "sacrifice_weaving") => {
                ask(s, q, Ask::FreeWeaving)
            }
            HpAction::Worship if s.has_passive(q, "worship_or_festival_gold_temple") => ask(
                s,
                q,
                Ask::Optional {
                    pay: [0, 0, 0, 1],
                    effect: Effect {
                        temple: 1,
                        ..Effect::default()
                    },
                },
            ),
            HpAction::Conquest if s.has_passive(q, "conquest_gold_vp") => push(
                s,
                q,
                Step::Effect(Effect {
                    res: [0, 0, 0, 1],
                    vp: 1,
                    ..Effect::default()
                }),
            ),
            HpAction::Recover if s.has_passive(q, "recover_army_gold") => push(
                s,
                q,
                Step::Effect(Effect {
                    res: [0, 0, 0, 1],
                    army_cards: 1,
                    ..Effect::default()
                }),
            ),
            _ => {}
        }
    }
}

/// Z16 (L590-591): the owner's recovery is offered before the production and,
/// if not taken then, after it.
pub(super) fn z16_before_after(s: &mut State, q: usize) {
    if s.has_passive(q, "production_recover_1") {
        push(s, q, Step::Z16After);
    }
}

/// Production for seat `q`: Z16's recovery first (and again after, if not
/// used), then the buildings; only the active player may flip one (L454-458).
pub(super) fn ask_production(s: &mut State, q: usize, active: bool) {
    z16_before_after(s, q);
    ask(
        s,
        q,
        Ask::Produce {
            active,
            flip_left: active,
            used: false,
        },
    );
    if s.has_passive(q, "production_recover_1") {
        ask(s, q, Ask::Z16Recover { late: false });
    }
}

/// Axomama joins your activated action when its own activation condition for
/// it holds (L685-693; it follows the basic rules, L679, paying nothing to
/// flip, L694-695).
pub(super) fn bot_joins(s: &State, q: usize, action: HpAction) -> bool {
    s.is_bot(q) && super::solo_joins(s, action)
}

/// The others join an activated action in turn order (Conquest: everybody deploys).
pub(super) fn hp_others(s: &mut State, p: usize, action: HpAction, active_did: bool) {
    let order = s.order_from(p);
    let d = s.data.arc().clone();
    if action == HpAction::Conquest {
        push(s, p, Step::ConquestPlace { active_did });
        for &q in order.iter().rev() {
            if (q == p && !active_did) || (q != p && s.is_bot(q) && !bot_joins(s, q, action)) {
                continue;
            }
            let free = if q == p {
                d.rules.conquest_active_free_cards as u8
            } else {
                0
            };
            if s.readings.simultaneous_deploy {
                ask(s, q, Ask::DeploySecret { free });
            } else {
                ask(s, q, Ask::Deploy { free });
            }
        }
        ask(s, p, Ask::Casualty);
        return;
    }
    for &q in order.iter().skip(1).rev() {
        if s.is_bot(q) && !bot_joins(s, q, action) {
            continue;
        }
        if s.is_bot(q) && action == HpAction::Recover {
            // Axomama flips for free (L695).
            ask(
                s,
                q,
                Ask::Recover {
                    left: 99,
                    free: 99,
                    cost: [0; 4],
                    buildings_only: false,
                },
            );
            continue;
        }
        match action {
            HpAction::Worship => ask(s, q, Ask::Worship { active: false }),
            HpAction::Sacrifice => ask(s, q, Ask::Sacrifice { active: false }),
            HpAction::Recover => ask(
                s,
                q,
                Ask::Recover {
                    left: 99,
                    free: 0,
                    cost: [0, d.rules.recover_other_corn, 0, 0],
                    buildings_only: false,
                },
            ),
            HpAction::Production => ask_production(s, q, false),
            HpAction::Conquest => {}
        }
    }
}
