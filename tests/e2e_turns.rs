//! Cuzco, Tawantinsuyu (with others and solo) and Through the Ages played
//! whole by mail through the real Postfix + Dovecot stack, each reply a whole
//! turn (every decision the seat has before someone else must act), written
//! in turn as five mail clients write replies (top-posted, bottom-posted,
//! interleaved with the quote, Outlook's unquoted copy, HTML only), with
//! greetings and sign-offs around the commands. The scripted players know
//! the game from what quipu exports, replayed with the library's rules, and
//! answer a mail only once it shows their last move (as a player reads the
//! board before answering; the test reads that from quipu's outbox).
//! Through the Ages runs in its three modes, the advanced and full games
//! with players who seek out auctions, aggressions, defences, wars and
//! pacts. The games run side by side, each with its own daemon.

mod support;

use quipu::engine::{Rng, Seat, Table};
use rusqlite::{Connection, OptionalExtension};
use std::collections::{BTreeMap, BTreeSet};
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
    /// The commands of each reply, by its Message-ID.
    written: BTreeMap<String, Vec<String>>,
    took: Duration,
}

/// The game as quipu exports it now, rebuilt with the library's rules.
struct Known {
    table: Box<dyn Table>,
    /// Every history row in order: the seat that moved (none for a note)
    /// and the command.
    rows: Vec<(Option<usize>, String)>,
}

impl Known {
    /// The history row number (from 1, as quipu counts them) of the seat's
    /// last move; 0 before its first.
    fn last_row(&self, seat: usize) -> usize {
        self.rows
            .iter()
            .rposition(|r| r.0 == Some(seat))
            .map_or(0, |i| i + 1)
    }

    fn moves_of(&self, seat: usize) -> usize {
        self.rows.iter().filter(|r| r.0 == Some(seat)).count()
    }
}

fn export_of(q: &Quipu, id: i64) -> serde_json::Value {
    serde_json::from_str(&q.ok(&["export", &id.to_string()])).expect("export json")
}

fn known(q: &Quipu, id: i64) -> Known {
    let export = export_of(q, id);
    let game = export["game"].as_str().expect("game");
    let players: Vec<String> = serde_json::from_value(export["players"].clone()).expect("players");
    let options = serde_json::from_value(export["options"].clone()).expect("options");
    let seed = export["seed"].as_u64().expect("seed");
    let entry = quipu::games::find(game).expect("a known game");
    let mut table = (entry.new)(players.len(), &options, seed).expect("the game sets up");
    let mut rows = Vec::new();
    for (i, m) in export["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .enumerate()
    {
        assert_eq!(m["n"].as_u64(), Some(i as u64 + 1), "rows in order: {m}");
        let command = m["command"].as_str().unwrap_or_default();
        match m["kind"].as_str().unwrap_or_default() {
            "move" => {}
            "note" | "say" => {
                rows.push((None, command.to_string()));
                continue;
            }
            other => panic!("no {other} is expected in these games: {m}"),
        }
        let email = m["seat"].as_str().unwrap_or_default();
        let seat = players.iter().position(|p| p == email).expect("a seat");
        table
            .play_exact(Seat(seat), command)
            .unwrap_or_else(|e| panic!("exported move '{command}' replays: {e}"));
        rows.push((Some(seat), command.to_string()));
    }
    Known { table, rows }
}

/// How many history rows the game had when quipu composed mail `m` (its
/// outbox records it; a reply to a mail older than the seat's last move is
/// stale).
fn moves_seen(db: &Connection, m: &Received) -> usize {
    let seen: Option<Option<i64>> = db
        .query_row(
            "SELECT moves_seen FROM outbox WHERE message_id = ?1",
            [&m.message_id],
            |r| r.get(0),
        )
        .optional()
        .expect("the outbox");
    let seen = seen
        .flatten()
        .unwrap_or_else(|| panic!("mail {} is in the outbox", m.message_id));
    usize::try_from(seen).expect("a count")
}

/// Whether quipu has recorded the inbound mail with this Message-ID.
fn recorded(db: &Connection, message_id: &str) -> bool {
    db.query_row(
        "SELECT EXISTS(SELECT 1 FROM inbound WHERE message_id = ?1)",
        [message_id],
        |r| r.get(0),
    )
    .expect("the inbound table")
}

/// How a scripted player regards a legal command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    /// Chosen three times in four when legal.
    Sought,
    Plain,
    /// Chosen only when nothing else is legal.
    Shunned,
}

/// A scripted player's taste: how it weighs each legal command (to make
/// sure a game by mail goes through the decisions a test is about).
type Taste = fn(&str) -> Weight;

/// Plain random play.
fn plain(_: &str) -> Weight {
    Weight::Plain
}

/// One legal command: a sought one three times in four when there is one,
/// else any command not shunned. With none sought or shunned it draws as
/// plain random play.
fn pick(legal: &[String], rng: &mut Rng, taste: Taste) -> String {
    let weighed = |w: Weight| -> Vec<&String> { legal.iter().filter(|c| taste(c) == w).collect() };
    let sought = weighed(Weight::Sought);
    if !sought.is_empty() && rng.below(4) < 3 {
        return sought[rng.below(sought.len())].clone();
    }
    let mut fair: Vec<&String> = legal
        .iter()
        .filter(|c| taste(c) != Weight::Shunned)
        .collect();
    if fair.is_empty() {
        fair = legal.iter().collect();
    }
    fair[rng.below(fair.len())].clone()
}

/// A whole turn for `seat`: decisions until someone else must act.
fn whole_turn(table: &mut dyn Table, seat: Seat, rng: &mut Rng, taste: Taste) -> Vec<String> {
    let mut commands = Vec::new();
    while commands.len() < MOST_PER_REPLY && table.to_act().contains(&seat) {
        let legal = table.legal(seat);
        if legal.is_empty() {
            break;
        }
        let choice = pick(&legal, rng, taste);
        table
            .play(seat, &choice)
            .unwrap_or_else(|e| panic!("a legal command '{choice}' is refused: {e}"));
        commands.push(choice);
    }
    commands
}

/// The random draws of a seat's reply: from the game's seed, the seat and
/// how many moves it has made, so that the choices do not depend on the
/// order in which the mails happen to arrive.
fn turn_rng(seed: u64, seat: usize, moves: usize) -> Rng {
    let seat = (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let moves = (moves as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    Rng::new(seed ^ seat ^ moves.rotate_left(29))
}

/// A game's players as the test drives them: the newest mail each has,
/// which mails were answered, and whose reply quipu has not yet recorded.
struct Players {
    seed: u64,
    taste: Taste,
    latest: BTreeMap<usize, Received>,
    answered: BTreeSet<String>,
    /// Seat -> Message-ID of its reply quipu has not recorded yet.
    awaiting: BTreeMap<usize, String>,
    /// Replies sent per seat.
    sent: BTreeMap<usize, usize>,
    /// The commands of each reply, by its Message-ID.
    written: BTreeMap<String, Vec<String>>,
}

impl Players {
    /// The whole turn seat `i` answers now, if it is to answer mail now: a
    /// mail it has not answered that shows its last move, and no reply of
    /// its own still unread by quipu.
    fn turn_for(&self, db: &Connection, now: &Known, i: usize) -> Option<(Received, Vec<String>)> {
        let m = self.latest.get(&i)?;
        if self.awaiting.contains_key(&i)
            || self.answered.contains(&m.message_id)
            || moves_seen(db, m) < now.last_row(i)
        {
            return None; // wait for quipu's next mail
        }
        let mut scratch = now.table.clone_table();
        let mut rng = turn_rng(self.seed, i, now.moves_of(i));
        let commands = whole_turn(scratch.as_mut(), Seat(i), &mut rng, self.taste);
        Some((m.clone(), commands))
    }
}

/// Plays a new game of `game` to its end by mail, a whole turn per reply.
fn play_by_mail(
    game: &str,
    account: &str,
    players: &[&str],
    options: &[&str],
    seed: u64,
    minutes: u64,
    taste: Taste,
) -> Played {
    let mut g = start_game(game, account, players, options, seed);
    let id = g.id;
    let db = Connection::open(g.q.db()).expect("the database");
    let mut p = Players {
        seed,
        taste,
        latest: BTreeMap::new(),
        answered: BTreeSet::new(),
        awaiting: BTreeMap::new(),
        sent: BTreeMap::new(),
        written: BTreeMap::new(),
    };
    loop {
        g.assert_running(minutes, &format!(" after {} replies", p.answered.len()));
        p.latest.extend(g.fresh_mail());
        p.awaiting.retain(|_, mid| !recorded(&db, mid));
        let now = known(&g.q, id);
        if now.table.outcome().is_some() {
            break;
        }
        for seat in now.table.to_act() {
            let i = seat.0;
            let Some((m, commands)) = p.turn_for(&db, &now, i) else {
                continue;
            };
            let n = *p.sent.get(&i).unwrap_or(&0);
            // Each seat goes through the shapes, greetings and sign-offs in turn.
            let k = n + i;
            let words = Words {
                greeting: GREETINGS[k % GREETINGS.len()],
                commands: &commands,
                sign_off: SIGN_OFFS[k % SIGN_OFFS.len()],
            };
            let shape = Shape::ALL[k % Shape::ALL.len()];
            let to = m.reply_to.clone().expect("a Reply-To with the token");
            let mid = format!("{account}.{id}.{i}.{n}.{seed}@tester.example.test");
            let me = &g.emails[i];
            g.stack
                .send(me, &to, &reply_in(shape, me, &to, &m, &words, &mid));
            p.answered.insert(m.message_id.clone());
            p.written.insert(mid.clone(), commands.clone());
            p.awaiting.insert(i, mid);
            p.sent.insert(i, n + 1);
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    // Everyone is told the result by mail.
    g.wait_for_game_over(|i| p.latest.get(&i));
    Played {
        q: g.q,
        id,
        replies: p.answered.len(),
        written: p.written,
        took: g.started.elapsed(),
    }
}

/// The finished game: the engine's outcome, scored as quipu shows it, every
/// move from a mail, far fewer replies than moves (whole turns), and the
/// export replays to its digest.
fn check(p: &Played, seats: usize) -> Known {
    let show = p.q.show_json(p.id);
    assert_eq!(show["finished"], serde_json::json!(true));
    let scores = show["scores"].as_object().expect("scores once finished");
    assert_eq!(scores.len(), seats, "{show}");
    // The engine's replay of the stored history reaches the end, with the
    // scores and ranks quipu shows and exports.
    let replayed = known(&p.q, p.id);
    let outcome = replayed.table.outcome().expect("the replayed game is over");
    let export = export_of(&p.q, p.id);
    let players: Vec<String> = serde_json::from_value(export["players"].clone()).expect("players");
    for (i, email) in players.iter().enumerate() {
        assert_eq!(
            show["scores"][email].as_f64(),
            Some(outcome.scores[i]),
            "{show}"
        );
        assert_eq!(show["ranks"][email].as_u64(), Some(outcome.ranks[i] as u64));
    }
    let moves = replayed.rows.iter().filter(|r| r.0.is_some()).count();
    assert!(
        export["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter(|m| m["kind"] == "move")
            .all(|m| m["source"].as_str().unwrap_or("").contains('@')),
        "every move came from a mail"
    );
    assert!(
        moves > p.replies,
        "{moves} moves from {} replies: whole turns were read",
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
    check_replies(p);
    check_every_command_read(p, &export);
    check_mail_received(p, &players);
    println!(
        "{}: {moves} moves from {} replies in {:.0} s",
        export["game"],
        p.replies,
        p.took.as_secs_f64()
    );
    replayed
}

/// Each reply was recorded once, and applied: the greetings, sign-offs and
/// quoted copies around the commands never failed a turn, and no player
/// answered a mail older than its own last move.
fn check_replies(p: &Played) {
    let db = Connection::open(p.q.db()).expect("the database");
    let mut st = db
        .prepare("SELECT outcome, reason FROM inbound WHERE game_id = ?1")
        .expect("query");
    let rows: Vec<(String, String)> = st
        .query_map([p.id], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(rows.len(), p.replies, "{rows:?}");
    let other: Vec<&(String, String)> = rows.iter().filter(|r| r.0 != "applied").collect();
    assert!(other.is_empty(), "{other:?}");
}

/// Every command of every reply was read and applied, in order, and
/// nothing else: the greetings, sign-offs and quoted copies around them took
/// no command away and added none.
fn check_every_command_read(p: &Played, export: &serde_json::Value) {
    let mut applied: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in export["moves"].as_array().expect("moves") {
        if m["kind"] == "move" {
            let source = m["source"].as_str().unwrap_or_default().to_string();
            let command = m["command"].as_str().unwrap_or_default().to_string();
            applied.entry(source).or_default().push(command);
        }
    }
    assert_eq!(applied.len(), p.written.len(), "a move from each reply");
    for (mid, commands) in &p.written {
        assert_eq!(
            applied.get(mid),
            Some(commands),
            "the commands of reply {mid}"
        );
    }
}

/// Every mail quipu sent in the game reached its player's mailbox, and
/// every player had turn mails.
fn check_mail_received(p: &Played, players: &[String]) {
    let db = Connection::open(p.q.db()).expect("the database");
    let mut st = db
        .prepare(
            "SELECT recipient, message_id, kind, sent_at IS NOT NULL FROM outbox WHERE game_id = ?1",
        )
        .expect("query");
    let sent: Vec<(String, String, String, bool)> = st
        .query_map([p.id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    for (i, email) in players.iter().enumerate() {
        let mine: Vec<&(String, String, String, bool)> =
            sent.iter().filter(|r| &r.0 == email).collect();
        let turns = mine.iter().filter(|r| r.2 == "turn").count();
        assert!(turns > 0, "seat {} had no turn mail", i + 1);
        assert!(
            mine.iter().all(|r| r.3),
            "every mail to {email} was sent: {mine:?}"
        );
        // The last few may still be on their way to the mailbox.
        let user = email.split('@').next().expect("an address");
        let start = Instant::now();
        let missing = loop {
            let inbox: BTreeSet<String> = support::Mailbox::new(&p.q.stack, user)
                .all()
                .into_iter()
                .map(|m| m.message_id)
                .collect();
            let missing: Vec<&String> = mine
                .iter()
                .map(|r| &r.1)
                .filter(|id| !inbox.contains(*id))
                .collect();
            if missing.is_empty() || start.elapsed() > Duration::from_secs(20) {
                break missing;
            }
            std::thread::sleep(Duration::from_millis(300));
        };
        assert!(
            missing.is_empty(),
            "mails quipu sent never reached {email}: {missing:?}"
        );
    }
}

#[test]
fn a_whole_game_of_cuzco_by_mail_a_turn_per_reply() {
    let p = play_by_mail("cuzco", "q3", &["alice", "bob"], &[], 31, 8, plain);
    check(&p, 2);
}

#[test]
fn a_whole_game_of_tawantinsuyu_by_mail_a_turn_per_reply() {
    let p = play_by_mail("tawantinsuyu", "q4", &["carol", "dave"], &[], 32, 8, plain);
    check(&p, 2);
}

#[test]
fn a_whole_solo_game_of_tawantinsuyu_by_mail_a_turn_per_reply() {
    let p = play_by_mail("tawantinsuyu", "q5", &["erin"], &[], 33, 8, plain);
    check(&p, 1);
}

#[test]
fn a_whole_game_of_through_the_ages_by_mail_a_turn_per_reply() {
    let p = play_by_mail("tta", "q6", &["frank", "alice"], &[], 34, 8, plain);
    check(&p, 2);
}

/// The advanced and full games' scripted players seek out the decisions of
/// conflict: units to fight and colonize with, preparing events (so that
/// territories come up), bidding, aggressions, defences, wars and pacts
/// (never the "none" answers); they keep their buildings and units and do
/// not resign.
fn seeks_conflict(command: &str) -> Weight {
    const SOUGHT: [&str; 11] = [
        "build infantry ",
        "build cavalry ",
        "build artillery ",
        "build air-force ",
        "event ",
        "bid ",
        "attack ",
        "defend ",
        "war ",
        "pact ",
        "accept",
    ];
    const SHUNNED: [&str; 3] = ["destroy ", "disband ", "resign"];
    if SHUNNED.iter().any(|w| command.starts_with(w)) {
        Weight::Shunned
    } else if SOUGHT.iter().any(|w| command.starts_with(w)) && !command.ends_with(" none") {
        Weight::Sought
    } else {
        Weight::Plain
    }
}

/// The decisions of conflict a game went through, read from its history.
#[derive(Debug, Default)]
struct Conflicts {
    /// Bids in colonization auctions (passes not counted).
    bids: usize,
    /// Aggressions played.
    attacks: usize,
    /// Defences by the seat attacked: a defence card or units sent.
    defences: usize,
    /// Pacts offered, and answered (accepted or refused) by the seat offered.
    pacts: usize,
    pact_answers: usize,
    /// Wars declared (full game).
    wars: usize,
}

/// The seat (from 0) a command names by number ("attack spy 2", "pact
/// peace-treaty 3 a").
fn named_seat(word: Option<&&str>) -> Option<usize> {
    word.and_then(|w| w.parse::<usize>().ok())
        .and_then(|n| n.checked_sub(1))
}

fn conflicts(rows: &[(Option<usize>, String)]) -> Conflicts {
    let mut c = Conflicts::default();
    let mut attacked = None; // the seat the aggression on the table targets
    let mut offered = None; // the seat a pact is offered to
    for (seat, command) in rows {
        let Some(seat) = *seat else { continue };
        let words: Vec<&str> = command.split_whitespace().collect();
        let none = words.get(1) == Some(&"none");
        match words.first().copied() {
            Some("bid") if !none => c.bids += 1,
            Some("war") => c.wars += 1,
            Some("attack") => {
                c.attacks += 1;
                attacked = named_seat(words.get(2));
            }
            Some("defend" | "sacrifice") if attacked == Some(seat) && !none => {
                c.defences += 1;
                attacked = None;
            }
            Some("pact") => {
                c.pacts += 1;
                offered = named_seat(words.get(2));
            }
            Some("accept" | "refuse") if offered == Some(seat) => {
                c.pact_answers += 1;
                offered = None;
            }
            _ if attacked == Some(seat) || words.first() == Some(&"done") => attacked = None,
            _ => {}
        }
    }
    c
}

#[test]
fn a_whole_advanced_game_of_through_the_ages_by_mail_a_turn_per_reply() {
    let p = play_by_mail(
        "tta",
        "q7",
        &["bob", "carol", "dave"],
        &["mode=advanced"],
        35,
        6,
        seeks_conflict,
    );
    let c = conflicts(&check(&p, 3).rows);
    println!("advanced game: {c:?}");
    assert!(c.bids > 0, "a colonization auction had bids: {c:?}");
    assert!(c.defences > 0, "an aggression met a defence: {c:?}");
}

#[test]
fn a_whole_full_game_of_through_the_ages_by_mail_a_turn_per_reply() {
    // Three players: pacts are not in the two-player game.
    let p = play_by_mail(
        "tta",
        "q8",
        &["erin", "frank", "alice"],
        &["mode=full"],
        36,
        6,
        seeks_conflict,
    );
    let c = conflicts(&check(&p, 3).rows);
    println!("full game: {c:?}");
    assert!(c.bids > 0, "a colonization auction had bids: {c:?}");
    assert!(c.defences > 0, "an aggression met a defence: {c:?}");
    assert!(c.pact_answers > 0, "a pact was offered and answered: {c:?}");
    assert!(c.wars > 0, "a war was declared: {c:?}");
}
