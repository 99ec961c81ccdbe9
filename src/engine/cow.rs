//! `OnWrite<T>`: a part of a game state that the state's copies share until
//! one of them changes it. The engine copies the state at every move while a
//! move changes a few parts of it; a copy of an `OnWrite` part is a counter
//! increment, and the first change through a copy copies that part alone.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A part of a state shared by its copies, copied on its first change
/// (`DerefMut`). It reads, compares, prints and is stored exactly as `T`:
/// wrapping a field changes neither the stored form nor the digest.
pub struct OnWrite<T>(Arc<T>);

impl<T> OnWrite<T> {
    pub fn new(value: T) -> OnWrite<T> {
        OnWrite(Arc::new(value))
    }
}

impl<T> OnWrite<T> {
    /// Whether both are still the same shared part (neither changed since
    /// one was copied from the other): equal without comparing the values.
    pub fn shares(&self, other: &OnWrite<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Clone for OnWrite<T> {
    fn clone(&self) -> OnWrite<T> {
        OnWrite(self.0.clone())
    }
}

impl<T> Deref for OnWrite<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for OnWrite<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> From<T> for OnWrite<T> {
    fn from(value: T) -> OnWrite<T> {
        OnWrite::new(value)
    }
}

impl<T: Clone> OnWrite<T> {
    /// The value, copied only if another state still shares it.
    pub fn into_inner(self) -> T {
        Arc::unwrap_or_clone(self.0)
    }
}

impl<T: Clone + IntoIterator> IntoIterator for OnWrite<T> {
    type Item = T::Item;
    type IntoIter = T::IntoIter;
    fn into_iter(self) -> T::IntoIter {
        self.into_inner().into_iter()
    }
}

impl<'a, T> IntoIterator for &'a OnWrite<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&*self.0).into_iter()
    }
}

impl<A, T: FromIterator<A>> FromIterator<A> for OnWrite<T> {
    fn from_iter<I: IntoIterator<Item = A>>(iter: I) -> OnWrite<T> {
        OnWrite::new(iter.into_iter().collect())
    }
}

impl<T: Default> Default for OnWrite<T> {
    fn default() -> OnWrite<T> {
        OnWrite::new(T::default())
    }
}

impl<T: PartialEq> PartialEq for OnWrite<T> {
    fn eq(&self, other: &OnWrite<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl<T: Eq> Eq for OnWrite<T> {}

/// Compares with the value it holds (`assert_eq!(s.pile, vec![3, 1])`).
impl<T: PartialEq> PartialEq<T> for OnWrite<T> {
    fn eq(&self, other: &T) -> bool {
        *self.0 == *other
    }
}

impl<T: fmt::Debug> fmt::Debug for OnWrite<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for OnWrite<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OnWrite<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OnWrite<T>, D::Error> {
        T::deserialize(d).map(OnWrite::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_share_until_one_changes_and_store_as_the_value() {
        let a: OnWrite<Vec<u8>> = vec![1, 2, 3].into();
        let mut b = a.clone();
        assert!(Arc::ptr_eq(&a.0, &b.0));
        b.push(4);
        assert_eq!(*a, vec![1, 2, 3]);
        assert_eq!(*b, vec![1, 2, 3, 4]);
        assert_ne!(a, b);
        assert_eq!(serde_json::to_string(&b).unwrap(), "[1,2,3,4]");
        let back: OnWrite<Vec<u8>> = serde_json::from_str("[1,2,3]").unwrap();
        assert_eq!(back, a);
    }
}
