//! Local time as players live it: zones, quiet hours, weekends, vacations,
//! and when a decision falls due under them.

use super::ClockSettings;
use crate::service::{parse_stamp, BadTime, Result, ServiceError};
use crate::store::Player;
use chrono::{DateTime, Datelike, Duration, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;

/// A player's time zone (checked when the player's row is read).
pub fn zone(p: &Player) -> Tz {
    p.timezone
}

/// Reads `HH:MM`.
pub fn parse_hm(s: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(s.trim(), "%H:%M").ok()
}

/// Reads `HH:MM-HH:MM`.
pub fn parse_quiet(s: &str) -> Option<(NaiveTime, NaiveTime)> {
    let (a, b) = s.split_once('-')?;
    Some((parse_hm(a)?, parse_hm(b)?))
}

pub(super) fn is_weekend(t: DateTime<Tz>) -> bool {
    matches!(t.weekday(), Weekday::Sat | Weekday::Sun)
}

/// The first instant at or after `t` on the next local midnight.
pub(super) fn next_midnight(t: DateTime<Tz>) -> DateTime<Utc> {
    let tz = t.timezone();
    let mut day = t.date_naive().succ_opt().unwrap_or(t.date_naive());
    loop {
        // A midnight that does not exist (a DST gap) moves to the next instant that does.
        if let Some(m) = tz
            .from_local_datetime(&day.and_time(NaiveTime::MIN))
            .earliest()
        {
            return m.with_timezone(&Utc);
        }
        if let Some(m) = tz
            .from_local_datetime(&day.and_hms_opt(1, 0, 0).unwrap_or_default())
            .earliest()
        {
            return m.with_timezone(&Utc);
        }
        day = day.succ_opt().unwrap_or(day);
    }
}

/// A stretch of time from its first instant up to (not including) its end.
pub type Interval = (DateTime<Utc>, DateTime<Utc>);

/// A player's vacation as a UTC interval, if any.
pub fn vacation(p: &Player) -> std::result::Result<Option<Interval>, BadTime> {
    let (Some(from), Some(to)) = (&p.vacation_from, &p.vacation_to) else {
        return Ok(None);
    };
    Ok(Some((
        parse_stamp("vacation start", from)?,
        parse_stamp("vacation end", to)?,
    )))
}

/// A player's vacation, its unreadable times named by the player.
pub(super) fn vacation_of(p: &Player) -> Result<Option<Interval>> {
    vacation(p).map_err(|e| ServiceError::BadStoredTime(format!("player {}", p.email), e))
}

/// When a decision started at `start` is due for player `p`: the game's
/// time, counted only outside weekends (if excluded) and the player's
/// vacation, then moved out of the player's quiet hours.
pub fn due_time(
    start: DateTime<Utc>,
    s: &ClockSettings,
    p: &Player,
) -> Result<Option<DateTime<Utc>>> {
    if s.deadline <= 0 {
        return Ok(None);
    }
    let tz = zone(p);
    let holiday = vacation_of(p)?;
    // Checked arithmetic throughout: settings stored before the clock's
    // bounds existed may still hold any number.
    let beyond = || ServiceError::Clock(format!("a deadline of {} s", s.deadline));
    let mut left = Duration::try_seconds(s.deadline).ok_or_else(beyond)?;
    let mut t = start;
    // Each step either skips a stopped stretch or counts time up to the next stop.
    for _ in 0..10_000 {
        if let Some((a, b)) = holiday {
            if t >= a && t < b {
                t = b;
                continue;
            }
        }
        let local = t.with_timezone(&tz);
        if s.skip_weekends && is_weekend(local) {
            t = next_midnight(local);
            continue;
        }
        let mut stop = if s.skip_weekends {
            next_midnight(local)
        } else {
            t.checked_add_signed(left).ok_or_else(beyond)?
        };
        if let Some((a, _)) = holiday {
            if a > t && a < stop {
                stop = a;
            }
        }
        let span = stop - t;
        if span >= left {
            t = t.checked_add_signed(left).ok_or_else(beyond)?;
            left = Duration::zero();
            break;
        }
        left -= span;
        t = stop;
    }
    if left > Duration::zero() {
        return Ok(None);
    }
    Ok(Some(out_of_quiet(t, p)))
}

/// Moves `t` to the end of the player's quiet hours if it falls inside them.
pub fn out_of_quiet(t: DateTime<Utc>, p: &Player) -> DateTime<Utc> {
    let Some((from, to)) = p
        .quiet_from
        .as_deref()
        .and_then(parse_hm)
        .zip(p.quiet_to.as_deref().and_then(parse_hm))
    else {
        return t;
    };
    let tz = zone(p);
    let local = t.with_timezone(&tz);
    let now = local.time();
    let inside = if from <= to {
        now >= from && now < to
    } else {
        now >= from || now < to
    };
    if !inside {
        return t;
    }
    let mut day = local.date_naive();
    if from > to && now >= from {
        day = day.succ_opt().unwrap_or(day);
    }
    tz.from_local_datetime(&day.and_time(to))
        .earliest()
        .map(|d| d.with_timezone(&Utc))
        .unwrap_or(t)
}

/// True when `t` falls in the player's quiet hours.
pub fn in_quiet(t: DateTime<Utc>, p: &Player) -> bool {
    out_of_quiet(t, p) != t
}

/// A time as the player reads it.
pub(super) fn local_time(t: DateTime<Utc>, p: &Player) -> String {
    t.with_timezone(&zone(p))
        .format("%Y-%m-%d %H:%M %Z")
        .to_string()
}
