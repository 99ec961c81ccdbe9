//! The conversation by mail (issue 29), through the service on a real
//! SQLite file with real MIME: refusals of real commands say why and what
//! would be right, only decisions make a mail stale, a line the rules
//! already played is accepted, leaving asks to confirm, and the default
//! mail is one per turn of the player's, in English and Korean.

#[path = "support/browser.rs"]
mod browser;
#[path = "support/driving.rs"]
mod driving;
#[path = "support/standings.rs"]
mod standings;

use chrono::{DateTime, Utc};
use driving::{now, ALICE, BOB};
use quipu::engine::{Game, Rng};
use quipu::service::Service;

fn service(name: &str) -> Service {
    let dir = std::env::temp_dir().join(format!("quipu-conv-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    driving::service(&dir)
}

/// A reply from `from` to game `id` with its token, answering `answers`
/// (a Message-ID of ours) when given.
fn reply(s: &Service, id: i64, from: &str, n: &str, answers: Option<&str>, body: &str) -> Vec<u8> {
    let to = format!("quipu+{}@example.test", s.reply_token(id, from));
    let irt = answers
        .map(|m| format!("In-Reply-To: <{m}>\r\nReferences: <{m}>\r\n"))
        .unwrap_or_default();
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: game\r\nMessage-ID: <{n}@client.test>\r\n{irt}Date: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// The mails to `who` in order: (kind, Message-ID, plain text, size, has a picture).
struct Mail {
    kind: String,
    id: String,
    text: String,
    size: usize,
    picture: bool,
}

fn mails_to(s: &Service, who: &str) -> Vec<Mail> {
    s.store
        .outbox(None)
        .unwrap()
        .into_iter()
        .filter(|r| r.recipient == who)
        .map(|r| {
            let m = mail_parser::MessageParser::default().parse(&r.raw).unwrap();
            Mail {
                kind: r.kind.to_string(),
                id: r.message_id.clone(),
                text: m.body_text(0).map(|t| t.to_string()).unwrap_or_default(),
                size: r.raw.len(),
                picture: String::from_utf8_lossy(&r.raw).contains("image/png"),
            }
        })
        .collect()
}

fn last_to(s: &Service, who: &str) -> Mail {
    mails_to(s, who).pop().expect("a mail")
}

fn handle(s: &Service, raw: &[u8], t: DateTime<Utc>) -> quipu::service::MailOutcome {
    s.handle_mail(raw, t).unwrap()
}

/// Tzolk'in between Alice and Bob reading `lang`, past the choice of
/// starting wealth (both keep their first pair): Alice's first placement.
fn tzolkin(s: &Service, lang: &str) -> i64 {
    let id = driving::start(s, "tzolkin", lang, 3, &[]);
    for _ in 0..4 {
        let Some(who) = s.to_act(id).unwrap().first().cloned() else {
            break;
        };
        let legal = s.legal(id, &who).unwrap();
        if !legal[0].starts_with("keep") {
            break;
        }
        s.in_transaction_play(id, &who, &[legal[0].clone()], now())
            .unwrap();
    }
    id
}

/// The seat to act and its address.
fn to_act(s: &Service, id: i64) -> String {
    s.to_act(id).unwrap()[0].clone()
}

#[test]
fn a_real_command_not_possible_now_is_refused_with_why_and_what_instead() {
    for lang in ["en", "ko"] {
        let s = service(&format!("refused-{lang}"));
        let id = tzolkin(&s, lang);
        let who = to_act(&s, id);
        let moves_before = s.store.move_count(id).unwrap();
        let out = handle(&s, &reply(&s, id, &who, "r1", None, "beg chaac\n끝"), now());
        assert_eq!(out.outcome, "rejected", "{}", out.reason);
        assert_eq!(s.store.move_count(id).unwrap(), moves_before);
        let m = last_to(&s, &who);
        assert!(m.picture, "the refusal shows the board");
        let (why, closest, untried) = match lang {
            "en" => (
                "line 1 ('beg chaac') was refused. Begging needs 2 corn or fewer; you have 10.",
                "Closest legal commands: place",
                "Not tried, because they came after the refused line: '끝'",
            ),
            _ => (
                "1번째 줄('beg chaac')이 거부되었습니다. 구걸하려면 옥수수가 2개 이하여야 합니다. 지금 10개 있습니다.",
                "가장 가까운 가능한 명령: 배치",
                "거부된 줄 뒤에 있어 시도하지 않은 줄: '끝'",
            ),
        };
        // The plain text keeps to 78 columns: read its sentences across lines.
        let flat = m.text.split_whitespace().collect::<Vec<_>>().join(" ");
        for want in [why, closest, untried] {
            assert!(flat.contains(want), "{lang}: {want}\n{}", m.text);
        }
        assert!(!m.text.contains("found no command") && !m.text.contains("찾지 못했습니다"));
        assert!(!m.text.contains("Not read as commands") && !m.text.contains("명령으로 읽지 않은"));
    }
}

#[test]
fn table_talk_does_not_make_the_turn_mail_stale() {
    for lang in ["en", "ko"] {
        let s = service(&format!("stale-{lang}"));
        let id = tzolkin(&s, lang);
        let who = to_act(&s, id);
        let turn_mail = last_to(&s, &who);
        assert_eq!(turn_mail.kind, "turn");
        let out = handle(&s, &reply(&s, id, &who, "s1", None, "say good luck"), now());
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        // The turn mail is still the newest with the board: its reply moves.
        let out = handle(
            &s,
            &reply(&s, id, &who, "s2", Some(&turn_mail.id), "place yax\nend"),
            now(),
        );
        assert_eq!(out.outcome, "applied", "{lang}: {}", out.reason);
        // A second reply to the same mail after that move is stale.
        let out = handle(
            &s,
            &reply(&s, id, &who, "s3", Some(&turn_mail.id), "place pal\nend"),
            now(),
        );
        assert_eq!(out.outcome, "rejected", "{}", out.reason);
        assert!(out.reason.starts_with("stale reply"), "{}", out.reason);
    }
}

#[test]
fn resign_does_nothing_until_confirmed() {
    for lang in ["en", "ko"] {
        let s = service(&format!("resign-{lang}"));
        let id = tzolkin(&s, lang);
        let out = handle(&s, &reply(&s, id, ALICE, "q1", None, "resign"), now());
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        assert_eq!(s.game(id).unwrap().status.to_string(), "active");
        let answer = last_to(&s, ALICE);
        let explained = match lang {
            "en" => "Resigning leaves game #1 for good: the game ends now",
            _ => "기권하면 #1 게임을 완전히 떠납니다: 게임이 바로 끝나고",
        };
        assert!(answer.text.contains(explained), "{}", answer.text);
        assert!(answer.text.contains("'resign confirm'"), "{}", answer.text);
        // A bare `confirm` elsewhere does nothing; in a reply to that answer it resigns.
        let out = handle(&s, &reply(&s, id, ALICE, "q2", None, "confirm"), now());
        assert_ne!(out.outcome, "applied", "{}", out.reason);
        assert_eq!(s.game(id).unwrap().status.to_string(), "active");
        let out = handle(
            &s,
            &reply(&s, id, ALICE, "q3", Some(&answer.id), "confirm"),
            now(),
        );
        assert_eq!(out.outcome, "applied", "{}", out.reason);
        assert_eq!(s.game(id).unwrap().status.to_string(), "finished");
        let over = last_to(&s, BOB);
        assert_eq!(over.kind, "over");
        // No turn mail ever offers `resign` as a link.
        for m in mails_to(&s, BOB).iter().chain(mails_to(&s, ALICE).iter()) {
            assert!(!m.text.contains("mailto:") || !m.text.contains("body=resign"));
        }
    }
}

#[test]
fn resign_confirm_on_one_line_resigns() {
    let s = service("resign-line");
    let id = tzolkin(&s, "en");
    let out = handle(&s, &reply(&s, id, BOB, "c1", None, "resign confirm"), now());
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.game(id).unwrap().status.to_string(), "finished");
}

/// A whole game of Tzolk'in by mail under the default setting: no player
/// gets more than one mail per decision of theirs plus the game's end, the
/// turn mails say how to get more or less, and the picture comes once per
/// turn; `set notify every` brings news mails without a picture, small.
#[test]
fn the_default_is_one_mail_per_turn_and_news_is_light() {
    for lang in ["en", "ko"] {
        let s = service(&format!("count-{lang}"));
        let id = driving::start(&s, "tzolkin", lang, 5, &[]);
        let bob_every = handle(
            &s,
            &reply(&s, id, BOB, "n0", None, "set notify every"),
            now(),
        );
        assert_eq!(bob_every.outcome, "answered", "{}", bob_every.reason);
        let after_setting = mails_to(&s, BOB).len();
        let mut rng = Rng::new(7);
        let mut decisions = std::collections::BTreeMap::new();
        for n in 0..2000 {
            let Some(who) = s.to_act(id).unwrap().first().cloned() else {
                break;
            };
            let legal = s.legal(id, &who).unwrap();
            let cmd = rng.pick(&legal).unwrap().clone();
            // Two minutes apart, as players write: a whole game in one
            // instant would be a flood the per-game limits stop.
            let at = now() + chrono::Duration::minutes(2 * n as i64);
            let out = handle(&s, &reply(&s, id, &who, &format!("g{n}"), None, &cmd), at);
            assert_eq!(out.outcome, "applied", "{cmd}: {}", out.reason);
            *decisions.entry(who).or_insert(0usize) += 1;
        }
        assert_eq!(s.game(id).unwrap().status.to_string(), "finished");
        let alice = mails_to(&s, ALICE);
        assert!(
            alice.len() <= decisions[ALICE] + 1,
            "{} mails, {} decisions",
            alice.len(),
            decisions[ALICE]
        );
        assert_eq!(alice.last().unwrap().kind, "over");
        game_over_opens_with_the_result(&alice.last().unwrap().text, lang);
        let over = s.store.outbox(None).unwrap();
        let over = over.iter().rfind(|r| r.recipient == ALICE).unwrap();
        shoot("game-over", lang, &over.raw);
        game_over_opens_with_the_result(&mails_to(&s, BOB).last().unwrap().text, lang);
        let how = match lang {
            "en" => "More (every move): reply 'set notify every'",
            _ => "더 자주(모든 수마다): 'set notify every'로 답장",
        };
        let turns: Vec<&Mail> = alice.iter().filter(|m| m.kind == "turn").collect();
        let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(turns.iter().all(|m| flat(&m.text).contains(how)));
        // Pictures once per turn: fewer than the decisions.
        let pictured = alice.iter().filter(|m| m.picture).count();
        assert!(pictured * 2 < alice.len(), "{pictured} of {}", alice.len());
        // Bob asked for every move: news mails, no picture, under 20 KB.
        let news: Vec<Mail> = mails_to(&s, BOB)
            .into_iter()
            .skip(after_setting)
            .filter(|m| m.kind == "update")
            .collect();
        assert!(news.len() > 10, "{}", news.len());
        assert!(
            news.iter().all(|m| !m.picture && m.size < 20 * 1024),
            "{:?}",
            news.iter().map(|m| m.size).max()
        );
        let mut plain: Vec<usize> = alice
            .iter()
            .chain(news.iter())
            .filter(|m| !m.picture)
            .map(|m| m.size)
            .collect();
        plain.sort_unstable();
        assert!(
            plain[plain.len() / 2] < 20 * 1024,
            "median {}",
            plain[plain.len() / 2]
        );
    }
}

/// `games` lists each running game with its name and whose turn it is,
/// "your turn" to the reader when it is theirs; `help` in a reply to a
/// game mail gives that game's commands and the seat's commands now.
#[test]
fn games_and_help_answer_in_the_readers_words() {
    for lang in ["en", "ko"] {
        let s = service(&format!("games-{lang}"));
        let id = tzolkin(&s, lang);
        let who = to_act(&s, id);
        let other = if who == ALICE { BOB } else { ALICE };
        let out = handle(&s, &reply(&s, id, &who, "g1", None, "games"), now());
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        let mine = last_to(&s, &who);
        let (one, yours) = match lang {
            "en" => (
                "You play 1 game:",
                "#1 Tzolk'in: The Mayan Calendar: your turn",
            ),
            _ => ("진행 중인 게임 1개:", "#1 출킨: 마야의 달력: 당신 차례"),
        };
        assert!(mine.text.contains(one), "{}", mine.text);
        assert!(mine.text.contains(yours), "{}", mine.text);
        handle(&s, &reply(&s, id, other, "g2", None, "games"), now());
        let theirs = last_to(&s, other);
        let to_act_words = match lang {
            "en" => " to act",
            _ => " 차례",
        };
        assert!(!theirs.text.contains(yours), "{}", theirs.text);
        assert!(theirs.text.contains(to_act_words), "{}", theirs.text);

        let out = handle(&s, &reply(&s, id, &who, "h1", None, "help"), now());
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        let help = last_to(&s, &who);
        let flat = help.text.split_whitespace().collect::<Vec<_>>().join(" ");
        let (commands, now_words) = match lang {
            "en" => ("Commands: place <gear>", "You may write now"),
            _ => ("명령: 배치 <기어>", "지금 쓸 수 있는 명령"),
        };
        assert!(flat.contains(commands), "{}", help.text);
        assert!(flat.contains(now_words), "{}", help.text);
        let place_pal = match lang {
            "en" => "place pal",
            _ => "배치 팔렝케",
        };
        assert!(flat.contains(place_pal), "{}", help.text);
    }
}

/// The new-game confirmation repeats the game by its title in the reader's
/// language, the players and every option it will be made with.
#[test]
fn the_new_game_confirmation_repeats_every_option() {
    for lang in ["en", "ko"] {
        let s = service(&format!("confirm-{lang}"));
        s.setting(ALICE, &format!("language {lang}"), now())
            .unwrap();
        let raw = format!(
            "From: <{ALICE}>\r\nTo: <quipu@example.test>\r\nSubject: game\r\nMessage-ID: <new-{lang}@client.test>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nnew tzolkin with {BOB}\r\n"
        );
        let out = handle(&s, raw.as_bytes(), now());
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        let mails = mails_to(&s, ALICE);
        assert_eq!(mails.len(), 1, "one mail");
        let flat = mails[0]
            .text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let (game, options) = match lang {
            "en" => (
                "to start Tzolk'in: The Mayan Calendar with bob@example.test",
                "Options: ",
            ),
            _ => ("출킨: 마야의 달력 게임을 bob@example.test님과", "옵션: "),
        };
        assert!(flat.contains(game), "{flat}");
        assert!(flat.contains(options), "{flat}");
        let default = match lang {
            "en" => "(default)",
            _ => "(기본값)",
        };
        assert!(flat.contains(default), "{flat}");
        // Options in words, in the reader's language; never a raw key.
        let (m13, subject) = match lang {
            "en" => (
                "Category of monument M13: holy site (default)",
                "[quipu] new game?",
            ),
            _ => (
                "기념비 M13의 종류: 성지 (기본값)",
                "[quipu] 새 게임을 만들까요?",
            ),
        };
        assert!(flat.contains(m13), "{flat}");
        assert!(
            flat.contains(subject),
            "the headline in the reader's words: {flat}"
        );
        for raw in ["m13_category", "a2_04_cost", "corn_points"] {
            assert!(!flat.contains(raw), "{raw}: {flat}");
        }
    }
}

/// `undo` speaks to the player who took their move back in the second person.
#[test]
fn undo_speaks_to_the_player_as_you() {
    for lang in ["en", "ko"] {
        let s = service(&format!("undo-{lang}"));
        let id = tzolkin(&s, lang);
        let who = to_act(&s, id);
        let place = s
            .legal(id, &who)
            .unwrap()
            .into_iter()
            .find(|c| c.starts_with("place "))
            .expect("a placement");
        let out = handle(&s, &reply(&s, id, &who, "u1", None, &place), now());
        assert_eq!(out.outcome, "applied", "{}", out.reason);
        let out = handle(&s, &reply(&s, id, &who, "u2", None, "undo"), now());
        assert_eq!(out.outcome, "applied", "{}", out.reason);
        let m = last_to(&s, &who);
        let you = match lang {
            "en" => format!("You took back your move: {place}"),
            _ => format!("내 수를 물렀습니다: {place}"),
        };
        assert!(m.text.contains(&you), "{}", m.text);
        assert!(
            !m.text.contains("took back their move") && !m.text.contains("님이 이 수를 물렀습니다")
        );
    }
}

/// Screenshots at 390 px of each new answer in both languages, under
/// target/screens/conversation/ (the refused real command, the line that
/// waits for a follow-up, games, help, the confirmation, undo), each as a
/// phone shows it: no sideways scrolling.
#[test]
fn screens_of_the_new_answers_at_390_px() {
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screens/conversation");
    std::fs::create_dir_all(&out).unwrap();
    for lang in ["en", "ko"] {
        let s = service(&format!("screens-{lang}"));
        let id = tzolkin(&s, lang);
        let who = to_act(&s, id);
        let mut shots: Vec<(&str, Vec<u8>)> = Vec::new();
        let raw_of = |s: &Service| {
            s.store
                .outbox(None)
                .unwrap()
                .into_iter()
                .rfind(|r| r.recipient == who)
                .unwrap()
                .raw
        };
        shots.push(("turn-to-act", raw_of(&s)));
        let other = if who == ALICE { BOB } else { ALICE };
        handle(&s, &reply(&s, id, other, "s0", None, "board"), now());
        let other_board = s
            .store
            .outbox(None)
            .unwrap()
            .into_iter()
            .rfind(|r| r.recipient == other)
            .unwrap()
            .raw;
        shots.push(("turn-other-seat", other_board));
        handle(&s, &reply(&s, id, &who, "s1", None, "beg chaac\n끝"), now());
        shots.push(("refused", raw_of(&s)));
        handle(&s, &reply(&s, id, &who, "s2", None, "games"), now());
        shots.push(("games", raw_of(&s)));
        handle(&s, &reply(&s, id, &who, "s3", None, "help"), now());
        shots.push(("help", raw_of(&s)));
        let turn = mails_to(&s, &who)
            .into_iter()
            .rfind(|m| m.kind == "turn")
            .expect("a turn mail");
        let legal = s.legal(id, &who).unwrap();
        let place = legal.iter().find(|c| c.starts_with("place ")).unwrap();
        handle(&s, &bare_reply(&who, "s4", &turn.id, "", place), now());
        shots.push(("bare", raw_of(&s)));
        handle(&s, &reply(&s, id, &who, "s5", None, place), now());
        handle(&s, &reply(&s, id, &who, "s6", None, "undo"), now());
        shots.push(("undo", raw_of(&s)));
        let new = format!(
            "From: <{who}>\r\nTo: <quipu@example.test>\r\nSubject: game\r\nMessage-ID: <s7{lang}@client.test>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nnew tzolkin with {other}\r\n"
        );
        handle(&s, new.as_bytes(), now());
        shots.push(("confirm", raw_of(&s)));
        let resign = handle(&s, &reply(&s, id, &who, "s8", None, "resign"), now());
        assert_eq!(resign.outcome, "answered", "{}", resign.reason);
        let asked = raw_of(&s);
        let text = mail_parser::MessageParser::default()
            .parse(&asked)
            .and_then(|m| m.body_text(0).map(|t| t.to_string()))
            .unwrap_or_default();
        assert!(text.contains("'resign confirm'"), "{text}");
        assert_eq!(s.game(id).unwrap().status.to_string(), "active");
        shots.push(("resign", asked));
        shots.push(("refused-tawantinsuyu", tawantinsuyu_refusal(lang)));
        for (name, raw) in shots {
            shoot(name, lang, &raw);
        }
    }
}

/// The mail `raw` as a 390-px phone shows it, under
/// target/screens/conversation/NAME-LANG.png: no sideways scrolling.
fn shoot(name: &str, lang: &str, raw: &[u8]) {
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screens/conversation");
    std::fs::create_dir_all(&out).unwrap();
    let msg = mail_parser::MessageParser::default().parse(raw).unwrap();
    let mut html = msg.body_html(0).unwrap().to_string();
    // The board picture travels as an inline part (cid:); a page opened
    // alone shows it only as a data: URL.
    for part in &msg.parts {
        use base64::Engine;
        use mail_parser::MimeHeaders;
        if let (
            Some(cid),
            mail_parser::PartType::Binary(b) | mail_parser::PartType::InlineBinary(b),
        ) = (part.content_id(), &part.body)
        {
            let data = base64::engine::general_purpose::STANDARD.encode(b.as_ref());
            html = html.replace(
                &format!("cid:{cid}"),
                &format!("data:image/png;base64,{data}"),
            );
        }
    }
    let page = out.join(format!("{name}-{lang}.html"));
    std::fs::write(&page, html.replace("</body>", "<script>addEventListener('load',()=>{parent.postMessage(String(document.documentElement.scrollWidth),'*')})</script></body>")).unwrap();
    let frame = out.join(format!("frame-{name}-{lang}.html"));
    std::fs::write(&frame, format!("<!DOCTYPE html><html><head><title>none</title></head><body style=\"margin:0\"><iframe src=\"{name}-{lang}.html\" width=\"390\" height=\"1400\" style=\"border:0;display:block\"></iframe><script>addEventListener('message',e=>{{document.title='W'+e.data}});</script></body></html>")).unwrap();
    let dom = browser::chromium(&frame, (500, 1400), 4000, None);
    let width: u32 = dom
        .split("<title>W")
        .nth(1)
        .and_then(|t| t.split('<').next())
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no width: {dom:.200}"));
    assert!(width <= 390, "{name}-{lang}: {width} px wide at 390");
    let png = out.join(format!("{name}-{lang}.png"));
    browser::chromium(&frame, (500, 1400), 4000, Some(&png));
    assert!(std::fs::metadata(&png)
        .map(|m| m.len() > 1000)
        .unwrap_or(false));
}

/// The raw refusal of a worker that is not free in Tawantinsuyu, to Alice.
fn tawantinsuyu_refusal(lang: &str) -> Vec<u8> {
    use quipu::games::tawantinsuyu::{data::ARCHITECT, Tawantinsuyu};
    let s = service(&format!("screens-tawa-{lang}"));
    let id = driving::start(&s, "tawantinsuyu", lang, 3, &[]);
    let alice = s.seat_of(id, ALICE).unwrap().0;
    let opts = quipu::engine::Options::parse_pairs(&["coricancha=printed"]).unwrap();
    let mut st = Tawantinsuyu.setup(2, &opts, 3).unwrap();
    st.skip_to_main(alice);
    st.set_workers(alice, &[ARCHITECT]);
    plant(&s, id, Tawantinsuyu, st);
    let out = handle(
        &s,
        &reply(&s, id, ALICE, "sw", None, "place porter s1t2 gold"),
        now(),
    );
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    s.store
        .outbox(None)
        .unwrap()
        .into_iter()
        .rfind(|r| r.recipient == ALICE)
        .unwrap()
        .raw
}

/// A reply from `from` to the service address itself (no token in To),
/// answering our mail `answers`, with `extra` headers (a Cc or Reply-To).
fn bare_reply(from: &str, n: &str, answers: &str, extra: &str, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: <quipu@example.test>\r\n{extra}Subject: Re: game\r\nMessage-ID: <{n}@client.test>\r\nIn-Reply-To: <{answers}>\r\nReferences: <{answers}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// A reply to a game mail sent to the bare service address is told which
/// game it answered and how to reach it (nothing moves, in the reader's
/// language); the same reply carrying the seat's reply address in Cc or in
/// Reply-To is that seat's move.
#[test]
fn a_reply_to_the_bare_address_is_told_how_and_a_token_in_cc_or_reply_to_moves() {
    for lang in ["en", "ko"] {
        let s = service(&format!("bare-{lang}"));
        let id = tzolkin(&s, lang);
        let who = to_act(&s, id);
        let who = who.as_str();
        let turn = last_to(&s, who);
        let legal = s.legal(id, who).unwrap();
        let moves = s.store.move_count(id).unwrap();
        let out = handle(
            &s,
            &bare_reply(who, &format!("b1{lang}"), &turn.id, "", &legal[0]),
            now(),
        );
        assert_eq!(out.outcome.to_string(), "rejected", "{}", out.reason);
        assert_eq!(
            s.store.move_count(id).unwrap(),
            moves,
            "the From alone moves nothing"
        );
        let answer = last_to(&s, who);
        let text = answer.text.split_whitespace().collect::<Vec<_>>().join(" ");
        let expected = if lang == "en" {
            "Your mail answers a mail of game #1 but was sent to the service address"
        } else {
            "#1 게임의 메일에 대한 답장이지만 게임의 답장 주소가 아니라 서비스 주소로 보내져서"
        };
        assert!(text.contains(expected), "{text}");
        assert!(text.contains("quipu+"), "{text}");
        // The seat's reply address in Cc: the move is applied.
        let token = format!("quipu+{}@example.test", s.reply_token(id, who));
        let cc = format!("Cc: <{token}>\r\n");
        let out = handle(
            &s,
            &bare_reply(who, &format!("b2{lang}"), &turn.id, &cc, &legal[0]),
            now(),
        );
        assert_eq!(out.outcome.to_string(), "applied", "{}", out.reason);
        assert_eq!(s.store.move_count(id).unwrap(), moves + 1);
    }
    // In Reply-To.
    let s = service("bare-reply-to");
    let id = tzolkin(&s, "en");
    let who = to_act(&s, id);
    let who = who.as_str();
    let turn = last_to(&s, who);
    let legal = s.legal(id, who).unwrap();
    let moves = s.store.move_count(id).unwrap();
    let token = format!("quipu+{}@example.test", s.reply_token(id, who));
    let rt = format!("Reply-To: <{token}>\r\n");
    let out = handle(&s, &bare_reply(who, "b3", &turn.id, &rt, &legal[0]), now());
    assert_eq!(out.outcome.to_string(), "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), moves + 1);
    // A stranger naming that mail is told nothing of the game.
    let out = handle(
        &s,
        &bare_reply("mallory@example.test", "b4", &turn.id, "", &legal[0]),
        now(),
    );
    assert_ne!(out.outcome.to_string(), "applied");
    assert!(!out.reason.contains("game #1"), "{}", out.reason);
}

/// Puts `state` (built by the game's scenario builder) in place of game
/// `id`'s stored state after its last history row, as a stored snapshot
/// on the real SQLite file.
fn plant<G: quipu::engine::Game>(s: &Service, id: i64, game: G, state: G::State) {
    use quipu::engine::Table;
    let typed = quipu::engine::Typed::new(std::sync::Arc::new(game), state, 2);
    let snap = typed.snapshot().unwrap();
    s.store
        .put_snapshot(&quipu::store::SnapshotRow {
            game_id: id,
            n: s.store.move_count(id).unwrap(),
            engine: s.store.game_engine(id).unwrap(),
            digest: snap.digest,
            state: Some(snap.state),
        })
        .unwrap();
    s.forget();
}

/// A reply with `body` to game `id` by Alice, who must be refused with
/// `why` (in the reader's words) and the lines after it not tried.
fn refused_with(s: &Service, id: i64, n: &str, body: &str, why: &str) {
    let moves = s.store.move_count(id).unwrap();
    let out = handle(s, &reply(s, id, ALICE, n, None, body), now());
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), moves, "nothing moved");
    let m = last_to(s, ALICE);
    let flat = m.text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(why), "{n}: {why}\n{}", m.text);
    assert!(m.picture, "the refusal shows the board");
}

/// Tikal: Alice has placed her hex and acts; `place` again is refused with
/// why (the hex is placed) and what instead (spend the points or end).
#[test]
fn tikal_refuses_a_second_hex_and_a_bid_with_the_rules_reason() {
    use quipu::games::tikal::{testkit, Tikal};
    for lang in ["en", "ko"] {
        let s = service(&format!("why-tikal-{lang}"));
        let id = driving::start(&s, "tikal", lang, 3, &[]);
        let alice = s.seat_of(id, ALICE).unwrap().0;
        let mut st = Tikal.setup(2, &Default::default(), 3).unwrap();
        testkit::acting(&mut st, alice);
        plant(&s, id, Tikal, st);
        let (hex, bid) = match lang {
            "en" => (
                "You have placed your hex this turn; now spend your 10 action points, or 'end' your turn.",
                "No auction is running now; spend your 10 action points, or 'end' your turn.",
            ),
            _ => (
                "이번 차례의 지형은 이미 놓았습니다. 이제 남은 행동 점수 10점을 쓰거나 'end'로 차례를 끝내세요.",
                "지금은 경매 중이 아닙니다. 남은 행동 점수 10점을 쓰거나 'end'로 차례를 끝내세요.",
            ),
        };
        refused_with(&s, id, &format!("tk1{lang}"), "place C4 r2\nend", hex);
        refused_with(&s, id, &format!("tk2{lang}"), "bid 3", bid);
    }
}

/// Cuzco: Alice has placed her tile and spent every action point; `enter`
/// is refused with why (no points left) and what instead (a token or end).
#[test]
fn cuzco_refuses_an_action_without_points_with_the_rules_reason() {
    use quipu::games::cuzco::{testkit, Cuzco};
    for lang in ["en", "ko"] {
        let s = service(&format!("why-cuzco-{lang}"));
        let id = driving::start(&s, "cuzco", lang, 3, &[]);
        let alice = s.seat_of(id, ALICE).unwrap().0;
        let mut st = Cuzco.setup(2, &Default::default(), 3).unwrap();
        testkit::turn(&mut st, alice as u8, 0, true);
        plant(&s, id, Cuzco, st);
        let (enter, festival) = match lang {
            "en" => (
                "'enter' costs action points and you have none left this turn: use an extra action token ('token') or 'end' your turn.",
                "No festival competition is running: 'pass' answers one.",
            ),
            _ => (
                "'enter'에는 AP가 드는데 이번 차례에 남은 AP가 없습니다. 추가 행동 토큰('token')을 쓰거나 'end'로 차례를 끝내세요.",
                "진행 중인 축제 경쟁이 없습니다. 'pass'은(는) 축제 경쟁에 답하는 명령입니다.",
            ),
        };
        refused_with(&s, id, &format!("cz1{lang}"), "enter H5\nend", enter);
        refused_with(&s, id, &format!("cz2{lang}"), "pass", festival);
    }
}

/// Tawantinsuyu: Alice's main choice with only an architect free; placing
/// a porter is refused with why (no porter free, which are), and a word
/// of another decision with what the game asks now.
#[test]
fn tawantinsuyu_refuses_a_worker_not_free_with_the_rules_reason() {
    use quipu::games::tawantinsuyu::{data::ARCHITECT, Tawantinsuyu};
    for lang in ["en", "ko"] {
        let s = service(&format!("why-tawa-{lang}"));
        let id = driving::start(&s, "tawantinsuyu", lang, 3, &[]);
        let alice = s.seat_of(id, ALICE).unwrap().0;
        let opts = quipu::engine::Options::parse_pairs(&["coricancha=printed"]).unwrap();
        let mut st = Tawantinsuyu.setup(2, &opts, 3).unwrap();
        st.skip_to_main(alice);
        st.set_workers(alice, &[ARCHITECT]);
        plant(&s, id, Tawantinsuyu, st);
        let (porter, other) = match lang {
            "en" => (
                "You have no porter free to place; your free workers: architect.",
                "'hire' answers another decision than the one the game asks of you now: place a worker, or take two different sub-actions.",
            ),
            _ => (
                "배치할 수 있는 운반인 일꾼이 없습니다. 남은 일꾼: 건축가.",
                "'hire'은(는) 지금 게임이 묻는 결정에 대한 답이 아닙니다. 지금 할 일: 일꾼 1명 배치 또는 서로 다른 부차 액션 2개.",
            ),
        };
        refused_with(
            &s,
            id,
            &format!("tw1{lang}"),
            "place porter s1t2 gold\npray",
            porter,
        );
        refused_with(&s, id, &format!("tw2{lang}"), "hire corn", other);
    }
}

/// Tawantinsuyu's God cards at the start: a listed `use` whose card asks a
/// choice right after it is marked so in the turn mail, with the choice's
/// words, and a reply carrying that choice on the next line is applied
/// whole, in both languages.
#[test]
fn a_move_that_asks_a_choice_is_marked_and_the_choice_may_follow() {
    for lang in ["en", "ko"] {
        let mut found = false;
        for seed in 1..12 {
            let s = service(&format!("follow-{lang}-{seed}"));
            let id = driving::start(&s, "tawantinsuyu", lang, seed, &[]);
            // The setup's other choices by their first legal command.
            let who = loop {
                let who = to_act(&s, id);
                let legal = s.legal(id, &who).unwrap();
                if legal.iter().any(|c| c.starts_with("use ")) {
                    break who;
                }
                s.in_transaction_play(id, &who, &[legal[0].clone()], now())
                    .unwrap();
            };
            let seat = s.seat_of(id, &who).unwrap();
            let table = s.table(id).unwrap();
            let asking = s.legal(id, &who).unwrap().into_iter().find_map(|c| {
                let mut t = table.clone_table();
                let played = t.play(seat, &c).ok()?;
                let next = t.legal(seat);
                let asks = !played.reveals
                    && t.to_act().contains(&seat)
                    && next.iter().all(|n| !n.starts_with("use "));
                asks.then(|| (c, next[0].clone()))
            });
            let Some((first, choice)) = asking else {
                continue;
            };
            found = true;
            let m = last_to(&s, &who);
            let flat = m.text.split_whitespace().collect::<Vec<_>>().join(" ");
            let verb = choice.split(' ').next().unwrap();
            let marked = format!("'{verb} …'");
            let says = match lang {
                "en" => "Some of these moves ask a choice right after them (",
                _ => "이 중 몇몇 수는 바로 다음에 선택을 하나 더 묻습니다(",
            };
            assert!(
                flat.contains(says) && flat.contains(&marked),
                "{lang}: {marked}\n{}",
                m.text
            );
            let moves = s.store.move_count(id).unwrap();
            let body = format!("{first}\n{choice}");
            let out = handle(
                &s,
                &reply(&s, id, &who, &format!("f{lang}{seed}"), None, &body),
                now(),
            );
            assert_eq!(out.outcome, "applied", "{}", out.reason);
            assert!(
                s.store.move_count(id).unwrap() >= moves + 2,
                "both lines played"
            );
            break;
        }
        assert!(found, "{lang}: no seed deals a God card that asks a choice");
    }
}

/// The game-over mail of Tikal, Tawantinsuyu and Through the Ages, in
/// English and Korean: each seat's line says what its score counted, from
/// the game's own final scoring (Tikal: the points before the final round,
/// its temples and treasures; Tawantinsuyu: the VP during the game and the
/// final scoring's items; Through the Ages: the culture during the game
/// and the end scoring by part), and the parts add up to the score. A
/// screenshot of each at 390 px goes to target/screens/conversation/.
#[test]
fn the_game_over_mail_says_what_each_score_counted() {
    let cases: [(&str, u64, [&str; 2]); 3] = [
        (
            "tikal",
            5,
            ["Before the final round ", "마지막 득점 라운드 전 "],
        ),
        ("tawantinsuyu", 5, ["During the game ", "게임 중 "]),
        ("tta", 5, ["During the game ", "게임 중 "]),
    ];
    for (game, seed, counted) in cases {
        for (k, lang) in ["en", "ko"].into_iter().enumerate() {
            let s = service(&format!("over-{game}-{lang}"));
            let id = driving::start(&s, game, lang, seed, &[]);
            let mut rng = Rng::new(seed);
            for n in 0..5000 {
                let Some(who) = s.to_act(id).unwrap().first().cloned() else {
                    break;
                };
                let legal: Vec<String> = s
                    .legal(id, &who)
                    .unwrap()
                    .into_iter()
                    .filter(|c| c != "resign")
                    .collect();
                let cmd = rng.pick(&legal).unwrap().clone();
                let at = now() + chrono::Duration::minutes(2 * n as i64);
                s.in_transaction_play(id, &who, &[cmd], at).unwrap();
            }
            assert_eq!(s.game(id).unwrap().status.to_string(), "finished");
            for who in [ALICE, BOB] {
                let over = last_to(&s, who);
                assert_eq!(over.kind, "over", "{game} {lang}");
                let (first, second) = [("1. ", "2. "), ("1위 ", "2위 ")][k];
                for rank in [first, second] {
                    let Some(line) = standings::rank_line(&over.text, rank) else {
                        assert_eq!(rank, second, "{game} {lang}: {}", over.text);
                        continue;
                    };
                    assert!(line.contains(counted[k]), "{game} {lang}: {line}");
                    let (score, parts) = standings::score_and_parts(&line);
                    assert_eq!(score, parts, "{game} {lang}: the parts add up: {line}");
                }
            }
            let raw = s
                .store
                .outbox(None)
                .unwrap()
                .into_iter()
                .rfind(|r| r.recipient == ALICE)
                .unwrap()
                .raw;
            shoot(&format!("game-over-{game}"), lang, &raw);
        }
    }
}

/// The game-over mail: the result first (for its reader), then one line per
/// seat with its score and what it counted, and no headline of the last
/// position; the result is said once.
fn game_over_opens_with_the_result(text: &str, lang: &str) {
    let (over, you, first, counted, second) = match lang {
        "en" => (
            "The game is over: ",
            "You are ",
            "1. ",
            "VP in play ",
            "2. ",
        ),
        _ => (
            "게임이 끝났습니다. ",
            "당신은 ",
            "1위 ",
            "게임 중 점수 ",
            "2위 ",
        ),
    };
    let at = |w: &str| text.find(w).unwrap_or_else(|| panic!("{w}\n{text}"));
    assert!(at(over) < at(you), "the result before who is who:\n{text}");
    assert!(at(over) < at(first) && at(first) < at(second), "{text}");
    let line = text[at(first)..].lines().next().unwrap();
    assert!(line.contains(counted), "what the score counted: {line}");
    assert_eq!(
        text.matches(over.trim_end()).count(),
        1,
        "said once:\n{text}"
    );
    assert!(!text.contains("point(s)"), "counts agree:\n{text}");
    for old in ["The game is over.\n=", "게임이 끝났습니다.\n="] {
        assert!(!text.contains(old), "the old headline stays:\n{text}");
    }
}

/// The headline speaks to the seat to act ("Your turn: ...") and names it
/// to the other seat; the player's own choice is told once, not as "You
/// played: X" above "Your choice: X".
#[test]
fn the_headline_speaks_to_the_seat_to_act_and_names_it_to_the_others() {
    for lang in ["en", "ko"] {
        let s = service(&format!("headline-{lang}"));
        let id = tzolkin(&s, lang);
        let who = to_act(&s, id);
        let other = if who == ALICE { BOB } else { ALICE };
        let seat = s.seat_of(id, &who).unwrap().0;
        let turn = last_to(&s, &who);
        assert_eq!(turn.kind, "turn");
        let (mine, choice, echo) = match lang {
            "en" => (
                "Your turn: place or pick up workers".to_string(),
                "Your choice: keep",
                "You played: keep",
            ),
            _ => (
                "당신의 차례: 일꾼 놓기 또는 회수".to_string(),
                "나의 선택: keep",
                "내가 둔 수: keep",
            ),
        };
        assert!(turn.text.contains(&mine), "{}", turn.text);
        assert!(turn.text.contains(choice), "{}", turn.text);
        assert!(
            !turn.text.contains(echo),
            "the command twice:\n{}",
            turn.text
        );
        let out = handle(&s, &reply(&s, id, other, "h1", None, "board"), now());
        assert_ne!(out.outcome, "rejected", "{}", out.reason);
        let board = last_to(&s, other);
        let theirs = match (lang, seat) {
            ("en", 0) => "Red (seat 1) to place or pick up workers",
            ("en", _) => "Blue (seat 2) to place or pick up workers",
            (_, 0) => "빨강 (1번 자리)의 차례: 일꾼 놓기 또는 회수",
            _ => "파랑 (2번 자리)의 차례: 일꾼 놓기 또는 회수",
        };
        assert!(board.text.contains(theirs), "{}", board.text);
        assert!(!board.text.contains(&mine), "{}", board.text);
    }
}

/// Counts agree with their number in the mail: Through the Ages' card
/// taken from slot 1 costs "1 civil action", not "1 civil actions".
#[test]
fn counts_in_a_mail_agree_with_their_number() {
    for lang in ["en", "ko"] {
        let s = service(&format!("plural-{lang}"));
        let id = driving::start(&s, "tta", lang, 5, &[]);
        let who = to_act(&s, id);
        let out = handle(&s, &reply(&s, id, &who, "p1", None, "take 1"), now());
        assert_eq!(out.outcome, "applied", "{}", out.reason);
        let m = last_to(&s, &who);
        let flat = m.text.split_whitespace().collect::<Vec<_>>().join(" ");
        let (right, wrong) = match lang {
            "en" => ("from slot 1 (1 civil action).", "(1 civil actions)"),
            _ => ("(시민 행동 1)", "(s)"),
        };
        assert!(flat.contains(right), "{}", m.text);
        assert!(!flat.contains(wrong), "{}", m.text);
    }
}

/// The closest commands a refusal's plain text lists after `head`, read
/// across the lines its paragraph is wrapped to.
fn suggested(text: &str, head: &str) -> Vec<String> {
    let paragraph: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(head))
        .take_while(|l| !l.trim().is_empty())
        .collect();
    let flat = paragraph.join(" ");
    let flat = flat.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.trim_start()
        .trim_start_matches(head)
        .split(" | ")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A Korean reader's refusal suggests the closest commands in the Korean
/// words the game reads; each reads as the very command the English
/// refusal suggests, and one written back as it stands is played.
#[test]
fn a_korean_refusal_suggests_korean_commands_that_play_when_sent_back() {
    let english = {
        let s = service("suggest-en");
        let id = tzolkin(&s, "en");
        let who = to_act(&s, id);
        handle(&s, &reply(&s, id, &who, "e1", None, "beg chaac"), now());
        suggested(&last_to(&s, &who).text, "Closest legal commands:")
    };
    let s = service("suggest-ko");
    let id = tzolkin(&s, "ko");
    let who = to_act(&s, id);
    let moves_before = s.store.move_count(id).unwrap();
    let out = handle(&s, &reply(&s, id, &who, "k1", None, "beg chaac"), now());
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    let m = last_to(&s, &who);
    let korean = suggested(&m.text, "가장 가까운 가능한 명령:");
    assert!(!korean.is_empty(), "{}", m.text);
    assert_eq!(korean.len(), english.len(), "{korean:?} {english:?}");
    let table = s.table(id).unwrap();
    let seat = s.seat_of(id, &who).unwrap();
    for (ko, en) in korean.iter().zip(&english) {
        let hangul = ko.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c));
        assert!(hangul, "a Korean suggestion in Korean words: {ko}");
        let played = table
            .clone_table()
            .play(seat, ko)
            .unwrap_or_else(|e| panic!("'{ko}' is not read: {e}"));
        assert_eq!(&played.command, en, "'{ko}' reads as '{en}'");
    }
    let out = handle(&s, &reply(&s, id, &who, "k2", None, &korean[0]), now());
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert!(s.store.move_count(id).unwrap() > moves_before);
}

/// `help GAME` to the service address explains each option a mail may set,
/// in the reader's language, with no rulebook line numbers.
#[test]
fn help_with_a_game_explains_its_options_in_the_readers_words() {
    for lang in ["en", "ko"] {
        let s = service(&format!("options-help-{lang}"));
        s.setting(ALICE, &format!("language {lang}"), now())
            .unwrap();
        let raw = format!(
            "From: <{ALICE}>\r\nTo: <quipu@example.test>\r\nSubject: help\r\nMessage-ID: <help-{lang}@client.test>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nhelp tikal\r\n"
        );
        let out = handle(&s, raw.as_bytes(), now());
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        let m = last_to(&s, ALICE);
        let flat = m.text.split_whitespace().collect::<Vec<_>>().join(" ");
        let want = match lang {
            "en" => "Auction version (auction=off|on; default: no): The auction version of the game (on) or the basic game (off).",
            _ => "경매판 (auction=off|on; 기본값: 아니오): 경매판으로 하기(on) 또는 기본 게임(off).",
        };
        assert!(flat.contains(want), "{flat}");
        assert!(
            !flat.contains("L547") && !flat.contains("rulebook"),
            "{flat}"
        );
    }
}
