//! The ten action points spent: one handler per action (bring in, jump,
//! move, walk, dig, loot, exchange, camp, guard), each checking everything
//! before its first change, so that a refused action changes nothing.

use super::super::command::{color, kind_name, who_ko, Command, Who, COLORS_EN, COLORS_KO};
use super::super::data::{cost, Kind, LOOT_PER_HEX_PER_TURN};
use super::super::legal::{
    camp_ground, can_dig, count_in, crossing, edge_between, force, kind, members, own_gates,
};
use super::super::state::{LeaderAt, Pos, State};
use super::err;
use crate::engine::{Event, RuleError, Text};

fn bump(list: &mut Vec<(u8, u8)>, space: usize, by: u8) {
    match list.iter_mut().find(|(s, _)| *s as usize == space) {
        Some((_, n)) => *n += by,
        None => list.push((space as u8, by)),
    }
}

fn guard_ok(s: &State, space: usize, seat: usize) -> Result<(), RuleError> {
    let Some(spot) = s.spot(space) else {
        return Err(err("There is no hex there.", "그곳에는 지형이 없습니다."));
    };
    if kind(&s.data, spot) != Kind::Temple {
        return Err(err(
            "Only a temple can be guarded.",
            "신전에만 경비를 세울 수 있습니다.",
        ));
    }
    if spot.guard.is_some() {
        return Err(err(
            "That temple is already guarded.",
            "그 신전에는 이미 경비가 있습니다.",
        ));
    }
    let limit = s.rules.guard_limit;
    if s.player(seat).is_none_or(|p| p.guards >= limit) {
        return Err(err(
            format!("You have already guarded {limit} temple(s), the most allowed."),
            format!("이미 신전 {limit}곳에 경비를 세웠습니다(최대)."),
        ));
    }
    let mine = force(spot, seat);
    if mine == 0 || (0..s.players).any(|q| q != seat && force(spot, q) >= mine) {
        return Err(err(
            "You need strictly the strongest force on that temple (leader 3, worker 1).",
            "그 신전에서 가장 강한 세력(리더 3, 대원 1)이어야 합니다.",
        ));
    }
    Ok(())
}

fn camp_ok(s: &State, space: usize) -> Result<(), RuleError> {
    let Some(spot) = s.spot(space) else {
        return Err(err("There is no hex there.", "그곳에는 지형이 없습니다."));
    };
    if !camp_ground(s, spot) {
        return Err(err(
            "A camp can only be built on a jungle or on a treasure hex with no disc left.",
            "캠프는 정글이나 보물이 다 없어진 보물 지형에만 세울 수 있습니다.",
        ));
    }
    if spot.camp.is_some() {
        return Err(err(
            "There is already a camp on that hex.",
            "그 지형에는 이미 캠프가 있습니다.",
        ));
    }
    if s.rules.camp_needs_member && (0..s.players).all(|q| members(spot, q) == 0) {
        return Err(err(
            "Some expedition member (anyone's) must be on the hex to build a camp.",
            "캠프를 세우려면 그 지형에 누구의 대원이든 한 명은 있어야 합니다.",
        ));
    }
    Ok(())
}

fn space_at(s: &State, at: Pos) -> Result<usize, RuleError> {
    s.space_of(at).ok_or_else(|| {
        err(
            format!("{at} is not on the board."),
            format!("{at}은(는) 게임판에 없습니다."),
        )
    })
}

fn pay(s: &mut State, ap: u8) -> Result<(), RuleError> {
    if ap > s.ap {
        return Err(err(
            format!("That costs {ap} AP and you have {} left.", s.ap),
            format!("그 행동은 {ap} AP가 들지만 {} AP만 남았습니다.", s.ap),
        ));
    }
    s.ap -= ap;
    Ok(())
}

/// Refuses unless `seat` has those members on the space (checked before any change).
fn has_members(s: &State, space: usize, seat: usize, who: Who) -> Result<(), RuleError> {
    let ok = s.spot(space).is_some_and(|spot| match who {
        Who::Leader => spot.leader[seat],
        Who::Workers(n) => n > 0 && spot.workers[seat] >= n,
        Who::Both(n) => spot.leader[seat] && n > 0 && spot.workers[seat] >= n,
    });
    if ok {
        Ok(())
    } else {
        let at = s.pos(space);
        Err(err(
            format!("You do not have {who} on {at}."),
            format!("{at}에 당신의 {}이(가) 없습니다.", who_ko(who)),
        ))
    }
}

fn take_members(s: &mut State, space: usize, seat: usize, who: Who) -> Result<(), RuleError> {
    let at = s.pos(space);
    let Some(spot) = s.board.get_mut(space).and_then(Option::as_mut) else {
        return Err(err(
            format!("There is no hex at {at}."),
            format!("{at}에는 지형이 없습니다."),
        ));
    };
    match who {
        Who::Leader if spot.leader[seat] => spot.leader[seat] = false,
        Who::Workers(n) if n > 0 && spot.workers[seat] >= n => spot.workers[seat] -= n,
        Who::Both(n) if spot.leader[seat] && n > 0 && spot.workers[seat] >= n => {
            spot.leader[seat] = false;
            spot.workers[seat] -= n;
        }
        _ => {
            return Err(err(
                format!("You do not have {who} on {at}."),
                format!("{at}에 당신의 {}이(가) 없습니다.", who_ko(who)),
            ))
        }
    }
    Ok(())
}

fn put_members(s: &mut State, space: usize, seat: usize, who: Who) {
    if let Some(spot) = s.board.get_mut(space).and_then(Option::as_mut) {
        match who {
            Who::Leader => spot.leader[seat] = true,
            Who::Workers(n) => spot.workers[seat] = spot.workers[seat].saturating_add(n),
            Who::Both(n) => {
                spot.leader[seat] = true;
                spot.workers[seat] = spot.workers[seat].saturating_add(n);
            }
        }
    }
}

fn not_gate(at: Pos) -> RuleError {
    err(
        format!("{at} is neither the base camp nor one of your camps."),
        format!("{at}은(는) 베이스 캠프도 당신의 캠프도 아닙니다."),
    )
}

/// Applies one action of the active player; on error nothing has changed
/// (every check comes before the first change).
pub fn apply_action(s: &mut State, seat: usize, c: &Command) -> Result<Vec<Event>, RuleError> {
    match c {
        Command::New { who, at } => bring_in(s, seat, who, at),
        Command::Jump { who, from, to } => jump(s, seat, who, from, to),
        Command::Move { who, from, to } => move_members(s, seat, who, from, to),
        Command::Walk { who, path } => walk(s, seat, who, path),
        Command::Dig { at, levels } => dig(s, seat, at, levels),
        Command::Loot { at, discs } => loot(s, seat, at, discs),
        Command::Swap { give, take, with } => swap(s, seat, give, take, with),
        Command::Camp { at } => camp(s, seat, at),
        Command::Guard { at } => guard(s, seat, at),
        _ => Err(err(
            "That is not an action for your action points.",
            "행동점수로 하는 행동이 아닙니다.",
        )),
    }
}

/// The seat's colour name in both languages.
fn names(seat: usize) -> (&'static str, &'static str) {
    (
        COLORS_EN.get(seat).copied().unwrap_or("?"),
        COLORS_KO.get(seat).copied().unwrap_or("?"),
    )
}

/// A public event told of `seat`: its colour in front.
fn say(seat: usize, en: String, ko: String) -> Event {
    // Written when read: the colour in front, the Korean particles settled.
    Event::public_later(move || {
        let (name_en, name_ko) = names(seat);
        Text::new(format!("{name_en} {en}"), format!("{name_ko}: {ko}"))
    })
}

/// `say` for the most frequent actions: the facts' words are written only
/// when the event is read too, not at every move of random play or search.
fn say_later(seat: usize, words: impl Fn() -> (String, String) + Send + Sync + 'static) -> Event {
    Event::public_later(move || {
        let (en, ko) = words();
        let (name_en, name_ko) = names(seat);
        Text::new(format!("{name_en} {en}"), format!("{name_ko}: {ko}"))
    })
}

/// `new`: members from the supply onto the base camp or an own camp (L294-298).
fn bring_in(s: &mut State, seat: usize, who: &Who, at: &Pos) -> Result<Vec<Event>, RuleError> {
    let space = space_at(s, *at)?;
    if !own_gates(s, seat).contains(&space) {
        return Err(not_gate(*at));
    }
    let me = s
        .player(seat)
        .ok_or_else(|| err("No such player.", "그런 플레이어가 없습니다."))?;
    let ok = match who {
        Who::Leader => me.leader == LeaderAt::Supply,
        Who::Workers(n) => *n > 0 && me.workers_supply >= *n,
        Who::Both(n) => me.leader == LeaderAt::Supply && *n > 0 && me.workers_supply >= *n,
    };
    if !ok {
        return Err(err(
            format!("Your supply has no {who} left."),
            format!("남은 {}이(가) 없습니다.", who_ko(*who)),
        ));
    }
    pay(s, cost::NEW_MEMBER * who.count())?;
    if let Some(p) = s.people.get_mut(seat) {
        match who {
            Who::Leader => p.leader = LeaderAt::Board,
            Who::Workers(n) => p.workers_supply -= n,
            Who::Both(n) => {
                p.leader = LeaderAt::Board;
                p.workers_supply -= n;
            }
        }
    }
    put_members(s, space, seat, *who);
    let (who, at) = (*who, *at);
    Ok(vec![say_later(seat, move || {
        (
            format!("brings {who} in at {at}."),
            format!("{at}에 {}을(를) 투입합니다.", who_ko(who)),
        )
    })])
}

/// `jump`: members between two own gates through the secret passage (L300-308).
fn jump(
    s: &mut State,
    seat: usize,
    who: &Who,
    from: &Pos,
    to: &Pos,
) -> Result<Vec<Event>, RuleError> {
    let (a, b) = (space_at(s, *from)?, space_at(s, *to)?);
    let gates = own_gates(s, seat);
    if !gates.contains(&a) {
        return Err(not_gate(*from));
    }
    if !gates.contains(&b) || a == b {
        return Err(not_gate(*to));
    }
    has_members(s, a, seat, *who)?;
    pay(s, cost::CAMP_TRANSFER * who.count())?;
    take_members(s, a, seat, *who)?;
    put_members(s, b, seat, *who);
    Ok(vec![say(
        seat,
        format!("sends {who} from {from} to {to} through the secret passage."),
        format!(
            "{}을(를) 비밀통로로 {from}에서 {to}(으)로 보냅니다.",
            who_ko(*who)
        ),
    )])
}

/// `move`: members across one edge, paying its stones (L313-323).
fn move_members(
    s: &mut State,
    seat: usize,
    who: &Who,
    from: &Pos,
    to: &Pos,
) -> Result<Vec<Event>, RuleError> {
    let (a, b) = (space_at(s, *from)?, space_at(s, *to)?);
    let Some(e) = edge_between(s, a, b) else {
        return Err(err(
            format!("{from} and {to} are not neighbours."),
            format!("{from}와(과) {to}는 이웃이 아닙니다."),
        ));
    };
    let Some((_, stones)) = crossing(s, a, e) else {
        return Err(err(
                format!("No path from {from} to {to}: it needs hexes on both sides, a stone on the edge and no volcano."),
                format!("{from}에서 {to}(으)로 가는 길이 없습니다: 양쪽 지형, 돌, 화산 아님이 필요합니다."),
            ));
    };
    let ap = stones.saturating_mul(who.count());
    has_members(s, a, seat, *who)?;
    pay(s, ap)?;
    take_members(s, a, seat, *who)?;
    put_members(s, b, seat, *who);
    let (who, from, to) = (*who, *from, *to);
    Ok(vec![say_later(seat, move || {
        (
            format!("moves {who} from {from} to {to} ({ap} AP)."),
            format!(
                "{}을(를) {from}에서 {to}(으)로 옮깁니다 ({ap} AP).",
                who_ko(who)
            ),
        )
    })])
}

/// `move` along a path: step by step on a copy, the whole walk happens or none of it.
fn walk(s: &mut State, seat: usize, who: &Who, path: &[Pos]) -> Result<Vec<Event>, RuleError> {
    // Step by step on a copy: the whole walk happens or none of it.
    let mut next = s.clone();
    let mut events = Vec::new();
    for pair in path.windows(2) {
        let step = Command::Move {
            who: *who,
            from: pair[0],
            to: pair[1],
        };
        events.extend(apply_action(&mut next, seat, &step)?);
    }
    *s = next;
    Ok(events)
}

/// `dig`: uncover one or two temple levels (L239-248).
fn dig(s: &mut State, seat: usize, at: &Pos, levels: &u8) -> Result<Vec<Event>, RuleError> {
    let space = space_at(s, *at)?;
    let spot = s.spot(space).ok_or_else(|| {
        err(
            format!("No hex at {at}."),
            format!("{at}에 지형이 없습니다."),
        )
    })?;
    if kind(&s.data, spot) != Kind::Temple || spot.guard.is_some() {
        return Err(err(
            format!("{at} is not a temple that can be uncovered (guarded temples cannot)."),
            format!("{at}은(는) 발굴할 수 있는 신전이 아닙니다(경비가 선 신전은 불가)."),
        ));
    }
    let done = count_in(&s.dug, space);
    if !(1..=2).contains(levels) || !can_dig(s, space, seat, done, *levels) {
        return Err(err(
                format!(
                    "You cannot uncover {levels} level(s) at {at}: at most 2 per temple per turn ({done} done), one of your members there per level, 2 AP each, and the next temple tile must be left."
                ),
                format!(
                    "{at}에서 {levels}단계를 발굴할 수 없습니다: 한 턴에 신전마다 2단계까지({done} 완료), 단계마다 대원 한 명, 단계당 2AP, 다음 숫자 신전 타일이 남아 있어야 합니다."
                ),
            ));
    }
    let from = spot.value;
    s.ap -= cost::DIG * levels;
    bump(&mut s.dug, space, *levels);
    for _ in 0..*levels {
        if let Some(spot) = s.board.get_mut(space).and_then(Option::as_mut) {
            spot.value += 1;
            if let Some(n) = s.temple_tiles.get_mut(spot.value as usize) {
                *n -= 1;
            }
        }
    }
    let to = from + levels;
    Ok(vec![say(
        seat,
        format!("uncovers the temple at {at} from {from} to {to}."),
        format!("{at} 신전을 {from}에서 {to}(으)로 발굴합니다."),
    )])
}

/// `loot`: take one or two treasure discs (L250-262).
fn loot(s: &mut State, seat: usize, at: &Pos, discs: &u8) -> Result<Vec<Event>, RuleError> {
    let (name_en, name_ko) = names(seat);
    let space = space_at(s, *at)?;
    let spot = s.spot(space).ok_or_else(|| {
        err(
            format!("No hex at {at}."),
            format!("{at}에 지형이 없습니다."),
        )
    })?;
    let done = count_in(&s.looted, space);
    let ok = kind(&s.data, spot) == Kind::Treasure
        && (1..=2).contains(discs)
        && spot.discs >= *discs
        && done + discs <= LOOT_PER_HEX_PER_TURN
        && members(spot, seat) >= done + discs
        && s.ap >= cost::LOOT * discs;
    if !ok {
        return Err(err(
                format!(
                    "You cannot take {discs} treasure(s) at {at}: it must be a treasure hex with discs left, at most 2 per hex per turn ({done} taken), one of your members there per disc, 3 AP each."
                ),
                format!(
                    "{at}에서 보물 {discs}개를 획득할 수 없습니다: 원판이 남은 보물 지형, 한 턴에 지형마다 2개까지({done} 획득), 원판마다 대원 한 명, 개당 3AP."
                ),
            ));
    }
    s.ap -= cost::LOOT * discs;
    bump(&mut s.looted, space, *discs);
    let mut events = Vec::new();
    for _ in 0..*discs {
        // The top disc's kind is decided now, uniformly among the unseen discs (spec 8).
        let total: usize = s.pool.iter().map(|&n| n as usize).sum();
        let mut pick = s.rng.below(total);
        let mut kind_taken = 0;
        for (k, &n) in s.pool.iter().enumerate() {
            if pick < n as usize {
                kind_taken = k;
                break;
            }
            pick -= n as usize;
        }
        if let Some(n) = s.pool.get_mut(kind_taken) {
            *n = n.saturating_sub(1);
        }
        if let Some(p) = s.people.get_mut(seat) {
            p.treasures[kind_taken] += 1;
        }
        if let Some(spot) = s.board.get_mut(space).and_then(Option::as_mut) {
            spot.discs -= 1;
        }
        let k = kind_name(kind_taken as u8);
        events.push(Event::reveal(Text::new(
            format!("{name_en} recovers a treasure at {at}: {k}."),
            format!("{name_ko}: {at}에서 보물을 획득합니다: {k}."),
        )));
    }
    Ok(events)
}

/// `swap`: exchange single treasures with another player (L403-409).
fn swap(
    s: &mut State,
    seat: usize,
    give: &u8,
    take: &u8,
    with: &u8,
) -> Result<Vec<Event>, RuleError> {
    let (g, t, w) = (*give as usize, *take as usize, *with as usize);
    let mine = s
        .player(seat)
        .and_then(|p| p.treasures.get(g))
        .copied()
        .unwrap_or(0);
    let theirs = s
        .player(w)
        .and_then(|p| p.treasures.get(t))
        .copied()
        .unwrap_or(0);
    if w == seat || w >= s.players || g == t || mine != 1 || theirs != 1 {
        return Err(err(
                "An exchange gives one of your single treasures for a single treasure of another kind held by another player; pairs and triples cannot be split.",
                "교환은 짝이 없는 내 보물 하나와 다른 플레이어의 짝이 없는 다른 종류 보물 하나를 바꾸는 것입니다. 짝과 셋짝은 나눌 수 없습니다.",
            ));
    }
    pay(s, cost::SWAP)?;
    if let Some(p) = s.people.get_mut(seat) {
        p.treasures[g] -= 1;
        p.treasures[t] += 1;
    }
    if let Some(p) = s.people.get_mut(w) {
        p.treasures[t] -= 1;
        p.treasures[g] += 1;
    }
    let (kg, kt, other) = (kind_name(*give), kind_name(*take), color(w));
    Ok(vec![say(
        seat,
        format!("exchanges {kg} for {kt} with {}.", other.en),
        format!("{}와(과) {kg}을(를) {kt}(으)로 교환합니다.", other.ko),
    )])
}

/// `camp`: build a camp (L414-432).
fn camp(s: &mut State, seat: usize, at: &Pos) -> Result<Vec<Event>, RuleError> {
    let space = space_at(s, *at)?;
    camp_ok(s, space)?;
    let limit = s.rules.camp_limit;
    if s.player(seat).is_none_or(|p| p.camps >= limit) {
        return Err(err(
            format!("You have built {limit} camp(s), the most allowed."),
            format!("이미 캠프 {limit}개를 세웠습니다(최대)."),
        ));
    }
    pay(s, cost::CAMP)?;
    if let Some(spot) = s.board.get_mut(space).and_then(Option::as_mut) {
        spot.camp = Some(seat as u8);
    }
    if let Some(p) = s.people.get_mut(seat) {
        p.camps += 1;
    }
    Ok(vec![say(
        seat,
        format!("builds a camp at {at}."),
        format!("{at}에 캠프를 세웁니다."),
    )])
}

/// `guard`: guard a temple; the members there leave the game (L438-450).
fn guard(s: &mut State, seat: usize, at: &Pos) -> Result<Vec<Event>, RuleError> {
    let space = space_at(s, *at)?;
    guard_ok(s, space, seat)?;
    pay(s, cost::GUARD)?;
    let mut gone = 0;
    let mut leader_gone = false;
    if let Some(spot) = s.board.get_mut(space).and_then(Option::as_mut) {
        gone = spot.workers[seat];
        leader_gone = spot.leader[seat];
        spot.workers[seat] = 0;
        spot.leader[seat] = false;
        spot.guard = Some(seat as u8);
    }
    if let Some(p) = s.people.get_mut(seat) {
        p.guards += 1;
        p.workers_gone += gone;
        if leader_gone {
            p.leader = LeaderAt::Gone;
        }
    }
    Ok(vec![say(
        seat,
        format!(
            "guards the temple at {at}; the {gone} worker(s){} there leave the game.",
            if leader_gone { " and the leader" } else { "" }
        ),
        format!(
            "{at} 신전에 경비를 세웁니다. 그곳의 대원 {gone}명{}은(는) 게임에서 빠집니다.",
            if leader_gone { "과 리더" } else { "" }
        ),
    )])
}
