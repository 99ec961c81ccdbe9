//! The lobby's rules (`quipu::lobby`, no I/O): reading `open` and `queue`
//! with refusals that say what would be right in both languages, the limit
//! of three, the 10-day close and the 48-hour bot fill, automatch (widening
//! after a day, oldest first, one pace), the seat draw, and who sees whose
//! address.

use chrono::{DateTime, Duration, Utc};
use quipu::lobby::{
    check_commitments, find_match, game_is_rated, ontime_allows, parse_open, parse_queue,
    seat_order, shown, table_due, Arrival, Refusal, SeatRange, Shown, TableDue, TableSeat, Waiting,
};
use quipu::store::{TableFill, TableLanguage};

fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

fn t0() -> DateTime<Utc> {
    "2026-12-01T09:00:00Z".parse().unwrap()
}

#[test]
fn an_open_request_with_every_choice_is_read() {
    let r = parse_open(&words(
        "Tikal 2-4 auction=on pace=3d unrated lang=ko fill=bot ontime=90%",
    ))
    .unwrap();
    assert_eq!(r.game, "tikal");
    assert_eq!(r.seats, SeatRange { min: 2, max: 4 });
    assert_eq!(r.options.get("auction"), Some("on"));
    assert_eq!(r.pace_hours, 72);
    assert!(!r.rated);
    assert_eq!(r.lang, TableLanguage::Korean);
    assert_eq!(r.fill, TableFill::Bot);
    assert_eq!(r.min_ontime, Some(90));

    let plain = parse_open(&words("tzolkin 3")).unwrap();
    assert_eq!(
        (
            plain.pace_hours,
            plain.rated,
            plain.lang,
            plain.fill,
            plain.min_ontime
        ),
        (48, true, TableLanguage::Any, TableFill::People, None)
    );
    assert!(plain.options.0.is_empty());
}

#[test]
fn bad_open_requests_are_refused_with_what_would_be_right() {
    let refuse = |s: &str| parse_open(&words(s)).unwrap_err();
    assert_eq!(refuse(""), Refusal::NoGame);
    let unknown = refuse("chess 2");
    assert_eq!(unknown, Refusal::UnknownGame("chess".into()));
    let t = unknown.text();
    assert!(
        t.en.contains("tzolkin, tikal, tawantinsuyu, cuzco, tta"),
        "{}",
        t.en
    );
    assert!(
        t.ko.contains("게임은 없습니다") && t.ko.contains("tikal"),
        "{}",
        t.ko
    );

    let outside = refuse("tzolkin 5");
    assert_eq!(
        outside,
        Refusal::SeatsOutside {
            game: "tzolkin".into(),
            asked: "5".into(),
            min: 2,
            max: 4
        }
    );
    assert!(outside.text().en.contains("2 to 4 players, not 5"));
    assert!(outside.text().ko.contains("2~4명"));
    // A lobby is for two or more, even for a game with a solo mode.
    assert!(matches!(
        refuse("tawantinsuyu 1"),
        Refusal::SeatsOutside { min: 2, .. }
    ));
    assert_eq!(refuse("tikal 4-2"), Refusal::BadSeats("4-2".into()));
    assert_eq!(refuse("tikal three"), Refusal::BadSeats("three".into()));
    assert_eq!(
        refuse("tikal"),
        Refusal::NoSeats {
            game: "tikal".into()
        }
    );

    let option = refuse("tikal 3 colour=red");
    assert!(
        matches!(&option, Refusal::UnknownOption { key, known } if key == "colour" && known.contains(&"auction".to_string()))
    );
    assert!(option.text().en.contains("auction"));
    let value = refuse("tikal 3 auction=maybe");
    assert!(
        value.text().en.contains("one of off, on"),
        "{}",
        value.text().en
    );
    // Options naming files are the operator's, never a mail's.
    assert!(matches!(
        refuse("cuzco 3 board=/etc/passwd"),
        Refusal::BadOptionValue { .. }
    ));
    // Mini-Tikal is for two: a table of 3 with it cannot start.
    assert!(matches!(
        refuse("tikal 2-3 mini=on"),
        Refusal::OptionsNeedOtherSeats { count: 3, .. }
    ));
    assert!(parse_open(&words("tikal 2 mini=on")).is_ok());

    assert_eq!(refuse("tikal 3 pace=1h"), Refusal::BadPace("1h".into()));
    assert_eq!(refuse("tikal 3 pace=30d"), Refusal::BadPace("30d".into()));
    assert_eq!(refuse("tikal 3 lang=fr"), Refusal::BadLanguage("fr".into()));
    assert_eq!(
        refuse("tikal 3 fill=human"),
        Refusal::BadFill("human".into())
    );
    assert_eq!(
        refuse("tikal 3 ontime=120"),
        Refusal::BadOntime("120".into())
    );
    assert_eq!(
        refuse("tikal 3 rated unrated"),
        Refusal::Twice("rated".into())
    );
    assert_eq!(refuse("tikal 3 please"), Refusal::Unread("please".into()));
    let long = format!("tikal 3 {}", "rated ".repeat(30));
    assert_eq!(refuse(&long), Refusal::TooManyWords);
    for r in [
        refuse("tikal 3 pace=1h"),
        refuse("tikal 3 lang=fr"),
        refuse("tikal 3 please"),
    ] {
        assert!(!r.text().en.is_empty() && r.text().ko.chars().any(|c| ('가'..='힣').contains(&c)));
    }
}

#[test]
fn a_queue_request_takes_a_game_seats_and_pace_only() {
    let q = parse_queue(&words("tzolkin 2-3 pace=24h")).unwrap();
    assert_eq!(
        (q.game.as_str(), q.seats, q.pace_hours),
        ("tzolkin", SeatRange { min: 2, max: 3 }, 24)
    );
    assert_eq!(parse_queue(&words("tzolkin 2")).unwrap().pace_hours, 48);
    assert_eq!(
        parse_queue(&words("tzolkin 2 rated")).unwrap_err(),
        Refusal::NotForQueue("rated".into())
    );
    assert!(matches!(
        parse_queue(&words("tzolkin 9")).unwrap_err(),
        Refusal::SeatsOutside { .. }
    ));
}

#[test]
fn three_tables_and_entries_at_most() {
    assert!(check_commitments(0).is_ok());
    assert!(check_commitments(2).is_ok());
    let refused = check_commitments(3).unwrap_err();
    assert_eq!(refused, Refusal::TooMany { have: 3, max: 3 });
    assert!(refused.text().en.contains("leave queue"));
}

#[test]
fn a_table_closes_on_day_ten_and_bots_fill_after_48_hours() {
    let range = SeatRange { min: 3, max: 4 };
    let at = |h: i64| t0() + Duration::hours(h);
    assert_eq!(
        table_due(t0(), at(1), 4, range, TableFill::People),
        TableDue::Start
    );
    assert_eq!(
        table_due(t0(), at(239), 2, range, TableFill::People),
        TableDue::Wait
    );
    assert_eq!(
        table_due(t0(), at(240), 2, range, TableFill::People),
        TableDue::Close
    );
    assert_eq!(
        table_due(t0(), at(47), 1, range, TableFill::Bot),
        TableDue::Wait
    );
    assert_eq!(
        table_due(t0(), at(48), 1, range, TableFill::Bot),
        TableDue::FillWithBots { bots: 2 }
    );
    assert_eq!(
        table_due(t0(), at(48), 3, range, TableFill::Bot),
        TableDue::FillWithBots { bots: 0 }
    );
    assert!(
        !game_is_rated(true, 2, false),
        "a game with bots is unrated"
    );
    assert!(
        !game_is_rated(true, 0, true),
        "a replaced seat makes it unrated"
    );
    assert!(game_is_rated(true, 0, false));
    assert!(!game_is_rated(false, 0, false));
}

#[test]
fn the_on_time_record_a_table_asks_for() {
    assert!(ontime_allows(None, 0, 10));
    assert!(ontime_allows(Some(90), 9, 10));
    assert!(!ontime_allows(Some(90), 8, 10));
    assert!(
        ontime_allows(Some(90), 0, 0),
        "no record yet is no shortfall"
    );
}

fn entry(id: i64, player: &str, seats: (usize, usize), pace: u32, hours_ago: i64) -> Waiting {
    Waiting {
        id,
        player: player.into(),
        seats: SeatRange {
            min: seats.0,
            max: seats.1,
        },
        pace_hours: pace,
        entered_at: t0() - Duration::hours(hours_ago),
    }
}

#[test]
fn two_entries_for_two_make_a_table_at_once() {
    let m = find_match(
        &[
            entry(1, "a@x", (2, 2), 48, 0),
            entry(2, "b@x", (2, 2), 48, 0),
        ],
        t0(),
    )
    .unwrap();
    assert_eq!(m.entries, vec![1, 2]);
    assert_eq!(m.players, vec!["a@x".to_string(), "b@x".to_string()]);
    assert_eq!(m.pace_hours, 48);
    // One player twice is not two players; another pace is not compatible.
    assert_eq!(
        find_match(
            &[
                entry(1, "a@x", (2, 2), 48, 0),
                entry(2, "A@x", (2, 2), 48, 0)
            ],
            t0()
        ),
        None
    );
    assert_eq!(
        find_match(
            &[
                entry(1, "a@x", (2, 2), 48, 0),
                entry(2, "b@x", (2, 2), 24, 0)
            ],
            t0()
        ),
        None
    );
}

#[test]
fn an_entry_widens_to_its_whole_range_after_a_day() {
    let fresh = [
        entry(1, "a@x", (2, 4), 48, 23),
        entry(2, "b@x", (2, 4), 48, 2),
    ];
    assert_eq!(
        find_match(&fresh, t0()),
        None,
        "fresh entries wait for four"
    );
    let widened = [
        entry(1, "a@x", (2, 4), 48, 24),
        entry(2, "b@x", (2, 4), 48, 2),
    ];
    assert_eq!(
        find_match(&widened, t0()),
        None,
        "the other entry still wants four"
    );
    let both = [
        entry(1, "a@x", (2, 4), 48, 30),
        entry(2, "b@x", (2, 4), 48, 25),
        entry(3, "c@x", (3, 3), 48, 1),
    ];
    let m = find_match(&both, t0()).unwrap();
    assert_eq!(
        m.entries,
        vec![1, 2, 3],
        "the largest count all accept: three"
    );
}

#[test]
fn the_oldest_entry_is_served_first() {
    let waiting = [
        entry(5, "e@x", (3, 3), 48, 1),
        entry(1, "a@x", (3, 3), 48, 50),
        entry(2, "b@x", (2, 2), 48, 40),
        entry(3, "c@x", (3, 3), 48, 30),
        entry(4, "d@x", (2, 2), 48, 20),
    ];
    let m = find_match(&waiting, t0()).unwrap();
    assert_eq!(m.entries, vec![1, 3, 5]);
}

#[test]
fn the_seat_order_is_drawn_from_the_seed() {
    let players: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
    let one = seat_order(&players, 7);
    assert_eq!(
        one,
        seat_order(&players, 7),
        "the same seed draws the same order"
    );
    let mut sorted = one.clone();
    sorted.sort();
    assert_eq!(sorted, players);
    let orders: std::collections::BTreeSet<Vec<String>> =
        (0..20).map(|s| seat_order(&players, s)).collect();
    assert!(orders.len() > 5, "seeds draw different orders");
}

#[test]
fn addresses_only_between_players_who_invited_each_other() {
    let friends = vec![
        TableSeat {
            email: "ann@x".into(),
            arrival: Arrival::Creator,
        },
        TableSeat {
            email: "bob@x".into(),
            arrival: Arrival::InvitedBy("ann@x".into()),
        },
        TableSeat {
            email: "cy@x".into(),
            arrival: Arrival::InvitedBy("Ann@x".into()),
        },
    ];
    assert_eq!(shown(&friends, "bob@x", "ann@x"), Shown::Address);
    assert_eq!(shown(&friends, "ann@x", "cy@x"), Shown::Address);
    assert_eq!(
        shown(&friends, "bob@x", "cy@x"),
        Shown::Name,
        "invited by the same player is not inviting each other"
    );
    let mut with_stranger = friends.clone();
    with_stranger.push(TableSeat {
        email: "dee@x".into(),
        arrival: Arrival::Stranger,
    });
    for reader in ["ann@x", "bob@x", "cy@x", "dee@x"] {
        for other in ["ann@x", "bob@x", "cy@x", "dee@x"] {
            let expect = if reader == other {
                Shown::Address
            } else {
                Shown::Name
            };
            assert_eq!(
                shown(&with_stranger, reader, other),
                expect,
                "{reader} sees {other}"
            );
        }
    }
    let with_bot = vec![
        friends[0].clone(),
        TableSeat {
            email: "bot-1".into(),
            arrival: Arrival::Bot,
        },
    ];
    assert_eq!(shown(&with_bot, "ann@x", "bot-1"), Shown::Name);
}
