//! The daemon's bounded table cache: at most a configured number of loaded
//! games, the least recently used one evicted first.

use crate::engine::Table;
use std::collections::HashMap;

struct Cached {
    /// The history row the table reflects.
    count: i64,
    table: Box<dyn Table>,
    last_used: u64,
}

/// Loaded tables by game number.
pub struct TableCache {
    capacity: usize,
    tables: HashMap<i64, Cached>,
    clock: u64,
    /// The store's rollback count when the tables were last known good.
    rollbacks: u64,
}

impl TableCache {
    /// A cache of at most `capacity` tables (0 keeps none).
    pub fn new(capacity: usize) -> TableCache {
        TableCache {
            capacity,
            tables: HashMap::new(),
            clock: 0,
            rollbacks: 0,
        }
    }

    /// Forgets every table once the store has rolled a transaction back
    /// since the last call: a cached table may hold a move that was undone.
    pub fn forget_if_rolled_back(&mut self, rollbacks: u64) {
        if rollbacks != self.rollbacks {
            self.rollbacks = rollbacks;
            self.tables.clear();
        }
    }

    /// A copy of game `id`'s table if the cached one reflects history row `count`.
    pub fn get(&mut self, id: i64, count: i64) -> Option<Box<dyn Table>> {
        self.clock += 1;
        let c = self.tables.get_mut(&id).filter(|c| c.count == count)?;
        c.last_used = self.clock;
        Some(c.table.clone_table())
    }

    pub fn put(&mut self, id: i64, count: i64, table: Box<dyn Table>) {
        if self.capacity == 0 {
            return;
        }
        self.clock += 1;
        if !self.tables.contains_key(&id) && self.tables.len() >= self.capacity {
            // A linear scan: the cache is small, and only a miss comes here.
            let oldest = self
                .tables
                .iter()
                .min_by_key(|(_, c)| c.last_used)
                .map(|(k, _)| *k);
            if let Some(k) = oldest {
                self.tables.remove(&k);
            }
        }
        self.tables.insert(
            id,
            Cached {
                count,
                table,
                last_used: self.clock,
            },
        );
    }

    pub fn clear(&mut self) {
        self.tables.clear();
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;

    fn table() -> Box<dyn Table> {
        let entry = games::find("tzolkin").unwrap();
        (entry.new)(2, &Default::default(), 1).unwrap()
    }

    #[test]
    fn the_least_recently_used_game_leaves_first_and_stale_tables_are_not_served() {
        let mut cache = TableCache::new(2);
        cache.put(1, 5, table());
        cache.put(2, 7, table());
        assert!(cache.get(1, 5).is_some());
        cache.put(3, 1, table());
        assert_eq!(cache.len(), 2);
        assert!(cache.get(2, 7).is_none(), "game 2 was least recently used");
        assert!(cache.get(1, 5).is_some());
        assert!(cache.get(3, 1).is_some());
        assert!(cache.get(1, 6).is_none(), "a table of an older history row");
        let mut none = TableCache::new(0);
        none.put(1, 1, table());
        assert!(none.is_empty());
    }
}
