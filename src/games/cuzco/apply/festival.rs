//! The festival competition (L234-291): the proposal, the answers in turn order with
//! re-raises (join or decline, raise, pass or drop), sole or co-hosting, and the cleanup.

use super::super::command::{card_id, seat_name, Command};
use super::super::legal::{card_fp, festival_answers, high, proposable, village_groups};
use super::super::state::{Bid, Festival, State, Turn};
use super::cards::turn_up;
use crate::engine::{Event, RuleError, Text};

/// Where an answer leaves the competition.
pub enum After {
    /// It goes on with the next answer.
    GoesOn(Festival),
    /// It is resolved, and the proposer's turn is over.
    Resolved(Turn),
}

/// Opens the competition at the temple on `temple`; the proposer plays first.
pub fn propose(s: &State, t: &Turn, temple: u16) -> Result<(Festival, Vec<Event>), RuleError> {
    let g = village_groups(s);
    if !proposable(s, t.seat, &g).contains(&temple) {
        return Err(RuleError::new(
            "A festival needs a city (a temple without a sun marker) where you have an Inca, a face-up card, and a matching card in your hand.",
            "축제를 열려면 자기 잉카족이 있는 도시(태양 마커 없는 사원), 공개 카드, 그리고 그 유물이 그려진 카드가 손에 있어야 합니다.",
        ));
    }
    let n = s.n();
    let gi = g.group_of(temple).unwrap_or(usize::MAX);
    let mut bids = vec![Bid::Out; n];
    for (seat, bid) in bids.iter_mut().enumerate() {
        let present = g
            .cells
            .get(gi)
            .is_some_and(|cells| cells.iter().any(|&c| s.space(c).inca == Some(seat as u8)));
        if present {
            *bid = Bid::Pending;
        }
    }
    bids[usize::from(t.seat)] = Bid::Active;
    let who = seat_name(usize::from(t.seat));
    let name = &s.data.board.cells[usize::from(temple)].name;
    let value = s.space(temple).temple;
    let festival = Festival {
        turn: t.clone(),
        temple,
        bids,
        fp: vec![0; n],
        played: vec![Vec::new(); n],
        current: t.seat,
        played_now: 0,
        passes: 0,
    };
    let event = Event::public(Text::new(
        format!("{} proposes a festival at the {value}-temple on {name} and must now play matching cards ('play cNN', then 'done').", who.en),
        format!("{}이(가) {name}의 {value}짜리 사원에서 축제 개최를 제안합니다. 이제 맞는 카드를 내야 합니다 ('play cNN' 후 'done').", who.ko),
    ));
    Ok((festival, vec![event]))
}

/// One answer of the seat asked now: a card played, `done`, `pass` or `drop`.
pub fn answer(
    s: &mut State,
    mut f: Festival,
    cmd: &Command,
) -> Result<(Vec<Event>, After), RuleError> {
    let cur = usize::from(f.current);
    let who = seat_name(cur);
    let mut events = Vec::new();
    let legal = festival_answers(s, &f);
    if !legal.contains(cmd) {
        let options: Vec<String> = legal.iter().map(ToString::to_string).collect();
        return Err(RuleError::new(
            format!(
                "In the festival you may now: {} (a card must show an artifact of the face-up card; to stay in you must reach the highest festival points).",
                options.join(", ")
            ),
            format!("축제에서 지금 할 수 있는 것: {} (카드는 공개 카드의 유물이 있어야 하며, 남으려면 최고 축제 점수 이상이어야 합니다).", options.join(", ")),
        ));
    }
    match *cmd {
        Command::Play(card) => {
            events.push(play(s, &mut f, card));
            return Ok((events, After::GoesOn(f)));
        }
        Command::Done => {
            f.bids[cur] = Bid::Active;
            f.played_now = 0;
            f.passes = 0;
            events.push(Event::public(Text::new(
                format!("{} stands at {} festival points.", who.en, f.fp[cur]),
                format!("{}의 축제 점수는 {}점입니다.", who.ko, f.fp[cur]),
            )));
        }
        Command::Pass => {
            f.passes += 1;
            events.push(Event::public(Text::new(
                format!("{} passes, level at {} festival points.", who.en, f.fp[cur]),
                format!(
                    "{}이(가) 패스합니다 (축제 점수 {}점 동점).",
                    who.ko, f.fp[cur]
                ),
            )));
        }
        Command::Drop => {
            let declined = f.bids[cur] == Bid::Pending && f.played[cur].is_empty();
            f.bids[cur] = Bid::Dropped;
            f.played_now = 0;
            events.push(if declined {
                Event::public(Text::new(
                    format!("{} does not take part.", who.en),
                    format!("{}은(는) 참여하지 않습니다.", who.ko),
                ))
            } else {
                Event::public(Text::new(
                    format!("{} drops out; the cards played stay played.", who.en),
                    format!("{}이(가) 경쟁에서 빠집니다. 낸 카드는 버려집니다.", who.ko),
                ))
            });
        }
        _ => {
            return Err(RuleError::new(
                "That is not a festival answer.",
                "축제에 대한 답이 아닙니다.",
            ))
        }
    }
    let (more, after) = advance(s, f);
    events.extend(more);
    Ok((events, after))
}

/// The seat asked now plays `card`: its festival points rise by the artifacts it shares with
/// the face-up card (L243-254).
fn play(s: &mut State, f: &mut Festival, card: u8) -> Event {
    let cur = usize::from(f.current);
    let who = seat_name(cur);
    let up = s.face_up().unwrap_or(0);
    let gain = card_fp(s, card, up);
    s.players[cur].hand.retain(|&c| c != card);
    s.players[cur].known.retain(|&c| c != card);
    f.played[cur].push(card);
    f.fp[cur] += gain;
    f.played_now += 1;
    let bits = s.data.cards[usize::from(card)].artifacts;
    Event::public(Text::new(
        format!(
            "{} plays {} ({}): +{gain}, festival points {}.",
            who.en,
            card_id(card),
            s.data.artifact_names(bits, false),
            f.fp[cur]
        ),
        format!(
            "{}이(가) {} ({})을(를) 냅니다: +{gain}, 축제 점수 {}.",
            who.ko,
            card_id(card),
            s.data.artifact_names(bits, true),
            f.fp[cur]
        ),
    ))
}

/// After an answer: resolve the festival or ask the next seat in turn order.
fn advance(s: &mut State, mut f: Festival) -> (Vec<Event>, After) {
    let n = f.bids.len();
    let pending = f.bids.contains(&Bid::Pending);
    let active: Vec<usize> = (0..n).filter(|&i| f.bids[i] == Bid::Active).collect();
    if !pending && (active.len() <= 1 || usize::from(f.passes) >= active.len()) {
        let events = resolve(s, &f, &active);
        return (events, After::Resolved(f.turn));
    }
    let mut next = usize::from(f.current);
    for _ in 0..n {
        next = (next + 1) % n;
        if matches!(f.bids[next], Bid::Active | Bid::Pending) {
            break;
        }
    }
    f.current = next as u8;
    f.played_now = 0;
    let who = seat_name(next);
    let h = high(&f);
    let event = Event::public(Text::new(
        format!("{} answers next (highest festival points: {h}).", who.en),
        format!("다음은 {}의 차례입니다 (최고 축제 점수: {h}).", who.ko),
    ));
    (vec![event], After::GoesOn(f))
}

/// Hosts score by the table, all played cards are discarded, a new card is turned up and the
/// temple gets its sun marker (L256-267); the driver then ends the proposer's turn.
fn resolve(s: &mut State, f: &Festival, hosts: &[usize]) -> Vec<Event> {
    let mut events = Vec::new();
    let value = s.space(f.temple).temple;
    let table = s.data.prestige(value).cloned();
    let (sole, co) = table.map_or((0, 0), |t| (t.sole, t.co));
    let each = if hosts.len() == 1 { sole } else { co };
    for &h in hosts {
        s.players[h].pp += each;
    }
    let names: Vec<String> = hosts.iter().map(|&h| (h + 1).to_string()).collect();
    let (en, ko) = if hosts.len() == 1 {
        ("is the sole host", "단독 주최")
    } else {
        ("are co-hosts", "공동 주최")
    };
    events.push(Event::public(Text::new(
        format!(
            "Festival at the {value}-temple: seat {} {en} and gain{} {each} prestige{}.",
            names.join(", "),
            if hosts.len() == 1 { "s" } else { "" },
            if hosts.len() == 1 { "" } else { " each" }
        ),
        format!(
            "{value}짜리 사원의 축제: {}번 플레이어 {ko}, 각자 명성 점수 {each}점.",
            names.join(", ")
        ),
    )));
    let n = f.played.len();
    let proposer = usize::from(f.turn.seat);
    for k in 0..n {
        let seat = (proposer + k) % n;
        s.discard.extend(f.played[seat].iter().copied());
    }
    events.extend(turn_up(s));
    if let Some(sp) = s.spaces.get_mut(usize::from(f.temple)) {
        sp.sun = true;
    }
    s.suns_left = s.suns_left.saturating_sub(1);
    events
}
