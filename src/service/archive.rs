//! The archive on disk: a game's positions collected by replaying its
//! stored history strictly, its replay page (`quipu export --format html`),
//! and the static site of `quipu archive DIR` (an index and one replay page
//! per game), rewritten only where a game changed.

use super::history::{self, Step};
use super::{Result, Service, ServiceError};
use crate::archive::{self, Entry, Position, Replay};
use crate::engine::{Event, Seat, Table, Text};
use crate::store::SeatRow;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Raised when the page format changes, so that a rerun rewrites every page.
const PAGE_FORMAT: u32 = 2;

/// The file in an archive folder that says what each page was written from.
const MANIFEST: &str = "archive.json";

/// What `quipu archive` did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArchiveReport {
    pub written: usize,
    pub unchanged: usize,
    /// Games left out, with the reason (a history that no longer replays).
    pub failed: Vec<(i64, String)>,
}

/// Which games an archive holds and in which language it is written.
#[derive(Clone, Debug)]
pub struct ArchiveRun<'a> {
    /// Games in progress too, as of now.
    pub all: bool,
    pub lang: &'a str,
}

/// What each page of an archive folder was written from, and its index row.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Manifest {
    games: BTreeMap<i64, Written>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Written {
    /// Format, language, status, history length and engine of the game.
    key: String,
    entry: Entry,
}

/// How the archive names a player: the part of the address before the `@`
/// (a public page must not hand out addresses).
pub fn public_name(email: &str) -> &str {
    email.split('@').next().unwrap_or(email)
}

/// A player as the archive names them, once: the game's name for the seat
/// with the public part of their address ("Blue (bob)", "파랑 (bob)").
fn seat_name(seats: &[SeatRow], names: &[Text], i: usize) -> Text {
    let n = i + 1;
    let label = match names.get(i).filter(|t| !t.en.trim().is_empty()) {
        Some(name) => name.clone(),
        None => Text::new(format!("seat {n}"), format!("{n}번 자리")),
    };
    match seats.iter().find(|r| r.seat == Some(i)) {
        Some(r) => {
            let name = public_name(&r.email);
            Text::new(
                format!("{} ({name})", label.en),
                format!("{} ({name})", label.get("ko")),
            )
        }
        None => label,
    }
}

/// A stored time as the pages show it: `2026-11-22 10:00`.
fn shown_time(stamp: &str) -> String {
    stamp.get(..16).unwrap_or(stamp).replace('T', " ")
}

/// What one step was, as `viewer` may know it, a line per event: one's own
/// command, else the events told to everyone (or to the viewer), which
/// name the player themselves; "who: what" where no event names them.
fn step_text(
    seats: &[SeatRow],
    names: &[Text],
    viewer: Option<Seat>,
    step: &Step,
    events: &[Event],
) -> Text {
    let (seat, what) = match step {
        Step::Play { seat, command, .. } => {
            let told: Vec<Text> = events
                .iter()
                .filter(|e| e.to.is_none() || e.to == viewer)
                .map(|e| e.text.text().clone())
                .collect();
            if viewer != Some(*seat) && !told.is_empty() {
                return Text::join(&told, "\n");
            }
            let what = if viewer == Some(*seat) {
                Text::same(command.clone())
            } else {
                Text::new("made a decision", "결정을 내렸습니다")
            };
            (*seat, what)
        }
        Step::Drop { seat, .. } => (*seat, Text::new("left the game", "게임에서 나갔습니다")),
        Step::Return { seat, .. } => (
            *seat,
            Text::new("took the seat back", "자리를 다시 맡았습니다"),
        ),
    };
    let who = seat_name(seats, names, seat.0);
    Text::new(
        format!("{}: {}", who.en, what.en),
        format!("{}: {}", who.get("ko"), what.get("ko")),
    )
}

fn position(
    table: &dyn Table,
    seats: &[SeatRow],
    viewer: Option<Seat>,
    row: i64,
    step: Text,
) -> Position {
    let seat_names = table.seat_names();
    let names: Vec<Text> = table
        .to_act()
        .into_iter()
        .map(|s| seat_name(seats, &seat_names, s.0))
        .collect();
    Position {
        row,
        step,
        to_act: Text::join(&names, ", "),
        view: table.view(viewer),
    }
}

impl Service {
    /// Game `id` position by position, as the seat of `viewer` (or, without
    /// one, any spectator) could see it at each moment: the stored history
    /// replayed strictly from the seed.
    pub fn replay_record(&self, id: i64, viewer: Option<&str>) -> Result<Replay> {
        let game = self.game(id)?;
        let seats = self.seated(id)?;
        if seats.is_empty() {
            return Err(ServiceError::NotActive(id, game.status));
        }
        let seat = viewer.map(|v| self.seat_of(id, v)).transpose()?;
        let moves = self.store.moves(id)?;
        let mut table = history::replay(&game, seats.len(), &[])?;
        let mut positions = vec![position(
            table.as_ref(),
            &seats,
            seat,
            0,
            Text::new("Start of the game", "게임 시작"),
        )];
        for step in history::effective(&moves) {
            let (n, events) = match &step {
                Step::Play {
                    n,
                    seat: s,
                    command,
                } => {
                    let played = table.play_exact(*s, command).map_err(|e| {
                        history::HistoryError::Replay(id, *n, command.clone(), e.to_string())
                    })?;
                    (*n, played.events)
                }
                Step::Drop { n, seat: s } => {
                    table.drop_seat(*s);
                    (*n, Vec::new())
                }
                Step::Return { n, seat: s } => {
                    table.restore_seat(*s);
                    (*n, Vec::new())
                }
            };
            let text = step_text(&seats, &table.seat_names(), seat, &step, &events);
            positions.push(position(table.as_ref(), &seats, seat, n, text));
        }
        let info = table.info();
        let names = table.seat_names();
        let result = self.outcome(id)?.map(|o| {
            let mut order: Vec<usize> = (0..o.ranks.len()).collect();
            order.sort_by_key(|&i| (o.ranks[i], i));
            let lines: Vec<Text> = order
                .iter()
                .map(|&i| {
                    let who = seat_name(&seats, &names, i);
                    let score = o.scores.get(i).copied().unwrap_or_default();
                    Text::new(
                        format!("{}. {} {score}", o.ranks[i], who.en),
                        format!("{}위 {} {score}점", o.ranks[i], who.get("ko")),
                    )
                })
                .collect();
            Text::join(&lines, " · ")
        });
        let options = history::options_of(&game)?;
        Ok(Replay {
            id,
            game: game.game.clone(),
            title: crate::engine::game_title(info.name, info.title),
            players: (0..seats.len())
                .map(|i| seat_name(&seats, &names, i))
                .collect(),
            options: options
                .0
                .iter()
                .map(|(k, v)| crate::games::option_words::option_in_words(info.name, k, v))
                .collect(),
            started: shown_time(&game.created_at),
            finished: game.finished_at.as_deref().map(shown_time),
            result,
            viewer: viewer.map(|v| public_name(v).to_string()),
            positions,
        })
    }

    /// Game `id`'s replay page in `lang`, public or as `viewer`'s seat.
    pub fn export_replay(&self, id: i64, lang: &str, viewer: Option<&str>) -> Result<String> {
        let replay = self.replay_record(id, viewer)?;
        archive::replay_html(&replay, lang).map_err(|e| ServiceError::Unreadable(id, e.to_string()))
    }
}

/// Writes `bytes` to `path` through a temporary file, so a reader (or a
/// web server) never sees half a page.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

/// The manifest of an archive folder; none yet is an empty one, one that
/// does not read is an error (the operator's folder holds something else).
fn read_manifest(dir: &Path) -> Result<Manifest> {
    let path = dir.join(MANIFEST);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text).map_err(|e| {
            ServiceError::Setup(format!(
                "{} is not a quipu archive manifest ({e}); remove it to write the archive afresh",
                path.display()
            ))
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Manifest::default()),
        Err(e) => Err(ServiceError::Setup(format!("{}: {e}", path.display()))),
    }
}

fn io_error(path: &Path, e: std::io::Error) -> ServiceError {
    ServiceError::Setup(format!("{}: {e}", path.display()))
}

/// The replay page's file name in an archive folder.
pub fn page_name(id: i64) -> String {
    format!("game-{id}.html")
}

impl Service {
    /// Writes the archive site into `dir`: `index.html` and one replay page
    /// per finished game (and per game in progress with `run.all`). A page is
    /// rewritten only when its game has new history rows, a new status or a
    /// new engine, or the page format or language changed.
    pub fn write_archive(&self, dir: &Path, run: &ArchiveRun) -> Result<ArchiveReport> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        let before = read_manifest(dir)?;
        let mut after = Manifest::default();
        let mut report = ArchiveReport::default();
        let mut entries = Vec::new();
        for game in self.store.games()? {
            let wanted = game.status == "finished" || (run.all && game.status == "active");
            if !wanted || self.seated(game.id)?.is_empty() {
                continue;
            }
            let id = game.id;
            let key = format!(
                "{PAGE_FORMAT}|{}|{}|{}|{}|{}",
                run.lang,
                game.status,
                self.store.move_count(id)?,
                self.store.moves(id)?.last().map_or(0, |m| m.n),
                self.store.game_engine(id)?,
            );
            let path: PathBuf = dir.join(page_name(id));
            if let Some(w) = before.games.get(&id).filter(|w| w.key == key) {
                if path.exists() {
                    report.unchanged += 1;
                    entries.push(w.entry.clone());
                    after.games.insert(
                        id,
                        Written {
                            key,
                            entry: w.entry.clone(),
                        },
                    );
                    continue;
                }
            }
            let replay = match self.replay_record(id, None) {
                Ok(r) => r,
                Err(e) => {
                    report.failed.push((id, e.to_string()));
                    continue;
                }
            };
            let html = archive::replay_html(&replay, run.lang)
                .map_err(|e| ServiceError::Unreadable(id, e.to_string()))?;
            write_atomically(&path, html.as_bytes()).map_err(|e| io_error(&path, e))?;
            report.written += 1;
            let entry = Entry {
                id,
                game: replay.game,
                title: replay.title,
                players: replay
                    .players
                    .iter()
                    .map(|p| p.get(run.lang).to_string())
                    .collect(),
                started: replay.started,
                finished: replay.finished,
                result: replay.result,
                steps: replay.positions.len().saturating_sub(1),
                href: page_name(id),
            };
            entries.push(entry.clone());
            after.games.insert(id, Written { key, entry });
        }
        let index = dir.join("index.html");
        write_atomically(&index, archive::index_html(&entries, run.lang).as_bytes())
            .map_err(|e| io_error(&index, e))?;
        let manifest = dir.join(MANIFEST);
        let json =
            serde_json::to_string_pretty(&after).map_err(|e| ServiceError::Setup(e.to_string()))?;
        write_atomically(&manifest, json.as_bytes()).map_err(|e| io_error(&manifest, e))?;
        Ok(report)
    }
}

impl Service {
    /// The `archive` job of `[schedule]`: the site rewritten where games
    /// changed; what it did, in one line for the tick's report.
    pub(crate) fn archive_job(&self) -> String {
        let site = &self.config.archive;
        let Some(dir) = &site.dir else {
            return "archive: no [archive] dir".into();
        };
        let lang = match site.page_lang() {
            Ok(lang) => lang,
            Err(e) => return format!("archive: {e}"),
        };
        match self.write_archive(
            dir,
            &ArchiveRun {
                all: site.all,
                lang,
            },
        ) {
            Ok(r) if r.failed.is_empty() => format!(
                "archive: {} pages written, {} unchanged",
                r.written, r.unchanged
            ),
            Ok(r) => format!(
                "archive: {} pages written, {} unchanged, games left out: {:?}",
                r.written, r.unchanged, r.failed
            ),
            Err(e) => format!("archive: failed: {e}"),
        }
    }
}
