//! `quipu doctor` against the real mail stack: all well, then a wrong port;
//! and the housekeeping of the processed-mail folder on the real Dovecot.

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

/// The service's configuration for the account `q` uses, as `quipu` reads it.
fn config_of(q: &Quipu) -> quipu::config::Config {
    let env: std::collections::HashMap<String, String> = q.env().into_iter().collect();
    let mut c = quipu::config::Config::default();
    c.apply_env(|k| env.get(k).cloned()).unwrap();
    c
}

#[test]
fn housekeeping_deletes_processed_mail_older_than_the_days_kept() {
    use quipu::mail::imap;
    let stack = Stack::get();
    let q = Quipu::new(&stack, "q6");
    let cfg = config_of(&q).imap;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut s = imap::connect(&cfg).await.unwrap();
        s.select(&cfg.processed).await.unwrap();
        // Start from an empty folder (earlier runs), then one old and one new mail.
        imap::prune_processed(&cfg, chrono::NaiveDate::from_ymd_opt(2100, 1, 1).unwrap())
            .await
            .unwrap();
        let mail = |n: &str| {
            format!("From: <alice@example.test>\r\nTo: <q6@example.test>\r\nSubject: {n}\r\nMessage-ID: <{n}.{}@x.test>\r\n\r\n{n}\r\n", std::process::id())
        };
        s.append(&cfg.processed, None, Some("\"01-Jan-2026 10:00:00 +0000\""), mail("old"))
            .await
            .unwrap();
        s.append(&cfg.processed, None, None, mail("new")).await.unwrap();
        let kept_from = chrono::Utc::now().date_naive() - chrono::Duration::days(30);
        assert_eq!(imap::prune_processed(&cfg, kept_from).await.unwrap(), 1);
        s.select(&cfg.processed).await.unwrap();
        let left = s.uid_search("ALL").await.unwrap();
        assert_eq!(left.len(), 1);
        let subjects = s.uid_search("SUBJECT new").await.unwrap();
        assert_eq!(subjects, left);
        let _ = s.logout().await;
    });
}
