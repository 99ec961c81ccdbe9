//! The tables: owns the bounded cache of loaded games; loads a game's table
//! (from the cache or its newest stored state), stores a table after a
//! change, and plays a seat's turn on a table, counting every line it plays.

use super::cache::TableCache;
use super::error::{Result, ServiceError};
use super::history;
use super::reading::{names_the_games_words, PlayedTurn};
use crate::engine::{PlayError, Played, Seat, Table, Text};
use crate::games;
use crate::store::{GameRow, Store};
use std::cell::{Cell, RefCell, RefMut};

/// Loaded games and the work of playing on them.
pub struct Tables {
    /// Loaded tables by game, with the history row they reflect (bounded).
    cache: RefCell<TableCache>,
    /// Command lines played on a table for a turn since the service opened
    /// (the reading of a mail's lines and the turn itself): what shows that
    /// a turn is played once.
    lines_played: Cell<u64>,
    /// Tables handed out since the service opened (each a copy, from the
    /// cache or the store): what shows that a move's table is passed
    /// along, not fetched again by id.
    loads: Cell<u64>,
}

impl Tables {
    /// Tables with a cache of at most `capacity` games.
    pub(crate) fn new(capacity: usize) -> Tables {
        Tables {
            cache: RefCell::new(TableCache::new(capacity)),
            lines_played: Cell::new(0),
            loads: Cell::new(0),
        }
    }

    /// The table of game `id` as of its last history row, with that row's
    /// number: from the cache, or loaded from its newest stored state (see
    /// `history::load`); `players` counts the game's seats on a miss.
    pub(crate) fn load(
        &self,
        store: &Store,
        id: i64,
        players: impl FnOnce() -> Result<usize>,
    ) -> Result<(i64, Box<dyn Table>)> {
        self.loads.set(self.loads.get() + 1);
        let count = store.move_count(id)?;
        if let Some(t) = self.cache(store).get(id, count) {
            return Ok((count, t));
        }
        let game = store.game(id)?;
        let loaded = history::load(store, &game, players()?)?;
        if !loaded.stored {
            store_state(store, &game, count, loaded.table.as_ref())?;
        }
        self.cache(store).put(id, count, loaded.table.clone_table());
        Ok((count, loaded.table))
    }

    /// Stores and caches `table` as game `id`'s state after its last history row.
    pub(crate) fn remember(&self, store: &Store, id: i64, table: &dyn Table) -> Result<()> {
        let count = store.move_count(id)?;
        store_state(store, &store.game(id)?, count, table)?;
        self.cache(store).put(id, count, table.clone_table());
        Ok(())
    }

    /// Forgets every cached table (after a rolled-back transaction, or a
    /// change made beside the tables: a drop, a seat taken over).
    pub fn forget(&self) {
        self.cache.borrow_mut().clear();
    }

    /// How many command lines were played on a table for a turn since the
    /// service opened.
    pub fn lines_played(&self) -> u64 {
        self.lines_played.get()
    }

    /// How many tables were handed out since the service opened.
    pub fn loads(&self) -> u64 {
        self.loads.get()
    }

    /// Counts `n` lines played on a table for a turn elsewhere (the reading
    /// of a mail's lines on a copy).
    pub(crate) fn count_lines(&self, n: u64) {
        self.lines_played.set(self.lines_played.get() + n);
    }

    /// Loads game `id` and plays `lines` on it as one turn of `seat`
    /// (`players` counts its seats if it must be loaded from the store).
    pub(crate) fn play_turn(
        &self,
        store: &Store,
        id: i64,
        seat: Seat,
        lines: Vec<String>,
        players: impl FnOnce() -> Result<usize>,
    ) -> Result<PlayedTurn> {
        let (count, mut table) = self.load(store, id, players)?;
        let before = table.to_act();
        let played = self.play_lines(id, table.as_mut(), seat, &lines)?;
        Ok(PlayedTurn {
            count,
            seat,
            before,
            lines,
            played,
            table,
        })
    }

    /// Plays `lines` as one turn of `seat` on `table` (game `id`), in order:
    /// what each played, or the first refused line with why and what would
    /// be legal (`table` then holds the lines before it).
    fn play_lines(
        &self,
        id: i64,
        table: &mut dyn Table,
        seat: Seat,
        lines: &[String],
    ) -> Result<Vec<Played>> {
        let mut played = Vec::new();
        // The seat's options before the line last played: a refused line
        // that was one of them waits for the choice that line asks first.
        let mut options_before: Vec<String> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let options = table.legal(seat);
            self.count_lines(1);
            match table.play(seat, line) {
                Ok(p) => {
                    played.push(p);
                    options_before = options;
                }
                Err(PlayError::Internal(e)) => return Err(ServiceError::Engine(id, e)),
                Err(e) => {
                    let earlier = i.checked_sub(1).and_then(|j| lines.get(j));
                    let (reason, suggestions) = match earlier {
                        Some(before) if was_an_option(line, before, &options_before) => {
                            follow_up_first(line, before, &options)
                        }
                        _ => refusal(&e, table, seat, line),
                    };
                    return Err(ServiceError::Refused {
                        line: i + 1,
                        command: line.clone(),
                        reason,
                        suggestions,
                    });
                }
            }
        }
        Ok(played)
    }

    /// The cache, emptied first if a transaction was rolled back since its
    /// last use.
    fn cache(&self, store: &Store) -> RefMut<'_, TableCache> {
        let mut cache = self.cache.borrow_mut();
        cache.forget_if_rolled_back(store.rollbacks());
        cache
    }
}

/// Stores a game's state after row `count`; a game's first stored state
/// records the engine version it starts under.
fn store_state(store: &Store, game: &GameRow, count: i64, table: &dyn Table) -> Result<()> {
    if count == 0 && store.game_engine(game.id)? == "unrecorded" {
        store.set_game_engine(game.id, &games::engine_version(&game.game))?;
    }
    history::store_state(store, game, count, table)?;
    Ok(())
}

/// Why a line was refused, in words, with the closest legal commands.
fn refusal(e: &PlayError, table: &dyn Table, seat: Seat, line: &str) -> (Text, Vec<String>) {
    let legal = table.legal(seat);
    let closest = || crate::engine::parse::closest(line, &legal, 5);
    match e {
        PlayError::Parse(p) => {
            // Only what the seat may play now is suggested: a game's guess
            // (`end`) that is not legal at this point is left out.
            let legal_only: Vec<String> = p
                .suggestions
                .iter()
                .filter(|s| legal.contains(s))
                .cloned()
                .collect();
            let s = if legal_only.is_empty() {
                closest()
            } else {
                legal_only
            };
            // The rules' own reason first; else that the action is not
            // possible now at all; else the reader's refusal.
            let why = table
                .why_illegal(seat, line)
                .or_else(|| not_now(table, seat, line))
                .unwrap_or_else(|| p.message.clone());
            (why, s)
        }
        // A command read whole that the rules refuse: the game's own reason
        // where it has one (Tawantinsuyu's refusal lists examples only).
        PlayError::Rule(r) => (
            table
                .why_illegal(seat, line)
                .unwrap_or_else(|| r.message.clone()),
            closest(),
        ),
        PlayError::NotYourTurn(_) => (
            Text::new(
                "It is not your turn to decide.",
                "지금은 당신이 결정할 차례가 아닙니다.",
            ),
            vec![],
        ),
        PlayError::Finished => (Text::new("The game is over.", "게임이 끝났습니다."), vec![]),
        PlayError::Internal(_) => (
            Text::new(
                "The game could not apply this move; the operator has been told.",
                "게임이 이 수를 적용하지 못했습니다. 운영자에게 알렸습니다.",
            ),
            vec![],
        ),
        PlayError::NotCanonical(_) => (
            Text::new(
                "That is not written exactly as a legal command.",
                "정확한 합법 명령의 형태가 아닙니다.",
            ),
            closest(),
        ),
    }
}

/// Whether `line` (not a repeat of the line `before` it) was one of the
/// seat's `options` before that line was played.
fn was_an_option(line: &str, before: &str, options: &[String]) -> bool {
    use crate::engine::parse::normalize;
    let wanted = normalize(line);
    wanted != normalize(before) && options.iter().any(|c| normalize(c) == wanted)
}

/// A line that was an option until the line before it was played, which
/// asks a choice first (a God card's weaving, a target): that choice, and
/// where to write it.
fn follow_up_first(line: &str, before: &str, now: &[String]) -> (Text, Vec<String>) {
    let some: Vec<&str> = now.iter().take(4).map(String::as_str).collect();
    let some = some.join(" | ");
    (
        Text::new(
            format!("'{before}' asks a choice first ({some}), so '{line}' has to wait. Write that choice on the line right after '{before}', then '{line}'."),
            format!("'{before}'에 이어 먼저 정할 것이 있어({some}) '{line}'은(는) 아직 둘 수 없습니다. 그 선택을 '{before}' 바로 다음 줄에 쓰고, 그다음에 '{line}'을(를) 쓰세요."),
        ),
        now.iter().take(5).cloned().collect(),
    )
}

/// For a line written with one of the game's words whose action the seat
/// has no legal command for now: that it is a real command, not possible
/// at this point, and what the seat is to do (the board's headline).
fn not_now(table: &dyn Table, seat: Seat, line: &str) -> Option<Text> {
    if !names_the_games_words(line, table.words()) {
        return None;
    }
    let first = crate::engine::parse::normalize(line)
        .split(' ')
        .next()
        .map(str::to_string)?;
    let legal = table.legal(seat);
    if legal
        .iter()
        .any(|c| c.split(' ').next() == Some(first.as_str()))
    {
        return None;
    }
    let headline = table.view(Some(seat)).headline;
    Some(Text::new(
        format!(
            "'{line}' is a command of this game, but no '{first} …' is possible for you at this point. Now: {}",
            headline.en
        ),
        format!(
            "'{line}'은(는) 이 게임의 명령이지만, 지금은 '{first} …' 명령을 둘 수 없습니다. 지금: {}",
            headline.ko
        ),
    ))
}
