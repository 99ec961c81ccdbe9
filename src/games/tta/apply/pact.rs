//! Pacts (blue cards) of the advanced and full games with 3 or 4 players
//! (seed L2373-2472): offered as a political action with the sides named,
//! accepted or refused by the other seat, in force for both, cancelled as a
//! political action, replaced by a new pact of the same offerer, or ended
//! by an attack where the card says so. Their bonuses are read by
//! `scoring::pact_bonus`; the per-turn food and resources, and the
//! partner's science of Scientific Cooperation, here (Trade Routes
//! Agreement's exchange: `legal::pay_with_swap`; International Tourism's
//! culture: `scoring::partner_culture`).

use super::military;
use super::report::said;
use super::tokens;
use crate::engine::Event;
use crate::games::tta::data::{CardId, Data};
use crate::games::tta::scoring;
use crate::games::tta::state::{PactSide, Phase, Player, State};

/// Offers a pact: the card is shown, the other seat answers (L2374-2388,
/// L2405-2420).
pub(super) fn offer(
    s: &mut State,
    seat: usize,
    card: CardId,
    to_number: u8,
    from_a: bool,
    out: &mut Vec<Event>,
) -> Option<()> {
    let to = usize::from(to_number).checked_sub(1)?;
    if to == seat || to >= s.players.len() {
        return None;
    }
    let p = s.players.get_mut(seat)?;
    let i = p.military_hand.iter().position(|&x| x == card)?;
    p.military_hand.remove(i);
    let name = s.data.card_name(card);
    let (side, side_ko) = if from_a { ("A", "A") } else { ("B", "B") };
    out.push(said(
        seat,
        format!(
            "offers seat {} the pact {}, taking side {side}.",
            to + 1,
            name.en
        ),
        format!(
            "{}번 자리에 조약 {}을(를) 제안합니다 (자신은 {side_ko}).",
            to + 1,
            name.ko
        ),
    ));
    s.phase = Phase::PactOffer {
        card,
        from: seat,
        to,
        from_a,
    };
    Some(())
}

/// The answer: refused, the card goes back to the hand; accepted, it
/// lies before the one who offered it, replacing the pact it offered
/// before (L2378-2404). Either way the offerer's turn goes on.
pub(super) fn answer(s: &mut State, seat: usize, accept: bool, out: &mut Vec<Event>) -> Option<()> {
    let Phase::PactOffer {
        card,
        from,
        to,
        from_a,
    } = s.phase.clone()
    else {
        return None;
    };
    if seat != to {
        return None;
    }
    if !accept {
        s.players.get_mut(from)?.military_hand.push(card);
        out.push(said(
            to,
            "refuses the pact.".into(),
            "조약을 거절합니다.".into(),
        ));
        military::after_politics(s);
        return Some(());
    }
    let old = s
        .players
        .get(from)?
        .pacts
        .iter()
        .find(|x| x.offered)
        .map(|x| x.card);
    if let Some(old) = old {
        end(s, old, out);
    }
    let side = |a: bool, partner: usize, offered: bool| PactSide {
        card,
        a,
        partner,
        offered,
    };
    s.players.get_mut(from)?.pacts.push(side(from_a, to, true));
    s.players
        .get_mut(to)?
        .pacts
        .push(side(!from_a, from, false));
    let name = s.data.card_name(card);
    out.push(said(
        to,
        format!("accepts the pact {}; it is in force.", name.en),
        format!("조약 {}을(를) 수락합니다. 조약이 발효됩니다.", name.ko),
    ));
    military::after_politics(s);
    Some(())
}

/// Cancels a pact one takes part in (political action, L2447-2465).
pub(super) fn cancel(s: &mut State, seat: usize, card: CardId, out: &mut Vec<Event>) -> Option<()> {
    if !s.players.get(seat)?.pacts.iter().any(|x| x.card == card) {
        return None;
    }
    end(s, card, out);
    military::after_politics(s);
    Some(())
}

/// The pact leaves both civilizations; its card is discarded and the
/// action tokens it gave are re-counted.
pub(super) fn end(s: &mut State, card: CardId, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    for p in &mut s.players {
        let (white, red) = (
            crate::games::tta::legal::white_total(&data, p, mode),
            crate::games::tta::legal::red_total(&data, p, mode),
        );
        p.pacts.retain(|x| x.card != card);
        tokens::settle_tokens(&data, p, mode, white, red);
    }
    military::put_away(s, card);
    let name = s.data.card_name(card);
    out.push(crate::engine::Event::public(crate::engine::Text::new(
        format!("The pact {} ends.", name.en),
        format!("조약 {}이(가) 끝납니다.", name.ko),
    )));
}

/// Every pact of a civilization that leaves the game ends.
pub(super) fn end_all(s: &mut State, seat: usize, out: &mut Vec<Event>) {
    let cards: Vec<CardId> = s
        .players
        .get(seat)
        .map(|p| p.pacts.iter().map(|x| x.card).collect())
        .unwrap_or_default();
    for card in cards {
        end(s, card, out);
    }
}

/// An attack between the two ends the pacts whose card says so (Promise
/// of Military Protection, Military Pact; L2466-2472).
pub(super) fn end_on_attack(s: &mut State, attacker: usize, target: usize, out: &mut Vec<Event>) {
    let cards: Vec<CardId> = s
        .players
        .get(attacker)
        .map(|p| {
            p.pacts
                .iter()
                .filter(|x| x.partner == target)
                .filter(|x| s.data.card(x.card).is_some_and(|c| c.raw.ends_on_attack))
                .map(|x| x.card)
                .collect()
        })
        .unwrap_or_default();
    for card in cards {
        end(s, card, out);
    }
}

/// Open Borders: the attacker's extra strength against its partner.
pub fn attack_bonus(data: &Data, attacker: &Player, target: usize) -> i32 {
    attacker
        .pacts
        .iter()
        .filter(|x| x.partner == target)
        .filter_map(|x| data.card(x.card))
        .map(|c| c.raw.attacker_strength)
        .sum()
}

/// The food (or resources) pacts add or take at production; returns the
/// amount produced (negative: lost).
pub fn produce(data: &Data, p: &mut Player, food: bool) -> i32 {
    let n = scoring::pact_bonus(data, p, |b| {
        if food {
            b.food_per_turn
        } else {
            b.resources_per_turn
        }
    });
    if n >= 0 {
        tokens::produce_amount(data, p, food, n)
    } else {
        -tokens::lose(data, p, food, -n)
    }
}

/// Scientific Cooperation: a civilization played a technology (paying the
/// card's discount less, `legal::science_cost`); its partner pays the
/// science the card says, what it has at most (a reading: a loss takes
/// what there is, as the events' losses do).
pub(super) fn technology_played(s: &mut State, seat: usize, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let owed: Vec<(usize, i32)> = s
        .players
        .get(seat)
        .map(|p| {
            p.pacts
                .iter()
                .filter_map(|x| {
                    let c = data.card(x.card)?;
                    let side = if x.a { c.raw.a } else { c.raw.b }?;
                    (side.partner_science_per_tech > 0)
                        .then_some((x.partner, side.partner_science_per_tech))
                })
                .collect()
        })
        .unwrap_or_default();
    for (partner, n) in owed {
        let Some(q) = s.players.get_mut(partner) else {
            continue;
        };
        let paid = n.min(q.science).max(0);
        q.science -= paid;
        out.push(crate::engine::Event::public(crate::engine::Text::new(
            format!(
                "Seat {} pays {paid} science for the cooperation (seat {} played a technology).",
                partner + 1,
                seat + 1
            ),
            format!(
                "{}번 자리가 과학 협력으로 과학 {paid}을(를) 냅니다 ({}번 자리가 기술을 냈습니다).",
                partner + 1,
                seat + 1
            ),
        )));
    }
}
