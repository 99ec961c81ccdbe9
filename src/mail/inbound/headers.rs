//! What the header says: addresses, ids, and whether a person, a machine
//! (auto-reply, list, our own mail) or a mail system (bounce) sent the mail.

use super::Sender;
use mail_parser::{Address, HeaderValue, Message, MimeHeaders};

/// One top-level header: its name in lower case and its raw value,
/// unfolded and trimmed.
pub struct RawHeader {
    pub name: String,
    pub value: String,
}

/// The top-level headers as written, in order.
pub fn raw_headers(message: &Message<'_>, raw: &[u8]) -> Vec<RawHeader> {
    message
        .headers()
        .iter()
        .map(|header| {
            let start = header.offset_start as usize;
            let end = header.offset_end as usize;
            let bytes = raw.get(start..end).unwrap_or_default();
            let value = String::from_utf8_lossy(bytes)
                .split(['\r', '\n'])
                .map(str::trim)
                .filter(|piece| !piece.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            RawHeader {
                name: header.name.as_str().to_ascii_lowercase(),
                value,
            }
        })
        .collect()
}

fn header<'a>(headers: &'a [RawHeader], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|h| h.name == name)
        .map(|h| h.value.as_str())
}

/// The From address in lower case and the display name.
pub fn from(message: &Message<'_>) -> (Option<String>, Option<String>) {
    let Some(addr) = message.from().and_then(Address::first) else {
        return (None, None);
    };
    let address = addr
        .address()
        .map(|a| a.trim().to_lowercase())
        .filter(|a| !a.is_empty());
    let name = addr
        .name()
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty());
    (address, name)
}

/// The Message-ID without angle brackets, if the mail has a usable one.
pub fn message_id(message: &Message<'_>) -> Option<String> {
    let id = message
        .message_id()?
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim();
    (!id.is_empty()).then(|| id.to_string())
}

/// The ids of an In-Reply-To or References header, without brackets.
pub fn ids(value: &HeaderValue<'_>) -> Vec<String> {
    let list: Vec<&str> = match value {
        HeaderValue::Text(id) => vec![id.as_ref()],
        HeaderValue::TextList(ids) => ids.iter().map(|id| id.as_ref()).collect(),
        _ => vec![],
    };
    list.into_iter()
        .map(|id| {
            id.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .trim()
        })
        .filter(|id| !id.is_empty())
        .map(String::from)
        .collect()
}

/// Delivered-To, X-Original-To, then To, Cc and Reply-To addresses, lower
/// case, each once.
pub fn recipients(message: &Message<'_>, headers: &[RawHeader]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |address: &str| {
        let address = address
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>')
            .trim()
            .to_lowercase();
        if address.contains('@') && !out.contains(&address) {
            out.push(address);
        }
    };
    // X-Original-To (Postfix: the envelope recipient before alias
    // expansion) right after Delivered-To: both carry the plus-address
    // even when the client put it nowhere visible.
    for name in ["delivered-to", "x-original-to"] {
        for h in headers.iter().filter(|h| h.name == name) {
            push(&h.value);
        }
    }
    for list in message.all_to().chain(message.all_cc()) {
        for addr in list.iter() {
            if let Some(address) = addr.address() {
                push(address);
            }
        }
    }
    // Reply-To last: a reply token may travel there too (a client that
    // writes to the service address but keeps the game's reply address).
    if let Some(list) = message.reply_to() {
        for addr in list.iter() {
            if let Some(address) = addr.address() {
                push(address);
            }
        }
    }
    out
}

/// A stable id for a mail without Message-ID: a hash of the headers its
/// author wrote (not the trace headers each delivery adds) and the body, so
/// that the same mail delivered twice gets the same id.
pub fn content_hash_id(headers: Option<&[RawHeader]>, raw: &[u8]) -> String {
    const AUTHORED: [&str; 7] = [
        "from",
        "to",
        "cc",
        "date",
        "subject",
        "in-reply-to",
        "references",
    ];
    let mut hasher = Hasher::new();
    match headers {
        Some(headers) => {
            for h in headers
                .iter()
                .filter(|h| AUTHORED.contains(&h.name.as_str()))
            {
                hasher.write(h.name.as_bytes());
                hasher.write(b":");
                hasher.write(h.value.as_bytes());
                hasher.write(b"\n");
            }
            hasher.write(body_bytes(raw));
        }
        None => hasher.write(raw),
    }
    format!("quipu-hash-{}", hasher.hex())
}

/// The bytes after the first empty line (the body), or nothing.
fn body_bytes(raw: &[u8]) -> &[u8] {
    let crlf = raw.windows(4).position(|w| w == b"\r\n\r\n").map(|p| p + 4);
    let lf = raw.windows(2).position(|w| w == b"\n\n").map(|p| p + 2);
    let start = match (crlf, lf) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(raw.len()),
    };
    raw.get(start..).unwrap_or_default()
}

/// Two 64-bit FNV-1a hashes with different offsets: 128 bits, enough that
/// two different mails without Message-ID never share an id in practice.
struct Hasher([u64; 2]);

impl Hasher {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn new() -> Self {
        Hasher([0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142])
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            for h in &mut self.0 {
                *h ^= u64::from(b);
                *h = h.wrapping_mul(Self::PRIME);
            }
        }
    }

    fn hex(&self) -> String {
        format!("{:016x}{:016x}", self.0[0], self.0[1])
    }
}

/// Person, machine or mail system. Bounces are recognised first (a
/// delivery report is the strongest signal), then the RFC 3834 and
/// de-facto auto-reply headers, then a null return path, and vacation
/// subjects only as a last resort because a person may write anything there.
pub fn classify(message: &Message<'_>, headers: &[RawHeader], from: Option<&str>) -> Sender {
    if let Some(ct) = message.content_type() {
        let is_report = ct.ctype().eq_ignore_ascii_case("multipart")
            && ct
                .subtype()
                .is_some_and(|s| s.eq_ignore_ascii_case("report"));
        if is_report {
            let report_type = ct
                .attribute("report-type")
                .unwrap_or("")
                .to_ascii_lowercase();
            return if report_type == "delivery-status" || report_type.is_empty() {
                Sender::Bounce("multipart/report delivery-status".into())
            } else {
                Sender::Automatic(format!("multipart/report {report_type}"))
            };
        }
    }
    if let Some(from) = from {
        let local = from.split('@').next().unwrap_or("");
        if local == "mailer-daemon" || local == "postmaster" {
            return Sender::Bounce(format!("from {local}"));
        }
    }
    if let Some(reason) = automatic_by_header(headers) {
        return Sender::Automatic(reason);
    }
    if header(headers, "return-path").is_some_and(|v| v.replace(' ', "") == "<>") {
        return Sender::Bounce("null return path".into());
    }
    let subject = message.subject().unwrap_or_default().to_lowercase();
    if let Some(phrase) = BOUNCE_SUBJECTS.iter().find(|p| subject.contains(*p)) {
        return Sender::Bounce(format!("subject \"{phrase}\""));
    }
    if let Some(phrase) = VACATION_SUBJECTS.iter().find(|p| subject.contains(*p)) {
        return Sender::Automatic(format!("subject \"{phrase}\""));
    }
    Sender::Person
}

/// Headers by which a responder or a list announces itself.
fn automatic_by_header(headers: &[RawHeader]) -> Option<String> {
    // quipu marks everything it sends with X-Quipu: our own mail coming
    // back (a loop through a forward or an alias) must never be answered.
    if header(headers, "x-quipu").is_some() {
        return Some("x-quipu: our own mail".into());
    }
    if let Some(value) = header(headers, "auto-submitted") {
        // The keyword alone: parameters follow ';', comments '('.
        let keyword = value
            .split([';', '(', ' ', '\t'])
            .find(|piece| !piece.is_empty())
            .unwrap_or("")
            .to_lowercase();
        if keyword != "no" {
            return Some(format!("auto-submitted: {keyword}"));
        }
    }
    for name in [
        "x-autoreply",
        "x-autorespond",
        "x-autoresponder",
        "x-autogenerated",
        "x-auto-reply-from",
        "x-mail-autoreply",
    ] {
        if header(headers, name).is_some() {
            return Some(name.to_string());
        }
    }
    if let Some(value) = header(headers, "precedence") {
        let value = value.trim().to_lowercase();
        if ["bulk", "junk", "list", "auto_reply", "auto-reply"].contains(&value.as_str()) {
            return Some(format!("precedence: {value}"));
        }
    }
    for name in ["list-id", "list-unsubscribe"] {
        if header(headers, name).is_some() {
            return Some(format!("{name}: mailing list"));
        }
    }
    None
}

/// Subjects of delivery failure reports that arrive without a report part
/// or a daemon's address.
const BOUNCE_SUBJECTS: [&str; 8] = [
    "undelivered mail returned to sender",
    "delivery status notification (failure)",
    "mail delivery failed",
    "undeliverable:",
    "returned mail:",
    "delivery failure",
    "unzustellbar",
    "메일 전송 실패",
];

/// Subjects of vacation notices, in the languages of our players.
const VACATION_SUBJECTS: [&str; 21] = [
    "out of office",
    "out-of-office",
    "automatic reply",
    "auto reply",
    "auto-reply",
    "autoreply",
    "away from my desk",
    "abwesenheitsnotiz",
    "automatische antwort",
    "réponse automatique",
    "absence du bureau",
    "respuesta automática",
    "fuera de la oficina",
    "부재중",
    "부재 중",
    "자동 회신",
    "자동회신",
    "자동 응답",
    "不在",
    "自動応答",
    "自動返信",
];
