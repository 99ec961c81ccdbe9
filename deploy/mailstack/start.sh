#!/usr/bin/env bash
# Carried into quipu from the team's tested recipe (shared/mailstack); quipu's own copy.
# start.sh - throwaway, loopback-only mail stack for integration tests.
#
#   Postfix 3.7 (SMTP in)  --LMTP unix socket-->  Dovecot 2.3 (IMAP out, SASL auth)
#
# Debian 12 (bookworm) packages: postfix dovecot-imapd dovecot-lmtpd.
# Works WITHOUT systemd, as root, on a fresh CI machine or a developer box.
# It never touches /etc/postfix or /etc/dovecot: every config, queue, mailbox,
# log, socket and pid file lives under $MAILSTACK_DIR (default /tmp/mailstack).
# Idempotent: re-running stops a previous instance (by pid) and starts a fresh one.
#
# Endpoints (all 127.0.0.1 only):
#   SMTP  $MAILSTACK_SMTP_PORT   (2525)  plain, STARTTLS offered, AUTH PLAIN/LOGIN offered (not required from loopback)
#   SMTPS $MAILSTACK_SMTPS_PORT  (2465)  implicit TLS ("submissions"), AUTH required
#   IMAP  $MAILSTACK_IMAP_PORT   (1143)  plain, STARTTLS offered, plaintext LOGIN allowed
#   IMAPS $MAILSTACK_IMAPS_PORT  (1993)  implicit TLS
# Users: "$MAILSTACK_USERS" @ $MAILSTACK_DOMAIN, password $MAILSTACK_PASSWORD.
# Login name is the full address (play@example.test). Plus-addresses
# (play+anything@example.test) are delivered to INBOX of the base user.
# Mail to any other domain is bounced (error transport) - nothing leaves the box.
# TLS: self-signed cert in $MAILSTACK_DIR/tls/cert.pem (CN/SAN: mail.example.test,
# localhost, 127.0.0.1) - point test clients at it or disable verification.
#
# Env knobs (defaults shown):
#   MAILSTACK_DIR=/tmp/mailstack MAILSTACK_DOMAIN=example.test
#   MAILSTACK_USERS="play alice bob carol dave" MAILSTACK_PASSWORD=secret
#   MAILSTACK_SMTP_PORT=2525 MAILSTACK_SMTPS_PORT=2465
#   MAILSTACK_IMAP_PORT=1143 MAILSTACK_IMAPS_PORT=1993
#   MAILSTACK_KEEP_MAIL=0   (1 = keep existing mailboxes across restarts)
#   MAILSTACK_NO_INSTALL=0  (1 = never run apt-get; fail if packages are missing)
set -euo pipefail
[ "${MAILSTACK_TRACE:-0}" = 1 ] && { PS4='+ ${EPOCHREALTIME} '; set -x; }

D="${MAILSTACK_DIR:-/tmp/mailstack}"
DOMAIN="${MAILSTACK_DOMAIN:-example.test}"
# quipu: the service accounts used by the demo and the end-to-end tests, then the players.
USERS="${MAILSTACK_USERS:-play quipu q1 q2 q3 q4 q5 q6 q7 q8 q9 alice bob carol dave erin frank}"
PASS="${MAILSTACK_PASSWORD:-secret}"
SMTP_PORT="${MAILSTACK_SMTP_PORT:-2525}"
SMTPS_PORT="${MAILSTACK_SMTPS_PORT:-2465}"
IMAP_PORT="${MAILSTACK_IMAP_PORT:-1143}"
IMAPS_PORT="${MAILSTACK_IMAPS_PORT:-1993}"
KEEP_MAIL="${MAILSTACK_KEEP_MAIL:-0}"
NO_INSTALL="${MAILSTACK_NO_INSTALL:-0}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
T0=$(date +%s.%N)

log() { printf '[mailstack] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
[ "$(id -u)" = 0 ] || die "must run as root (postfix/dovecot drop privileges themselves)"

# ---------------------------------------------------------------- 1. install
need_install=0
[ -x /usr/sbin/postfix ] || need_install=1
[ -x /usr/sbin/dovecot ] || need_install=1
[ -x /usr/lib/dovecot/imap ] || need_install=1
[ -x /usr/lib/dovecot/lmtp ] || need_install=1
command -v openssl >/dev/null || need_install=1
if [ "$need_install" = 1 ]; then
  [ "$NO_INSTALL" = 1 ] && die "postfix/dovecot not installed and MAILSTACK_NO_INSTALL=1"
  log "installing postfix dovecot-imapd dovecot-lmtpd openssl (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  # "No configuration": the package must not create /etc/postfix/main.cf nor ask questions.
  echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
  echo "postfix postfix/mailname string mail.$DOMAIN" | debconf-set-selections
  # Keep the packages' own (system-wide, 0.0.0.0-listening) daemons from being started
  # by the maintainer scripts on a box that has systemd/sysv-init. Exit 101 = "action forbidden".
  # (Docker-style images already ship such a policy-rc.d; only add/remove ours.)
  added_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; added_policy=1
  fi
  trap '[ "$added_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d' EXIT
  if ! apt-get install -y --no-install-recommends postfix dovecot-imapd dovecot-lmtpd openssl; then
    apt-get update
    apt-get install -y --no-install-recommends postfix dovecot-imapd dovecot-lmtpd openssl
  fi
  [ "$added_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
  trap - EXIT
fi

# ------------------------------------------------- 2. stop a previous instance
MAILSTACK_DIR="$D" "$HERE/stop.sh" >/dev/null 2>&1 || true

# Refuse to start if something else owns our ports (e.g. a system dovecot on 1143?).
for p in "$SMTP_PORT" "$SMTPS_PORT" "$IMAP_PORT" "$IMAPS_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    die "127.0.0.1:$p is already in use by another process"
  fi
done

# ------------------------------------------------------------- 3. layout
CFG="$D/postfix-etc"; SPOOL="$D/postfix-spool"; PDATA="$D/postfix-data"
DCFG="$D/dovecot.conf"; DRUN="$D/dovecot-run"; DSTATE="$D/dovecot-state"
MAIL="$D/mail"; TLS="$D/tls"; LOGS="$D/log"
if [ "$KEEP_MAIL" != 1 ]; then rm -rf "$MAIL"; fi
rm -rf "$CFG" "$PDATA" "$DRUN" "$DSTATE"
# Keep the spool skeleton (re-creating it costs ~2.5 s in "postfix check"), empty the queues.
for q in active bounce corrupt defer deferred flush hold incoming maildrop saved trace; do
  if [ -d "$SPOOL/$q" ]; then find "$SPOOL/$q" -mindepth 1 -delete; fi
done
mkdir -p "$D" "$CFG" "$SPOOL" "$PDATA" "$DRUN" "$DSTATE" "$MAIL" "$TLS" "$LOGS"
chmod 755 "$D"            # postfix/dovecot users must be able to traverse it
chown postfix:postfix "$PDATA"   # master.lock etc.; "postfix check" does NOT fix this one
: > "$LOGS/postfix.log"; : > "$LOGS/dovecot.log"; : > "$LOGS/dovecot-info.log"

# Virtual mail is owned by the stock Debian "mail" user (uid 8 / gid 8): no useradd needed.
VUID=$(id -u mail); VGID=$(getent group mail | cut -d: -f3)
chown "$VUID:$VGID" "$MAIL"; chmod 770 "$MAIL"

# ----------------------------------------------------- 4. self-signed cert
if [ ! -s "$TLS/cert.pem" ] || [ ! -s "$TLS/key.pem" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 \
    -subj "/CN=mail.$DOMAIN" \
    -addext "subjectAltName=DNS:mail.$DOMAIN,DNS:localhost,IP:127.0.0.1" \
    -addext "basicConstraints=critical,CA:FALSE" \
    -addext "extendedKeyUsage=serverAuth" \
    -keyout "$TLS/key.pem" -out "$TLS/cert.pem" >/dev/null 2>&1
fi
chmod 644 "$TLS/cert.pem"; chmod 600 "$TLS/key.pem"

# ------------------------------------------------------------- 5. users
: > "$D/users.passwd"; : > "$D/vmailbox"
for u in $USERS; do
  # passwd-file: user:{scheme}password:uid:gid::home
  printf '%s@%s:{PLAIN}%s:%s:%s::%s/%s/%s\n' "$u" "$DOMAIN" "$PASS" "$VUID" "$VGID" "$MAIL" "$DOMAIN" "$u" >> "$D/users.passwd"
  printf '%s@%s OK\n' "$u" "$DOMAIN" >> "$D/vmailbox"
done
chown root:dovecot "$D/users.passwd"; chmod 640 "$D/users.passwd"

# ------------------------------------------------------------- 6. dovecot
cat > "$DCFG" <<EOF
# generated by $0 - standalone, does not include /etc/dovecot/conf.d
instance_name = mailstack
protocols = imap lmtp
listen = 127.0.0.1
base_dir = $DRUN
state_dir = $DSTATE
log_path = $LOGS/dovecot.log
info_log_path = $LOGS/dovecot-info.log
# debug_log_path = $LOGS/dovecot-debug.log
# auth_verbose = yes
# mail_debug = yes
shutdown_clients = yes
default_internal_user = dovecot
default_login_user = dovenull

ssl = yes
ssl_cert = <$TLS/cert.pem
ssl_key = <$TLS/key.pem
ssl_dh = </usr/share/dovecot/dh.pem
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_username_format = %Lu
# default 2s: makes every negative-auth test slow
auth_failure_delay = 0
# Loopback is "trusted": no per-IP auth penalty (anvil) for wrong-password tests.
login_trusted_networks = 127.0.0.0/8

first_valid_uid = $VUID
first_valid_gid = $VGID
mail_location = maildir:~/Maildir
mail_privileged_group = mail
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
}

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu $D/users.passwd
}
userdb {
  driver = passwd-file
  args = username_format=%Lu $D/users.passwd
}

# play+token@example.test -> user play@example.test, INBOX (detail is kept in the headers)
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
lda_mailbox_autocreate = yes

protocol imap {
  mail_max_userip_connections = 50
  imap_idle_notify_interval = 1 mins
}

service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $IMAPS_PORT
    ssl = yes
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
  inet_listener pop3s {
    port = 0
  }
}
service lmtp {
  unix_listener $SPOOL/private/dovecot-lmtp {
    mode = 0600
    user = postfix
    group = postfix
  }
}
service auth {
  # SASL for Postfix smtpd
  unix_listener $SPOOL/private/auth {
    mode = 0660
    user = postfix
    group = postfix
  }
  unix_listener auth-userdb {
    mode = 0600
  }
}
EOF

# ------------------------------------------------------------- 7. postfix
# main.cf: only what we need; compiled-in defaults for the rest.
cat > "$CFG/main.cf" <<EOF
# generated by $0
compatibility_level = 3.6
queue_directory = $SPOOL
data_directory = $PDATA
mail_owner = postfix
setgid_group = postdrop
myhostname = mail.$DOMAIN
mydomain = $DOMAIN
myorigin = \$mydomain
mydestination =
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
maillog_file = $LOGS/postfix.log
maillog_file_prefixes = $LOGS
smtpd_banner = \$myhostname ESMTP mailstack-test
biff = no
append_dot_mydomain = no
readme_directory = no
alias_maps =
alias_database =
local_recipient_maps =
smtputf8_enable = yes
message_size_limit = 26214400
recipient_delimiter = +

# The test domain is a virtual mailbox domain delivered to Dovecot over LMTP.
virtual_mailbox_domains = $DOMAIN
virtual_mailbox_maps = texthash:$D/vmailbox
virtual_transport = lmtp:unix:private/dovecot-lmtp
# Nothing ever leaves this machine: everything else bounces immediately.
default_transport = error:mailstack test server does not relay to the outside
relay_transport = error:mailstack test server does not relay to the outside

# Fast feedback instead of retries/backoff in tests.
queue_run_delay = 5s
minimal_backoff_time = 5s
maximal_backoff_time = 10s
maximal_queue_lifetime = 1m
bounce_queue_lifetime = 1m
smtpd_error_sleep_time = 0
smtpd_soft_error_limit = 1000
smtpd_hard_error_limit = 1000
smtpd_client_connection_rate_limit = 0
smtpd_peername_lookup = no
lmtp_host_lookup = native
smtp_host_lookup = native

# SASL via Dovecot (AUTH PLAIN/LOGIN, also allowed without TLS on loopback).
smtpd_sasl_auth_enable = yes
smtpd_sasl_type = dovecot
smtpd_sasl_path = private/auth
smtpd_sasl_security_options = noanonymous
smtpd_tls_auth_only = no
broken_sasl_auth_clients = no
smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination
smtpd_recipient_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination

# TLS (self-signed): STARTTLS offered on $SMTP_PORT, implicit TLS on $SMTPS_PORT.
smtpd_tls_cert_file = $TLS/cert.pem
smtpd_tls_key_file = $TLS/key.pem
smtpd_tls_security_level = may
smtpd_tls_loglevel = 1
smtpd_tls_session_cache_database =
smtp_tls_security_level = none
EOF

# master.cf: Debian's stock services with chroot disabled (chroot needs /etc files copied into
# the spool, which only Debian's systemd/init scripts do), and our two loopback smtpd listeners.
{
  echo "# generated by $0"
  echo "127.0.0.1:$SMTP_PORT inet n - n - - smtpd"
  echo "127.0.0.1:$SMTPS_PORT inet n - n - - smtpd"
  echo "  -o smtpd_tls_wrappermode=yes"
  echo "  -o smtpd_tls_security_level=encrypt"
  echo "  -o smtpd_client_restrictions=permit_sasl_authenticated,reject"
  awk '/^#/ || /^[ \t]*$/ {next}
       /^[ \t]/ {if (keep) print; next}
       { keep = ($1 != "smtp" || $2 != "inet") && $1 !~ /^(maildrop|uucp|ifmail|bsmtp|scalemail-backend|mailman)$/
         if (keep) { if ($5 == "y") $5 = "n"; print } }' /usr/share/postfix/master.cf.dist
} > "$CFG/master.cf"

# "postfix check" creates the missing queue/data directories with the right owners
# ("postfix set-permissions" would do it too, but costs ~2.5 s).
/usr/sbin/postfix -c "$CFG" check 2>&1 | grep -v 'not owned by' >&2 || true

# ------------------------------------------------------------- 8. start
# Dovecot daemonizes itself and writes $DRUN/master.pid.
# Detach stdio: daemons that inherit the caller's stdout/stderr keep pipes open, so
# "./start.sh | tee log" or "$(./start.sh)" would never see EOF and hang the CI step.
/usr/sbin/dovecot -c "$DCFG" </dev/null >>"$LOGS/dovecot.stdio" 2>&1
# Postfix: "start" daemonizes the master; pid in $SPOOL/pid/master.pid.
# (use "postfix -c DIR start-fg" instead for a foreground process under a supervisor)
/usr/sbin/postfix -c "$CFG" start </dev/null >>"$LOGS/postfix.stdio" 2>&1 || { cat "$LOGS/postfix.log" >&2; die "postfix failed to start"; }

# ------------------------------------------------------------- 9. wait ready
banner() { # port -> first line of the greeting ('' if none)
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1; head -n1 <&3" 2>/dev/null || true
}
for i in $(seq 1 100); do
  s=$(banner "$SMTP_PORT"); m=$(banner "$IMAP_PORT")
  if [[ "$s" == 220* && "$m" == "* OK"* && -S "$SPOOL/private/dovecot-lmtp" && -S "$SPOOL/private/auth" ]]; then
    break
  fi
  [ "$i" = 100 ] && { tail -n 30 "$LOGS/postfix.log" "$LOGS/dovecot.log" >&2; die "mail stack did not become ready"; }
  sleep 0.1
done
# pid files for stop.sh / test harnesses
cp "$DRUN/master.pid" "$D/dovecot.pid"
sed 's/ //g' "$SPOOL/pid/master.pid" > "$D/postfix.pid"

cat > "$D/env" <<EOF
MAILSTACK_DIR=$D
MAILSTACK_DOMAIN=$DOMAIN
MAILSTACK_PASSWORD=$PASS
MAILSTACK_USERS="$USERS"
MAILSTACK_SMTP=127.0.0.1:$SMTP_PORT
MAILSTACK_SMTPS=127.0.0.1:$SMTPS_PORT
MAILSTACK_IMAP=127.0.0.1:$IMAP_PORT
MAILSTACK_IMAPS=127.0.0.1:$IMAPS_PORT
MAILSTACK_CA=$TLS/cert.pem
MAILSTACK_DOVECOT_PID=$(cat "$D/dovecot.pid")
MAILSTACK_POSTFIX_PID=$(cat "$D/postfix.pid")
EOF
T1=$(date +%s.%N)
log "up in $(awk "BEGIN{printf \"%.2f\", $T1-$T0}")s: smtp 127.0.0.1:$SMTP_PORT smtps :$SMTPS_PORT imap :$IMAP_PORT imaps :$IMAPS_PORT"
log "dovecot pid $(cat "$D/dovecot.pid"), postfix master pid $(cat "$D/postfix.pid"); env in $D/env; logs in $LOGS/"
