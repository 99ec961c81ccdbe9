//! The bots at the service's tables: the levels a seat can be played at
//! (`bot`, `bot:easy`, `bot:hard`), how a bot seat is named in the store
//! and in players' mail, and the pass that plays every bot seat that is to
//! act (`Service::play_bots`, run by `serve`'s own bot thread and by
//! `quipu tick`), each decision searched outside any transaction and
//! recorded like a player's. The search itself is `engine::bot`'s.

use super::{Besides, Result, Service, TurnLines};
use crate::engine::bot::Level;
use crate::engine::{Seat, Table, Text};
use crate::store::{BotLevel, SeatRow, SeatStatus};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;

/// More commands than any game's one turn: a bound against a rule that
/// never ends a turn.
const MAX_COMMANDS: usize = 60;

/// The history's `source` of a bot seat's moves (a timed-out player's
/// move played by the bot is the clock's: `bot`).
pub(crate) const SEAT_SOURCE: &str = "bot-seat";

/// The standard level as the service plays it: the engine's one definition.
pub fn standard() -> Level {
    Level::standard()
}

/// The search a bot seat of `level` plays with.
pub fn level(level: BotLevel) -> Level {
    match level {
        BotLevel::Easy => Level::Greedy,
        BotLevel::Standard => standard(),
        BotLevel::Hard => Level::hard(),
    }
}

/// The level a word of a players list asks for: `bot` (the standard
/// level), `bot:easy`, `bot:standard`, `bot:hard` (`봇` too); None for
/// anything else (an address).
pub fn seat_level(word: &str) -> Option<BotLevel> {
    let w = word.trim().to_lowercase();
    let (head, level) = match w.split_once(':') {
        Some((h, l)) => (h.to_string(), Some(l.to_string())),
        None => (w, None),
    };
    if head != "bot" && head != "봇" {
        return None;
    }
    match level.as_deref() {
        None | Some("standard") => Some(BotLevel::Standard),
        Some("easy") => Some(BotLevel::Easy),
        Some("hard") => Some(BotLevel::Hard),
        Some(_) => None,
    }
}

/// Whether `email` is the name of a bot seat's row ("bot-2"): never a
/// mail address, so nothing is ever queued to it.
pub fn is_bot_name(email: &str) -> bool {
    email
        .strip_prefix("bot-")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A name for a new bot row of a game whose rows are `seats`.
pub(crate) fn new_bot_name(seats: &[SeatRow]) -> String {
    (1..)
        .map(|k| format!("bot-{k}"))
        .find(|n| !seats.iter().any(|s| &s.email == n))
        .unwrap_or_else(|| "bot-0".into())
}

/// How a players list shows a row: its address, or "bot" for a bot.
pub(crate) fn shown(email: &str) -> String {
    if is_bot_name(email) {
        "bot".into()
    } else {
        email.to_string()
    }
}

/// A bot seat as every mail names it, from the seat's label: "Blue (seat
/// 2)" becomes "Blue — Bot (seat 2)", "seat 2" becomes "Bot (seat 2)"; in
/// Korean "파랑 — 봇 (2번 자리)".
pub(crate) fn bot_label(label: &Text) -> Text {
    let name = |l: &str, bot: &str, seat_word: &str| -> String {
        match l.rsplit_once(" (") {
            Some((colour, seat)) => format!("{colour} — {bot} ({seat}"),
            None if l.contains(seat_word) => format!("{bot} ({l})"),
            None => format!("{l} ({bot})"),
        }
    };
    Text::new(
        name(&label.en, "Bot", "seat"),
        name(&label.ko, "봇", "자리"),
    )
}

/// The commands the bot plays for `seat` until its decision is complete,
/// applied to `table` as it goes; empty when the seat may not act.
pub fn play_turn(table: &mut dyn Table, seat: Seat, level: Level, seed: u64) -> Vec<String> {
    let mut lines = Vec::new();
    while lines.len() < MAX_COMMANDS && table.to_act().contains(&seat) && table.outcome().is_none()
    {
        let salt = (lines.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let cmd = if lines.len() >= crate::engine::bot::STALL_AFTER {
            table.default_command(seat)
        } else {
            table.bot_command(seat, level, seed ^ salt)
        };
        let Some(cmd) = cmd else {
            break;
        };
        if table.play_exact(seat, &cmd).is_err() {
            break;
        }
        lines.push(cmd);
    }
    lines
}

/// What one pass over the bot seats did.
#[derive(Debug, Default, serde::Serialize)]
pub struct BotPass {
    /// Whole decisions played and recorded.
    pub turns: usize,
    /// Decisions that could not be played: (game, reason); each position
    /// is tried once per `failed` set the caller keeps.
    pub failed: Vec<(i64, String)>,
}

/// The people of a players list (the words that are not bot levels); a
/// word that starts like a bot but names no level is refused, and so is a
/// list of bots alone (nobody would read the game).
pub(crate) fn people_only(players: &[String]) -> std::result::Result<Vec<String>, Text> {
    if let Some(bad) = players
        .iter()
        .find(|p| seat_level(p).is_none() && p.trim().to_lowercase().starts_with("bot:"))
    {
        return Err(Text::new(
            format!("'{bad}' is no bot level: write bot, bot:easy or bot:hard."),
            format!("'{bad}'은(는) 봇 수준이 아닙니다: bot, bot:easy 또는 bot:hard로 쓰세요."),
        ));
    }
    let people: Vec<String> = players
        .iter()
        .filter(|p| seat_level(p).is_none())
        .cloned()
        .collect();
    if people.is_empty() {
        return Err(Text::new(
            "A game needs at least one player with a mail address besides its bots.",
            "게임에는 봇 말고도 메일 주소가 있는 사람이 적어도 한 명 있어야 합니다.",
        ));
    }
    Ok(people)
}

impl Service {
    /// The row name of the seat holder `who` names in game `id`: an
    /// address, a bot's row name ("bot-2"), or `bot` for the game's only
    /// bot seat in play.
    pub(crate) fn seat_holder(&self, id: i64, who: &str) -> Result<String> {
        let who = who.trim().to_lowercase();
        if seat_level(&who).is_none() {
            return Ok(who);
        }
        let bots: Vec<String> = self
            .seated(id)?
            .into_iter()
            .filter(|r| r.bot.is_some() && r.status == SeatStatus::Joined)
            .map(|r| r.email)
            .collect();
        match bots.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(super::ServiceError::NotAPlayer(who, id)),
            _ => Err(super::ServiceError::Setup(format!(
                "game {id} has {} bot seats: name one ({})",
                bots.len(),
                bots.join(", ")
            ))),
        }
    }

    /// Hands the seat of `old` to a new bot at `level`, at once (inside the
    /// caller's transaction): an offer to the bot's row and its taking over,
    /// as a person's seat is handed on.
    pub(crate) fn hand_to_bot(
        &self,
        id: i64,
        old: &str,
        level: BotLevel,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let name = new_bot_name(&self.store.seats(id)?);
        self.offer_seat_inside(id, old, &name, false, now)?;
        self.store.set_seat_bot(id, &name, level)?;
        self.take_over(id, &name, now)?;
        Ok(())
    }

    /// Plays the bot seats that are to act, one whole decision at a time,
    /// until none is to act or `max_turns` have been played. Each decision
    /// is searched on a copy of the table outside any transaction (the
    /// search may take seconds) and recorded in its own transaction, only
    /// if the game has not moved meanwhile. A position whose decision
    /// failed is remembered in `failed` (game, history length) and not
    /// tried again by the same caller.
    pub fn play_bots(
        &self,
        now: DateTime<Utc>,
        max_turns: usize,
        failed: &mut BTreeSet<(i64, i64)>,
    ) -> Result<BotPass> {
        let mut pass = BotPass::default();
        loop {
            let mut played = false;
            for id in self.store.games_with_bots()? {
                if pass.turns >= max_turns {
                    return Ok(pass);
                }
                let count = self.store.move_count(id)?;
                if failed.contains(&(id, count)) {
                    continue;
                }
                match super::mailin::isolated(|| self.bot_decision(id, count, now)) {
                    Ok(true) => {
                        pass.turns += 1;
                        played = true;
                    }
                    Ok(false) => {}
                    Err(e) => {
                        self.forget();
                        failed.insert((id, count));
                        tracing::warn!(game = id, "bot: no move played: {e}");
                        pass.failed.push((id, e.to_string()));
                    }
                }
            }
            if !played {
                return Ok(pass);
            }
        }
    }

    /// Plays the decision of one bot seat of game `id` that is to act, if
    /// any, while its history still has `count` rows. True if one was played.
    fn bot_decision(&self, id: i64, count: i64, now: DateTime<Utc>) -> Result<bool> {
        let game = self.game(id)?;
        let mut table = self.table(id)?;
        if table.outcome().is_some() {
            return Ok(false);
        }
        let to_act = table.to_act();
        let Some((row, seat, bot)) = self.seated(id)?.into_iter().find_map(|r| {
            let seat = Seat(r.seat?);
            let bot = r.bot?;
            (r.status == SeatStatus::Joined && to_act.contains(&seat)).then_some((r, seat, bot))
        }) else {
            return Ok(false);
        };
        let seed = game.seed
            ^ (count as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (seat.0 as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
        let started = std::time::Instant::now();
        let lines = play_turn(table.as_mut(), seat, level(bot), seed);
        if lines.is_empty() {
            return Err(super::ServiceError::Setup(format!(
                "the bot found no command for seat {} of game {id}",
                seat.0 + 1
            )));
        }
        let played = self.store.in_tx::<_, super::ServiceError>(|| {
            if self.store.move_count(id)? != count {
                // Someone moved while the bot thought: think again next pass.
                return Ok(false);
            }
            self.play_with(
                id,
                &row.email,
                TurnLines::Written(&lines),
                SEAT_SOURCE,
                Besides::default(),
                now,
            )?;
            Ok(true)
        })?;
        if played {
            tracing::info!(
                game = id,
                seat = seat.0 + 1,
                level = bot.as_str(),
                commands = lines.len(),
                ms = started.elapsed().as_millis() as u64,
                "bot: played {}",
                lines.join(" / ")
            );
        }
        Ok(played)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bot::Budget;
    use crate::engine::Options;

    #[test]
    fn a_bot_turn_in_tikal_is_whole_and_legal_and_repeatable() {
        let table = crate::games::find("tikal")
            .map(|e| (e.new)(2, &Options::default(), 4).unwrap())
            .unwrap();
        let seat = table.to_act()[0];
        let level = Level::Ismcts(Budget::iterations(50));
        let mut a = table.clone_table();
        let lines = play_turn(a.as_mut(), seat, level, 9);
        assert!(!lines.is_empty());
        // The turn passed on: the seat is no longer the one to act.
        assert!(!a.to_act().contains(&seat), "{lines:?}");
        let mut b = table.clone_table();
        assert_eq!(play_turn(b.as_mut(), seat, level, 9), lines);
        assert_eq!(a.digest(), b.digest());
    }

    #[test]
    fn seat_words_name_the_levels_and_nothing_else() {
        assert_eq!(seat_level("bot"), Some(BotLevel::Standard));
        assert_eq!(seat_level(" Bot:Easy "), Some(BotLevel::Easy));
        assert_eq!(seat_level("bot:hard"), Some(BotLevel::Hard));
        assert_eq!(seat_level("봇"), Some(BotLevel::Standard));
        assert_eq!(seat_level("bot:expert"), None);
        assert_eq!(seat_level("bot@example.org"), None);
        assert_eq!(seat_level("robot"), None);
        assert!(is_bot_name("bot-12"));
        assert!(!is_bot_name("bot-1@example.org"));
        assert!(!is_bot_name("bot-"));
    }

    #[test]
    fn a_bot_is_named_by_its_seat_in_both_languages() {
        let blue = Text::new("Blue (seat 2)", "파랑 (2번 자리)");
        let t = bot_label(&blue);
        assert_eq!(t.en, "Blue — Bot (seat 2)");
        assert_eq!(t.ko, "파랑 — 봇 (2번 자리)");
        let plain = bot_label(&Text::new("seat 3", "3번 자리"));
        assert_eq!(plain.en, "Bot (seat 3)");
        assert_eq!(plain.ko, "봇 (3번 자리)");
    }
}
