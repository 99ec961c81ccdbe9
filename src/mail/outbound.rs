//! Composing one outgoing mail as RFC 5322 bytes: plain text and HTML as
//! multipart/alternative, the board picture inline by Content-ID, threading
//! headers, the reply token address and the auto-generated markers.

use chrono::{DateTime, Utc};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::Message;
use thiserror::Error;

/// The header quipu puts on everything it sends; mail carrying it is never read as a move.
pub const LOOP_HEADER: &str = "X-Quipu";

#[derive(Debug, Error)]
pub enum ComposeError {
    #[error("'{0}' is not a usable mail address")]
    Address(String),
    #[error("the mail could not be built: {0}")]
    Build(String),
}

/// Everything one outgoing mail says.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub from: String,
    pub from_name: String,
    pub to: String,
    pub reply_to: Option<String>,
    pub subject: String,
    /// Without angle brackets.
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub text: String,
    pub html: Option<String>,
    /// The board picture: Content-ID (without brackets) and PNG bytes.
    pub image: Option<(String, Vec<u8>)>,
    /// `auto-generated` for notices, `auto-replied` for answers to a player's mail.
    pub auto_submitted: &'static str,
    /// Game number for the loop header, if any.
    pub game: Option<i64>,
    pub date: DateTime<Utc>,
}

fn mailbox(name: Option<&str>, addr: &str) -> Result<Mailbox, ComposeError> {
    let address = addr
        .parse()
        .map_err(|_| ComposeError::Address(addr.to_string()))?;
    Ok(Mailbox::new(name.map(str::to_string), address))
}

/// True when `addr` is an address mail can be composed to.
pub fn valid_address(addr: &str) -> bool {
    mailbox(None, addr).is_ok()
}

/// Builds the raw message.
pub fn compose(o: &Outgoing) -> Result<Vec<u8>, ComposeError> {
    let mut builder = Message::builder()
        .from(mailbox(Some(&o.from_name), &o.from)?)
        .to(mailbox(None, &o.to)?)
        .subject(o.subject.clone())
        .message_id(Some(format!("<{}>", o.message_id)))
        .date(o.date.into());
    if let Some(r) = &o.reply_to {
        builder = builder.reply_to(mailbox(Some(&o.from_name), r)?);
    }
    if let Some(irt) = &o.in_reply_to {
        builder = builder.in_reply_to(format!("<{irt}>"));
    }
    if !o.references.is_empty() {
        let refs: Vec<String> = o.references.iter().map(|r| format!("<{r}>")).collect();
        builder = builder.references(refs.join(" "));
    }
    let text = SinglePart::plain(o.text.clone());
    let mut message = match &o.html {
        None => builder.singlepart(text),
        Some(html) => {
            let html_part = SinglePart::html(html.clone());
            let alt = match &o.image {
                Some((cid, png)) if !png.is_empty() => {
                    let image = Attachment::new_inline(cid.clone()).body(
                        png.clone(),
                        ContentType::parse("image/png")
                            .map_err(|e| ComposeError::Build(e.to_string()))?,
                    );
                    MultiPart::alternative()
                        .singlepart(text)
                        .multipart(MultiPart::related().singlepart(html_part).singlepart(image))
                }
                _ => MultiPart::alternative()
                    .singlepart(text)
                    .singlepart(html_part),
            };
            builder.multipart(alt)
        }
    }
    .map_err(|e| ComposeError::Build(e.to_string()))?;
    let headers = message.headers_mut();
    let raw = |name: &'static str, value: String| {
        HeaderValue::new(HeaderName::new_from_ascii_str(name), value)
    };
    if let Some(root) = o.references.first() {
        // Outlook groups a conversation by these (MS-OXOMSG 2.2.1.3,
        // PidTagConversationIndex); Gmail, Apple Mail and Thunderbird by
        // References / In-Reply-To with an unchanged Subject.
        headers.insert_raw(raw("Thread-Topic", thread_topic(&o.subject)));
        headers.insert_raw(raw("Thread-Index", thread_index(root, o.date)));
    }
    headers.insert_raw(raw("Auto-Submitted", o.auto_submitted.to_string()));
    headers.insert_raw(raw("X-Auto-Response-Suppress", "All".into()));
    headers.insert_raw(raw("Precedence", "bulk".into()));
    headers.insert_raw(raw(
        LOOP_HEADER,
        o.game
            .map(|g| format!("game {g}"))
            .unwrap_or_else(|| "service".into()),
    ));
    Ok(message.formatted())
}

/// The Subject without reply prefixes: the conversation's topic. Non-ASCII
/// topics are sent as an RFC 2047 encoded word.
fn thread_topic(subject: &str) -> String {
    let mut t = subject.trim();
    while let Some(rest) = t
        .strip_prefix("Re: ")
        .or_else(|| t.strip_prefix("RE: "))
        .or_else(|| t.strip_prefix("Fwd: "))
    {
        t = rest.trim_start();
    }
    if t.is_ascii() {
        t.to_string()
    } else {
        format!("=?utf-8?b?{}?=", base64(t.as_bytes()))
    }
}

/// Outlook's conversation index header (22 bytes, base64): 0x01, the top
/// 40 bits of the time as a Windows FILETIME, and a GUID that is the same
/// for every mail of the thread, taken from a hash of its root Message-ID.
fn thread_index(root: &str, date: DateTime<Utc>) -> String {
    // 100-ns intervals since 1601-01-01.
    let filetime = (date.timestamp() + 11_644_473_600).max(0) as u64 * 10_000_000;
    let mut bytes = vec![1u8];
    bytes.extend_from_slice(&filetime.to_be_bytes()[..5]);
    let hash = ring::digest::digest(&ring::digest::SHA256, root.as_bytes());
    bytes.extend_from_slice(&hash.as_ref()[..16]);
    base64(&bytes)
}

/// Standard base64 with padding (RFC 4648 section 4).
fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                let six = (n >> (18 - 6 * i)) & 63;
                out.push(char::from(ALPHABET[six as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Outgoing {
        Outgoing {
            from: "quipu@example.test".into(),
            from_name: "quipu".into(),
            to: "alice@example.test".into(),
            reply_to: Some("quipu+g4.abcdefghijkm@example.test".into()),
            subject: "[quipu #4] Tzolk'in".into(),
            message_id: "g4.m7.x@example.test".into(),
            in_reply_to: Some("g4.m6.x@example.test".into()),
            references: vec!["g4.root@example.test".into(), "g4.m6.x@example.test".into()],
            text: "Your turn.\n".into(),
            html: Some("<p>Your turn.</p><img src=\"cid:board@example.test\">".into()),
            image: Some(("board@example.test".into(), vec![0x89, b'P', b'N', b'G'])),
            auto_submitted: "auto-generated",
            game: Some(4),
            date: DateTime::from_timestamp(1_800_000_000, 0).unwrap(),
        }
    }

    #[test]
    fn the_mail_has_its_threading_routing_and_loop_headers() {
        let raw = String::from_utf8(compose(&sample()).unwrap()).unwrap();
        for needle in [
            "Message-ID: <g4.m7.x@example.test>",
            "In-Reply-To: <g4.m6.x@example.test>",
            "References: <g4.root@example.test> <g4.m6.x@example.test>",
            "Reply-To: quipu <quipu+g4.abcdefghijkm@example.test>",
            "Auto-Submitted: auto-generated",
            "X-Quipu: game 4",
            "multipart/alternative",
            "multipart/related",
            "Content-ID: <board@example.test>",
            "image/png",
        ] {
            assert!(raw.contains(needle), "missing {needle}:\n{raw}");
        }
        let parsed = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .unwrap();
        assert_eq!(parsed.body_text(0).unwrap().trim(), "Your turn.");
    }

    #[test]
    fn outlook_threading_headers_are_stable_within_a_thread() {
        let first = String::from_utf8(compose(&sample()).unwrap()).unwrap();
        let mut later = sample();
        later.date = DateTime::from_timestamp(1_800_090_000, 0).unwrap();
        later.subject = "Re: [quipu #4] 출킨".into();
        let later = String::from_utf8(compose(&later).unwrap()).unwrap();
        let header = |raw: &str, name: &str| {
            raw.lines()
                .find_map(|l| l.strip_prefix(name).map(str::to_string))
                .unwrap_or_default()
        };
        assert_eq!(header(&first, "Thread-Topic: "), "[quipu #4] Tzolk'in");
        assert!(header(&later, "Thread-Topic: ").starts_with("=?utf-8?b?"));
        let (a, b) = (
            header(&first, "Thread-Index: "),
            header(&later, "Thread-Index: "),
        );
        // 22 bytes in base64; the GUID (last 16 bytes) is the thread's.
        assert_eq!((a.len(), b.len()), (32, 32));
        assert!(a.starts_with('A'), "first byte 0x01: {a}");
        assert_eq!(&a[8..], &b[8..]);
        assert_ne!(a, b, "the time part follows the date");
        assert_eq!(base64(b"quipu"), "cXVpcHU=");
        assert_eq!(base64(b"qu"), "cXU=");
    }

    #[test]
    fn a_bad_address_is_an_error() {
        let mut o = sample();
        o.to = "not an address".into();
        assert!(matches!(compose(&o), Err(ComposeError::Address(_))));
    }
}
