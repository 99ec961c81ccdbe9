//! `Shared<T>`: a game's component tables held inside its state, shared by
//! every copy of the state and compared, printed and serialised by name only,
//! so that cloning, comparing, storing and digesting a state stays cheap.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, OnceLock, RwLock};

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

/// A handle on a data set that a stored state names instead of holding:
/// `Shared<T>`, and each game's own handle until it moves to `Shared`.
pub trait Linked: Sized {
    type Tables: Send + Sync + 'static;
    /// The data set's name (the built-in one, or an operator's file).
    fn link_name(&self) -> &str;
    fn tables(&self) -> &Arc<Self::Tables>;
    fn relink(tables: Arc<Self::Tables>) -> Self;
}

impl<T: Named + Send + Sync + 'static> Linked for Shared<T> {
    type Tables = T;
    fn link_name(&self) -> &str {
        self.0.name()
    }
    fn tables(&self) -> &Arc<T> {
        &self.0
    }
    fn relink(tables: Arc<T>) -> Self {
        Shared(tables)
    }
}

/// `Linked` for a game's own handle `$handle(pub Arc<$tables>)`, named by
/// the tables' field `$name`.
#[macro_export]
macro_rules! linked_by_name {
    ($handle:ident, $tables:ty, $name:ident) => {
        impl $crate::engine::Linked for $handle {
            type Tables = $tables;
            fn link_name(&self) -> &str {
                &self.0.$name
            }
            fn tables(&self) -> &std::sync::Arc<$tables> {
                &self.0
            }
            fn relink(tables: std::sync::Arc<$tables>) -> Self {
                $handle(tables)
            }
        }
    };
}

type Loaded = HashMap<(TypeId, String), Arc<dyn Any + Send + Sync>>;

/// Every data set this process has serialised a state with, by type and name:
/// what a stored state's names are linked back to.
fn loaded() -> &'static RwLock<Loaded> {
    static LOADED: OnceLock<RwLock<Loaded>> = OnceLock::new();
    LOADED.get_or_init(|| RwLock::new(HashMap::new()))
}

/// `#[serde(with = "crate::engine::shared::by_name")]` on a state's data field:
/// the field is stored as the data set's name and linked back on load to the
/// data set of that name, which the game's setup (from the game's options)
/// has loaded. A name nothing loaded is an error, never a default data set.
pub mod by_name {
    use super::{loaded, Linked};
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use std::any::TypeId;
    use std::sync::{Arc, PoisonError};

    pub fn serialize<R: Linked, S: Serializer>(handle: &R, s: S) -> Result<S::Ok, S::Error> {
        let key = (TypeId::of::<R::Tables>(), handle.link_name().to_string());
        let known = loaded()
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .contains_key(&key);
        if !known {
            let tables: Arc<R::Tables> = handle.tables().clone();
            loaded()
                .write()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(key, tables);
        }
        s.serialize_str(handle.link_name())
    }

    pub fn deserialize<'de, R: Linked, D: Deserializer<'de>>(d: D) -> Result<R, D::Error> {
        let name = String::deserialize(d)?;
        let key = (TypeId::of::<R::Tables>(), name);
        let found = loaded()
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .cloned();
        let any = found.ok_or_else(|| {
            D::Error::custom(format!(
                "the stored state names the component data '{}', which is not loaded",
                key.1
            ))
        })?;
        any.downcast::<R::Tables>()
            .map(R::relink)
            .map_err(|_| D::Error::custom("component data of another kind"))
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

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Holder {
        #[serde(with = "by_name")]
        data: Shared<Tables>,
        n: u32,
    }

    #[test]
    fn a_state_stores_the_name_of_its_tables_and_links_them_back() {
        let h = Holder {
            data: Shared::new(Arc::new(Tables {
                name: "linked-test".into(),
                size: 7,
            })),
            n: 2,
        };
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(json, r#"{"data":"linked-test","n":2}"#);
        let back: Holder = serde_json::from_str(&json).unwrap();
        assert_eq!(back.data.size, 7);
        assert_eq!(back, h);
        let unknown = serde_json::from_str::<Holder>(r#"{"data":"nobody","n":2}"#);
        assert!(unknown.unwrap_err().to_string().contains("'nobody'"));
    }
}
