//! Replies in the shapes real mail clients give them, for the end-to-end
//! games: where the player's text sits against the quoted original, and in
//! which MIME part. Built from the clients' documented reply layouts (the
//! attribution line above a `>` quote; Outlook's header block above an
//! unquoted copy; an HTML-only `<blockquote>`), not from anyone's samples.

use super::Received;

/// How a client lays out a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The player's text above an attribution line and a `>` quote (Gmail, Apple Mail).
    TopPosted,
    /// The `>` quote first, the player's text under it (Thunderbird set to reply below).
    BottomPosted,
    /// The player's text between two parts of the `>` quote.
    Interleaved,
    /// Outlook's "From:/Sent:/To:/Subject:" block, then the original unquoted.
    OutlookUnquoted,
    /// A single text/html part: the text in `<div>`s above a `<blockquote>`.
    HtmlOnly,
}

impl Shape {
    pub const ALL: [Shape; 5] = [
        Shape::TopPosted,
        Shape::BottomPosted,
        Shape::Interleaved,
        Shape::OutlookUnquoted,
        Shape::HtmlOnly,
    ];
}

/// What the player writes: a greeting, the commands of a whole turn, a sign-off.
pub struct Words<'a> {
    pub greeting: Option<&'a str>,
    pub commands: &'a [String],
    pub sign_off: Option<&'a str>,
}

impl Words<'_> {
    fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        out.extend(self.greeting.map(str::to_string));
        out.extend(self.commands.iter().cloned());
        out.extend(self.sign_off.map(str::to_string));
        out
    }
}

/// A reply mail from `from` to `to` answering `original` in the given shape.
pub fn reply_in(
    shape: Shape,
    from: &str,
    to: &str,
    original: &Received,
    words: &Words,
    message_id: &str,
) -> String {
    let head = format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: {subject}\r\nMessage-ID: <{message_id}>\r\nIn-Reply-To: <{irt}>\r\nReferences: <{irt}>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n",
        subject = original.subject,
        irt = original.message_id,
    );
    let own = words.lines().join("\r\n");
    let original_lines: Vec<&str> = original.text.lines().take(60).collect();
    let quote = |lines: &[&str]| -> String {
        lines
            .iter()
            .map(|l| format!("> {l}\r\n"))
            .collect::<String>()
    };
    let attribution = format!("On Sun, 22 Nov 2026 at 09:59, quipu <{to}> wrote:\r\n");
    let plain = |body: String| {
        format!("{head}Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}")
    };
    match shape {
        Shape::TopPosted => plain(format!(
            "{own}\r\n\r\n{attribution}{}",
            quote(&original_lines)
        )),
        Shape::BottomPosted => plain(format!(
            "{attribution}{}\r\n{own}\r\n",
            quote(&original_lines)
        )),
        Shape::Interleaved => {
            let cut = original_lines.len().min(6);
            plain(format!(
                "{attribution}{}\r\n{own}\r\n\r\n{}",
                quote(&original_lines[..cut]),
                quote(&original_lines[cut..])
            ))
        }
        Shape::OutlookUnquoted => plain(format!(
            "{own}\r\n\r\n________________________________\r\nFrom: quipu <{to}>\r\nSent: Sunday, November 22, 2026 9:59 AM\r\nTo: {from}\r\nSubject: {subject}\r\n\r\n{}\r\n",
            original.text.replace('\n', "\r\n"),
            subject = original.subject,
        )),
        Shape::HtmlOnly => {
            let divs: String = words
                .lines()
                .iter()
                .map(|l| format!("<div>{}</div>", escape(l)))
                .collect();
            let quoted: String = original_lines
                .iter()
                .map(|l| format!("{}<br>", escape(l)))
                .collect();
            // One long line of HTML, as webmail writes it, sent
            // quoted-printable so that no line of the mail passes 76 characters.
            let html = format!(
                "<html><body>{divs}<div><br></div><div class=\"gmail_quote\">{attr}<blockquote style=\"margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex\">{quoted}</blockquote></div></body></html>",
                attr = escape(attribution.trim_end()),
            );
            format!(
                "{head}Content-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n{}\r\n",
                quoted_printable(html.as_bytes())
            )
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// RFC 2045 quoted-printable: bytes outside printable ASCII (and '=') as
/// `=XX`, soft line breaks (`=` at a line's end) before 76 characters.
fn quoted_printable(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for &b in bytes {
        let piece = if (b' '..=b'~').contains(&b) && b != b'=' {
            (b as char).to_string()
        } else {
            format!("={b:02X}")
        };
        if line + piece.len() > 75 {
            out.push_str("=\r\n");
            line = 0;
        }
        line += piece.len();
        out.push_str(&piece);
    }
    out
}
