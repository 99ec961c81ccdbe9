//! The example configuration is valid and spells out the defaults.

use quipu::config::Config;

#[test]
fn the_example_config_loads_and_matches_the_defaults() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config/quipu.example.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let c: Config = toml::from_str(&text).unwrap();
    let d = Config::default();
    assert_eq!(c.db, d.db);
    assert_eq!(c.address, d.address);
    assert_eq!(c.imap.server.port, d.imap.server.port);
    assert_eq!(c.imap.processed, "quipu/processed");
    assert_eq!(c.smtp.port, d.smtp.port);
    assert_eq!(c.limits.max_mail_bytes, d.limits.max_mail_bytes);
    assert_eq!(c.limits.mails_per_hour, d.limits.mails_per_hour);
    assert_eq!(c.limits.mails_per_hour, 2000);
    assert_eq!(c.schedule.weekly_report, d.schedule.weekly_report);
    assert_eq!(c.schedule.archive, d.schedule.archive);
    assert!(c
        .schedule
        .jobs()
        .unwrap()
        .iter()
        .any(|(name, _)| *name == "archive"));
    assert_eq!(c.archive.dir, d.archive.dir);
    assert_eq!(c.archive.url, d.archive.url);
    assert_eq!(c.archive.page_lang().unwrap(), "en");
    assert_eq!(c.archive.all, d.archive.all);
    assert_eq!(c.clock.reminders, d.clock.reminders);
    assert_eq!(c.clock.vacation_days, 21);
    assert_eq!(c.limits.invitations_per_hour, d.limits.invitations_per_hour);
    assert_eq!(c.addresses.plus_tags, d.addresses.plus_tags);
    assert_eq!(c.addresses.dotless_domains, d.addresses.dotless_domains);
}
