#!/usr/bin/env bash
# Carried into quipu from the team's tested recipe (shared/mailstack); quipu's own copy.
# stop.sh - stop the test mail stack started by start.sh, by pid. Idempotent.
#   MAILSTACK_DIR=/tmp/mailstack (default)   MAILSTACK_PURGE=1 also deletes $MAILSTACK_DIR
set -uo pipefail
D="${MAILSTACK_DIR:-/tmp/mailstack}"
log() { printf '[mailstack] %s\n' "$*" >&2; }

# kill_pid NAME PID: TERM, wait up to 10s, then KILL. Only the pid we recorded.
kill_pid() {
  local name=$1 pid=$2
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || { log "stopped $name (pid $pid)"; return 0; }; sleep 0.1; done
  log "$name (pid $pid) ignored SIGTERM, sending SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
}

# Postfix: master.pid lives in the queue dir; SIGTERM to the master stops all its children
# (same thing "postfix -c DIR stop" does).
pf_pid=""
[ -s "$D/postfix-spool/pid/master.pid" ] && pf_pid=$(tr -d ' \n' < "$D/postfix-spool/pid/master.pid")
[ -z "$pf_pid" ] && [ -s "$D/postfix.pid" ] && pf_pid=$(tr -d ' \n' < "$D/postfix.pid")
# Dovecot: base_dir/master.pid; SIGTERM to the master stops all dovecot processes of this instance.
dc_pid=""
[ -s "$D/dovecot-run/master.pid" ] && dc_pid=$(tr -d ' \n' < "$D/dovecot-run/master.pid")
[ -z "$dc_pid" ] && [ -s "$D/dovecot.pid" ] && dc_pid=$(tr -d ' \n' < "$D/dovecot.pid")

kill_pid postfix "$pf_pid"
kill_pid dovecot "$dc_pid"
rm -f "$D/postfix.pid" "$D/dovecot.pid" "$D/postfix-spool/pid/master.pid" "$D/dovecot-run/master.pid"

if [ "${MAILSTACK_PURGE:-0}" = 1 ] && [ -d "$D" ]; then
  rm -rf "$D"; log "purged $D"
fi
exit 0
