//! Every game's turn mail, as the service writes it, opened in real headless
//! Chromium at a phone's 390 px and a desktop's 1,280 px, in English and in
//! Korean: nothing may scroll sideways and the board picture must decode.
//! Screenshots go to `target/screens/` for a person to look at, one line
//! per mail gives its size and its height at each width, and
//! `target/screens/sizes.md` has them as a table.
//!
//! Headless Chromium will not make a window narrower than 500 px, so each
//! mail is shown in an iframe of the width under test; a script added to the
//! copy (mails themselves carry none) reports the frame's measurements.

#[path = "support/browser.rs"]
mod browser;
#[path = "support/driving.rs"]
mod driving;

use driving::now;
use mail_parser::{MessageParser, MimeHeaders, PartType};
use std::path::{Path, PathBuf};

const WIDTHS: [u32; 2] = [390, 1280];

/// What one mail measured in one frame width.
#[derive(Debug, serde::Deserialize)]
struct Measure {
    /// The frame's viewport width and its document's scroll width.
    vw: u32,
    sw: u32,
    sh: u32,
    /// Images in the page and how many of them decoded.
    images: u32,
    decoded: u32,
    /// Where the folded reference tables begin (the page's height without
    /// them), or the scroll height when the mail has none.
    main: u32,
}

/// The tallest a turn mail may be at 390 px, reference tables excluded.
const PHONE_HEIGHT_BUDGET: u32 = 3000;

/// Through the Ages' full game carries more to decide on than any other
/// mail: the private military hand with its cards' effects and the
/// political moves, about 250 px at 390 px on top of the civil game's.
const FULL_GAME_BUDGET: u32 = 3300;

fn height_budget(mail: &str) -> u32 {
    match mail {
        "tta-full" | "tta-defence" => FULL_GAME_BUDGET,
        _ => PHONE_HEIGHT_BUDGET,
    }
}

/// Games whose mails are not yet held to the height budget, and why.
const HEIGHT_EXEMPT: &[&str] = &[];

/// A game of `game` in `lang` after some deterministic moves; returns the
/// longest turn mail written on the way (the one a phone shows tallest).
/// `tta-defence` instead plays the full game, attacking whenever it can,
/// until a seat is asked to defend, and returns the mail that asks it.
fn turn_mail(game: &str, lang: &str, dir: &Path) -> Vec<u8> {
    let s = driving::service(dir);
    // Through the Ages three times: the introductory game, the full game far
    // enough on for its political phase, military hands and events, and the
    // mail of a seat attacked in the full game.
    let (name, options, steps): (&str, &[&str], usize) = match game {
        "tta" => ("tta", &["mode=intro"], 24),
        "tta-full" => ("tta", &["mode=full", "resign=off"], 120),
        "tta-defence" => ("tta", &["mode=full", "resign=off"], 2000),
        _ => (game, &[], 24),
    };
    let id = driving::start(&s, name, lang, 5, options);
    let defence = game == "tta-defence";
    let mut asked = false;
    driving::drive(&s, id, steps, |_, who, legal, pick| {
        if defence && legal.iter().any(|m| m.starts_with("defend ")) {
            asked = true;
            return false;
        }
        let attack = legal.iter().find(|m| defence && m.starts_with("attack "));
        attack
            .map(String::as_str)
            .or(pick)
            .is_some_and(|m| s.play(id, who, &[m.to_string()], "cli", now()).is_ok())
    });
    assert!(!defence || asked, "no seat was asked to defend");
    let mut turns = s
        .store
        .outbox(None)
        .expect("outbox")
        .into_iter()
        .filter(|r| r.kind == "turn");
    let mail = if defence {
        turns.next_back()
    } else {
        turns.max_by_key(|r| r.raw.len())
    };
    mail.map(|r| r.raw).expect("a turn mail")
}

/// The mail's HTML with its picture written beside it and linked as a file,
/// plus the measuring script; returns (page path, HTML bytes, PNG bytes).
fn page_of(raw: &[u8], out: &Path, name: &str) -> (PathBuf, usize, usize) {
    let msg = MessageParser::default().parse(raw).expect("mail parses");
    let mut html = msg.body_html(0).expect("an HTML part").to_string();
    let html_bytes = html.len();
    let mut png_bytes = 0;
    for part in &msg.parts {
        if let (Some(cid), PartType::Binary(b) | PartType::InlineBinary(b)) =
            (part.content_id(), &part.body)
        {
            let file = format!("{name}.png");
            std::fs::write(out.join(&file), b.as_ref()).expect("png written");
            html = html.replace(&format!("cid:{cid}"), &file);
            png_bytes += b.len();
        }
    }
    let script = r#"<script>addEventListener('load',()=>{const d=document.documentElement;const im=[...document.images];parent.postMessage(JSON.stringify({vw:innerWidth,sw:d.scrollWidth,sh:d.scrollHeight,images:im.length,decoded:im.filter(i=>i.complete&&i.naturalWidth>0).length,main:(()=>{const r=document.querySelector('.q-ref');return r?Math.round(r.getBoundingClientRect().top+scrollY):d.scrollHeight})()}),'*')});</script>"#;
    html = html.replace("</body>", &format!("{script}</body>"));
    let path = out.join(format!("{name}.html"));
    std::fs::write(&path, html).expect("page written");
    (path, html_bytes, png_bytes)
}

/// `page` in a window `width` × `height`: its DOM, or with `shot` a screenshot.
fn chromium(page: &Path, width: u32, height: u32, shot: Option<&Path>) -> String {
    browser::chromium(page, (width, height), 4000, shot)
}

/// A page holding `page` in an iframe `width` × `height`, whose title
/// becomes the frame's measurements.
fn frame_for(page: &Path, width: u32, height: u32) -> PathBuf {
    let name = page.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let html = format!(
        "<!DOCTYPE html><html><head><title>none</title></head><body style=\"margin:0\">\
<iframe src=\"{name}\" width=\"{width}\" height=\"{height}\" style=\"border:0;display:block\"></iframe>\
<script>addEventListener('message',e=>{{document.title='M'+e.data}});</script></body></html>"
    );
    let path = page.with_file_name(format!("frame-{width}-{name}"));
    std::fs::write(&path, html).expect("frame written");
    path
}

fn measure(page: &Path, width: u32) -> Measure {
    let dom = chromium(&frame_for(page, width, 900), width, 900, None);
    let title = dom
        .split("<title>M")
        .nth(1)
        .and_then(|t| t.split("</title>").next())
        .unwrap_or_else(|| panic!("no measurement for {}: {dom:.300}", page.display()));
    serde_json::from_str(&title.replace("&quot;", "\"")).expect("measurement JSON")
}

#[test]
fn every_turn_mail_fits_a_phone_and_a_desktop_in_both_languages() {
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screens");
    std::fs::create_dir_all(&out).expect("screens folder");
    let mut failures = Vec::new();
    let mut table = vec![
        "| mail | bytes | picture KB | 390 px tall (without reference) | 1,280 px tall (without reference) |".to_string(),
        "|---|---:|---:|---:|---:|".to_string(),
    ];
    for game in [
        "tzolkin",
        "tikal",
        "cuzco",
        "tawantinsuyu",
        "tta",
        "tta-full",
        "tta-defence",
    ] {
        for lang in ["en", "ko"] {
            let dir = std::env::temp_dir().join(format!(
                "quipu-screens-{}-{game}-{lang}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("temp dir");
            let raw = turn_mail(game, lang, &dir);
            let name = format!("{game}-{lang}");
            let (page, html_bytes, png_bytes) = page_of(&raw, &out, &name);
            let mut line = format!(
                "{name:<16} mail {:>7} B, html {html_bytes:>6} B, png {png_bytes:>6} B",
                raw.len()
            );
            let mut row = format!(
                "| {name} | {} | {:.1} |",
                raw.len(),
                png_bytes as f64 / 1000.0
            );
            for width in WIDTHS {
                let m = measure(&page, width);
                row.push_str(&format!(" {} ({}) |", m.sh, m.main));
                line.push_str(&format!(
                    ", {width}px: {} px tall ({} without reference)",
                    m.sh, m.main
                ));
                let budget = height_budget(game);
                if width == 390 && m.main > budget && !HEIGHT_EXEMPT.contains(&game) {
                    failures.push(format!(
                        "{name} at 390: {} px tall without its reference tables (budget {budget})",
                        m.main
                    ));
                }
                if m.vw != width || m.sw > m.vw {
                    failures.push(format!(
                        "{name} at {width}: scroll width {} in {}",
                        m.sw, m.vw
                    ));
                }
                if m.images == 0 || m.decoded != m.images {
                    failures.push(format!(
                        "{name} at {width}: {}/{} images decoded",
                        m.decoded, m.images
                    ));
                }
                let height = m.sh.clamp(200, 8000);
                let shot = out.join(format!("{name}-{width}.png"));
                chromium(&frame_for(&page, width, height), width, height, Some(&shot));
                assert!(shot.exists(), "no screenshot {}", shot.display());
            }
            if png_bytes > 150_000 {
                failures.push(format!("{name}: picture is {png_bytes} bytes"));
            }
            println!("{line}");
            table.push(row);
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    // The table of sizes and heights, for a person to compare before and after.
    std::fs::write(out.join("sizes.md"), table.join("\n") + "\n").expect("sizes written");
    assert!(failures.is_empty(), "{failures:#?}");
}
