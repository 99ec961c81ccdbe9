//! What a mail's handling decided: its outcome, why, and the game it
//! concerned; recorded with the mail and returned to the caller.

use crate::store::InboundOutcome;

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Verdict {
    pub outcome: InboundOutcome,
    /// Why, in English, for the operator (`quipu log`).
    pub reason: String,
    pub game_id: Option<i64>,
}

impl Verdict {
    pub(crate) fn new(
        outcome: InboundOutcome,
        reason: impl Into<String>,
        game_id: Option<i64>,
    ) -> Verdict {
        Verdict {
            outcome,
            reason: reason.into(),
            game_id,
        }
    }
}
