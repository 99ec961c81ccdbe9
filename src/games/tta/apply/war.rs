//! Wars of the full game (seed L2968-3047): declared as a political
//! action, resolved at the start of the declarer's next turn before its
//! political action (the declarer sends units, then its opponent; no
//! defence cards), either side may win, and the winner takes what the card
//! says scaled by the difference of strengths; the loser chooses how to pay
//! where the card leaves a choice.

use super::aggression::{attack_total, defence_total, pair, send_unit};
use super::event_effects::{population, strength};
use super::military;
use super::pact;
use super::report::{name_of, said};
use super::tokens;
use crate::engine::{Event, Text};
use crate::games::tta::command::Command;
use crate::games::tta::data::{CardId, Data, WarSpoil, SCIENCE_CAP};
use crate::games::tta::legal;
use crate::games::tta::scoring;
use crate::games::tta::state::{Clash, Mode, Phase, Player, State, War};

/// Declares a war on `target_number` (seat 1-4): the card's military
/// actions are spent and it lies open before the declarer until the start
/// of its next turn (L2968-2990).
pub(super) fn declare(
    s: &mut State,
    seat: usize,
    card: CardId,
    target_number: u8,
    out: &mut Vec<Event>,
) -> Option<()> {
    let target = usize::from(target_number).checked_sub(1)?;
    let cost = u8::try_from(s.data.card(card)?.raw.red_cost).ok()?;
    if target == seat || target >= s.players.len() || legal::red_left(s, seat) < cost {
        return None;
    }
    military::play_from_hand(s, seat, card, cost)?;
    // A war is an attack between the two (a reading, NOTES.md).
    pact::end_on_attack(s, seat, target, out);
    s.wars.push(War {
        card,
        declarer: seat,
        target,
    });
    let (en, ko) = name_of(&s.data, card);
    out.push(said(
        seat,
        format!(
            "declares {en} on seat {} ({cost} military action(s)); it is resolved at the start of seat {}'s next turn.",
            target + 1,
            seat + 1
        ),
        format!(
            "{}번 자리에 {ko}을(를) 선포합니다 (군사 행동 {cost}개). {}번 자리의 다음 턴 시작에 결판을 냅니다.",
            target + 1,
            seat + 1
        ),
    ));
    super::aggression::played_against(s, target, out);
    military::after_politics(s);
    Some(())
}

/// At the start of a turn, before the political action: the war this seat
/// declared is resolved (L2982-2989). In the last round neither side may
/// raise its strength (L3124-3130).
pub fn resolve_due(s: &mut State, out: &mut Vec<Event>) {
    let Some(i) = s.wars.iter().position(|w| w.declarer == s.turn) else {
        return;
    };
    let w = s.wars.remove(i);
    let cost = s
        .data
        .card(w.card)
        .and_then(|c| u8::try_from(c.raw.red_cost).ok())
        .unwrap_or(0);
    let bonus = s
        .players
        .get(w.declarer)
        .map(|p| pact::attack_bonus(&s.data, p, w.target))
        .unwrap_or(0);
    let mut c = Clash {
        card: w.card,
        attacker: w.declarer,
        target: w.target,
        cost,
        attack: strength(s, w.declarer) + bonus,
        attack_sent: Vec::new(),
        defence: None,
        defence_sent: Vec::new(),
        defence_cards: 0,
    };
    let (en, ko) = name_of(&s.data, w.card);
    out.push(Event::public(Text::new(
        format!(
            "Seat {}'s {en} against seat {} is resolved: strength {} against {}.",
            w.declarer + 1,
            w.target + 1,
            c.attack,
            strength(s, w.target)
        ),
        format!(
            "{}번 자리가 {}번 자리에 선포한 {ko}의 결판: 군사력 {} 대 {}.",
            w.declarer + 1,
            w.target + 1,
            c.attack,
            strength(s, w.target)
        ),
    )));
    if s.last_round {
        out.push(Event::public(Text::new(
            "The last round: neither side may raise its strength.",
            "마지막 라운드: 어느 쪽도 군사력을 올릴 수 없습니다.",
        )));
        c.defence = Some(strength(s, c.target));
        settle(s, c, out);
        return;
    }
    next_step(s, c, out);
}

fn has_units(s: &State, seat: usize) -> bool {
    s.players.get(seat).is_some_and(|p| {
        scoring::techs(&s.data, p).any(|(t, c)| legal::is_unit(c) && t.workers > 0)
    })
}

/// The next side to send units; a side with no unit left is not asked.
fn next_step(s: &mut State, mut c: Clash, out: &mut Vec<Event>) {
    if c.defence.is_none() && !has_units(s, c.attacker) {
        c.defence = Some(strength(s, c.target));
    }
    if c.defence.is_some() && !has_units(s, c.target) {
        settle(s, c, out);
        return;
    }
    s.phase = Phase::War(c);
}

/// A unit sent by the side asked, or the end of its sending.
pub(super) fn answer(
    s: &mut State,
    seat: usize,
    cmd: &Command,
    out: &mut Vec<Event>,
) -> Option<()> {
    let Phase::War(mut c) = s.phase.clone() else {
        return None;
    };
    let declarer = c.defence.is_none();
    if seat != if declarer { c.attacker } else { c.target } {
        return None;
    }
    match cmd {
        Command::Sacrifice(n) => {
            send_unit(s, seat, n.id, out)?;
            if declarer {
                c.attack_sent.push(n.id);
            } else {
                c.defence_sent.push(n.id);
            }
        }
        Command::NoSacrifice if declarer => c.defence = Some(strength(s, c.target)),
        Command::NoSacrifice => {
            settle(s, c, out);
            return Some(());
        }
        _ => return None,
    }
    next_step(s, c, out);
    Some(())
}

/// The higher total wins; a tie: nothing happens (a reading, NOTES.md).
/// The winner takes what the card says; where the loser has a choice, it is
/// asked.
fn settle(s: &mut State, c: Clash, out: &mut Vec<Event>) {
    let (a, d) = (attack_total(s, &c), defence_total(s, &c));
    if a == d {
        out.push(Event::public(Text::new(
            format!("The war is a tie ({a} against {d}): nothing happens."),
            format!("전쟁이 비겼습니다 ({a} 대 {d}). 아무 일도 일어나지 않습니다."),
        )));
        finish(s, c.card, out);
        return;
    }
    let (winner, loser) = if a > d {
        (c.attacker, c.target)
    } else {
        (c.target, c.attacker)
    };
    let diff = (a - d).abs();
    out.push(said(
        winner,
        format!("wins the war: strength {a} against {d}, a difference of {diff}."),
        format!("전쟁에서 이깁니다: 군사력 {a} 대 {d}, 차이 {diff}."),
    ));
    let spoil = s.data.card(c.card).and_then(|x| x.raw.war);
    let owed = match spoil {
        Some(WarSpoil::FoodAndResources) => s
            .players
            .get(loser)
            .map(|p| diff.min(legal::food_and_resources(s, p)))
            .unwrap_or(0),
        _ => diff,
    };
    let choices = match spoil {
        Some(WarSpoil::FoodAndResources) => legal::splits(s, loser, -owed).len(),
        Some(WarSpoil::Science) => legal::gifts(s, winner, loser, owed).len() + 1,
        _ => 0,
    };
    if choices > 1 {
        s.phase = Phase::WarLoss {
            clash: c,
            winner,
            loser,
            owed,
        };
        return;
    }
    match spoil {
        Some(WarSpoil::FoodAndResources) => {
            let due = legal::splits(s, loser, -owed).into_iter().next();
            if let Some(Command::ChooseSplit { food, resources }) = due {
                pay_split(s, (winner, loser), food, resources, out);
            }
        }
        Some(WarSpoil::Science) => lose_science(s, (winner, loser), owed, out),
        Some(x) => direct(s, x, (winner, loser), diff, out),
        None => {}
    }
    finish(s, c.card, out);
}

/// The war card is discarded; the declarer's turn goes on with its
/// political action (L3006-3012), unless an event made it give that up.
fn finish(s: &mut State, card: CardId, out: &mut Vec<Event>) {
    military::put_away(s, card);
    s.phase = Phase::Political;
    super::event_choice::skip_politics_if_given_up(s, out);
}

/// The spoils with nothing to choose: culture, yellow tokens, population.
fn direct(
    s: &mut State,
    spoil: WarSpoil,
    (winner, loser): (usize, usize),
    diff: i32,
    out: &mut Vec<Event>,
) {
    let data = s.data.clone();
    let Some((w, l)) = pair(&mut s.players, winner, loser) else {
        return;
    };
    let (en, ko) = match spoil {
        WarSpoil::Culture => {
            // The winner takes no more than the loser loses (L3003-3005).
            let lost = diff.min(l.culture).max(0);
            l.culture -= lost;
            w.culture += lost;
            (
                format!("loses {lost} culture to seat {}.", winner + 1),
                format!("문화 {lost}점을 {}번 자리에 잃습니다.", winner + 1),
            )
        }
        WarSpoil::Yellow => {
            let moved = yellow_to(w, l, 1 + diff / 3);
            (
                format!(
                    "gives {moved} yellow token(s) of its yellow bank to seat {}.",
                    winner + 1
                ),
                format!(
                    "노란 저장소의 노란 토큰 {moved}개를 {}번 자리에 줍니다.",
                    winner + 1
                ),
            )
        }
        WarSpoil::Population => {
            let lost = -population(&data, l, -(diff / 3));
            w.culture += 3 * lost;
            (
                format!(
                    "loses {lost} population; seat {} scores {} culture.",
                    winner + 1,
                    3 * lost
                ),
                format!(
                    "인구 {lost}을(를) 잃고, {}번 자리는 문화 {}점을 얻습니다.",
                    winner + 1,
                    3 * lost
                ),
            )
        }
        WarSpoil::FoodAndResources | WarSpoil::Science => return,
    };
    out.push(said(loser, en, ko));
}

/// Yellow tokens from the loser's yellow bank to the winner's (at most
/// what the bank holds); returns how many moved.
fn yellow_to(w: &mut Player, l: &mut Player, n: i32) -> u8 {
    let moved = u8::try_from(n.max(0)).unwrap_or(u8::MAX).min(l.yellow_bank);
    let m16 = i16::from(moved);
    l.yellow_bank -= moved;
    l.yellow_moved -= m16;
    w.yellow_bank += moved;
    w.yellow_moved += m16;
    moved
}

/// War over Resources: the loser returns food and resources worth the
/// split; the winner produces what the loser lost.
fn pay_split(
    s: &mut State,
    (winner, loser): (usize, usize),
    food: u8,
    resources: u8,
    out: &mut Vec<Event>,
) {
    let data = s.data.clone();
    let Some((w, l)) = pair(&mut s.players, winner, loser) else {
        return;
    };
    let f = tokens::lose(&data, l, true, i32::from(food));
    let r = tokens::lose(&data, l, false, i32::from(resources));
    let f2 = tokens::produce_amount(&data, w, true, f);
    let r2 = tokens::produce_amount(&data, w, false, r);
    out.push(said(
        loser,
        format!(
            "loses {f} food and {r} resources; seat {} produces {f2} food and {r2} resources.",
            winner + 1
        ),
        format!(
            "식량 {f}, 자원 {r}을(를) 잃고, {}번 자리는 식량 {f2}, 자원 {r2}을(를) 생산합니다.",
            winner + 1
        ),
    ));
}

/// War over Technology: the rest owed is taken in science (no more than
/// the loser has; the winner's science stays within the track).
fn lose_science(s: &mut State, (winner, loser): (usize, usize), owed: i32, out: &mut Vec<Event>) {
    let Some((w, l)) = pair(&mut s.players, winner, loser) else {
        return;
    };
    let lost = owed.min(l.science).max(0);
    l.science -= lost;
    w.science = (w.science + lost).min(SCIENCE_CAP);
    out.push(said(
        loser,
        format!("loses {lost} science to seat {}.", winner + 1),
        format!("과학 {lost}을(를) {}번 자리에 잃습니다.", winner + 1),
    ));
}

/// War over Technology: a special technology changes hands; the winner's
/// older one of the family is discarded, and the tokens both hold are
/// re-counted.
fn give_special(
    data: &Data,
    mode: Mode,
    (w, l): (&mut Player, &mut Player),
    card: CardId,
) -> Option<()> {
    let kind = data.card(card)?.kind;
    let before = |p: &Player| {
        (
            legal::white_total(data, p, mode),
            legal::red_total(data, p, mode),
            legal::blue_owned(data, p, mode),
        )
    };
    let (lw, lr, lb) = before(l);
    let (ww, wr, wb) = before(w);
    let i = l.specials.iter().position(|&x| x == card)?;
    l.specials.remove(i);
    if let Some(j) = w
        .specials
        .iter()
        .position(|&x| data.card(x).is_some_and(|c| c.kind == kind))
    {
        w.specials.remove(j);
        w.discarded += 1;
    }
    w.specials.push(card);
    tokens::settle_tokens(data, l, mode, lw, lr);
    tokens::settle_blue(data, l, mode, lb);
    tokens::settle_tokens(data, w, mode, ww, wr);
    tokens::settle_blue(data, w, mode, wb);
    Some(())
}

/// The loser's choice: the split of food and resources, a special
/// technology handed over, or the rest in science.
pub(super) fn pay(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    let Phase::WarLoss {
        clash,
        winner,
        loser,
        owed,
    } = s.phase.clone()
    else {
        return None;
    };
    if seat != loser {
        return None;
    }
    match cmd {
        Command::ChooseSplit { food, resources } => {
            pay_split(s, (winner, loser), *food, *resources, out)
        }
        Command::GiveScience => lose_science(s, (winner, loser), owed, out),
        Command::Give(n) => {
            let data = s.data.clone();
            let mode = s.rules.mode;
            let cost = data.card(n.id)?.raw.science_cost;
            give_special(&data, mode, pair(&mut s.players, winner, loser)?, n.id)?;
            let (en, ko) = name_of(&data, n.id);
            out.push(said(
                loser,
                format!("hands {en} to seat {} (science cost {cost}).", winner + 1),
                format!(
                    "{ko}을(를) {}번 자리에 넘깁니다 (과학 비용 {cost}).",
                    winner + 1
                ),
            ));
            let owed = owed - cost;
            if legal::gifts(s, winner, loser, owed).is_empty() {
                lose_science(s, (winner, loser), owed, out);
            } else {
                s.phase = Phase::WarLoss {
                    clash,
                    winner,
                    loser,
                    owed,
                };
                return Some(());
            }
        }
        _ => return None,
    }
    finish(s, clash.card, out);
    Some(())
}

/// A seat leaves (resigns): every war it declared or that was declared on
/// it is discarded with no effect (L3083-3087); one being resolved ends,
/// the declarer's turn going on.
pub(super) fn leave(s: &mut State, seat: usize, out: &mut Vec<Event>) {
    let gone: Vec<CardId> = s
        .wars
        .iter()
        .filter(|w| w.declarer == seat || w.target == seat)
        .map(|w| w.card)
        .collect();
    s.wars.retain(|w| w.declarer != seat && w.target != seat);
    for card in gone {
        military::put_away(s, card);
    }
    if let Phase::War(c) | Phase::WarLoss { clash: c, .. } = s.phase.clone() {
        if c.attacker == seat || c.target == seat {
            finish(s, c.card, out);
        }
    }
}
