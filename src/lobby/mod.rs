//! The lobby's rules, with no I/O: reading `open` and `queue` requests,
//! the limits on tables and entries, automatch, when bots fill a table,
//! and who may see whose address. The service's lobby part asks these and
//! does what they say through the store.

mod automatch;
mod limits;
mod privacy;
mod request;

pub use automatch::{find_match, seat_order, Match, Waiting};
pub use limits::{
    check_commitments, game_is_rated, ontime_allows, table_due, TableDue, BOT_FILL_AFTER_HOURS,
    MAX_COMMITMENTS, TABLE_LIFETIME_DAYS, WIDEN_AFTER_HOURS,
};
pub use privacy::{shown, Arrival, Shown, TableSeat};
pub use request::{
    parse_open, parse_queue, QueueRequest, Refusal, SeatRange, TableRequest, DEFAULT_PACE_HOURS,
    MAX_PACE_HOURS, MIN_PACE_HOURS,
};
