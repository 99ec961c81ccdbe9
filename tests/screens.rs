//! Every game's turn mail, as the service writes it, opened in real headless
//! Chromium at a phone's 390 px and a desktop's 1,280 px, in English and in
//! Korean: nothing may scroll sideways and the board picture must decode,
//! fill the phone's column (at least 560 px wide on the desktop) with no
//! label under 12 px as shown, and the decision (the headline) must be on
//! a phone's first screen; no line of the plain-text part is over 78
//! columns. At 390 px the mail is also shown as clients
//! that drop CSS show it: its `<style>` block removed, its `@media` rules
//! ignored, and `display:none` ignored.
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
use quipu::engine::layout::cells;
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
    /// The board picture's shown width, its PNG's width, and the width of
    /// the column it stands in (its cell less padding).
    img_w: f64,
    img_nat: f64,
    col: f64,
    /// The bottom of the headline (where the game stands, what to decide).
    decide: f64,
    /// The height of the news since the reader's last mail: as long as what
    /// the others did meanwhile (a whole round of Through the Ages under the
    /// one-mail-per-turn default), so kept out of the layout's budget; it
    /// comes after the decision and the board.
    news: u32,
}

/// The longest line of the plain-text part, in columns (Hangul two).
const TEXT_WIDTH: usize = 78;

/// A phone's first screen (390 × 844 CSS px).
const FIRST_SCREEN: f64 = 844.0;

/// The forms a mail is shown in at 390 px: as sent, and as clients that
/// drop parts of its CSS show it.
const FORMS: [&str; 4] = ["normal", "no-style", "no-media", "display-shown"];

/// The mail's HTML as a client in `form` would show it.
fn degraded(html: &str, form: &str) -> String {
    let style = |h: &str| {
        let a = h.find("<style>")?;
        let b = h[a..].find("</style>")? + a + "</style>".len();
        Some((a, b))
    };
    match form {
        "no-style" => match style(html) {
            Some((a, b)) => format!("{}{}", &html[..a], &html[b..]),
            None => html.to_string(),
        },
        // Every rule of the style block is inside an @media block but the
        // colour-scheme line: keep that alone.
        "no-media" => match style(html) {
            Some((a, b)) => {
                let root = html[a..b]
                    .lines()
                    .find(|l| l.starts_with(":root"))
                    .unwrap_or("");
                format!("{}<style>\n{root}\n</style>{}", &html[..a], &html[b..])
            }
            None => html.to_string(),
        },
        "display-shown" => html
            .replace("display:none !important", "")
            .replace("display:none;", "")
            .replace("display:none", ""),
        _ => html.to_string(),
    }
}

/// The smallest label of the pictures of game `id` as now drawn for both
/// players in both languages: its font size in PNG pixels.
fn smallest_label_px(s: &quipu::service::Service, id: i64) -> f32 {
    let mut least = f32::MAX;
    for who in [driving::ALICE, driving::BOB] {
        let view = s.view(id, Some(who)).expect("a view");
        for lang in ["en", "ko"] {
            let (canvas, _) = quipu::render::draw_picture(&view.picture, lang);
            for m in canvas.texts() {
                if m.ink.is_some() {
                    least = least.min(m.cap / quipu::render::font::cap_per_em());
                }
            }
        }
    }
    least
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
fn turn_mail(game: &str, lang: &str, dir: &Path) -> (Vec<u8>, f32) {
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
    let raw = mail.map(|r| r.raw).expect("a turn mail");
    (raw, smallest_label_px(&s, id))
}

/// The mail's HTML with its picture written beside it and linked as a file,
/// plus the measuring script; returns (page path, HTML bytes, PNG bytes).
fn page_of(raw: &[u8], out: &Path, name: &str) -> (Vec<(&'static str, PathBuf)>, usize, usize) {
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
    let script = r#"<script>addEventListener('load',()=>{const d=document.documentElement;const im=[...document.images];const img=im[0];const td=img?img.parentElement:null;const cs=td?getComputedStyle(td):null;const h=document.querySelector('.q-head');parent.postMessage(JSON.stringify({vw:innerWidth,sw:d.scrollWidth,sh:d.scrollHeight,images:im.length,decoded:im.filter(i=>i.complete&&i.naturalWidth>0).length,main:(()=>{const r=document.querySelector('.q-ref');return r?Math.round(r.getBoundingClientRect().top+scrollY):d.scrollHeight})(),img_w:img?img.getBoundingClientRect().width:0,img_nat:img?img.naturalWidth:0,col:td?td.clientWidth-parseFloat(cs.paddingLeft)-parseFloat(cs.paddingRight):0,decide:h?h.getBoundingClientRect().bottom+scrollY:0,news:(()=>{const n=document.querySelector('.q-news');return n?Math.round(n.getBoundingClientRect().height):0})()}),'*')});</script>"#;
    html = html.replace("</body>", &format!("{script}</body>"));
    let mut pages = Vec::new();
    for form in FORMS {
        let file = if form == "normal" {
            format!("{name}.html")
        } else {
            format!("{name}-{form}.html")
        };
        let path = out.join(file);
        std::fs::write(&path, degraded(&html, form)).expect("page written");
        pages.push((form, path));
    }
    (pages, html_bytes, png_bytes)
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

/// What one mail in one form and width must show: no sideways scroll, its
/// picture decoded, as wide as the phone's column (at least 560 px on a
/// desktop) with labels of at least 12 px, the headline on a phone's first
/// screen, and no more height than the budget.
fn check(
    at: &str,
    (game, form): (&str, &str),
    width: u32,
    m: &Measure,
    label_px: f64,
    failures: &mut Vec<String>,
) {
    let budget = height_budget(game);
    // A degraded form shows more (wide tables as tables and as cards); its
    // height is printed, the budget holds the mail as sent.
    let budgeted = form == "normal" && !HEIGHT_EXEMPT.contains(&game);
    let own = m.main.saturating_sub(m.news);
    if width == 390 && own > budget && budgeted {
        failures.push(format!(
            "{at}: {own} px tall without its reference tables and news (budget {budget})",
        ));
    }
    if m.vw != width || m.sw > m.vw {
        failures.push(format!("{at}: scroll width {} in {}", m.sw, m.vw));
    }
    if m.images == 0 || m.decoded != m.images {
        failures.push(format!("{at}: {}/{} images decoded", m.decoded, m.images));
    }
    if width == 390 && (m.img_w - m.col).abs() > 1.0 {
        failures.push(format!(
            "{at}: picture {:.0} px wide in a {:.0}-px column",
            m.img_w, m.col
        ));
    }
    if width > 390 && m.img_w < 560.0 {
        failures.push(format!("{at}: picture only {:.0} px wide", m.img_w));
    }
    if label_px < 11.95 {
        failures.push(format!("{at}: smallest label {label_px:.1} px"));
    }
    if width == 390 && (m.decide <= 0.0 || m.decide > FIRST_SCREEN) {
        failures.push(format!(
            "{at}: the headline ends at {:.0} px, below the first screen",
            m.decide
        ));
    }
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
            let (raw, label_px) = turn_mail(game, lang, &dir);
            let name = format!("{game}-{lang}");
            let (pages, html_bytes, png_bytes) = page_of(&raw, &out, &name);
            let text = MessageParser::default()
                .parse(&raw)
                .and_then(|m| m.body_text(0).map(|t| t.to_string()))
                .expect("a plain-text part");
            for l in text.lines().filter(|l| cells(l) > TEXT_WIDTH) {
                failures.push(format!(
                    "{name}: a plain-text line of {} columns: {l}",
                    cells(l)
                ));
            }
            let mut line = format!(
                "{name:<16} mail {:>7} B, html {html_bytes:>6} B, png {png_bytes:>6} B",
                raw.len()
            );
            let mut row = format!(
                "| {name} | {} | {:.1} |",
                raw.len(),
                png_bytes as f64 / 1000.0
            );
            for (form, page) in &pages {
                let widths: &[u32] = if *form == "normal" { &WIDTHS } else { &[390] };
                for &width in widths {
                    let m = measure(page, width);
                    let at = format!("{name} {form} at {width}");
                    if *form == "normal" {
                        row.push_str(&format!(" {} ({}) |", m.sh, m.main));
                    }
                    // The smallest label's font as shown: its size in the
                    // PNG times the PNG's shown scale.
                    let shown_px = f64::from(label_px) * m.img_w / m.img_nat.max(1.0);
                    line.push_str(&format!(
                        "\n    {form:<13} {width:>4}px: {} px tall ({} without reference), picture {:.0} px in a {:.0}-px column, smallest label {shown_px:.1} px, headline ends at {:.0}",
                        m.sh, m.main, m.img_w, m.col, m.decide
                    ));
                    check(&at, (game, form), width, &m, shown_px, &mut failures);
                    let height = m.sh.clamp(200, 8000);
                    let shot = out.join(match *form {
                        "normal" => format!("{name}-{width}.png"),
                        _ => format!("{name}-{form}-{width}.png"),
                    });
                    chromium(&frame_for(page, width, height), width, height, Some(&shot));
                    assert!(shot.exists(), "no screenshot {}", shot.display());
                }
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
