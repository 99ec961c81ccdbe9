//! `Told`: an event's text, written when something first reads it (a mail,
//! the log, a test), not when the move is applied. A game keeps the typed
//! facts of what happened (seats, ids, counts) in a closure; random play and
//! search apply thousands of moves whose events nobody reads.

use super::Text;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

/// Writes an event's text from the facts it captured.
type Writer = Arc<dyn Fn() -> Text + Send + Sync>;

/// An event's text: written already, or written from its facts on the first
/// read (then kept). It reads as a `Text` (`told.en`), compares, prints and
/// is stored as the written `Text`.
pub struct Told {
    text: OnceLock<Text>,
    writer: Option<Writer>,
}

impl Told {
    /// Text already written.
    pub fn ready(text: Text) -> Told {
        Told {
            text: OnceLock::from(text),
            writer: None,
        }
    }

    /// Text written by `write` when first read. `write` must own what it
    /// needs (copies of the facts, shared data), never the state.
    pub fn later(write: impl Fn() -> Text + Send + Sync + 'static) -> Told {
        Told {
            text: OnceLock::new(),
            writer: Some(Arc::new(write)),
        }
    }

    /// The text, written now if it was not yet.
    pub fn text(&self) -> &Text {
        self.text.get_or_init(|| self.write())
    }

    /// The written text, owned.
    pub fn into_text(self) -> Text {
        let Told { text, writer } = self;
        text.into_inner()
            .unwrap_or_else(|| writer.map(|w| w()).unwrap_or_default())
    }

    fn write(&self) -> Text {
        self.writer.as_ref().map(|w| w()).unwrap_or_default()
    }
}

impl Deref for Told {
    type Target = Text;
    fn deref(&self) -> &Text {
        self.text()
    }
}

impl Clone for Told {
    fn clone(&self) -> Told {
        Told {
            text: self.text.clone(),
            writer: self.writer.clone(),
        }
    }
}

impl From<Text> for Told {
    fn from(text: Text) -> Told {
        Told::ready(text)
    }
}

impl PartialEq for Told {
    fn eq(&self, other: &Told) -> bool {
        self.text() == other.text()
    }
}

impl fmt::Debug for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

/// Stored exactly as the written `Text` (the stored events' form is unchanged).
impl Serialize for Told {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.text().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Told {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Told, D::Error> {
        Text::deserialize(d).map(Told::ready)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn written_once_on_first_read_and_stored_as_text() {
        static WRITES: AtomicUsize = AtomicUsize::new(0);
        let n = 3;
        let told = Told::later(move || {
            WRITES.fetch_add(1, Ordering::SeqCst);
            Text::new(format!("{n} corn"), format!("옥수수 {n}개"))
        });
        assert_eq!(WRITES.load(Ordering::SeqCst), 0);
        assert_eq!(told.en, "3 corn");
        assert_eq!(told.ko, "옥수수 3개");
        assert_eq!(WRITES.load(Ordering::SeqCst), 1);
        let json = serde_json::to_string(&told).unwrap();
        assert_eq!(
            json,
            serde_json::to_string(&Text::new("3 corn", "옥수수 3개")).unwrap()
        );
        let back: Told = serde_json::from_str(&json).unwrap();
        assert_eq!(back, told);
        assert_eq!(told.clone().into_text().en, "3 corn");
        assert_eq!(WRITES.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn an_unread_copy_writes_its_own_text() {
        let told = Told::later(|| Text::new("seven", "일곱"));
        let copy = told.clone();
        assert_eq!(copy.into_text().ko, "일곱");
        assert_eq!(told.text().en, "seven");
    }
}
