#!/usr/bin/env python3
"""The CPU cost of `quipu receive` against the size of the database.

Builds, with the first binary given, a database of one Tikal game a few
moves in and copies it to 100 and to N games (default 100,000; only the
newest stored state of each copy), then times five replies to game 1 by
`quipu receive` (user + system CPU, pinned to core 0) for each binary and
size. Usage: tools/scale/receive.py OLD_QUIPU [NEW_QUIPU ...] [--games N]
Work files go to /tmp/quipu-scale (about 10 KB per game)."""

import email, email.utils, json, os, resource, shutil, sqlite3, statistics, subprocess, sys
DIR = '/tmp/quipu-scale'
SECRET = 'scale-secret'

def quipu(binary, db, *args):
    env = dict(os.environ, QUIPU_DB=db, QUIPU_ADDRESS='quipu@example.test', QUIPU_SECRET=SECRET)
    return subprocess.run([binary, *args], env=env, capture_output=True, text=True, check=True).stdout


def base(binary):
    """One Tikal game four moves in, every mail of it sent."""
    db = f'{DIR}/base.db'
    gid = quipu(binary, db, 'new', 'tikal', '--players', 'a@example.test,b@example.test', '--seed', '4').strip()
    for _ in range(4):
        who = json.loads(quipu(binary, db, 'show', gid, '--json'))['to_act'][0]
        cmd = quipu(binary, db, 'legal', gid, '--as', who).splitlines()[0]
        quipu(binary, db, 'move', gid, '--as', who, cmd)
    c = sqlite3.connect(db)
    c.execute("UPDATE outbox SET sent_at = created_at")
    c.commit()
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    c.close()
    return db


def clone(src, db, total):
    """Copies of game 1 until `db` holds `total` games, doubling each round."""
    shutil.copy(src, db)
    c = sqlite3.connect(db)
    top = c.execute("SELECT MAX(n) FROM snapshots WHERE game_id = 1").fetchone()[0]
    c.execute("BEGIN")
    off = 1
    while off < total:
        n = min(off, total - off)
        p = f"'c{off}.' || "
        for sql in [
            f"INSERT INTO games(id, game, seed, options, clock, status, created_by, created_at, finished_at, engine) SELECT id + {off}, game, seed, options, clock, status, created_by, created_at, finished_at, engine FROM games WHERE id <= {n}",
            f"INSERT OR IGNORE INTO players(email, lang, timezone, notify, created_at) SELECT {p}email, lang, timezone, notify, created_at FROM players WHERE email IN (SELECT email FROM seats WHERE game_id <= {n})",
            f"INSERT INTO seats(game_id, email, seat, status, last_message_id, mails_sent, seen_move) SELECT game_id + {off}, {p}email, seat, status, last_message_id, mails_sent, seen_move FROM seats WHERE game_id <= {n}",
            f"INSERT INTO moves(game_id, n, seat, email, kind, command, events, source, at) SELECT game_id + {off}, n, seat, {p}email, kind, command, events, source || '.c{off}', at FROM moves WHERE game_id <= {n}",
            f"INSERT INTO snapshots(game_id, n, engine, digest, state) SELECT game_id + {off}, n, engine, digest, CASE WHEN n = {top} THEN state END FROM snapshots WHERE game_id <= {n}",
            f"INSERT INTO deadlines(game_id, seat, started_at, due_at, reminders_sent, late_sent, next_at) SELECT game_id + {off}, seat, started_at, due_at, reminders_sent, late_sent, next_at FROM deadlines WHERE game_id <= {n}",
            f"INSERT INTO outbox(created_at, game_id, recipient, message_id, kind, raw, attempts, next_try_at, sent_at) SELECT created_at, game_id + {off}, {p}recipient, message_id || '.c{off}', kind, x'', attempts, next_try_at, COALESCE(sent_at, created_at) FROM outbox WHERE game_id <= {n}",
        ]:
            c.execute(sql)
        off += n
    c.execute("COMMIT")
    c.execute("ANALYZE")
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    c.close()


def replies(binary, db, count=5):
    """Median CPU milliseconds of `count` replies to game 1, on a copy of `db`."""
    work = db.replace('.db', '-work.db')
    for ext in ['', '-wal', '-shm']:
        if os.path.exists(work + ext):
            os.remove(work + ext)
    shutil.copy(db, work)
    quipu(binary, work, 'show', '1', '--json')  # the first open migrates: untimed
    times = []
    for n in range(count):
        who = json.loads(quipu(binary, work, 'show', '1', '--json'))['to_act'][0]
        cmd = quipu(binary, work, 'legal', '1', '--as', who).splitlines()[0]
        c = sqlite3.connect(work)
        mid, raw = c.execute(
            "SELECT message_id, raw FROM outbox WHERE game_id = 1 AND recipient = ? ORDER BY id DESC LIMIT 1",
            (who,)).fetchone()
        c.close()
        reply_to = email.utils.parseaddr(email.message_from_bytes(raw)['Reply-To'])[1]
        mail = (f"From: <{who}>\r\nTo: <{reply_to}>\r\nSubject: Re: [quipu #1]\r\n"
                f"Message-ID: <r{n}.{os.getpid()}@example.test>\r\nIn-Reply-To: <{mid}>\r\n"
                f"References: <{mid}>\r\nMIME-Version: 1.0\r\n"
                f"Content-Type: text/plain; charset=UTF-8\r\n\r\n{cmd}\r\n")
        path = f'{DIR}/reply.eml'
        with open(path, 'w') as f:
            f.write(mail)
        env = dict(os.environ, QUIPU_DB=work, QUIPU_ADDRESS='quipu@example.test', QUIPU_SECRET=SECRET)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(['taskset', '-c', '0', binary, 'receive', path], env=env, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if 'applied' not in out.stdout + out.stderr:
            sys.exit(f'reply not applied: {out.stdout} {out.stderr}')
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times) * 1000


def main():
    args = sys.argv[1:]
    games = 100_000
    if '--games' in args:
        i = args.index('--games')
        games = int(args[i + 1])
        del args[i:i + 2]
    if not args:
        sys.exit(__doc__)
    shutil.rmtree(DIR, ignore_errors=True)
    os.makedirs(DIR)
    src = base(args[0])
    sizes = [(100, f'{DIR}/g100.db'), (games, f'{DIR}/g{games}.db')]
    for total, db in sizes:
        clone(src, db, total)
    for binary in args:
        for total, db in sizes:
            print(f'{binary}  {total:>7} games  {replies(binary, db):6.1f} ms CPU per reply (median of 5)', flush=True)


if __name__ == '__main__':
    main()
