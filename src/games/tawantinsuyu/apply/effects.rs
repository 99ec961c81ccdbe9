//! What rewards and costs do to a player (effects, army cards, the temple),
//! the draws from bag and decks, and the event texts every handler shares.

use super::super::data::{res_text, res_text_ko, Effect, WORKER_IDS};
use super::super::state::{self, Ask, Item, State, Step};
use super::Solo;
use crate::engine::{Event, Text, Told};

/// A public event; its Korean names and particles are settled when it is read.
pub fn say(ev: &mut Vec<Event>, en: impl Into<String>, ko: impl Into<String>) {
    ev.push(Event::public(later(en.into(), ko.into())));
}

/// A public event that made something hidden known.
pub fn reveal(ev: &mut Vec<Event>, en: impl Into<String>, ko: impl Into<String>) {
    ev.push(Event::reveal(later(en.into(), ko.into())));
}

/// A public event written from `write` (English, Korean) only when read:
/// for the events of frequent moves, whose text random play and search
/// never read. `write` owns copies of the facts it names.
pub fn say_with(ev: &mut Vec<Event>, write: impl Fn() -> (String, String) + Send + Sync + 'static) {
    ev.push(Event::public(later_with(write)));
}

/// `say_with` for an event that made something hidden known.
pub fn reveal_with(
    ev: &mut Vec<Event>,
    write: impl Fn() -> (String, String) + Send + Sync + 'static,
) {
    ev.push(Event::reveal(later_with(write)));
}

fn later_with(write: impl Fn() -> (String, String) + Send + Sync + 'static) -> Told {
    Told::later(move || {
        let (en, ko) = write();
        Text::new(en, ko_names(ko))
    })
}

/// A seat as the events name it ("Player 2", "Axomama"), kept as facts and
/// written when the text is: `actor(s, p).0` prints in English, `.1` in Korean.
#[derive(Clone, Copy, Debug)]
pub struct Who {
    seat: usize,
    bot: bool,
}

/// A seat's name in Korean (see `Who`).
#[derive(Clone, Copy, Debug)]
pub struct WhoKo(Who);

pub(super) fn actor(s: &State, p: usize) -> (Who, WhoKo) {
    let w = Who {
        seat: p,
        bot: s.is_bot(p),
    };
    (w, WhoKo(w))
}

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.bot {
            f.write_str("Axomama")
        } else {
            write!(f, "Player {}", self.seat + 1)
        }
    }
}

impl std::fmt::Display for WhoKo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.bot {
            f.write_str("악소마마")
        } else {
            write!(f, "플레이어 {}", self.0.seat + 1)
        }
    }
}

fn later(en: String, ko: String) -> Told {
    Told::later(move || Text::new(en.clone(), ko_names(ko.clone())))
}

/// Seat and worker names put in Korean in a Korean line.
pub fn ko_names(mut ko: String) -> String {
    if ko.contains("Player ") || ko.contains("Axomama") {
        ko = ko
            .replace("Player ", "플레이어 ")
            .replace("Axomama", "악소마마");
    }
    for (w, k) in WORKER_IDS
        .iter()
        .zip(["건축가", "운반인", "장인", "제사장", "전사"])
    {
        if ko.contains(w) {
            ko = ko.replace(w, k);
        }
    }
    ko
}

/// "a" or "an" before a worker type.
pub(super) fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

pub fn who(s: &State, p: usize) -> String {
    if s.is_bot(p) {
        "Axomama".into()
    } else {
        format!("Player {}", p + 1)
    }
}

pub(super) fn who_ko(s: &State, p: usize) -> String {
    if s.is_bot(p) {
        "악소마마".into()
    } else {
        format!("플레이어 {}", p + 1)
    }
}

pub(super) fn push(s: &mut State, p: usize, step: Step) {
    s.stack.push(Item::Do(p, step));
}

pub(super) fn ask(s: &mut State, p: usize, a: Ask) {
    s.stack.push(Item::Ask(p, a));
}

pub(super) fn add_vp(s: &mut State, p: usize, n: u32) {
    if let Some(pl) = s.players.get_mut(p) {
        pl.vp += n;
    }
}

pub(super) fn lose_vp(s: &mut State, p: usize, n: u32) {
    if let Some(pl) = s.players.get_mut(p) {
        pl.vp = pl.vp.saturating_sub(n);
    }
}

pub(super) fn pay_or_keep(s: &mut State, p: usize, cost: &[u32; 4]) -> bool {
    let Some(pl) = s.players.get_mut(p) else {
        return false;
    };
    match state::pay(&pl.res, cost) {
        Some(r) => {
            pl.res = r;
            true
        }
        None => false,
    }
}

/// Draws a random worker from the bag.
pub fn draw_worker(s: &mut State) -> Option<u8> {
    if s.bag.is_empty() {
        return None;
    }
    let i = s.rng.below(s.bag.len());
    Some(s.bag.swap_remove(i))
}

/// Draws the top army card, reshuffling the discards when the deck is empty.
pub fn draw_army(s: &mut State) -> Option<u8> {
    if s.army_deck.is_empty() {
        s.army_deck = std::mem::take(&mut s.army_discard);
        let mut deck = std::mem::take(&mut s.army_deck);
        s.rng.shuffle(&mut deck);
        s.army_deck = deck;
    }
    s.army_deck.pop()
}

/// Draws the top God card; an empty deck takes the Offerings reshuffled (A17).
pub fn draw_god(s: &mut State) -> Option<u8> {
    if s.god_deck.is_empty() {
        let mut deck = std::mem::take(&mut s.offerings);
        s.rng.shuffle(&mut deck);
        s.god_deck = deck;
    }
    s.god_deck.pop()
}

pub fn refill_nomads(s: &mut State) {
    let size = s.d().nomads_size[s.np().min(4)];
    while s.nomads.len() < size {
        match draw_worker(s) {
            Some(w) => s.nomads.push(w),
            None => break,
        }
    }
}

pub fn refill_market(s: &mut State) {
    while s.market_prod.len() < 2 {
        match s.prod_pile.pop() {
            Some(b) => s.market_prod.push(b),
            None => break,
        }
    }
    while s.market_pass.len() < 2 {
        match s.pass_pile.pop() {
            Some(b) => s.market_pass.push(b),
            None => break,
        }
    }
}

/// The Village became empty: the current player takes the Festival token and its VP (L493-495).
pub fn check_village(s: &mut State, ev: &mut Vec<Event>) {
    if s.village.is_empty()
        && s.festival_holder.is_none()
        && s.festivals_done < s.d().rules.festivals
    {
        let p = s.current;
        let vp = s
            .d()
            .rules
            .festival_trigger_vp
            .get(s.festivals_done)
            .copied()
            .unwrap_or(0);
        s.festival_holder = Some(p);
        add_vp(s, p, vp);
        say(
            ev,
            format!("The Village is empty: {} takes the Festival token and {vp} VP; Festival {} starts their next turn.", who(s, p), s.festivals_done + 1),
            format!("마을이 비었습니다: {}이(가) 축제 토큰과 승점 {vp}점을 받습니다. 축제 {}은(는) 다음 턴 시작에 진행됩니다.", who_ko(s, p), s.festivals_done + 1),
        );
    }
}

/// Gains an effect: immediate parts now, choices and draws as pending items
/// that resolve in the listed order.
pub fn gain_effect(s: &mut State, p: usize, e: &Effect, ev: &mut Vec<Event>) {
    if e.pay.iter().any(|&x| x > 0) {
        let rest = Effect {
            pay: [0; 4],
            ..e.clone()
        };
        ask(
            s,
            p,
            Ask::Optional {
                pay: e.pay,
                effect: rest,
            },
        );
        return;
    }
    if let Some(pl) = s.players.get_mut(p) {
        for i in 0..4 {
            pl.res[i] += e.res[i];
        }
        pl.vp += e.vp;
    }
    if e.res.iter().any(|&x| x > 0) || e.vp > 0 {
        let (me, me_ko) = actor(s, p);
        let (res, vp) = (e.res, e.vp);
        say_with(ev, move || {
            let mut en = res_text(&res);
            let mut ko = res_text_ko(&res);
            if vp > 0 {
                en = if res.iter().any(|&x| x > 0) {
                    format!("{en} and {vp} VP")
                } else {
                    format!("{vp} VP")
                };
                ko = if res.iter().any(|&x| x > 0) {
                    format!("{ko}, 승점 {vp}점")
                } else {
                    format!("승점 {vp}점")
                };
            }
            (
                format!("{me} gains {en}."),
                format!("{me_ko}이(가) {ko}을(를) 받습니다."),
            )
        });
    }
    for _ in 0..e.army_cards {
        take_army(s, p, ev);
    }
    push_pending_parts(s, p, e, ev);
}

/// The parts of an effect that wait on the stack (choices, tasks, statues,
/// recovery, workers, weavings, training, God cards), pushed in reverse so
/// that they resolve in order; the temple moves at once.
fn push_pending_parts(s: &mut State, p: usize, e: &Effect, ev: &mut Vec<Event>) {
    let bot = s.is_bot(p);
    if !e.choice.is_empty() {
        ask(
            s,
            p,
            Ask::Choice {
                alts: e.choice.clone(),
            },
        );
    }
    if !e.tasks.is_empty() {
        push(s, p, Step::Tasks(e.tasks.clone()));
    }
    for _ in 0..e.statue_large {
        ask(
            s,
            p,
            Ask::Statue {
                paid: false,
                large: true,
            },
        );
    }
    for _ in 0..e.statue_small {
        ask(
            s,
            p,
            Ask::Statue {
                paid: false,
                large: false,
            },
        );
    }
    if e.recover > 0 {
        ask(
            s,
            p,
            Ask::Recover {
                left: e.recover as u8,
                free: e.recover as u8,
                cost: [0; 4],
                buildings_only: false,
            },
        );
    }
    if e.temple > 0 {
        advance_temple(s, p, e.temple, ev);
    }
    for _ in 0..e.workers {
        if bot {
            super::solo(s, p, Solo::Worker, ev);
        } else {
            ask(s, p, Ask::Nomad);
        }
    }
    for _ in 0..e.weavings {
        ask(s, p, Ask::FreeWeaving);
    }
    for _ in 0..e.train {
        push(s, p, Step::Train);
    }
    for _ in 0..e.god_cards {
        if bot {
            super::solo(s, p, Solo::GodCard, ev);
        } else {
            ask(s, p, Ask::GodSource);
        }
    }
}

pub(super) fn take_army(s: &mut State, p: usize, ev: &mut Vec<Event>) {
    if let Some(a) = draw_army(s) {
        if let Some(pl) = s.players.get_mut(p) {
            pl.army_hand.push(a);
        }
        let id = s
            .d()
            .army
            .get(a as usize)
            .map(|x| x.id.clone())
            .unwrap_or_default();
        reveal(
            ev,
            format!("{} draws an army card.", who(s, p)),
            format!("{}이(가) 군대 카드 1장을 뽑습니다.", who_ko(s, p)),
        );
        if !s.is_bot(p) {
            ev.push(Event::private(
                crate::engine::Seat(p),
                Text::new(
                    format!("You drew army card {id}."),
                    format!("군대 카드 {id}을(를) 뽑았습니다."),
                ),
            ));
        }
    }
}

/// Advances the temple marker, taking the left reward of every space reached (L555-559).
pub fn advance_temple(s: &mut State, p: usize, n: u32, ev: &mut Vec<Event>) {
    let top = s.d().temple.len().saturating_sub(1);
    let mut rewards = Vec::new();
    for _ in 0..n {
        let Some(pl) = s.players.get_mut(p) else {
            return;
        };
        if pl.temple >= top {
            break;
        }
        pl.temple += 1;
        let t = pl.temple;
        if let Some(sp) = s.d().temple.get(t) {
            rewards.push(sp.reward.clone());
        }
    }
    let at = s.players.get(p).map(|x| x.temple).unwrap_or(0);
    say(
        ev,
        format!("{} advances to temple space {at}.", who(s, p)),
        format!("{}이(가) 신전 {at}칸으로 전진합니다.", who_ko(s, p)),
    );
    for r in rewards.into_iter().rev() {
        if !r.is_empty() {
            push(s, p, Step::Effect(r));
        }
    }
}
