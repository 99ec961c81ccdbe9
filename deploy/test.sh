#!/usr/bin/env bash
# Runs every test of quipu on a fresh Debian machine: installs what the
# tests need (the local Postfix + Dovecot mail stack), starts the mail
# stack, then formatting, lints, unit, conformance and end-to-end tests.
# Usage: deploy/test.sh        (as root, or with sudo for the mail stack)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never

command -v cargo >/dev/null || { echo "quipu needs a Rust toolchain (cargo, rustc >= 1.88) on PATH" >&2; exit 1; }
if ! command -v gcc >/dev/null || ! command -v openssl >/dev/null || ! command -v python3 >/dev/null; then
  apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev openssl python3
fi
# Headless Chromium opens every game's mail at phone and desktop widths
# (tests/screens.rs); the CJK fonts let it show Korean mails as readers see them.
if ! command -v chromium >/dev/null || [ ! -d /usr/share/fonts/opentype/noto ]; then
  apt-get update && apt-get install -y --no-install-recommends chromium fonts-noto-cjk
fi

# The caniemail check (tests/caniemail.rs) runs the pinned
# @jsx-email/doiuse-email under Node over every kind of mail, offline once
# installed into tools/caniemail/node_modules from its package-lock.json.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get update && apt-get install -y --no-install-recommends nodejs npm
fi
npm ci --prefix tools/caniemail --no-audit --no-fund

# The real mail servers on loopback (installs postfix and dovecot if missing).
bash deploy/mailstack/start.sh
trap 'bash deploy/mailstack/stop.sh >/dev/null 2>&1 || true' EXIT
python3 deploy/mailstack/smoke_test.py >/dev/null

if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --check
fi
if cargo clippy --version >/dev/null 2>&1; then
  cargo clippy --release --all-targets -- -D warnings
fi
# Release profile: the engines' random-play suites are much faster optimised.
cargo test --release -- --test-threads=2
