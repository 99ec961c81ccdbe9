//! Events: revealing one and the choices players make about it.

use super::military;
use super::report::{name_of, said};
use super::tokens;
use crate::engine::{Event, Text};
use crate::games::tta::command::Command;
use crate::games::tta::data::{self, RuleName};
use crate::games::tta::legal;
use crate::games::tta::legal::can_choose;
use crate::games::tta::state::{EventChoiceKind, Phase, State};

/// Reveals the top current event and applies it to everyone (seed L1361-1381).
pub fn reveal_event(s: &mut State, out: &mut Vec<Event>) {
    let Some(event) = s.events.pop() else { return };
    let data = s.data.clone();
    let Some(card) = data.card(event) else { return };
    if card.kind == data::Kind::Territory {
        out.push(Event::reveal(Text::new(
            format!(
                "A territory is discovered: {}. Colonization auction.",
                card.name()
            ),
            format!("새 영토 발견: {}. 식민지 경매를 합니다.", card.name_ko()),
        )));
        super::colonize::open_auction(s, event, out);
        return;
    }
    s.past_events.push(event);
    out.push(Event::reveal(Text::new(
        format!(
            "Event: {} — {}.",
            card.name(),
            card.raw.effect.as_deref().unwrap_or("")
        ),
        format!(
            "이벤트: {} — {}.",
            card.name_ko(),
            card.raw
                .effect_ko
                .as_deref()
                .or(card.raw.effect.as_deref())
                .unwrap_or("")
                .trim_end_matches('.')
        ),
    )));
    let mode = s.rules.mode.key();
    let order: Vec<usize> = s.playing_from(s.turn);
    for &seat in &order {
        let Some(p) = s.players.get_mut(seat) else {
            continue;
        };
        if card.raw.food > 0 {
            tokens::produce_amount(&data, p, true, card.raw.food);
        }
        if card.raw.resources > 0 {
            tokens::produce_amount(&data, p, false, card.raw.resources);
        }
        if card.raw.science > 0 {
            p.science = (p.science + card.raw.science).min(data::SCIENCE_CAP);
        }
        if card.raw.culture > 0 {
            p.culture += card.raw.culture;
        }
        for _ in 0..card.raw.population.max(0) {
            if p.yellow_bank > 0 {
                p.yellow_bank -= 1;
                p.workers += 1;
            }
        }
    }
    let asked = super::event_effects::apply(s, &card.events, out);
    // An Age III scoring event revealed during the full game scores now.
    if !card.impact.is_empty() {
        crate::games::tta::scoring::score_impact(s, event, out);
    }
    // Development of Politics: everyone draws; the active player keeps the
    // excess this turn (its effect text).
    if card.raw.military_cards > 0 {
        for &seat in &order {
            military::draw(
                s,
                seat,
                usize::try_from(card.raw.military_cards).unwrap_or(0),
            );
        }
        s.no_discard = true;
    }
    if let Some((choice, seats)) = asked {
        super::event_choice::ask(s, event, choice, seats, out);
        return;
    }
    let choice = if card.rule(RuleName::ChooseFoodOrResources, mode).is_some() {
        Some(EventChoiceKind::FoodOrResources)
    } else {
        card.rule_entry(RuleName::FreeBuild, mode)
            .and_then(|r| r.target)
            .map(EventChoiceKind::FreeBuild)
    };
    if let Some(choice) = choice {
        let queue: Vec<usize> = order
            .into_iter()
            .filter(|&seat| can_choose(s, seat, choice))
            .collect();
        if !queue.is_empty() {
            s.phase = Phase::EventChoice {
                event,
                choice,
                queue,
            };
        }
    }
}

/// An answer to an event's choice; the phase returns to the actions when
/// the last seat has answered.
pub(super) fn answer(
    s: &mut State,
    seat: usize,
    cmd: &Command,
    out: &mut Vec<Event>,
) -> Option<()> {
    if let Phase::EventChoice { choice, .. } = s.phase {
        if super::event_choice::handles(choice) {
            return super::event_choice::answer(s, seat, choice, cmd, out);
        }
    }
    let data = s.data.clone();
    let mode = s.rules.mode;
    let Phase::EventChoice {
        event,
        choice,
        queue,
    } = &mut s.phase
    else {
        return None;
    };
    let event = *event;
    let choice = *choice;
    queue.retain(|&q| q != seat);
    let done = queue.is_empty();
    let amount = data
        .card(event)
        .and_then(|c| c.rule(RuleName::ChooseFoodOrResources, mode.key()))
        .unwrap_or(0);
    if let Command::ChooseSplit { food, resources } = *cmd {
        super::event_choice::split(s, seat, choice, food, resources, out)?;
        if done {
            super::event_choice::close(s);
        }
        return Some(());
    }
    let p = s.players.get_mut(seat)?;
    match (cmd, choice) {
        (Command::ChooseFood, _) => {
            tokens::produce_amount(&data, p, true, amount);
            out.push(said(
                seat,
                format!("produces {amount} food."),
                format!("식량 {amount}개를 생산합니다."),
            ));
        }
        (Command::ChooseResources, _) => {
            tokens::produce_amount(&data, p, false, amount);
            out.push(said(
                seat,
                format!("produces {amount} resources."),
                format!("자원 {amount}개를 생산합니다."),
            ));
        }
        (Command::ChooseBuild, EventChoiceKind::FreeBuild(card)) => {
            let i = legal::tech_index(p, card)?;
            p.workers = p.workers.checked_sub(1)?;
            p.techs.get_mut(i)?.workers += 1;
            let (en, ko) = name_of(&data, card);
            out.push(said(
                seat,
                format!("builds {en} for free."),
                format!("{ko}을(를) 무료로 건설합니다."),
            ));
        }
        _ => out.push(said(seat, "declines.".into(), "하지 않습니다.".into())),
    }
    if done {
        super::event_choice::close(s);
    }
    Some(())
}
