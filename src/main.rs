//! The `quipu` command: the daemon and the operator's tools, one binary.

use anyhow::{anyhow, bail, Context, Result};
use chrono::{DateTime, Utc};
use clap::{Parser, Subcommand};
use quipu::config::Config;
use quipu::engine::Options;
use quipu::games;
use quipu::mail::inbound;
use quipu::service::{self, export, NewGameRequest, Service, ServiceError};
use quipu::store::GameStatus;
use std::path::{Path, PathBuf};

/// Bot decisions one `quipu tick` plays at most (a solo game's bots answer
/// one after the other within it).
const TICK_BOT_TURNS: usize = 200;

mod arena;
mod operator_lists;
mod selfplay;

#[derive(Parser)]
#[command(
    name = "quipu",
    version,
    about = "A play-by-email service for slow board games"
)]
struct Cli {
    /// The SQLite database (default: the config's, or ./quipu.db).
    #[arg(long, global = true)]
    db: Option<PathBuf>,
    /// The configuration file (TOML); QUIPU_* environment variables override it.
    #[arg(long, global = true, env = "QUIPU_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the daemon: mail in, mail out, clock.
    Serve,
    /// Start a game; prints its number.
    New {
        game: String,
        /// Comma-separated addresses, in seat order.
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<String>,
        #[arg(long)]
        seed: Option<u64>,
        /// KEY=VALUE, game options and clock options (deadline, weekends, timeout, reminders).
        #[arg(long = "option")]
        options: Vec<String>,
    },
    /// Play a command (several separated by newlines or ';' make one turn).
    Move {
        game: i64,
        #[arg(long = "as")]
        email: String,
        command: String,
    },
    /// Every legal command for a player now.
    Legal {
        game: i64,
        #[arg(long = "as")]
        email: String,
    },
    /// The board, as a player (or a spectator) sees it.
    Show {
        game: i64,
        #[arg(long = "as")]
        email: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Every game.
    Games {
        #[arg(long)]
        json: bool,
    },
    /// The games quipu knows, with player counts and every option.
    Info { game: Option<String> },
    /// A game's complete record: json, text, or html (a self-contained
    /// replay page: the board at every position, public unless --as).
    Export {
        game: i64,
        #[arg(long, default_value = "json")]
        format: String,
        /// The language of the html page: en or ko.
        #[arg(long, default_value = "en")]
        lang: String,
        /// The html page as this player's seat saw it (its private part too).
        #[arg(long = "as")]
        email: Option<String>,
    },
    /// Writes a static site of every finished game into DIR: an index page
    /// and one replay page per game; a rerun rewrites only what changed.
    Archive {
        dir: PathBuf,
        /// Games in progress too, as they stand now.
        #[arg(long)]
        all: bool,
        /// The language of the pages: en or ko.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Replays an export; exit 0 only if it reaches the recorded final state.
    Replay { file: PathBuf },
    /// Random legal games, for testing and measuring an engine.
    Selfplay {
        #[arg(long)]
        game: String,
        #[arg(long)]
        players: Option<usize>,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option")]
        options: Vec<String>,
        /// Time each step of the engine contract and print where the time goes.
        #[arg(long)]
        profile: bool,
        /// The service path (a copy, events and the reveal check per move),
        /// the lean path of search (in place, no events), or both in turn.
        #[arg(long, value_enum, default_value_t = selfplay::Path::Both)]
        path: selfplay::Path,
    },
    /// The bots' strength: seat-rotated games between kinds of bot.
    Arena(arena::Args),
    /// What quipu reads from one mail.
    Inbound {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Handle one mail file as if it had arrived by IMAP.
    Receive { file: PathBuf },
    /// Check the configuration, the database and the mail servers.
    Doctor,
    /// Run the clock once, as if it were that time.
    Tick {
        #[arg(long)]
        at: Option<String>,
    },
    /// Offer a seat (held, or left by a dropped player) to a new player, who
    /// answers `join` or `decline` by mail; `--at-once` hands it over now.
    Seat {
        game: i64,
        #[arg(long)]
        replace: String,
        #[arg(long = "with")]
        with: String,
        #[arg(long)]
        at_once: bool,
    },
    /// A player's setting: language, timezone, quiet, digest, notify.
    Set {
        email: String,
        key: String,
        value: Vec<String>,
    },
    /// A player's vacation: FROM..TO (dates) or off.
    Vacation { email: String, spec: String },
    /// The outbox: mail waiting and sent.
    Outbox {
        #[arg(long)]
        json: bool,
    },
    /// Send what waits in the outbox once, then exit.
    Flush,
    /// A game's ratings, per pool, by public name; or `--rebuild` every
    /// pool from the finished games in the order they finished.
    Ratings {
        game: Option<String>,
        #[arg(long)]
        json: bool,
        #[arg(long)]
        rebuild: bool,
    },
    /// The tables opened by mail and waiting for players.
    Tables {
        #[arg(long)]
        json: bool,
    },
}

fn main() {
    // Die quietly when the reader of our output goes away (`quipu legal 4 | head`).
    // SAFETY: restoring the default action of a signal is async-signal-safe and done before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("quipu: {e:#}");
            std::process::exit(1);
        }
    }
}

fn load_config(cli: &Cli) -> Result<Config> {
    let mut config = Config::load(cli.config.as_deref())?;
    if let Some(db) = &cli.db {
        config.db = db.clone();
    }
    Ok(config)
}

/// A page language as the CLI takes it.
fn page_lang(lang: &str) -> Result<&'static str> {
    match lang {
        "en" => Ok("en"),
        "ko" => Ok("ko"),
        other => bail!("unknown language '{other}'; use en or ko"),
    }
}

fn parse_time(s: &str) -> Result<DateTime<Utc>> {
    Ok(DateTime::parse_from_rfc3339(s)
        .with_context(|| format!("'{s}' is not an RFC 3339 time"))?
        .with_timezone(&Utc))
}

fn run(cli: Cli) -> Result<i32> {
    let config = load_config(&cli)?;
    let now = Utc::now();
    match cli.command {
        Command::Serve => {
            service::logs::init();
            service::daemon::serve(config)?;
            Ok(0)
        }
        Command::New {
            game,
            players,
            seed,
            options,
        } => {
            let request = NewGameRequest {
                game,
                players,
                seed,
                options,
                invited_by: None,
            };
            println!("{}", Service::open(config)?.create_game(&request, now)?);
            Ok(0)
        }
        Command::Move {
            game,
            email,
            command,
        } => play(&Service::open(config)?, game, &email, &command, now),
        Command::Legal { game, email } => {
            for c in Service::open(config)?.legal(game, &email)? {
                println!("{c}");
            }
            Ok(0)
        }
        Command::Show { game, email, json } => {
            show(&Service::open(config)?, game, email.as_deref(), json)
        }
        Command::Games { json } => list_games(&Service::open(config)?, json),
        Command::Info { game } => info(game.as_deref()),
        Command::Export {
            game,
            format,
            lang,
            email,
        } => export_game(
            &Service::open(config)?,
            game,
            &format,
            &lang,
            email.as_deref(),
        ),
        Command::Archive { dir, all, lang } => archive(&Service::open(config)?, &dir, all, &lang),
        Command::Replay { file } => replay(&file),
        Command::Selfplay {
            game,
            players,
            games: count,
            seed,
            options,
            profile,
            path,
        } => selfplay(&game, players, count, seed, &options, (profile, path)),
        Command::Arena(args) => arena::run(&args),
        Command::Inbound { file, json } => read_mail_file(&config, &file, json),
        Command::Receive { file } => receive(&Service::open(config)?, &file, now),
        Command::Doctor => doctor(config),
        Command::Tick { at } => tick(config, at.as_deref(), now),
        Command::Seat {
            game,
            replace,
            with,
            at_once,
        } => hand_on_seat(&Service::open(config)?, game, &replace, &with, at_once, now),
        Command::Set { email, key, value } => {
            let setting = format!("{key} {}", value.join(" "));
            settled(Service::open(config)?.in_tx_setting(&email, &setting, now)?)
        }
        Command::Vacation { email, spec } => {
            settled(Service::open(config)?.in_tx_vacation(&email, &spec, now)?)
        }
        Command::Outbox { json } => list_outbox(&Service::open(config)?, json),
        Command::Ratings {
            game,
            json,
            rebuild,
        } => operator_lists::ratings(&Service::open(config)?, game.as_deref(), json, rebuild),
        Command::Tables { json } => operator_lists::tables(&Service::open(config)?, json, now),
        Command::Flush => {
            // The outbox's log lines (one per mail) go to stderr as in serve.
            service::logs::init();
            let sent = service::daemon::flush_once(&config)?;
            println!("sent {sent}");
            Ok(0)
        }
    }
}

/// `quipu tick`: the clock at `at` (default now), then the bot seats that are
/// to act, as `serve`'s bot loop plays them.
fn tick(config: Config, at: Option<&str>, now: DateTime<Utc>) -> Result<i32> {
    let at = at.map(parse_time).transpose()?.unwrap_or(now);
    let svc = Service::open(config)?;
    let mut report = svc.tick(at)?;
    let mut failed = Default::default();
    report.bot_turns = svc.play_bots(at, TICK_BOT_TURNS, &mut failed)?.turns;
    println!("{}", serde_json::to_string(&report)?);
    Ok(0)
}

/// `quipu export`: a game's record as json, text or an html replay page.
fn export_game(
    svc: &Service,
    game: i64,
    format: &str,
    lang: &str,
    email: Option<&str>,
) -> Result<i32> {
    match format {
        "json" => println!("{}", serde_json::to_string_pretty(&svc.export(game)?)?),
        "text" => print!("{}", svc.export_text(game)?),
        "html" => print!("{}", svc.export_replay(game, page_lang(lang)?, email)?),
        f => bail!("unknown format '{f}'; use json, text or html"),
    }
    Ok(0)
}

/// `quipu seat`: offers `replace`'s seat to `with`, or hands it over at once.
fn hand_on_seat(
    svc: &Service,
    game: i64,
    replace: &str,
    with: &str,
    at_once: bool,
    now: DateTime<Utc>,
) -> Result<i32> {
    if at_once {
        svc.replace_seat(game, replace, with, now)?;
        println!("{with} now holds the seat of {replace} in game {game}");
    } else {
        let seat = svc.offer_seat(game, replace, with, now)?;
        println!(
            "seat {} of game {game} (held by {replace}) is offered to {with}, who answers 'join' or 'decline' by mail",
            seat + 1
        );
    }
    Ok(0)
}

/// A player's setting or vacation, as the service answered it.
fn settled(answer: quipu::engine::Text) -> Result<i32> {
    println!("{}", answer.en);
    Ok(0)
}

/// `quipu receive`: one mail file handled as if it had arrived by IMAP.
fn receive(svc: &Service, file: &Path, now: DateTime<Utc>) -> Result<i32> {
    let raw = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let outcome = svc.handle_mail(&raw, now)?;
    println!("{}", serde_json::to_string(&outcome)?);
    Ok(0)
}

/// `quipu move`: one turn of commands (separated by newlines or ';').
fn play(svc: &Service, game: i64, email: &str, command: &str, now: DateTime<Utc>) -> Result<i32> {
    let lines: Vec<String> = command
        .split(['\n', ';'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    match svc.in_transaction_play(game, email, &lines, now) {
        Ok(applied) => {
            for c in applied.commands {
                println!("{c}");
            }
            Ok(0)
        }
        Err(ServiceError::Refused {
            line,
            command,
            reason,
            suggestions,
        }) => {
            eprintln!("line {line} '{command}' refused: {}", reason.en);
            if !suggestions.is_empty() {
                eprintln!("closest legal commands: {}", suggestions.join(" | "));
            }
            Ok(1)
        }
        Err(e) => {
            eprintln!("{e}");
            Ok(1)
        }
    }
}

/// `quipu show`: the board as a seat (or a spectator) sees it, or the lobby
/// of a game still forming.
fn show(svc: &Service, game: i64, email: Option<&str>, json: bool) -> Result<i32> {
    // A game still forming has no board yet: its lobby is what there is to show.
    let never_started = svc.store.seats(game)?.iter().all(|s| s.seat.is_none());
    if svc.game(game)?.status == GameStatus::Forming || never_started {
        let lobby = svc.lobby(game)?;
        if json {
            println!("{}", serde_json::to_string_pretty(&lobby)?);
        } else {
            print!("{}", lobby.text("en"));
        }
        return Ok(0);
    }
    let view = svc.view(game, email)?;
    if !json {
        print!("{}", quipu::render::view_text(&view, "en"));
        println!();
        return Ok(0);
    }
    let row = svc.game(game)?;
    let emails = svc.emails(game)?;
    let outcome = svc.outcome(game)?;
    let by_player = |values: Vec<serde_json::Value>| {
        emails
            .iter()
            .cloned()
            .zip(values)
            .collect::<serde_json::Map<_, _>>()
    };
    let scores = outcome
        .as_ref()
        .map(|o| by_player(o.scores.iter().map(|s| serde_json::json!(s)).collect()));
    let ranks = outcome
        .as_ref()
        .map(|o| by_player(o.ranks.iter().map(|r| serde_json::json!(r)).collect()));
    let out = serde_json::json!({
        "id": game,
        "game": row.game,
        "status": row.status,
        "players": emails,
        "to_act": svc.to_act(game)?,
        "finished": row.status == GameStatus::Finished,
        "scores": scores,
        "ranks": ranks,
        "deadline": svc.deadline_of(game)?.map(service::stamp),
        "history": svc.store.move_count(game)?,
        "view": view,
    });
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(0)
}

/// `quipu games`: every game with its players.
fn list_games(svc: &Service, json: bool) -> Result<i32> {
    let mut list = Vec::new();
    for g in svc.store.games()? {
        let players: Vec<String> = svc
            .store
            .seats(g.id)?
            .into_iter()
            .map(|s| s.email)
            .collect();
        list.push((g, players));
    }
    if json {
        let v: Vec<_> = list
            .iter()
            .map(|(g, p)| serde_json::json!({"id": g.id, "game": g.game, "status": g.status, "players": p, "created_at": g.created_at}))
            .collect();
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        for (g, p) in list {
            println!(
                "{:>5}  {:<13} {:<9} {}",
                g.id,
                g.game,
                g.status,
                p.join(", ")
            );
        }
    }
    Ok(0)
}

/// `quipu info`: the games (or one), their player counts and options.
fn info(game: Option<&str>) -> Result<i32> {
    for e in games::registry()
        .into_iter()
        .filter(|e| game.is_none_or(|g| e.name.eq_ignore_ascii_case(g)))
    {
        let info = (e.info)();
        println!(
            "{} — {} ({}-{} players)",
            info.name, info.title, info.min_players, info.max_players
        );
        for o in &info.options {
            let values = if o.values.is_empty() {
                "any".to_string()
            } else {
                o.values.join("|")
            };
            println!(
                "  --option {}={}  (default {}): {}",
                o.key,
                values,
                if o.default.is_empty() { "-" } else { o.default },
                o.help
            );
        }
        for v in &info.variants {
            println!(
                "  variant: {} ({}-{} players)",
                v.options, v.min_players, v.max_players
            );
        }
    }
    println!("Clock options for every game: deadline=72h|3d|none, weekends=on|off, timeout=wait|skip|bot|drop, reminders=24h,0h");
    Ok(0)
}

/// `quipu archive`: the static site of replay pages.
fn archive(svc: &Service, dir: &Path, all: bool, lang: &str) -> Result<i32> {
    let run = service::archive::ArchiveRun {
        all,
        lang: page_lang(lang)?,
    };
    let report = svc.write_archive(dir, &run)?;
    println!(
        "{}: {} pages written, {} unchanged",
        dir.display(),
        report.written,
        report.unchanged
    );
    for (id, reason) in &report.failed {
        eprintln!("game {id} left out: {reason}");
    }
    Ok(if report.failed.is_empty() { 0 } else { 1 })
}

/// `quipu replay`: whether an export replays to its recorded final state.
fn replay(file: &Path) -> Result<i32> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let e: export::Export = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a quipu export", file.display()))?;
    if export::replay(&e)? {
        println!(
            "ok: {} moves of {} #{} replay to the recorded state",
            e.moves.len(),
            e.game,
            e.id
        );
        Ok(0)
    } else {
        eprintln!(
            "the replay of {} #{} does not reach the recorded final state",
            e.game, e.id
        );
        Ok(1)
    }
}

/// `quipu inbound`: what the reader makes of one mail file.
fn read_mail_file(config: &Config, file: &Path, json: bool) -> Result<i32> {
    let raw = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let mail = inbound::read(&raw);
    let (local, domain) = config.address_parts();
    let token = inbound::plus_detail(&mail, &local, &domain).or_else(|| {
        mail.recipients.iter().find_map(|r| {
            r.split_once('@')
                .and_then(|(u, _)| u.split_once('+'))
                .map(|(_, t)| t.to_string())
        })
    });
    let mut v = serde_json::to_value(&mail)?;
    v["token"] = serde_json::json!(token);
    if json {
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!("from: {:?}\ntoken: {:?}\ncommands:", mail.from, token);
        for c in &mail.commands {
            println!("  {c}");
        }
    }
    Ok(0)
}

/// `quipu outbox`: mail waiting and sent.
fn list_outbox(svc: &Service, json: bool) -> Result<i32> {
    let rows = svc.store.outbox(None)?;
    if json {
        let v: Vec<_> = rows
            .iter()
            .map(|r| serde_json::json!({"id": r.id, "game": r.game_id, "to": r.recipient, "kind": r.kind, "message_id": r.message_id, "sent_at": r.sent_at, "handed_at": r.handed_at, "refused_at": r.refused_at, "attempts": r.attempts, "error": r.last_error}))
            .collect();
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        for r in rows {
            println!(
                "{:>6} {:<8} {:<30} {}",
                r.id,
                r.kind,
                r.recipient,
                r.sent_at.as_deref().unwrap_or("waiting")
            );
        }
    }
    Ok(0)
}

fn selfplay(
    name: &str,
    players: Option<usize>,
    count: usize,
    seed: u64,
    options: &[String],
    (profile, path): (bool, selfplay::Path),
) -> Result<i32> {
    let entry = games::find(name)
        .ok_or_else(|| anyhow!("no game '{name}'; the games are: {}", Service::game_names()))?;
    let info = (entry.info)();
    let options = Options::parse_pairs(options)?;
    let run = selfplay::Run {
        entry,
        players: players.unwrap_or(info.max_players),
        games: count,
        seed,
        options: &options,
        path,
    };
    if profile {
        selfplay::profile(&run)
    } else {
        selfplay::plain(&run)
    }
}

/// One doctor line for an active game: whether it loads, and whether its
/// recorded commands still replay under this engine to its stored state.
fn game_health(g: &service::history::GameHealth) -> (bool, String) {
    use service::history::Verdict;
    let name = format!("game {} ({}, started under {})", g.id, g.game, g.engine);
    match (&g.loads, &g.verdict) {
        (Err(why), _) => (false, format!("{name} does not load: {why}")),
        (Ok(()), Some(Verdict::Differs { engine })) => (
            false,
            format!("{name} loads from its stored state ({engine}); its recorded commands now replay to a different state under {}", games::engine_version(&g.game)),
        ),
        (Ok(()), Some(Verdict::NoLongerReplays { engine, reason })) => (
            false,
            format!("{name} loads from its stored state ({engine}); its recorded commands no longer replay under {}: {reason}", games::engine_version(&g.game)),
        ),
        (Ok(()), _) => (true, format!("{name} loads")),
    }
}

fn doctor(config: Config) -> Result<i32> {
    let mut problems = 0;
    let mut say = |ok: bool, what: String| {
        if ok {
            println!("ok       {what}");
        } else {
            problems += 1;
            println!("PROBLEM  {what}");
        }
    };
    say(
        config.address.contains('@'),
        format!("service address: {}", config.address),
    );
    say(
        !config.secret.is_empty(),
        if config.secret.is_empty() {
            "no secret configured (QUIPU_SECRET): a random one kept in the database is used; set one to keep reply addresses valid if the database is rebuilt".into()
        } else {
            "reply-token secret is set".into()
        },
    );
    match Service::open(config.clone()) {
        Ok(svc) => {
            let integrity = svc.store.integrity().unwrap_or_else(|e| e.to_string());
            say(
                integrity == "ok",
                format!(
                    "database {}: integrity {integrity}, schema {}",
                    config.db.display(),
                    svc.store.schema_version().unwrap_or(-1)
                ),
            );
            let unsent = svc.store.unsent_count().unwrap_or(-1);
            say(
                unsent < 100,
                format!("{unsent} mails waiting in the outbox"),
            );
            match svc.check_active_games(true) {
                Ok(games) => {
                    for g in games {
                        let (ok, what) = game_health(&g);
                        say(ok, what);
                    }
                }
                Err(e) => say(false, format!("active games cannot be listed: {e}")),
            }
        }
        Err(e) => say(false, format!("database {}: {e}", config.db.display())),
    }
    for e in games::registry() {
        say(true, format!("game {} ({})", e.name, (e.info)().title));
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let imap = rt.block_on(quipu::mail::imap::connect(&config.imap));
    say(
        imap.is_ok(),
        match &imap {
            Ok(_) => format!(
                "IMAP {}:{} login as {} and mailbox {}",
                config.imap.server.host,
                config.imap.server.port,
                config.imap.server.user,
                config.imap.mailbox
            ),
            Err(e) => format!(
                "IMAP {}:{}: {e}",
                config.imap.server.host, config.imap.server.port
            ),
        },
    );
    let (_, domain) = config.address_parts();
    // lettre's connection pool starts a task: the runtime must be entered.
    let _entered = rt.enter();
    let smtp = quipu::mail::smtp::Smtp::new(&config.smtp, &domain).map_err(|e| anyhow!(e));
    let smtp_ok = match smtp {
        Ok(s) => rt.block_on(s.check()),
        Err(e) => Err(e.to_string()),
    };
    say(
        smtp_ok.is_ok(),
        match &smtp_ok {
            Ok(()) => format!("SMTP {}:{} answers", config.smtp.host, config.smtp.port),
            Err(e) => format!("SMTP {}:{}: {e}", config.smtp.host, config.smtp.port),
        },
    );
    Ok(if problems == 0 { 0 } else { 1 })
}
