//! What the clock sends on its own schedule: digests, summaries after
//! downtime, and the operator's cron jobs.

use super::time::{parse_hm, zone};
use crate::engine::{Seat, Text};
use crate::service::{stamp, Result, Service};
use crate::store::MailKind;
use crate::store::{GameStatus, SeatStatus};
use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use std::str::FromStr;

impl Service {
    /// One mail per player after downtime, instead of one per event.
    pub(super) fn send_summaries(&self, now: DateTime<Utc>) -> Result<usize> {
        let batch = self.batch.borrow_mut().take().unwrap_or_default();
        let mut sent = 0;
        for (email, lines) in batch {
            let mut games: Vec<i64> = lines.iter().map(|(id, _)| *id).collect();
            let mut paragraphs = vec![Text::new(
                "quipu was away for a while. Here is what happened in your games meanwhile:",
                "quipu가 잠시 멈춰 있었습니다. 그동안 당신의 게임에서 있었던 일입니다:",
            )];
            paragraphs.extend(
                lines.into_iter().map(|(id, t)| {
                    Text::new(format!("#{id}: {}", t.en), format!("#{id}: {}", t.ko))
                }),
            );
            paragraphs.push(Text::new(
                "Where it is your turn, a turn mail with the board follows. Reply 'board' to the latest mail of any other game to get its board again.",
                "당신 차례인 게임은 게임판이 담긴 차례 메일이 따로 갑니다. 다른 게임의 게임판은 그 게임의 최근 메일에 'board'라고 답장하면 받습니다.",
            ));
            self.mail_plain(
                &email,
                None,
                None,
                "[quipu] summary",
                &paragraphs,
                MailKind::Notice,
                now,
            )?;
            sent += 1;
            // Turn mails are never held back: the board and its move links, once per game.
            games.sort_unstable();
            games.dedup();
            for id in games {
                if self.game(id)?.status != GameStatus::Active {
                    continue;
                }
                let Some(row) = self
                    .seated(id)?
                    .into_iter()
                    .find(|r| r.email == email && r.status == SeatStatus::Joined)
                else {
                    continue;
                };
                let Some(seat) = row.seat.map(Seat) else {
                    continue;
                };
                let table = self.table(id)?;
                if !table.to_act().contains(&seat) {
                    continue;
                }
                let words = super::super::notify::Words {
                    paragraphs: vec![Text::new(
                        "quipu was away for a while; the summary mail says what happened meanwhile.",
                        "quipu가 잠시 멈춰 있었습니다. 그동안의 일은 요약 메일에 있습니다.",
                    )],
                    ..Default::default()
                };
                self.mail_seat(id, Some(table.as_ref()), &row, MailKind::Turn, words, now)?;
            }
        }
        Ok(sent)
    }

    /// Daily digests for players whose local digest hour has come.
    pub(super) fn send_digests(
        &self,
        last: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<usize> {
        let mut sent = 0;
        for email in self.store.digest_recipients()? {
            let player = self.store.player(&email, &stamp(now))?;
            let at = player
                .digest_at
                .as_deref()
                .and_then(parse_hm)
                .unwrap_or(NaiveTime::from_hms_opt(19, 0, 0).unwrap_or_default());
            let local = now.with_timezone(&zone(&player));
            let key = format!("digest_last:{email}");
            let today = local.date_naive().to_string();
            let done_today = self.store.meta(&key)?.as_deref() == Some(today.as_str());
            // Today's digest hour must fall in this run's stretch of time: words
            // held after it wait for tomorrow's digest, not go out at once.
            let hour = zone(&player)
                .from_local_datetime(&local.date_naive().and_time(at))
                .earliest()
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or(now);
            let in_this_run = last.map(|l| l < hour).unwrap_or(true) && hour <= now;
            if !in_this_run || done_today {
                continue;
            }
            let lines = self.store.take_digest(&email)?;
            if lines.is_empty() {
                continue;
            }
            let mut paragraphs = vec![Text::new("Your daily quipu digest:", "오늘의 quipu 요약:")];
            paragraphs.extend(lines.into_iter().map(|(_, l)| Text::same(l)));
            self.mail_plain(
                &email,
                None,
                None,
                "[quipu] daily digest",
                &paragraphs,
                MailKind::Notice,
                now,
            )?;
            self.store.set_meta(&key, &today)?;
            sent += 1;
        }
        Ok(sent)
    }

    /// The operator's cron jobs whose time came in `(last, now]`.
    pub(super) fn run_jobs(
        &self,
        last: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<Vec<String>> {
        let Some(last) = last else { return Ok(vec![]) };
        let mut ran = Vec::new();
        let jobs = [
            ("housekeeping", self.config.schedule.housekeeping.clone()),
            ("weekly_report", self.config.schedule.weekly_report.clone()),
            ("archive", self.config.schedule.archive.clone()),
        ];
        for (name, spec) in jobs {
            if !due_between(&spec, Some(last), now) {
                continue;
            }
            match name {
                "housekeeping" => {
                    let before = now - Duration::days(self.config.schedule.keep_days);
                    self.store.prune_sent_bodies(&stamp(before), &stamp(now))?;
                    // What strangers caused is kept no longer than its limits
                    // look back (a week), however long sent mail is kept.
                    let week = stamp(now - Duration::days(super::super::guard::STRANGER_KEEP_DAYS));
                    self.store.prune_idle_inbound(&week)?;
                    self.store.prune_contacts_and_requests(&week, &week)?;
                }
                // Written after the transaction (`Service::tick`): files, no rows.
                "archive" if self.config.archive.dir.is_none() => continue,
                "archive" => {}
                _ => {
                    if let Some(op) = self.config.operator.clone() {
                        let games = self.store.games()?;
                        let active = games
                            .iter()
                            .filter(|g| g.status == GameStatus::Active)
                            .count();
                        let finished = games
                            .iter()
                            .filter(|g| g.status == GameStatus::Finished)
                            .count();
                        let words = [Text::same(format!(
                            "Weekly report: {} games ({active} active, {finished} finished), {} players, {} mails waiting in the outbox.",
                            games.len(),
                            // The operator is a mail recipient, not a player.
                            self.store.players()?.iter().filter(|p| p.email != op).count(),
                            self.store.unsent_count()?
                        ))];
                        self.mail_plain(
                            &op,
                            None,
                            None,
                            "[quipu] weekly report",
                            &words,
                            MailKind::Notice,
                            now,
                        )?;
                    }
                }
            }
            ran.push(name.to_string());
        }
        Ok(ran)
    }
}

/// True when the cron `spec` has a time in `(last, now]` (or, with no last
/// run, at all by `now`). A spec that does not parse never fires (the
/// configuration is checked when it is loaded).
pub(super) fn due_between(spec: &str, last: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    let Ok(schedule) = cron::Schedule::from_str(spec) else {
        return false;
    };
    match last {
        Some(last) => schedule.after(&last).next().is_some_and(|t| t <= now),
        None => true,
    }
}
