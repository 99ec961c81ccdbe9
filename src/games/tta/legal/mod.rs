//! What is allowed now: the complete list of legal commands of a seat
//! (what things cost is in `costs`).

mod costs;
mod events;
mod war;
mod why;

pub use costs::*;
pub use events::{event_options, worked_buildings};
pub use war::{food_and_resources, gifts, sovereignty_lost};
pub use why::why_illegal;

use super::command::{named, spoil, Command, Named, Target};
use super::data::{ActionCode, Card, CardId, Data, Kind, RuleName};
use super::scoring::{self, techs};
// The token totals are what the cards add up to; read here too, as before.
pub use super::scoring::{blue_owned, red_total, white_total, yellow_owned};
use super::state::{Clash, EventChoiceKind, Mode, Phase, Player, State, Tech, WonderWork};

fn can_take(s: &State, seat: usize, slot: usize) -> bool {
    can_take_within(s, seat, slot, white_left(s, seat))
}

/// Whether the card in `slot` may be taken for at most `budget` civil
/// actions (International Agreement takes with a budget of its own).
pub fn can_take_within(s: &State, seat: usize, slot: usize, budget: u8) -> bool {
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    let Some(card) = s
        .row
        .get(slot)
        .copied()
        .flatten()
        .and_then(|id| s.data.card(id))
    else {
        return false;
    };
    let Some(cost) = take_cost(s, p, slot) else {
        return false;
    };
    if cost > budget {
        return false;
    }
    match card.kind {
        Kind::Wonder => p.wonder.is_none(),
        _ if p.hand.len() >= hand_limit(&s.data, p, s.rules.mode) => false,
        Kind::Leader => !p.leader_ages.contains(&card.age),
        k if k.is_technology() => !owns_same_tech(&s.data, p, card),
        _ => true,
    }
}

/// Resources payable for a military unit: this turn's military resources first.
pub fn can_pay_military(data: &Data, p: &Player, cost: i32) -> bool {
    can_pay_cost(data, p, false, cost - i32::from(p.military_resources))
}

pub fn is_unit(c: &Card) -> bool {
    matches!(c.kind, Kind::Unit(_))
}

/// Whether a new building may go on `c` (urban limit for urban buildings).
fn room_for(data: &Data, p: &Player, c: &Card) -> bool {
    match c.kind {
        Kind::Urban(u) => urban_count(data, p, u) < urban_limit(data, p),
        _ => true,
    }
}

fn build_ok(data: &Data, p: &Player, c: &Card, discount: i32) -> bool {
    if p.workers == 0 || !room_for(data, p, c) {
        return false;
    }
    let cost = (build_cost(data, p, c) - discount).max(0);
    if is_unit(c) {
        can_pay_military(data, p, cost)
    } else {
        can_pay_cost(data, p, false, cost)
    }
}

fn same_line(a: &Card, b: &Card) -> bool {
    a.kind == b.kind && a.kind.holds_workers()
}

fn upgrade_ok(data: &Data, p: &Player, from: &Tech, fc: &Card, tc: &Card, discount: i32) -> bool {
    if from.workers == 0 || !same_line(fc, tc) || tc.age <= fc.age {
        return false;
    }
    let cost = (upgrade_cost(data, p, fc, tc) - discount).max(0);
    if is_unit(fc) {
        can_pay_military(data, p, cost)
    } else {
        can_pay_cost(data, p, false, cost)
    }
}

/// Resources for the next `n` wonder stages, less a discount on the first.
pub fn wonder_cost(data: &Data, w: &WonderWork, n: u8, discount: i32) -> Option<i32> {
    let c = data.card(w.card)?;
    let from = usize::from(w.built);
    let stages = c.raw.stages.get(from..from + usize::from(n))?;
    let total: i32 = stages.iter().sum();
    Some((total - discount.min(stages.first().copied().unwrap_or(0))).max(0))
}

fn wonder_ok(data: &Data, p: &Player, n: u8, discount: i32) -> bool {
    let Some(w) = &p.wonder else { return false };
    let Some(cost) = wonder_cost(data, w, n, discount) else {
        return false;
    };
    // Each built stage holds a blue token from the bank.
    if cost <= 0 {
        return p.blue_bank >= n;
    }
    pay_plan(data, p, false, cost).is_some_and(|plan| plan.bank >= n)
        || pay_with_swap(data, p, false, cost).is_some_and(|q| q.blue_bank >= n)
}

fn grow_ok(data: &Data, p: &Player, mode: Mode, discount: i32) -> bool {
    p.yellow_bank > 0
        && growth_cost(data, p, mode)
            .is_some_and(|c| can_pay_cost(data, p, true, (c - discount).max(0)))
}

fn gov_ok(data: &Data, p: &Player, mode: Mode, c: &Card, revolution: bool) -> bool {
    c.kind == Kind::Government && p.science >= science_cost(data, p, mode, c, revolution)
}

fn develop_ok(data: &Data, p: &Player, mode: Mode, c: &Card) -> bool {
    c.kind.is_technology()
        && c.kind != Kind::Government
        && p.science >= science_cost(data, p, mode, c, false)
}

/// Every legal command of `seat` now.
pub fn legal(s: &State, seat: usize) -> Vec<Command> {
    match &s.phase {
        Phase::Over => Vec::new(),
        Phase::EventChoice { choice, queue, .. } => {
            let asked = if choice.at_once() {
                queue.contains(&seat)
            } else {
                queue.first() == Some(&seat)
            };
            if !asked {
                return Vec::new();
            }
            event_options(s, seat, *choice)
        }
        Phase::Auction { bid, queue, .. } => {
            if queue.first() != Some(&seat) {
                return Vec::new();
            }
            let cap = s
                .players
                .get(seat)
                .map(|p| scoring::colonize_capacity(&s.data, p, s.rules.mode))
                .unwrap_or(0);
            let mut out: Vec<Command> = (i32::from(*bid) + 1..=cap.min(i32::from(u8::MAX)))
                .filter_map(|n| u8::try_from(n).ok().map(Command::Bid))
                .collect();
            out.push(Command::NoBid);
            out
        }
        Phase::Colonize {
            seat: winner, owed, ..
        } => {
            if *winner != seat {
                return Vec::new();
            }
            payments(s, seat, *owed > 0)
        }
        Phase::Aggression(c) => clash_answers(s, seat, c),
        Phase::Spoils { clash, choices } if clash.attacker == seat => {
            choices.iter().map(|x| spoil(&s.data, *x)).collect()
        }
        Phase::Spoils { .. } => Vec::new(),
        Phase::War(c) => war::war_answers(s, seat, c),
        Phase::WarLoss {
            clash,
            winner,
            loser,
            owed,
        } if *loser == seat => war::war_losses(s, seat, clash, *winner, *owed),
        Phase::WarLoss { .. } => Vec::new(),
        Phase::PactOffer { to, .. } if *to == seat => vec![Command::Accept, Command::Refuse],
        Phase::PactOffer { .. } => Vec::new(),
        _ if seat != s.turn => Vec::new(),
        Phase::Actions => actions(s, seat),
        Phase::Political => political(s, seat),
        Phase::Discard => military_cards(s, seat, None, Command::Discard),
    }
}

/// The political actions of the active player, then (when no discard is
/// due after them) the civil and military actions, which pass the
/// political action (seed L2049-2053).
fn political(s: &State, seat: usize) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out = political_own(s, seat, p);
    if actions_open_in_politics(s, p) {
        out.extend(actions(s, seat));
    }
    out
}

/// Whether the political phase offers the civil and military actions too:
/// when no discard is due after it.
fn actions_open_in_politics(s: &State, p: &Player) -> bool {
    let over = p.military_hand.len() > military_hand_limit(&s.data, p, s.rules.mode);
    s.no_discard || !over
}

/// The political phase's own commands: skip, resign, the military hand's
/// cards, cancelling pacts.
fn political_own(s: &State, seat: usize, p: &Player) -> Vec<Command> {
    let mut out = vec![Command::Skip];
    // Resigning, at the start of the turn, belongs to the full game (L3076).
    if s.rules.mode == Mode::Full && !s.rules.no_resign {
        out.push(Command::Resign);
    }
    let hand = &p.military_hand;
    for (_, &card) in hand
        .iter()
        .enumerate()
        .filter(|(i, c)| !hand[..*i].contains(c))
    {
        match s.data.card(card) {
            Some(c) if c.kind.is_future_event() => {
                out.push(Command::Event(named(&s.data, card)));
                if c.kind == Kind::Territory && colonize_from_hand(s, p) {
                    out.push(Command::Colonize(named(&s.data, card)));
                }
            }
            Some(c) if c.kind == Kind::Aggression => out.extend(attacks(s, (seat, p), card, c)),
            Some(c) if c.kind == Kind::Pact => out.extend(offers(s, seat, card, c)),
            Some(c) if c.kind == Kind::War => out.extend(war::declarations(s, (seat, p), card, c)),
            _ => {}
        }
    }
    for x in &p.pacts {
        out.push(Command::Cancel(named(&s.data, x.card)));
    }
    out
}

/// Whether the leader lets this civilization colonize a territory from its
/// hand now (Christopher Columbus, once per game).
pub fn colonize_from_hand(s: &State, p: &Player) -> bool {
    !p.colonized_from_hand
        && scoring::permanent_cards(&s.data, p, s.rules.mode).any(|c| c.raw.colonize_from_hand > 0)
}

/// An aggression card against each seat it can hit now (L2243-2248).
fn attacks(s: &State, (seat, p): (usize, &Player), id: CardId, c: &Card) -> Vec<Command> {
    let red = red_left(s, seat);
    let hits = |t: &Player| scoring::attack_cost(&s.data, c, t).is_some_and(|n| n <= red);
    let at_peace = |t: usize| scoring::pact_with(&s.data, p, t, |c| c.no_attack);
    (0..s.players.len())
        .filter(|&t| t != seat && !at_peace(t))
        .filter(|&t| s.players.get(t).is_some_and(|t| !t.resigned && hits(t)))
        .filter_map(|t| u8::try_from(t + 1).ok())
        .map(|t| Command::Attack(named(&s.data, id), t))
        .collect()
}

/// A pact offered to each other seat, on either side (L2374-2420).
fn offers(s: &State, seat: usize, id: CardId, c: &Card) -> Vec<Command> {
    let sides: &[bool] = if c.raw.symmetric {
        &[true]
    } else {
        &[true, false]
    };
    let n = u8::try_from(s.players.len()).unwrap_or(0);
    let playing = |t: u8| {
        s.players
            .get(usize::from(t) - 1)
            .is_some_and(|p| !p.resigned)
    };
    let to = (1..=n).filter(|&t| usize::from(t) != seat + 1 && playing(t));
    let supported = c.raw.a.is_some_and(|a| a != Default::default()) || c.raw.no_attack;
    to.flat_map(|t| {
        sides
            .iter()
            .map(move |&a| Command::Pact(named(&s.data, id), t, a))
    })
    .filter(|_| supported)
    .collect()
}

/// Sending units (attacker, then defender), defence cards (L2302-2318).
fn clash_answers(s: &State, seat: usize, c: &Clash) -> Vec<Command> {
    let attacking = c.defence.is_none();
    if seat != if attacking { c.attacker } else { c.target } {
        return Vec::new();
    }
    // The last round: no units are sent, only defence cards (L3121-3125).
    let mut out = match s.last_round && s.rules.mode == Mode::Full {
        true => Vec::new(),
        false => payments(s, seat, false),
    };
    if !attacking {
        out.extend(military_cards(s, seat, Some(Kind::Bonus), Command::Defend));
    }
    let end = [Command::NoDefence, Command::NoSacrifice][usize::from(attacking)].clone();
    out.push(end);
    out
}

/// The winner's payments: a unit to send, or (while something is owed) a
/// colonization bonus card.
fn payments(s: &State, seat: usize, owing: bool) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out: Vec<Command> = techs(&s.data, p)
        .filter(|(t, c)| is_unit(c) && t.workers > 0)
        .map(|(t, _)| Command::Sacrifice(named(&s.data, t.card)))
        .collect();
    if owing {
        out.extend(military_cards(s, seat, Some(Kind::Bonus), Command::Bonus));
    }
    out
}

/// One command per distinct military card in hand of a kind (`None`: any).
fn military_cards(
    s: &State,
    seat: usize,
    kind: Option<Kind>,
    make: fn(Named) -> Command,
) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let fits = |x: &Card| kind.is_none_or(|k| x.kind == k);
    for &card in &p.military_hand {
        let c = make(named(&s.data, card));
        if s.data.card(card).is_some_and(fits) && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

fn actions(s: &State, seat: usize) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for slot in 0..s.row.len() {
        if can_take(s, seat, slot) {
            out.push(Command::Take(u8::try_from(slot + 1).unwrap_or(0)));
        }
    }
    if s.round == 1 {
        ends_of_turn(s, p, &mut out);
        return out;
    }
    let tokens = Tokens {
        white: white_left(s, seat),
        red: red_left(s, seat),
    };
    let techs: Vec<(&Tech, &Card)> = scoring::techs(&s.data, p).collect();
    let prices = Prices::of(s, seat);
    board_actions(s, p, (tokens, prices), &techs, &mut out);
    hand_actions(s, p, (tokens, prices), &techs, &mut out);
    if tokens.white > 0 {
        recruit_actions(s, p, prices, &techs, &mut out);
    }
    if tokens.red > 0 {
        out.extend(military_cards(s, seat, Some(Kind::Tactic), Command::Tactic));
    }
    ends_of_turn(s, p, &mut out);
    out
}

/// Whether `cmd` is among `legal(s, seat)`: exactly that answer, built in
/// the actions (most commands, and the costliest list) from the generator
/// of the command's own kind only.
pub fn is_legal(s: &State, seat: usize, cmd: &Command) -> bool {
    match &s.phase {
        Phase::Actions if seat == s.turn => action_is_legal(s, seat, cmd),
        Phase::Political if seat == s.turn && is_action(cmd) => s
            .players
            .get(seat)
            .is_some_and(|p| actions_open_in_politics(s, p) && action_is_legal(s, seat, cmd)),
        Phase::Political if seat == s.turn => s
            .players
            .get(seat)
            .is_some_and(|p| political_own(s, seat, p).contains(cmd)),
        _ => legal(s, seat).contains(cmd),
    }
}

/// The commands `actions` offers (civil and military actions, ending the turn).
fn is_action(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Take(_)
            | Command::Grow
            | Command::GrowFree
            | Command::Build(_)
            | Command::Wonder(..)
            | Command::Upgrade(..)
            | Command::Destroy(_)
            | Command::Disband(_)
            | Command::Elect(_)
            | Command::Develop(_)
            | Command::Revolution(_)
            | Command::Play(..)
            | Command::Recruit(_)
            | Command::Tactic(_)
            | Command::Done
            | Command::DoneSpare(_)
    )
}

/// The judgement of `actions` for one command.
fn action_is_legal(s: &State, seat: usize, cmd: &Command) -> bool {
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    let mut out = Vec::new();
    match cmd {
        Command::Take(n) => {
            return *n >= 1
                && usize::from(*n - 1) < s.row.len()
                && can_take(s, seat, usize::from(*n - 1));
        }
        Command::Done | Command::DoneSpare(_) => {
            ends_of_turn(s, p, &mut out);
            return out.contains(cmd);
        }
        _ if s.round == 1 || !is_action(cmd) => return false,
        _ => {}
    }
    let tokens = Tokens {
        white: white_left(s, seat),
        red: red_left(s, seat),
    };
    let techs: Vec<(&Tech, &Card)> = scoring::techs(&s.data, p).collect();
    let prices = Prices::of(s, seat);
    match cmd {
        Command::Elect(_) | Command::Develop(_) | Command::Revolution(_) | Command::Play(..) => {
            hand_actions(s, p, (tokens, prices), &techs, &mut out)
        }
        Command::Recruit(_) if tokens.white > 0 => recruit_actions(s, p, prices, &techs, &mut out),
        Command::Tactic(_) if tokens.red > 0 => {
            out.extend(military_cards(s, seat, Some(Kind::Tactic), Command::Tactic))
        }
        Command::Recruit(_) | Command::Tactic(_) => return false,
        _ => board_actions(s, p, (tokens, prices), &techs, &mut out),
    }
    out.contains(cmd)
}

/// `done`, and with the corruption variant (seed L2619-2637) `done spare`
/// for each mine with a worker: production follows at once, so the choice
/// of a token fewer goes with the command that ends the turn.
fn ends_of_turn(s: &State, p: &Player, out: &mut Vec<Command>) {
    out.push(Command::Done);
    if !s.rules.corruption_variant {
        return;
    }
    for (i, _) in producers(&s.data, p, false) {
        if let Some(t) = p.techs.get(i).filter(|t| t.workers > 0) {
            out.push(Command::DoneSpare(named(&s.data, t.card)));
        }
    }
}

/// The civil (white) and military (red) actions a seat has left.
#[derive(Clone, Copy)]
struct Tokens {
    white: u8,
    red: u8,
}

impl Tokens {
    /// The actions left of the kind a card's action takes.
    fn for_card(self, c: &Card) -> u8 {
        if is_unit(c) {
            self.red
        } else {
            self.white
        }
    }
}

/// Growing, building, wonder stages, upgrades and taking down, on the board.
fn board_actions(
    s: &State,
    p: &Player,
    (tokens, prices): (Tokens, Prices),
    techs: &[(&Tech, &Card)],
    out: &mut Vec<Command>,
) {
    let data = &s.data;
    if tokens.white > 0 && grow_ok(data, p, s.rules.mode, 0) {
        out.push(Command::Grow);
    }
    // Ocean Liner Service: no civil action spent.
    let mode = s.rules.mode;
    if free_growths_left(data, p, mode) > 0
        && grow_ok(data, p, mode, free_growth_discount(data, p, mode))
    {
        out.push(Command::GrowFree);
    }
    for &(t, c) in techs {
        if tokens.for_card(c) > 0 && build_ok(data, p, c, prices.build(c)) {
            out.push(Command::Build(named(data, t.card)));
        }
    }
    if tokens.white > 0 {
        if let Some(w) = &p.wonder {
            for n in 1..=stages_per_action(data, p) {
                if wonder_ok(data, p, n, 0) {
                    out.push(Command::Wonder(named(data, w.card), n));
                }
            }
        }
    }
    for &(t, fc) in techs {
        for &(u, tc) in techs {
            if tokens.for_card(fc) > 0 && upgrade_ok(data, p, t, fc, tc, prices.upgrade(tc)) {
                out.push(Command::Upgrade(named(data, t.card), named(data, u.card)));
            }
        }
    }
    for &(t, c) in techs {
        if t.workers == 0 || tokens.for_card(c) == 0 {
            continue;
        }
        if is_unit(c) {
            out.push(Command::Disband(named(data, t.card)));
        } else {
            out.push(Command::Destroy(named(data, t.card)));
        }
    }
}

/// Electing, developing, revolting and playing action cards from the hand.
fn hand_actions(
    s: &State,
    p: &Player,
    (tokens, prices): (Tokens, Prices),
    techs: &[(&Tech, &Card)],
    out: &mut Vec<Command>,
) {
    let data = &s.data;
    let mode = s.rules.mode;
    let white = tokens.white;
    let mut seen: Vec<CardId> = Vec::new();
    for h in &p.hand {
        if seen.contains(&h.card) {
            continue;
        }
        seen.push(h.card);
        let Some(c) = data.card(h.card) else { continue };
        let n = named(data, h.card);
        match c.kind {
            Kind::Leader if white > 0 => out.push(Command::Elect(n)),
            Kind::Government => {
                if white > 0 && gov_ok(data, p, mode, c, false) {
                    out.push(Command::Develop(n.clone()));
                }
                if white > 0 && p.white_used == 0 && gov_ok(data, p, mode, c, true) {
                    out.push(Command::Revolution(n));
                }
            }
            k if k.is_technology() && white > 0 && develop_ok(data, p, mode, c) => {
                out.push(Command::Develop(n))
            }
            Kind::Action if white > 0 && !h.fresh => {
                for t in action_targets(s, p, c, techs, prices) {
                    out.push(Command::Play(n.clone(), t));
                }
            }
            _ => {}
        }
    }
}

/// Recruiting with a leader's discount (Hammurabi-like leaders).
fn recruit_actions(
    s: &State,
    p: &Player,
    prices: Prices,
    techs: &[(&Tech, &Card)],
    out: &mut Vec<Command>,
) {
    let data = &s.data;
    let mode = s.rules.mode;
    let Some(leader) = p.leader.and_then(|l| data.card(l)) else {
        return;
    };
    let Some(food_off) = leader.rule(RuleName::RecruitFoodDiscount, mode.key()) else {
        return;
    };
    let res_off = leader
        .rule(RuleName::RecruitResourceDiscount, mode.key())
        .unwrap_or(0);
    for &(t, c) in techs {
        if is_unit(c) && recruit_ok(data, p, mode, c, food_off, res_off + prices.build(c)) {
            out.push(Command::Recruit(named(data, t.card)));
        }
    }
}

fn recruit_ok(
    data: &Data,
    p: &Player,
    mode: Mode,
    unit: &Card,
    food_off: i32,
    res_off: i32,
) -> bool {
    let Some(food) = growth_cost(data, p, mode) else {
        return false;
    };
    let food = (food - food_off).max(0);
    let res = (build_cost(data, p, unit) - res_off).max(0);
    // Plainly: Trade Routes' exchange is left out of this two-kind payment.
    p.yellow_bank > 0
        && can_pay(data, p, true, food)
        && can_pay(data, p, false, res - i32::from(p.military_resources))
}

/// The targets an action card can be played on now (empty: not playable).
fn action_targets(
    s: &State,
    p: &Player,
    c: &Card,
    techs: &[(&Tech, &Card)],
    prices: Prices,
) -> Vec<Target> {
    let data = &s.data;
    let mode = s.rules.mode;
    let amount = c.raw.amount;
    let mut out = Vec::new();
    match c.action {
        ActionCode::WonderStageDiscount => {
            if let Some(w) = &p.wonder {
                if wonder_ok(data, p, 1, amount) {
                    out.push(Target::Card(named(data, w.card)));
                }
            }
        }
        ActionCode::GrowThenFood => {
            if grow_ok(data, p, mode, 0) {
                out.push(Target::None);
            }
        }
        ActionCode::NewUrbanDiscount | ActionCode::NewFarmMineDiscount => {
            for &(t, tc) in techs {
                let fits = match c.action {
                    ActionCode::NewUrbanDiscount => matches!(tc.kind, Kind::Urban(_)),
                    _ => matches!(tc.kind, Kind::Farm | Kind::Mine),
                };
                if fits && build_ok(data, p, tc, amount + prices.build(tc)) {
                    out.push(Target::Card(named(data, t.card)));
                }
            }
        }
        ActionCode::UpgradeDiscount => {
            for &(t, fc) in techs {
                for &(u, tc) in techs {
                    if !is_unit(fc) && upgrade_ok(data, p, t, fc, tc, amount + prices.upgrade(tc)) {
                        out.push(Target::Upgrade(named(data, t.card), named(data, u.card)));
                    }
                }
            }
        }
        ActionCode::DevelopThenScience => {
            let mut seen = Vec::new();
            for h in &p.hand {
                if seen.contains(&h.card) {
                    continue;
                }
                seen.push(h.card);
                let Some(tc) = data.card(h.card) else {
                    continue;
                };
                if tc.kind == Kind::Government {
                    if gov_ok(data, p, mode, tc, false) {
                        out.push(Target::Card(named(data, h.card)));
                    }
                    if p.white_used == 0 && gov_ok(data, p, mode, tc, true) {
                        out.push(Target::Revolution(named(data, h.card)));
                    }
                } else if develop_ok(data, p, mode, tc) {
                    out.push(Target::Card(named(data, h.card)));
                }
            }
        }
        ActionCode::MilitaryBoost
        | ActionCode::ScoreScience
        | ActionCode::ScoreCulture
        | ActionCode::CulturePerRicher
        | ActionCode::MilitaryResourcesPerStronger
        | ActionCode::ProduceFood
        | ActionCode::ProduceResources => out.push(Target::None),
        ActionCode::Other => {}
    }
    out
}

/// Whether a seat has anything to choose for an event.
pub fn can_choose(s: &State, seat: usize, choice: EventChoiceKind) -> bool {
    let Some(p) = s.players.get(seat) else {
        return false;
    };
    match choice {
        EventChoiceKind::FoodOrResources => true,
        EventChoiceKind::FreeBuild(card) => free_build_allowed(&s.data, p, card),
        EventChoiceKind::FoodAndResources(total) => splits(s, seat, total).len() > 1,
        _ => !event_options(s, seat, choice).is_empty(),
    }
}

/// The ways to split a total of food and resources: produced (`total` > 0,
/// any split) or lost (`total` < 0: as much as the seat has, up to the
/// total, each kind at most its stock).
pub fn splits(s: &State, seat: usize, total: i32) -> Vec<Command> {
    let Some(p) = s.players.get(seat) else {
        return Vec::new();
    };
    let (food, res, due) = if total >= 0 {
        (total, total, total)
    } else {
        let food = stock(&s.data, p, true);
        let res = stock(&s.data, p, false);
        (food, res, (-total).min(food + res))
    };
    (0..=due.min(food))
        .filter(|f| due - f <= res)
        .filter_map(|f| {
            Some(Command::ChooseSplit {
                food: u8::try_from(f).ok()?,
                resources: u8::try_from(due - f).ok()?,
            })
        })
        .collect()
}

/// A free building needs an unused worker, and the urban limit still holds.
pub fn free_build_allowed(data: &Data, p: &Player, card: CardId) -> bool {
    let Some(c) = data.card(card) else {
        return false;
    };
    if p.workers == 0 || tech_index(p, card).is_none() {
        return false;
    }
    match c.kind {
        Kind::Urban(u) => urban_count(data, p, u) < urban_limit(data, p),
        _ => true,
    }
}
