//! Random changes to mails, for fuzzing the mail reader: a seeded
//! generator, pieces that steer input into the reader's interesting states,
//! the mutations, and what must hold for any input at all. Used by
//! `tests/inbound.rs` (a fixed number of cases) and `benches/inbound.rs`
//! (`-- fuzz`, as many as wanted).
#![allow(dead_code)]

use quipu::mail::inbound::{to_json, Inbound, Sender};
use std::path::Path;

/// A small seeded generator (xorshift64*) so that the fuzzing below is the
/// same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Pieces that steer random input into the parser's and the reader's
/// interesting states.
pub const TOKENS: &[&[u8]] = &[
    b"\r\n",
    b"\r\n\r\n",
    b"\n>",
    b"> ",
    b"--",
    b"-- \r\n",
    b"Content-Type: multipart/alternative; boundary=\"b\"\r\n",
    b"Content-Type: text/html; charset=euc-kr\r\n",
    b"Content-Type: text/plain; format=flowed; delsp=yes\r\n",
    b"Content-Transfer-Encoding: base64\r\n",
    b"Content-Transfer-Encoding: quoted-printable\r\n",
    b"Content-Type: multipart/report; report-type=delivery-status\r\n",
    b"\r\n--b\r\n",
    b"\r\n--b--\r\n",
    b"=?utf-8?b?7J6R7ISx?=",
    b"=?iso-2022-jp?B?GyRCJCIbKEI=?=",
    b"=C3=A9=\r\n",
    b"<blockquote type=\"cite\">",
    b"</blockquote>",
    b"<div class=\"gmail_quote\">",
    b"<div id=\"divRplyFwdMsg\">",
    b"<!--",
    b"-->",
    b"<br>",
    b"&#x1F600;",
    b"&#99999999999;",
    b"&nbsp",
    b"On Sun, Nov 22, 2026 at 3:04 PM quipu wrote:",
    b"2026\xeb\x85\x84 11\xec\x9b\x94 \xec\x9e\x91\xec\x84\xb1:",
    b"From: x\r\nSent: y\r\n",
    b"________________________________",
    b"\xe2\x80\x8b",
    b"\xff\xfe",
    b"\x1b$B",
    b";",
];

pub fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
    let mut data = base.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(data.len() + 1);
        match rng.below(6) {
            0 => {
                if let Some(byte) = data.get_mut(at) {
                    *byte = rng.next() as u8;
                }
            }
            1 => data.truncate(at),
            2 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                data.splice(at..at, token.iter().copied());
            }
            3 => {
                let len = rng.below(64);
                let end = (at + len).min(data.len());
                data.drain(at..end);
            }
            4 => {
                // Duplicate a slice: repeated boundaries, nested tags.
                let len = rng.below(256);
                let end = (at + len).min(data.len());
                let copy: Vec<u8> = data.get(at..end).unwrap_or_default().to_vec();
                data.splice(at..at, copy);
            }
            _ => {
                let noise: Vec<u8> = (0..rng.below(32)).map(|_| rng.next() as u8).collect();
                data.splice(at..at, noise);
            }
        }
    }
    data
}

/// What must hold for any input at all.
pub fn check_invariants(raw: &[u8], got: &Inbound) {
    assert_eq!(got.size, raw.len());
    assert!(!got.message_id.is_empty());
    for command in &got.commands {
        assert!(!command.is_empty() && !command.contains(';') && !command.contains('\n'));
        assert_eq!(command.trim(), command);
    }
    if got.sender != Sender::Person {
        assert!(got.commands.is_empty());
    }
    let _ = to_json(got);
}

/// Every mail of `tests/mail`, in the order of their contents.
pub fn fixture_mails() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail");
    let mut mails: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .expect("tests/mail")
        .filter_map(|e| e.ok())
        .filter_map(|e| std::fs::read(e.path()).ok())
        .collect();
    mails.sort();
    mails
}
