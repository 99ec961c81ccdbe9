//! One mailbox, one identity: the canonical form of a mail address that
//! `stop`, the invitation and request limits, "a player named twice" and
//! seats compare, and the look-alike check (letters of two scripts that
//! look the same, as a Cyrillic `а` in a Latin name).
//!
//! The canonical form is a key, never an address to write to: mail still
//! goes to the spelling the player gave.

use serde::Deserialize;

/// What the operator says about sub-addresses (`bob+games@`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlusTags {
    /// `bob+games@x` is `bob@x`: most providers deliver both to one box.
    #[default]
    Strip,
    /// Every tag is its own mailbox.
    Keep,
}

/// The operator's choices on which spellings name one mailbox
/// (`[addresses]` in the configuration).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct AddressRules {
    pub plus_tags: PlusTags,
    /// Domains whose mailboxes ignore dots in the local part
    /// (`b.o.b@gmail.com` is `bob@gmail.com`), lower case, ASCII form.
    pub dotless_domains: Vec<String>,
}

impl Default for AddressRules {
    fn default() -> AddressRules {
        AddressRules {
            plus_tags: PlusTags::Strip,
            dotless_domains: vec!["gmail.com".into(), "googlemail.com".into()],
        }
    }
}

/// The canonical form of `addr`: the local part unquoted and in lower
/// case, the plus tag and (for dotless domains) the dots dropped as the
/// rules say; the domain in lower case, in its ASCII (punycode) form,
/// without a trailing dot. Text without an `@` is only trimmed and lowered.
pub fn canonical(addr: &str, rules: &AddressRules) -> String {
    let addr = addr.trim().trim_start_matches('<').trim_end_matches('>');
    let Some((local, domain)) = addr.rsplit_once('@') else {
        return addr.to_lowercase();
    };
    let domain = ascii_domain(domain);
    let mut local = unquote(local).to_lowercase();
    if rules.plus_tags == PlusTags::Strip {
        if let Some((base, _tag)) = local.split_once('+') {
            if !base.is_empty() {
                local = base.to_string();
            }
        }
    }
    if rules.dotless_domains.iter().any(|d| d == &domain) {
        local.retain(|c| c != '.');
    }
    format!("{local}@{domain}")
}

/// The domain in lower case and its ASCII form (`bücher.example` →
/// `xn--bcher-kva.example`); one that IDNA refuses stays lowered.
fn ascii_domain(domain: &str) -> String {
    let domain = domain.trim().trim_end_matches('.').to_lowercase();
    idna::domain_to_ascii(&domain).unwrap_or(domain)
}

/// A quoted local part without its quotes and backslash escapes
/// (`"bob"` is `bob`).
fn unquote(local: &str) -> String {
    let Some(inner) = local
        .strip_prefix('"')
        .and_then(|l| l.strip_suffix('"'))
        .filter(|_| local.len() >= 2)
    else {
        return local.to_string();
    };
    let mut out = String::new();
    let mut escaped = false;
    for c in inner.chars() {
        if c == '\\' && !escaped {
            escaped = true;
            continue;
        }
        escaped = false;
        out.push(c);
    }
    out
}

/// Scripts whose letters pass for Latin ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Cherokee,
    /// Full-width Latin letters, drawn like Latin at double width.
    FullWidth,
}

fn script(c: char) -> Option<Script> {
    match c {
        'a'..='z' | 'A'..='Z' => Some(Script::Latin),
        '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}' if c.is_alphabetic() => {
            Some(Script::Latin)
        }
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some(Script::Greek),
        '\u{0400}'..='\u{052F}' | '\u{1C80}'..='\u{1C8F}' | '\u{2DE0}'..='\u{2DFF}' => {
            Some(Script::Cyrillic)
        }
        '\u{0530}'..='\u{058F}' => Some(Script::Armenian),
        '\u{13A0}'..='\u{13FF}' | '\u{AB70}'..='\u{ABBF}' => Some(Script::Cherokee),
        '\u{FF21}'..='\u{FF3A}' | '\u{FF41}'..='\u{FF5A}' => Some(Script::FullWidth),
        _ => None,
    }
}

/// True when a part of `addr` (its local part, or one label of its domain
/// in the form written) mixes letters of scripts that look alike, so it
/// could pass for another address (`аlice@` with a Cyrillic `а`), or when
/// it holds full-width Latin letters at all.
pub fn looks_alike(addr: &str) -> bool {
    let (local, domain) = addr.rsplit_once('@').unwrap_or((addr, ""));
    let domain = domain.to_lowercase();
    // A punycode label shows its Unicode form in clients: judge that form.
    let unicode = idna::domain_to_unicode(&domain).0;
    std::iter::once(local)
        .chain(domain.split('.'))
        .chain(unicode.split('.'))
        .any(mixes_scripts)
}

fn mixes_scripts(part: &str) -> bool {
    let mut seen: Option<Script> = None;
    for s in part.chars().filter_map(script) {
        if s == Script::FullWidth {
            return true;
        }
        match seen {
            None => seen = Some(s),
            Some(first) if first != s => return true,
            Some(_) => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_mailbox_have_one_canonical_form() {
        let rules = AddressRules::default();
        let bob = canonical("bob@xn--bcher-kva.example", &rules);
        for spelling in [
            "Bob@Bücher.Example",
            "BOB@XN--BCHER-KVA.EXAMPLE",
            "\"bob\"@bücher.example",
            "\"b\\ob\"@bücher.example",
            "bob+games@bücher.example",
            "bob@bücher.example.",
            "<bob@bücher.example>",
        ] {
            assert_eq!(canonical(spelling, &rules), bob, "{spelling}");
        }
        assert_eq!(
            canonical("B.o.b.Smith+x@Gmail.com", &rules),
            "bobsmith@gmail.com"
        );
        // Dots count elsewhere, and a kept tag is its own mailbox.
        assert_ne!(
            canonical("b.ob@example.org", &rules),
            canonical("bob@example.org", &rules)
        );
        let keep = AddressRules {
            plus_tags: PlusTags::Keep,
            dotless_domains: vec![],
        };
        assert_eq!(canonical("bob+x@example.org", &keep), "bob+x@example.org");
        assert_eq!(canonical("+x@example.org", &rules), "+x@example.org");
    }

    #[test]
    fn mixed_scripts_look_alike_and_single_scripts_do_not() {
        assert!(looks_alike("\u{0430}lice@example.test"), "Cyrillic a");
        assert!(looks_alike("alice@ex\u{0430}mple.test"));
        let puny = idna::domain_to_ascii("ex\u{0430}mple.test").unwrap();
        assert!(
            looks_alike(&format!("alice@{puny}")),
            "punycode of it: {puny}"
        );
        assert!(looks_alike("\u{FF41}lice@example.test"), "full-width a");
        assert!(looks_alike("p\u{03BF}p@example.test"), "Greek omicron");
        assert!(!looks_alike("alice@example.test"));
        assert!(!looks_alike("bob@bücher.example"));
        assert!(!looks_alike("иван@пример.рф"));
        assert!(!looks_alike("민수@example.kr"));
    }
}
