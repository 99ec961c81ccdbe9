//! Public names (`quipu::public_name`): what is accepted, what is refused and
//! why, and names that look alike sharing a skeleton.

use quipu::public_name::{NameError, PublicName};

#[test]
fn letters_digits_and_hangul_make_a_name() {
    for ok in ["민수", "alice", "Bob42", "김민수2", "ab"] {
        let name = PublicName::parse(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
        assert_eq!(name.as_str(), ok);
    }
    assert_eq!(
        PublicName::parse("  민수 ").map(|n| n.to_string()),
        Ok("민수".into())
    );
}

#[test]
fn a_refused_name_says_what_was_wrong() {
    assert_eq!(PublicName::parse("a"), Err(NameError::Length(1)));
    assert_eq!(
        PublicName::parse(&"가".repeat(21)),
        Err(NameError::Length(21))
    );
    assert_eq!(
        PublicName::parse("bob smith"),
        Err(NameError::Character(' '))
    );
    assert_eq!(PublicName::parse("bob@x"), Err(NameError::Character('@')));
    // Cyrillic 'а' (U+0430) in place of Latin 'a'.
    assert_eq!(
        PublicName::parse("\u{430}lice"),
        Err(NameError::Character('\u{430}'))
    );
    // A loose jamo, not a syllable.
    assert_eq!(PublicName::parse("ㅁ수"), Err(NameError::Character('ㅁ')));
    assert_eq!(PublicName::parse("1234"), Err(NameError::OnlyDigits));
    assert_eq!(PublicName::parse("Bot"), Err(NameError::Reserved));
    assert_eq!(PublicName::parse("b0t"), Err(NameError::Reserved));
    assert_eq!(PublicName::parse("봇"), Err(NameError::Length(1)));
    assert_eq!(PublicName::parse("관리자"), Err(NameError::Reserved));
    let words = NameError::Character('@').to_string();
    assert!(words.contains("letters a-z, digits and Hangul"), "{words}");
}

#[test]
fn names_that_look_alike_share_a_skeleton() {
    let skeleton = |s: &str| PublicName::parse(s).expect(s).skeleton();
    for (a, b) in [
        ("alice", "ALICE"),
        ("alice", "a1ice"),
        ("bob0", "boBo"),
        ("martin", "rnartin"),
        ("wendy", "vvendy"),
        ("david", "davld"),
        ("dean", "clean"),
    ] {
        assert_eq!(skeleton(a), skeleton(b), "{a} / {b}");
    }
    for (a, b) in [("alice", "alicia"), ("민수", "민주"), ("bob", "rob")] {
        assert_ne!(skeleton(a), skeleton(b), "{a} / {b}");
    }
}
