//! Vacations: taking days off (which stops a player's clock), the yearly
//! allowance, and telling the player's games.

use super::deadline_time;
use super::time::{vacation_of, zone};
use crate::engine::Text;
use crate::service::{stamp, Result, Service, ServiceError};
use crate::store::MailKind;
use crate::store::{DeadlineRow, Player, SeatStatus};
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc};

impl Service {
    /// `vacation off`: the clocks run again, and the player's games hear of
    /// it when a vacation was under way.
    fn vacation_off(&self, email: &str, mut p: Player, now: DateTime<Utc>) -> Result<Text> {
        let had_vacation = vacation_of(&p)?.is_some_and(|(_, b)| b > now);
        self.retire_vacation(&mut p, now)?;
        self.store.save_player(&p)?;
        self.reschedule_player(email, now)?;
        if had_vacation {
            self.tell_games(
                email,
                Text::new(
                    format!("{email} is back from vacation."),
                    format!("{email}님이 휴가에서 돌아왔습니다."),
                ),
                now,
            )?;
        }
        Ok(Text::new(
            "Your vacation is off; your clocks run again.",
            "휴가를 끝냈습니다. 시계가 다시 갑니다.",
        ))
    }

    /// `vacation FROM..TO` (inclusive dates in the player's zone) or `vacation off`.
    pub fn set_vacation(&self, email: &str, spec: &str, now: DateTime<Utc>) -> Result<Text> {
        let mut p = self.store.player(email, &stamp(now))?;
        let tz = zone(&p);
        let year = now.with_timezone(&tz).year() as i64;
        if p.vacation_year != Some(year) {
            p.vacation_year = Some(year);
            p.vacation_used = 0;
        }
        let bank = self.config.clock.vacation_days;
        let spec = spec.trim();
        if spec.eq_ignore_ascii_case("off") {
            return self.vacation_off(email, p, now);
        }
        // A mistyped vacation is answered like other settings: what was
        // wrong and what would be right, in the player's language.
        let not_a_vacation = Text::new(
            format!("'{spec}' is not a vacation; write e.g. 'vacation 2026-12-20..2026-12-27' or 'vacation off'."),
            format!("'{spec}'은(는) 휴가 기간이 아닙니다. 예: 'vacation 2026-12-20..2026-12-27' 또는 'vacation off'."),
        );
        let dates = spec.split_once("..").and_then(|(a, b)| {
            let from = NaiveDate::parse_from_str(a.trim(), "%Y-%m-%d").ok()?;
            let to = NaiveDate::parse_from_str(b.trim(), "%Y-%m-%d").ok()?;
            Some((from, to)).filter(|(from, to)| to >= from)
        });
        let Some((from, to)) = dates else {
            return Ok(not_a_vacation);
        };
        let bad = || ServiceError::Setup(not_a_vacation.en.clone());
        let today = now.with_timezone(&tz).date_naive();
        if to < today {
            return Err(ServiceError::Setup(format!(
                "'{spec}' is over already; a vacation must end today or later"
            )));
        }
        // Within a year from today, so every date the clock stores stays
        // inside its calendar (and days are bounded by the allowance below).
        let latest = today
            .checked_add_days(chrono::Days::new(366))
            .unwrap_or(today);
        if from > latest {
            return Ok(Text::new(
                format!(
                    "'{spec}' starts more than a year from now; a vacation starts within a year."
                ),
                format!("'{spec}'은(는) 1년보다 뒤에 시작합니다. 휴가는 1년 안에 시작해야 합니다."),
            ));
        }
        // Days already past are not taken again: a vacation asked for while
        // on one starts now (its earlier days were counted when they were taken).
        let from = from.max(today);
        let days = (to - from).num_days() + 1;
        // A vacation replaces the one before: that one's days not begun go back first.
        let mut trial = p.clone();
        trial.vacation_used -= refundable_days(&trial, now)?.min(trial.vacation_used);
        let left = bank - trial.vacation_used;
        if days > left {
            return Ok(Text::new(
                format!("That is {days} days, but only {left} of your {bank} vacation days are left this year."),
                format!("{days}일을 신청했지만 올해 남은 휴가는 {bank}일 중 {left}일입니다."),
            ));
        }
        let start = tz
            .from_local_datetime(&from.and_time(NaiveTime::MIN))
            .earliest()
            .map(|t| t.with_timezone(&Utc).max(now))
            .ok_or_else(bad)?;
        let end = tz
            .from_local_datetime(&to.succ_opt().unwrap_or(to).and_time(NaiveTime::MIN))
            .earliest()
            .map(|t| t.with_timezone(&Utc))
            .ok_or_else(bad)?;
        self.retire_vacation(&mut p, now)?;
        p.vacation_from = Some(stamp(start));
        p.vacation_to = Some(stamp(end));
        p.vacation_used += days;
        self.store.save_player(&p)?;
        self.reschedule_player(email, now)?;
        self.tell_games(
            email,
            Text::new(
                format!("{email} is on vacation from {from} to {to}; their clock stops."),
                format!("{email}님이 {from}부터 {to}까지 휴가입니다. 그동안 시계가 멈춥니다."),
            ),
            now,
        )?;
        Ok(Text::new(
            format!(
                "Vacation set from {from} to {to} ({days} days); {} days left this year.",
                left - days
            ),
            format!(
                "{from}부터 {to}까지 휴가를 잡았습니다({days}일). 올해 남은 휴가: {}일.",
                left - days
            ),
        ))
    }

    /// Ends a player's vacation record before `off` or a new one: the days
    /// not yet begun go back to the bank, and the time already away is
    /// credited to the open deadlines (their start moves later by it), so that
    /// forgetting the old dates does not make those days count.
    pub(super) fn retire_vacation(&self, p: &mut Player, now: DateTime<Utc>) -> Result<()> {
        let Some((a, b)) = vacation_of(p)? else {
            return Ok(());
        };
        p.vacation_used -= refundable_days(p, now)?.min(p.vacation_used);
        let away_end = b.min(now);
        if a < away_end {
            for (d, settings) in self.deadlines_of_player(&p.email)? {
                let started = deadline_time(&d, "started_at", &d.started_at)?;
                let away = away_end - a.max(started);
                if away > Duration::zero() {
                    self.save_deadline(
                        DeadlineRow {
                            started_at: stamp(started + away),
                            ..d
                        },
                        &settings,
                    )?;
                }
            }
        }
        p.vacation_from = None;
        p.vacation_to = None;
        Ok(())
    }

    /// A note to the other players of every active game of `email`; at
    /// most one a day about one player's vacation (`off` and on again
    /// cannot mail the table for nothing).
    pub(super) fn tell_games(&self, email: &str, text: Text, now: DateTime<Utc>) -> Result<()> {
        if self.vacation_news_spent(email, now)? {
            return Ok(());
        }
        for id in self.store.games_of(email)? {
            for r in self
                .seated(id)?
                .into_iter()
                .filter(|r| r.email != email && r.status == SeatStatus::Joined)
            {
                self.mail_plain(
                    &r.email,
                    Some(id),
                    Some(self.reply_address(id, &r.email)),
                    &format!("[quipu #{id}]"),
                    std::slice::from_ref(&text),
                    MailKind::Notice,
                    now,
                )?;
            }
        }
        Ok(())
    }
}

/// The days a vacation gives back when it ends or is replaced at `now`:
/// those not begun, and only when it began on an earlier day (a player
/// coming back early). Days are spent when a vacation is set, so one
/// cancelled before its first day is over, or before it begins, costs them all.
fn refundable_days(p: &Player, now: DateTime<Utc>) -> Result<i64> {
    let Some((a, _)) = vacation_of(p)? else {
        return Ok(0);
    };
    let tz = zone(p);
    if a.with_timezone(&tz).date_naive() >= now.with_timezone(&tz).date_naive() {
        return Ok(0);
    }
    unbegun_days(p, now)
}

/// Whole days of a player's vacation not yet begun at `now`.
pub(super) fn unbegun_days(p: &Player, now: DateTime<Utc>) -> Result<i64> {
    Ok(match vacation_of(p)? {
        Some((a, b)) if b > a.max(now) => (b - a.max(now)).num_hours() / 24,
        _ => 0,
    })
}
