//! The clock: deadlines per decision, reminders, late notices, what happens
//! on a timeout, vacations, quiet hours, time zones, daily digests and the
//! operator's cron jobs. Everything runs from `tick(now)`, so a test (or
//! `quipu tick --at`) decides what time it is; nothing here sleeps.

use super::{stamp, Result, Service, ServiceError, TurnLines};
use crate::engine::{Options, Rng, Seat, Table, Text};
use crate::store::MailKind;
use crate::store::{DeadlineRow, GameRow, GameStatus, MoveKind, NewMove, SeatStatus};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use std::collections::BTreeMap;

mod jobs;
use jobs::due_between;
mod settings;
mod time;
mod vacation;

pub use settings::*;
use settings::{before, deadline_time, meta_time};
pub use time::*;

/// What one run of the clock did.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TickReport {
    pub reminders: usize,
    pub late_notices: usize,
    pub timeouts: usize,
    pub digests: usize,
    pub jobs: Vec<String>,
    /// Players who got one summary instead of many mails after a long pause.
    pub summaries: usize,
    /// Decisions of bot seats played (by `quipu tick`; `serve` plays them
    /// on its own thread).
    pub bot_turns: usize,
}

/// A pause longer than this between two ticks counts as downtime.
const CATCH_UP_AFTER: i64 = 3600;

impl Service {
    pub fn clock_of(&self, id: i64) -> Result<ClockSettings> {
        let g = self.game(id)?;
        let (default, _) = ClockSettings::split(&Options::default(), &self.config.clock)
            .map_err(ServiceError::Setup)?;
        // '{}' is the column's default: a game that never set its clock.
        if g.clock.trim() == "{}" {
            return Ok(default);
        }
        serde_json::from_str(&g.clock)
            .map_err(|e| ServiceError::Unreadable(id, format!("its stored clock settings: {e}")))
    }

    /// Opens a deadline for every seat that must decide and has none; closes
    /// the deadlines of seats that no longer must (`table` is the game's).
    pub(crate) fn schedule_deadlines(
        &self,
        id: i64,
        table: &dyn Table,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let settings = self.clock_of(id)?;
        let to_act: Vec<i64> = if self.game(id)?.status == GameStatus::Active {
            table.to_act().iter().map(|s| s.0 as i64).collect()
        } else {
            vec![]
        };
        let open = self.store.deadlines(Some(id))?;
        for d in &open {
            if !to_act.contains(&d.seat) {
                self.store.clear_deadline(id, d.seat)?;
            }
        }
        if settings.deadline <= 0 {
            return Ok(());
        }
        for seat in to_act {
            if open.iter().any(|d| d.seat == seat) {
                continue;
            }
            let Some(row) = self
                .seated(id)?
                .into_iter()
                .find(|r| r.seat == Some(seat as usize))
            else {
                continue;
            };
            if row.bot.is_some() {
                continue; // A bot seat is played within seconds, never late.
            }
            let player = self.store.player(&row.email, &stamp(now))?;
            if let Some(due) = due_time(now, &settings, &player)? {
                self.save_deadline(
                    DeadlineRow {
                        game_id: id,
                        seat,
                        started_at: stamp(now),
                        due_at: stamp(due),
                        reminders_sent: 0,
                        late_sent: 0,
                        next_at: None,
                    },
                    &settings,
                )?;
            }
        }
        Ok(())
    }

    /// Recomputes the open deadlines of a player (after a vacation or quiet-hours change).
    pub(crate) fn reschedule_player(&self, email: &str, now: DateTime<Utc>) -> Result<()> {
        let player = self.store.player(email, &stamp(now))?;
        for (d, settings) in self.deadlines_of_player(email)? {
            let started = deadline_time(&d, "started_at", &d.started_at)?;
            if let Some(due) = due_time(started, &settings, &player)? {
                self.save_deadline(
                    DeadlineRow {
                        due_at: stamp(due),
                        ..d
                    },
                    &settings,
                )?;
            }
        }
        Ok(())
    }

    /// The open deadlines of `email`'s seats in their active games, each
    /// with its game's clock settings.
    fn deadlines_of_player(&self, email: &str) -> Result<Vec<(DeadlineRow, ClockSettings)>> {
        let mut out = Vec::new();
        for id in self.store.games_of(email)? {
            let Ok(seat) = self.seat_of(id, email) else {
                continue;
            };
            let settings = self.clock_of(id)?;
            out.extend(
                self.store
                    .deadlines(Some(id))?
                    .into_iter()
                    .filter(|d| d.seat == seat.0 as i64)
                    .map(|d| (d, settings.clone())),
            );
        }
        Ok(out)
    }

    /// Stores a deadline with the time the clock must next look at it.
    fn save_deadline(&self, d: DeadlineRow, settings: &ClockSettings) -> Result<()> {
        let next_at = next_check(&d, settings)?.map(stamp);
        self.store
            .set_deadline(&DeadlineRow { next_at, ..d })
            .map_err(Into::into)
    }

    /// The earliest open deadline of a game (for `show --json`).
    pub fn deadline_of(&self, id: i64) -> Result<Option<DateTime<Utc>>> {
        let mut earliest = None;
        for d in self.store.deadlines(Some(id))? {
            let due = deadline_time(&d, "due_at", &d.due_at)?;
            earliest = Some(earliest.map_or(due, |e: DateTime<Utc>| e.min(due)));
        }
        Ok(earliest)
    }

    /// Runs the clock once as of `now`.
    pub fn tick(&self, now: DateTime<Utc>) -> Result<TickReport> {
        let last = meta_time("last_tick", self.store.meta("last_tick")?)?;
        let catching_up = last
            .map(|l| (now - l).num_seconds() > CATCH_UP_AFTER)
            .unwrap_or(false);
        let mut report = TickReport::default();
        if catching_up {
            self.batch.borrow_mut().replace(BTreeMap::new());
        }
        let result = self.store.in_tx::<_, ServiceError>(|| {
            // Only deadlines with something due: the cost follows what happens, not the number of games.
            for d in self.store.deadlines_due(&stamp(now))? {
                self.tick_one_deadline(&d, now, &mut report)?;
            }
            // The digest run follows its own schedule; each player's hour decides within it.
            let digest_from = meta_time("digest_run", self.store.meta("digest_run")?)?;
            if due_between(&self.config.schedule.digest, digest_from.or(last), now) {
                report.digests += self.send_digests(digest_from.or(last), now)?;
                self.store.set_meta("digest_run", &stamp(now))?;
            }
            report.jobs = self.run_jobs(last, now)?;
            self.store.set_meta("last_tick", &stamp(now))?;
            if catching_up {
                report.summaries = self.send_summaries(now)?;
            }
            Ok(())
        });
        self.batch.borrow_mut().take();
        result?;
        if report.jobs.iter().any(|j| j == "housekeeping") {
            // Outside the transaction: SQLite cannot vacuum inside one.
            if let Err(e) = self.store.vacuum() {
                report
                    .jobs
                    .push(format!("housekeeping: vacuum failed: {e}"));
            }
        }
        if report.jobs.iter().any(|j| j == "archive") {
            report.jobs.push(self.archive_job());
        }
        Ok(report)
    }

    /// After a tick looked at a deadline: when to look again (a reminder held
    /// back by quiet hours or a vacation keeps it due, so it is looked at next time).
    /// One deadline's work, isolated: whatever fails in it (a game's error,
    /// a panic) is undone, logged, and tried again a day later, and the
    /// other deadlines go on. Only a database fault ends the tick.
    fn tick_one_deadline(
        &self,
        d: &DeadlineRow,
        now: DateTime<Utc>,
        report: &mut TickReport,
    ) -> Result<()> {
        let mut part = TickReport::default();
        let done = self.store.in_savepoint(|_| {
            super::mailin::isolated(|| {
                self.tick_deadline(d, now, &mut part)?;
                self.refresh_next_check(d)
            })
        });
        match done {
            Ok(()) => {
                report.reminders += part.reminders;
                report.late_notices += part.late_notices;
                report.timeouts += part.timeouts;
                Ok(())
            }
            // A database fault or corrupt stored data stops the tick (the
            // operator must see it; nothing acts on a wrong time).
            Err(
                e @ (ServiceError::Store(_)
                | ServiceError::BadTime(..)
                | ServiceError::Unreadable(..)
                | ServiceError::BadStoredTime(..)),
            ) => Err(e),
            Err(e) => {
                self.forget();
                tracing::warn!(
                    game = d.game_id,
                    seat = d.seat,
                    error = %e,
                    "clock: a deadline failed; trying it again in a day"
                );
                let later = now.checked_add_signed(Duration::days(1)).unwrap_or(now);
                self.store.set_deadline(&DeadlineRow {
                    next_at: Some(stamp(later)),
                    ..d.clone()
                })?;
                Ok(())
            }
        }
    }

    fn refresh_next_check(&self, d: &DeadlineRow) -> Result<()> {
        let Some(now) = self
            .store
            .deadlines(Some(d.game_id))?
            .into_iter()
            .find(|x| x.seat == d.seat)
        else {
            return Ok(());
        };
        let settings = self.clock_of(d.game_id)?;
        if next_check(&now, &settings)?.map(stamp) != now.next_at {
            self.save_deadline(now, &settings)?;
        }
        Ok(())
    }

    fn tick_deadline(
        &self,
        d: &DeadlineRow,
        now: DateTime<Utc>,
        report: &mut TickReport,
    ) -> Result<()> {
        let id = d.game_id;
        let game = self.game(id)?;
        if game.status != GameStatus::Active {
            return self.store.clear_deadline(id, d.seat).map_err(Into::into);
        }
        let settings = self.clock_of(id)?;
        let Some(row) = self
            .seated(id)?
            .into_iter()
            .find(|r| r.seat == Some(d.seat as usize) && r.status == SeatStatus::Joined)
        else {
            return Ok(());
        };
        let player = self.store.player(&row.email, &stamp(now))?;
        let due = deadline_time(d, "due_at", &d.due_at)?;
        if let Some((a, b)) = vacation_of(&player)? {
            if now >= a && now < b {
                return Ok(()); // the clock stands still for this player
            }
        }
        // Reminders: the latest point that has passed, once, outside quiet hours.
        // Points at or before the decision's start are skipped: the turn mail just went out.
        let started = deadline_time(d, "started_at", &d.started_at)?;
        let passed = settings
            .reminders
            .iter()
            .filter_map(|&r| before(due, r))
            .filter(|&point| point > started && now >= point)
            .count() as i64;
        // At the deadline a policy other than `wait` acts instead: no "0 h left" mail first.
        if passed > d.reminders_sent
            && !in_quiet(now, &player)
            && !(now >= due && settings.timeout != Timeout::Wait)
        {
            let left = (due - now).num_hours().max(0);
            let words = vec![Text::new(
                format!(
                    "Reminder: game #{id} waits for your decision. Time left: {left} h (until {}).",
                    local_time(due, &player)
                ),
                format!(
                    "알림: #{id} 게임이 당신의 결정을 기다립니다. 남은 시간: {left}시간({}까지).",
                    local_time(due, &player)
                ),
            )];
            self.mail_or_batch(id, &row.email, MailKind::Turn, words, now)?;
            self.save_deadline(
                DeadlineRow {
                    reminders_sent: passed,
                    ..d.clone()
                },
                &settings,
            )?;
            report.reminders += 1;
        }
        if now < due {
            return Ok(());
        }
        let d = self
            .store
            .deadlines(Some(id))?
            .into_iter()
            .find(|x| x.seat == d.seat)
            .unwrap_or_else(|| d.clone());
        self.act_on_timeout(&game, d, &row.email, &settings, now, report)
    }

    /// A decision past its deadline: the game's timeout policy acts (a late
    /// notice under `wait`, a move by default under `skip`/`bot`, a drop).
    fn act_on_timeout(
        &self,
        game: &GameRow,
        d: DeadlineRow,
        email: &str,
        settings: &ClockSettings,
        now: DateTime<Utc>,
        report: &mut TickReport,
    ) -> Result<()> {
        let id = game.id;
        match settings.timeout {
            Timeout::Wait => {
                if d.late_sent == 0 {
                    self.late_notice(id, email, now)?;
                    self.save_deadline(DeadlineRow { late_sent: 1, ..d }, settings)?;
                    report.late_notices += 1;
                }
            }
            Timeout::Skip | Timeout::Bot => {
                let seat = Seat(d.seat as usize);
                let mut rng = Rng::new(
                    game.seed ^ (self.store.move_count(id)? as u64).wrapping_mul(0x9E37_79B9),
                );
                let source = if settings.timeout == Timeout::Skip {
                    "skip"
                } else {
                    "bot"
                };
                let turn = self.clock_turn(id, seat, settings.timeout, &mut rng)?;
                match turn {
                    Some(lines) => {
                        self.store.clear_deadline(id, d.seat)?;
                        self.late_notice(id, email, now)?;
                        let by_clock = crate::service::Besides {
                            by_clock: true,
                            ..Default::default()
                        };
                        self.play_with(
                            id,
                            email,
                            TurnLines::Written(&lines),
                            source,
                            by_clock,
                            now,
                        )?;
                        report.timeouts += 1;
                    }
                    None if d.late_sent == 0 => {
                        // Nothing the clock may play here (Tzolk'in has no pass, say): the
                        // game waits, as under `wait`, and the late player is told so too.
                        self.late_notice(id, email, now)?;
                        let words = vec![Text::new(
                            format!("Your time in game #{id} has run out. The game has no default move for this decision, so it waits for yours."),
                            format!("#{id} 게임에서 당신의 시간이 다 되었습니다. 이 결정에는 기본 수가 없어서 게임이 당신의 결정을 기다립니다."),
                        )];
                        self.mail_or_batch(id, email, MailKind::Turn, words, now)?;
                        self.save_deadline(DeadlineRow { late_sent: 1, ..d }, settings)?;
                        report.late_notices += 1;
                    }
                    None => {}
                }
            }
            Timeout::Drop => {
                self.store.clear_deadline(id, d.seat)?;
                self.drop_player(id, email, "clock", now)?;
                report.timeouts += 1;
            }
        }
        Ok(())
    }

    /// The commands the clock plays for a late seat: default ones (`skip`)
    /// or the standard bot's (`bot`, see `service::bots`) until the seat's decision is complete (a game like Tikal
    /// takes several commands per turn). None if the first has no command.
    fn clock_turn(
        &self,
        id: i64,
        seat: Seat,
        policy: Timeout,
        rng: &mut Rng,
    ) -> Result<Option<Vec<String>>> {
        /// More commands than any game's one turn; a bound against a rule that never ends a turn.
        const MAX_COMMANDS: usize = 60;
        let mut table = self.table(id)?;
        if policy == Timeout::Bot {
            let seed = rng.next_u64();
            let lines = super::bots::play_turn(table.as_mut(), seat, super::bots::standard(), seed);
            return Ok((!lines.is_empty()).then_some(lines));
        }
        let mut lines = Vec::new();
        while lines.len() < MAX_COMMANDS
            && table.to_act().contains(&seat)
            && table.outcome().is_none()
        {
            let Some(cmd) = table.default_command(seat) else {
                break;
            };
            if table.play(seat, &cmd).is_err() {
                break;
            }
            lines.push(cmd);
        }
        Ok((!lines.is_empty()).then_some(lines))
    }

    fn late_notice(&self, id: i64, late: &str, now: DateTime<Utc>) -> Result<()> {
        for r in self
            .seated(id)?
            .into_iter()
            .filter(|r| r.email != late && r.status == SeatStatus::Joined)
        {
            let words = vec![Text::new(
                format!("{late} has run out of time in game #{id}."),
                format!("#{id} 게임에서 {late}님의 시간이 다 되었습니다."),
            )];
            self.mail_or_batch(id, &r.email, MailKind::Notice, words, now)?;
        }
        Ok(())
    }

    /// A seat leaves (resign or timeout): the game goes on without it where
    /// its rules allow, otherwise it ends with the standings.
    pub(crate) fn drop_player(
        &self,
        id: i64,
        email: &str,
        source: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let seat = self.seat_of(id, email)?;
        let mut table = self.table(id)?;
        let before = table.to_act();
        let continues = table.drop_seat(seat);
        self.store.append_move(&NewMove {
            game_id: id,
            seat: Some(seat.0),
            email: Some(email.to_string()),
            kind: MoveKind::Drop,
            command: String::new(),
            events: "[]".into(),
            source: source.into(),
            at: stamp(now),
        })?;
        self.store
            .set_seat(id, email, Some(seat.0), SeatStatus::Dropped)?;
        self.store.clear_deadline(id, seat.0 as i64)?;
        self.forget();
        let active_left = self
            .seated(id)?
            .iter()
            .filter(|r| r.status == SeatStatus::Joined)
            .count();
        if !continues || active_left < 2 && self.seated(id)?.len() > 1 || active_left == 0 {
            self.store
                .set_game_status(id, GameStatus::Finished, Some(&stamp(now)))?;
            return self.announce_end(id, now);
        }
        if let Some(op) = self.config.operator.clone() {
            // The game goes on with the seat played by its defaults until someone takes it.
            self.mail_plain(
                &op,
                Some(id),
                None,
                &format!("[quipu #{id}] a seat is free"),
                &[Text::same(format!(
                    "{email} left game #{id} (seat {}); the game goes on, the seat's decisions taken by default. To hand the seat on: quipu seat {id} --replace {email} --with NEW-ADDRESS",
                    seat.0 + 1
                ))],
                MailKind::Notice,
                now,
            )?;
        }
        self.after_change(id, &[], &before, now)
    }

    /// Mails a seat (during a catch-up, `mail_seat` keeps it for the summary).
    fn mail_or_batch(
        &self,
        id: i64,
        email: &str,
        kind: MailKind,
        words: Vec<Text>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let Some(row) = self.seated(id)?.into_iter().find(|r| r.email == email) else {
            return Ok(());
        };
        let words = super::notify::Words {
            paragraphs: words,
            ..Default::default()
        };
        self.mail_seat(id, None, &row, kind, words, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ClockDefaults;
    use crate::service::parse_stamp;
    use crate::store::Player;

    fn player(tz: &str) -> Player {
        Player {
            email: "a@x".into(),
            name: None,
            lang: "en".into(),
            timezone: tz.parse().expect("a zone the test names"),
            quiet_from: None,
            quiet_to: None,
            notify: "every".into(),
            digest_at: None,
            vacation_from: None,
            vacation_to: None,
            vacation_year: None,
            vacation_used: 0,
        }
    }

    fn at(s: &str) -> DateTime<Utc> {
        parse_stamp("test time", s).unwrap()
    }

    fn settings(deadline: &str, skip_weekends: bool) -> ClockSettings {
        ClockSettings {
            deadline: parse_duration(deadline).unwrap(),
            skip_weekends,
            timeout: Timeout::Wait,
            reminders: vec![86_400, 0],
        }
    }

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(parse_duration("72h"), Ok(72 * 3600));
        assert_eq!(parse_duration("3d"), Ok(3 * 86_400));
        assert_eq!(parse_duration("90m"), Ok(5400));
        assert_eq!(parse_duration("none"), Ok(0));
        assert!(parse_duration("soon").is_err());
    }

    #[test]
    fn a_plain_deadline_is_start_plus_time() {
        let due = due_time(
            at("2026-11-23T10:00:00Z"),
            &settings("72h", false),
            &player("UTC"),
        )
        .unwrap()
        .unwrap();
        assert_eq!(due, at("2026-11-26T10:00:00Z"));
    }

    #[test]
    fn weekends_do_not_count_when_excluded_in_the_players_zone() {
        // Friday 2026-11-27 12:00 in Seoul (03:00 UTC); 24 h: 12 h of Friday, then Monday 12:00 Seoul.
        let due = due_time(
            at("2026-11-27T03:00:00Z"),
            &settings("24h", true),
            &player("Asia/Seoul"),
        )
        .unwrap()
        .unwrap();
        assert_eq!(due, at("2026-11-30T03:00:00Z"));
    }

    #[test]
    fn deadlines_across_a_daylight_saving_change_count_real_hours() {
        // Berlin leaves summer time on 2026-10-25 03:00 local; 48 real hours from Saturday noon local.
        let start = at("2026-10-24T10:00:00Z");
        let due = due_time(start, &settings("48h", false), &player("Europe/Berlin"))
            .unwrap()
            .unwrap();
        assert_eq!(due, at("2026-10-26T10:00:00Z"));
        // With weekends excluded, the count starts at Monday midnight local (CET, UTC+1).
        let due = due_time(start, &settings("12h", true), &player("Europe/Berlin"))
            .unwrap()
            .unwrap();
        assert_eq!(due, at("2026-10-26T11:00:00Z"));
    }

    #[test]
    fn quiet_hours_move_a_deadline_to_their_end() {
        let mut p = player("America/Los_Angeles");
        p.quiet_from = Some("23:00".into());
        p.quiet_to = Some("08:00".into());
        // Due at 02:00 local (10:00 UTC, PST) → moved to 08:00 local = 16:00 UTC.
        let due = due_time(at("2026-11-23T10:00:00Z"), &settings("24h", false), &p)
            .unwrap()
            .unwrap();
        assert_eq!(due, at("2026-11-24T16:00:00Z"));
        assert!(in_quiet(at("2026-11-24T10:00:00Z"), &p));
        assert!(!in_quiet(at("2026-11-24T18:00:00Z"), &p));
    }

    #[test]
    fn a_vacation_stops_the_clock() {
        let mut p = player("UTC");
        p.vacation_from = Some("2026-12-20T00:00:00Z".into());
        p.vacation_to = Some("2026-12-28T00:00:00Z".into());
        // 72 h from 12-19 00:00: 24 h before the vacation, 48 h after it.
        let due = due_time(at("2026-12-19T00:00:00Z"), &settings("72h", false), &p)
            .unwrap()
            .unwrap();
        assert_eq!(due, at("2026-12-30T00:00:00Z"));
    }

    #[test]
    fn clock_options_are_split_from_game_options() {
        let all =
            Options::parse_pairs(&["deadline=48h", "timeout=bot", "weekends=off", "mode=intro"])
                .unwrap();
        let (c, rest) = ClockSettings::split(&all, &ClockDefaults::default()).unwrap();
        assert_eq!(c.deadline, 48 * 3600);
        assert_eq!(c.timeout, Timeout::Bot);
        assert!(c.skip_weekends);
        assert_eq!(c.reminders, vec![86_400, 0]);
        assert_eq!(rest.get("mode"), Some("intro"));
        assert_eq!(rest.0.len(), 1);
        let bad = Options::parse_pairs(&["timeout=later"]).unwrap();
        assert!(ClockSettings::split(&bad, &ClockDefaults::default()).is_err());
    }
}
