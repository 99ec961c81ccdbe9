//! Reading what a player meant: the corpus of reply shapes from many
//! clients and languages (`tests/mail/corpus/`), read knowing what we sent;
//! whole-token matching (Through the Ages `take 1` and `take 11`); greetings
//! around moves; a reply to an old mail copied without quote marks; stale
//! replies (to a mail from before the seat's last move: confirmed, never
//! applied twice); and the lobby of a game still forming.

mod support;

use quipu::config::Config;
use quipu::games::tta::{command, data::default_data};
use quipu::mail::inbound::{read, read_knowing, sent_texts, Known};
use quipu::service::{MailOutcome, NewGameRequest, Service};
use std::path::{Path, PathBuf};
use support::letters::{at, outbox_to, Letter};

fn corpus(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/mail/corpus")
        .join(format!("{name}.eml"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What the mails we sent look like to the reader: the plain and HTML text
/// of the latest turn mail (`sent.eml`) and of an earlier one
/// (`sent_earlier.eml`), as the service knows its last mails to a player.
fn known_sent() -> Known {
    let mut texts = sent_texts(&corpus("sent"));
    assert_eq!(texts.len(), 2, "the sent mail has a plain and an HTML body");
    texts.extend(sent_texts(&corpus("sent_earlier")));
    assert_eq!(texts.len(), 4, "so has the earlier one");
    Known::new(texts.iter().map(String::as_str))
}

/// Each fixture: its client, the language of its client and words, and the
/// player's exact text.
const CORPUS: &[(&str, &str, &str, &str)] = &[
    (
        "outlook_desktop_ru",
        "Outlook desktop",
        "Russian",
        "Привет всем!\ndig c3\n\nС уважением,\nАнна",
    ),
    (
        "mailru_web_ru",
        "mail.ru",
        "Russian",
        "walk 2 b4 c3\nСпасибо!",
    ),
    ("yandex_ru", "Yandex", "Russian", "pass"),
    (
        "windows_mail_pt",
        "Windows Mail",
        "Portuguese",
        "Olá!\nplace tile a5 r0",
    ),
    (
        "thunderbird_pt",
        "Thunderbird",
        "Portuguese",
        "Obrigada pelo resumo.\n\ndig c3\n\nAbraço, Rita",
    ),
    ("gmail_web_zh", "Gmail", "Chinese", "你好！\nwalk 2 b4 c3"),
    ("outlook_web_zh", "Outlook web", "Chinese", "pass\n謝謝"),
    (
        "apple_mail_it",
        "Apple Mail",
        "Italian",
        "Ciao a tutti,\ndig c3",
    ),
    (
        "outlook_desktop_it",
        "Outlook desktop",
        "Italian",
        "place tile a5 r0\nGrazie, Marco",
    ),
    ("ios_mail_es", "iOS", "Spanish", "walk 2 b4 c3"),
    ("gmail_android_fr", "Android", "French", "Bonjour,\npass"),
    ("yahoo_de", "Yahoo", "German", "dig c3\nDanke!"),
    ("naver_ko", "Naver", "Korean", "안녕하세요\ndig c3"),
    ("daum_ko", "Daum", "Korean", "pass\n고맙습니다"),
    (
        "outlook_ios_ja",
        "iOS",
        "Japanese",
        "こんにちは\nwalk 2 b4 c3",
    ),
    (
        "gmail_web_en",
        "Gmail",
        "English",
        "Hi all,\ndig c3\nThanks!",
    ),
    (
        "outlook_web_en",
        "Outlook web",
        "English",
        "pass\nCheers, Tom",
    ),
    // A reply to the earlier mail, not the latest, whose client wrote it out
    // without `>` under a header block in a language with no pattern.
    (
        "outlook_desktop_pl_old_mail",
        "Outlook desktop",
        "Polish",
        "Cześć!\ndig b2\n\nPozdrawiam,\nOla",
    ),
];

/// The clients and languages the corpus must hold (issue 15).
const CLIENTS: [&str; 13] = [
    "Outlook desktop",
    "Outlook web",
    "Windows Mail",
    "Gmail",
    "Apple Mail",
    "iOS",
    "Android",
    "Thunderbird",
    "Yahoo",
    "mail.ru",
    "Yandex",
    "Naver",
    "Daum",
];
const LANGUAGES: [&str; 10] = [
    "English",
    "Korean",
    "Japanese",
    "Chinese",
    "Russian",
    "German",
    "French",
    "Spanish",
    "Portuguese",
    "Italian",
];

#[test]
fn every_reply_shape_of_the_corpus_reads_exactly() {
    let known = known_sent();
    let mut wrong = Vec::new();
    for (name, _, _, expected) in CORPUS {
        let mail = read_knowing(&corpus(name), &known);
        if mail.new_text != *expected {
            wrong.push(format!("{name}: {:?}", mail.new_text));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let on_disk =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail/corpus"))
            .unwrap()
            .count();
    assert_eq!(
        on_disk,
        CORPUS.len() + 2,
        "every fixture is listed (and the two sent mails)"
    );
    for client in CLIENTS {
        assert!(
            CORPUS.iter().any(|c| c.1 == client),
            "no fixture of {client}"
        );
    }
    for language in LANGUAGES {
        assert!(
            CORPUS.iter().any(|c| c.2 == language),
            "no fixture in {language}"
        );
    }
}

/// The reply to an old mail reads exactly because we know that mail: the
/// clients' patterns alone would take its move list for commands.
#[test]
fn an_old_mail_copied_without_quote_marks_is_known_not_patterned() {
    let raw = corpus("outlook_desktop_pl_old_mail");
    let blind = read(&raw);
    assert!(
        blind.commands.iter().any(|c| c == "walk 1 a3 b2"),
        "{:?}",
        blind.commands
    );
    let latest_only: Vec<String> = sent_texts(&corpus("sent"));
    let latest_only = Known::new(latest_only.iter().map(String::as_str));
    assert!(read_knowing(&raw, &latest_only)
        .commands
        .iter()
        .any(|c| c == "walk 1 a3 b2"));
    assert_eq!(
        read_knowing(&raw, &known_sent()).commands,
        ["Cześć!", "dig b2", "Pozdrawiam,", "Ola"]
    );
}

/// Without knowing what we sent, a copy under a header in a language with
/// no pattern (Yahoo's German "Folgendes geschrieben:") is read as the
/// player's: the lines of our move list would be taken as commands.
#[test]
fn knowing_what_we_sent_is_what_removes_an_unframed_copy() {
    let blind = read(&corpus("yahoo_de"));
    assert!(
        blind.commands.iter().any(|c| c == "walk 2 b4 c3"),
        "{:?}",
        blind.commands
    );
    let knowing = read_knowing(&corpus("yahoo_de"), &known_sent());
    assert_eq!(knowing.commands, ["dig c3", "Danke!"]);
}

/// `take 1` and `take 11` with slots 1 and 11 (and one of 10-13) legal in
/// every combination: a number is read whole, never as a prefix.
#[test]
fn take_1_and_take_11_in_every_combination() {
    let data = default_data().unwrap();
    let others = [10u8, 12, 13];
    for mask in 0..4u8 {
        for extra in [None, Some(others[0]), Some(others[1]), Some(others[2])] {
            let mut slots: Vec<u8> = Vec::new();
            if mask & 1 != 0 {
                slots.push(1);
            }
            if mask & 2 != 0 {
                slots.push(11);
            }
            slots.extend(extra);
            let mut legal: Vec<command::Command> =
                slots.iter().map(|&s| command::Command::Take(s)).collect();
            legal.push(command::Command::Done);
            for typed in [1u8, 11] {
                let got = command::read(&data, &format!("take {typed}"), || legal.clone());
                if slots.contains(&typed) {
                    assert_eq!(got, Ok(command::Command::Take(typed)), "{slots:?}");
                } else {
                    assert!(
                        got.is_err(),
                        "'take {typed}' read as {got:?} with {slots:?}"
                    );
                }
            }
        }
    }
}

/// Tawantinsuyu (solo, seed 33): setup and a whole first turn.
const TAWANTINSUYU_SETUP_AND_FIRST_TURN: &str = "start sw04;keep g25 g29 g30;use g13;use g15;use g10;buy w19;weave w19 1 left;use g40;statue small pachamama;begin conquest;place warrior s2m2 card g25;bonus take;swap g30 p09 p13;build none;tasks potato;cash a14;hire potato;place artisan s5m2 gold;tasks potato;hire potato;priest production;perform;recruit porter;cash a03;hire potato";

const ALICE: &str = "alice@example.test";
const BOB: &str = "bob@example.test";

fn service(name: &str) -> Service {
    let dir = std::env::temp_dir().join(format!("quipu-reading-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Service::open(Config {
        db: dir.join("quipu.db"),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    })
    .unwrap()
}

/// Alice's reply to `to` (Message-ID `id`), answering `in_reply_to`.
fn reply(to: &str, id: &str, in_reply_to: &str, body: &str) -> Vec<u8> {
    Letter::new(ALICE, to, id)
        .subject("Re: [quipu #1] Tikal")
        .in_reply_to(in_reply_to)
        .body(body)
        .raw()
}

fn tikal(s: &Service) -> i64 {
    s.create_game(
        &NewGameRequest {
            game: "tikal".into(),
            players: vec![ALICE.into(), BOB.into()],
            seed: Some(3),
            ..Default::default()
        },
        at("2026-11-22T09:00:00Z"),
    )
    .unwrap()
}

/// The mails to `who`, oldest first: (Message-ID, kind, raw).
fn mails_to(s: &Service, who: &str) -> Vec<(String, String, Vec<u8>)> {
    outbox_to(s, who)
        .into_iter()
        .map(|r| (r.message_id, r.kind.to_string(), r.raw))
        .collect()
}

#[test]
fn greetings_around_moves_never_make_a_turn_fail() {
    let s = service("greetings");
    let id = tikal(&s);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let before = s.store.move_count(id).unwrap();
    let body = format!("Hi all,\n{first}\nThanks Bob!\n안녕하세요\n-- \nAlice");
    let out = s
        .handle_mail(
            &reply(&to, "g1@x", "none@x", &body),
            at("2026-11-22T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), before + 1);
    assert_eq!(
        out.reason,
        format!("{first} (Not read as commands: 'Hi all,' | 'Thanks Bob!' | '안녕하세요'.)")
    );
}

/// A turn by mail is played once: the reading of the mail's lines plays
/// each of them on a copy of the game's table, and that copy, with what
/// the move played, is what is recorded and told; the game then stands
/// exactly where the same move made from the command line puts it.
#[test]
fn a_turn_by_mail_is_played_once() {
    let s = service("played-once");
    let id = tikal(&s);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let before = s.store.move_count(id).unwrap();
    let lines_before = s.tables.lines_played();
    let loads_before = s.tables.loads();
    let body = format!("Hi all,\n{first}\nThanks Bob!");
    let out = s
        .handle_mail(
            &reply(&to, "once@x", "none@x", &body),
            at("2026-11-22T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), before + 1);
    // Three lines, each played on a table once: two refused as no move,
    // one the move (played twice before the reading's copy was kept).
    assert_eq!(s.tables.lines_played() - lines_before, 3);
    // The game's table is loaded once for the mail, then passed along: to
    // the reading, the turn, its record and the mails it causes.
    assert_eq!(s.tables.loads() - loads_before, 1);

    let cli = service("played-once-cli");
    let same = tikal(&cli);
    cli.in_transaction_play(
        same,
        ALICE,
        std::slice::from_ref(&first),
        at("2026-11-22T10:00:00Z"),
    )
    .unwrap();
    assert_eq!(cli.tables.lines_played(), 1);
    let digest = |s: &Service, id: i64| s.table(id).unwrap().snapshot().unwrap().digest;
    assert_eq!(digest(&s, id), digest(&cli, same));
    assert_eq!(s.to_act(id).unwrap(), cli.to_act(same).unwrap());
}

/// The decoded text of the last mail to `who`, and its kind.
fn last_mail(s: &Service, who: &str) -> (String, String) {
    let (_, kind, raw) = mails_to(s, who).pop().expect("a mail");
    (kind, sent_texts(&raw).join("\n"))
}

/// What the player wrote besides the turn reaches them, in their language,
/// in the mail about the move (their turn mail while the turn goes on,
/// their news mail once it ends), and in an answer to service commands;
/// the other player hears none of it.
#[test]
fn the_lines_not_read_reach_the_player_in_the_mail_about_the_move() {
    let s = service("unread-told");
    let id = tikal(&s);
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let bob_mails = mails_to(&s, BOB).len();
    let out = answer(
        &s,
        &to,
        "t1@x",
        "none@x",
        &format!("Hi all,\n{first}\nThanks Bob!"),
        "2026-11-22T10:00:00Z",
    );
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert!(s.legal(id, ALICE).unwrap().contains(&"end".to_string()));
    let (kind, text) = last_mail(&s, ALICE);
    assert_eq!(kind, "turn");
    assert!(
        text.contains("Not read as commands: 'Hi all,' | 'Thanks Bob!'."),
        "{text}"
    );
    let told_bob: Vec<String> = mails_to(&s, BOB)[bob_mails..]
        .iter()
        .map(|(_, _, raw)| sent_texts(raw).join("\n"))
        .collect();
    assert!(
        told_bob.iter().all(|t| !t.contains("Hi all")),
        "{told_bob:?}"
    );

    // In Korean, for a player who reads Korean; the turn ends: a news mail.
    s.setting(ALICE, "lang ko", at("2026-11-22T10:01:00Z"))
        .unwrap();
    let out = answer(
        &s,
        &to,
        "t2@x",
        "none@x",
        "안녕하세요\nend\n고마워요",
        "2026-11-22T10:02:00Z",
    );
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let (kind, text) = last_mail(&s, ALICE);
    assert_eq!(kind, "update");
    assert!(
        text.contains("명령으로 읽지 않은 줄: '안녕하세요' | '고마워요'."),
        "{text}"
    );

    // Beside service commands: the answer lists them; beside `say` alone
    // (which answers nothing) an answer says just that.
    let to_bob = format!("quipu+{}@example.test", s.reply_token(id, BOB));
    for (n, body, also) in [
        (3, "Cheers\nhelp", "quipu commands"),
        (4, "say good luck\nCheers, Bob", ""),
    ] {
        let before = mails_to(&s, BOB).len();
        let raw = Letter::new(BOB, &to_bob, &format!("t{n}@x"))
            .subject("Re: [quipu #1] Tikal")
            .body(body)
            .raw();
        let out = s
            .handle_mail(&raw, at(&format!("2026-11-22T10:0{n}:00Z")))
            .unwrap();
        assert_eq!(out.outcome, "answered", "{}", out.reason);
        let mails = mails_to(&s, BOB);
        assert_eq!(mails.len(), before + 1, "one answer");
        let (kind, text) = last_mail(&s, BOB);
        assert_eq!(kind, "answer");
        let unread = body.lines().find(|l| l.starts_with("Cheers")).unwrap();
        assert!(
            text.contains(&format!("Not read as commands: '{unread}'.")),
            "{text}"
        );
        assert!(text.contains(also), "{text}");
    }
}

#[test]
fn a_mail_of_greetings_only_is_answered_with_help_and_its_lines() {
    let s = service("only-greetings");
    let id = tikal(&s);
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let before = s.store.move_count(id).unwrap();
    let sent_before = mails_to(&s, ALICE).len();
    let out = s
        .handle_mail(
            &reply(&to, "g2@x", "none@x", "Thanks Bob!\nSee you"),
            at("2026-11-22T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "rejected");
    assert!(
        out.reason.contains("'Thanks Bob!' | 'See you'"),
        "{}",
        out.reason
    );
    assert_eq!(s.store.move_count(id).unwrap(), before);
    let mails = mails_to(&s, ALICE);
    assert_eq!(mails.len(), sent_before + 1);
    let answer = String::from_utf8_lossy(&mails.last().unwrap().2).to_string();
    assert!(answer.contains("quipu commands"), "help is in the answer");
}

/// A reply to the first mail of the game (not the latest) whose client wrote
/// that mail out without `>` under a header in a language we have no
/// pattern for (Polish Outlook): only the line above it is the player's.
#[test]
fn a_reply_to_an_old_mail_copied_without_quote_marks() {
    let s = service("old-mail");
    let id = tikal(&s);
    let t = at("2026-11-22T10:00:00Z");
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let (old_id, _, old_raw) = mails_to(&s, ALICE).remove(0);
    // A newer mail to Alice (the board again), so the old one is not the latest.
    let out = s
        .handle_mail(&reply(&to, "o1@x", &old_id, "board"), t)
        .unwrap();
    assert_eq!(out.outcome, "answered", "{}", out.reason);
    let old_text = sent_texts(&old_raw).remove(0);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    assert!(
        old_text.lines().filter(|l| l.starts_with("  ")).count() >= 2,
        "the old mail lists moves"
    );
    let body = format!(
        "{first}\n\nOd: quipu <{to}>\nWysłano: niedziela, 22 listopada 2026 10:00\nDo: {ALICE}\nTemat: [quipu #{id}] Tikal\n\n{old_text}"
    );
    let before = s.store.move_count(id).unwrap();
    let out = s
        .handle_mail(&reply(&to, "o2@x", &old_id, &body), t)
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(out.reason, first);
    assert_eq!(s.store.move_count(id).unwrap(), before + 1);
}

fn cli(db: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quipu"))
        .args(args)
        .env("QUIPU_DB", db)
        .env("QUIPU_ADDRESS", "quipu@example.test")
        .env("QUIPU_SECRET", "test-secret")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn show_of_a_forming_game_gives_its_lobby() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("quipu-reading-{}-lobby", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("quipu.db");
    let mail = dir.join("new.eml");
    std::fs::write(
        &mail,
        format!("From: <{ALICE}>\r\nTo: <quipu@example.test>\r\nSubject: new\r\nMessage-ID: <new1@x>\r\n\r\nHello!\r\nnew tikal with {BOB}\r\n"),
    )
    .unwrap();
    cli(&db, &["receive", mail.to_str().unwrap()]);
    // A game by mail is made by the reply to its confirmation.
    let confirmation = quipu::store::Store::open(&db)
        .unwrap()
        .outbox(None)
        .unwrap();
    let raw = String::from_utf8_lossy(&confirmation.last().unwrap().raw).into_owned();
    let reply_to = raw
        .lines()
        .find(|l| l.starts_with("Reply-To:"))
        .and_then(|l| l.rsplit_once('<'))
        .and_then(|(_, a)| a.strip_suffix('>'))
        .expect("the confirmation's reply address")
        .to_string();
    let yes = dir.join("confirm.eml");
    std::fs::write(
        &yes,
        format!("From: <{ALICE}>\r\nTo: <{reply_to}>\r\nSubject: Re: new\r\nMessage-ID: <confirm1@x>\r\n\r\nconfirm\r\n"),
    )
    .unwrap();
    let received: serde_json::Value =
        serde_json::from_str(&cli(&db, &["receive", yes.to_str().unwrap()])).unwrap();
    let game = received["game_id"].as_i64().expect("the new game's number");
    let shown: serde_json::Value =
        serde_json::from_str(&cli(&db, &["show", &game.to_string(), "--json"])).unwrap();
    assert_eq!(shown["status"], "forming");
    assert_eq!(shown["joined"], serde_json::json!([ALICE]));
    assert_eq!(shown["awaited"], serde_json::json!([BOB]));
    assert!(shown["how_to_join"]["en"]
        .as_str()
        .unwrap()
        .contains("'join'"));
    let text = cli(&db, &["show", &game.to_string()]);
    assert!(text.contains(&format!("awaited: {BOB}")), "{text}");
}

/// Alice's reply to `to` (Message-ID `id`, answering `in_reply_to`), handled at `when`.
fn answer(
    s: &Service,
    to: &str,
    id: &str,
    in_reply_to: &str,
    body: &str,
    when: &str,
) -> MailOutcome {
    s.handle_mail(&reply(to, id, in_reply_to, body), at(when))
        .unwrap()
}

/// The mails to Alice, oldest first: (Message-ID, kind, their decoded text).
fn alices_mails(s: &Service) -> Vec<(String, String, String)> {
    mails_to(s, ALICE)
        .into_iter()
        .map(|(id, kind, raw)| (id, kind, sent_texts(&raw).join("\n")))
        .collect()
}

#[test]
fn a_reply_to_a_mail_from_before_the_seats_move_is_confirmed_not_applied() {
    let s = service("stale-confirm");
    let id = tikal(&s);
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let (first_mail, _, _) = alices_mails(&s).remove(0);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let out = answer(&s, &to, "r1@x", &first_mail, &first, "2026-11-22T10:00:00Z");
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let moved = s.store.move_count(id).unwrap();
    let legal_now = s.legal(id, ALICE).unwrap();
    assert!(!legal_now.is_empty(), "Alice still acts this turn");

    // The same command again under a new Message-ID, still answering the
    // first mail: nothing moves, and one answer goes, showing the board.
    for (n, msg) in ["r2@x", "r3@x"].iter().enumerate() {
        let mails_before = alices_mails(&s).len();
        let out = answer(
            &s,
            &to,
            msg,
            &first_mail,
            &first,
            &format!("2026-11-22T10:0{}:00Z", 5 + n),
        );
        assert_eq!(out.outcome, "rejected", "{}", out.reason);
        assert_eq!(
            out.reason,
            format!("stale reply: the seat moved after the mail it answers; not applied: {first}")
        );
        assert_eq!(s.store.move_count(id).unwrap(), moved);
        assert_eq!(s.legal(id, ALICE).unwrap(), legal_now);
        let mails = alices_mails(&s);
        assert_eq!(mails.len(), mails_before + 1, "exactly one answer");
        let (_, kind, raw) = mails.last().unwrap();
        assert_eq!(kind, "answer");
        assert!(
            raw.contains("Nothing was applied: you answered an earlier mail"),
            "{raw}"
        );
        assert!(raw.contains("reply to this mail with them"), "{raw}");
        let sent = s.store.outbox(Some(id)).unwrap();
        let answer = &sent.last().unwrap().raw;
        assert!(
            String::from_utf8_lossy(answer).contains("image/png"),
            "the answer shows the current board's picture"
        );
    }
    assert_eq!(
        s.store
            .outbox(None)
            .unwrap()
            .iter()
            .filter(|m| m.recipient == BOB)
            .count(),
        s.store
            .outbox(None)
            .unwrap()
            .iter()
            .filter(|m| m.recipient == BOB && m.created_at.as_str() <= "2026-11-22T10:00:00Z")
            .count(),
        "Bob hears nothing of the stale replies"
    );

    // Confirming: the same kind of reply to the newest mail applies.
    let (newest, _, _) = alices_mails(&s).pop().unwrap();
    let next = legal_now[0].clone();
    let out = answer(&s, &to, "r4@x", &newest, &next, "2026-11-22T10:10:00Z");
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), moved + 1);
}

#[test]
fn a_reply_naming_no_mail_of_ours_applies_as_before() {
    let s = service("stale-unnamed");
    let id = tikal(&s);
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let out = answer(
        &s,
        &to,
        "u1@x",
        "elsewhere@x",
        &first,
        "2026-11-22T10:00:00Z",
    );
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let next = s.legal(id, ALICE).unwrap()[0].clone();
    let before = s.store.move_count(id).unwrap();
    let out = answer(
        &s,
        &to,
        "u2@x",
        "elsewhere@x",
        &next,
        "2026-11-22T10:05:00Z",
    );
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), before + 1);
}

/// Mail stored before outbox rows counted the moves they saw (a game in
/// progress across the upgrade) is judged by time: a reply to a mail from
/// before the seat's move is stale, one to a mail from after it is not.
#[test]
fn mail_from_before_the_upgrade_is_judged_by_its_time() {
    let dir = std::env::temp_dir().join(format!(
        "quipu-reading-{}-stale-upgrade",
        std::process::id()
    ));
    let s = service("stale-upgrade");
    let id = tikal(&s);
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let (first_mail, _, _) = alices_mails(&s).remove(0);
    let first = s.legal(id, ALICE).unwrap()[0].clone();
    let out = answer(
        &s,
        &to,
        "p1@x",
        "elsewhere@x",
        &first,
        "2026-11-22T10:00:00Z",
    );
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    let (after_move, _, _) = alices_mails(&s).pop().unwrap();
    rusqlite::Connection::open(dir.join("quipu.db"))
        .unwrap()
        .execute("UPDATE outbox SET moves_seen = NULL", [])
        .unwrap();
    let moved = s.store.move_count(id).unwrap();
    let out = answer(&s, &to, "p2@x", &first_mail, &first, "2026-11-22T10:05:00Z");
    assert_eq!(out.outcome, "rejected", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), moved);
    let next = s.legal(id, ALICE).unwrap()[0].clone();
    let out = answer(&s, &to, "p3@x", &after_move, &next, "2026-11-22T10:10:00Z");
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), moved + 1);
}

/// A move whose first word is also a service word (`join`) is a move when
/// the seat can play it at that point of its turn, even though it was not
/// legal when the turn began: here the 20th line of a solo Tawantinsuyu
/// turn answers Axomama's worship (recorded from a whole game by mail).
#[test]
fn a_move_starting_with_a_service_word_later_in_the_turn_is_a_move() {
    let s = service("join-later");
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tawantinsuyu".into(),
                players: vec![ALICE.into()],
                seed: Some(33),
                ..Default::default()
            },
            at("2026-11-22T09:00:00Z"),
        )
        .unwrap();
    let setup_and_first_turn = TAWANTINSUYU_SETUP_AND_FIRST_TURN;
    let lines: Vec<String> = setup_and_first_turn
        .split(';')
        .map(str::to_string)
        .collect();
    s.play(id, ALICE, &lines, "test", at("2026-11-22T09:30:00Z"))
        .unwrap();
    let before = s.store.move_count(id).unwrap();
    assert!(!s
        .legal(id, ALICE)
        .unwrap()
        .iter()
        .any(|c| c.starts_with("join")));
    let turn = "dismiss porter\ndismiss warrior\npass\nplace artisan s3t2 card g29\ntasks train potato\nkeep a20\nhire none\nrecruit porter\npriest sacrifice\ngold\nhire corn\ndismiss warrior\ndeploy done\npriest recover\ngold\npray\ncash a20\nhire potato\ndismiss artisan\njoin worship small pachamama\nuse g06";
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let out = s
        .handle_mail(
            &reply(&to, "join-later@x", "none@x", &format!("{turn}\nCheers")),
            at("2026-11-22T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(s.store.move_count(id).unwrap(), before + 21);
    let export = s.export(id).unwrap();
    let last: Vec<&str> = export
        .moves
        .iter()
        .rev()
        .take(2)
        .map(|m| m.command.as_str())
        .collect();
    assert_eq!(last, ["use g06", "join worship small pachamama"]);
}

/// A copy of a mail we sent that the known mails only partly match (its
/// heading repeats an earlier mail, its board does not): the client's
/// header block still ends the player's text, and nothing of the copy is
/// read as commands.
#[test]
fn a_copy_our_mails_only_partly_match_is_still_not_the_players() {
    let earlier = "[quipu #1] Cuzco\n================\n\nYou are seat 1. At the table: seat 1 ann@example.test, seat 2 bo@example.test.\n\nIt is bo's turn.\n";
    let known = Known::new([earlier]);
    let reply = "From: <ann@example.test>\r\nTo: <quipu@example.test>\r\nSubject: Re: [quipu #1] Cuzco\r\nMessage-ID: <partly@x>\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nHi,\r\nend\r\n\r\n________________________________\r\nFrom: quipu <quipu@example.test>\r\nSent: Sunday, November 22, 2026 9:59 AM\r\nTo: ann@example.test\r\nSubject: [quipu #1] Cuzco\r\n\r\n[quipu #1] Cuzco\r\n================\r\n\r\nYou are seat 1. At the table: seat 1 ann@example.test, seat 2 bo@example.test.\r\n\r\n- seat 2 places a 3-space tile on G14 G15 H14v (level 1) for 1 AP; 5 AP left.\r\nC C6=f1#1 C7=. C8=. C10=.\r\n";
    assert_eq!(
        read_knowing(reply.as_bytes(), &known).commands,
        ["Hi,", "end"]
    );
    assert_eq!(read(reply.as_bytes()).commands, ["Hi,", "end"]);
}

/// A move our mail printed only on an unindented line (Tawantinsuyu's "You
/// may now" section, the links having been cut to the first few per kind),
/// written alone as the reply, is the player's move: knowing what we sent
/// must not take it for a copy of our mail, since the seat may play it now.
#[test]
fn a_reply_whose_only_line_is_a_move_our_mail_printed_unindented_is_applied() {
    let s = service("unindented-move");
    let id = s
        .create_game(
            &NewGameRequest {
                game: "tawantinsuyu".into(),
                players: vec![ALICE.into()],
                seed: Some(33),
                ..Default::default()
            },
            at("2026-11-22T09:00:00Z"),
        )
        .unwrap();
    // Setup and a first turn (as in the test above): the second turn's
    // placements are many more than the mail lists as links.
    let lines: Vec<String> = TAWANTINSUYU_SETUP_AND_FIRST_TURN
        .split(';')
        .map(str::to_string)
        .collect();
    s.play(id, ALICE, &lines, "test", at("2026-11-22T09:30:00Z"))
        .unwrap();
    // Moves on (the first legal move each time) until the latest mail
    // prints a move Alice may play now only unindented.
    // Only a mail sent after the last move counts: a reply to an older
    // one is stale.
    let mut found = None;
    let mut seen = 0;
    for step in 0..200 {
        let mut mails = mails_to(&s, ALICE);
        if mails.len() > seen {
            seen = mails.len();
            let (mail_id, _, raw) = mails.pop().expect("a turn mail");
            let legal = s.legal(id, ALICE).unwrap();
            if let Some(m) = printed_only_unindented(&sent_texts(&raw)[0], &legal) {
                found = Some((mail_id, m));
                break;
            }
        }
        let first = s.legal(id, ALICE).unwrap()[0].clone();
        let t = at("2026-11-22T09:40:00Z") + chrono::Duration::seconds(step);
        s.play(id, ALICE, &[first], "test", t).unwrap();
    }
    let (mail_id, only_unindented) = found.expect("a mail printing a move only unindented");
    let to = format!("quipu+{}@example.test", s.reply_token(id, ALICE));
    let before = s.store.move_count(id).unwrap();
    let out = s
        .handle_mail(
            &reply(&to, "unindented@x", &mail_id, &only_unindented),
            at("2026-11-22T10:00:00Z"),
        )
        .unwrap();
    assert_eq!(out.outcome, "applied", "{}", out.reason);
    assert_eq!(out.reason, only_unindented);
    assert_eq!(s.store.move_count(id).unwrap(), before + 1);
    let export = s.export(id).unwrap();
    assert_eq!(
        export.moves.last().map(|m| m.command.as_str()),
        Some(only_unindented.as_str())
    );
}

/// A legal move that `plain` prints on an unindented line and nowhere indented.
fn printed_only_unindented(plain: &str, legal: &[String]) -> Option<String> {
    let indented: Vec<String> = plain
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l.trim().to_lowercase())
        .collect();
    let unindented: Vec<String> = plain
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| l.trim().to_lowercase())
        .collect();
    legal
        .iter()
        .find(|c| {
            let c = c.to_lowercase();
            unindented.contains(&c) && !indented.contains(&c)
        })
        .cloned()
}
