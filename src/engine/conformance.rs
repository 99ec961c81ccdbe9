//! The conformance suite every registered game must pass: random legal play
//! of whole games with invariants, command round trips, garbage resistance,
//! strict replay equality, the stored form, moves that reveal saying so (and
//! a game's own reveal check agreeing with its hidden items), a game's
//! `is_legal` agreeing with its legal list both ways, and
//! hidden-information checks (views and events) after every move.

use super::{Played, Rng, Seat, SetupError, Table};

/// What a conformance run covered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub games: usize,
    pub moves: usize,
}

/// How thoroughly to check.
#[derive(Clone, Debug)]
pub struct Depth {
    /// Give up (and fail) when a game has not ended after this many decisions.
    pub max_moves: usize,
    /// Check round trips, garbage and hidden information every `every` moves
    /// (1 = after every move).
    pub every: usize,
    /// Fail a move that reveals (derived by `Typed`) when none of the game's
    /// own events says so. Undo is safe either way, since `Typed` marks the
    /// events itself; this keeps each game's event texts honest.
    pub events_say_reveals: bool,
}

impl Default for Depth {
    fn default() -> Depth {
        Depth {
            max_moves: 20_000,
            every: 1,
            events_say_reveals: true,
        }
    }
}

/// Plays one whole random game from `seed` and checks everything; `Err`
/// says which check failed, at which move, with the moves so far.
pub fn play_and_check(
    make: &dyn Fn(u64) -> Result<Box<dyn Table>, SetupError>,
    seed: u64,
    depth: &Depth,
) -> Result<usize, String> {
    let mut table = make(seed).map_err(|e| format!("setup failed: {e}"))?;
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut history: Vec<(Seat, String)> = Vec::new();
    let fail = |what: String, history: &Vec<(Seat, String)>| {
        let tail: Vec<String> = history
            .iter()
            .rev()
            .take(8)
            .rev()
            .map(|(s, c)| format!("{s}: {c}"))
            .collect();
        format!(
            "seed {seed}, after move {}: {what}\n  last moves: {}",
            history.len(),
            tail.join(" | ")
        )
    };
    loop {
        table
            .invariants()
            .map_err(|e| fail(format!("invariant broken: {e}"), &history))?;
        let to_act = table.to_act();
        if table.outcome().is_some() {
            if !to_act.is_empty() {
                return Err(fail(
                    format!("game over but {to_act:?} still to act"),
                    &history,
                ));
            }
            break;
        }
        if to_act.is_empty() {
            return Err(fail(
                "nobody can act, yet the game is not over".into(),
                &history,
            ));
        }
        if history.len() >= depth.max_moves {
            return Err(fail(
                format!("no end after {} moves", depth.max_moves),
                &history,
            ));
        }
        let thorough = history.len().is_multiple_of(depth.every.max(1));
        for &seat in &to_act {
            if table.legal(seat).is_empty() {
                return Err(fail(
                    format!("{seat} must act but has no legal command"),
                    &history,
                ));
            }
            if thorough {
                table
                    .check_round_trip(seat)
                    .map_err(|e| fail(e, &history))?;
            }
        }
        if thorough {
            check_is_legal(table.as_ref(), &to_act, &history).map_err(|e| fail(e, &history))?;
            check_garbage(table.as_ref(), &mut rng).map_err(|e| fail(e, &history))?;
            check_hidden(table.as_ref()).map_err(|e| fail(e, &history))?;
            check_stored_form(table.as_ref()).map_err(|e| fail(e, &history))?;
        }
        let before = thorough.then(|| table.clone_table());
        let (seat, played) = table
            .play_random(&mut rng)
            .ok_or_else(|| fail("a random legal command was refused".into(), &history))?;
        if let Some(before) = before {
            before
                .check_revealed(seat, &played.command)
                .map_err(|e| fail(e, &history))?;
        }
        check_move(table.as_ref(), seat, &played, depth).map_err(|e| fail(e, &history))?;
        history.push((seat, played.command));
    }
    check_stored_form(table.as_ref()).map_err(|e| fail(e, &history))?;
    // Replay from the seed and the canonical commands, read strictly: the
    // same state, bit for bit.
    let mut again = make(seed).map_err(|e| format!("setup failed on replay: {e}"))?;
    for (i, (seat, cmd)) in history.iter().enumerate() {
        again.play_exact(*seat, cmd).map_err(|e| {
            format!("seed {seed}: replay of move {i} '{cmd}' by {seat} refused: {e}")
        })?;
    }
    if again.digest() != table.digest() {
        return Err(format!(
            "seed {seed}: the replayed game differs from the played one"
        ));
    }
    Ok(history.len())
}

/// A move that drew on chance or uncovered something hidden says so in its
/// events, and no event tells a seat (or everyone) what is hidden from it.
fn check_move(
    after: &dyn Table,
    mover: Seat,
    played: &Played,
    depth: &Depth,
) -> Result<(), String> {
    if depth.events_say_reveals && played.reveals && !played.said_reveals {
        return Err(format!(
            "'{}' by {mover} drew on chance or uncovered something hidden, but none of its events says it reveals",
            played.command
        ));
    }
    for event in &played.events {
        for item in after.hidden_items(event.to) {
            if event.text.en.contains(&item) || event.text.ko.contains(&item) {
                return Err(format!(
                    "an event of '{}' told to {:?} carries hidden item {item:?}",
                    played.command, event.to
                ));
            }
        }
    }
    Ok(())
}

/// The state survives its stored form: written, read back and written
/// again, it is the same text with the same digest.
fn check_stored_form(table: &dyn Table) -> Result<(), String> {
    let stored = table.snapshot().map_err(|e| e.to_string())?;
    let back = table
        .restore(&stored.state)
        .map_err(|e| format!("the stored state does not read back: {e}"))?;
    let again = back.snapshot().map_err(|e| e.to_string())?;
    if again != stored {
        return Err("the stored state reads back as a different state".into());
    }
    Ok(())
}

/// Plays `seeds` whole games and checks each.
pub fn run(
    make: &dyn Fn(u64) -> Result<Box<dyn Table>, SetupError>,
    seeds: std::ops::Range<u64>,
    depth: &Depth,
) -> Result<Report, String> {
    let mut report = Report::default();
    for seed in seeds {
        report.moves += play_and_check(make, seed, depth)?;
        check_leaving(make, seed, depth)?;
        report.games += 1;
    }
    Ok(report)
}

/// A seat leaves mid-game and, where the game lets it go on, comes back
/// later: while away it is never asked, the game neither stalls nor breaks
/// an invariant, and once restored it plays on to the end.
pub fn check_leaving(
    make: &dyn Fn(u64) -> Result<Box<dyn Table>, SetupError>,
    seed: u64,
    depth: &Depth,
) -> Result<(), String> {
    let mut table = make(seed).map_err(|e| format!("setup failed: {e}"))?;
    let mut rng = Rng::new(seed ^ 0x1EA7E);
    let fail = |what: String| format!("seed {seed}, a seat leaving: {what}");
    // Leave after a few decisions, so that the game is under way.
    for _ in 0..(5 + seed % 20) {
        if table.play_random(&mut rng).is_none() {
            return Ok(());
        }
    }
    let Some(&leaver) = table.to_act().first() else {
        return Ok(());
    };
    if !table.drop_seat(leaver) {
        return Ok(()); // the service ends such a game with the standings
    }
    let mut moves = 0;
    let mut away = true;
    while table.outcome().is_none() {
        table
            .invariants()
            .map_err(|e| fail(format!("invariant broken: {e}")))?;
        if away && table.to_act().contains(&leaver) {
            return Err(fail(format!("{leaver} left but is asked to decide")));
        }
        if moves >= depth.max_moves {
            return Err(fail(format!("no end after {} moves", depth.max_moves)));
        }
        if away && moves == 40 {
            if !table.restore_seat(leaver) {
                return Err(fail(format!("{leaver} could not take its seat back")));
            }
            away = false;
            continue;
        }
        table
            .play_random(&mut rng)
            .ok_or_else(|| fail("nobody can act, yet the game is not over".into()))?;
        moves += 1;
    }
    if !table.to_act().is_empty() {
        return Err(fail("game over but seats still to act".into()));
    }
    Ok(())
}

/// Strings no game should take as a command.
fn garbage(rng: &mut Rng) -> Vec<String> {
    const PIECES: [&str; 12] = [
        "~",
        "@@",
        "#",
        "\u{0}",
        "\u{202e}",
        "ㅋㅋ",
        "99999999999999999999",
        "-1",
        ";;",
        "\t",
        "%s",
        "💥",
    ];
    let mut out = vec![
        String::new(),
        "~xyzzy plugh".to_string(),
        "~".repeat(5000),
        "~place 99 -3 ~".to_string(),
        "\u{feff}~ 🎲 ;".to_string(),
    ];
    let mut s = String::from("~");
    for _ in 0..12 {
        s.push_str(PIECES[rng.below(PIECES.len())]);
        if rng.below(3) == 0 {
            s.push(' ');
        }
    }
    out.push(s);
    out
}

/// The game's `is_legal` answers as its legal list, for every seat: each
/// legal command accepted, and well-formed commands outside the list (the
/// last moves played, other seats' legal commands) refused.
fn check_is_legal(
    table: &dyn Table,
    to_act: &[Seat],
    history: &[(Seat, String)],
) -> Result<(), String> {
    let mut others: Vec<String> = history
        .iter()
        .rev()
        .take(12)
        .map(|(_, c)| c.clone())
        .collect();
    for &seat in to_act {
        others.extend(table.legal(seat).into_iter().take(8));
    }
    for seat in (0..table.players()).map(Seat) {
        table.check_is_legal(seat, &others)?;
    }
    Ok(())
}

/// Garbage never panics and never changes the state, for any seat.
fn check_garbage(table: &dyn Table, rng: &mut Rng) -> Result<(), String> {
    let before = table.digest();
    for seat in (0..table.players()).map(Seat) {
        for g in garbage(rng) {
            let mut copy = table.clone_table();
            if copy.play(seat, &g).is_ok() {
                return Err(format!("garbage {g:?} was accepted for {seat}"));
            }
            if copy.digest() != before {
                return Err(format!("garbage {g:?} changed the state for {seat}"));
            }
        }
        // A seat that may not act is refused even a legal command of another.
        if !table.to_act().contains(&seat) {
            if let Some(other) = table.to_act().first() {
                if let Some(cmd) = table.legal(*other).first() {
                    let mut copy = table.clone_table();
                    if copy.play(seat, cmd).is_ok() {
                        return Err(format!("{seat} played '{cmd}' out of turn"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// No view shows what its viewer may not see.
fn check_hidden(table: &dyn Table) -> Result<(), String> {
    let viewers: Vec<Option<Seat>> = std::iter::once(None)
        .chain((0..table.players()).map(|s| Some(Seat(s))))
        .collect();
    for viewer in viewers {
        let hidden = table.hidden_items(viewer);
        if hidden.is_empty() {
            continue;
        }
        let json = serde_json::to_string(&table.view(viewer)).map_err(|e| e.to_string())?;
        for item in hidden {
            if json.contains(&item) {
                return Err(format!("the view of {viewer:?} shows hidden item {item:?}"));
            }
        }
    }
    Ok(())
}
