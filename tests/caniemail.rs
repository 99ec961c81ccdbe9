//! Every kind of mail the service writes (turn, news, answers, notices,
//! game over), for every game in English and Korean, checked against the
//! caniemail data for Gmail, Outlook, Apple Mail, Samsung Email and Yahoo
//! by the pinned `@jsx-email/doiuse-email` under Node
//! (`tools/caniemail/check.mjs`, installed offline by `deploy/test.sh`'s
//! `npm ci`): a feature one of them lacks fails the test unless
//! `tools/caniemail/allowlist.json` names it with the reason its absence
//! only loses decoration.

#[path = "support/driving.rs"]
mod driving;

use driving::{now, BOB};
use mail_parser::MessageParser;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Mails kept of each kind per game and language: the largest few carry
/// the most of what that kind can show.
const PER_KIND: usize = 3;

fn mail(from: &str, to: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: quipu\r\nMessage-ID: <{id}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

/// A game of `game` in `lang` played some steps by mail, with the service
/// commands and a refusal among the moves; writes the HTML part of the
/// largest mails of each kind into `out` and returns how many.
fn write_mails(game: &str, options: &[&str], lang: &str, out: &Path) -> usize {
    let dir = std::env::temp_dir().join(format!(
        "quipu-caniemail-{}-{game}-{lang}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let s = driving::service(&dir);
    let id = driving::start(&s, game, lang, 11, options);
    let mut n = 0;
    let mut send = |from: &str, body: &str| {
        n += 1;
        let to = format!("quipu+{}@example.test", s.reply_token(id, from));
        let _ = s.handle_mail(&mail(from, &to, &format!("m{n}@client.test"), body), now());
    };
    driving::drive(&s, id, 14, |step, who, _, pick| {
        match step {
            1 => send(who, "help"),
            2 => send(who, "board"),
            3 => send(who, "moves"),
            4 => send(who, "xyzzy plugh"),
            5 => send(who, "say good luck"),
            _ => {}
        }
        if let Some(m) = pick {
            send(who, m);
        }
        true
    });
    send(BOB, "resign");
    let mut by_kind: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();
    for row in s.store.outbox(None).expect("outbox") {
        by_kind
            .entry(row.kind.to_string())
            .or_default()
            .push(row.raw);
    }
    let mut written = 0;
    for (kind, mut raws) in by_kind {
        raws.sort_by_key(|r| std::cmp::Reverse(r.len()));
        for (i, raw) in raws.iter().take(PER_KIND).enumerate() {
            let msg = MessageParser::default().parse(raw).expect("mail parses");
            if let Some(html) = msg.body_html(0) {
                let name = format!("{game}-{lang}-{kind}-{i}.html");
                std::fs::write(out.join(name), html.as_bytes()).expect("mail written");
                written += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    written
}

#[test]
fn every_kind_of_mail_uses_only_what_the_common_clients_show() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tool = root.join("tools/caniemail");
    assert!(
        tool.join("node_modules/@jsx-email/doiuse-email").is_dir(),
        "the caniemail data is not installed: run `npm ci --prefix tools/caniemail` (deploy/test.sh does)"
    );
    let out = root.join("target/caniemail");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).expect("mail folder");
    let mut written = 0;
    for (game, options) in [
        ("tzolkin", &[][..]),
        ("tikal", &[]),
        ("cuzco", &[]),
        ("tawantinsuyu", &[]),
        ("tta", &["mode=full"]),
    ] {
        for lang in ["en", "ko"] {
            written += write_mails(game, options, lang, &out);
        }
    }
    assert!(written >= 40, "only {written} mails written");
    let run = Command::new("node")
        .arg(tool.join("check.mjs"))
        .arg(&out)
        .current_dir(&tool)
        .output()
        .expect("node runs (deploy/test.sh installs it)");
    let report = String::from_utf8_lossy(&run.stdout);
    println!("{report}");
    assert!(
        run.status.success(),
        "features some client drops, not on tools/caniemail/allowlist.json:\n{report}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
}
