//! Mail robustness end to end, through the real Postfix + Dovecot stack with
//! `quipu serve` running: a game made and joined by mail, every service
//! command, bad tokens, forged senders, duplicates, stale replies, atomic
//! multi-line turns, limits, and machine mail (junk, auto-replies, bounces)
//! that is recorded and never answered.

mod support;

use quipu::store::Store;
use std::time::{Duration, Instant};
use support::records::wait_inbound;
use support::{reply, Mailbox, Quipu, Received, Stack};

/// Waits until the daemon logged a line about `mid` saying `word`.
fn wait_log(q: &Quipu, mid: &str, word: &str, secs: u64) {
    // The log names a mail by a hash of its Message-ID, not its text.
    let key = quipu::service::logs::message_key(mid);
    let start = Instant::now();
    while !q
        .log()
        .lines()
        .any(|l| l.contains(&key) && l.contains(word))
    {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "no log line '{word}' for {mid}; log:\n{}",
            q.log()
        );
        std::thread::sleep(Duration::from_millis(150));
    }
}

fn inbound_count(q: &Quipu) -> usize {
    Store::open(&q.db())
        .unwrap()
        .inbound_log(100_000)
        .unwrap()
        .len()
}

fn outbox_len(q: &Quipu) -> usize {
    let v: serde_json::Value = serde_json::from_str(&q.ok(&["outbox", "--json"])).unwrap();
    v.as_array().unwrap().len()
}

/// The game moves (kind "move") of the export, as (seat, command, source).
fn moves(q: &Quipu, id: i64) -> Vec<(String, String, String)> {
    let e: serde_json::Value = serde_json::from_str(&q.ok(&["export", &id.to_string()])).unwrap();
    e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "move")
        .map(|m| {
            (
                m["seat"].as_str().unwrap().to_string(),
                m["command"].as_str().unwrap().to_string(),
                m["source"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn kinds(q: &Quipu, id: i64) -> Vec<String> {
    let e: serde_json::Value = serde_json::from_str(&q.ok(&["export", &id.to_string()])).unwrap();
    e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["kind"].as_str().unwrap().to_string())
        .collect()
}

fn legal(q: &Quipu, id: i64, email: &str) -> Vec<String> {
    q.ok(&["legal", &id.to_string(), "--as", email])
        .lines()
        .map(str::to_string)
        .collect()
}

fn game_status(q: &Quipu, id: i64) -> String {
    Store::open(&q.db())
        .unwrap()
        .game(id)
        .unwrap()
        .status
        .to_string()
}

/// A header of a received mail, folded lines joined.
fn hdr(m: &Received, name: &str) -> Option<String> {
    let text = String::from_utf8_lossy(&m.raw).replace("\r\n", "\n");
    let head = text
        .split("\n\n")
        .next()
        .unwrap_or("")
        .replace("\n ", " ")
        .replace("\n\t", " ");
    let prefix = format!("{}:", name.to_lowercase());
    head.lines()
        .find(|l| l.to_lowercase().starts_with(&prefix))
        .map(|l| l[prefix.len()..].trim().to_string())
}

/// A plain new mail (not a reply).
fn plain(from: &str, to: &str, subject: &str, body: &str, mid: &str) -> String {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: {subject}\r\nMessage-ID: <{mid}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
}

/// A scripted player: their mailbox and a counter for Message-IDs.
struct Player {
    email: String,
    inbox: Mailbox,
}

impl Player {
    fn new(stack: &Stack, user: &str) -> Player {
        let mut inbox = Mailbox::new(stack, user);
        inbox.skip_existing();
        Player {
            email: stack.addr(user),
            inbox,
        }
    }

    /// Waits for a mail from `q` about game `id` whose text contains `needle`.
    fn expect(&mut self, q: &Quipu, id: i64, needle: &str) -> Received {
        let tag = format!("#{id}]");
        let addr = q.address.clone();
        let n = needle.to_string();
        let got = self.inbox.wait_for(90, |m| {
            m.from == addr && m.subject.contains(&tag) && m.says(&n)
        });
        got.into_iter()
            .rev()
            .find(|m| m.from == q.address && m.subject.contains(&tag) && m.says(needle))
            .unwrap()
    }

    /// Waits for a mail from `q` (about no game) whose text contains `needle`.
    fn expect_plain(&mut self, q: &Quipu, needle: &str) -> Received {
        let addr = q.address.clone();
        let n = needle.to_string();
        let got = self.inbox.wait_for(90, |m| m.from == addr && m.says(&n));
        got.into_iter()
            .rev()
            .find(|m| m.from == q.address && m.says(needle))
            .unwrap()
    }

    /// Asks for a game by mail and confirms it from the confirmation mail;
    /// returns the game's number.
    fn make_game(&mut self, stack: &Stack, q: &mut Quipu, line: &str) -> i64 {
        let m = mid("new");
        stack.send(
            &self.email,
            &q.address,
            &plain(&self.email, &q.address, "game?", line, &m),
        );
        let asked = wait_inbound(q, &m, 60);
        assert_eq!(asked.outcome, "answered", "{asked:?}");
        // Either language: the player may have set Korean earlier in the test.
        let confirmation = self.expect_plain(q, "'confirm'");
        let yes = self.reply(stack, &confirmation, "confirm", &mid("confirm"));
        let made = wait_inbound(q, &yes, 60);
        assert_eq!(made.outcome, "applied", "{made:?}");
        made.reason
            .strip_prefix("created game ")
            .expect("created game N")
            .parse::<i64>()
            .unwrap()
    }

    /// Answers `original` (to its Reply-To) with `body`; returns the Message-ID used.
    fn reply(&self, stack: &Stack, original: &Received, body: &str, mid: &str) -> String {
        let to = original.reply_to.clone().expect("a Reply-To token");
        stack.send(
            &self.email,
            &to,
            &reply(&self.email, &to, original, body, mid),
        );
        mid.to_string()
    }
}

fn mid(tag: &str) -> String {
    format!(
        "{tag}.{}.{}@tester.example.test",
        std::process::id(),
        Instant::now().elapsed().as_nanos() ^ rand_nanos()
    )
}

fn rand_nanos() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

#[test]
fn a_game_made_joined_and_played_by_mail() {
    let stack = Stack::get();
    stack.purge_inbox("q3");
    let mut q = Quipu::new(&stack, "q3");
    let mut alice = Player::new(&stack, "alice");
    let mut bob = Player::new(&stack, "bob");
    let mut carol = Player::new(&stack, "carol");
    q.serve();

    // --- A game made by mail: alice asks and confirms, bob is invited and joins.
    let id = alice.make_game(&stack, &mut q, &format!("new tikal with {}", bob.email));
    assert_eq!(game_status(&q, id), "forming");
    let note = alice.expect(&q, id, "is made");
    assert!(
        note.says(&format!("Waiting for: {}", bob.email)),
        "{}",
        note.text
    );
    let invitation = bob.expect(&q, id, "invites you");
    assert!(invitation.says("Reply 'join'"));
    let bob_token = invitation
        .reply_to
        .clone()
        .expect("an invitation has the token");
    assert!(
        bob_token.starts_with("q3+") && bob_token.ends_with("@example.test"),
        "{bob_token}"
    );

    let joined = bob.reply(&stack, &invitation, "join", &mid("join"));
    assert_eq!(wait_inbound(&mut q, &joined, 60).outcome, "answered");
    assert_eq!(game_status(&q, id), "active");
    let show = q.show_json(id);
    let first = show["to_act"][0].as_str().unwrap().to_string();
    let mut players = show["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect::<Vec<_>>();
    players.sort();
    assert_eq!(players, vec![alice.email.clone(), bob.email.clone()]);
    // The seat that must act gets its turn mail, which says the game has
    // started; the other is not mailed until it has a decision (its first
    // turn mail tells of the start), and meanwhile answers with the mail
    // that brought its token: the invitation, or the note that the game is
    // made.
    let (p, o, told) = if first == alice.email {
        (&mut alice, &mut bob, invitation)
    } else {
        (&mut bob, &mut alice, note)
    };
    let t1 = p.expect(&q, id, "Your turn in game");
    assert!(t1.says("has started"), "{}", t1.text);
    // The turn mail's shape: sender, token, threading, machine header, parts.
    assert_eq!(t1.from, q.address);
    assert_eq!(t1.subject, format!("[quipu #{id}] Tikal"));
    assert!(t1.reply_to.as_deref().unwrap().starts_with("q3+"));
    assert_ne!(t1.reply_to, told.reply_to, "each seat has its own token");
    assert_eq!(
        hdr(&t1, "Auto-Submitted").as_deref(),
        Some("auto-generated")
    );
    let refs = hdr(&t1, "References").unwrap_or_default();
    assert!(refs.contains(&format!("q{id}.root.")), "References: {refs}");
    assert!(hdr(&t1, "In-Reply-To").is_some());
    let raw = String::from_utf8_lossy(&t1.raw).to_lowercase();
    assert!(
        raw.contains("multipart/alternative")
            && raw.contains("text/plain")
            && raw.contains("text/html")
    );
    assert!(
        raw.contains("image/png") && raw.contains("content-id:"),
        "no inline PNG"
    );
    assert!(
        t1.html.contains("cid:"),
        "the HTML shows the inline picture"
    );
    // A long list is cut to its first choices of each kind (the rest said
    // in words): every link is a legal command, each once.
    let links = t1.move_links();
    let all = legal(&q, id, &first);
    assert!(!links.is_empty());
    assert!(
        links.iter().all(|l| all.contains(l)),
        "move links are legal commands: {links:?}"
    );
    let distinct: std::collections::BTreeSet<&String> = links.iter().collect();
    assert_eq!(distinct.len(), links.len(), "{links:?}");

    // --- A move by reply, then the same mail again (duplicate).
    let place = links[0].clone();
    let raw_move = reply(
        &p.email,
        t1.reply_to.as_ref().unwrap(),
        &t1,
        &place,
        "dup.move.1@tester.example.test",
    );
    stack.send(&p.email, t1.reply_to.as_ref().unwrap(), &raw_move);
    assert_eq!(
        wait_inbound(&mut q, "dup.move.1@tester.example.test", 60).outcome,
        "applied"
    );
    let t2 = p.expect(&q, id, "Your turn in game");
    assert_eq!(
        hdr(&t2, "In-Reply-To").unwrap(),
        format!("<{}>", t1.message_id),
        "one thread per player"
    );
    assert!(hdr(&t2, "References").unwrap().contains(&t1.message_id));
    let after_place = moves(&q, id);
    assert_eq!(
        after_place,
        vec![(
            p.email.clone(),
            place.clone(),
            "dup.move.1@tester.example.test".to_string()
        )]
    );
    let (inbound_before, outbox_before) = (inbound_count(&q), outbox_len(&q));
    stack.send(&p.email, t1.reply_to.as_ref().unwrap(), &raw_move);
    wait_log(&q, "dup.move.1@tester.example.test", "duplicate", 60);
    assert_eq!(moves(&q, id), after_place, "a duplicate moves nothing");
    assert_eq!(
        (inbound_count(&q), outbox_len(&q)),
        (inbound_before, outbox_before),
        "a duplicate is not answered"
    );

    // --- Stale reply: the same move again, under a new Message-ID, to the
    // first turn mail (composed before the seat moved): not applied; the
    // answer shows the current board and asks to reply to it instead.
    let stale = p.reply(&stack, &t1, &place, &mid("stale-bad"));
    let r = wait_inbound(&mut q, &stale, 60);
    assert_eq!(r.outcome, "rejected", "{r:?}");
    assert!(r.reason.starts_with("stale reply"), "{}", r.reason);
    let answer = p.expect(&q, id, "Nothing was applied");
    assert!(
        answer.says("you answered an earlier mail") && answer.says(&place),
        "{}",
        answer.text
    );
    assert!(
        String::from_utf8_lossy(&answer.raw)
            .to_lowercase()
            .contains("image/png"),
        "the answer shows the current board"
    );
    assert_eq!(
        hdr(&answer, "Auto-Submitted").as_deref(),
        Some("auto-replied")
    );
    assert_eq!(moves(&q, id), after_place);

    // --- Several lines in one reply are one atomic turn: line 2 fails, nothing applies.
    let now_legal = legal(&q, id, &p.email);
    let worker = now_legal
        .iter()
        .find(|c| c.starts_with("new worker"))
        .expect("a worker may be placed")
        .clone();
    let atomic = p.reply(&stack, &t2, &format!("{worker}\ndig Z99 7"), &mid("atomic"));
    let r = wait_inbound(&mut q, &atomic, 60);
    assert_eq!(r.outcome, "rejected");
    assert!(r.reason.starts_with("line 2 'dig Z99 7'"), "{}", r.reason);
    let answer = p.expect(&q, id, "line 2 ('dig Z99 7') was refused");
    assert!(answer.says("Closest legal commands:"), "{}", answer.text);
    assert_eq!(moves(&q, id), after_place, "line 1 was not applied either");
    assert_eq!(legal(&q, id, &p.email), now_legal);

    // --- Stale reply with a move still legal: asked to confirm, not applied;
    // the same line in reply to that answer is the confirmation.
    let stale_ok = p.reply(&stack, &t1, &worker, &mid("stale-ok"));
    assert_eq!(wait_inbound(&mut q, &stale_ok, 60).outcome, "rejected");
    assert_eq!(moves(&q, id), after_place, "a stale reply moves nothing");
    let ask = p.expect(&q, id, "reply to this mail with them");
    assert!(ask.says(&worker), "{}", ask.text);
    let confirmed = p.reply(&stack, &ask, &worker, &mid("stale-confirmed"));
    assert_eq!(wait_inbound(&mut q, &confirmed, 60).outcome, "applied");
    assert_eq!(moves(&q, id).len(), 2);
    assert_eq!(
        moves(&q, id)[1],
        (p.email.clone(), worker.clone(), confirmed.clone())
    );
    let t3 = p.expect(&q, id, "Your turn in game");

    // --- undo: the own last decision, nobody acted since, nothing revealed.
    let undo = p.reply(&stack, &t3, "undo", &mid("undo"));
    let r = wait_inbound(&mut q, &undo, 60);
    assert_eq!(
        (r.outcome.as_str(), r.reason.as_str()),
        ("applied", format!("undid {worker}").as_str())
    );
    assert_eq!(kinds(&q, id).iter().filter(|k| *k == "undo").count(), 1);
    assert_eq!(legal(&q, id, &p.email), now_legal, "the worker is back");
    let t4 = p.expect(&q, id, "Your turn in game");

    // --- help, moves, board, say.
    let help = p.reply(&stack, &t4, "help", &mid("help"));
    assert_eq!(wait_inbound(&mut q, &help, 60).outcome, "answered");
    p.expect(&q, id, "quipu commands.");
    let mv = p.reply(&stack, &t4, "moves", &mid("moves"));
    assert_eq!(wait_inbound(&mut q, &mv, 60).outcome, "answered");
    let all = p.expect(&q, id, "Every legal command now");
    assert!(all
        .text
        .contains(&format!("Every legal command now ({}):", now_legal.len())));
    assert!(now_legal.iter().all(|c| all.says(c.as_str())));
    let board = o.reply(&stack, &told, "board", &mid("board"));
    assert_eq!(wait_inbound(&mut q, &board, 60).outcome, "answered");
    let b = o.expect(&q, id, "Nothing to do for now");
    assert!(String::from_utf8_lossy(&b.raw)
        .to_lowercase()
        .contains("image/png"));
    let say = o.reply(&stack, &told, "say good luck, have fun", &mid("say"));
    assert_eq!(wait_inbound(&mut q, &say, 60).outcome, "answered");
    let relayed = p.expect(&q, id, "says: \u{201C}good luck, have fun\u{201D}");
    assert!(relayed.says(&o.email));
    assert_eq!(
        kinds(&q, id).iter().filter(|k| *k == "say").count(),
        1,
        "table talk is kept in the log"
    );

    // --- set language ko: the next mails are in Korean.
    let ko = o.reply(&stack, &told, "set language ko", &mid("ko"));
    assert_eq!(wait_inbound(&mut q, &ko, 60).outcome, "answered");
    o.expect(&q, id, "설정했습니다");
    // p ends the turn; o's next turn mail is Korean.
    assert!(legal(&q, id, &p.email).contains(&"end".to_string()));
    let end = p.reply(&stack, &relayed, "end", &mid("end"));
    assert_eq!(wait_inbound(&mut q, &end, 60).outcome, "applied");
    let o_turn = o.expect(&q, id, "당신의 차례입니다");
    assert!(!o_turn.says("Your turn"));
    // Undo is too late now: someone else acts since (and a tile was drawn).
    let late = p.reply(&stack, &relayed, "undo", &mid("late-undo"));
    assert_eq!(wait_inbound(&mut q, &late, 60).outcome, "rejected");
    let moved = moves(&q, id);
    assert_eq!(moved.len(), 3);

    // --- Bad tokens: a mistyped plus-address is answered and changes nothing.
    let token = t4.reply_to.clone().unwrap();
    let (local, domain) = token.split_once('@').unwrap();
    let last = local.chars().last().unwrap();
    let typo = format!(
        "{}{}@{domain}",
        &local[..local.len() - 1],
        if last == 'a' { 'b' } else { 'a' }
    );
    let bad = mid("badtoken");
    stack.send(
        &p.email,
        &typo,
        &reply(&p.email, &typo, &t4, &o_turn.move_links()[0], &bad),
    );
    let r = wait_inbound(&mut q, &bad, 60);
    assert_eq!(r.outcome, "rejected");
    assert_eq!(r.game_id, None);
    let answer = p.inbox.wait_for(60, |m| {
        m.from == q.address && m.says("not valid for any game")
    });
    assert!(answer
        .iter()
        .any(|m| m.subject == "[quipu]" && m.reply_to.is_none()));
    assert_eq!(moves(&q, id), moved);

    // --- Forged From: the bare service address with a game command moves nothing.
    let forged = mid("forged");
    let o_move = o_turn.move_links()[0].clone();
    stack.send(
        &o.email,
        &q.address,
        &plain(
            &o.email,
            &q.address,
            &format!("Re: [quipu #{id}] Tikal"),
            &o_move,
            &forged,
        ),
    );
    let r = wait_inbound(&mut q, &forged, 60);
    assert_eq!(r.outcome, "rejected");
    assert!(
        r.reason.contains("is not a service command"),
        "{}",
        r.reason
    );
    // mallory (no account, no token) at the bare address.
    let mallory = mid("mallory");
    stack.send(
        "mallory@example.test",
        &q.address,
        &plain("mallory@example.test", &q.address, "hi", &o_move, &mallory),
    );
    let r = wait_inbound(&mut q, &mallory, 60);
    assert_eq!(
        (r.outcome.as_str(), r.sender.as_deref()),
        ("rejected", Some("mallory@example.test"))
    );
    // mallory writing from outside with o's real token: the token moves o's seat
    // only through the reply address, never because of the From.
    assert_eq!(moves(&q, id), moved, "no forged mail moved the game");
    assert_eq!(q.show_json(id)["to_act"][0].as_str().unwrap(), o.email);

    // --- Limits: too many command lines, and a mail over the size limit.
    let many = (0..61).map(|_| "board").collect::<Vec<_>>().join("\n");
    let lines = o.reply(&stack, &o_turn, &many, &mid("lines"));
    let r = wait_inbound(&mut q, &lines, 60);
    assert_eq!(r.outcome, "rejected");
    assert_eq!(
        r.reason,
        "Your mail has 61 command lines; at most 60 are read from one mail."
    );
    o.expect(&q, id, "명령이 61줄입니다");
    let big_body = format!(
        "{}\n\n{}",
        o_move,
        "x".repeat(600 * 1024)
            .as_bytes()
            .chunks(76)
            .map(|c| String::from_utf8_lossy(c).to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let big = o.reply(&stack, &o_turn, &big_body, &mid("big"));
    let r = wait_inbound(&mut q, &big, 90);
    assert_eq!(r.outcome, "rejected");
    assert!(
        r.reason.starts_with("Your mail was too large"),
        "{}",
        r.reason
    );
    assert!(r.size > 600 * 1024);
    o.expect(&q, id, "메일이 너무 큽니다");
    assert_eq!(moves(&q, id), moved, "limits move nothing");

    // --- resign: one word only explains (in the reader's language) and
    // changes nothing; `confirm` in a reply to that answer ends the game,
    // and the others are told.
    let resign = o.reply(&stack, &o_turn, "resign", &mid("resign"));
    let r = wait_inbound(&mut q, &resign, 60);
    assert_eq!(r.outcome, "answered", "{}", r.reason);
    let ask = o.expect(&q, id, "아직 아무것도 바뀌지 않았습니다");
    assert!(ask.says("resign confirm"), "{}", ask.text);
    assert_eq!(game_status(&q, id), "active");
    assert_eq!(moves(&q, id), moved, "a bare resign moves nothing");
    assert!(kinds(&q, id).iter().all(|k| k != "drop"));
    let confirm = o.reply(&stack, &ask, "confirm", &mid("resign-confirm"));
    assert_eq!(wait_inbound(&mut q, &confirm, 60).outcome, "applied");
    assert_eq!(game_status(&q, id), "finished");
    assert_eq!(q.show_json(id)["finished"], serde_json::json!(true));
    assert_eq!(kinds(&q, id).iter().filter(|k| *k == "drop").count(), 1);
    p.expect(&q, id, "The game is over");
    // The resigner is told too (in the language they chose).
    o.expect(&q, id, "게임이 끝났습니다");

    // --- A second game by mail that carol declines.
    let id2 = alice.make_game(&stack, &mut q, &format!("new tikal with {}", carol.email));
    let inv = carol.expect(&q, id2, "invites you");
    let no = carol.reply(&stack, &inv, "decline", &mid("decline"));
    assert_eq!(wait_inbound(&mut q, &no, 60).outcome, "answered");
    carol.expect(&q, id2, "You declined");
    // alice reads Korean if she was the seat that set it above.
    let told = if first == alice.email {
        format!("{} declined, so game #{id2} will not start", carol.email)
    } else {
        format!(
            "{}님이 거절하여 #{id2} 게임은 시작되지 않습니다",
            carol.email
        )
    };
    alice.expect(&q, id2, &told);
    assert_eq!(game_status(&q, id2), "abandoned");
    // (`quipu export` cannot set up a game that never got its seats; read the store.)
    assert!(Store::open(&q.db())
        .unwrap()
        .moves(id2)
        .unwrap()
        .iter()
        .all(|m| m.kind != "move"));

    // Every mail the service wrote was accepted by the SMTP server.
    let start = Instant::now();
    loop {
        let v: serde_json::Value = serde_json::from_str(&q.ok(&["outbox", "--json"])).unwrap();
        // The answer to mallory (no such mailbox) is refused by the server for
        // good; everything else must have been accepted.
        let unsent: Vec<&serde_json::Value> = v
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["sent_at"].is_null())
            .collect();
        if unsent.iter().all(|r| {
            r["to"] == "mallory@example.test" && r["error"].as_str().unwrap_or("").contains("550")
        }) {
            assert_eq!(unsent.len(), 1, "{unsent:?}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "outbox not drained: {v}"
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    assert!(q.alive());
}

/// Machine mail and junk: recorded, never answered, never moving a game.
#[test]
fn junk_auto_replies_and_bounces_are_recorded_and_never_answered() {
    let stack = Stack::get();
    stack.purge_inbox("q4");
    let mut q = Quipu::new(&stack, "q4");
    let mut dave = Player::new(&stack, "dave");
    let erin = Player::new(&stack, "erin");
    q.serve();
    let id: i64 = q
        .ok(&[
            "new",
            "tikal",
            "--players",
            &format!("{},{}", dave.email, erin.email),
            "--seed",
            "7",
        ])
        .trim()
        .parse()
        .unwrap();
    let turn = dave.expect(&q, id, "Your turn in game");
    let token = turn.reply_to.clone().unwrap();
    let a_move = turn.move_links()[0].clone();
    let outbox_before = outbox_len(&q);

    let vacation = format!(
        "From: <{d}>\r\nTo: <{token}>\r\nSubject: Out of office: Re: [quipu #{id}] Tikal\r\nMessage-ID: <junk.vacation.{n}@tester.example.test>\r\nAuto-Submitted: auto-replied\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{a_move}\r\nI am away until Monday.\r\n",
        d = dave.email,
        n = std::process::id()
    );
    let bulk = format!(
        "From: <{d}>\r\nTo: <{token}>\r\nSubject: Re: [quipu #{id}] Tikal\r\nMessage-ID: <junk.bulk.{n}@tester.example.test>\r\nPrecedence: bulk\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{a_move}\r\n",
        d = dave.email,
        n = std::process::id()
    );
    let subject_only = format!(
        "From: <{d}>\r\nTo: <{token}>\r\nSubject: Automatic reply: I am on vacation\r\nMessage-ID: <junk.subject.{n}@tester.example.test>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{a_move}\r\n",
        d = dave.email,
        n = std::process::id()
    );
    let bounce = format!(
        "From: MAILER-DAEMON@example.test (Mail Delivery System)\r\nTo: <{q}>\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <junk.bounce.{n}@tester.example.test>\r\nAuto-Submitted: auto-replied\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"b1\"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you that your message could not be delivered.\r\n{a_move}\r\n--b1\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; example.test\r\n\r\nFinal-Recipient: rfc822; nobody@example.test\r\nAction: failed\r\nStatus: 5.1.1\r\n--b1--\r\n",
        q = q.address,
        n = std::process::id()
    );
    // A bounce with only the null envelope sender to tell it apart (From looks like a person).
    let null_path = format!(
        "From: <{d}>\r\nTo: <{token}>\r\nSubject: Re: [quipu #{id}] Tikal\r\nMessage-ID: <junk.null.{n}@tester.example.test>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{a_move}\r\n",
        d = dave.email,
        n = std::process::id()
    );
    let n = std::process::id();
    stack.send(&dave.email, &token, &vacation);
    stack.send(&dave.email, &token, &bulk);
    stack.send(&dave.email, &token, &subject_only);
    stack.send("", &q.address, &bounce);
    stack.send("", &token, &null_path);
    // Binary garbage without any header of its own.
    let mut rng = quipu::engine::Rng::new(99);
    let garbage: String = (0..4000)
        .map(|i| {
            if i % 70 == 69 {
                '\n'
            } else {
                char::from(0x80u8 + (rng.below(0x7f) as u8))
            }
        })
        .collect();
    stack.send(
        &dave.email,
        &q.address,
        &format!("\u{1}\u{2}\u{3}{garbage}\r\n"),
    );

    for what in ["vacation", "bulk", "subject"] {
        let r = wait_inbound(&mut q, &format!("junk.{what}.{n}@tester.example.test"), 60);
        assert_eq!(r.outcome, "ignored", "{what}: {r:?}");
        assert!(
            r.reason.starts_with("automatic mail"),
            "{what}: {}",
            r.reason
        );
    }
    let r = wait_inbound(&mut q, &format!("junk.bounce.{n}@tester.example.test"), 60);
    assert_eq!(r.outcome, "ignored");
    assert!(r.reason.starts_with("bounce"), "{}", r.reason);
    let r = wait_inbound(&mut q, &format!("junk.null.{n}@tester.example.test"), 60);
    assert_eq!(r.outcome, "ignored", "null Return-Path: {r:?}");
    // The garbage is recorded under some id (Postfix's or a content hash).
    let start = Instant::now();
    while inbound_count(&q) < 6 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the garbage was not recorded; log:\n{}",
            q.log()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let rows = Store::open(&q.db()).unwrap().inbound_log(100).unwrap();
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r.outcome == "ignored"), "{rows:?}");

    // Nothing was answered and nothing moved.
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(outbox_len(&q), outbox_before, "machine mail was answered");
    assert!(moves(&q, id).is_empty());
    let extra: Vec<_> = dave
        .inbox
        .fresh()
        .into_iter()
        .filter(|m| m.from == q.address)
        .collect();
    assert!(
        extra.is_empty(),
        "dave got {:?}",
        extra.iter().map(|m| &m.text).collect::<Vec<_>>()
    );
    assert!(q.alive());
    // A person's mail after all that is still played.
    let ok = dave.reply(&stack, &turn, &a_move, &mid("after-junk"));
    assert_eq!(wait_inbound(&mut q, &ok, 60).outcome, "applied");
    assert_eq!(moves(&q, id).len(), 1);
}

#[test]
fn a_seat_offered_by_the_operator_is_taken_by_a_reply_to_the_invitation() {
    let stack = Stack::get();
    // The service account the quickstart uses; no other test reads it.
    stack.purge_inbox("quipu");
    let mut q = Quipu::new(&stack, "quipu");
    let mut alice = Player::new(&stack, "alice");
    let mut bob = Player::new(&stack, "bob");
    let mut frank = Player::new(&stack, "frank");
    // Bob asked for every move: he hears of the start even when he does
    // not act first (by default his first turn mail would tell him).
    q.ok(&["set", &bob.email, "notify", "every"]);
    q.serve();
    let id: i64 = q
        .ok(&[
            "new",
            "tikal",
            "--players",
            &format!("{},{}", alice.email, bob.email),
            "--seed",
            "7",
        ])
        .trim()
        .parse()
        .unwrap();
    let first = q.show_json(id)["to_act"][0].as_str().unwrap().to_string();
    let started = bob.expect(&q, id, "has started");
    // The operator offers bob's seat to frank, who is invited by mail.
    let said = q.ok(&[
        "seat",
        &id.to_string(),
        "--replace",
        &bob.email,
        "--with",
        &frank.email,
    ]);
    assert!(said.contains("is offered to"), "{said}");
    let invitation = frank.expect(&q, id, "You are offered seat 2");
    assert!(invitation.says("Reply 'join'"), "{}", invitation.text);
    assert_eq!(q.show_json(id)["players"][1], bob.email.as_str());
    // Frank's reply (quoting the invitation, as mail clients do) takes the seat.
    let joined = frank.reply(&stack, &invitation, "join", &mid("seat-join"));
    assert_eq!(wait_inbound(&mut q, &joined, 60).outcome, "answered");
    let show = q.show_json(id);
    assert_eq!(
        show["players"],
        serde_json::json!([alice.email.clone(), frank.email.clone()])
    );
    // Frank gets the game so far; bob is told; bob's old reply address no longer plays.
    let history = frank.expect(&q, id, "You take over a seat in game");
    assert!(history.says("has started"), "{}", history.text);
    let told = bob.expect(&q, id, "now holds your seat");
    assert!(told.says(&frank.email), "{}", told.text);
    if first == alice.email {
        let turn = alice.expect(&q, id, "Your turn in game");
        assert!(!turn.move_links().is_empty());
    }
    let stale = bob.reply(&stack, &started, "pass", &mid("seat-stale"));
    let row = wait_inbound(&mut q, &stale, 60);
    assert_eq!(row.outcome, "rejected", "{row:?}");
    assert_eq!(kinds(&q, id).iter().filter(|k| *k == "move").count(), 0);
}
