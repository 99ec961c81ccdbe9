//! The clock with a controlled time: deadlines in several zones and across a
//! daylight-saving change, weekends, quiet hours, vacations, each timeout
//! policy on a real game, restarts, digests, the operator's jobs and seat
//! replacement. Every time is given to the service; nothing sleeps.

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::config::Config;
use quipu::engine::Seat;
use quipu::service::clock::TickReport;
use quipu::service::{stamp, NewGameRequest, Service};
use quipu::store::OutboxRow;
use std::path::PathBuf;
use support::planted::{self, Checked};

const A: &str = "a@x.test";
const B: &str = "b@x.test";
const C: &str = "c@x.test";

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

/// A fresh database directory for one test.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("quipu-clock-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn config(dir: &std::path::Path) -> Config {
    Config {
        operator: Some("op@x.test".into()),
        ..planted::config(dir, "q5@example.test")
    }
}

fn service(name: &str) -> Checked {
    Checked(Service::open(config(&dir(name))).unwrap())
}

fn new_game(
    svc: &Service,
    game: &str,
    players: &[&str],
    options: &[&str],
    now: DateTime<Utc>,
) -> i64 {
    let req = NewGameRequest {
        game: game.into(),
        players: players.iter().map(|p| p.to_string()).collect(),
        seed: Some(3),
        options: options.iter().map(|o| o.to_string()).collect(),
        invited_by: None,
    };
    // These players asked for a mail at every move (`set notify every`):
    // the clock's mails are what is tested, each one seen.
    for p in players {
        if svc.store.find_player(p).unwrap().is_none() {
            set(svc, p, "notify every", now);
        }
    }
    svc.create_game(&req, now).unwrap()
}

fn set(svc: &Service, email: &str, setting: &str, now: DateTime<Utc>) {
    let t = svc.in_tx_setting(email, setting, now).unwrap();
    assert!(
        t.en.starts_with("Your ") && t.en.contains(" is now "),
        "{setting}: {}",
        t.en
    );
}

/// Ticks every 30 minutes after the last tick (or from `from`) up to `to` inclusive.
fn tick_until(
    svc: &Service,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<(DateTime<Utc>, TickReport)> {
    let mut t = svc
        .store
        .meta("last_tick")
        .unwrap()
        .map(|s| at(&s) + Duration::minutes(30))
        .unwrap_or(from);
    let mut out = Vec::new();
    while t < to {
        out.push((t, svc.tick(t).unwrap()));
        t += Duration::minutes(30);
    }
    out.push((to, svc.tick(to).unwrap()));
    out
}

fn outbox(svc: &Service) -> Vec<OutboxRow> {
    svc.store.outbox(None).unwrap()
}

/// Mail created at exactly `t`, as (recipient, kind).
fn mail_at(svc: &Service, t: DateTime<Utc>) -> Vec<(String, String)> {
    outbox(svc)
        .into_iter()
        .filter(|m| m.created_at == stamp(t))
        .map(|m| (m.recipient, m.kind.to_string()))
        .collect()
}

/// The plain-text part with its wrapped lines joined: the text keeps to 78
/// columns, and these tests read sentences, not lines.
fn text(m: &OutboxRow) -> String {
    let parsed = mail_parser::MessageParser::default()
        .parse(&m.raw)
        .expect("a mail");
    let body = parsed
        .body_text(0)
        .map(|t| t.to_string())
        .unwrap_or_default();
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn subject(m: &OutboxRow) -> String {
    let parsed = mail_parser::MessageParser::default()
        .parse(&m.raw)
        .expect("a mail");
    parsed.subject().unwrap_or_default().to_string()
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn due(svc: &Service, id: i64, seat: i64) -> String {
    svc.store
        .deadlines(Some(id))
        .unwrap()
        .into_iter()
        .find(|d| d.seat == seat)
        .map(|d| d.due_at)
        .unwrap_or_default()
}

/// Plays `email`'s whole turn with the game's default commands; returns them.
fn play_turn(svc: &Service, id: i64, email: &str, now: DateTime<Utc>) -> Vec<String> {
    let seat = svc.seat_of(id, email).unwrap();
    let mut table = svc.table(id).unwrap();
    let mut lines = Vec::new();
    while table.to_act().contains(&seat) && lines.len() < 60 {
        let cmd = table.default_command(seat).expect("a default command");
        table.play(seat, &cmd).unwrap();
        lines.push(cmd);
    }
    svc.store
        .in_transaction(|_| svc.play(id, email, &lines, "cli", now))
        .unwrap();
    lines
}

#[test]
fn a_deadline_across_the_end_of_summer_time_counts_real_hours_and_reads_in_local_time() {
    let svc = service("dst");
    let start = at("2026-10-24T10:00:00Z"); // Saturday 12:00 CEST; Berlin goes to CET on Sunday 03:00.
    for p in [A, B] {
        set(&svc, p, "timezone Europe/Berlin", start);
    }
    let id = new_game(&svc, "tikal", &[A, B], &["deadline=48h"], start);
    assert_eq!(
        svc.deadline_of(id).unwrap(),
        Some(at("2026-10-26T10:00:00Z"))
    );
    let reports = tick_until(&svc, start, at("2026-10-26T10:00:00Z"));
    let reminders: Vec<_> = reports
        .iter()
        .filter(|(_, r)| r.reminders > 0)
        .map(|(t, _)| stamp(*t))
        .collect();
    assert_eq!(
        reminders,
        vec!["2026-10-25T10:00:00Z", "2026-10-26T10:00:00Z"]
    );
    let first = outbox(&svc)
        .into_iter()
        .find(|m| m.created_at == "2026-10-25T10:00:00Z")
        .unwrap();
    assert_eq!(first.recipient, A);
    // 48 real hours: the deadline reads 11:00 CET although the game began at 12:00 CEST.
    assert!(
        text(&first).contains("Time left: 24 h (until 2026-10-26 11:00 CET)"),
        "{}",
        text(&first)
    );
    // At the deadline (policy wait) the other player hears that A is late, once.
    assert_eq!(
        mail_at(&svc, at("2026-10-26T10:00:00Z")),
        pairs(&[(A, "turn"), (B, "notice")])
    );
    tick_until(&svc, start, at("2026-10-27T10:00:00Z"));
    assert_eq!(
        outbox(&svc)
            .iter()
            .filter(|m| m.created_at > stamp(at("2026-10-26T10:00:00Z")))
            .count(),
        0
    );
}

#[test]
fn three_players_in_seoul_berlin_and_los_angeles_read_one_deadline_in_their_own_time() {
    let svc = service("zones");
    let start = at("2026-11-23T10:00:00Z");
    set(&svc, A, "timezone Asia/Seoul", start);
    set(&svc, B, "timezone Europe/Berlin", start);
    set(&svc, C, "timezone America/Los_Angeles", start);
    // Tzolk'in starts with every seat choosing its wealth tiles at once.
    let id = new_game(&svc, "tzolkin", &[A, B, C], &["deadline=72h"], start);
    for seat in 0..3 {
        assert_eq!(due(&svc, id, seat), "2026-11-26T10:00:00Z");
    }
    tick_until(&svc, start, at("2026-11-25T10:00:00Z"));
    let reminders: Vec<OutboxRow> = outbox(&svc)
        .into_iter()
        .filter(|m| m.created_at == "2026-11-25T10:00:00Z")
        .collect();
    let by = |who: &str| text(reminders.iter().find(|m| m.recipient == who).unwrap());
    assert_eq!(reminders.len(), 3);
    assert!(
        by(A).contains("Time left: 24 h (until 2026-11-26 19:00 KST)"),
        "{}",
        by(A)
    );
    assert!(
        by(B).contains("Time left: 24 h (until 2026-11-26 11:00 CET)"),
        "{}",
        by(B)
    );
    assert!(
        by(C).contains("Time left: 24 h (until 2026-11-26 02:00 PST)"),
        "{}",
        by(C)
    );
}

#[test]
fn weekends_are_excluded_in_each_players_own_zone() {
    let svc = service("weekends");
    // Saturday 12:00 UTC: Saturday evening in Seoul, Saturday morning in Los Angeles.
    let start = at("2026-11-28T12:00:00Z");
    set(&svc, A, "timezone Asia/Seoul", start);
    set(&svc, B, "timezone Europe/Berlin", start);
    set(&svc, C, "timezone America/Los_Angeles", start);
    let id = new_game(
        &svc,
        "tzolkin",
        &[A, B, C],
        &["deadline=24h", "weekends=off"],
        start,
    );
    // The count starts at each one's Monday 00:00 local.
    assert_eq!(due(&svc, id, 0), "2026-11-30T15:00:00Z");
    assert_eq!(due(&svc, id, 1), "2026-11-30T23:00:00Z");
    assert_eq!(due(&svc, id, 2), "2026-12-01T08:00:00Z");
    assert_eq!(
        svc.deadline_of(id).unwrap(),
        Some(at("2026-11-30T15:00:00Z"))
    );
    // Friday 12:00 UTC in Berlin (13:00 CET): 11 h of Friday, 13 h of Monday.
    let svc = service("weekends-friday");
    let friday = at("2026-11-27T12:00:00Z");
    set(&svc, A, "timezone Europe/Berlin", friday);
    let id = new_game(
        &svc,
        "tikal",
        &[A, B],
        &["deadline=24h", "weekends=off"],
        friday,
    );
    assert_eq!(due(&svc, id, 0), "2026-11-30T12:00:00Z");
}

#[test]
fn quiet_hours_move_a_deadline_to_their_end_and_hold_back_a_reminder() {
    let svc = service("quiet-deadline");
    let start = at("2026-11-23T10:00:00Z"); // 02:00 in Los Angeles
    set(&svc, A, "timezone America/Los_Angeles", start);
    set(&svc, A, "quiet 23:00-08:00", start);
    let id = new_game(&svc, "tikal", &[A, B], &["deadline=24h"], start);
    // Due at 02:00 PST, inside the quiet hours: moved to 08:00 PST.
    assert_eq!(due(&svc, id, 0), "2026-11-24T16:00:00Z");

    let svc = service("quiet-reminder");
    set(&svc, A, "timezone America/Los_Angeles", start);
    set(&svc, A, "quiet 23:00-08:00", start);
    let id = new_game(
        &svc,
        "tikal",
        &[A, B],
        &["deadline=36h", "reminders=10h"],
        start,
    );
    assert_eq!(due(&svc, id, 0), "2026-11-24T22:00:00Z"); // 14:00 PST
                                                          // The reminder point is 12:00 UTC = 04:00 PST, quiet: it waits for 08:00 PST.
    let reports = tick_until(&svc, start, at("2026-11-24T20:00:00Z"));
    let sent: Vec<String> = reports
        .iter()
        .filter(|(_, r)| r.reminders > 0)
        .map(|(t, _)| stamp(*t))
        .collect();
    assert_eq!(sent, vec!["2026-11-24T16:00:00Z"]);
    let m = outbox(&svc)
        .into_iter()
        .find(|m| m.created_at == "2026-11-24T16:00:00Z")
        .unwrap();
    assert_eq!((m.recipient.as_str(), m.kind.as_str()), (A, "turn"));
    assert!(
        text(&m).contains("Time left: 6 h (until 2026-11-24 14:00 PST)"),
        "{}",
        text(&m)
    );
    // Moving the quiet hours moves the open deadline: 14:00 PST is now quiet until 15:00.
    set(&svc, A, "quiet 13:00-15:00", at("2026-11-24T20:00:00Z"));
    assert_eq!(due(&svc, id, 0), "2026-11-24T23:00:00Z");
}

#[test]
fn a_vacation_stops_the_clock_tells_the_others_and_the_bank_runs_out() {
    let svc = service("vacation");
    let start = at("2026-12-18T00:00:00Z");
    let id = new_game(&svc, "tikal", &[A, B, C], &["deadline=72h"], start);
    assert_eq!(due(&svc, id, 0), "2026-12-21T00:00:00Z");
    let asked = at("2026-12-18T12:00:00Z");
    tick_until(&svc, start, asked);
    let t = svc
        .in_tx_vacation(A, "2026-12-20..2026-12-27", asked)
        .unwrap();
    assert_eq!(
        t.en,
        "Vacation set from 2026-12-20 to 2026-12-27 (8 days); 13 days left this year."
    );
    // 48 h before the vacation, 24 h after it.
    assert_eq!(due(&svc, id, 0), "2026-12-29T00:00:00Z");
    let told: Vec<OutboxRow> = outbox(&svc)
        .into_iter()
        .filter(|m| m.created_at == stamp(asked))
        .collect();
    assert_eq!(
        told.iter()
            .map(|m| (m.recipient.as_str(), m.kind.as_str()))
            .collect::<Vec<_>>(),
        vec![(B, "notice"), (C, "notice")]
    );
    assert!(
        text(&told[0])
            .contains("a@x.test is on vacation from 2026-12-20 to 2026-12-27; their clock stops."),
        "{}",
        text(&told[0])
    );
    // No reminder during the vacation; the first comes 24 h before the moved deadline.
    let reports = tick_until(&svc, asked, at("2026-12-29T00:00:00Z"));
    let sent: Vec<String> = reports
        .iter()
        .filter(|(_, r)| r.reminders + r.late_notices > 0)
        .map(|(t, _)| stamp(*t))
        .collect();
    assert_eq!(sent, vec!["2026-12-28T00:00:00Z", "2026-12-29T00:00:00Z"]);
    // The bank: 13 days left, 15 asked.
    let t = svc
        .in_tx_vacation(A, "2026-12-29..2027-01-12", at("2026-12-29T01:00:00Z"))
        .unwrap();
    assert_eq!(
        t.en,
        "That is 15 days, but only 13 of your 21 vacation days are left this year."
    );
    let p = svc.store.player(A, "2026-12-29T01:00:00Z").unwrap();
    assert_eq!(p.vacation_used, 8);
    assert_eq!(p.vacation_to.as_deref(), Some("2026-12-28T00:00:00Z"));
    // A new year fills the bank again.
    let t = svc
        .in_tx_vacation(A, "2027-01-02..2027-01-16", at("2027-01-01T10:00:00Z"))
        .unwrap();
    assert_eq!(
        t.en,
        "Vacation set from 2027-01-02 to 2027-01-16 (15 days); 6 days left this year."
    );
}

#[test]
fn coming_back_early_keeps_the_days_away_stopped_and_returns_the_rest_to_the_bank() {
    let svc = service("vacation-off");
    let start = at("2026-12-18T00:00:00Z");
    let id = new_game(&svc, "tikal", &[A, B, C], &["deadline=72h"], start);
    // Before any vacation, `off` tells nobody.
    svc.in_tx_vacation(A, "off", start + Duration::hours(1))
        .unwrap();
    assert_eq!(mail_at(&svc, start + Duration::hours(1)), vec![]);
    svc.in_tx_vacation(A, "2026-12-20..2026-12-27", start)
        .unwrap();
    let back = at("2026-12-22T00:00:00Z");
    let t = svc.in_tx_vacation(A, "off", back).unwrap();
    assert_eq!(t.en, "Your vacation is off; your clocks run again.");
    // 48 h before, the clock stopped 12-20..12-22, then 24 h more.
    assert_eq!(due(&svc, id, 0), "2026-12-23T00:00:00Z");
    let p = svc.store.player(A, "2026-12-22T00:00:00Z").unwrap();
    assert_eq!(p.vacation_used, 2);
    let told: Vec<(String, String)> = mail_at(&svc, back);
    assert_eq!(told, pairs(&[(B, "notice"), (C, "notice")]));
}

#[test]
fn a_new_vacation_replacing_one_under_way_returns_its_unbegun_days_and_keeps_the_days_away_stopped()
{
    let svc = service("vacation-replace");
    let start = at("2026-12-18T00:00:00Z");
    let id = new_game(&svc, "tikal", &[A, B, C], &["deadline=72h"], start);
    svc.in_tx_vacation(A, "2026-12-20..2026-12-27", at("2026-12-18T12:00:00Z"))
        .unwrap();
    assert_eq!(due(&svc, id, 0), "2026-12-29T00:00:00Z");
    // Two days into it, A shortens it to end on the 24th.
    let t = svc
        .in_tx_vacation(A, "2026-12-22..2026-12-24", at("2026-12-22T00:00:00Z"))
        .unwrap();
    // The old one cost 2 days taken; 6 not begun came back; the new one costs 3.
    assert_eq!(
        t.en,
        "Vacation set from 2026-12-22 to 2026-12-24 (3 days); 16 days left this year."
    );
    let p = svc.store.player(A, "2026-12-22T00:00:00Z").unwrap();
    assert_eq!(p.vacation_used, 5);
    // 48 h counted before the 20th, stopped 20th-25th, then the last 24 h.
    assert_eq!(due(&svc, id, 0), "2026-12-26T00:00:00Z");
    // A vacation over before today is refused; one begun before today starts now.
    let e = svc
        .in_tx_vacation(A, "2026-12-01..2026-12-05", at("2026-12-22T00:00:00Z"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("over already"), "{e}");
}

#[test]
fn the_clock_looks_at_a_deadline_only_when_a_reminder_or_the_deadline_is_due() {
    use quipu::service::clock::{next_check, ClockSettings, Timeout};
    use quipu::store::DeadlineRow;
    let settings = ClockSettings {
        deadline: 72 * 3600,
        reminders: vec![24 * 3600, 0],
        skip_weekends: false,
        timeout: Timeout::Wait,
    };
    let row = |reminders_sent, late_sent| DeadlineRow {
        game_id: 1,
        seat: 0,
        started_at: "2026-12-18T00:00:00Z".into(),
        due_at: "2026-12-21T00:00:00Z".into(),
        reminders_sent,
        late_sent,
        next_at: None,
    };
    assert_eq!(
        next_check(&row(0, 0), &settings).unwrap(),
        Some(at("2026-12-20T00:00:00Z"))
    );
    assert_eq!(
        next_check(&row(1, 0), &settings).unwrap(),
        Some(at("2026-12-21T00:00:00Z"))
    );
    assert_eq!(next_check(&row(2, 1), &settings).unwrap(), None);
    // A game with 10 open deadlines, none due: a tick reads none of them.
    let svc = service("next-check");
    let start = at("2026-12-18T00:00:00Z");
    for _ in 0..10 {
        new_game(&svc, "tikal", &[A, B, C], &["deadline=72h"], start);
    }
    svc.tick(start).unwrap();
    let due_rows = |t: &str| svc.store.deadlines_due(t).unwrap().len();
    assert_eq!(due_rows("2026-12-19T23:59:59Z"), 0);
    assert_eq!(due_rows("2026-12-20T00:00:00Z"), 10);
    let r = svc.tick(at("2026-12-20T00:00:00Z")).unwrap();
    assert_eq!(r.reminders, 10);
    assert_eq!(due_rows("2026-12-20T23:59:59Z"), 0);
    assert_eq!(due_rows("2026-12-21T00:00:00Z"), 10);
}

/// A Tikal game of three with the given policy; A must decide first. Returns
/// (service, game, A's legal commands before the deadline, A's default).
fn timed_out(name: &str, policy: &str) -> (Checked, i64, Vec<String>, Option<String>) {
    let svc = service(name);
    let start = at("2026-11-23T10:00:00Z");
    let id = new_game(
        &svc,
        "tikal",
        &[A, B, C],
        &["deadline=48h", &format!("timeout={policy}")],
        start,
    );
    assert_eq!(svc.to_act(id).unwrap(), vec![A.to_string()]);
    let legal = svc.legal(id, A).unwrap();
    let default = svc.table(id).unwrap().default_command(Seat(0));
    tick_until(&svc, start, at("2026-11-25T09:30:00Z"));
    (svc, id, legal, default)
}

const DUE: &str = "2026-11-25T10:00:00Z";

#[test]
fn timeout_wait_reminds_and_tells_the_others_once() {
    let (svc, id, _, _) = timed_out("wait", "wait");
    let moves = svc.store.move_count(id).unwrap();
    let r = svc.tick(at(DUE)).unwrap();
    assert_eq!((r.reminders, r.late_notices, r.timeouts), (1, 1, 0));
    assert_eq!(
        mail_at(&svc, at(DUE)),
        pairs(&[(A, "turn"), (B, "notice"), (C, "notice")])
    );
    let late = outbox(&svc)
        .into_iter()
        .find(|m| m.created_at == DUE && m.recipient == B)
        .unwrap();
    assert!(
        text(&late).contains("a@x.test has run out of time in game #1."),
        "{}",
        text(&late)
    );
    let reminder = outbox(&svc)
        .into_iter()
        .find(|m| m.created_at == DUE && m.recipient == A)
        .unwrap();
    assert!(
        text(&reminder).contains("Time left: 0 h (until 2026-11-25 10:00 UTC)"),
        "{}",
        text(&reminder)
    );
    // Nothing more: no second notice, no move, the deadline stays.
    tick_until(&svc, at(DUE), at("2026-11-27T10:00:00Z"));
    assert_eq!(
        outbox(&svc)
            .iter()
            .filter(|m| m.created_at.as_str() > DUE)
            .count(),
        0
    );
    assert_eq!(svc.store.move_count(id).unwrap(), moves);
    assert_eq!(svc.deadline_of(id).unwrap(), Some(at(DUE)));
    // Earlier: one reminder 24 h before, none at the start (the turn mail was just sent).
    let earlier: Vec<(String, String)> = mail_at(&svc, at("2026-11-24T10:00:00Z"));
    assert_eq!(earlier, pairs(&[(A, "turn")]));
}

fn check_clock_move(policy: &str) {
    let (svc, id, legal, default) = timed_out(policy, policy);
    let before = svc.store.move_count(id).unwrap();
    let r = svc.tick(at(DUE)).unwrap();
    assert_eq!((r.reminders, r.timeouts), (0, 1));
    // The clock completed A's turn: every command recorded as the policy's, the first legal then.
    let played: Vec<_> = svc
        .store
        .moves(id)
        .unwrap()
        .into_iter()
        .skip(before as usize)
        .collect();
    assert!(!played.is_empty());
    for m in &played {
        assert_eq!(
            (
                m.kind.as_str(),
                m.source.as_str(),
                m.email.as_deref(),
                m.seat
            ),
            ("move", policy, Some(A), Some(0))
        );
        assert_eq!(m.at, DUE);
    }
    assert!(
        legal.contains(&played[0].command),
        "{policy} played {} which was not legal",
        played[0].command
    );
    if policy == "skip" {
        assert_eq!(Some(played[0].command.clone()), default);
    }
    // B decides next with a fresh 48 h; everyone hears of it.
    assert_eq!(svc.to_act(id).unwrap(), vec![B.to_string()]);
    assert_eq!(due(&svc, id, 1), "2026-11-27T10:00:00Z");
    assert_eq!(due(&svc, id, 0), "");
    assert_eq!(
        mail_at(&svc, at(DUE)),
        pairs(&[
            (B, "notice"),
            (C, "notice"),
            (A, "update"),
            (B, "turn"),
            (C, "update")
        ])
    );
    let turn = outbox(&svc)
        .into_iter()
        .find(|m| m.created_at == DUE && m.recipient == B && m.kind == "turn")
        .unwrap();
    assert!(
        text(&turn).contains(&format!(
            "(that move of Red (seat 1, a@x.test) was made by the clock: {policy})"
        )),
        "{}",
        text(&turn)
    );
}

#[test]
fn timeout_skip_plays_the_games_default_decision_recorded_as_skip() {
    check_clock_move("skip");
}

#[test]
fn timeout_bot_plays_a_legal_move_recorded_as_bot() {
    check_clock_move("bot");
}

#[test]
fn timeout_drop_removes_the_seat_and_tikal_ends_with_the_standings() {
    let (svc, id, _, _) = timed_out("drop", "drop");
    let r = svc.tick(at(DUE)).unwrap();
    assert_eq!(r.timeouts, 1);
    let last = svc.store.moves(id).unwrap().pop().unwrap();
    assert_eq!(
        (
            last.kind.as_str(),
            last.source.as_str(),
            last.email.as_deref()
        ),
        ("drop", "clock", Some(A))
    );
    let g = svc.game(id).unwrap();
    assert_eq!(g.status, "finished");
    assert_eq!(svc.deadline_of(id).unwrap(), None);
    // Everyone hears the result, the player who was dropped too.
    assert_eq!(
        mail_at(&svc, at(DUE)),
        pairs(&[(A, "over"), (B, "over"), (C, "over")])
    );
    let over = outbox(&svc)
        .into_iter()
        .find(|m| m.created_at == DUE && m.recipient == B)
        .unwrap();
    assert!(
        text(&over).contains("The game ended when a player left."),
        "{}",
        text(&over)
    );
    let o = svc.outcome(id).unwrap().unwrap();
    assert_eq!(o.scores, vec![0.0, 1.0, 1.0]);
}

#[test]
fn deadlines_survive_a_restart_and_two_days_down_bring_one_summary_per_player() {
    let d = dir("restart");
    let start = at("2026-11-23T10:00:00Z");
    let id = {
        let svc = Checked(Service::open(config(&d)).unwrap());
        let id = new_game(
            &svc,
            "tikal",
            &[A, B, C],
            &["deadline=24h", "timeout=bot"],
            start,
        );
        tick_until(&svc, start, at("2026-11-23T12:00:00Z"));
        id
    };
    let svc = Checked(Service::open(config(&d)).unwrap());
    assert_eq!(
        svc.deadline_of(id).unwrap(),
        Some(at("2026-11-24T10:00:00Z"))
    );
    let before = outbox(&svc).len();
    // Back two days and two hours later: A's deadline passed meanwhile.
    let back = at("2026-11-25T14:00:00Z");
    let r = svc.tick(back).unwrap();
    assert_eq!((r.timeouts, r.summaries), (1, 3));
    let new: Vec<OutboxRow> = outbox(&svc).into_iter().skip(before).collect();
    // One summary each; B, whose turn it is now, also gets the board with its move links.
    assert_eq!(
        new.iter()
            .map(|m| (m.recipient.as_str(), m.kind.as_str()))
            .collect::<Vec<_>>(),
        vec![(A, "notice"), (B, "notice"), (B, "turn"), (C, "notice")]
    );
    assert!(new
        .iter()
        .filter(|m| m.kind == "notice")
        .all(|m| subject(m) == "[quipu] summary"));
    let turn = text(&new[2]);
    assert!(turn.contains("Your turn in game #1 of Tikal."), "{turn}");
    assert!(
        turn.contains("the summary mail says what happened meanwhile"),
        "{turn}"
    );
    assert!(String::from_utf8_lossy(&new[2].raw).contains("mailto:"));
    let to_b = text(&new[1]);
    assert!(to_b.contains("quipu was away for a while."), "{to_b}");
    assert!(
        to_b.contains("#1: a@x.test has run out of time in game #1."),
        "{to_b}"
    );
    assert!(
        to_b.contains("#1: (that move of Red (seat 1, a@x.test) was made by the clock: bot)"),
        "{to_b}"
    );
    assert_eq!(svc.store.moves(id).unwrap().pop().unwrap().source, "bot");
    // B's new deadline starts when the clock came back; the next ticks are ordinary.
    assert_eq!(due(&svc, id, 1), "2026-11-26T14:00:00Z");
    let r = svc.tick(at("2026-11-25T14:30:00Z")).unwrap();
    assert_eq!(r, TickReport::default());
}

#[test]
fn a_daily_digest_goes_out_at_the_players_local_hour_once_a_day() {
    let svc = service("digest");
    let start = at("2026-11-23T01:00:00Z"); // 10:00 in Seoul
    set(&svc, C, "timezone Asia/Seoul", start);
    set(&svc, C, "digest daily 19:00", start);
    let id = new_game(&svc, "tikal", &[A, B, C], &["deadline=none"], start);
    assert_eq!(mail_at(&svc, start), pairs(&[(A, "turn"), (B, "update")]));
    play_turn(&svc, id, A, at("2026-11-23T02:00:00Z"));
    // C is neither acting nor deciding: nothing now.
    assert!(outbox(&svc).iter().all(|m| m.recipient != C));
    let reports = tick_until(&svc, start, at("2026-11-24T12:00:00Z"));
    let sent: Vec<String> = reports
        .iter()
        .filter(|(_, r)| r.digests > 0)
        .map(|(t, _)| stamp(*t))
        .collect();
    // 19:00 KST = 10:00 UTC, and only the first day: nothing new came after.
    assert_eq!(sent, vec!["2026-11-23T10:00:00Z"]);
    let digest = outbox(&svc).into_iter().find(|m| m.recipient == C).unwrap();
    assert_eq!(
        (digest.kind.as_str(), subject(&digest).as_str()),
        ("notice", "[quipu] daily digest")
    );
    let body = text(&digest);
    assert!(
        body.contains("#1 Tikal: Game #1 of Tikal has started."),
        "{body}"
    );
    assert!(body.contains("#1 Tikal:"), "{body}");
    // B's turn makes C decide (a turn mail, never held); C's own move is
    // not mailed back to C (its next mail tells it); A's next turn goes
    // into the next day's digest, at 19:00 KST again.
    play_turn(&svc, id, B, at("2026-11-24T12:00:00Z"));
    play_turn(&svc, id, C, at("2026-11-24T13:00:00Z"));
    let a_again = play_turn(&svc, id, A, at("2026-11-24T14:00:00Z"));
    let reports = tick_until(&svc, start, at("2026-11-25T12:00:00Z"));
    let sent: Vec<String> = reports
        .iter()
        .filter(|(_, r)| r.digests > 0)
        .map(|(t, _)| stamp(*t))
        .collect();
    assert_eq!(sent, vec!["2026-11-25T10:00:00Z"]);
    let to_c: Vec<(String, String)> = outbox(&svc)
        .into_iter()
        .filter(|m| m.recipient == C)
        .map(|m| (m.created_at, m.kind.to_string()))
        .collect();
    assert_eq!(
        to_c,
        vec![
            ("2026-11-23T10:00:00Z".to_string(), "notice".to_string()),
            ("2026-11-24T12:00:00Z".to_string(), "turn".to_string()),
            ("2026-11-25T10:00:00Z".to_string(), "notice".to_string()),
        ]
    );
    let second = outbox(&svc)
        .into_iter()
        .rfind(|m| m.recipient == C)
        .unwrap();
    let body = text(&second);
    assert_eq!(a_again, vec!["place A2 r1", "end"]);
    assert_eq!(body.matches("#1 Tikal: ").count(), 4, "{body}");
    assert!(
        body.contains("#1 Tikal: red places X01 treasure (3 masks) at A2 turned r1."),
        "{body}"
    );
    assert!(body.contains("#1 Tikal: red ends the turn."), "{body}");
}

#[test]
fn the_digest_run_follows_the_operators_schedule_and_catches_the_hours_between() {
    // Digests are looked at only at 20:00 UTC: C's 19:00 (UTC) digest waits for it.
    let mut cfg = config(&dir("digest-schedule"));
    cfg.schedule.digest = "0 0 20 * * * *".into();
    let svc = Checked(Service::open(cfg).unwrap());
    let start = at("2026-11-23T01:00:00Z");
    set(&svc, C, "digest daily 19:00", start);
    new_game(&svc, "tikal", &[A, B, C], &["deadline=none"], start);
    let reports = tick_until(&svc, start, at("2026-11-24T12:00:00Z"));
    let sent: Vec<String> = reports
        .iter()
        .filter(|(_, r)| r.digests > 0)
        .map(|(t, _)| stamp(*t))
        .collect();
    assert_eq!(sent, vec!["2026-11-23T20:00:00Z"]);
}

#[test]
fn a_schedule_that_is_not_cron_is_refused_when_the_configuration_is_read() {
    let d = dir("bad-cron");
    let file = d.join("quipu.toml");
    std::fs::write(&file, "[schedule]\nhousekeeping = \"every night\"\n").unwrap();
    let e = Config::load(Some(&file)).unwrap_err().to_string();
    assert!(
        e.contains("[schedule] housekeeping = 'every night' is not a cron schedule"),
        "{e}"
    );
}

#[test]
fn the_operators_jobs_run_once_per_scheduled_time() {
    let svc = service("cron");
    let old = at("2026-10-01T00:00:00Z");
    new_game(&svc, "tikal", &[A, B], &["deadline=none"], old);
    let recent = at("2026-10-20T00:00:00Z");
    new_game(&svc, "tikal", &[A, C], &["deadline=none"], recent);
    for m in outbox(&svc) {
        svc.store.mark_sent(m.id, &m.created_at).unwrap();
    }
    assert_eq!(outbox(&svc).len(), 4);
    // Sunday 2026-11-01 00:00 to Tuesday 11-10 00:00: housekeeping at 03:30 each
    // day, the report on Mondays at 08:00, each once.
    let reports = tick_until(&svc, at("2026-11-01T00:00:00Z"), at("2026-11-10T00:00:00Z"));
    let ran = |job: &str| -> Vec<String> {
        reports
            .iter()
            .filter(|(_, r)| r.jobs.iter().any(|j| j == job))
            .map(|(t, _)| stamp(*t))
            .collect()
    };
    let housekeeping: Vec<String> = (1..=9)
        .map(|d| format!("2026-11-{d:02}T03:30:00Z"))
        .collect();
    assert_eq!(ran("housekeeping"), housekeeping);
    // The database is vacuumed after each housekeeping, without a complaint.
    assert!(reports
        .iter()
        .all(|(_, r)| r.jobs.iter().all(|j| !j.contains("failed"))));
    assert_eq!(
        ran("weekly_report"),
        vec!["2026-11-02T08:00:00Z", "2026-11-09T08:00:00Z"]
    );
    // Every sent mail's record stays. A body older than 30 days goes, but
    // not a seat's newest mail of a game going on: here every game mail.
    let left = outbox(&svc);
    assert_eq!(
        left.iter()
            .map(|m| (m.recipient.as_str(), m.kind.as_str(), m.created_at.as_str()))
            .collect::<Vec<_>>(),
        vec![
            (A, "turn", "2026-10-01T00:00:00Z"),
            (B, "update", "2026-10-01T00:00:00Z"),
            (A, "turn", "2026-10-20T00:00:00Z"),
            (C, "update", "2026-10-20T00:00:00Z"),
            ("op@x.test", "notice", "2026-11-02T08:00:00Z"),
            ("op@x.test", "notice", "2026-11-09T08:00:00Z"),
        ]
    );
    assert!(left.iter().all(|m| m.body_pruned_at.is_none()));
    assert!(text(&left[4]).contains("Weekly report: 2 games (2 active, 0 finished), 3 players, 0 mails waiting in the outbox."), "{}", text(&left[4]));
    // The first report is still unsent a week later; the operator is not counted as a player.
    assert!(text(&left[5]).contains("Weekly report: 2 games (2 active, 0 finished), 3 players, 1 mails waiting in the outbox."), "{}", text(&left[5]));
    // The report sent on November 2 loses its body with the housekeeping
    // of December 3, and nothing else does; unsent mail keeps its body.
    for m in outbox(&svc).iter().filter(|m| m.sent_at.is_none()) {
        svc.store.mark_sent(m.id, &m.created_at).unwrap();
    }
    tick_until(&svc, at("2026-11-10T00:00:00Z"), at("2026-12-03T03:00:00Z"));
    assert!(outbox(&svc).iter().all(|m| m.body_pruned_at.is_none()));
    tick_until(&svc, at("2026-12-03T03:00:00Z"), at("2026-12-03T04:00:00Z"));
    let pruned: Vec<(String, String)> = outbox(&svc)
        .into_iter()
        .filter(|m| m.body_pruned_at.is_some() && m.raw.is_empty())
        .map(|m| (m.recipient, m.created_at))
        .collect();
    assert_eq!(pruned, pairs(&[("op@x.test", "2026-11-02T08:00:00Z")]));
    assert_eq!(outbox(&svc).len(), 4 + 5, "four game mails, five reports");
}

/// A reply by mail from `from` to the reply address of game `id`, as a mail client sends it.
fn reply(svc: &Service, id: i64, from: &str, body: &str, n: u32, now: DateTime<Utc>) -> String {
    let to = format!("q5+{}@example.test", svc.reply_token(id, from));
    let raw = format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: [quipu #{id}]\r\nMessage-ID: <r{n}.{id}@x.test>\r\nDate: Mon, 23 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    );
    let outcome = svc.handle_mail(raw.as_bytes(), now).unwrap();
    format!("{outcome:?}")
}

const N: &str = "n@x.test";

#[test]
fn a_seat_offered_to_a_newcomer_changes_hands_when_they_join_with_its_history_and_a_fresh_deadline()
{
    let svc = service("replace");
    let start = at("2026-11-23T10:00:00Z");
    let id = new_game(&svc, "tikal", &[A, B, C], &["deadline=48h"], start);
    play_turn(&svc, id, A, at("2026-11-23T11:00:00Z"));
    assert_eq!(due(&svc, id, 1), "2026-11-25T11:00:00Z");
    let offered = at("2026-11-24T09:00:00Z");
    assert_eq!(svc.offer_seat(id, B, N, offered).unwrap(), 1);
    // The invitation, and nothing changes until the newcomer answers.
    assert_eq!(mail_at(&svc, offered), pairs(&[(N, "notice")]));
    let invitation = outbox(&svc).into_iter().find(|m| m.recipient == N).unwrap();
    let body = text(&invitation);
    assert!(
        body.contains(
            "You are offered seat 2 in game #1 of Tikal, with a@x.test, b@x.test, c@x.test."
        ),
        "{body}"
    );
    assert!(body.contains("Reply 'join' to take the seat"), "{body}");
    assert_eq!(svc.to_act(id).unwrap(), vec![B.to_string()]);
    // A second offer of a seat someone holds is refused; one to a seated player too.
    assert!(svc.offer_seat(id, B, C, offered).is_err());
    let now = at("2026-11-24T11:00:00Z");
    reply(&svc, id, N, "join", 1, now);
    assert_eq!(svc.to_act(id).unwrap(), vec![N.to_string()]);
    assert_eq!(due(&svc, id, 1), "2026-11-26T11:00:00Z");
    assert_eq!(
        mail_at(&svc, now),
        pairs(&[(B, "notice"), (N, "turn"), (N, "answer")])
    );
    let turn = outbox(&svc)
        .into_iter()
        .find(|m| m.recipient == N && m.kind == "turn")
        .unwrap();
    let body = text(&turn);
    assert!(body.contains("You take over a seat in game #1."), "{body}");
    assert!(
        body.contains(
            "Game #1 of Tikal has started. Seats in order: Red (seat 1, a@x.test), Blue (seat 2, b@x.test), Green (seat 3, c@x.test)."
        ),
        "{body}"
    );
    assert!(
        body.contains("n@x.test takes over the seat of b@x.test."),
        "{body}"
    );
    let to_b = outbox(&svc)
        .into_iter()
        .find(|m| m.recipient == B && m.created_at == stamp(now))
        .unwrap();
    assert!(text(&to_b).contains("n@x.test now holds your seat in game #1."));
    assert_eq!(
        svc.emails(id).unwrap(),
        vec![A.to_string(), N.to_string(), C.to_string()]
    );
    // The old player's reply address no longer plays for the seat.
    let before = svc.store.move_count(id).unwrap();
    let r = reply(&svc, id, B, "pass", 2, now);
    assert!(r.contains("rejected"), "{r}");
    assert_eq!(svc.store.move_count(id).unwrap(), before);
}

#[test]
fn a_declined_offer_leaves_the_seat_and_tells_the_operator() {
    let svc = service("decline-offer");
    let start = at("2026-11-23T10:00:00Z");
    let id = new_game(&svc, "tikal", &[A, B, C], &["deadline=48h"], start);
    svc.offer_seat(id, A, N, start).unwrap();
    let now = at("2026-11-23T12:00:00Z");
    reply(&svc, id, N, "decline", 1, now);
    assert_eq!(
        mail_at(&svc, now),
        pairs(&[("op@x.test", "notice"), (N, "answer")])
    );
    assert_eq!(svc.to_act(id).unwrap(), vec![A.to_string()]);
    assert_eq!(
        svc.emails(id).unwrap(),
        vec![A.to_string(), B.to_string(), C.to_string()]
    );
    // Asked again later, the newcomer may still say yes.
    svc.offer_seat(id, A, N, now).unwrap();
    reply(&svc, id, N, "join", 2, now);
    assert_eq!(svc.to_act(id).unwrap(), vec![N.to_string()]);
    // A, who left the seat, may take it back, and hears the whole story again.
    let back = at("2026-11-23T13:00:00Z");
    svc.offer_seat(id, N, A, back).unwrap();
    reply(&svc, id, A, "join", 3, back);
    assert_eq!(svc.to_act(id).unwrap(), vec![A.to_string()]);
    let turn = outbox(&svc)
        .into_iter()
        .find(|m| m.recipient == A && m.created_at == stamp(back) && m.kind == "turn")
        .unwrap();
    assert!(
        text(&turn).contains("Game #1 of Tikal has started."),
        "{}",
        text(&turn)
    );
}

#[test]
fn a_seat_dropped_by_the_clock_goes_on_by_default_and_is_handed_to_a_newcomer_in_tawantinsuyu() {
    let d = dir("drop-hand-on");
    let svc = Checked(Service::open(config(&d)).unwrap());
    let start = at("2026-11-23T10:00:00Z");
    let id = new_game(
        &svc,
        "tawantinsuyu",
        &[A, B, C],
        &["deadline=24h", "timeout=drop"],
        start,
    );
    // Setup decisions are simultaneous; A never answers and is dropped at the deadline.
    for who in [B, C] {
        play_turn(&svc, id, who, at("2026-11-23T11:00:00Z"));
    }
    let dropped_at = at("2026-11-24T10:30:00Z");
    tick_until(&svc, start, dropped_at);
    let g = svc.game(id).unwrap();
    assert_eq!(g.status, "active");
    let last = svc.store.moves(id).unwrap().pop().unwrap();
    assert_eq!(
        (last.kind.as_str(), last.email.as_deref()),
        ("drop", Some(A))
    );
    let to_op = outbox(&svc)
        .into_iter()
        .find(|m| m.recipient == "op@x.test")
        .unwrap();
    assert!(
        text(&to_op).contains("quipu seat 1 --replace a@x.test --with NEW-ADDRESS"),
        "{}",
        text(&to_op)
    );
    // The game goes on: A's decisions are taken by default, never asked.
    let mut t = dropped_at;
    for _ in 0..6 {
        t += Duration::hours(1);
        let who = svc.to_act(id).unwrap();
        assert!(!who.contains(&A.to_string()), "{who:?}");
        for w in who {
            play_turn(&svc, id, &w, t);
        }
    }
    // Tikal cannot give a seat back, Tawantinsuyu can: the operator offers it.
    let offered = t + Duration::hours(1);
    svc.offer_seat(id, A, N, offered).unwrap();
    let joined = offered + Duration::hours(2);
    reply(&svc, id, N, "join", 1, joined);
    let back = svc.store.moves(id).unwrap();
    let kinds: Vec<&str> = back.iter().rev().take(2).map(|m| m.kind.as_str()).collect();
    assert_eq!(kinds, vec!["note", "return"]);
    assert_eq!(
        svc.emails(id).unwrap(),
        vec![N.to_string(), B.to_string(), C.to_string()]
    );
    let update = outbox(&svc)
        .into_iter()
        .find(|m| m.recipient == N && m.created_at == stamp(joined) && m.kind != "answer")
        .unwrap();
    let body = text(&update);
    assert!(
        body.contains("Player 1 (a@x.test) left the game."),
        "{body}"
    );
    assert!(body.contains("Game #1 of Tawantinsuyu"), "{body}");
    // From now on the newcomer's seat is asked: play on until it must decide.
    let mut asked = false;
    let mut t = joined;
    for _ in 0..40 {
        t += Duration::hours(1);
        let who = svc.to_act(id).unwrap();
        if who.contains(&N.to_string()) {
            asked = true;
            break;
        }
        for w in who {
            play_turn(&svc, id, &w, t);
        }
    }
    assert!(asked, "the newcomer's seat is never asked");
    assert!(svc.deadline_of(id).unwrap().is_some());
    // The history with its drop and return replays to the same table in a fresh process.
    let again = Checked(Service::open(config(&d)).unwrap());
    assert_eq!(
        again.table(id).unwrap().to_act(),
        svc.table(id).unwrap().to_act()
    );
    assert_eq!(
        format!("{:?}", again.table(id).unwrap().view(None)),
        format!("{:?}", svc.table(id).unwrap().view(None))
    );
}

#[test]
fn a_seat_of_a_game_that_ended_when_it_was_dropped_cannot_be_offered() {
    let (svc, id, _, _) = timed_out("drop-ended", "drop");
    svc.tick(at(DUE)).unwrap();
    assert_eq!(svc.game(id).unwrap().status, "finished");
    let e = svc.offer_seat(id, A, N, at(DUE)).unwrap_err().to_string();
    assert!(
        e.contains("only a game in play has seats to hand on"),
        "{e}"
    );
}

#[test]
fn timeout_skip_where_the_game_has_no_default_waits_and_says_so() {
    let svc = service("skip-none");
    let start = at("2026-11-23T10:00:00Z");
    let id = new_game(
        &svc,
        "tzolkin",
        &[A, B],
        &["deadline=48h", "timeout=skip"],
        start,
    );
    // Both keep their wealth tiles (a default exists there), then the first player must place or pick up workers: no pass in Tzolk'in.
    for (who, seat) in [(A, 0), (B, 1)] {
        let keep = svc.table(id).unwrap().default_command(Seat(seat)).unwrap();
        assert!(keep.starts_with("keep "), "{keep}");
        svc.store
            .in_transaction(|_| svc.play(id, who, std::slice::from_ref(&keep), "cli", start))
            .unwrap();
    }
    assert_eq!(svc.to_act(id).unwrap(), vec![B.to_string()]); // the seed makes B first player
    assert_eq!(svc.table(id).unwrap().default_command(Seat(1)), None);
    let moves = svc.store.move_count(id).unwrap();
    tick_until(&svc, start, at(DUE));
    assert_eq!(mail_at(&svc, at(DUE)), pairs(&[(A, "notice"), (B, "turn")]));
    let to_b = outbox(&svc)
        .into_iter()
        .find(|m| m.created_at == DUE && m.recipient == B)
        .unwrap();
    assert!(
        text(&to_b).contains("Your time in game #1 has run out. The game has no default move for this decision, so it waits for yours."),
        "{}",
        text(&to_b)
    );
    // Told once; nothing is played; the deadline stays until B decides.
    tick_until(&svc, start, at("2026-11-28T10:00:00Z"));
    assert_eq!(
        outbox(&svc)
            .iter()
            .filter(|m| m.created_at.as_str() > DUE)
            .count(),
        0
    );
    assert_eq!(svc.store.move_count(id).unwrap(), moves);
    assert_eq!(svc.deadline_of(id).unwrap(), Some(at(DUE)));
}

/// The `quipu` command against a database in `dir`.
fn quipu(dir: &std::path::Path, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quipu"))
        .env_remove("QUIPU_CONFIG")
        .env("QUIPU_DB", dir.join("quipu.db"))
        .env("QUIPU_ADDRESS", "q5@example.test")
        .env("QUIPU_SECRET", planted::SECRET)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "quipu {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn the_cli_shows_the_deadline_ticks_at_a_given_time_and_replaces_a_seat() {
    let d = dir("cli");
    let id = quipu(
        &d,
        &[
            "new",
            "tikal",
            "--players",
            "a@x.test,b@x.test,c@x.test",
            "--seed",
            "3",
            "--option",
            "deadline=48h",
        ],
    );
    let id = id.trim();
    let show: serde_json::Value =
        serde_json::from_str(&quipu(&d, &["show", id, "--json"])).unwrap();
    let svc = Checked(Service::open(config(&d)).unwrap());
    let started = at(&svc.store.deadlines(Some(1)).unwrap()[0].started_at);
    assert_eq!(
        show["deadline"],
        serde_json::json!(stamp(started + Duration::hours(48)))
    );
    // The reminder 24 h before, as `tick --at` reports it.
    let at_reminder = stamp(started + Duration::hours(24));
    let report: serde_json::Value =
        serde_json::from_str(&quipu(&d, &["tick", "--at", &at_reminder])).unwrap();
    assert_eq!(report["reminders"], serde_json::json!(1));
    assert_eq!(report["late_notices"], serde_json::json!(0));
    assert_eq!(
        mail_at(&svc, started + Duration::hours(24)),
        pairs(&[(A, "turn")])
    );
    // The same time again does nothing more.
    let report: serde_json::Value =
        serde_json::from_str(&quipu(&d, &["tick", "--at", &at_reminder])).unwrap();
    assert_eq!(report["reminders"], serde_json::json!(0));
    // Offered by default: the newcomer is invited and answers by mail.
    let out = quipu(
        &d,
        &["seat", id, "--replace", "a@x.test", "--with", "m@x.test"],
    );
    assert_eq!(
        out.trim(),
        "seat 1 of game 1 (held by a@x.test) is offered to m@x.test, who answers 'join' or 'decline' by mail"
    );
    // With --at-once a newcomer takes A's seat: a turn mail with the seat's history, and a fresh 48 h.
    let out = quipu(
        &d,
        &[
            "seat",
            id,
            "--replace",
            "a@x.test",
            "--with",
            "n@x.test",
            "--at-once",
        ],
    );
    assert_eq!(
        out.trim(),
        "n@x.test now holds the seat of a@x.test in game 1"
    );
    let show: serde_json::Value =
        serde_json::from_str(&quipu(&d, &["show", id, "--json"])).unwrap();
    assert_eq!(show["to_act"], serde_json::json!(["n@x.test"]));
    let fresh = at(&svc.store.deadlines(Some(1)).unwrap()[0].started_at);
    assert!(fresh >= started); // the replacement's own time (the CLI runs on the wall clock)
    assert_eq!(
        show["deadline"],
        serde_json::json!(stamp(fresh + Duration::hours(48)))
    );
    let mails: serde_json::Value = serde_json::from_str(&quipu(&d, &["outbox", "--json"])).unwrap();
    let to_new: Vec<&serde_json::Value> = mails
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == "n@x.test")
        .collect();
    assert_eq!(to_new.len(), 1);
    assert_eq!(to_new[0]["kind"], "turn");
    let m = outbox(&svc)
        .into_iter()
        .find(|m| m.recipient == "n@x.test")
        .unwrap();
    assert!(
        text(&m).contains("n@x.test takes over the seat of a@x.test."),
        "{}",
        text(&m)
    );
}

/// Overwrites one stored value in the service's real SQLite file, as a
/// damaged disk or a careless hand edit would.
fn corrupt(name: &str, sql: &str, id: i64) {
    let db =
        config(&std::env::temp_dir().join(format!("quipu-clock-{}-{name}", std::process::id()))).db;
    let conn = rusqlite::Connection::open(db).unwrap();
    let n = conn.execute(sql, rusqlite::params![id]).unwrap();
    assert!(n > 0, "{sql} changed nothing");
}

#[test]
fn an_unreadable_stored_time_is_an_error_naming_the_game_not_the_1970_epoch() {
    let svc = service("badtime");
    let start = at("2026-11-23T10:00:00Z");
    let id = new_game(&svc, "tikal", &[A, B], &["deadline=48h"], start);
    assert_eq!(
        svc.deadline_of(id).unwrap(),
        Some(at("2026-11-25T10:00:00Z"))
    );
    corrupt(
        "badtime",
        "UPDATE deadlines SET due_at = 'next tuesday', next_at = '2026-11-23T10:30:00Z' WHERE game_id = ?1",
        id,
    );
    let err = svc
        .deadline_of(id)
        .expect_err("a corrupt due time is refused");
    let msg = err.to_string();
    assert!(msg.starts_with(&format!("game {id}:")), "{msg}");
    assert!(
        msg.contains("due_at") && msg.contains("next tuesday"),
        "{msg}"
    );
    // The clock does not act on the deadline as if it had passed in 1970:
    // it stops, and sends nothing.
    let mails = outbox(&svc).len();
    let err = svc
        .tick(at("2026-11-23T11:00:00Z"))
        .expect_err("the clock stops at the corrupt deadline");
    assert!(err.to_string().contains(&format!("game {id}:")), "{err}");
    assert_eq!(outbox(&svc).len(), mails);
}

#[test]
fn an_unreadable_clock_stamp_is_an_error_not_a_catch_up_from_1970() {
    let svc = service("badtick");
    let start = at("2026-11-23T10:00:00Z");
    new_game(&svc, "tikal", &[A, B], &["deadline=48h"], start);
    svc.tick(start).unwrap();
    corrupt(
        "badtick",
        "UPDATE meta SET value = '23/11/2026' WHERE key = 'last_tick' AND ?1 = ?1",
        0,
    );
    let err = svc
        .tick(start + Duration::minutes(30))
        .expect_err("a corrupt last tick is refused");
    let msg = err.to_string();
    assert!(
        msg.contains("last_tick") && msg.contains("23/11/2026"),
        "{msg}"
    );
}

/// A player's stored time zone that names no zone is an error naming the
/// value, never a clock that quietly runs on UTC for that player.
#[test]
fn an_unknown_stored_time_zone_is_an_error_not_utc() {
    let svc = service("badzone");
    let start = at("2026-11-23T10:00:00Z");
    set(&svc, A, "timezone Asia/Seoul", start);
    let p = svc.store.player(A, "2026-11-23T10:00:00Z").unwrap();
    assert_eq!(p.timezone, chrono_tz::Tz::Asia__Seoul);
    corrupt(
        "badzone",
        "UPDATE players SET timezone = 'Mars/Olympus' WHERE ?1 = ?1",
        0,
    );
    let err = svc
        .store
        .player(A, "2026-11-23T10:00:00Z")
        .unwrap_err()
        .to_string();
    assert!(err.contains("Mars/Olympus"), "{err}");
}

/// Through the Ages' full game: a seat attacked out of turn has its own
/// deadline, and when it passes the clock plays that seat's default, no
/// defence, recorded as the clock's; the attacker then goes on, the attack
/// resolved.
#[test]
fn a_defender_who_runs_out_of_time_defends_with_nothing_and_the_attacker_goes_on() {
    let svc = service("tta-defence");
    let start = at("2026-11-23T10:00:00Z");
    let options = ["mode=full", "resign=off", "deadline=48h", "timeout=skip"];
    let id = new_game(&svc, "tta", &[A, B], &options, start);
    let mut defender = None;
    for step in 0..3000usize {
        let to_act = svc.to_act(id).unwrap();
        let Some(who) = to_act.first() else { break };
        let legal = svc.legal(id, who).unwrap();
        if legal.iter().any(|m| m.starts_with("defend ")) {
            defender = Some(who.clone());
            break;
        }
        let pick = legal
            .iter()
            .find(|m| m.starts_with("attack "))
            .or_else(|| legal.get(step.wrapping_mul(7919) % legal.len().max(1)))
            .cloned()
            .unwrap();
        svc.store
            .in_transaction(|_| svc.play(id, who, std::slice::from_ref(&pick), "cli", start))
            .unwrap();
    }
    let defender = defender.expect("a seat was asked to defend");
    let (d_seat, attacker) = if defender == A { (0, B) } else { (1, A) };
    assert_eq!(due(&svc, id, d_seat), DUE);
    let before = svc.store.move_count(id).unwrap();
    tick_until(&svc, start, at(DUE));
    let played: Vec<_> = svc
        .store
        .moves(id)
        .unwrap()
        .into_iter()
        .skip(before as usize)
        .collect();
    assert_eq!(played.len(), 1, "one decision made by the clock");
    let m = &played[0];
    assert_eq!(
        (
            m.command.as_str(),
            m.source.as_str(),
            m.email.as_deref(),
            m.seat
        ),
        (
            "defend none",
            "skip",
            Some(defender.as_str()),
            Some(d_seat as usize)
        )
    );
    assert_eq!(svc.to_act(id).unwrap(), vec![attacker.to_string()]);
    assert!(svc.legal(id, &defender).unwrap().is_empty());
}
