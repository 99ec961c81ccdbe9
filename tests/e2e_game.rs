//! Whole games played by mail through the real Postfix + Dovecot stack:
//! scripted players read their mail over IMAP and answer by clicking (i.e.
//! sending) one of the move links, quoting the mail below like Gmail does.

mod support;

use quipu::engine::Rng;
use std::collections::BTreeMap;
use std::time::Duration;
use support::{reply, start_game, Quipu, Received};

/// Plays game `game` to its end by mail; returns (game number, replies sent).
fn play_by_mail(
    game: &str,
    account: &str,
    players: &[&str],
    options: &[&str],
    seed: u64,
    minutes: u64,
) -> (Quipu, i64, usize) {
    let mut g = start_game(game, account, players, options, seed);
    let id = g.id;
    let mut rng = Rng::new(seed);
    let mut latest: BTreeMap<usize, Received> = BTreeMap::new();
    let mut answered: Vec<String> = Vec::new();
    let mut sent = 0usize;
    loop {
        g.assert_running(minutes, "");
        latest.extend(g.fresh_mail());
        if g.q.show_json(id)["finished"] == serde_json::json!(true) {
            break;
        }
        for (i, m) in &latest {
            if answered.contains(&m.message_id) {
                continue;
            }
            let links = m.move_links();
            if links.is_empty() {
                continue;
            }
            let choice = links[rng.below(links.len())].clone();
            let me = &g.emails[*i];
            let to = m.reply_to.clone().expect("a Reply-To with the token");
            let mid = format!(
                "{account}.{id}.{sent}.{}@tester.example.test",
                rng.next_u64()
            );
            g.stack.send(me, &to, &reply(me, &to, m, &choice, &mid));
            answered.push(m.message_id.clone());
            sent += 1;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    // Everyone is told the result by mail.
    g.wait_for_game_over(|i| latest.get(&i));
    (g.q, id, sent)
}

fn check_finished_game(q: &Quipu, id: i64, players: usize, sent: usize) {
    let show = q.show_json(id);
    assert_eq!(show["finished"], serde_json::json!(true));
    let scores = show["scores"].as_object().expect("scores once finished");
    assert_eq!(scores.len(), players);
    // Every applied move came from a mail, and the record replays.
    let export: serde_json::Value =
        serde_json::from_str(&q.ok(&["export", &id.to_string()])).unwrap();
    let moves: Vec<&serde_json::Value> = export["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "move")
        .collect();
    assert!(!moves.is_empty());
    assert!(
        moves.len() <= sent,
        "{} moves applied from {sent} replies",
        moves.len()
    );
    assert!(
        moves
            .iter()
            .all(|m| m["source"].as_str().unwrap_or("").contains('@')),
        "a move not from a mail"
    );
    let file = q.dir.join("export.json");
    std::fs::write(&file, serde_json::to_string(&export).unwrap()).unwrap();
    let out = q.cli(&["replay", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "replay failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_whole_game_of_tzolkin_by_mail() {
    let (q, id, sent) = play_by_mail("tzolkin", "q2", &["carol", "dave"], &[], 5, 40);
    check_finished_game(&q, id, 2, sent);
}

#[test]
fn a_whole_game_of_tikal_by_mail() {
    let (q, id, sent) = play_by_mail("tikal", "q1", &["alice", "bob"], &[], 11, 25);
    check_finished_game(&q, id, 2, sent);
}
