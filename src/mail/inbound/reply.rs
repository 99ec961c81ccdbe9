//! The new text of a reply given as plain text: `>`-quoted lines,
//! attribution lines ("On … wrote:" and its translations), forwarded-header
//! blocks (Outlook's "From: … Sent: …"), separator lines and signatures are
//! cut away; what the player typed above, between or below them stays.
//!
//! The one rule for everything that introduces a quote: if `>`-quoted lines
//! follow it, only the introducer goes (the reply may continue below, as in
//! bottom-posting); if unquoted text follows it, that text is the original
//! message written out without marks (Outlook, Yahoo), so everything from
//! the introducer to the end goes.

/// The reply's new text by the clients' patterns alone (tests compare the
/// two bodies of a fixture with it).
#[cfg(test)]
pub fn new_text(text: &str) -> String {
    new_text_apart_from(text, |lines| vec![false; lines.len()])
}

/// The reply's new text: quotes, attribution lines and signatures removed,
/// and in the same one pass the lines `ours` marks (a copy of a mail we
/// sent, or its framing, in any client's shape), each run of them leaving
/// one blank line; lines kept as written except for white space at their
/// ends (Yahoo indents, HTML conversion leaves spaces); no leading,
/// trailing or doubled blank lines. The patterns judge every line first: a
/// client's introducer above a copy that our mails only partly match still
/// ends the player's text.
pub fn new_text_apart_from(text: &str, ours: impl FnOnce(&[&str]) -> Vec<bool>) -> String {
    let normalized = normalize(text);
    let lines: Vec<&str> = normalized.split('\n').collect();
    let ours = ours(&lines);
    let is_ours = |i: usize| ours.get(i).copied().unwrap_or(false);
    let mut kept: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(&line) = lines.get(i) {
        if is_quoted(line) {
            if is_ours(i) {
                kept.push("");
            }
            i += 1;
            continue;
        }
        if is_signature_start(line) {
            break;
        }
        let introducer = attribution_len(&lines, i)
            .or_else(|| header_block_len(&lines, i))
            .or_else(|| is_separator(line).then_some(1))
            .or_else(|| is_unknown_attribution(&lines, i).then_some(1));
        if let Some(len) = introducer {
            if next_is_quote(&lines, i + len) {
                i += len;
                continue;
            }
            break;
        }
        kept.push(if is_ours(i) { "" } else { line.trim() });
        i += 1;
    }
    tidy(&kept)
}

/// Unix line ends; characters that are invisible or only spacing made plain
/// (zero-width spaces, byte-order marks, no-break spaces).
fn normalize(text: &str) -> String {
    text.replace("\r\n", "\n")
        .chars()
        .filter_map(|c| match c {
            '\r' => Some('\n'),
            '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}' => None,
            '\u{a0}' | '\u{2007}' | '\u{202f}' | '\u{3000}' => Some(' '),
            c => Some(c),
        })
        .collect()
}

/// Kept lines without blank lines at either end and without runs of blank lines.
fn tidy(kept: &[&str]) -> String {
    let mut out: Vec<&str> = Vec::new();
    for line in kept {
        let blank = line.trim().is_empty();
        if blank && out.last().is_none_or(|l: &&str| l.is_empty()) {
            continue;
        }
        out.push(if blank { "" } else { line });
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out.join("\n")
}

fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// Whether the first non-blank line from `from` on is a quoted line.
fn next_is_quote(lines: &[&str], from: usize) -> bool {
    lines
        .iter()
        .skip(from)
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| is_quoted(l))
}

/// The sig-dash line ("-- ", often stripped to "--") or a mobile client's
/// signature line ("Sent from my iPhone", "iPhone에서 보냄", …).
fn is_signature_start(line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed == "--" || trimmed == "—" {
        return true;
    }
    let lower = trimmed.to_lowercase();
    if lower.chars().count() > 80 {
        return false;
    }
    const STARTS: [&str; 17] = [
        "sent from my ",
        "sent from outlook",
        "sent from yahoo mail",
        "sent from mail for windows",
        "sent from the ",
        "sent via ",
        "get outlook for ",
        "von meinem ",
        "envoyé de mon ",
        "enviado desde mi ",
        "inviato da ",
        "enviado do ",
        "enviado de ",
        "отправлено с ",
        "отправлено из ",
        "发自我的",
        "從我的",
    ];
    const ENDS: [&str; 8] = [
        "에서 보냄",
        "에서 보냄.",
        "에서 보냈습니다.",
        "outlook 받기",   // "Android용 Outlook 받기"
        "outlook を入手", // "iOS 版 Outlook を入手"
        "から送信",
        "から送信。",
        "から送信しました",
    ];
    // Plain-text versions of linked signatures end with the link:
    // "Get Outlook for Android<https://aka.ms/…>".
    let core = match lower.rfind('<') {
        Some(at) if lower.ends_with('>') => lower.get(..at).unwrap_or("").trim_end(),
        _ => lower.as_str(),
    };
    STARTS.iter().any(|s| core.starts_with(s)) || ENDS.iter().any(|e| core.ends_with(e))
}

/// How many lines (1 to 3: clients wrap long attribution lines) starting at
/// `i` form an attribution line, if they do.
fn attribution_len(lines: &[&str], i: usize) -> Option<usize> {
    let first = lines.get(i)?.trim();
    if first.is_empty() {
        return None;
    }
    if is_attribution(first) {
        return Some(1);
    }
    if !starts_like_attribution(first) {
        return None;
    }
    let mut joined = first.to_string();
    for len in 2..=3 {
        let next = lines.get(i + len - 1)?.trim();
        if next.is_empty() || is_quoted(next) {
            return None;
        }
        joined.push(' ');
        joined.push_str(next);
        if is_attribution(&joined) {
            return Some(len);
        }
    }
    None
}

/// Attribution lines as the clients write them, by their ending.
fn is_attribution(line: &str) -> bool {
    let lower = line.trim().to_lowercase().replace('：', ":");
    if lower.chars().count() > 400 || !lower.ends_with(':') {
        return false;
    }
    const ENDINGS: [&str; 29] = [
        "wrote:",         // English
        "writes:",        // English, older clients
        "작성:",          // Korean Gmail/Naver: "… 님이 작성:"
        "작성 :",         // Korean with French-style spacing
        "작성했습니다:",  // Korean Outlook/Apple variants
        "썼습니다:",      // Korean Thunderbird
        "작성한 메시지:", // older Korean Gmail
        "쓴 글:",         // Korean Thunderbird: "… 이(가) 쓴 글:"
        "schrieb:",       // German "Am … schrieb …:" ends "schrieb:" or with a name
        "a écrit :",      // French
        "a écrit:",       // French without the space
        "a ecrit :",      // French without accents
        "escribió:",      // Spanish
        "escribio:",      // Spanish without accent
        "のメッセージ:",  // Japanese (Becky!, Outlook ja)
        "のメール:",      // Japanese Apple Mail
        "書きました:",    // Japanese Thunderbird
        "さんは書きました:",
        "ha scritto:", // Italian
        "escreveu:",   // Portuguese
        "schreef:",    // Dutch
        "写道:",       // Chinese
        "寫道:",       // Chinese, traditional
        "написал(а):", // Russian (mail.ru, Yandex, Thunderbird)
        "написал:",
        "написала:",
        "пишет:",
        "escreveu :",
        "ha scritto :",
    ];
    if ENDINGS.iter().any(|e| lower.ends_with(e)) {
        return true;
    }
    // German puts the name after the verb: "Am 22.11.2026 um 15:04 schrieb quipu <…>:".
    if lower.starts_with("am ") && lower.contains(" schrieb ") {
        return true;
    }
    // Japanese Gmail has no verb at all: "2026年11月22日(日) 15:04 quipu <…>:".
    let starts_with_year = lower.chars().take(4).all(|c| c.is_ascii_digit())
        && lower.chars().nth(4).is_some_and(|c| c == '年');
    if starts_with_year && lower.contains('@') && lower.ends_with(">:") {
        return true;
    }
    // Yandex and mail.ru: "22.11.2026, 15:04, \"quipu\" <q@…>:" and
    // "Воскресенье, 22 ноября 2026, 15:04 +09:00 от quipu <q@…>:": a date and an address, no verb.
    lower.ends_with(">:")
        && lower.contains('@')
        && lower.chars().take(40).any(|c| c.is_ascii_digit())
}

/// Whether a line could be the first piece of a wrapped attribution: it
/// opens with "On"/"Am"/"Le"/"El" and a date, or with a year.
fn starts_like_attribution(line: &str) -> bool {
    let lower = line.to_lowercase();
    let opener = ["on ", "am ", "le ", "el ", "il ", "em ", "op "]
        .iter()
        .any(|p| lower.starts_with(p));
    if opener {
        return lower.chars().any(|c| c.is_ascii_digit());
    }
    let mut chars = lower.chars();
    let year = chars.by_ref().take(4).all(|c| c.is_ascii_digit());
    year && chars
        .next()
        .is_some_and(|c| matches!(c, '년' | '年' | '/' | '-' | '.'))
}

/// A line ending in ':' right before a quote, in a language we do not know:
/// it introduces the quote, nothing a player would type as a command.
fn is_unknown_attribution(lines: &[&str], i: usize) -> bool {
    let Some(line) = lines.get(i) else {
        return false;
    };
    let trimmed = line.trim();
    (trimmed.ends_with(':') || trimmed.ends_with('：'))
        && trimmed.chars().count() > 8
        && lines.get(i + 1).is_some_and(|next| is_quoted(next))
}

/// Which field of a forwarded-header block a line starts, by its label.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    From,
    Sent,
    To,
    Cc,
    Subject,
}

const LABELS: [(Field, &[&str]); 5] = [
    (
        Field::From,
        &[
            "from",
            "von",
            "de",
            "da",
            "van",
            "보낸 사람",
            "보낸사람",
            "발신",
            "발신자",
            "差出人",
            "送信者",
            "寄件者",
            "发件人",
            "寄件人",
            "от",
        ],
    ),
    (
        Field::Sent,
        &[
            "sent",
            "date",
            "gesendet",
            "datum",
            "envoyé",
            "envoye",
            "enviado",
            "fecha",
            "보낸 날짜",
            "날짜",
            "送信日時",
            "日付",
            "日時",
            "发送时间",
            "日期",
            "寄件日期",
            "отправлено",
            "дата",
            "enviada",
            "data",
            "inviato",
        ],
    ),
    (
        Field::To,
        &[
            "to",
            "an",
            "à",
            "a",
            "para",
            "받는 사람",
            "받는사람",
            "수신",
            "수신자",
            "宛先",
            "收件人",
            "收件者",
            "кому",
        ],
    ),
    (
        Field::Cc,
        &["cc", "참조", "kopie", "cc :", "копия", "抄送", "副本"],
    ),
    (
        Field::Subject,
        &[
            "subject", "betreff", "objet", "asunto", "제목", "件名", "主题", "주제", "主旨",
            "тема", "assunto", "oggetto",
        ],
    ),
];

/// The field a header-like line ("Sent: …", "*From:* …", "보낸 사람: …") starts.
fn field_of(line: &str) -> Option<Field> {
    let trimmed = line.trim().trim_start_matches('*');
    let colon = trimmed.find([':', '：'])?;
    let label = trimmed
        .get(..colon)?
        .trim()
        .trim_end_matches('*')
        .trim()
        .to_lowercase();
    if label.chars().count() > 12 {
        return None;
    }
    LABELS
        .iter()
        .find(|(_, names)| names.contains(&label.as_str()))
        .map(|(field, _)| *field)
}

/// A forwarded-header block: a From line followed, without a blank line,
/// by at least one of Sent/Date, To or Subject. Its length runs to the first
/// blank line (long To lines wrap).
fn header_block_len(lines: &[&str], i: usize) -> Option<usize> {
    if field_of(lines.get(i)?)? != Field::From {
        return None;
    }
    let mut len = 1;
    let mut others = 0;
    while let Some(line) = lines.get(i + len) {
        if line.trim().is_empty() || is_quoted(line) || len >= 12 {
            break;
        }
        if matches!(
            field_of(line),
            Some(Field::Sent | Field::To | Field::Cc | Field::Subject)
        ) {
            others += 1;
        }
        len += 1;
    }
    (others >= 1).then_some(len)
}

/// Separator lines before an original message: Outlook's long underscore
/// rule, "-----Original Message-----" and its translations.
fn is_separator(line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed.chars().count() >= 10 && trimmed.chars().all(|c| c == '_') {
        return true;
    }
    if !trimmed.starts_with(['-', '_', '=', '*']) && !trimmed.ends_with("-----") {
        return !trimmed.is_empty() && is_forward_intro(trimmed);
    }
    let words = trimmed
        .trim_matches(|c: char| matches!(c, '-' | '_' | '=' | '*' | ' '))
        .to_lowercase();
    const PHRASES: [&str; 21] = [
        "original message",
        "원본 이메일",
        "ursprüngliche nachricht",
        "original-nachricht",
        "message d'origine",
        "message original",
        "mensaje original",
        "forwarded message",
        "원본 메일",
        "원본 메시지",
        "원래 메시지",
        "전달된 메시지",
        "元のメッセージ",
        "オリジナルメッセージ",
        "исходное сообщение",
        "пересылаемое сообщение",
        "mensagem original",
        "messaggio originale",
        "原始邮件",
        "原始郵件",
        "邮件原文",
    ];
    PHRASES.iter().any(|p| words.contains(p))
}

/// Apple Mail's forward introducer.
fn is_forward_intro(line: &str) -> bool {
    let lower = line.to_lowercase();
    lower == "begin forwarded message:" || lower == "전달된 메시지:"
}

#[cfg(test)]
mod tests {
    use super::new_text;

    #[test]
    fn top_posted_gmail_plain() {
        let text = "take 2 wood\r\nplace worker p0\r\n\r\nOn Sun, Nov 22, 2026 at 3:04 PM quipu <\r\nquipu+g4.s1.k2@example.org> wrote:\r\n\r\n> Your turn.\r\n> take 1 corn\r\n";
        assert_eq!(new_text(text), "take 2 wood\nplace worker p0");
    }

    #[test]
    fn bottom_posted_keeps_text_between_and_below_quotes() {
        let text = "On 22/11/2026 15:04, quipu wrote:\n> legal moves:\n> pass\n\npass\n\n> board\nplay a\n-- \nAnn\n";
        assert_eq!(new_text(text), "pass\n\nplay a");
    }

    #[test]
    fn outlook_header_block_cuts_the_unquoted_original() {
        let text = "pass\n\n________________________________\nFrom: quipu <q@example.org>\nSent: Sunday, November 22, 2026 3:04 PM\nTo: Ann <ann@example.com>\nSubject: game 4\n\nYour turn\npass\ntake 1 wood\n";
        assert_eq!(new_text(text), "pass");
    }

    #[test]
    fn korean_attribution_and_mobile_signature() {
        let text = "패스\n\niPhone에서 보냄\n\n2026. 11. 22. 오후 3:04, quipu <q@example.org> 작성:\n\n> 당신 차례\n";
        assert_eq!(new_text(text), "패스");
    }

    #[test]
    fn a_command_line_is_not_mistaken_for_a_wrapped_attribution() {
        let text = "3 wood\nOn Sun, Nov 22, 2026 at 3:04 PM quipu wrote:\n> x\n";
        assert_eq!(new_text(text), "3 wood");
    }
}
