//! HTML to plain text for replies sent as HTML only. Quoted containers
//! (blockquotes, Gmail's `gmail_quote`, Apple's `type=cite`, Yahoo's
//! `yahoo_quoted`, Thunderbird's `moz-cite-prefix`, …) and signature blocks
//! are dropped while the HTML is still structured, because after conversion
//! their text can no longer be told from the player's. Outlook puts the
//! original after its reply header as siblings, not inside it, so its
//! markers (`divRplyFwdMsg`, `appendonsend`, the grey top-border div) end
//! the reply instead.

/// The visible text of an HTML body, quoted containers removed, one line
/// per block element or `<br>`.
pub fn to_text(html: &str) -> String {
    let mut out = Output::default();
    let mut skipping: Option<(String, usize)> = None;
    let mut pre_depth = 0usize;
    let mut rest = html;
    loop {
        let Some(lt) = rest.find('<') else {
            if skipping.is_none() {
                out.text(rest, pre_depth > 0);
            }
            break;
        };
        let (text, from_lt) = rest.split_at(lt);
        if skipping.is_none() {
            out.text(text, pre_depth > 0);
        }
        if let Some(after) = from_lt.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        if from_lt.starts_with("<!") || from_lt.starts_with("<?") {
            rest = from_lt.find('>').map_or("", |end| &from_lt[end + 1..]);
            continue;
        }
        let Some((tag, after)) = Tag::parse(from_lt) else {
            // A lone '<' in text.
            if skipping.is_none() {
                out.text("<", pre_depth > 0);
            }
            rest = &from_lt[1..];
            continue;
        };
        rest = after;
        if is_raw_text(&tag.name) && !tag.closing && !tag.self_closing {
            // Script and style hold '<' that is not markup (also inside a
            // dropped <head>): jump straight to their end tag.
            rest = after_end_tag(rest, &tag.name);
            continue;
        }
        if let Some((name, depth)) = &mut skipping {
            if tag.name == *name && !tag.self_closing && !is_void(&tag.name) {
                if tag.closing {
                    *depth -= 1;
                } else {
                    *depth += 1;
                }
            }
            if *depth == 0 {
                skipping = None;
            }
            continue;
        }
        if tag.closing {
            if tag.name == "pre" {
                pre_depth = pre_depth.saturating_sub(1);
            }
            if is_block(&tag.name) {
                out.line_break_soft();
            }
            continue;
        }
        if ends_reply(&tag) {
            break;
        }
        if is_dropped(&tag) {
            if !tag.self_closing && !is_void(&tag.name) {
                skipping = Some((tag.name.clone(), 1));
            }
            continue;
        }
        match tag.name.as_str() {
            "br" => out.line_break_hard(),
            "pre" => {
                pre_depth += 1;
                out.line_break_soft();
            }
            "td" | "th" => out.text(" ", false),
            name if is_block(name) => out.line_break_soft(),
            _ => {}
        }
    }
    out.text
}

/// The text being built, with HTML white-space collapsing.
#[derive(Default)]
struct Output {
    text: String,
    /// A space is owed before the next visible character on this line.
    space: bool,
}

impl Output {
    fn text(&mut self, raw: &str, pre: bool) {
        let decoded = decode_entities(raw);
        for c in decoded.chars() {
            if pre {
                self.text.push(c);
                continue;
            }
            // HTML white space only: a no-break space is content.
            if matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{c}') {
                self.space = true;
                continue;
            }
            if self.space && !self.text.is_empty() && !self.text.ends_with('\n') {
                self.text.push(' ');
            }
            self.space = false;
            self.text.push(c);
        }
    }

    /// A block boundary: starts a new line unless one was just started.
    fn line_break_soft(&mut self) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
        self.space = false;
    }

    /// `<br>`: always a new line, so `<div><br></div>` is a blank line.
    fn line_break_hard(&mut self) {
        self.text.push('\n');
        self.space = false;
    }
}

/// One start or end tag with the attributes that matter here.
struct Tag {
    name: String,
    closing: bool,
    self_closing: bool,
    class: String,
    id: String,
    kind: String,
    style: String,
    /// The `name` attribute: Spark marks its quote with it.
    name_attr: String,
}

impl Tag {
    /// Parses the tag at the start of `input` (which starts with '<');
    /// returns it and the input after its '>'. Quoted attribute values may
    /// hold '>'.
    fn parse(input: &str) -> Option<(Tag, &str)> {
        let body = input.strip_prefix('<')?;
        let closing = body.starts_with('/');
        let body = body.strip_prefix('/').unwrap_or(body);
        let name_len = body
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '-' || c == '_'))
            .unwrap_or(body.len());
        if name_len == 0 || !body.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let name = body[..name_len].to_ascii_lowercase();
        let mut quote: Option<char> = None;
        let mut end = None;
        for (pos, c) in body.char_indices().skip(name_len) {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '>') => {
                    end = Some(pos);
                    break;
                }
                _ => {}
            }
        }
        // An unterminated tag swallows the rest, as browsers do.
        let end = end.unwrap_or(body.len());
        let attributes = &body[name_len..end];
        let after = body.get(end + 1..).unwrap_or("");
        let mut tag = Tag {
            name,
            closing,
            self_closing: attributes.trim_end().ends_with('/'),
            class: String::new(),
            id: String::new(),
            kind: String::new(),
            style: String::new(),
            name_attr: String::new(),
        };
        for (key, value) in parse_attributes(attributes) {
            let value = decode_entities(&value).to_lowercase();
            match key.as_str() {
                "class" => tag.class = value,
                "id" => tag.id = value,
                "type" => tag.kind = value,
                "style" => tag.style = value,
                "name" => tag.name_attr = value,
                _ => {}
            }
        }
        Some((tag, after))
    }

    fn has_class(&self, wanted: &str) -> bool {
        self.class.split_whitespace().any(|c| c == wanted)
    }
}

/// `name="value"`, `name='value'`, `name=value` and bare `name` pairs;
/// names in lower case.
fn parse_attributes(input: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = input.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() || c == '/' {
            chars.next();
            continue;
        }
        let mut name_end = start;
        while let Some(&(pos, c)) = chars.peek() {
            if c.is_whitespace() || c == '=' || c == '/' {
                break;
            }
            name_end = pos + c.len_utf8();
            chars.next();
        }
        let name = input
            .get(start..name_end)
            .unwrap_or("")
            .to_ascii_lowercase();
        while chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
            chars.next();
        }
        let mut value = String::new();
        if chars.peek().is_some_and(|&(_, c)| c == '=') {
            chars.next();
            while chars.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
                chars.next();
            }
            match chars.peek().map(|&(_, c)| c) {
                Some(q @ ('"' | '\'')) => {
                    chars.next();
                    for (_, c) in chars.by_ref() {
                        if c == q {
                            break;
                        }
                        value.push(c);
                    }
                }
                _ => {
                    while let Some(&(_, c)) = chars.peek() {
                        if c.is_whitespace() {
                            break;
                        }
                        value.push(c);
                        chars.next();
                    }
                }
            }
        }
        if name.is_empty() {
            // A stray '=' or quote: step over it so the loop ends.
            chars.next();
        } else {
            out.push((name, value));
        }
    }
    out
}

/// Markers after which everything is the quoted original (Outlook writes
/// the original as siblings of its reply header).
fn ends_reply(tag: &Tag) -> bool {
    const IDS: [&str; 6] = [
        "divrplyfwdmsg",
        "x_divrplyfwdmsg",
        "appendonsend",
        "x_appendonsend",
        "stopspelling",
        "mail-editor-reference-message-container",
    ];
    if IDS.contains(&tag.id.as_str()) {
        return true;
    }
    // Outlook desktop: <div style="border:none;border-top:solid #E1E1E1 1.0pt;…">
    // (older versions #B5C4DF) holds the From/Sent header of the original.
    let style: String = tag.style.chars().filter(|c| !c.is_whitespace()).collect();
    tag.name == "div"
        && (style.contains("border-top:solid#e1e1e1") || style.contains("border-top:solid#b5c4df"))
}

/// Containers dropped with everything inside: quotes, attribution lines
/// written as their own element, signatures, and what is never visible.
fn is_dropped(tag: &Tag) -> bool {
    const INVISIBLE: [&str; 5] = ["head", "template", "xml", "noscript", "object"];
    if INVISIBLE.contains(&tag.name.as_str()) || tag.name == "blockquote" {
        return true;
    }
    if tag.kind == "cite" {
        return true;
    }
    // Gmail's quote container is transparent: it holds the attribution
    // (gmail_attr) and the blockquote, both dropped below, and in a
    // bottom-posted reply also the player's text after the blockquote.
    if tag.has_class("gmail_quote") || tag.has_class("gmail_quote_container") {
        return false;
    }
    // Any other class or id naming a quote: yahoo_quoted, protonmail_quote,
    // x_gmail_quote, …
    let names_quote = tag
        .class
        .split_whitespace()
        .chain(std::iter::once(tag.id.as_str()))
        .any(|name| name.contains("quote"));
    if names_quote {
        return true;
    }
    const CLASSES: [&str; 8] = [
        "gmail_attr",
        "gmail_signature",
        "moz-cite-prefix",
        "moz-signature",
        "moz-forward-container",
        "outlookmessageheader",
        "zmail_extra",
        "signature",
    ];
    const IDS: [&str; 3] = [
        "applemailsignature",
        "signature",
        "ms-outlook-mobile-signature",
    ];
    CLASSES.iter().any(|c| tag.has_class(c))
        || IDS.contains(&tag.id.as_str())
        || tag.name_attr == "messagereplysection"
}

/// Elements whose content is raw text, never markup.
fn is_raw_text(name: &str) -> bool {
    matches!(name, "script" | "style" | "title" | "textarea")
}

/// The input after the end tag `</name…>`, or nothing if it never comes.
fn after_end_tag<'a>(input: &'a str, name: &str) -> &'a str {
    let needle = format!("</{name}");
    // ASCII lower-casing keeps byte offsets, so positions carry over.
    let Some(start) = input.to_ascii_lowercase().find(&needle) else {
        return "";
    };
    let tail = input.get(start..).unwrap_or("");
    tail.find('>')
        .map_or("", |end| tail.get(end + 1..).unwrap_or(""))
}

fn is_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "source"
            | "track"
            | "wbr"
    )
}

fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "tr"
            | "li"
            | "ul"
            | "ol"
            | "table"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "hr"
            | "pre"
            | "section"
            | "article"
            | "header"
            | "footer"
            | "center"
            | "dl"
            | "dt"
            | "dd"
            | "address"
            | "body"
    )
}

/// Character references: numeric ones and the named ones mail clients use.
fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let end = after
            .char_indices()
            .take(12)
            .find(|&(_, c)| c == ';')
            .map(|(pos, _)| pos);
        let decoded = end.and_then(|end| entity(&after[..end]).map(|c| (c, end)));
        match decoded {
            Some((c, end)) => {
                out.push_str(c.as_str());
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text of one reference without '&' and ';'.
fn entity(name: &str) -> Option<String> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse::<u32>().ok()?,
        };
        return match code {
            0 => Some(String::new()),
            _ => char::from_u32(code).map(String::from),
        };
    }
    let text = match name {
        "nbsp" => "\u{a0}",
        "lt" => "<",
        "gt" => ">",
        "amp" => "&",
        "quot" => "\"",
        "apos" => "'",
        "ensp" | "emsp" | "thinsp" => " ",
        "zwnj" | "zwj" | "shy" => "",
        "hellip" => "…",
        "mdash" => "—",
        "ndash" => "–",
        "lsquo" => "‘",
        "rsquo" => "’",
        "ldquo" => "“",
        "rdquo" => "”",
        "middot" => "·",
        "bull" => "•",
        "copy" => "©",
        "reg" => "®",
        "times" => "×",
        _ => return None,
    };
    Some(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::to_text;

    #[test]
    fn gmail_divs_become_lines_and_the_quote_goes() {
        let html = "<div dir=\"ltr\">take 2 wood<div>pass</div><div><br></div></div><br><div class=\"gmail_quote\"><div dir=\"ltr\" class=\"gmail_attr\">On Sun wrote:<br></div><blockquote class=\"gmail_quote\">legal: <b>pass</b></blockquote></div>";
        assert_eq!(to_text(html), "take 2 wood\npass\n\n\n");
    }

    #[test]
    fn outlook_web_ends_at_the_reply_header() {
        let html = "<div>pass&nbsp;&amp; go</div><div id=\"appendonsend\"></div><hr><div id=\"divRplyFwdMsg\"><b>From:</b> quipu</div><div>take 1 wood</div>";
        assert_eq!(to_text(html), "pass\u{a0}& go\n");
    }

    #[test]
    fn script_and_style_content_is_not_markup() {
        let html = "<style>div > p { x: 1 }</style><script>if (a<b) { c = \"</div>\" }</SCRIPT >pass<br>go";
        assert_eq!(to_text(html), "pass\ngo");
    }

    #[test]
    fn nested_blockquotes_and_attributes_with_angle_brackets() {
        let html =
            "<p title=\"a>b\">x</p><blockquote><blockquote>q</blockquote>q2</blockquote><p>y</p>";
        assert_eq!(to_text(html), "x\ny\n");
    }
}
