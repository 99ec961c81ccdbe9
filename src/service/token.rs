//! Reply tokens: the secret in each player's Reply-To plus-address that
//! authorises moves for one (game, player). A keyed MAC (HMAC-SHA256) of the
//! game number and address, so the From header never has to be trusted.

use ring::hmac;

/// Letters of the token alphabet: lower case and digits only, because some
/// mail clients change the case of addresses and `+`/`.` are separators.
const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
const MAC_CHARS: usize = 12;

/// The token for `email` in game `game_id`, e.g. `g42.k7f3qpz2ma9x`.
pub fn token(secret: &str, game_id: i64, email: &str) -> String {
    format!(
        "g{game_id}.{}",
        mac(
            secret,
            &format!("quipu-v1/{game_id}/{}", email.to_lowercase())
        )
    )
}

/// The token confirming game request `request_id` for `email`, e.g.
/// `n7.k7f3qpz2ma9x`: a reply carrying it proves the creator reads that address.
pub fn request_token(secret: &str, request_id: i64, email: &str) -> String {
    format!(
        "n{request_id}.{}",
        mac(
            secret,
            &format!("quipu-new-v1/{request_id}/{}", email.to_lowercase())
        )
    )
}

/// The game request a token claims, if it has a request token's shape.
pub fn claimed_request(token: &str) -> Option<i64> {
    claimed(token, 'n')
}

/// The game number a token claims, if it has the token's shape.
pub fn claimed_game(token: &str) -> Option<i64> {
    claimed(token, 'g')
}

fn claimed(token: &str, prefix: char) -> Option<i64> {
    let (g, mac) = token
        .trim()
        .to_lowercase()
        .split_once('.')
        .map(|(a, b)| (a.to_string(), b.to_string()))?;
    if mac.len() != MAC_CHARS {
        return None;
    }
    g.strip_prefix(prefix)?.parse().ok()
}

/// True when `token` is the one for `email` in game `game_id`.
pub fn verify(secret: &str, token: &str, game_id: i64, email: &str) -> bool {
    same(&self::token(secret, game_id, email), token)
}

/// True when `token` confirms game request `request_id` for `email`.
pub fn verify_request(secret: &str, token: &str, request_id: i64, email: &str) -> bool {
    same(&request_token(secret, request_id, email), token)
}

fn same(expected: &str, token: &str) -> bool {
    // Constant-time comparison of equal-length strings.
    let a = expected.as_bytes();
    let b = token.trim().to_lowercase();
    let b = b.as_bytes();
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn mac(secret: &str, message: &str) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    let tag = hmac::sign(&key, message.as_bytes());
    // Five bits per character.
    let bytes = tag.as_ref();
    (0..MAC_CHARS)
        .map(|i| {
            let bit = i * 5;
            let v = (u16::from(bytes[bit / 8]) << 8 | u16::from(bytes[bit / 8 + 1]))
                >> (11 - bit % 8)
                & 31;
            ALPHABET[v as usize] as char
        })
        .collect()
}

/// A fresh random secret for installations that configured none.
/// A fresh random key; `None` when the system's random source failed (a
/// key of zeros would make every reply address guessable).
pub fn random_secret() -> Option<String> {
    use ring::rand::SecureRandom;
    let mut buf = [0u8; 24];
    ring::rand::SystemRandom::new().fill(&mut buf).ok()?;
    Some(buf.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_verify_only_for_their_game_and_player() {
        let t = token("s3cret", 42, "Alice@Example.test");
        assert!(t.starts_with("g42.") && t.len() == 4 + MAC_CHARS, "{t}");
        assert!(verify("s3cret", &t, 42, "alice@example.test"));
        assert!(verify(
            "s3cret",
            &t.to_uppercase(),
            42,
            "alice@example.test"
        ));
        assert!(!verify("s3cret", &t, 43, "alice@example.test"));
        assert!(!verify("s3cret", &t, 42, "bob@example.test"));
        assert!(!verify("other", &t, 42, "alice@example.test"));
        assert_eq!(claimed_game(&t), Some(42));
        assert_eq!(claimed_game("g42.short"), None);
        assert_eq!(claimed_game("garbage"), None);
        assert!(t[4..].bytes().all(|b| ALPHABET.contains(&b)));
        let r = request_token("s3cret", 42, "alice@example.test");
        assert_ne!(&r[4..], &t[4..], "a request token is not a game token");
        assert_eq!(claimed_request(&r), Some(42));
        assert_eq!(claimed_game(&r), None);
        assert!(verify_request("s3cret", &r, 42, "alice@example.test"));
        assert!(!verify_request("s3cret", &r, 42, "bob@example.test"));
        assert!(!verify("s3cret", &r, 42, "alice@example.test"));
    }
}
