//! Headless Chromium (Debian's `chromium`, installed by deploy/test.sh) for
//! the tests that open pages: a DOM dump or a screenshot of one page.

use std::path::Path;
use std::process::Command;

/// Opens `page` in a window `width` (at least 500, Chromium's least) ×
/// `height`, letting its scripts run for up to `budget_ms` of virtual time;
/// with `shot`, writes a screenshot there, else returns the DOM.
pub fn chromium(
    page: &Path,
    (width, height): (u32, u32),
    budget_ms: u32,
    shot: Option<&Path>,
) -> String {
    let window = format!("--window-size={},{}", width.max(500), height);
    let budget = format!("--virtual-time-budget={budget_ms}");
    let mut cmd = Command::new("chromium");
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        &budget,
        &window,
    ]);
    match shot {
        Some(p) => cmd.arg(format!("--screenshot={}", p.display())),
        None => cmd.arg("--dump-dom"),
    };
    let out = cmd.arg(page).output().expect("chromium runs");
    String::from_utf8_lossy(&out.stdout).to_string()
}
