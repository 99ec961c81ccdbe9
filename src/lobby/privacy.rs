//! Who sees whose address. An address is shown only between players who
//! invited each other by address, and in a game where anyone came by an
//! open table, the queue or a seat offer, everyone appears by name only.

/// How a seat came to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// Made the game and invited the others by address.
    Creator,
    /// Invited by address by this player.
    InvitedBy(String),
    /// Came by an open table, the queue or a seat offer: a stranger.
    Stranger,
    /// A bot: it has no address.
    Bot,
}

/// One seat of a game, for deciding what others see of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSeat {
    pub email: String,
    pub arrival: Arrival,
}

/// What a reader sees of another seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Address,
    /// The public name only.
    Name,
}

fn same(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

impl TableSeat {
    fn invited(&self, other: &str) -> bool {
        matches!(&self.arrival, Arrival::InvitedBy(by) if same(by, other))
    }
}

/// What `reader` sees of `other` in a game of `seats`: their address only
/// when one invited the other by address and nobody at the table is a
/// stranger; otherwise the name. A reader sees their own address.
pub fn shown(seats: &[TableSeat], reader: &str, other: &str) -> Shown {
    if same(reader, other) {
        return Shown::Address;
    }
    if seats.iter().any(|s| s.arrival == Arrival::Stranger) {
        return Shown::Name;
    }
    let find = |e: &str| seats.iter().find(|s| same(&s.email, e));
    match (find(reader), find(other)) {
        (Some(r), Some(o)) if o.arrival == Arrival::Bot || r.arrival == Arrival::Bot => Shown::Name,
        (Some(r), Some(o)) if r.invited(other) || o.invited(reader) => Shown::Address,
        _ => Shown::Name,
    }
}
