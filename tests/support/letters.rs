//! Mails as a player's client sends them, handed to the service directly
//! (no mail stack), and what the service wrote back: one builder for the
//! tests that read mail through `Service::handle_mail`.

use chrono::{DateTime, Utc};
use quipu::service::Service;
use quipu::store::OutboxRow;

/// A time given as RFC 3339 (`2026-11-22T10:00:00Z`).
pub fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

/// One plain-text mail: From, To and Message-ID given, the rest defaulted
/// (Subject "hello", no In-Reply-To, a fixed Date).
#[derive(Clone, Debug)]
pub struct Letter {
    from: String,
    to: String,
    message_id: String,
    subject: String,
    in_reply_to: Option<String>,
    body: String,
}

impl Letter {
    pub fn new(from: &str, to: &str, message_id: &str) -> Letter {
        Letter {
            from: from.into(),
            to: to.into(),
            message_id: message_id.into(),
            subject: "hello".into(),
            in_reply_to: None,
            body: String::new(),
        }
    }

    pub fn subject(mut self, subject: &str) -> Letter {
        self.subject = subject.into();
        self
    }

    /// The Message-ID (without angle brackets) the mail answers.
    pub fn in_reply_to(mut self, id: &str) -> Letter {
        self.in_reply_to = Some(id.into());
        self
    }

    /// The text as typed; line ends are written CRLF.
    pub fn body(mut self, body: &str) -> Letter {
        self.body = body.into();
        self
    }

    /// The mail's bytes, as IMAP would hand them over.
    pub fn raw(&self) -> Vec<u8> {
        let in_reply_to = self
            .in_reply_to
            .as_ref()
            .map(|id| format!("In-Reply-To: <{id}>\r\n"))
            .unwrap_or_default();
        format!(
            "From: <{}>\r\nTo: <{}>\r\nSubject: {}\r\nMessage-ID: <{}>\r\n{in_reply_to}Date: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{}\r\n",
            self.from,
            self.to,
            self.subject,
            self.message_id,
            self.body.replace("\r\n", "\n").replace('\n', "\r\n"),
        )
        .into_bytes()
    }
}

/// The mails the service wrote to `who`, oldest first.
pub fn outbox_to(s: &Service, who: &str) -> Vec<OutboxRow> {
    s.store
        .outbox(None)
        .expect("the outbox")
        .into_iter()
        .filter(|r| r.recipient == who)
        .collect()
}
