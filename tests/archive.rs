//! The archive: whole games of every game replayed in real headless
//! Chromium by the replay page's own controls, public replays holding no
//! hidden item of any seat at any position (and a seat's replay none of the
//! other seats'), the size budget of a long game, and `quipu archive`
//! writing a site and rewriting only what changed.

#[path = "support/browser.rs"]
mod browser;

use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use quipu::config::Config;
use quipu::engine::{Rng, Seat, Table};
use quipu::service::archive::{page_name, ArchiveRun};
use quipu::service::history::{self, effective, Step};
use quipu::service::{NewGameRequest, Service};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const PLAYERS: [&str; 3] = [
    "alice@example.test",
    "bob@example.test",
    "carol@example.test",
];

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-02T09:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quipu-archive-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn service(dir: &Path) -> Service {
    Service::open(Config {
        db: dir.join("quipu.db"),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    })
    .unwrap()
}

/// A whole game of `game` played by random legal moves to its end (at most
/// `limit` decisions); its number.
fn whole_game(s: &Service, game: &str, options: &[&str], players: usize, seed: u64) -> i64 {
    let id = s
        .create_game(
            &NewGameRequest {
                game: game.into(),
                players: PLAYERS[..players].iter().map(|p| p.to_string()).collect(),
                seed: Some(seed),
                options: options.iter().map(|o| o.to_string()).collect(),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let mut rng = Rng::new(seed);
    for k in 0..20_000 {
        let to_act = s.to_act(id).unwrap();
        let Some(who) = rng.pick(&to_act).cloned() else {
            break;
        };
        let legal = s.legal(id, &who).unwrap();
        let command = rng.pick(&legal).expect("a seat to act has a move").clone();
        s.in_transaction_play(id, &who, &[command], t0() + Duration::minutes(k))
            .unwrap();
    }
    assert_eq!(s.game(id).unwrap().status, "finished", "{game} ended");
    id
}

/// The games under test: name, options, players, seed.
const GAMES: [(&str, &[&str], usize, u64); 5] = [
    ("tzolkin", &[], 2, 3),
    ("tikal", &[], 2, 3),
    ("tawantinsuyu", &[], 2, 3),
    ("cuzco", &[], 2, 3),
    ("tta", &["mode=intro"], 2, 3),
];

/// One database holding a whole game of each of `GAMES`, made once for
/// every test here; each test opens its own service on it.
fn games_db() -> &'static (PathBuf, Vec<i64>) {
    static DB: OnceLock<(PathBuf, Vec<i64>)> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = temp("games");
        let s = service(&dir);
        let ids = GAMES
            .iter()
            .map(|(game, options, players, seed)| whole_game(&s, game, options, *players, *seed))
            .collect();
        (dir, ids)
    })
}

/// The tables of game `id` at every position the replay shows (the start,
/// then after each step that counts), replayed here from the stored rows.
fn tables_at(s: &Service, id: i64) -> Vec<Box<dyn Table>> {
    let game = s.game(id).unwrap();
    let players = s.seated(id).unwrap().len();
    let mut table = history::replay(&game, players, &[]).unwrap();
    let mut out = vec![table.clone_table()];
    for step in effective(&s.store.moves(id).unwrap()) {
        match step {
            Step::Play { seat, command, .. } => {
                table.play_exact(seat, &command).unwrap();
            }
            Step::Drop { seat, .. } => {
                table.drop_seat(seat);
            }
            Step::Return { seat, .. } => {
                table.restore_seat(seat);
            }
        }
        out.push(table.clone_table());
    }
    out
}

/// The data a replay page carries, unpacked as its script unpacks it.
fn page_data(html: &str) -> serde_json::Value {
    let b64 = html
        .split("<script type=\"application/gzip\" id=\"q-data\">")
        .nth(1)
        .and_then(|t| t.split("</script>").next())
        .expect("the page carries its data");
    let gz = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .unwrap();
    let mut json = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut json)
        .unwrap();
    serde_json::from_str(&json).unwrap()
}

/// Everything position `k` of a page shows: its view, picture and step.
fn shown_at(data: &serde_json::Value, k: usize) -> String {
    let p = &data["pos"][k];
    let pic = &data["pics"][p["p"].as_u64().unwrap() as usize];
    let mut out = pic[0].as_str().unwrap().to_string();
    for shape in pic[1].as_array().unwrap() {
        out.push_str(
            data["shapes"][shape.as_u64().unwrap() as usize]
                .as_str()
                .unwrap(),
        );
    }
    out.push_str(
        data["views"][p["v"].as_u64().unwrap() as usize]
            .as_str()
            .unwrap(),
    );
    out.push_str(p["s"].as_str().unwrap());
    out.push_str(p["w"].as_str().unwrap());
    out
}

fn escaped(item: &str) -> String {
    item.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Item by item, what `html` shows at each position that `viewer` may not see there.
fn leaks(html: &str, tables: &[Box<dyn Table>], viewer: Option<Seat>) -> Vec<String> {
    let data = page_data(html);
    assert_eq!(data["pos"].as_array().unwrap().len(), tables.len());
    let mut found = Vec::new();
    for (k, table) in tables.iter().enumerate() {
        let shown = shown_at(&data, k);
        for item in table.hidden_items(viewer) {
            if shown.contains(&item) || shown.contains(&escaped(&item)) {
                found.push(format!("position {k}: {item}"));
            }
        }
    }
    found
}

#[test]
fn replays_show_no_hidden_item_at_any_position() {
    let (dir, ids) = games_db();
    let s = service(dir);
    for ((game, _, players, _), &id) in GAMES.iter().zip(ids) {
        let players = *players;
        let tables = tables_at(&s, id);
        let hidden: usize = tables.iter().map(|t| t.hidden_items(None).len()).sum();
        assert!(hidden > 0, "{game}: something is hidden somewhere");
        for lang in ["en", "ko"] {
            let public = s.export_replay(id, lang, None).unwrap();
            let found = leaks(&public, &tables, None);
            assert!(found.is_empty(), "{game} public {lang}: {found:?}");
        }
        for (i, player) in PLAYERS[..players].iter().enumerate() {
            let own = s.export_replay(id, "en", Some(player)).unwrap();
            let found = leaks(&own, &tables, Some(Seat(i)));
            assert!(found.is_empty(), "{game} as seat {i}: {found:?}");
        }
    }
}

#[test]
fn a_long_game_stays_within_the_size_budget() {
    // The README's budget: a whole game's replay page at most 5 MB.
    const BUDGET: usize = 5_000_000;
    let dir = temp("budget");
    let s = service(&dir);
    for (options, seed) in [(&["mode=intro"][..], 11), (&[][..], 11)] {
        let id = whole_game(&s, "tta", options, 2, seed);
        let positions = s.replay_record(id, None).unwrap().positions.len();
        let html = s.export_replay(id, "ko", Some(PLAYERS[0])).unwrap();
        println!(
            "tta {options:?}: {positions} positions, page {} bytes ({} per position)",
            html.len(),
            html.len() / positions
        );
        assert!(positions > 50, "a whole game");
        assert!(html.len() <= BUDGET, "{} bytes", html.len());
        // Well within the budget per decision, so 1,000+ decisions fit too.
        assert!(
            html.len() / positions <= BUDGET / 2_000,
            "{} bytes a position",
            html.len() / positions
        );
    }
}

/// Collects script errors from the first moment (goes right after `<head>`).
const ERRORS: &str = "<script>window.qErrors=[];addEventListener('error',function(e){qErrors.push(String(e.message))});addEventListener('unhandledrejection',function(e){qErrors.push('rejected: '+e.reason)});</script>";

/// Steps through the whole game by the page's own buttons and keys, and
/// writes what it saw at each step into `<pre id="q-result">`.
const STEPPER: &str = r#"<script>
(async function () {
  var $ = function (id) { return document.getElementById(id); };
  var sleep = function (ms) { return new Promise(function (r) { setTimeout(r, ms); }); };
  for (var t = 0; t < 500 && !document.querySelector('#q-pic svg'); t++) await sleep(10);
  var out = { steps: [], keys: [], errors: null };
  var total = Number($('q-range').max);
  $('q-first').click();
  for (var k = 0; k <= total; k++) {
    if (k > 0) $('q-fwd').click();
    var svg = document.querySelector('#q-pic svg'), box = null;
    try { box = svg.getBBox(); } catch (e) { }
    var cur = document.querySelectorAll('#q-moves .q-cur');
    out.steps.push({ n: Number($('q-n').textContent), who: $('q-who').textContent,
      drawn: !!(box && box.width > 0 && box.height > 0 && svg.childElementCount > 1),
      listed: cur.length === 1 && cur[0] === $('q-moves').children[k],
      view: $('q-view').textContent.length > 0 });
  }
  var key = function (name) { document.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })); return Number($('q-n').textContent); };
  out.keys.push(key('Home'), key('ArrowRight'), key('ArrowRight'), key('ArrowLeft'), key('End'), key('ArrowLeft'));
  $('q-back').click(); out.keys.push(Number($('q-n').textContent));
  $('q-last').click(); out.keys.push(Number($('q-n').textContent));
  location.hash = '#move=1';
  for (var t = 0; t < 300 && $('q-n').textContent !== '1'; t++) await sleep(10);
  out.keys.push(Number($('q-n').textContent));
  $('q-range').value = 2; $('q-range').dispatchEvent(new Event('input')); out.keys.push(Number($('q-n').textContent));
  $('q-first').click(); $('q-speed').value = '20'; $('q-play').click(); await sleep(300); $('q-play').click();
  out.keys.push(Number($('q-n').textContent));
  out.errors = window.qErrors;
  var pre = document.createElement('pre'); pre.id = 'q-result'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>"#;

/// `page` in a window `width` × `height`: its DOM, or with `shot` a screenshot.
fn chromium(page: &Path, width: u32, height: u32, shot: Option<&Path>) -> String {
    browser::chromium(page, (width, height), 60000, shot)
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

#[derive(serde::Deserialize)]
struct Stepped {
    steps: Vec<Step1>,
    keys: Vec<usize>,
    errors: Vec<String>,
}

#[derive(serde::Deserialize)]
struct Step1 {
    n: usize,
    who: String,
    drawn: bool,
    listed: bool,
    view: bool,
}

/// A frame `width` px wide around `page` at `fragment`, whose title becomes
/// the page's widths once its board is drawn (Chromium will not make a
/// window narrower than 500 px).
fn frame(page: &Path, fragment: &str, width: u32, height: u32) -> PathBuf {
    let name = page.file_name().unwrap().to_str().unwrap();
    let html = format!(
        "<!DOCTYPE html><html><head><title>none</title></head><body style=\"margin:0\">\
<iframe src=\"{name}{fragment}\" width=\"{width}\" height=\"{height}\" style=\"border:0;display:block\"></iframe>\
<script>addEventListener('message',function(e){{document.title='M'+e.data}});</script></body></html>"
    );
    let path = page.with_file_name(format!("frame-{width}-{name}"));
    std::fs::write(&path, html).unwrap();
    path
}

const MEASURE: &str = "<script>(async function(){for(var t=0;t<500&&!document.querySelector('#q-pic svg');t++)await new Promise(function(r){setTimeout(r,10)});var d=document.documentElement;parent.postMessage(JSON.stringify([innerWidth,d.scrollWidth,d.scrollHeight]),'*')})();</script>";

#[test]
fn every_game_steps_through_in_a_real_browser() {
    let (dir, ids) = games_db();
    let s = service(dir);
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screens");
    std::fs::create_dir_all(&out).unwrap();
    let work = temp("browser");
    let mut failures = Vec::new();
    for ((game, ..), &id) in GAMES.iter().zip(ids) {
        for lang in ["en", "ko"] {
            let replay = s.replay_record(id, None).unwrap();
            let html = s.export_replay(id, lang, None).unwrap();
            let nobody = if lang == "ko" { "없음" } else { "nobody" };
            let tested = html
                .replacen("<head>", &format!("<head>{ERRORS}"), 1)
                .replacen("</body>", &format!("{STEPPER}</body>"), 1);
            let page = work.join(format!("{game}-{lang}.html"));
            std::fs::write(&page, &tested).unwrap();
            let started = std::time::Instant::now();
            let dom = chromium(&page, 1280, 900, None);
            println!(
                "{game} {lang}: {} positions stepped in {:?}, page {} bytes",
                replay.positions.len(),
                started.elapsed(),
                html.len()
            );
            let result = dom
                .split("<pre id=\"q-result\">")
                .nth(1)
                .and_then(|r| r.split("</pre>").next())
                .unwrap_or_else(|| panic!("{game} {lang}: no result in {:.300}", dom));
            let seen: Stepped = serde_json::from_str(&unescape(result)).unwrap();
            assert_eq!(seen.steps.len(), replay.positions.len(), "{game} {lang}");
            for (k, (step, position)) in seen.steps.iter().zip(&replay.positions).enumerate() {
                let who = match position.to_act.get(lang) {
                    "" => nobody,
                    w => w,
                };
                if step.n != k || step.who != who || !step.drawn || !step.listed || !step.view {
                    failures.push(format!(
                        "{game} {lang} position {k}: {}",
                        serde_json::json!({
                        "n": step.n, "who": step.who, "expected": who, "drawn": step.drawn,
                        "listed": step.listed, "view": step.view})
                    ));
                }
            }
            let last = replay.positions.len() - 1;
            assert_eq!(
                seen.keys[..10],
                [0, 1, 2, 1, last, last - 1, last - 2, last, 1, 2],
                "{game} {lang}: keys, buttons, fragment and slider"
            );
            assert!(seen.keys[10] > 0, "{game} {lang}: playing moves on");
            assert!(seen.errors.is_empty(), "{game} {lang}: {:?}", seen.errors);
        }
        // One position mid-game, at a phone's and a desktop's width.
        let html = s.export_replay(id, "en", None).unwrap();
        let page = work.join(format!("{game}-shown.html"));
        std::fs::write(
            &page,
            html.replacen("</body>", &format!("{MEASURE}</body>"), 1),
        )
        .unwrap();
        let mid = format!(
            "#move={}",
            s.replay_record(id, None).unwrap().positions.len() / 2
        );
        for width in [390, 1280] {
            let dom = chromium(&frame(&page, &mid, width, 900), width, 900, None);
            let m: Vec<u32> = dom
                .split("<title>M")
                .nth(1)
                .and_then(|t| t.split("</title>").next())
                .map(|t| serde_json::from_str(&unescape(t)).unwrap())
                .unwrap_or_else(|| panic!("{game} at {width}: no measurement"));
            if m[0] != width || m[1] > m[0] {
                failures.push(format!(
                    "{game} at {width}: scroll width {} in {}",
                    m[1], m[0]
                ));
            }
            let height = m[2].clamp(400, 4000);
            let shot = out.join(format!("replay-{game}-{width}.png"));
            chromium(
                &frame(&page, &mid, width, height),
                width,
                height,
                Some(&shot),
            );
            assert!(shot.exists(), "{}", shot.display());
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_archive_site_is_rewritten_only_where_a_game_changed() {
    let dir = temp("site");
    let mut config = Config {
        db: dir.join("quipu.db"),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    };
    config.archive.url = "https://games.example.test/archive".into();
    let s = Service::open(config).unwrap();
    let done = whole_game(&s, "tikal", &[], 2, 5);
    // The game-over mail links to the replay.
    let link = format!("https://games.example.test/archive/game-{done}.html");
    let over: Vec<String> = s
        .store
        .outbox(Some(done))
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == "over")
        .map(|m| {
            mail_parser::MessageParser::default()
                .parse(&m.raw)
                .unwrap()
                .body_text(0)
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(over.len(), 2);
    assert!(over.iter().all(|t| t.contains(&link)), "{over:?}");
    // A game in progress, a few moves in.
    let running = s
        .create_game(
            &NewGameRequest {
                game: "cuzco".into(),
                players: PLAYERS[..2].iter().map(|p| p.to_string()).collect(),
                seed: Some(9),
                ..Default::default()
            },
            t0(),
        )
        .unwrap();
    let play_one = |k: i64| {
        let who = s.to_act(running).unwrap()[0].clone();
        let command = s.legal(running, &who).unwrap()[0].clone();
        s.in_transaction_play(running, &who, &[command], t0() + Duration::minutes(k))
            .unwrap();
    };
    for k in 0..4 {
        play_one(k);
    }
    let site = dir.join("site");
    let all = ArchiveRun {
        all: true,
        lang: "ko",
    };
    let finished_only = ArchiveRun {
        all: false,
        lang: "ko",
    };

    let first = s.write_archive(&site, &finished_only).unwrap();
    assert_eq!((first.written, first.unchanged), (1, 0));
    assert!(
        !site.join(page_name(running)).exists(),
        "a running game waits for --all"
    );
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        index.contains(&page_name(done)) && index.contains("티칼"),
        "{index:.400}"
    );
    assert!(
        !index.contains("@example.test"),
        "no addresses on a public page"
    );

    let second = s.write_archive(&site, &all).unwrap();
    assert_eq!((second.written, second.unchanged), (1, 1));
    let page = site.join(page_name(running));
    let before = std::fs::read_to_string(&page).unwrap();
    assert!(before.contains("#move=4\"") && !before.contains("#move=5\""));

    let third = s.write_archive(&site, &all).unwrap();
    assert_eq!((third.written, third.unchanged), (0, 2));

    play_one(10);
    let fourth = s.write_archive(&site, &all).unwrap();
    assert_eq!((fourth.written, fourth.unchanged), (1, 1));
    let after = std::fs::read_to_string(&page).unwrap();
    assert!(after.contains("#move=5\""), "the new move is in the replay");
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        index.contains("진행 중"),
        "the running game is listed as such"
    );
}

#[test]
fn the_schedules_archive_job_writes_the_site() {
    let dir = temp("job");
    let mut config = Config {
        db: dir.join("quipu.db"),
        address: "quipu@example.test".into(),
        secret: "test-secret".into(),
        ..Config::default()
    };
    config.archive.dir = Some(dir.join("site"));
    config.schedule.archive = "0 0 4 * * * *".into();
    let s = Service::open(config).unwrap();
    let id = whole_game(&s, "tikal", &[], 2, 8);
    let at = |t: &str| DateTime::parse_from_rfc3339(t).unwrap().with_timezone(&Utc);
    let before = s.tick(at("2026-11-03T03:59:00Z")).unwrap();
    assert!(!before.jobs.iter().any(|j| j.starts_with("archive")));
    let report = s.tick(at("2026-11-03T04:01:00Z")).unwrap();
    assert!(
        report
            .jobs
            .iter()
            .any(|j| j == "archive: 1 pages written, 0 unchanged"),
        "{:?}",
        report.jobs
    );
    assert!(dir.join("site").join(page_name(id)).exists());
    assert!(dir.join("site/index.html").exists());
}

/// The `<li>` items of a replay page's move list.
fn move_items(html: &str) -> Vec<&str> {
    html.split("<li><a href=\"#move=")
        .skip(1)
        .filter_map(|s| s.split("</a></li>").next())
        .collect()
}

/// The replay pages' words: a line per event (never joined with ".;"),
/// each player named once by their seat name (never "seat 2 bob: Blue
/// …"), in the page's language (no English seat words on a Korean page);
/// the index's every cell a link to its game.
#[test]
fn replay_and_archive_pages_speak_the_pages_language_a_line_per_event() {
    let (dir, ids) = games_db();
    let s = service(dir);
    for (&id, (game, ..)) in ids.iter().zip(GAMES.iter()) {
        for lang in ["en", "ko"] {
            let html = s.export_replay(id, lang, None).unwrap();
            let items = move_items(&html);
            assert!(items.len() > 10, "{game} {lang}: {} steps", items.len());
            for item in &items {
                assert!(!item.contains(".;"), "{game} {lang}: {item}");
                assert!(!item.contains("seat 1 alice"), "{game} {lang}: {item}");
                // A player is named once at the head of a step: not by
                // "who:" and again by the event's own subject.
                if let Some((who, what)) = item.split_once("): ") {
                    let seat = who
                        .split(" (")
                        .next()
                        .unwrap_or(who)
                        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '>' || c == '"');
                    assert!(!what.starts_with(seat), "{game} {lang}: {item}");
                }
            }
            let facts = html.split("<dl class=\"q-meta\">").nth(1).unwrap_or("");
            let facts = facts.split("</dl>").next().unwrap_or("");
            assert!(
                facts.contains("(alice)") && facts.contains("(bob)"),
                "{facts}"
            );
            // Options in words, in the page's language; never `mode=intro`.
            if *game == "tta" {
                let mode = match lang {
                    "en" => "Game: the introductory game",
                    _ => "게임: 입문 게임",
                };
                assert!(facts.contains(mode), "{lang}: {facts}");
                assert!(!facts.contains("mode="), "{lang}: {facts}");
            }
            if lang == "ko" {
                assert!(!facts.contains("seat "), "{game}: {facts}");
                assert!(
                    !items.iter().any(|i| i.contains("seat ")),
                    "{game}: English seat words on a Korean page"
                );
            }
        }
    }
    let site = dir.join("site-words");
    let run = ArchiveRun {
        all: false,
        lang: "ko",
    };
    s.write_archive(&site, &run).unwrap();
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    let body = index.split("<tbody>").nth(1).unwrap();
    let rows: Vec<&str> = body.split("<tr ").skip(1).collect();
    assert_eq!(rows.len(), ids.len());
    for (row, &id) in rows.iter().zip(ids) {
        let cells: Vec<&str> = row.split("<td ").skip(1).collect();
        assert_eq!(cells.len(), 7, "{row}");
        for cell in cells {
            assert!(
                cell.contains(&format!("<a href=\"{}\">", page_name(id))),
                "every cell links to game {id}: {cell}"
            );
        }
    }
}
