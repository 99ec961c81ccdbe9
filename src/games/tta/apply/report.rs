//! The lines a move reports to the players.

use crate::engine::{Event, Text};
use crate::games::tta::data::{CardId, Data};

pub(super) fn said(seat: usize, en: String, ko: String) -> Event {
    Event::public(Text::new(
        format!("Seat {}: {en}", seat + 1),
        format!("{}번 자리: {ko}", seat + 1),
    ))
}

pub(super) fn name_of(data: &Data, id: CardId) -> (String, String) {
    data.card(id)
        .map(|c| (c.name().to_string(), c.name_ko().to_string()))
        .unwrap_or_default()
}

pub(super) fn seat_text(seat: usize) -> Text {
    Text::new(format!("Seat {}", seat + 1), format!("{}번 자리", seat + 1))
}
