//! Reading one incoming mail: headers, the reply's new text, the commands in
//! it, and whether a machine sent it. The routing token is the lead's
//! (`plus_detail` finds the plus-address it travels in).
//!
//! The work is split in private submodules: `known` (the text of the mails
//! we sent, recognised in a reply whatever its framing), `headers`
//! (addresses, ids and the person/machine/bounce verdict), `html` (HTML to
//! text with quoted containers dropped first), `reply` (the new text of a
//! plain-text reply by the clients' quoting patterns) and `flowed`
//! (RFC 3676 soft line breaks).
//!
//! Decisions worth knowing:
//! - The plain-text body is read first (its `>` quoting is explicit); the
//!   HTML body only when there is no plain text or nothing new in it.
//! - What we sent is known ([`read_knowing`]): a copy of our mail, quoted
//!   or not, in any language, is never the player's text. The clients'
//!   quote patterns cover what we no longer hold; both apply in one reading.
//! - Lines are kept as the player wrote them: greetings and thanks are not
//!   guessed away, so the service can say which line it did not understand.
//! - A machine's mail (auto-reply, list, bounce, our own) has no commands,
//!   whatever its text says; `new_text` is still filled for the record.
//! - Fixtures in `tests/mail/` follow each client's reply shape (quote
//!   markup, attribution wording, header blocks, signatures, encodings) as
//!   those clients write them; they are written for these tests, not
//!   captured from real accounts.

mod flowed;
mod headers;
mod html;
mod known;
mod reply;

pub use known::Known;

use mail_parser::{Message, MessageParser, MimeHeaders, PartType};
use serde::Serialize;

/// Who or what sent a mail, as far as we can tell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "reason", rename_all = "snake_case")]
pub enum Sender {
    /// A person: the mail may carry commands.
    Person,
    /// An auto-reply, vacation notice, list mail or our own loop: never answered.
    Automatic(String),
    /// A bounce or delivery report: never answered.
    Bounce(String),
}

/// One incoming mail as quipu understands it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Inbound {
    /// Without angle brackets; a stable hash of the content if the mail had none.
    pub message_id: String,
    /// The From address, lower case.
    pub from: Option<String>,
    pub from_name: Option<String>,
    /// Delivered-To (and X-Original-To), To, Cc and Reply-To addresses,
    /// lower case, in that order, each once: where a reply token may travel.
    pub recipients: Vec<String>,
    pub subject: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    /// The reply's new text: quotes, attribution lines and signatures removed.
    pub new_text: String,
    /// The commands in the new text, one per line or `;`-separated. Empty
    /// whenever `sender` is not a person: a machine's mail never moves.
    pub commands: Vec<String>,
    pub sender: Sender,
    /// Size of the raw mail in bytes.
    pub size: usize,
    /// The bodies as first read, kept so that the mail can be read again
    /// knowing what we sent ([`knowing`]) without parsing its MIME again.
    #[serde(skip)]
    pub bodies: Bodies,
}

/// A mail's decoded bodies: all inline text/plain parts (flowed lines
/// joined) and all HTML parts, as the parser gave them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bodies {
    plain: Option<String>,
    html: Option<String>,
}

/// Reads a raw RFC 5322 message. Never panics; anything unreadable gives
/// empty fields.
pub fn read(raw: &[u8]) -> Inbound {
    read_knowing(raw, &Known::default())
}

/// Reads a raw message as [`read`] does, with the lines of the mails we
/// sent (`known`) taken out of its text before the quote patterns apply.
pub fn read_knowing(raw: &[u8], known: &Known) -> Inbound {
    let Some(message) = parse(raw) else {
        // No header at all: nothing to route or answer, but the id must
        // still be stable so that a redelivery is recognised.
        return Inbound {
            message_id: headers::content_hash_id(None, raw),
            from: None,
            from_name: None,
            recipients: vec![],
            subject: String::new(),
            in_reply_to: None,
            references: vec![],
            new_text: String::new(),
            commands: vec![],
            sender: Sender::Person,
            size: raw.len(),
            bodies: Bodies::default(),
        };
    };
    let header_list = headers::raw_headers(&message, raw);
    let (from, from_name) = headers::from(&message);
    let sender = headers::classify(&message, &header_list, from.as_deref());
    let bodies = Bodies {
        plain: plain_body(&message),
        html: html_body(&message),
    };
    let new_text = new_text(&bodies, known);
    let commands = if sender == Sender::Person {
        commands(&new_text)
    } else {
        vec![]
    };
    Inbound {
        message_id: headers::message_id(&message)
            .unwrap_or_else(|| headers::content_hash_id(Some(&header_list), raw)),
        from,
        from_name,
        recipients: headers::recipients(&message, &header_list),
        subject: message.subject().unwrap_or_default().trim().to_string(),
        in_reply_to: headers::ids(message.in_reply_to()).into_iter().next(),
        references: headers::ids(message.references()),
        new_text,
        commands,
        sender,
        size: raw.len(),
        bodies,
    }
}

/// The mail read again knowing what we sent: its new text and commands
/// from the bodies kept at the first reading, every other field as read.
pub fn knowing(mail: &Inbound, known: &Known) -> Inbound {
    let new_text = new_text(&mail.bodies, known);
    let commands = if mail.sender == Sender::Person {
        commands(&new_text)
    } else {
        vec![]
    };
    Inbound {
        new_text,
        commands,
        ..mail.clone()
    }
}

/// The parsed message, or only its header when the body cannot be parsed.
///
/// mail-parser 0.11.9 has a `debug_assert!` reachable from corrupted nested
/// MIME (`parsers/message.rs`, "Invalid part ID"); release builds compile it
/// out, debug builds would panic. The parser is therefore called behind
/// `catch_unwind`, and on a panic the header alone is read, so that the
/// mail is still classified, deduplicated and recorded.
fn parse(raw: &[u8]) -> Option<Message<'_>> {
    let whole = std::panic::catch_unwind(|| MessageParser::default().parse(raw));
    match whole {
        Ok(message) => message,
        Err(_) => std::panic::catch_unwind(|| MessageParser::default().parse_headers(raw))
            .ok()
            .flatten(),
    }
}

/// What `quipu inbound FILE.eml --json` prints: every field of [`Inbound`]
/// plus `token`, null here because the routing layer fills it in.
pub fn to_json(inbound: &Inbound) -> serde_json::Value {
    let mut value = serde_json::to_value(inbound).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(map) = &mut value {
        map.insert("token".to_string(), serde_json::Value::Null);
    }
    value
}

/// The plus-detail of the first recipient addressed to `local@domain`
/// (`quipu+g4.s1.k2m9@host` → `g4.s1.k2m9`), lower case.
pub fn plus_detail(inbound: &Inbound, local: &str, domain: &str) -> Option<String> {
    let local = local.to_lowercase();
    let domain = domain.to_lowercase();
    inbound.recipients.iter().find_map(|addr| {
        let (user, host) = addr.rsplit_once('@')?;
        let (base, detail) = user.split_once('+')?;
        (base == local && host == domain && !detail.is_empty()).then(|| detail.to_string())
    })
}

/// The commands in a reply's new text: every non-empty line, split again on
/// `;`, with runs of white space made one space. Lines are kept as the
/// player wrote them (no greeting or "thanks" is guessed away): a line that
/// is not a command is better reported back than silently dropped.
pub fn commands(new_text: &str) -> Vec<String> {
    new_text
        .lines()
        .flat_map(|line| line.split([';', '；']))
        .map(|piece| piece.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|piece| !piece.is_empty())
        .collect()
}

/// The new text of the mail's body. The plain-text body is preferred
/// because its `>` quoting is explicit; the HTML body is used when there is
/// no plain text or nothing new was found in it (some clients send an empty
/// or placeholder text part).
fn new_text(bodies: &Bodies, known: &Known) -> String {
    if let Some(text) = &bodies.plain {
        let found = player_text(text, known);
        if !found.is_empty() {
            return found;
        }
    }
    match &bodies.html {
        Some(html) => player_text(&html::to_text(html), known),
        None => String::new(),
    }
}

/// The player's text of a body, in one reading: the clients' quote
/// patterns and the copies of our mails (quoted or not, under a header in
/// any language) taken out together. Knowing our mails removes a copy the
/// patterns miss; the patterns still end the text at a client's header
/// above a copy our mails only partly match (the copy's other lines would
/// otherwise stay behind as the player's).
fn player_text(text: &str, known: &Known) -> String {
    reply::new_text_apart_from(text, |lines| known::copies(lines, known))
}

/// An HTML body as its reader sees it in text: what a reply may copy of it.
pub fn html_text(html: &str) -> String {
    html::to_text(html)
}

/// The texts a mail we sent shows its reader: the plain-text body and the
/// HTML body as text. Empty for a mail that cannot be parsed.
pub fn sent_texts(raw: &[u8]) -> Vec<String> {
    let Some(message) = parse(raw) else {
        return vec![];
    };
    let mut texts: Vec<String> = plain_body(&message).into_iter().collect();
    texts.extend(html_body(&message).map(|h| html::to_text(&h)));
    texts
}

/// All inline text/plain parts of the body, in order, soft line breaks of
/// `format=flowed` joined.
fn plain_body(message: &Message<'_>) -> Option<String> {
    let mut pieces = Vec::new();
    for id in &message.text_body {
        let Some(part) = message.parts.get(*id as usize) else {
            continue;
        };
        if let PartType::Text(text) = &part.body {
            let content_type = part.content_type();
            let is_flowed = content_type
                .and_then(|ct| ct.attribute("format"))
                .is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
            let del_sp = content_type
                .and_then(|ct| ct.attribute("delsp"))
                .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
            pieces.push(if is_flowed {
                flowed::unflow(text, del_sp)
            } else {
                text.to_string()
            });
        }
    }
    (!pieces.is_empty()).then(|| pieces.join("\n"))
}

/// The inline text/html parts of the body, in order.
fn html_body(message: &Message<'_>) -> Option<String> {
    let pieces: Vec<&str> = message
        .html_body
        .iter()
        .filter_map(|id| message.parts.get(*id as usize))
        .filter_map(|part| match &part.body {
            PartType::Html(html) => Some(html.as_ref()),
            _ => None,
        })
        .collect();
    (!pieces.is_empty()).then(|| pieces.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain and the HTML body of every two-bodied fixture must give
    /// the same commands: the HTML path is what HTML-only clients get.
    #[test]
    fn html_and_plain_bodies_of_each_fixture_agree() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail");
        let mut compared = 0;
        for entry in std::fs::read_dir(dir).expect("fixture directory") {
            let path = entry.expect("fixture entry").path();
            if path.is_dir() {
                continue;
            }
            let raw = std::fs::read(&path).expect("fixture");
            let Some(message) = parse(&raw) else {
                continue;
            };
            let (Some(plain), Some(html)) = (plain_body(&message), html_body(&message)) else {
                continue;
            };
            let from_plain = commands(&reply::new_text(&plain));
            let from_html = commands(&reply::new_text(&html::to_text(&html)));
            assert_eq!(from_plain, from_html, "{}", path.display());
            compared += 1;
        }
        assert!(compared >= 20, "only {compared} fixtures have both bodies");
    }

    /// The corrupted bounce fixture really trips mail-parser's debug
    /// assertion, so the header-only fallback of `parse` is what reads it.
    #[test]
    #[cfg(debug_assertions)]
    fn the_corrupt_fixture_exercises_the_fallback() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/mail/bounce_corrupt_nested.eml");
        let raw = std::fs::read(path).expect("fixture");
        let direct = std::panic::catch_unwind(|| MessageParser::default().parse(&raw).is_some());
        assert!(direct.is_err());
        let message = parse(&raw).expect("header-only parse");
        assert_eq!(
            message.message_id(),
            Some("20261122060601.corrupt@mail.quipu.example.org")
        );
        assert!(message.text_body.is_empty());
    }
}
