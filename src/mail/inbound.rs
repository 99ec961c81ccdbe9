//! Reading one incoming mail: headers, the reply's new text, the commands in
//! it, the routing token, and whether a machine sent it.
//! (Interface fixed; the full reader is being written.)

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
    /// Delivered-To, To and Cc addresses, lower case, in that order.
    pub recipients: Vec<String>,
    pub subject: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    /// The reply's new text: quotes, attribution lines and signatures removed.
    pub new_text: String,
    /// The commands in the new text, one per line or `;`-separated.
    pub commands: Vec<String>,
    pub sender: Sender,
    /// Size of the raw mail in bytes.
    pub size: usize,
}

/// Reads a raw RFC 5322 message. Never panics; anything unreadable gives
/// empty fields.
pub fn read(raw: &[u8]) -> Inbound {
    let text = String::from_utf8_lossy(raw);
    let new_text: String = text.split("\n\n").nth(1).unwrap_or("").to_string();
    Inbound {
        message_id: String::new(),
        from: None,
        from_name: None,
        recipients: vec![],
        subject: String::new(),
        in_reply_to: None,
        references: vec![],
        commands: new_text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect(),
        new_text,
        sender: Sender::Person,
        size: raw.len(),
    }
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
