//! A game's complete record for archives and replay: JSON (everything a
//! replay needs, plus the digest of the final state) and plain text; the
//! HTML replay page is `service::archive`'s.

use super::history::apply_steps;
use super::{Result, Service, ServiceError};
use crate::engine::{Options, Seat};
use crate::games;
use crate::render;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedMove {
    pub n: i64,
    /// The seat's address (empty for notes by quipu).
    pub seat: String,
    pub command: String,
    pub at: String,
    /// move | undo | drop | say | note
    pub kind: String,
    pub source: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Export {
    pub quipu: u32,
    pub id: i64,
    pub game: String,
    pub title: String,
    pub seed: u64,
    pub rng: u32,
    pub options: Options,
    pub players: Vec<String>,
    pub status: String,
    pub moves: Vec<ExportedMove>,
    /// The engine and rules version the game was started under.
    #[serde(default)]
    pub engine: String,
    /// SHA-256 of the final state's canonical serialisation; `replay` must
    /// reach the same.
    pub final_digest: String,
    pub scores: Option<Vec<f64>>,
}

impl Service {
    pub fn export(&self, id: i64) -> Result<Export> {
        let game = self.game(id)?;
        let seats = self.seated(id)?;
        // A game that never started (declined, still forming) has no table.
        let table = if seats.is_empty() {
            None
        } else {
            Some(self.table(id)?)
        };
        let title = match &table {
            Some(t) => t.info().title.to_string(),
            None => games::find(&game.game)
                .map(|e| (e.info)().title.to_string())
                .unwrap_or_default(),
        };
        let email_of = |s: Option<usize>, e: Option<String>| {
            e.or_else(|| {
                s.and_then(|s| {
                    seats
                        .iter()
                        .find(|r| r.seat == Some(s))
                        .map(|r| r.email.clone())
                })
            })
            .unwrap_or_default()
        };
        Ok(Export {
            quipu: 1,
            id,
            game: game.game.clone(),
            title,
            seed: game.seed,
            rng: crate::engine::Rng::VERSION,
            options: super::history::options_of(&game)?,
            players: seats.iter().map(|s| s.email.clone()).collect(),
            status: game.status.to_string(),
            moves: self
                .store
                .moves(id)?
                .into_iter()
                .map(|m| ExportedMove {
                    n: m.n,
                    seat: email_of(m.seat, m.email),
                    command: m.command,
                    at: m.at,
                    kind: m.kind.to_string(),
                    source: m.source,
                })
                .collect(),
            engine: self.store.game_engine(id)?,
            final_digest: match &table {
                Some(t) => t.digest().map_err(|e| ServiceError::Setup(e.to_string()))?,
                None => String::new(),
            },
            scores: if table.is_some() {
                self.outcome(id)?.map(|o| o.scores)
            } else {
                None
            },
        })
    }

    /// The record as text: every move, then the final board.
    pub fn export_text(&self, id: i64) -> Result<String> {
        let e = self.export(id)?;
        let mut out = format!(
            "{} #{} (seed {}), players: {}\n\n",
            e.title,
            e.id,
            e.seed,
            e.players.join(", ")
        );
        for m in &e.moves {
            out.push_str(&format!(
                "{:>4}  {}  {:<28} {} {}\n",
                m.n, m.at, m.seat, m.kind, m.command
            ));
        }
        out.push('\n');
        out.push_str(&render::view_text(&self.view(id, None)?, "en"));
        Ok(out)
    }
}

/// Replays an export from its seed and moves; `Ok(true)` when the final
/// state matches the recorded digest.
pub fn replay(export: &Export) -> std::result::Result<bool, ServiceError> {
    let entry = games::find(&export.game)
        .ok_or_else(|| ServiceError::UnknownGame(export.game.clone(), Service::game_names()))?;
    let mut table = (entry.new)(export.players.len(), &export.options, export.seed)
        .map_err(|e| ServiceError::Setup(e.to_string()))?;
    let seat_of = |email: &str| export.players.iter().position(|p| p == email).map(Seat);
    let rows: Vec<crate::store::MoveRow> = export
        .moves
        .iter()
        .map(|m| {
            let kind = crate::store::MoveKind::from_word(&m.kind).ok_or_else(|| {
                ServiceError::Setup(format!("move {} has an unknown kind {:?}", m.n, m.kind))
            })?;
            Ok(crate::store::MoveRow {
                game_id: export.id,
                n: m.n,
                seat: seat_of(&m.seat).map(|s| s.0),
                email: Some(m.seat.clone()),
                kind,
                command: m.command.clone(),
                events: "[]".into(),
                source: m.source.clone(),
                at: m.at.clone(),
            })
        })
        .collect::<std::result::Result<_, ServiceError>>()?;
    apply_steps(table.as_mut(), &rows).map_err(|(n, command, e)| {
        ServiceError::Setup(format!("move {n} '{command}' is refused: {e}"))
    })?;
    let digest = table
        .digest()
        .map_err(|e| ServiceError::Setup(e.to_string()))?;
    Ok(digest == export.final_digest)
}
