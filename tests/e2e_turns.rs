//! Cuzco, Tawantinsuyu (with others and solo) and Through the Ages played
//! whole by mail through the real Postfix + Dovecot stack, each reply a whole
//! turn (every decision the seat has before someone else must act), written
//! in turn as five mail clients write replies (top-posted, bottom-posted,
//! interleaved with the quote, Outlook's unquoted copy, HTML only), with
//! greetings and sign-offs around the commands. The scripted players know
//! the game only from what quipu exports, replayed with the library's rules.
//! Through the Ages runs in its three modes, the advanced and full games
//! with players who seek out auctions, aggressions, defences, wars and
//! pacts. The games run side by side, each with its own daemon.

mod support;

use chrono::{DateTime, FixedOffset};
use quipu::engine::{Rng, Seat, Table};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use support::shapes::{reply_in, Shape, Words};
use support::{start_game, Quipu, Received};

/// At most this many commands in one reply (a reply reads up to 60 lines).
const MOST_PER_REPLY: usize = 25;

const GREETINGS: [Option<&str>; 5] = [
    Some("Hi all,"),
    None,
    Some("안녕하세요"),
    Some("Thanks!"),
    Some("Hola,"),
];
const SIGN_OFFS: [Option<&str>; 4] = [None, Some("Cheers"), Some("감사합니다."), Some("Danke")];

/// What a whole game by mail came to.
struct Played {
    q: Quipu,
    id: i64,
    replies: usize,
}

/// The game as quipu exports it now, rebuilt with the library's rules, and
/// when each seat last moved.
struct Known {
    table: Box<dyn Table>,
    last_move_at: BTreeMap<usize, DateTime<FixedOffset>>,
}

fn known(q: &Quipu, id: i64) -> Known {
    let export: serde_json::Value =
        serde_json::from_str(&q.ok(&["export", &id.to_string()])).expect("export json");
    let game = export["game"].as_str().expect("game");
    let players: Vec<String> = serde_json::from_value(export["players"].clone()).expect("players");
    let options = serde_json::from_value(export["options"].clone()).expect("options");
    let seed = export["seed"].as_u64().expect("seed");
    let entry = quipu::games::find(game).expect("a known game");
    let mut table = (entry.new)(players.len(), &options, seed).expect("the game sets up");
    let mut last_move_at = BTreeMap::new();
    for m in export["moves"].as_array().expect("moves") {
        match m["kind"].as_str().unwrap_or_default() {
            "move" => {}
            "note" | "say" => continue,
            other => panic!("no {other} is expected in these games: {m}"),
        }
        let email = m["seat"].as_str().unwrap_or_default();
        let seat = players.iter().position(|p| p == email).expect("a seat");
        let command = m["command"].as_str().unwrap_or_default();
        table
            .play_exact(Seat(seat), command)
            .unwrap_or_else(|e| panic!("exported move '{command}' replays: {e}"));
        let at = m["at"].as_str().unwrap_or_default();
        let at = DateTime::parse_from_rfc3339(at).expect("a move's time");
        last_move_at.insert(seat, at);
    }
    Known {
        table,
        last_move_at,
    }
}

/// Whether mail `m` was written after the seat's last move (to the second,
/// as both are stamped): a player answers the newest board they were sent,
/// and an older one is followed by a newer. Within the same second it is
/// answered once it has lain unanswered a few seconds.
fn written_since_last_move(
    m: &Received,
    last: Option<&DateTime<FixedOffset>>,
    seen: Instant,
) -> bool {
    let Some(last) = last else { return true };
    let date = m
        .header("Date")
        .and_then(|d| DateTime::parse_from_rfc2822(&d).ok())
        .expect("our mails carry a Date");
    date > *last || (date == *last && seen.elapsed() > Duration::from_secs(3))
}

/// Which commands a scripted player seeks out (to make sure a game by mail
/// goes through the decisions a test is about); none for plain random play.
type Prefer = fn(&str) -> bool;

fn no_preference(_: &str) -> bool {
    false
}

/// A random whole turn for `seat`: decisions until someone else must act.
/// When some legal commands are preferred, one of them is chosen three
/// times in four; with none preferred the choice draws exactly as plain
/// random play, so the other games replay as before.
fn whole_turn(table: &mut dyn Table, seat: Seat, rng: &mut Rng, prefer: Prefer) -> Vec<String> {
    let mut commands = Vec::new();
    while commands.len() < MOST_PER_REPLY && table.to_act().contains(&seat) {
        let legal = table.legal(seat);
        if legal.is_empty() {
            break;
        }
        let preferred: Vec<&String> = legal.iter().filter(|c| prefer(c)).collect();
        let choice = if !preferred.is_empty() && rng.below(4) < 3 {
            preferred[rng.below(preferred.len())].clone()
        } else {
            legal[rng.below(legal.len())].clone()
        };
        table
            .play(seat, &choice)
            .unwrap_or_else(|e| panic!("a legal command '{choice}' is refused: {e}"));
        commands.push(choice);
    }
    commands
}

/// Plays a new game of `game` to its end by mail, a whole turn per reply.
fn play_by_mail(
    game: &str,
    account: &str,
    players: &[&str],
    options: &[&str],
    seed: u64,
    minutes: u64,
    prefer: Prefer,
) -> Played {
    let mut g = start_game(game, account, players, options, seed);
    let id = g.id;
    let mut rng = Rng::new(seed);
    let mut latest: BTreeMap<usize, (Received, Instant)> = BTreeMap::new();
    let mut answered: Vec<String> = Vec::new();
    loop {
        g.assert_running(minutes, &format!(" after {} replies", answered.len()));
        for (i, m) in g.fresh_mail() {
            latest.insert(i, (m, Instant::now()));
        }
        let now = known(&g.q, id);
        if now.table.outcome().is_some() {
            break;
        }
        for seat in now.table.to_act() {
            let i = seat.0;
            let Some((m, seen)) = latest.get(&i) else {
                continue;
            };
            if answered.contains(&m.message_id)
                || !written_since_last_move(m, now.last_move_at.get(&i), *seen)
            {
                continue; // wait for quipu's next mail
            }
            let mut scratch = now.table.clone_table();
            let commands = whole_turn(scratch.as_mut(), seat, &mut rng, prefer);
            let n = answered.len();
            let words = Words {
                greeting: GREETINGS[n % GREETINGS.len()],
                commands: &commands,
                sign_off: SIGN_OFFS[n % SIGN_OFFS.len()],
            };
            let shape = Shape::ALL[n % Shape::ALL.len()];
            let to = m.reply_to.clone().expect("a Reply-To with the token");
            let mid = format!("{account}.{id}.{n}.{}@tester.example.test", rng.next_u64());
            let me = &g.emails[i];
            g.stack
                .send(me, &to, &reply_in(shape, me, &to, m, &words, &mid));
            answered.push(m.message_id.clone());
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    // Everyone is told the result by mail.
    g.wait_for_game_over(|i| latest.get(&i).map(|(m, _)| m));
    let replies = answered.len();
    Played {
        q: g.q,
        id,
        replies,
    }
}

/// The finished game: scores for every seat, every move from a mail, far
/// fewer replies than moves (whole turns), and the export replays to its digest.
fn check(p: &Played, seats: usize) {
    let show = p.q.show_json(p.id);
    assert_eq!(show["finished"], serde_json::json!(true));
    let scores = show["scores"].as_object().expect("scores once finished");
    assert_eq!(scores.len(), seats, "{show}");
    let export: serde_json::Value =
        serde_json::from_str(&p.q.ok(&["export", &p.id.to_string()])).expect("export");
    let moves: Vec<&serde_json::Value> = export["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["kind"] == "move")
        .collect();
    assert!(
        moves
            .iter()
            .all(|m| m["source"].as_str().unwrap_or("").contains('@')),
        "every move came from a mail"
    );
    assert!(
        moves.len() > p.replies,
        "{} moves from {} replies: whole turns were read",
        moves.len(),
        p.replies
    );
    let file = p.q.dir.join("export.json");
    std::fs::write(&file, export.to_string()).expect("write export");
    let out = p.q.cli(&["replay", &file.display().to_string()]);
    assert!(
        out.status.success(),
        "replay: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Each reply was recorded once, and applied: the greetings, sign-offs
    // and quoted copies around the commands never failed a turn. A reply
    // racing a mail about the other seat's move may answer a mail from
    // before its own last move: quipu asks to confirm instead of applying,
    // and the player's next reply (to that question) plays the turn.
    let db = rusqlite::Connection::open(p.q.db()).expect("the database");
    let mut st = db
        .prepare("SELECT outcome, reason FROM inbound WHERE game_id = ?1")
        .expect("query");
    let rows: Vec<(String, String)> = st
        .query_map([p.id], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(rows.len(), p.replies, "{rows:?}");
    let stale = rows
        .iter()
        .filter(|r| r.0 == "rejected" && r.1.starts_with("stale reply"))
        .count();
    let other: Vec<&(String, String)> = rows
        .iter()
        .filter(|r| r.0 != "applied" && !(r.0 == "rejected" && r.1.starts_with("stale reply")))
        .collect();
    assert!(other.is_empty(), "{other:?}");
    assert!(
        stale * 4 <= rows.len(),
        "{stale} of {} replies were stale",
        rows.len()
    );
    println!(
        "{}: {} moves from {} replies ({stale} stale, confirmed)",
        export["game"],
        moves.len(),
        p.replies
    );
}

#[test]
fn a_whole_game_of_cuzco_by_mail_a_turn_per_reply() {
    let p = play_by_mail("cuzco", "q3", &["alice", "bob"], &[], 31, 8, no_preference);
    check(&p, 2);
}

#[test]
fn a_whole_game_of_tawantinsuyu_by_mail_a_turn_per_reply() {
    let p = play_by_mail(
        "tawantinsuyu",
        "q4",
        &["carol", "dave"],
        &[],
        32,
        8,
        no_preference,
    );
    check(&p, 2);
}

#[test]
fn a_whole_solo_game_of_tawantinsuyu_by_mail_a_turn_per_reply() {
    let p = play_by_mail("tawantinsuyu", "q5", &["erin"], &[], 33, 8, no_preference);
    check(&p, 1);
}

#[test]
fn a_whole_game_of_through_the_ages_by_mail_a_turn_per_reply() {
    let p = play_by_mail("tta", "q6", &["frank", "alice"], &[], 34, 8, no_preference);
    check(&p, 2);
}

/// The advanced and full games' scripted players seek out the decisions of
/// conflict: preparing events (territories come up), bidding, aggressions,
/// defences, wars and pacts; never the "none" answers.
fn seeks_conflict(command: &str) -> bool {
    const SOUGHT: [&str; 8] = [
        "event ",
        "bid ",
        "attack ",
        "defend ",
        "war ",
        "pact ",
        "accept",
        "sacrifice ",
    ];
    SOUGHT.iter().any(|w| command.starts_with(w)) && !command.ends_with(" none")
}

/// The moves of the finished game whose command starts with `word` (and is
/// not a "none" answer), as exported.
fn moves_starting(p: &Played, word: &str) -> Vec<String> {
    let export: serde_json::Value =
        serde_json::from_str(&p.q.ok(&["export", &p.id.to_string()])).expect("export");
    export["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["kind"] == "move")
        .filter_map(|m| m["command"].as_str())
        .filter(|c| c.starts_with(word) && !c.ends_with(" none"))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_whole_advanced_game_of_through_the_ages_by_mail_a_turn_per_reply() {
    let p = play_by_mail(
        "tta",
        "q7",
        &["bob", "carol", "dave"],
        &["mode=advanced"],
        35,
        10,
        seeks_conflict,
    );
    check(&p, 3);
    for word in ["bid ", "attack ", "defend "] {
        assert!(
            !moves_starting(&p, word).is_empty(),
            "the advanced game by mail had a '{word}' decision"
        );
    }
}

#[test]
fn a_whole_full_game_of_through_the_ages_by_mail_a_turn_per_reply() {
    let p = play_by_mail(
        "tta",
        "q8",
        &["erin", "frank"],
        &["mode=full"],
        36,
        12,
        seeks_conflict,
    );
    check(&p, 2);
    for word in ["bid ", "attack ", "defend ", "war ", "pact "] {
        assert!(
            !moves_starting(&p, word).is_empty(),
            "the full game by mail had a '{word}' decision"
        );
    }
}
