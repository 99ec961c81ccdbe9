#!/usr/bin/env bash
# Sets up and starts quipu on a fresh Debian machine with a local mail stack
# and a demo game, then says how to play it from any mail client.
# Usage: deploy/quickstart.sh [GAME]   (default tzolkin; as root)
set -euo pipefail
cd "$(dirname "$0")/.."
GAME="${1:-tzolkin}"
STATE="${QUIPU_STATE:-/tmp/quipu-demo}"
mkdir -p "$STATE"

command -v cargo >/dev/null || { echo "quipu needs a Rust toolchain (cargo, rustc >= 1.88) on PATH" >&2; exit 1; }
if ! command -v gcc >/dev/null || ! command -v openssl >/dev/null; then
  apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev openssl
fi
bash deploy/mailstack/start.sh
cargo build --release
BIN="$PWD/target/release/quipu"

export QUIPU_DB="$STATE/quipu.db"
export QUIPU_ADDRESS=quipu@example.test
export QUIPU_SECRET="${QUIPU_SECRET:-demo-secret-change-me}"
export QUIPU_IMAP_HOST=127.0.0.1 QUIPU_IMAP_PORT=1143 QUIPU_IMAP_USER=quipu@example.test QUIPU_IMAP_PASSWORD=secret QUIPU_IMAP_TLS=starttls
export QUIPU_SMTP_HOST=127.0.0.1 QUIPU_SMTP_PORT=2525 QUIPU_SMTP_USER=quipu@example.test QUIPU_SMTP_PASSWORD=secret QUIPU_SMTP_TLS=starttls
export QUIPU_CA_FILE=/tmp/mailstack/tls/cert.pem
{
  echo "export QUIPU_DB=$QUIPU_DB QUIPU_ADDRESS=$QUIPU_ADDRESS QUIPU_SECRET=$QUIPU_SECRET QUIPU_CA_FILE=$QUIPU_CA_FILE"
  echo "export QUIPU_IMAP_HOST=127.0.0.1 QUIPU_IMAP_PORT=1143 QUIPU_IMAP_USER=quipu@example.test QUIPU_IMAP_PASSWORD=secret QUIPU_IMAP_TLS=starttls"
  echo "export QUIPU_SMTP_HOST=127.0.0.1 QUIPU_SMTP_PORT=2525 QUIPU_SMTP_USER=quipu@example.test QUIPU_SMTP_PASSWORD=secret QUIPU_SMTP_TLS=starttls"
} > "$STATE/env"

"$BIN" doctor || true
if [ -s "$STATE/quipu.pid" ] && kill -0 "$(cat "$STATE/quipu.pid")" 2>/dev/null; then kill "$(cat "$STATE/quipu.pid")"; sleep 1; fi
ID=$("$BIN" new "$GAME" --players alice@example.test,bob@example.test --option deadline=72h)
nohup "$BIN" serve >"$STATE/quipu.log" 2>&1 </dev/null &
echo $! > "$STATE/quipu.pid"

cat <<MSG

quipu is running (pid $(cat "$STATE/quipu.pid"), log $STATE/quipu.log, database $QUIPU_DB).
Demo game #$ID of $GAME: alice@example.test and bob@example.test. Their first mails are on the way.

Play from any mail client (Thunderbird, mutt, ...) with these accounts:
  user alice@example.test or bob@example.test, password secret
  IMAP 127.0.0.1 port 1143 (STARTTLS) or 1993 (TLS)
  SMTP 127.0.0.1 port 2525 (STARTTLS, AUTH with the same user) or 2465 (TLS)
  The servers' certificate is self-signed: /tmp/mailstack/tls/cert.pem
Open the game mail and reply with a move (or click one of its move links and press Send).
Reply 'help' for the commands. Other players: carol, dave, erin, frank @example.test.
Start another game by mail: write to quipu@example.test: new tikal with bob@example.test
Operator tools: source $STATE/env; $BIN games; $BIN show $ID; $BIN legal $ID --as alice@example.test
Stop: kill \$(cat $STATE/quipu.pid); bash deploy/mailstack/stop.sh
MSG
