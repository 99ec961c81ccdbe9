//! `quipu doctor` against the real mail stack: all well, then a wrong port.

mod support;

use support::{Quipu, Stack};

#[test]
fn doctor_says_what_is_well_and_what_is_wrong() {
    let stack = Stack::get();
    let q = Quipu::new(&stack, "q6");
    let out = q.cli(&["doctor"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "doctor failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("ok       IMAP"), "{text}");
    assert!(text.contains("ok       SMTP"), "{text}");
    assert!(text.contains("integrity ok"), "{text}");
    // A closed SMTP port is reported in plain words, and the exit code says so.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_quipu"))
        .envs(q.env())
        .env("QUIPU_SMTP_PORT", "1")
        .arg("doctor")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("PROBLEM  SMTP 127.0.0.1:1"), "{text}");
    assert!(text.contains("ok       IMAP"), "{text}");
}
