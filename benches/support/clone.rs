//! Growing a benchmark database: copies of a few real games (seats, history,
//! stored states, deadlines, mail records) until it holds many.

use std::path::Path;
use std::time::Duration;

/// Copies the first `template` games until the database holds `total`
/// active games; each copy's players get addresses of their own.
pub fn clone_games(db: &Path, template: i64, total: i64) {
    let c = rusqlite::Connection::open(db).expect("db");
    c.busy_timeout(Duration::from_secs(10)).ok();
    c.execute_batch("BEGIN").expect("begin");
    let mut offset = template;
    while offset < total {
        let sql = format!(
            "INSERT INTO games(id, game, seed, options, clock, status, created_by, created_at, finished_at, engine)
               SELECT id + {offset}, game, seed, options, clock, status, created_by, created_at, finished_at, engine FROM games WHERE id <= {template};
             INSERT OR IGNORE INTO players(email, lang, timezone, notify, created_at)
               SELECT 'c{offset}.' || email, lang, timezone, notify, created_at FROM players WHERE email IN (SELECT email FROM seats WHERE game_id <= {template});
             INSERT INTO seats(game_id, email, seat, status, last_message_id, mails_sent, seen_move)
               SELECT game_id + {offset}, 'c{offset}.' || email, seat, status, last_message_id, mails_sent, seen_move FROM seats WHERE game_id <= {template};
             INSERT INTO moves(game_id, n, seat, email, kind, command, events, source, at)
               SELECT game_id + {offset}, n, seat, 'c{offset}.' || email, kind, command, events, source || '.c{offset}', at FROM moves WHERE game_id <= {template};
             INSERT INTO snapshots(game_id, n, engine, digest, state)
               SELECT game_id + {offset}, n, engine, digest, state FROM snapshots WHERE game_id <= {template};
             INSERT INTO deadlines(game_id, seat, started_at, due_at, reminders_sent, late_sent, next_at)
               SELECT game_id + {offset}, seat, started_at, due_at, reminders_sent, late_sent, next_at FROM deadlines WHERE game_id <= {template};
             INSERT INTO inbound(message_id, received_at, sender, game_id, outcome, reason, size)
               SELECT message_id || '.c{offset}', received_at, 'c{offset}.' || sender, game_id + {offset}, outcome, reason, size FROM inbound WHERE game_id <= {template};
             INSERT INTO outbox(created_at, game_id, recipient, message_id, kind, raw, attempts, next_try_at, sent_at)
               SELECT created_at, game_id + {offset}, 'c{offset}.' || recipient, message_id || '.c{offset}', kind, x'', attempts, next_try_at, COALESCE(sent_at, created_at)
               FROM outbox WHERE game_id <= {template};"
        );
        c.execute_batch(&sql).expect("clone games");
        offset += template;
    }
    c.execute_batch("COMMIT; PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;")
        .expect("commit");
}
