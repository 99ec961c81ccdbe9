//! quipu's configuration: a TOML file (see `config/quipu.example.toml`)
//! with environment variables on top, and built-in defaults beneath.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read the configuration file {0}: {1}")]
    Read(PathBuf, std::io::Error),
    #[error("the configuration file {0} is not valid: {1}")]
    Parse(PathBuf, toml::de::Error),
    #[error("environment variable {0}: {1}")]
    Env(&'static str, String),
    #[error(
        "[schedule] {0} = '{1}' is not a cron schedule (seconds first, e.g. '0 30 3 * * * *'): {2}"
    )]
    Schedule(&'static str, String, String),
    #[error("[archive] lang = '{0}' is not a language of the pages; use en or ko")]
    ArchiveLang(String),
}

/// How a mail connection is secured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tls {
    /// Plain text (loopback test servers only).
    #[default]
    None,
    /// Plain connection upgraded with STARTTLS.
    Starttls,
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
}

impl std::str::FromStr for Tls {
    type Err = String;
    fn from_str(s: &str) -> Result<Tls, String> {
        match s.to_ascii_lowercase().as_str() {
            "none" | "plain" => Ok(Tls::None),
            "starttls" => Ok(Tls::Starttls),
            "tls" | "ssl" => Ok(Tls::Tls),
            _ => Err(format!("'{s}' is not one of none, starttls, tls")),
        }
    }
}

/// One mail server connection (IMAP or SMTP).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct Server {
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: String,
    pub tls: Tls,
    /// Extra root certificate (PEM) to trust, e.g. a test server's own.
    pub ca_file: Option<PathBuf>,
    /// The name to check the server's certificate against (default: host).
    pub tls_name: Option<String>,
}

impl Default for Server {
    fn default() -> Server {
        Server {
            host: "127.0.0.1".into(),
            port: 0,
            user: String::new(),
            password: String::new(),
            tls: Tls::None,
            ca_file: None,
            tls_name: None,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct Imap {
    #[serde(flatten)]
    pub server: Server,
    pub mailbox: String,
    /// Where processed mail is moved (created if missing).
    pub processed: String,
    /// Use IDLE when the server offers it; otherwise poll.
    pub idle: bool,
    pub poll_seconds: u64,
}

impl Default for Imap {
    fn default() -> Imap {
        Imap {
            server: Server {
                port: 143,
                ..Server::default()
            },
            mailbox: "INBOX".into(),
            processed: "quipu/processed".into(),
            idle: true,
            poll_seconds: 30,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// Larger mails are recorded and not read.
    pub max_mail_bytes: usize,
    /// More command lines than this in one reply are refused.
    pub max_commands: usize,
    /// Mails read from one sender per hour before the rest are ignored.
    pub per_sender_per_hour: i64,
    /// Mails read per hour from one player in one game (the token's seat),
    /// before the rest are ignored; `per_sender_per_hour` counts all games.
    /// 120 is one reply every 30 s for an hour: no person reads a board and
    /// answers faster, and in a four-player game each seat decides about a
    /// quarter of the time.
    pub per_game_per_hour: i64,
    /// Answers (errors, help) sent to one sender per hour at most.
    pub answers_per_hour: i64,
    /// A command line longer than this (in characters) is refused before any matching.
    pub max_line_chars: usize,
    /// Answers to an address that holds no token (a stranger) per day at most.
    pub stranger_answers_per_day: i64,
    /// Game requests (each mails a confirmation) from one address per day.
    pub game_requests_per_day: i64,
    /// Invitations to an address that never joined a game, per week at most.
    pub invitations_per_week: i64,
    /// Invitations to addresses that never joined a game, per hour from the
    /// whole service: many requests from many addresses stop here.
    pub invitations_per_hour: i64,
    /// Answers to strangers (and game-request confirmations) per hour from
    /// the whole service: a flood from many forged addresses stops here.
    pub stranger_answers_per_hour: i64,
    /// Mails sent per hour by the whole service (rolling hour); past it,
    /// mail waits in the outbox in order and the operator is told once.
    pub mails_per_hour: i64,
    /// The most of `mails_per_hour` one game, or mail to one address, may
    /// use in an hour: one player's flood never holds back another game.
    /// 1000 is twice a fast real game: four players on `notify every`, each
    /// answering 30 s after their mail comes, make a decision every 30 s and
    /// about four mails each (the next turn mail, news to the three others),
    /// under 500 an hour (`tests/hostile_limits.rs`,
    /// `a_fast_four_player_game_under_the_default_limits_is_never_held`).
    pub mails_per_hour_share: i64,
    /// Games with a bot seat that one player may have forming or in play at
    /// once, made by mail: all bot seats are played on one thread, so one
    /// player's many solo games must not slow every other table's bots.
    pub bot_games_per_player: i64,
    /// Games kept loaded in memory (least recently used leave first).
    pub tables_cached: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_mail_bytes: 512 * 1024,
            max_commands: 60,
            per_sender_per_hour: 120,
            per_game_per_hour: 120,
            answers_per_hour: 20,
            max_line_chars: 300,
            stranger_answers_per_day: 1,
            game_requests_per_day: 3,
            invitations_per_week: 1,
            invitations_per_hour: 30,
            stranger_answers_per_hour: 30,
            mails_per_hour: 2000,
            mails_per_hour_share: 1000,
            bot_games_per_player: 3,
            tables_cached: 256,
        }
    }
}

/// The operator's schedule, in the `cron` crate's syntax (seconds first).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct Schedule {
    /// When to look for players whose daily digest is due (their own hour decides).
    pub digest: String,
    pub housekeeping: String,
    pub weekly_report: String,
    /// When to rewrite the archive site (`[archive] dir`; nothing without one).
    pub archive: String,
    /// The bodies of sent mail (the record stays; a seat's newest mail of a
    /// game not over keeps its body), and mail in the IMAP processed folder,
    /// older than this many days are pruned.
    pub keep_days: i64,
}

impl Schedule {
    /// The named jobs and their schedules, each checked.
    pub fn jobs(&self) -> Result<Vec<(&'static str, cron::Schedule)>, ConfigError> {
        [
            ("digest", &self.digest),
            ("housekeeping", &self.housekeeping),
            ("weekly_report", &self.weekly_report),
            ("archive", &self.archive),
        ]
        .into_iter()
        .map(|(name, spec)| {
            cron::Schedule::from_str(spec)
                .map(|s| (name, s))
                .map_err(|e| ConfigError::Schedule(name, spec.clone(), e.to_string()))
        })
        .collect()
    }
}

impl Default for Schedule {
    fn default() -> Schedule {
        Schedule {
            digest: "0 */15 * * * * *".into(),
            housekeeping: "0 30 3 * * * *".into(),
            weekly_report: "0 0 8 * * Mon *".into(),
            archive: "0 0 4 * * * *".into(),
            keep_days: 30,
        }
    }
}

/// Defaults for each new game's clock (a game's options override them).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct ClockDefaults {
    pub deadline: String,
    pub weekends: String,
    pub timeout: String,
    /// Reminder points before the deadline, e.g. ["24h", "0h"].
    pub reminders: Vec<String>,
    pub vacation_days: i64,
}

impl Default for ClockDefaults {
    fn default() -> ClockDefaults {
        ClockDefaults {
            deadline: "72h".into(),
            weekends: "on".into(),
            timeout: "wait".into(),
            reminders: vec!["24h".into(), "0h".into()],
            vacation_days: 21,
        }
    }
}

/// The public archive: the static site `quipu archive` writes and where
/// players find it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct ArchiveSite {
    /// The folder the `archive` job writes the site into; none: no job.
    pub dir: Option<PathBuf>,
    /// The address the site is served at (e.g. `https://example.org/games/`);
    /// when set, game-over mails link to the game's replay there.
    pub url: String,
    /// The pages' language: `en` or `ko`.
    pub lang: String,
    /// Games in progress too, as they stand at each run.
    pub all: bool,
}

impl ArchiveSite {
    /// The public address of game `id`'s replay, when the site has one.
    pub fn replay_url(&self, id: i64) -> Option<String> {
        let base = self.url.trim();
        if base.is_empty() {
            return None;
        }
        let slash = if base.ends_with('/') { "" } else { "/" };
        Some(format!("{base}{slash}game-{id}.html"))
    }

    /// The pages' language, checked.
    pub fn page_lang(&self) -> Result<&'static str, ConfigError> {
        match self.lang.as_str() {
            "" | "en" => Ok("en"),
            "ko" => Ok("ko"),
            other => Err(ConfigError::ArchiveLang(other.to_string())),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct Config {
    pub db: PathBuf,
    /// The service's own address; players reply to plus-addresses of it.
    pub address: String,
    /// The key of the reply tokens. Empty: a random key kept in the database.
    pub secret: String,
    /// Who receives the weekly report and `doctor` warnings.
    pub operator: Option<String>,
    /// The name mails are signed with.
    pub name: String,
    pub imap: Imap,
    pub smtp: Server,
    pub limits: Limits,
    pub schedule: Schedule,
    pub clock: ClockDefaults,
    pub archive: ArchiveSite,
    /// Which spellings of an address name one mailbox.
    pub addresses: crate::mail::address::AddressRules,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            db: PathBuf::from("./quipu.db"),
            address: "quipu@localhost".into(),
            secret: String::new(),
            operator: None,
            name: "quipu".into(),
            imap: Imap::default(),
            smtp: Server {
                port: 25,
                ..Server::default()
            },
            limits: Limits::default(),
            schedule: Schedule::default(),
            clock: ClockDefaults::default(),
            archive: ArchiveSite::default(),
            addresses: Default::default(),
        }
    }
}

impl Config {
    /// Reads `path` (if given) and applies the `QUIPU_*` environment variables.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let mut config = match path {
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .map_err(|e| ConfigError::Read(p.to_path_buf(), e))?;
                toml::from_str(&text).map_err(|e| ConfigError::Parse(p.to_path_buf(), e))?
            }
            None => Config::default(),
        };
        config.apply_env(|k| std::env::var(k).ok())?;
        config.schedule.jobs()?;
        config.archive.page_lang()?;
        Ok(config)
    }

    /// Applies overrides from an environment (a function for testability).
    pub fn apply_env(&mut self, env: impl Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        if let Some(v) = env("QUIPU_DB") {
            self.db = PathBuf::from(v);
        }
        if let Some(v) = env("QUIPU_ADDRESS") {
            self.address = v;
        }
        if let Some(v) = env("QUIPU_SECRET") {
            self.secret = v;
        }
        if let Some(v) = env("QUIPU_OPERATOR") {
            self.operator = Some(v);
        }
        apply_server(&mut self.imap.server, "IMAP", &env)?;
        apply_server(&mut self.smtp, "SMTP", &env)?;
        if let Some(v) = env("QUIPU_CA_FILE") {
            self.imap.server.ca_file = Some(PathBuf::from(&v));
            self.smtp.ca_file = Some(PathBuf::from(v));
        }
        Ok(())
    }

    /// The local part and domain of the service address.
    pub fn address_parts(&self) -> (String, String) {
        match self.address.rsplit_once('@') {
            Some((l, d)) => (l.to_lowercase(), d.to_lowercase()),
            None => (self.address.to_lowercase(), "localhost".into()),
        }
    }
}

fn apply_server(
    s: &mut Server,
    which: &'static str,
    env: &impl Fn(&str) -> Option<String>,
) -> Result<(), ConfigError> {
    let key = |k: &str| format!("QUIPU_{which}_{k}");
    if let Some(v) = env(&key("HOST")) {
        s.host = v;
    }
    if let Some(v) = env(&key("PORT")) {
        let name: &'static str = if which == "IMAP" {
            "QUIPU_IMAP_PORT"
        } else {
            "QUIPU_SMTP_PORT"
        };
        s.port = v
            .parse()
            .map_err(|_| ConfigError::Env(name, format!("'{v}' is not a port number")))?;
    }
    if let Some(v) = env(&key("USER")) {
        s.user = v;
    }
    if let Some(v) = env(&key("PASSWORD")) {
        s.password = v;
    }
    if let Some(v) = env(&key("TLS")) {
        let name: &'static str = if which == "IMAP" {
            "QUIPU_IMAP_TLS"
        } else {
            "QUIPU_SMTP_TLS"
        };
        s.tls = v.parse().map_err(|e| ConfigError::Env(name, e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_overrides_file_and_defaults() {
        let mut c: Config =
            toml::from_str("address = \"play@example.test\"\n[imap]\nport = 1143\n").unwrap();
        assert_eq!(c.imap.server.port, 1143);
        assert_eq!(c.imap.processed, "quipu/processed");
        c.apply_env(|k| match k {
            "QUIPU_SMTP_PORT" => Some("2525".into()),
            "QUIPU_IMAP_TLS" => Some("starttls".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(c.smtp.port, 2525);
        assert_eq!(c.imap.server.tls, Tls::Starttls);
        assert_eq!(c.address_parts(), ("play".into(), "example.test".into()));
        assert_eq!(Config::default().db, PathBuf::from("./quipu.db"));
        let bad = c.apply_env(|k| (k == "QUIPU_IMAP_PORT").then(|| "x".into()));
        assert!(bad.unwrap_err().to_string().contains("QUIPU_IMAP_PORT"));
    }
}
