//! `Shared<T>`: a game's component tables held inside its state, shared by
//! every copy of the state and compared and printed by name only, so that
//! cloning, comparing and digesting a state stays cheap.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// Tables that say which data set they are (the built-in one, or an
/// operator's file); two states with tables of the same name share rules.
pub trait Named {
    fn name(&self) -> &str;
}

/// The tables of one data set, shared.
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(tables: Arc<T>) -> Shared<T> {
        Shared(tables)
    }

    /// The `Arc` behind it, for code that keeps the tables beyond a state.
    pub fn arc(&self) -> &Arc<T> {
        &self.0
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(self.0.clone())
    }
}

impl<T: Named> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Data({})", self.0.name())
    }
}

impl<T: Named> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        self.0.name() == other.0.name()
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Tables {
        name: String,
        size: u32,
    }

    impl Named for Tables {
        fn name(&self) -> &str {
            &self.name
        }
    }

    #[test]
    fn tables_of_one_name_compare_equal_and_print_only_their_name() {
        let a = Shared::new(Arc::new(Tables {
            name: "built-in".into(),
            size: 3,
        }));
        let b = Shared::new(Arc::new(Tables {
            name: "built-in".into(),
            size: 4,
        }));
        let c = Shared::new(Arc::new(Tables {
            name: "operator".into(),
            size: 3,
        }));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(format!("{a:?}"), "Data(built-in)");
        assert_eq!(a.size + c.size, 6);
    }
}
