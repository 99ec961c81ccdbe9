//! The conversation by mail (issue 29) through the real Postfix + Dovecot
//! stack with `quipu serve` running, in English and Korean: a real command
//! the rules refuse now is answered with the rules' reason, the closest
//! legal commands and the lines not tried (Tzolk'in, Through the Ages);
//! table talk does not make the turn mail stale; the headline says "Your
//! turn" to the seat to act and names it to the other; `resign` does nothing
//! until confirmed; `games` lists each game with whose turn it is.

mod support;

use quipu::store::InboundRow;
use std::time::{Duration, Instant};
use support::records::wait_inbound;
use support::{reply, standings, Mailbox, Quipu, Received, Stack};

fn mid(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{tag}.{}.{nanos}@tester.example.test", std::process::id())
}

/// A game on a fresh daemon on `account`, its two players reading `lang`.
struct Table {
    stack: Stack,
    q: Quipu,
    id: i64,
    emails: Vec<String>,
    boxes: Vec<Mailbox>,
}

/// The tests share the stack's player mailboxes: one game at a time, so
/// that no test reads (and so takes) another's mail.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

impl Table {
    fn start(game: &str, account: &str, players: [&str; 2], lang: &str, seed: u64) -> Table {
        let stack = Stack::get();
        stack.purge_inbox(account);
        let mut q = Quipu::new(&stack, account);
        let emails: Vec<String> = players.iter().map(|p| stack.addr(p)).collect();
        for e in &emails {
            q.ok(&["set", e, "language", lang]);
        }
        let mut boxes: Vec<Mailbox> = players.iter().map(|p| Mailbox::new(&stack, p)).collect();
        for b in &mut boxes {
            b.skip_existing();
        }
        q.serve();
        let joined = emails.join(",");
        let seed = seed.to_string();
        let args = ["new", game, "--players", &joined, "--seed", &seed];
        let id: i64 = q.ok(&args).trim().parse().expect("a game number");
        Table {
            stack,
            q,
            id,
            emails,
            boxes,
        }
    }

    /// Waits for player `i`'s next mail of this game that satisfies `pred`.
    fn next(&mut self, i: usize, pred: impl Fn(&Received) -> bool) -> Received {
        let (addr, tag) = (self.q.address.clone(), format!("#{}]", self.id));
        let ours = |m: &Received| m.from == addr && m.subject.contains(&tag);
        let got = self.boxes[i].wait_for(90, |m| ours(m) && pred(m));
        got.into_iter()
            .rev()
            .find(|m| ours(m) && pred(m))
            .expect("a mail")
    }

    /// Player `i` answers `original` with `body`; returns the inbound record.
    fn answer(&mut self, i: usize, original: &Received, body: &str) -> (String, InboundRow) {
        let to = original.reply_to.clone().expect("a Reply-To token");
        let m = mid("conv");
        let me = self.emails[i].clone();
        self.stack
            .send(&me, &to, &reply(&me, &to, original, body, &m));
        let row = wait_inbound(&mut self.q, &m, 90);
        (m, row)
    }

    /// Both players play the game's setup (commands starting with a word of
    /// `setup`, given in both languages where the mail lists Korean words) by
    /// its first offered command until one of them gets a mail whose first
    /// command starts otherwise: that player and the mail.
    fn past_setup(&mut self, setup: &[&str]) -> (usize, Received) {
        let tag = format!("#{}]", self.id);
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(120) {
            for i in 0..2 {
                let fresh = self.boxes[i].fresh();
                let Some(m) = fresh.into_iter().rev().find(|m| {
                    m.from == self.q.address
                        && m.subject.contains(&tag)
                        && !m.move_links().is_empty()
                }) else {
                    continue;
                };
                let links = m.move_links();
                if !setup.iter().any(|w| links[0].starts_with(w)) {
                    return (i, m);
                }
                let (_, row) = self.answer(i, &m, &links[0]);
                assert_eq!(row.outcome.to_string(), "applied", "{row:?}");
            }
            std::thread::sleep(Duration::from_millis(150));
        }
        panic!("the setup did not end; log:\n{}", self.q.log());
    }
}

fn has_picture(m: &Received) -> bool {
    String::from_utf8_lossy(&m.raw).contains("image/png")
}

#[test]
fn tzolkin_refuses_a_real_command_with_the_rules_reason_by_mail() {
    let _serial = one_at_a_time();
    for (lang, account, players) in [
        ("en", "q7", ["erin", "frank"]),
        ("ko", "q8", ["carol", "dave"]),
    ] {
        let mut t = Table::start("tzolkin", account, players, lang, 3);
        let (i, turn) = t.past_setup(&["keep", "선택"]);
        // The headline speaks to the seat to act.
        let (mine, theirs) = match lang {
            "en" => (
                "Your turn: place or pick up workers",
                ") to place or pick up workers",
            ),
            _ => (
                "당신의 차례: 일꾼 놓기 또는 회수",
                ")의 차례: 일꾼 놓기 또는 회수",
            ),
        };
        assert!(turn.says(mine), "{lang}:\n{}", turn.text);
        let (_, row) = t.answer(i, &turn, "beg chaac\n끝");
        assert_eq!(row.outcome.to_string(), "rejected", "{row:?}");
        let (why, closest, untried) = match lang {
            "en" => (
                "was refused. Begging needs 2 corn or fewer; you have",
                "Closest legal commands:",
                "Not tried, because they came after the refused line: '끝'",
            ),
            _ => (
                "거부되었습니다. 구걸하려면 옥수수가 2개 이하여야 합니다. 지금",
                "가장 가까운 가능한 명령:",
                "거부된 줄 뒤에 있어 시도하지 않은 줄: '끝'",
            ),
        };
        let answer = t.next(i, |m| m.says(why));
        for want in [closest, untried] {
            assert!(answer.says(want), "{lang}: {want}\n{}", answer.text);
        }
        assert!(has_picture(&answer), "the refusal shows the board");
        assert!(!answer.says("found no command") && !answer.says("찾지 못했습니다"));

        // Table talk, then a reply to the same turn mail: applied, not stale.
        let (_, said) = t.answer(i, &turn, "say good luck");
        assert_eq!(said.outcome.to_string(), "answered", "{said:?}");
        let other = 1 - i;
        let talk = t.next(other, |m| m.says("good luck"));
        assert!(!has_picture(&talk), "talk comes without the board");
        let first = turn.move_links()[0].clone();
        let (_, moved) = t.answer(i, &turn, &format!("{first}\nend"));
        assert_eq!(moved.outcome.to_string(), "applied", "{moved:?}");
        // The move went through: the other player is to act, and told so.
        let next = t.next(other, |m| !m.move_links().is_empty());
        assert!(next.says(mine), "{lang}:\n{}", next.text);
        // The player who moved asks for the board: it names the seat to act.
        let (_, shown) = t.answer(i, &turn, "board");
        assert_eq!(shown.outcome.to_string(), "answered", "{shown:?}");
        let board = t.next(i, |m| m.says(theirs));
        assert!(!board.says(mine), "{lang}:\n{}", board.text);
    }
}

#[test]
fn through_the_ages_refuses_a_real_command_with_the_rules_reason_by_mail() {
    let _serial = one_at_a_time();
    for (lang, account, players) in [
        ("en", "q9", ["alice", "bob"]),
        ("ko", "q6", ["play", "quipu"]),
    ] {
        let mut t = Table::start("tta", account, players, lang, 5);
        let (i, turn) = t.past_setup(&[]);
        let (_, row) = t.answer(i, &turn, "grow\ndone");
        assert_eq!(row.outcome.to_string(), "rejected", "{row:?}");
        let (why, untried) = match lang {
            "en" => (
                "In the first round you may only take cards from the card row.",
                "Not tried, because they came after the refused line: 'done'",
            ),
            _ => (
                "첫 라운드에는 카드 줄에서 카드를 가져오는 것만 할 수 있습니다.",
                "거부된 줄 뒤에 있어 시도하지 않은 줄: 'done'",
            ),
        };
        let answer = t.next(i, |m| m.says(why));
        assert!(answer.says(untried), "{lang}:\n{}", answer.text);
        // The closest commands in the reader's words: `take` is written
        // `가져오기` for a Korean reader, and read back as `take`.
        let take = match lang {
            "en" => "take",
            _ => "가져오기",
        };
        assert!(
            answer.says(take),
            "the closest legal commands:\n{}",
            answer.text
        );
        assert!(has_picture(&answer), "the refusal shows the board");
        assert_eq!(t.q.show_json(t.id)["finished"], serde_json::json!(false));
    }
}

/// Tawantinsuyu's God cards at the start, every offered `use` written out
/// in one reply: where the rules play the last one by themselves, the reply
/// is applied and that line is listed as done by the rules (seed 2); where
/// a card asks a choice first, the refusal says which and where to write
/// it, and a reply carrying that choice on the next line is applied (seed 3).
#[test]
fn every_written_use_line_is_taken_or_told_what_it_waits_for() {
    let _serial = one_at_a_time();
    for (lang, account, players, seed) in [
        ("en", "q5", ["erin", "frank"], 2),
        ("ko", "q4", ["carol", "dave"], 2),
        ("en", "q3", ["alice", "bob"], 3),
    ] {
        let mut t = Table::start("tawantinsuyu", account, players, lang, seed);
        let (i, turn) = t.past_setup(&["start", "keep"]);
        let uses: Vec<String> = turn
            .move_links()
            .into_iter()
            .filter(|c| c.starts_with("use "))
            .collect();
        assert!(uses.len() >= 3, "{:?}", turn.move_links());
        if seed == 3 {
            // The card that asks a choice first is marked so in the mail: the
            // choice's words, not the command again.
            let marked = "you may write it on the next line of your reply.";
            assert!(
                turn.says("Some of these moves ask a choice right after them (")
                    && turn.says(marked),
                "{marked}\n{}",
                turn.text
            );
        }
        let (_, row) = t.answer(i, &turn, &uses.join("\n"));
        if seed == 2 {
            assert_eq!(row.outcome.to_string(), "applied", "{row:?}");
            let done = match lang {
                "en" => "Already done by the rules (your only remaining choice, played for you):",
                _ => "규칙이 이미 처리함(남은 유일한 선택이라 자동으로 두었습니다):",
            };
            let told = t.next(i, |m| m.says(done));
            assert!(
                told.says(&format!("'{}'", uses[uses.len() - 1])),
                "{}",
                told.text
            );
            continue;
        }
        assert_eq!(row.outcome.to_string(), "rejected", "{row:?}");
        let waits = format!("'{}' asks a choice first (", uses[0]);
        let answer = t.next(i, |m| m.says(&waits));
        assert!(
            answer.says(&format!(
                "Write that choice on the line right after '{}'",
                uses[0]
            )),
            "{}",
            answer.text
        );
        // The choice it asks, on the next line: applied.
        let flat = answer.text.split_whitespace().collect::<Vec<_>>().join(" ");
        let choice = flat
            .split(&waits)
            .nth(1)
            .and_then(|rest| rest.split([')', '|']).next())
            .map(|c| c.trim().to_string())
            .expect("a choice named");
        let (_, row) = t.answer(i, &turn, &format!("{}\n{choice}", uses[0]));
        assert_eq!(row.outcome.to_string(), "applied", "{row:?}");
    }
}

/// `games` and `help` in a reply to a game mail, by mail in both languages:
/// the game by its title with "your turn" to the seat to act, and the
/// game's own commands with the seat's commands now.
#[test]
fn games_and_help_answer_by_mail() {
    let _serial = one_at_a_time();
    for (lang, account, players) in [
        ("en", "q2", ["play", "bob"]),
        ("ko", "q1", ["quipu", "erin"]),
    ] {
        let mut t = Table::start("tzolkin", account, players, lang, 3);
        let (i, turn) = t.past_setup(&["keep", "선택"]);
        let (_, row) = t.answer(i, &turn, "games");
        assert_eq!(row.outcome.to_string(), "answered", "{row:?}");
        let yours = format!(
            "#{} {}",
            t.id,
            match lang {
                "en" => "Tzolk'in: The Mayan Calendar: your turn",
                _ => "출킨: 마야의 달력: 당신 차례",
            }
        );
        t.next(i, |m| m.says(&yours));
        let (_, row) = t.answer(i, &turn, "help");
        assert_eq!(row.outcome.to_string(), "answered", "{row:?}");
        let (commands, now_words) = match lang {
            "en" => ("Commands: place <gear>", "You may write now"),
            _ => ("명령: 배치 <기어>", "지금 쓸 수 있는 명령"),
        };
        let help = t.next(i, |m| m.says(commands));
        assert!(help.says(now_words), "{}", help.text);
    }
}

/// Tikal, Cuzco and Tawantinsuyu by mail, in both languages: a real
/// command that the rules refuse at the first turn is answered with the
/// game's reason and the lines after it not tried, and nothing moves.
#[test]
fn the_other_games_refuse_a_real_command_with_the_rules_reason_by_mail() {
    let _serial = one_at_a_time();
    let cases: [(&str, &[&str], &str, &str, &str); 6] = [
        ("tikal", &[], "en", "dig A7\nend", "First place the hex you drew ('place <space> r<turn>', see the list of places); 'dig' comes after it"),
        ("tikal", &[], "ko", "dig A7\nend", "먼저 뽑은 지형을 놓으세요('place <칸> r<회전>', 가능한 자리 목록 참고). 'dig'은(는) 그다음에"),
        ("cuzco", &[], "en", "enter H5\nend", "Your turn starts with placing a terrain tile ('place …', see the list); 'enter' comes after it."),
        ("cuzco", &[], "ko", "enter H5\nend", "차례는 지형 타일 하나를 놓는 것('place …', 목록 참고)으로 시작합니다. 'enter'은(는) 그다음에 할 수 있습니다."),
        ("tawantinsuyu", &["start", "keep"], "en", "pray\nend", "'pray' answers another decision than the one the game asks of you now:"),
        ("tawantinsuyu", &["start", "keep"], "ko", "pray\nend", "'pray'은(는) 지금 게임이 묻는 결정에 대한 답이 아닙니다. 지금 할 일:"),
    ];
    for (n, (game, setup, lang, body, why)) in cases.into_iter().enumerate() {
        let (account, players) = if n % 2 == 0 {
            ("q7", ["erin", "frank"])
        } else {
            ("q8", ["carol", "dave"])
        };
        let mut t = Table::start(game, account, players, lang, 3);
        let (i, turn) = t.past_setup(setup);
        let before = t.q.show_json(t.id)["history"].clone();
        let (_, row) = t.answer(i, &turn, body);
        assert_eq!(
            row.outcome.to_string(),
            "rejected",
            "{game} {lang}: {row:?}"
        );
        let answer = t.next(i, |m| m.says(why));
        let untried = match lang {
            "en" => "Not tried, because they came after the refused line: 'end'",
            _ => "거부된 줄 뒤에 있어 시도하지 않은 줄: 'end'",
        };
        assert!(answer.says(untried), "{game} {lang}:\n{}", answer.text);
        assert!(has_picture(&answer), "the refusal shows the board");
        assert_eq!(t.q.show_json(t.id)["history"], before, "nothing moved");
    }
}

/// The game-over mail by mail, one player reading English and the other
/// Korean, in Tikal and Through the Ages: the result first, then a line per
/// seat with its score and what it counted (the game's own final scoring),
/// the parts adding up to the score. The game is driven to its last move
/// through the service on the daemon's database; the last move is a reply
/// by mail.
#[test]
fn the_game_over_mail_explains_each_score_in_one_line() {
    let _serial = one_at_a_time();
    for (game, seed, counted) in [
        (
            "tikal",
            11,
            ["Before the final round ", "마지막 득점 라운드 전 "],
        ),
        ("tta", 5, ["During the game ", "게임 중 "]),
    ] {
        let stack = Stack::get();
        stack.purge_inbox("q2");
        let mut q = Quipu::new(&stack, "q2");
        let users = ["play", "bob"];
        let emails: Vec<String> = users.iter().map(|u| stack.addr(u)).collect();
        q.ok(&["set", &emails[0], "language", "en"]);
        q.ok(&["set", &emails[1], "language", "ko"]);
        let mut boxes: Vec<Mailbox> = users.iter().map(|u| Mailbox::new(&stack, u)).collect();
        for b in &mut boxes {
            b.skip_existing();
        }
        let s = quipu::service::Service::open(support::planted::config(&q.dir, &q.address))
            .expect("the daemon's database opens");
        let now = chrono::Utc::now();
        let id = s
            .create_game(
                &quipu::service::NewGameRequest {
                    game: game.into(),
                    players: emails.clone(),
                    seed: Some(seed),
                    ..Default::default()
                },
                now,
            )
            .expect("game made");
        // Every move but the one that ends the game, found on a copy.
        let mut rng = quipu::engine::Rng::new(seed);
        let (who, last) = loop {
            let who = s.to_act(id).unwrap()[0].clone();
            let legal: Vec<String> = s
                .legal(id, &who)
                .unwrap()
                .into_iter()
                .filter(|c| c != "resign")
                .collect();
            let cmd = rng.pick(&legal).expect("a legal move").clone();
            let seat = s
                .emails(id)
                .unwrap()
                .iter()
                .position(|e| *e == who)
                .unwrap();
            let mut copy = s.table(id).unwrap();
            copy.play(quipu::engine::Seat(seat), &cmd).expect("legal");
            if copy.outcome().is_some() {
                break (who, cmd);
            }
            s.play(id, &who, &[cmd], "cli", now).expect("applied");
        };
        let newest = s
            .store
            .outbox(Some(id))
            .unwrap()
            .into_iter()
            .rev()
            .find(|r| r.recipient == who)
            .expect("a mail to the seat to act")
            .message_id;
        drop(s);
        q.serve();
        let i = emails.iter().position(|e| *e == who).unwrap();
        let turn = boxes[i]
            .wait_for(120, |m| m.message_id == newest)
            .into_iter()
            .find(|m| m.message_id == newest)
            .unwrap();
        let to = turn.reply_to.clone().expect("a token");
        let m = mid("last");
        stack.send(&who, &to, &reply(&who, &to, &turn, &last, &m));
        assert_eq!(wait_inbound(&mut q, &m, 90).outcome.to_string(), "applied");
        for (k, over) in ["The game is over: ", "게임이 끝났습니다. "]
            .iter()
            .enumerate()
        {
            let got = boxes[k].wait_for(90, |m| m.says(over));
            let mail = got.iter().rev().find(|m| m.says(over)).unwrap();
            let flat = mail.text.split_whitespace().collect::<Vec<_>>().join(" ");
            let (first, second) = if k == 0 {
                ("1. ", "2. ")
            } else {
                ("1위 ", "2위 ")
            };
            for rank in [first, second] {
                // Ranks may tie: "1. …" twice and no "2. …".
                let Some(line) = standings::rank_line(&mail.text, rank) else {
                    assert_eq!(rank, second, "{game}: {}", mail.text);
                    continue;
                };
                assert!(line.contains(counted[k]), "{game}: what it counted: {line}");
                let (score, parts) = standings::score_and_parts(&line);
                assert_eq!(score, parts, "{game}: the parts add up: {line}");
            }
            assert!(
                flat.find(over.trim()) < flat.find(first),
                "{game}: the result first"
            );
        }
    }
}
