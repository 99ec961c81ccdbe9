//! The effects of the military events of Ages I and II that need no
//! choice (advanced and full games): who they touch by strength, culture
//! or happiness, and what each touched civilization gains or loses.

use super::report::said;
use super::tokens;
use crate::engine::Event;
use crate::games::tta::data::{Data, EventEffect, Gain, Who, SCIENCE_CAP};
use crate::games::tta::legal;
use crate::games::tta::scoring;
use crate::games::tta::state::{EventChoiceKind, Player, State};

/// Seats ranked by `key`, highest first; ties go to the active player
/// first, then in turn order (the reading in NOTES.md).
pub fn ranked(s: &State, key: impl Fn(&Player) -> i32) -> Vec<usize> {
    let mut seats: Vec<usize> = s.playing_from(s.turn);
    // A stable sort keeps the turn order among equals.
    seats.sort_by_key(|&i| std::cmp::Reverse(s.players.get(i).map(&key).unwrap_or(0)));
    seats
}

/// Military strength now (public).
pub fn strength(s: &State, seat: usize) -> i32 {
    s.players
        .get(seat)
        .map(|p| scoring::stats(&s.data, p, s.rules.mode).strength)
        .unwrap_or(0)
}

/// The seats an effect touches, in turn order from the active player.
fn touched(s: &State, who: Who) -> Vec<usize> {
    let n = s.players.len();
    let by_strength = ranked(s, |p| scoring::stats(&s.data, p, s.rules.mode).strength);
    let by_culture = ranked(s, |p| p.culture);
    let two = if n <= 2 { 1 } else { 2 };
    let mut out: Vec<usize> = match who {
        Who::All => by_strength.clone(),
        Who::Strongest => by_strength.iter().take(1).copied().collect(),
        Who::Weakest => by_strength.iter().rev().take(1).copied().collect(),
        Who::TwoStrongest => by_strength.iter().take(two).copied().collect(),
        Who::TwoWeakest => by_strength.iter().rev().take(two).copied().collect(),
        Who::MostCulture => by_culture.iter().take(1).copied().collect(),
        Who::LeastCulture => by_culture.iter().rev().take(1).copied().collect(),
        Who::MostHappy => {
            let happy = |i: usize| {
                s.players
                    .get(i)
                    .map(|p| scoring::stats(&s.data, p, s.rules.mode).happiness)
                    .unwrap_or(0)
            };
            let seats = s.playing_from(s.turn);
            let best = seats.iter().map(|&i| happy(i)).max().unwrap_or(0);
            seats.into_iter().filter(|&i| happy(i) == best).collect()
        }
        Who::MostCultureIfTwoWeakest => {
            let weak: Vec<usize> = by_strength.iter().rev().take(two).copied().collect();
            by_culture
                .first()
                .copied()
                .filter(|c| weak.contains(c))
                .into_iter()
                .collect()
        }
    };
    out.sort_by_key(|&i| s.position_from(s.turn, i));
    out
}

/// Applies a revealed event's effects, each to the seats it touches; the
/// rankings are read once, before any effect (seed L2113-2136). An effect
/// the touched seats choose is not applied: it is returned with their
/// seats, in turn order from the active player.
pub fn apply(
    s: &mut State,
    effects: &[EventEffect],
    out: &mut Vec<Event>,
) -> Option<(EventChoiceKind, Vec<usize>)> {
    let plan: Vec<(EventEffect, Vec<usize>)> =
        effects.iter().map(|&e| (e, touched(s, e.who))).collect();
    let strongest = ranked(s, |p| scoring::stats(&s.data, p, s.rules.mode).strength)
        .first()
        .copied();
    let mut asked = None;
    for (effect, seats) in plan {
        if let Some(choice) = choice_of(effect) {
            asked = Some((choice, seats));
            continue;
        }
        for seat in seats {
            gain(s, seat, effect, strongest, out);
        }
    }
    asked
}

/// The choice an effect asks of the seats it touches, if any.
fn choice_of(e: EventEffect) -> Option<EventChoiceKind> {
    Some(match e.gain {
        Gain::FoodOrResourcesChoice => EventChoiceKind::FoodAndResources(e.value),
        Gain::LoseBuildingChoice => EventChoiceKind::LoseBuilding,
        Gain::LoseColonyChoice => EventChoiceKind::LoseColony,
        Gain::RavageWonderChoice => EventChoiceKind::RavageWonder,
        Gain::DestroyUrbanChoice => EventChoiceKind::DestroyUrban { victims: 0 },
        Gain::TakeCardsChoice => EventChoiceKind::TakeCards {
            left: u8::try_from(e.value).unwrap_or(0),
            took: false,
        },
        _ => return None,
    })
}

fn gain(
    s: &mut State,
    seat: usize,
    e: EventEffect,
    strongest: Option<usize>,
    out: &mut Vec<Event>,
) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let age = s.age;
    let active = s.turn == seat;
    let st = scoring::seat_stats(s, seat);
    let Some(p) = s.players.get_mut(seat) else {
        return;
    };
    let v = e.value;
    let (en, ko) = match e.gain {
        Gain::Culture => {
            let before = p.culture;
            p.culture = (p.culture + v).max(0);
            signed("culture", "문화", p.culture - before)
        }
        Gain::Science => {
            let before = p.science;
            p.science = (p.science + v).clamp(0, SCIENCE_CAP);
            signed("science", "과학", p.science - before)
        }
        Gain::Food | Gain::Resources => {
            let food = e.gain == Gain::Food;
            let got = if v >= 0 {
                tokens::produce_amount(&data, p, food, v)
            } else {
                -tokens::lose(&data, p, food, -v)
            };
            if food {
                signed("food", "식량", got)
            } else {
                signed("resources", "자원", got)
            }
        }
        Gain::Population => {
            let n = population(&data, p, v);
            signed("population", "인구", n)
        }
        Gain::BlueTokens => {
            let before = legal::blue_owned(&data, p, mode);
            p.blue_moved = p.blue_moved.saturating_add(i16::try_from(v).unwrap_or(0));
            tokens::settle_blue(&data, p, mode, before);
            signed("blue tokens", "파란 토큰", v)
        }
        Gain::YellowToStrongest => return yellow_to(s, seat, strongest, v, out),
        Gain::CultureFromCultureRate => {
            p.culture += st.culture_rate;
            signed("culture", "문화", st.culture_rate)
        }
        Gain::ScienceFromScienceRate => {
            let before = p.science;
            p.science = (p.science + st.science_rate).min(SCIENCE_CAP);
            signed("science", "과학", p.science - before)
        }
        Gain::CultureFromScienceRate => {
            p.culture += st.science_rate;
            signed("culture", "문화", st.science_rate)
        }
        Gain::FarmsProduce => signed("food", "식량", tokens::produce_by_workers(&data, p, true)),
        Gain::MinesProduce => signed(
            "resources",
            "자원",
            tokens::produce_by_workers(&data, p, false),
        ),
        Gain::FarmsAndMinesWithUpkeep => produce_with_upkeep(&data, p),
        Gain::LoseAllFood => {
            let all = legal::stock(&data, p, true);
            signed("food", "식량", -tokens::lose(&data, p, true, all))
        }
        Gain::CulturePerDiscontent => {
            let before = p.culture;
            let d = scoring::discontent(&data, p, mode);
            p.culture = (p.culture + v * d).max(0);
            signed("culture", "문화", p.culture - before)
        }
        Gain::LoseHalfDiscontent => {
            let d = scoring::discontent(&data, p, mode);
            let n = u8::try_from((d + 1) / 2).unwrap_or(0).min(p.workers);
            p.workers -= n;
            p.yellow_bank += n;
            signed("unused workers", "일하지 않는 일꾼", -i32::from(n))
        }
        Gain::OldLeadersLeave => old_leader_leaves(&data, p, mode, age),
        Gain::CivilActionsPerDiscontent => lose_civil_actions(&data, p, mode, v, active),
        // The choices are asked of the seat, never applied here (`apply`).
        _ => return,
    };
    if !en.is_empty() {
        out.push(said(seat, format!("{en}."), format!("{ko}.")));
    }
}

/// Rebellion: civil actions lost on the seat's next turn, `per` (negative)
/// per discontent worker now. A seat waiting for its turn starts it with
/// them used; the active seat loses them on its next turn, not this one
/// (the card says "next turn"; a reading, NOTES.md).
fn lose_civil_actions(
    data: &Data,
    p: &mut Player,
    mode: crate::games::tta::state::Mode,
    per: i32,
    active: bool,
) -> (String, String) {
    let d = scoring::discontent(data, p, mode);
    let n = u8::try_from((-per * d).max(0)).unwrap_or(u8::MAX);
    if n == 0 {
        return (String::new(), String::new());
    }
    if active {
        p.white_lost = p.white_lost.saturating_add(n);
    } else {
        p.white_used = p.white_used.saturating_add(n);
    }
    (
        format!("loses {n} civil action(s) on its next turn ({d} discontent worker(s))"),
        format!("다음 차례에 시민 행동 {n}개를 잃습니다 (불만 있는 일꾼 {d})"),
    )
}

/// Economic Progress: farms and mines produce, with consumption and
/// corruption, as in production.
fn produce_with_upkeep(data: &Data, p: &mut Player) -> (String, String) {
    let food = tokens::produce_by_workers(data, p, true);
    let (eat, famine) = tokens::feed(data, p);
    let res = tokens::produce_by_workers(data, p, false);
    let lost = tokens::pay_corruption(data, p);
    (
        format!("+{food} food (eats {eat}, famine -{famine} culture), +{res} resources (corruption {lost})"),
        format!("식량 +{food} (소비 {eat}, 기아 문화 -{famine}), 자원 +{res} (낭비 {lost})"),
    )
}

fn signed(en: &str, ko: &str, n: i32) -> (String, String) {
    (format!("{n:+} {en}"), format!("{ko} {n:+}"))
}

/// Grows for free (`n` > 0) or loses population (`n` < 0): unused workers
/// go back to the yellow bank first, then workers from the lowest-level
/// cards (seed L2128-2134; which card is a reading, NOTES.md). Returns the
/// change made.
pub fn population(data: &Data, p: &mut Player, n: i32) -> i32 {
    let mut done = 0;
    if n > 0 {
        while done < n && p.yellow_bank > 0 {
            p.yellow_bank -= 1;
            p.workers += 1;
            done += 1;
        }
        return done;
    }
    while done > n {
        if p.workers > 0 {
            p.workers -= 1;
        } else {
            let lowest = p
                .techs
                .iter()
                .enumerate()
                .filter(|(_, t)| t.workers > 0)
                .min_by_key(|(_, t)| data.card(t.card).map(|c| c.age).unwrap_or(0))
                .map(|(i, _)| i);
            let Some(t) = lowest.and_then(|i| p.techs.get_mut(i)) else {
                break;
            };
            t.workers -= 1;
        }
        p.yellow_bank += 1;
        done -= 1;
    }
    done
}

/// Uncertain Borders: yellow tokens from the weakest's yellow bank to the
/// strongest's (none when the weakest is the strongest, with one player).
fn yellow_to(s: &mut State, from: usize, to: Option<usize>, n: i32, out: &mut Vec<Event>) {
    let Some(to) = to.filter(|&t| t != from) else {
        return;
    };
    let moved = s
        .players
        .get(from)
        .map(|p| i32::from(p.yellow_bank).min(n).max(0))
        .unwrap_or(0);
    let (Ok(m8), Ok(m16)) = (u8::try_from(moved), i16::try_from(moved)) else {
        return;
    };
    if let Some(p) = s.players.get_mut(from) {
        p.yellow_bank -= m8;
        p.yellow_moved -= m16;
    }
    if let Some(p) = s.players.get_mut(to) {
        p.yellow_bank += m8;
        p.yellow_moved += m16;
    }
    out.push(said(
        from,
        format!("gives {moved} yellow token(s) to seat {}.", to + 1),
        format!("노란 토큰 {moved}개를 {}번 자리에 줍니다.", to + 1),
    ));
}

/// Iconoclasm: a leader of an earlier age than the current one leaves.
fn old_leader_leaves(
    data: &Data,
    p: &mut Player,
    mode: crate::games::tta::state::Mode,
    age: u8,
) -> (String, String) {
    let is_old = |l| data.card(l).is_some_and(|c| c.age < age);
    let Some(leader) = p
        .leader
        .filter(|&l| is_old(l))
        .and_then(|_| tokens::lose_leader(data, p, mode))
    else {
        return (String::new(), String::new());
    };
    let name = data.card_name(leader);
    (
        format!("loses its leader {}", name.en),
        format!("지도자 {}을(를) 잃습니다", name.ko),
    )
}
