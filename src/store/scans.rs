//! Full-table scans counted per statement: how the tests show that the mail
//! path's cost does not grow with the size of the database.

use super::{Result, Store};
use rusqlite::trace::{TraceEvent, TraceEventCodes};
use rusqlite::StatementStatus;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// Rows stepped through in full-table scans, by statement text, since
/// `Store::count_scans`. A cached statement's count runs on across its
/// uses, so each entry is the largest count seen for that text.
#[derive(Clone, Default)]
pub struct ScanCounts(Arc<Mutex<BTreeMap<String, i64>>>);

impl ScanCounts {
    /// The counts so far (a statement that scanned nothing is absent).
    pub fn taken(&self) -> BTreeMap<String, i64> {
        match self.0.lock() {
            Ok(map) => map.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

impl Store {
    /// Starts counting, for every statement this connection runs, the rows
    /// it steps through in full-table scans.
    pub fn count_scans(&mut self) -> Result<ScanCounts> {
        let counts = ScanCounts::default();
        let sink = counts.clone();
        let record = move |event: TraceEvent<'_>| {
            if let TraceEvent::Profile(stmt, _) = event {
                let rows = i64::from(stmt.get_status(StatementStatus::FullscanStep));
                if rows > 0 {
                    let mut map = match sink.0.lock() {
                        Ok(m) => m,
                        Err(poisoned) => poisoned.into_inner(),
                    };
                    let seen = map.entry(stmt.sql().into_owned()).or_insert(0);
                    *seen = (*seen).max(rows);
                }
            }
        };
        self.conn
            .trace_v2(TraceEventCodes::SQLITE_TRACE_PROFILE, Some(record))?;
        Ok(counts)
    }
}
