//! A game's clock settings: what its options say of deadlines, weekends,
//! timeouts and reminders, read and bounded, and when a deadline is next due.

use super::super::{parse_stamp, Result, ServiceError};
use crate::config::ClockDefaults;
use crate::engine::{Options, Text};
use crate::store::DeadlineRow;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

/// What happens when a decision's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Timeout {
    /// Remind only.
    Wait,
    /// The game's default decision (a pass where the rules allow one).
    Skip,
    /// A legal move chosen at random for the seat, announced as such.
    Bot,
    /// The seat leaves the game.
    Drop,
}

/// A game's clock settings (the `deadline`, `weekends`, `timeout` and
/// `reminders` options).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockSettings {
    /// Seconds per decision; 0 = no deadline.
    pub deadline: i64,
    /// True: Saturdays and Sundays (in the player's time zone) do not count.
    pub skip_weekends: bool,
    pub timeout: Timeout,
    /// Seconds before the deadline at which to remind, largest first.
    pub reminders: Vec<i64>,
}

/// The option keys the clock takes from a game's options.
pub const CLOCK_KEYS: [&str; 4] = ["deadline", "weekends", "timeout", "reminders"];

/// The longest deadline or reminder a game may have: a year. Longer only
/// stalls a game, and it keeps every date the clock computes well inside
/// the calendar it can store.
pub const MAX_DURATION_SECS: i64 = 366 * 86_400;

/// The most reminders one decision may have (each is a mail).
pub const MAX_REMINDERS: usize = 3;

/// Why a clock option's value cannot be used, in both languages (None when
/// it can): durations of at most a year, a short list of reminders, and the
/// words of `weekends` and `timeout`. The one check for mail and files alike.
pub fn clock_value_problem(key: &str, value: &str) -> Option<Text> {
    let duration = |v: &str| -> Option<Text> {
        match parse_duration(v) {
            Ok(n) if n <= MAX_DURATION_SECS => None,
            Ok(_) => Some(Text::new(
                format!("{key}={value}: at most a year (e.g. 72h, 3d, 2w, 366d)."),
                format!("{key}={value}: 최대 1년입니다 (예: 72h, 3d, 2w, 366d)."),
            )),
            Err(_) => Some(Text::new(
                format!("{key}={value}: write a duration like 72h, 3d or 90m."),
                format!("{key}={value}: 72h, 3d, 90m처럼 기간을 쓰세요."),
            )),
        }
    };
    match key {
        "deadline" => duration(value),
        "reminders" => {
            let items: Vec<&str> = value.split(',').filter(|s| !s.trim().is_empty()).collect();
            if items.len() > MAX_REMINDERS {
                return Some(Text::new(
                    format!("reminders={value}: at most {MAX_REMINDERS} reminders (e.g. reminders=24h,1h)."),
                    format!("reminders={value}: 알림은 최대 {MAX_REMINDERS}개입니다 (예: reminders=24h,1h)."),
                ));
            }
            items.into_iter().find_map(duration)
        }
        "weekends" => (!["on", "count", "yes", "off", "skip", "no"].contains(&value)).then(|| {
            Text::new(
                format!(
                    "weekends={value}: use on (weekends count) or off (weekends do not count)."
                ),
                format!("weekends={value}: on(주말 포함) 또는 off(주말 제외)를 쓰세요."),
            )
        }),
        "timeout" => (!["wait", "skip", "bot", "drop"].contains(&value)).then(|| {
            Text::new(
                format!("timeout={value}: use wait, skip, bot or drop."),
                format!("timeout={value}: wait, skip, bot, drop 중 하나를 쓰세요."),
            )
        }),
        _ => None,
    }
}

/// Reads `72h`, `3d`, `90m`, `45s`, `0`, `none`.
pub fn parse_duration(s: &str) -> std::result::Result<i64, String> {
    let s = s.trim().to_lowercase();
    if s == "none" || s == "off" || s == "0" {
        return Ok(0);
    }
    let (num, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: i64 = num
        .parse()
        .map_err(|_| format!("'{s}' is not a duration like 72h, 3d or 90m"))?;
    let mult = match unit {
        "s" => 1,
        "m" | "min" => 60,
        "h" | "" => 3600,
        "d" => 86_400,
        "w" => 604_800,
        _ => return Err(format!("'{s}' is not a duration like 72h, 3d or 90m")),
    };
    n.checked_mul(mult)
        .ok_or_else(|| format!("'{s}' is too long"))
}

impl ClockSettings {
    /// Separates the clock's options from the game's, with defaults from the config.
    pub fn split(
        all: &Options,
        defaults: &ClockDefaults,
    ) -> std::result::Result<(ClockSettings, Options), String> {
        let get = |k: &str, d: &str| all.get(k).unwrap_or(d).to_string();
        let reminders_default = defaults.reminders.join(",");
        for (key, default) in [
            ("deadline", defaults.deadline.as_str()),
            ("reminders", reminders_default.as_str()),
        ] {
            if let Some(why) = clock_value_problem(key, &get(key, default)) {
                return Err(why.en);
            }
        }
        let deadline = parse_duration(&get("deadline", &defaults.deadline))?;
        let skip_weekends = match get("weekends", &defaults.weekends).as_str() {
            "on" | "count" | "yes" => false,
            "off" | "skip" | "no" => true,
            v => {
                return Err(format!(
                    "weekends={v}: use on (weekends count) or off (weekends do not count)"
                ))
            }
        };
        let timeout = match get("timeout", &defaults.timeout).as_str() {
            "wait" => Timeout::Wait,
            "skip" => Timeout::Skip,
            "bot" => Timeout::Bot,
            "drop" => Timeout::Drop,
            v => return Err(format!("timeout={v}: use wait, skip, bot or drop")),
        };
        let reminders_text = all
            .get("reminders")
            .map(str::to_string)
            .unwrap_or_else(|| defaults.reminders.join(","));
        let mut reminders = reminders_text
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(parse_duration)
            .collect::<std::result::Result<Vec<_>, _>>()?;
        reminders.sort_unstable_by(|a, b| b.cmp(a));
        reminders.dedup();
        let rest = Options(
            all.0
                .iter()
                .filter(|(k, _)| !CLOCK_KEYS.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        );
        Ok((
            ClockSettings {
                deadline,
                skip_weekends,
                timeout,
                reminders,
            },
            rest,
        ))
    }
}

/// When the clock next has something to do for a deadline: the next
/// reminder not yet sent, or the deadline itself until it has been acted on;
/// None when all that is left is to wait for the player.
pub fn next_check(d: &DeadlineRow, s: &ClockSettings) -> Result<Option<DateTime<Utc>>> {
    let due = deadline_time(d, "due_at", &d.due_at)?;
    let started = deadline_time(d, "started_at", &d.started_at)?;
    let mut points: Vec<DateTime<Utc>> = s
        .reminders
        .iter()
        .filter_map(|&r| before(due, r))
        .filter(|&point| point > started)
        .collect();
    points.sort();
    let reminder = points
        .get(usize::try_from(d.reminders_sent).unwrap_or(0))
        .copied();
    let timeout = (d.late_sent == 0).then_some(due);
    Ok(reminder.into_iter().chain(timeout).min())
}

/// `secs` seconds before `t`, None outside the calendar (checked: a
/// stored setting is never trusted to be small).
pub(super) fn before(t: DateTime<Utc>, secs: i64) -> Option<DateTime<Utc>> {
    t.checked_sub_signed(Duration::try_seconds(secs)?)
}

/// One of a deadline's stored times, an error naming the game if unreadable.
pub(super) fn deadline_time(d: &DeadlineRow, what: &'static str, s: &str) -> Result<DateTime<Utc>> {
    parse_stamp(what, s).map_err(|e| ServiceError::BadTime(d.game_id, e))
}

/// A time the clock stored for itself under `key`, if any.
pub(super) fn meta_time(key: &'static str, s: Option<String>) -> Result<Option<DateTime<Utc>>> {
    s.map(|s| parse_stamp(key, &s))
        .transpose()
        .map_err(|e| ServiceError::BadStoredTime("the clock".into(), e))
}
