//! The game-agnostic engine contract: what every game provides (`Game`), the
//! erased form the service uses (`Table`), and the shared pieces of both —
//! seats, options, bilingual text, events, views, outcomes, the RNG and the
//! forgiving command matcher.

pub mod bot;
pub mod conformance;
mod cow;
pub mod datafile;
#[cfg(test)]
mod fixture;
pub mod flow;
mod game;
pub mod korean;
pub mod layout;
pub mod parse;
mod rng;
pub mod shared;
mod table;
mod text;
mod told;
mod view;

pub use cow::OnWrite;
pub use datafile::read_data_file;
pub use flow::{Flow, Found, Move, Moves};
pub use game::{
    Event, Game, GameInfo, InternalError, MoveSummary, OptionDoc, Options, Outcome, ParseError,
    RuleError, Seat, SetupError, Variant,
};
pub use layout::{Grid, PICTURE_WIDTH, TEXT_MIN};
pub use rng::Rng;
pub use shared::{Linked, Named, Shared};
pub use table::{
    digest_of, revealed, revealed_ids, PlayError, Played, Snapshot, StateError, Table, Typed,
};
pub use text::{game_title, Text};
pub use told::Told;
pub use view::{
    acting_headline, asked_headline, seat_label, Anchor, Block, Color, Section, Shape, Sketch, View,
};
