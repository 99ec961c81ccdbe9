//! Bot seats at the service's tables: made from the CLI (`--players
//! ...,bot`) and by mail (`new tikal with bot:easy`), handed a seat with
//! `seat --replace OLD --with bot` and back, playing a timed-out turn
//! under `timeout=bot`, and a solo game against two bots, through the real
//! Postfix + Dovecot stack where mail is involved. A bot seat gets no mail,
//! and the others' mails name it "Bot (seat N)".

mod support;

use chrono::{DateTime, Duration, Utc};
use quipu::engine::Rng;
use quipu::store::{MoveRow, Store};
use std::time::Instant;
use support::records::wait_inbound;
use support::{reply, Mailbox, Quipu, Received, Stack};

fn show(q: &Quipu, id: i64) -> serde_json::Value {
    q.show_json(id)
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn moves(q: &Quipu, id: i64) -> Vec<MoveRow> {
    Store::open(&q.db()).unwrap().moves(id).unwrap()
}

/// Every recipient of the outbox of game `id`.
fn recipients(q: &Quipu, id: i64) -> Vec<String> {
    let store = Store::open(&q.db()).unwrap();
    let rows = store.outbox(Some(id)).unwrap();
    rows.into_iter().map(|r| r.recipient).collect()
}

/// The plain text of the last mail to `who` in the outbox of game `id`.
fn last_text_to(q: &Quipu, id: i64, who: &str) -> String {
    let store = Store::open(&q.db()).unwrap();
    let rows = store.outbox(Some(id)).unwrap();
    rows.into_iter()
        .rev()
        .find(|r| r.recipient == who)
        .and_then(|r| r.plain_text)
        .unwrap_or_default()
}

fn flat(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn tick(q: &Quipu, at: Option<DateTime<Utc>>) -> serde_json::Value {
    let mut args = vec!["tick".to_string()];
    if let Some(t) = at {
        args.push("--at".into());
        args.push(t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    serde_json::from_str(&q.ok(&args)).expect("a tick report")
}

fn new_game(q: &Quipu, game: &str, players: &[&str], options: &[&str]) -> i64 {
    let joined = players.join(",");
    let mut args = vec!["new", game, "--players", &joined, "--seed", "3"];
    for o in options {
        args.extend(["--option", o]);
    }
    q.ok(&args).trim().parse().expect("a game number")
}

/// Plays `who`'s whole decision from the CLI, first legal command each time.
fn play_turn_by_cli(q: &Quipu, id: i64, who: &str) {
    let ids = id.to_string();
    for _ in 0..60 {
        if strings(&show(q, id)["to_act"]) != [who.to_string()] {
            return;
        }
        let legal = q.ok(&["legal", &ids, "--as", who]);
        let cmd = legal
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && *l != "resign")
            .expect("a legal command")
            .to_string();
        q.ok(&["move", &ids, "--as", who, &cmd]);
    }
    panic!("{who}'s decision did not end");
}

#[test]
fn a_bot_seat_made_from_the_cli_is_played_by_tick_and_gets_no_mail() {
    let stack = Stack::get();
    let q = Quipu::new(&stack, "q6");
    let alice = stack.addr("alice");
    let id = new_game(&q, "tikal", &[&alice, "bot:easy"], &[]);
    let s = show(&q, id);
    assert_eq!(strings(&s["players"]), [alice.clone(), "bot-1".into()]);
    assert_eq!(strings(&s["to_act"]), std::slice::from_ref(&alice));
    play_turn_by_cli(&q, id, &alice);
    assert_eq!(strings(&show(&q, id)["to_act"]), ["bot-1".to_string()]);
    let r = tick(&q, None);
    assert_eq!(r["bot_turns"], 1, "{r}");
    assert_eq!(
        strings(&show(&q, id)["to_act"]),
        std::slice::from_ref(&alice)
    );
    // The bot's decision is in the history like a player's, by its seat.
    let bot_moves: Vec<MoveRow> = moves(&q, id)
        .into_iter()
        .filter(|m| m.email.as_deref() == Some("bot-1"))
        .collect();
    assert!(!bot_moves.is_empty());
    assert!(bot_moves
        .iter()
        .all(|m| m.source == "bot-seat" && m.seat == Some(1)));
    // Nothing is queued to the bot; Alice's mail names it by its seat.
    let to = recipients(&q, id);
    assert!(to.iter().all(|r| r.contains('@')), "{to:?}");
    assert!(to.contains(&alice));
    let text = flat(&last_text_to(&q, id, &alice));
    assert!(text.contains("Bot (seat 2)"), "{text}");
    // Nothing more for the bot to do until Alice has played.
    assert_eq!(tick(&q, None)["bot_turns"], 0);
}

#[test]
fn a_seat_is_handed_to_a_bot_and_back_from_the_cli() {
    let stack = Stack::get();
    let q = Quipu::new(&stack, "q6");
    let (alice, bob, carol) = (stack.addr("alice"), stack.addr("bob"), stack.addr("carol"));
    let id = new_game(&q, "tikal", &[&alice, &bob], &[]);
    let ids = id.to_string();
    q.ok(&[
        "seat",
        &ids,
        "--replace",
        &bob,
        "--with",
        "bot:easy",
        "--at-once",
    ]);
    assert_eq!(
        strings(&show(&q, id)["players"]),
        [alice.clone(), "bot-1".into()]
    );
    let told = flat(&last_text_to(&q, id, &bob));
    assert!(told.contains("bot now holds your seat"), "{told}");
    play_turn_by_cli(&q, id, &alice);
    assert_eq!(tick(&q, None)["bot_turns"], 1);
    assert_eq!(
        strings(&show(&q, id)["to_act"]),
        std::slice::from_ref(&alice)
    );
    assert!(moves(&q, id)
        .iter()
        .any(|m| m.email.as_deref() == Some("bot-1") && m.source == "bot-seat"));
    // The seat goes to a person again the usual way; `bot` names the only bot.
    q.ok(&[
        "seat",
        &ids,
        "--replace",
        "bot",
        "--with",
        &carol,
        "--at-once",
    ]);
    assert_eq!(
        strings(&show(&q, id)["players"]),
        [alice.clone(), carol.clone()]
    );
    play_turn_by_cli(&q, id, &alice);
    assert_eq!(
        strings(&show(&q, id)["to_act"]),
        std::slice::from_ref(&carol)
    );
    assert_eq!(tick(&q, None)["bot_turns"], 0, "the bot left the seat");
    assert!(recipients(&q, id).contains(&carol));
    assert!(!recipients(&q, id).iter().any(|r| r.starts_with("bot")));
    // A word that names no level is refused, and so is a table of bots alone.
    assert!(!q
        .cli(&["new", "tikal", "--players", &format!("{alice},bot:expert")])
        .status
        .success());
    assert!(!q
        .cli(&["new", "tikal", "--players", "bot,bot"])
        .status
        .success());
}

/// A plain new mail (not a reply).
fn plain(from: &str, to: &str, body: &str, mid: &str) -> String {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: game\r\nMessage-ID: <{mid}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
}

fn mid(tag: &str, n: u64) -> String {
    format!("{tag}.{}.{n}@tester.example.test", std::process::id())
}

/// A daemon on `account` with an empty inbox, its limits above a
/// scripted player's pace.
fn daemon(stack: &Stack, account: &str) -> Quipu {
    stack.purge_inbox(account);
    let mut q = Quipu::new(stack, account);
    q.configure("[limits]\nper_sender_per_hour = 2000\n");
    q.serve();
    q
}

/// `player` asks for a game by mail with `line` and confirms it; returns
/// the game's number.
fn make_game_by_mail(
    stack: &Stack,
    q: &mut Quipu,
    player: &str,
    inbox: &mut Mailbox,
    line: &str,
) -> i64 {
    let ask = mid("new", 1);
    stack.send(player, &q.address, &plain(player, &q.address, line, &ask));
    let asked = wait_inbound(q, &ask, 60);
    assert_eq!(asked.outcome, "answered", "{asked:?}");
    let addr = q.address.clone();
    let got = inbox.wait_for(60, |m| m.from == addr && m.says("'confirm'"));
    let confirmation = got.into_iter().rev().find(|m| m.says("'confirm'")).unwrap();
    let to = confirmation.reply_to.clone().expect("a Reply-To token");
    let yes = mid("confirm", 2);
    stack.send(
        player,
        &to,
        &reply(player, &to, &confirmation, "confirm", &yes),
    );
    let made = wait_inbound(q, &yes, 60);
    assert_eq!(made.outcome, "applied", "{made:?}");
    made.reason
        .strip_prefix("created game ")
        .expect("created game N")
        .parse()
        .unwrap()
}

/// The seat number (1-based) of each bot row of game `id`.
fn bot_seats(q: &Quipu, id: i64) -> Vec<usize> {
    strings(&show(q, id)["players"])
        .iter()
        .enumerate()
        .filter(|(_, p)| p.starts_with("bot-"))
        .map(|(i, _)| i + 1)
        .collect()
}

/// Answers the player's game mails with one of their move links each, at
/// random, until `enough` holds or `minutes` pass; returns every mail of
/// the game the player read.
fn play_by_mail(
    stack: &Stack,
    q: &mut Quipu,
    id: i64,
    player: &str,
    inbox: &mut Mailbox,
    minutes: u64,
    enough: impl Fn(&Quipu, &[Received]) -> bool,
) -> Vec<Received> {
    let tag = format!("#{id}]");
    let mut rng = Rng::new(id as u64 + 7);
    let mut read: Vec<Received> = Vec::new();
    let mut answered: Vec<String> = Vec::new();
    let start = Instant::now();
    let mut n = 10;
    loop {
        assert!(q.alive(), "the daemon died; log:\n{}", q.log());
        assert!(
            start.elapsed() < std::time::Duration::from_secs(minutes * 60),
            "not done in {minutes} min; log:\n{}",
            q.log()
        );
        read.extend(
            inbox
                .fresh()
                .into_iter()
                .filter(|m| m.from == q.address && m.subject.contains(&tag)),
        );
        if enough(q, &read) {
            return read;
        }
        // The newest mail with moves is the one to answer.
        if let Some(m) = read.iter().rev().find(|m| !m.move_links().is_empty()) {
            if !answered.contains(&m.message_id) {
                let links = m.move_links();
                let choice = links[rng.below(links.len())].clone();
                let to = m.reply_to.clone().expect("a Reply-To with the token");
                n += 1;
                stack.send(
                    player,
                    &to,
                    &reply(player, &to, m, &choice, &mid("move", n)),
                );
                answered.push(m.message_id.clone());
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}

#[test]
fn a_game_with_a_bot_made_by_mail_is_played_by_mail_to_its_end() {
    let stack = Stack::get();
    let mut q = daemon(&stack, "q7");
    let erin = stack.addr("erin");
    let mut inbox = Mailbox::new(&stack, "erin");
    inbox.skip_existing();
    let id = make_game_by_mail(
        &stack,
        &mut q,
        &erin,
        &mut inbox,
        "new tikal with bot:easy mini=on",
    );
    let bots = bot_seats(&q, id);
    assert_eq!(bots.len(), 1);
    let read = play_by_mail(&stack, &mut q, id, &erin, &mut inbox, 20, |q, read| {
        show(q, id)["finished"] == serde_json::json!(true)
            && read.iter().any(|m| m.says("The game is over"))
    });
    // Erin's mail named the bot by its seat, and told of its moves.
    let name = format!("Bot (seat {})", bots[0]);
    assert!(read.iter().filter(|m| m.says(&name)).count() > 2, "{name}");
    let s = show(&q, id);
    assert_eq!(s["scores"].as_object().map(|o| o.len()), Some(2));
    let all = moves(&q, id);
    let by_bot: Vec<&MoveRow> = all
        .iter()
        .filter(|m| m.email.as_deref() == Some("bot-1"))
        .collect();
    let by_erin = all
        .iter()
        .filter(|m| m.email.as_deref() == Some(erin.as_str()))
        .count();
    assert!(
        by_bot.len() > 5 && by_erin > 5,
        "{} {by_erin}",
        by_bot.len()
    );
    assert!(by_bot.iter().all(|m| m.source == "bot-seat"));
    // No mail was ever queued to the bot.
    assert!(
        recipients(&q, id).iter().all(|r| r == &erin),
        "{:?}",
        recipients(&q, id)
    );
}

#[test]
fn a_late_player_is_replaced_by_the_bot_and_the_game_goes_on_by_mail() {
    let stack = Stack::get();
    stack.purge_inbox("q8");
    let mut q = Quipu::new(&stack, "q8");
    let (carol, dave) = (stack.addr("carol"), stack.addr("dave"));
    let mut dave_box = Mailbox::new(&stack, "dave");
    dave_box.skip_existing();
    let id = new_game(
        &q,
        "tikal",
        &[&carol, &dave],
        &["deadline=1h", "timeout=bot"],
    );
    let s = show(&q, id);
    assert_eq!(strings(&s["to_act"]), std::slice::from_ref(&carol));
    let due: DateTime<Utc> = DateTime::parse_from_rfc3339(s["deadline"].as_str().unwrap())
        .unwrap()
        .with_timezone(&Utc);
    let r = tick(&q, Some(due + Duration::minutes(1)));
    assert_eq!(r["timeouts"], 1, "{r}");
    // The bot played Carol's whole turn, recorded as the clock's move.
    assert_eq!(
        strings(&show(&q, id)["to_act"]),
        std::slice::from_ref(&dave)
    );
    let carols: Vec<MoveRow> = moves(&q, id)
        .into_iter()
        .filter(|m| m.email.as_deref() == Some(carol.as_str()))
        .collect();
    assert!(!carols.is_empty());
    assert!(carols.iter().all(|m| m.source == "bot"));
    q.ok(&["flush"]);
    let addr = q.address.clone();
    let got = dave_box.wait_for(60, |m| m.from == addr && m.says("made by the clock: bot"));
    let turn = got
        .into_iter()
        .rev()
        .find(|m| !m.move_links().is_empty())
        .expect("Dave's turn mail");
    // Dave answers by mail: the game goes on.
    q.configure("[limits]\nper_sender_per_hour = 2000\n");
    q.serve();
    let to = turn.reply_to.clone().unwrap();
    let choice = turn.move_links()[0].clone();
    let m = mid("late", 1);
    stack.send(&dave, &to, &reply(&dave, &to, &turn, &choice, &m));
    let row = wait_inbound(&mut q, &m, 60);
    assert_eq!(row.outcome, "applied", "{row:?}");
    assert!(moves(&q, id)
        .iter()
        .any(|m| m.email.as_deref() == Some(dave.as_str()) && m.source.contains('@')));
}

#[test]
fn a_solo_game_against_two_bots_by_mail() {
    let stack = Stack::get();
    let mut q = daemon(&stack, "q9");
    let frank = stack.addr("frank");
    let mut inbox = Mailbox::new(&stack, "frank");
    inbox.skip_existing();
    let id = make_game_by_mail(
        &stack,
        &mut q,
        &frank,
        &mut inbox,
        "new tzolkin with bot, bot:easy",
    );
    let s = show(&q, id);
    assert_eq!(s["status"], "active", "a solo game starts at once: {s}");
    let bots = bot_seats(&q, id);
    assert_eq!(bots.len(), 2);
    // Frank plays on until both bots have made several decisions.
    let read = play_by_mail(&stack, &mut q, id, &frank, &mut inbox, 10, |q, _| {
        let all = moves(q, id);
        ["bot-1", "bot-2"].iter().all(|b| {
            all.iter()
                .filter(|m| m.email.as_deref() == Some(*b) && m.source == "bot-seat")
                .count()
                >= 4
        })
    });
    for seat in &bots {
        let name = format!("Bot (seat {seat})");
        assert!(read.iter().any(|m| m.says(&name)), "{name}");
    }
    assert!(recipients(&q, id).iter().all(|r| r == &frank));
}

#[test]
fn a_seat_held_by_a_bot_goes_back_to_a_person_who_joins_by_mail() {
    let stack = Stack::get();
    stack.purge_inbox("q5");
    let mut q = Quipu::new(&stack, "q5");
    let (alice, erin, frank) = (stack.addr("alice"), stack.addr("erin"), stack.addr("frank"));
    let mut frank_box = Mailbox::new(&stack, "frank");
    frank_box.skip_existing();
    let id = new_game(&q, "tikal", &[&alice, &erin], &[]);
    let ids = id.to_string();
    q.ok(&[
        "seat",
        &ids,
        "--replace",
        &erin,
        "--with",
        "bot",
        "--at-once",
    ]);
    assert_eq!(bot_seats(&q, id), [2]);
    // Alice plays; the bot answers for seat 2 by `tick`.
    play_turn_by_cli(&q, id, &alice);
    assert_eq!(tick(&q, None)["bot_turns"], 1);
    let bot_moves = moves(&q, id)
        .iter()
        .filter(|m| m.source == "bot-seat")
        .count();
    assert!(bot_moves > 0);
    // The usual way back: the operator offers the bot's seat to a person,
    // who takes it by answering the invitation.
    let said = q.ok(&["seat", &ids, "--replace", "bot", "--with", &frank]);
    assert!(said.contains("is offered to"), "{said}");
    assert_eq!(
        bot_seats(&q, id),
        [2],
        "the bot keeps the seat until Frank joins"
    );
    q.configure("[limits]\nper_sender_per_hour = 2000\n");
    q.serve();
    let addr = q.address.clone();
    let got = frank_box.wait_for(60, |m| m.from == addr && m.says("You are offered seat 2"));
    let invitation = got
        .into_iter()
        .rev()
        .find(|m| m.says("You are offered seat 2"))
        .expect("Frank's invitation");
    assert!(invitation.says("Reply 'join'"), "{}", invitation.text);
    let to = invitation
        .reply_to
        .clone()
        .expect("a Reply-To with the token");
    let join = mid("bot-back", 1);
    stack.send(&frank, &to, &reply(&frank, &to, &invitation, "join", &join));
    assert_eq!(wait_inbound(&mut q, &join, 60).outcome, "answered");
    assert_eq!(
        strings(&show(&q, id)["players"]),
        [alice.clone(), frank.clone()]
    );
    assert!(bot_seats(&q, id).is_empty());
    let got = frank_box.wait_for(60, |m| {
        m.from == addr && m.says("You take over a seat in game")
    });
    assert!(!got.is_empty());
    // From now on seat 2 is Frank's: the bot plays no more of it.
    play_turn_by_cli(&q, id, &alice);
    assert_eq!(
        strings(&show(&q, id)["to_act"]),
        std::slice::from_ref(&frank)
    );
    std::thread::sleep(std::time::Duration::from_secs(3));
    let after = moves(&q, id)
        .iter()
        .filter(|m| m.source == "bot-seat")
        .count();
    assert_eq!(after, bot_moves, "no bot move after Frank took the seat");
    assert_eq!(
        strings(&show(&q, id)["to_act"]),
        std::slice::from_ref(&frank)
    );
}
