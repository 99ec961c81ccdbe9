#!/usr/bin/env python3
"""The CPU cost of a move against the size of the database and of the thread.

Builds, with the first binary given, a database of one Tikal game a few
moves in and copies it to 100 and to N games (default 100,000; only the
newest stored state of each copy), then times five replies to game 1 by
`quipu receive` and five moves by `quipu move` (user + system CPU, pinned
to core 0) for each binary and size. With `--sent`, it also times replies
beside 12 and 200 mails sent to the replying player in game 1's thread (at
100 games), so a cost that grows with the thread shows.
Usage: tools/scale/receive.py OLD_QUIPU [NEW_QUIPU ...] [--games N] [--sent]
Work files go to $QUIPU_SCALE_DIR, else /tmp/quipu-scale (about 10 KB per game)."""

import email, email.utils, json, os, resource, shutil, sqlite3, statistics, subprocess, sys
DIR = os.environ.get('QUIPU_SCALE_DIR', '/tmp/quipu-scale')
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


def fresh_copy(binary, db):
    """A work copy of `db`, opened once (the first open migrates: untimed)."""
    work = db.replace('.db', '-work.db')
    for ext in ['', '-wal', '-shm']:
        if os.path.exists(work + ext):
            os.remove(work + ext)
    shutil.copy(db, work)
    quipu(binary, work, 'show', '1', '--json')
    # The copy's dirty pages would otherwise be written out by the first
    # timed run's fsync and charged to it as system CPU (about 8 ms at
    # 100,000 games): the size of the copy, not of the service.
    os.sync()
    return work


def cpu_of(argv, env):
    """User + system CPU seconds of one run, pinned to core 0, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(['taskset', '-c', '0', *argv], env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return spent, out.stdout + out.stderr


def moves(binary, db, count=5):
    """Median CPU milliseconds of `count` moves in game 1 by `quipu move`."""
    work = fresh_copy(binary, db)
    env = dict(os.environ, QUIPU_DB=work, QUIPU_ADDRESS='quipu@example.test', QUIPU_SECRET=SECRET)
    times = []
    for _ in range(count):
        who = json.loads(quipu(binary, work, 'show', '1', '--json'))['to_act'][0]
        cmd = quipu(binary, work, 'legal', '1', '--as', who).splitlines()[0]
        spent, out = cpu_of([binary, 'move', '1', '--as', who, cmd], env)
        times.append(spent)
    return statistics.median(times) * 1000


def thread_of(db, sent):
    """A copy of `db` where each player of game 1 has `sent` mails in its thread."""
    out = db.replace('.db', f'-sent{sent}.db')
    shutil.copy(db, out)
    c = sqlite3.connect(out)
    for (who,) in c.execute("SELECT DISTINCT recipient FROM outbox WHERE game_id = 1").fetchall():
        have = c.execute("SELECT COUNT(*) FROM outbox WHERE game_id = 1 AND recipient = ?", (who,)).fetchone()[0]
        oldest = c.execute("SELECT MIN(id) FROM outbox WHERE game_id = 1 AND recipient = ?", (who,)).fetchone()[0]
        cols = [r[1] for r in c.execute("PRAGMA table_info(outbox)") if r[1] != 'id']
        picked = ', '.join("message_id || '.old' || ?" if k == 'message_id' else k for k in cols)
        # Older copies go below the real mails, so the newest stays the one replied to.
        for k in range(max(0, sent - have)):
            c.execute(f"INSERT INTO outbox({', '.join(cols)}) SELECT {picked} FROM outbox WHERE id = ?", (k, oldest))
    c.commit()
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    c.close()
    return out


def replies(binary, db, count=5):
    """Median CPU milliseconds of `count` replies to game 1, on a copy of `db`."""
    work = fresh_copy(binary, db)
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
        spent, out = cpu_of([binary, 'receive', path], env)
        if 'applied' not in out:
            sys.exit(f'reply not applied: {out}')
        times.append(spent)
    return statistics.median(times) * 1000


def main():
    args = sys.argv[1:]
    games = 100_000
    sent = '--sent' in args
    args = [a for a in args if a != '--sent']
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
    threads = [(n, thread_of(sizes[0][1], n)) for n in (12, 200)] if sent else []
    for binary in args:
        for total, db in sizes:
            print(f'{binary}  {total:>7} games  {replies(binary, db):6.1f} ms CPU per reply, '
                  f'{moves(binary, db):6.1f} ms per quipu move (medians of 5)', flush=True)
        for n, db in threads:
            print(f'{binary}  {n:>4} mails sent to the player  {replies(binary, db):6.1f} ms CPU per reply (median of 5)', flush=True)


if __name__ == '__main__':
    main()
