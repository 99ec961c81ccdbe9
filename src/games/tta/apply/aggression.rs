//! Aggressions (brown cards) of the advanced and full games (seed
//! L2243-2330): the political action against a seat, the attacker's units
//! sent, the defender's answer (defence cards and units), the tie that
//! favours the defender (L2274-2281), and what each aggression card takes.

use super::event_effects::{population, strength};
use super::military;
use super::pact;
use super::report::{name_of, said};
use super::tokens;
use crate::engine::{Event, Text};
use crate::games::tta::command::Command;
use crate::games::tta::data::{Card, CardId, Kind, RuleName, SCIENCE_CAP};
use crate::games::tta::legal;
use crate::games::tta::scoring;
use crate::games::tta::state::{Clash, Mode, Phase, Player, Spoil, State};

/// An aggression or a war is played against `target`: its leader may
/// score culture for it (Joan of Arc). A war declared is to call it too.
pub(super) fn played_against(s: &mut State, target: usize, out: &mut Vec<Event>) {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let Some(p) = s.players.get_mut(target) else {
        return;
    };
    let n: i32 = scoring::permanent_cards(&data, p, mode)
        .map(|c| c.raw.culture_when_attacked)
        .sum();
    if n > 0 {
        p.culture += n;
        out.push(said(
            target,
            format!("scores {n} culture for the attack (its leader)."),
            format!("공격을 받아 문화 {n}점을 얻습니다 (지도자)."),
        ));
    }
}

/// Plays an aggression card against `target_number` (seat 1-4): its
/// military actions are spent, the card lies open, and the attacker may
/// send units first (L2243-2262, L2302-2318).
pub(super) fn declare(
    s: &mut State,
    seat: usize,
    card: CardId,
    target_number: u8,
    out: &mut Vec<Event>,
) -> Option<()> {
    let target = usize::from(target_number).checked_sub(1)?;
    let data = s.data.clone();
    let c = data.card(card)?;
    let cost = scoring::attack_cost(&data, c, s.players.get(target)?)?;
    if target == seat || legal::red_left(s, seat) < cost {
        return None;
    }
    let bonus = pact::attack_bonus(&data, s.players.get(seat)?, target);
    military::play_from_hand(s, seat, card, cost)?;
    let attack = strength(s, seat) + bonus;
    pact::end_on_attack(s, seat, target, out);
    played_against(s, target, out);
    out.push(said(
        seat,
        format!(
            "attacks seat {} with {} ({cost} military action(s); strength {attack}).",
            target + 1,
            c.name()
        ),
        format!(
            "{}번 자리를 {}(으)로 공격합니다 (군사 행동 {cost}개, 군사력 {attack}).",
            target + 1,
            c.name_ko()
        ),
    ));
    s.phase = Phase::Aggression(Clash {
        card,
        attacker: seat,
        target,
        cost,
        attack,
        attack_sent: Vec::new(),
        defence: None,
        defence_sent: Vec::new(),
        defence_cards: 0,
    });
    if s.last_round && s.rules.mode == Mode::Full {
        // The last round: only the defender may raise its strength, with
        // defence cards (L3121-3125); the attacker sends nothing.
        return answer(s, seat, &Command::NoSacrifice, out);
    }
    Some(())
}

/// The attack's strength: the attacker's before its sacrifices and the
/// units sent, counted twice in effect (L2252-2262).
pub fn attack_total(s: &State, c: &Clash) -> i32 {
    c.attack + sent(s, c.attacker, &c.attack_sent)
}

/// The defence's strength: the same, plus the defence cards played.
pub fn defence_total(s: &State, c: &Clash) -> i32 {
    c.defence.unwrap_or(0) + sent(s, c.target, &c.defence_sent) + c.defence_cards
}

fn sent(s: &State, seat: usize, units: &[CardId]) -> i32 {
    s.players
        .get(seat)
        .map(|p| scoring::sent_strength(&s.data, p, s.rules.mode, units))
        .unwrap_or(0)
}

/// A unit sent, a defence card played, or the end of either side's answer.
pub(super) fn answer(
    s: &mut State,
    seat: usize,
    cmd: &Command,
    out: &mut Vec<Event>,
) -> Option<()> {
    let Phase::Aggression(mut c) = s.phase.clone() else {
        return None;
    };
    match cmd {
        Command::Sacrifice(n) => {
            send_unit(s, seat, n.id, out)?;
            if c.defence.is_none() {
                c.attack_sent.push(n.id);
            } else {
                c.defence_sent.push(n.id);
            }
        }
        Command::NoSacrifice => {
            c.defence = Some(strength(s, c.target));
            let (a, d, y) = (attack_total(s, &c), defence_total(s, &c), c.target + 1);
            out.push(Event::public(Text::new(
                format!("The attack has strength {a}; seat {y} (strength {d}) answers."),
                format!("공격 군사력 {a}; {y}번 자리(군사력 {d})가 대응합니다."),
            )));
        }
        Command::Defend(n) => {
            // Winston Churchill's defence bonus cards count double.
            let times = s
                .players
                .get(seat)
                .and_then(|p| {
                    scoring::rule_total(&s.data, p, s.rules.mode, RuleName::DefenceCardMultiplier)
                })
                .unwrap_or(1);
            let value = s.data.card(n.id)?.raw.defense * times;
            let p = s.players.get_mut(seat)?;
            let i = p.military_hand.iter().position(|&x| x == n.id)?;
            p.military_hand.remove(i);
            military::put_away(s, n.id);
            c.defence_cards += value;
            out.push(said(
                seat,
                format!("plays a defence bonus of {value}."),
                format!("방어 보너스 {value}을(를) 사용합니다."),
            ));
        }
        Command::NoDefence => return succeed(s, c, out),
        _ => return None,
    }
    let (a, d) = (attack_total(s, &c), defence_total(s, &c));
    if c.defence.is_some() && d >= a {
        out.push(Event::public(Text::new(
            format!("The aggression fails: defence {d} against attack {a} (a tie favours the defender)."),
            format!("침략이 실패합니다: 방어 {d} 대 공격 {a} (동률이면 방어 성공)."),
        )));
        finish(s, c.card);
    } else {
        s.phase = Phase::Aggression(c);
    }
    Some(())
}

/// A unit leaves its card; its worker goes back to the yellow bank
/// (L2302-2318).
pub(super) fn send_unit(
    s: &mut State,
    seat: usize,
    card: CardId,
    out: &mut Vec<Event>,
) -> Option<()> {
    let p = s.players.get_mut(seat)?;
    let i = legal::tech_index(p, card)?;
    let t = p.techs.get_mut(i)?;
    t.workers = t.workers.checked_sub(1)?;
    p.yellow_bank += 1;
    let (en, ko) = name_of(&s.data, card);
    out.push(said(
        seat,
        format!("sacrifices a unit of {en}."),
        format!("{ko} 유닛을 희생합니다."),
    ));
    Some(())
}

/// The aggression card is discarded and the turn goes on (discard due,
/// then actions).
fn finish(s: &mut State, card: CardId) {
    military::put_away(s, card);
    military::after_politics(s);
}

/// The attack is stronger: the card takes effect (L2282-2300); where the
/// attacker chooses what to take, it is asked.
fn succeed(s: &mut State, c: Clash, out: &mut Vec<Event>) -> Option<()> {
    let data = s.data.clone();
    let card = data.card(c.card)?;
    out.push(Event::public(Text::new(
        format!(
            "The aggression succeeds: attack {} against defence {}.",
            attack_total(s, &c),
            defence_total(s, &c)
        ),
        format!(
            "침략이 성공합니다: 공격 {} 대 방어 {}.",
            attack_total(s, &c),
            defence_total(s, &c)
        ),
    )));
    let choices = spoils(s, c.target, card);
    if !choices.is_empty() {
        s.phase = Phase::Spoils { clash: c, choices };
        return Some(());
    }
    direct_effect(s, &c, card, out)?;
    finish(s, c.card);
    Some(())
}

/// What the attacker may choose among: Plunder's mixes of food and
/// resources (only the largest totals the defender can pay), Raid's urban
/// buildings, Annex's colonies.
fn spoils(s: &State, target: usize, card: &Card) -> Vec<Spoil> {
    let Some(p) = s.players.get(target) else {
        return Vec::new();
    };
    let r = &card.raw;
    if r.steal_food_or_resources > 0 {
        let cap = r.steal_food_or_resources;
        let pays = |food: bool, n: i32| legal::pay_plan(&s.data, p, food, n).is_some() || n == 0;
        let mixes: Vec<(i32, i32)> = (0..=cap)
            .flat_map(|f| (0..=cap - f).map(move |r| (f, r)))
            .filter(|&(f, r)| pays(true, f) && pays(false, r))
            .collect();
        let best = mixes.iter().map(|(f, r)| f + r).max().unwrap_or(0);
        return mixes
            .into_iter()
            .filter(|(f, r)| best > 0 && f + r == best)
            .filter_map(|(f, r)| {
                Some(Spoil::Seize {
                    food: u8::try_from(f).ok()?,
                    resources: u8::try_from(r).ok()?,
                })
            })
            .collect();
    }
    if r.buildings_destroyed > 0 {
        return scoring::techs(&s.data, p)
            .filter(|(t, c)| matches!(c.kind, Kind::Urban(_)) && t.workers > 0)
            .map(|(t, _)| Spoil::Destroy(t.card))
            .collect();
    }
    if r.colonies_taken > 0 {
        return p.colonies.iter().map(|&x| Spoil::Annex(x)).collect();
    }
    Vec::new()
}

/// The effects with nothing to choose: Enslave, Spy, Armed Intervention,
/// Assassinate, Sabotage.
fn direct_effect(s: &mut State, c: &Clash, card: &Card, out: &mut Vec<Event>) -> Option<()> {
    let data = s.data.clone();
    let mode = s.rules.mode;
    let r = &card.raw;
    let (a, t) = pair(&mut s.players, c.attacker, c.target)?;
    let mut lines: Vec<(String, String)> = Vec::new();
    if r.target_population < 0 {
        let lost = -population(&data, t, r.target_population);
        let made = tokens::produce_amount(&data, a, false, r.attacker_resources);
        lines.push((
            format!("loses {lost} population; the attacker produces {made} resources"),
            format!("인구 {lost}을(를) 잃고, 공격자는 자원 {made}을(를) 생산합니다"),
        ));
    }
    if r.steal_science > 0 {
        let lost = r.steal_science.min(t.science);
        t.science -= lost;
        a.science = (a.science + lost).min(SCIENCE_CAP);
        lines.push((
            format!("loses {lost} science to the attacker"),
            format!("과학 {lost}을(를) 공격자에게 잃습니다"),
        ));
    }
    if r.steal_culture > 0 {
        let lost = r.steal_culture.min(t.culture);
        t.culture -= lost;
        a.culture += lost;
        lines.push((
            format!("loses {lost} culture to the attacker"),
            format!("문화 {lost}을(를) 공격자에게 잃습니다"),
        ));
    }
    if r.culture_per_red > 0 {
        let what = discard_leader_or_wonder(&data, mode, t, r.red_cost_rule.as_deref());
        let gained = r.culture_per_red * i32::from(c.cost);
        a.culture += gained;
        lines.push((
            format!(
                "discards its {}; the attacker scores {gained} culture",
                what.0
            ),
            format!(
                "{}을(를) 버리고, 공격자는 문화 {gained}점을 얻습니다",
                what.1
            ),
        ));
    }
    for (en, ko) in lines {
        out.push(said(c.target, format!("{en}."), format!("{ko}.")));
    }
    Some(())
}

/// Assassinate: the leader goes (its action tokens and blue tokens with
/// it); Sabotage: the wonder under construction goes, the blue tokens on
/// its stages back to the bank.
fn discard_leader_or_wonder(
    data: &crate::games::tta::data::Data,
    mode: crate::games::tta::state::Mode,
    t: &mut Player,
    rule: Option<&str>,
) -> (&'static str, &'static str) {
    if rule.is_some_and(|r| r.contains("wonder")) {
        if let Some(w) = t.wonder.take() {
            t.blue_bank += w.built;
            t.discarded += 1;
        }
        return ("wonder under construction", "짓고 있는 문화 유산");
    }
    tokens::lose_leader(data, t, mode);
    ("leader", "지도자")
}

/// Two different players, mutably.
pub(super) fn pair(
    players: &mut [Player],
    a: usize,
    b: usize,
) -> Option<(&mut Player, &mut Player)> {
    if a == b || a >= players.len() || b >= players.len() {
        return None;
    }
    if a < b {
        let (lo, hi) = players.split_at_mut(b);
        Some((lo.get_mut(a)?, hi.get_mut(0)?))
    } else {
        let (lo, hi) = players.split_at_mut(a);
        Some((hi.get_mut(0)?, lo.get_mut(b)?))
    }
}

/// The attacker takes the spoil it chose.
pub(super) fn take(s: &mut State, seat: usize, cmd: &Command, out: &mut Vec<Event>) -> Option<()> {
    let Phase::Spoils { clash: c, .. } = s.phase.clone() else {
        return None;
    };
    if seat != c.attacker {
        return None;
    }
    let data = s.data.clone();
    let mode = s.rules.mode;
    let card = data.card(c.card)?;
    let (a, t) = pair(&mut s.players, c.attacker, c.target)?;
    let (en, ko) = match cmd {
        Command::Seize(food, res) => {
            let (food, res) = (i32::from(*food), i32::from(*res));
            tokens::pay(&data, t, true, food)?;
            tokens::pay(&data, t, false, res)?;
            let f = tokens::produce_amount(&data, a, true, food);
            let r = tokens::produce_amount(&data, a, false, res);
            (
                format!("loses {food} food and {res} resources; the attacker produces {f} food and {r} resources."),
                format!("식량 {food}, 자원 {res}을(를) 잃고, 공격자는 식량 {f}, 자원 {r}을(를) 생산합니다."),
            )
        }
        Command::Destroy(n) => raid(&data, a, t, n.id, card.raw.buildings_destroyed)?,
        Command::Annex(n) => annex(&data, mode, a, t, n.id)?,
        _ => return None,
    };
    out.push(said(c.target, en, ko));
    finish(s, c.card);
    Some(())
}

/// Raid: up to `most` buildings of the chosen card are destroyed, their
/// workers become unused; the attacker produces half their build cost in
/// resources (one building: rounded up; more: rounded down, as the cards
/// say).
fn raid(
    data: &crate::games::tta::data::Data,
    a: &mut Player,
    t: &mut Player,
    card: CardId,
    most: i32,
) -> Option<(String, String)> {
    let cost = data.card(card)?.raw.build_cost;
    let i = legal::tech_index(t, card)?;
    let tech = t.techs.get_mut(i)?;
    let n = u8::try_from(most).ok()?.min(tech.workers);
    tech.workers -= n;
    t.workers += n;
    let total = cost * i32::from(n);
    let gain = if most == 1 {
        (total + 1) / 2
    } else {
        total / 2
    };
    let made = tokens::produce_amount(data, a, false, gain);
    let (en, ko) = name_of(data, card);
    Some((
        format!("loses {n} building(s) of {en}; the attacker produces {made} resources."),
        format!("{ko} 건물 {n}개를 잃고, 공격자는 자원 {made}을(를) 생산합니다."),
    ))
}

/// Annex: the colony changes hands with its permanent bonus (the tokens
/// it brought move from the box accordingly); its one-time bonus is not
/// given again.
fn annex(
    data: &crate::games::tta::data::Data,
    mode: crate::games::tta::state::Mode,
    a: &mut Player,
    t: &mut Player,
    colony: CardId,
) -> Option<(String, String)> {
    let (a_blue, a_yellow) = (
        legal::blue_owned(data, a, mode),
        legal::yellow_owned(data, a),
    );
    // The loser loses the bonus, never population (L2239-2242).
    super::event_loss::give_up_colony(data, mode, t, colony)?;
    a.colonies.push(colony);
    tokens::settle_blue(data, a, mode, a_blue);
    a.yellow_bank += legal::yellow_owned(data, a).saturating_sub(a_yellow);
    let (en, ko) = name_of(data, colony);
    Some((
        format!("loses the colony {en} to the attacker."),
        format!("식민지 {ko}을(를) 공격자에게 잃습니다."),
    ))
}
