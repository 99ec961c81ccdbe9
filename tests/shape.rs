//! The per-game shape (ARCHITECTURE.md, "One shape for every game"), checked
//! by a plain text scan of the sources, so that the map stays true:
//!
//! - a game folder holds only the files of the shape;
//! - the modules of a game do not import each other in a circle;
//! - no function in a game is longer than `MAX_FN_LINES`;
//! - no file in a game is longer than `MAX_FILE_LINES` (data tables excepted);
//! - the game's tests in `tests/` build positions through the game's
//!   `testkit`, never by writing a state field;
//! - the game's option keys are `snake_case`;
//! - the flow of a game is an `engine::Flow` in its state, moved only by its
//!   driver (`apply/mod.rs`): no other file sets a phase or moves the stack
//!   (games not yet on the flow are listed in `NOT_YET_ON_THE_FLOW`);
//! - and outside the games too, in all of `src/`: no function longer than
//!   `MAX_FN_LINES`, no file longer than `MAX_FILE_LINES` (data tables excepted).
//!
//! The scan relies on `cargo fmt` layout (a function's closing brace sits at
//! the indentation of its `fn` line), which CI enforces anyway.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Games whose folders are still being brought into the shape: skipped by
/// the checks below until they land (a test makes sure a game leaves this
/// list as soon as it passes). A game leaves it when its restructuring lands.
const NOT_YET_SHAPED: &[&str] = &[];

/// Games whose flow is not yet an `engine::Flow` moved only by the driver
/// (issue 32): skipped by the flow check until converted, and the list only
/// shrinks (a listed game that passes fails the test).
const NOT_YET_ON_THE_FLOW: &[&str] = &["tikal", "cuzco", "tawantinsuyu", "tta"];

/// Where a game may build or move its flow: the driver moves it; setup
/// builds the first stack; the state converts a stored older shape; the
/// testkit builds scenarios.
const FLOW_MOVER: &str = "apply/mod.rs";
const FLOW_BUILDERS: &[&str] = &["setup.rs", "state.rs", "testkit.rs", FLOW_MOVER];

/// Every game folder and the name of its test file in `tests/`.
const GAMES: &[(&str, &str)] = &[
    ("tzolkin", "tzolkin"),
    ("tikal", "tikal"),
    ("tawantinsuyu", "tawantinsuyu"),
    ("cuzco", "cuzco"),
    ("tta", "tta"),
];

const MAX_FN_LINES: usize = 100;
const MAX_FILE_LINES: usize = 800;

/// The modules a game may have: a file `NAME.rs`, or a folder `NAME/` when it
/// outgrows one file (`apply/`, TTA's `view/` and `legal/`).
const MODULES: &[&str] = &[
    "mod", "state", "setup", "command", "legal", "apply", "scoring", "view", "picture", "data",
    "testkit", "bot",
];

/// Files every game has.
const REQUIRED: &[&str] = &[
    "mod.rs",
    "state.rs",
    "command.rs",
    "legal.rs",
    "view.rs",
    "data.rs",
    "NOTES.md",
    "testkit.rs",
    "bot.rs",
];

fn games_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games")
}

fn shaped_games() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    GAMES.iter().filter(|(g, _)| !NOT_YET_SHAPED.contains(g))
}

/// Everything the checks below find wrong with one game.
fn problems_of(game: &str, test: &str) -> Vec<String> {
    let mut problems = files_outside_the_shape(game);
    if let Some(c) = import_cycle(game) {
        problems.push(format!("{game}: import circle {}", c.join(" -> ")));
    }
    problems.extend(over_the_limits(game));
    problems.extend(field_writes_in_tests(test));
    problems.extend(option_keys_not_in_snake_case(game));
    problems
}

/// Option keys of a registered game that are not `snake_case`.
fn option_keys_not_in_snake_case(game: &str) -> Vec<String> {
    let entry = quipu::games::find(game).expect("every game folder is registered");
    (entry.info)()
        .options
        .iter()
        .filter(|o| {
            o.key.is_empty()
                || !o
                    .key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .map(|o| format!("{game}: option key '{}' is not snake_case", o.key))
        .collect()
}

/// The Rust files of a game: (module name, path), a folder's files (`apply/*.rs`)
/// under the folder's module name.
fn rust_files(game: &str) -> Vec<(String, PathBuf)> {
    let dir = games_dir().join(game);
    let mut out = Vec::new();
    for entry in fs::read_dir(&dir).expect("game folder readable") {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            for inner in fs::read_dir(&path).expect("module folder readable") {
                let inner = inner.expect("entry").path();
                if inner.extension() == Some("rs".as_ref()) {
                    out.push((name.clone(), inner));
                }
            }
        } else if let Some(stem) = name.strip_suffix(".rs") {
            out.push((stem.to_string(), path));
        }
    }
    out.sort();
    out
}

/// What is wrong with the files present in a game folder.
fn files_outside_the_shape(game: &str) -> Vec<String> {
    let dir = games_dir().join(game);
    let mut problems = Vec::new();
    let mut present = BTreeSet::new();
    for entry in fs::read_dir(&dir).expect("game folder readable") {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        present.insert(name.clone());
        // A module that outgrows a file becomes a folder of the same name.
        let allowed = if path.is_dir() {
            MODULES.contains(&name.as_str()) && name != "mod"
        } else if let Some(stem) = name.strip_suffix(".rs") {
            MODULES.contains(&stem)
        } else {
            // Documentation beside the code (NOTES.md, an AUDIT.md) may stay.
            name.ends_with(".md") && name == name.to_uppercase().replace(".MD", ".md")
        };
        if !allowed {
            problems.push(format!("{game}/{name} is not part of the shape"));
        }
    }
    // `data.rs` + `data/` is the shape: the code beside its tables.
    for m in MODULES.iter().filter(|m| **m != "data") {
        if present.contains(*m) && present.contains(&format!("{m}.rs")) {
            problems.push(format!("{game} has both {m}.rs and {m}/"));
        }
    }
    for required in REQUIRED {
        let folder = required.strip_suffix(".rs").unwrap_or(required);
        if !present.contains(*required) && !present.contains(folder) {
            problems.push(format!("{game} has no {required}"));
        }
    }
    problems
}

/// The text of a source file without its `#[cfg(test)]` modules (whose
/// `super` is the file itself) and without line comments.
fn code_without_tests(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut skipping_until: Option<String> = None;
    let mut after_cfg_test = false;
    for line in text.lines() {
        if let Some(end) = &skipping_until {
            if line == end {
                skipping_until = None;
            }
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            after_cfg_test = true;
            continue;
        }
        if after_cfg_test && trimmed.starts_with("mod ") && trimmed.ends_with('{') {
            let indent = &line[..line.len() - trimmed.len()];
            skipping_until = Some(format!("{indent}}}"));
            after_cfg_test = false;
            continue;
        }
        after_cfg_test = false;
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        out.push(code.to_string());
    }
    out
}

/// Which sibling modules a module's code names: `super::m` from a file at
/// the game's top level (`apply/mod.rs` included), `super::super::m` from
/// the other files in `apply/`, `m::` from `mod.rs`; a `super::item` that is no module names `mod.rs` itself.
fn imports(module: &str, path: &Path, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let text = fs::read_to_string(path).expect("source readable");
    // `apply/mod.rs` is the module `apply` itself, at the game's top level;
    // the other files of a module folder sit one level deeper.
    let in_folder = path.parent().and_then(Path::parent) != Some(games_dir().as_path());
    let nested = in_folder && path.file_name() != Some("mod.rs".as_ref());
    let depth = if nested { 2 } else { 1 };
    let mut out = BTreeSet::new();
    let mut name = |word: &str| {
        let word = word.trim();
        if modules.contains(word) {
            out.insert(word.to_string());
        } else if !word.is_empty() {
            out.insert("mod".to_string());
        }
    };
    for line in code_without_tests(&text) {
        if module == "mod" {
            for m in modules
                .iter()
                .filter(|m| names_path(&line, &format!("{m}::")))
            {
                name(m);
            }
            continue;
        }
        for (i, _) in line.match_indices("super::") {
            if line[..i].ends_with("super::") {
                continue; // not the start of a chain
            }
            let mut rest = &line[i..];
            let mut d = 0;
            while let Some(r) = rest.strip_prefix("super::") {
                rest = r;
                d += 1;
            }
            // Shallower is inside `apply/`; deeper is outside the game.
            if d != depth {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or_default();
                for item in group.split(',') {
                    name(item.split("::").next().unwrap_or_default());
                }
            } else {
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '*')
                    .collect();
                name(&word);
            }
        }
    }
    out.remove(module);
    out
}

/// Whether `line` names `path` as a path start (not as the tail of another).
fn names_path(line: &str, path: &str) -> bool {
    line.match_indices(path).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        !matches!(before, Some(c) if c.is_alphanumeric() || c == '_' || c == ':')
    })
}

/// A circle of imports among a game's modules, if there is one.
fn import_cycle(game: &str) -> Option<Vec<String>> {
    let files = rust_files(game);
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, path) in &files {
        let used = imports(module, path, &modules);
        graph.entry(module.clone()).or_default().extend(used);
    }
    // Depth-first search; a module met again on the current path closes a circle.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            let mut cycle = path[i..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, &graph, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

/// Functions longer than the limit: (line of the `fn`, length in lines).
fn long_functions(text: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if !starts_a_fn(trimmed) {
            continue;
        }
        let indent = &line[..line.len() - trimmed.len()];
        let close = format!("{indent}}}");
        // A declaration without a body ends with ';' before any '{'.
        let Some(open) = lines[i..]
            .iter()
            .position(|l| l.contains('{') || l.trim_end().ends_with(';'))
        else {
            continue;
        };
        if !lines[i + open].contains('{') {
            continue;
        }
        let Some(end) = lines[i..].iter().position(|l| *l == close) else {
            continue;
        };
        if end + 1 > MAX_FN_LINES {
            out.push((i + 1, end + 1));
        }
    }
    out
}

/// Whether a line (without its indentation) begins a function: `fn`, after
/// any visibility and `const`, `async`, `unsafe` or `extern "C"`.
fn starts_a_fn(line: &str) -> bool {
    let mut rest = line;
    if let Some(r) = rest.strip_prefix("pub") {
        rest = match r.strip_prefix('(') {
            Some(inner) => inner.split_once(") ").map_or("", |(_, r)| r),
            None => r.strip_prefix(' ').unwrap_or(""),
        };
    }
    loop {
        let next = ["const ", "async ", "unsafe ", "extern \"C\" "]
            .iter()
            .find_map(|q| rest.strip_prefix(q));
        match next {
            Some(r) => rest = r,
            None => return rest.starts_with("fn "),
        }
    }
}

/// Lines of a test file that write a field of something (`s.players[0].corn = 5;`).
fn field_writes(text: &str) -> Vec<(usize, String)> {
    const OPS: &[&str] = &["=", "+=", "-=", "*=", "/=", "|=", "&=", "^=", "<<=", ">>="];
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default().trim();
        if code.starts_with("let ") {
            continue;
        }
        // The place assigned to: everything before the first assignment operator.
        let Some((lhs, _)) = code.split_once(' ').and_then(|_| {
            OPS.iter()
                .filter_map(|op| code.find(&format!(" {op} ")).map(|at| (at, *op)))
                .min_by_key(|(at, _)| *at)
                .map(|(at, _)| (&code[..at], ()))
        }) else {
            continue;
        };
        let place = lhs.trim_start_matches('*');
        let is_place = !place.is_empty()
            && place
                .chars()
                .all(|c| c.is_alphanumeric() || "_.[]()+- ".contains(c))
            && place.contains('.')
            && place.starts_with(|c: char| c.is_ascii_lowercase() || c == '_');
        if is_place {
            out.push((i + 1, line.trim().to_string()));
        }
    }
    out
}

/// Code lines that move a game's flow: a phase set, a stack pushed or
/// popped, the `engine::Flow` followed or run, written directly.
fn flow_moves(line: &str) -> bool {
    const MOVES: &[&str] = &[
        ".flow.follow(",
        "Flow::run(",
        ".flow = ",
        ".phase = ",
        ".pending.push(",
        ".pending.pop(",
        ".pending.clear(",
        ".stack.push(",
        ".stack.pop(",
        ".stack.clear(",
    ];
    MOVES.iter().any(|m| line.contains(m))
}

/// Where a game moves or builds its flow outside the driver, and whether its
/// state holds an `engine::Flow` at all.
fn flow_outside_the_driver(game: &str) -> Vec<String> {
    let dir = games_dir().join(game);
    let mut out = Vec::new();
    let state = fs::read_to_string(dir.join("state.rs")).unwrap_or_default();
    if !state.contains("Flow<") {
        out.push(format!("{game}: its state holds no engine::Flow"));
    }
    for (_, path) in rust_files(game) {
        let rel = path
            .strip_prefix(&dir)
            .expect("a game's file is inside its folder")
            .to_string_lossy()
            .replace('\\', "/");
        let text = fs::read_to_string(&path).expect("source readable");
        for (i, line) in code_without_tests(&text).iter().enumerate() {
            let moves = flow_moves(line) && rel != FLOW_MOVER && rel != "testkit.rs";
            let builds = line.contains("Flow::start(") && !FLOW_BUILDERS.contains(&rel.as_str());
            if moves || builds {
                out.push(format!("{game}/{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    out
}

#[test]
fn only_the_driver_moves_the_flow() {
    let problems: Vec<String> = GAMES
        .iter()
        .filter(|(g, _)| !NOT_YET_ON_THE_FLOW.contains(g))
        .flat_map(|(g, _)| flow_outside_the_driver(g))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
    for game in NOT_YET_ON_THE_FLOW {
        assert!(
            GAMES.iter().any(|(g, _)| g == game),
            "{game} is no game folder"
        );
        assert!(
            !flow_outside_the_driver(game).is_empty(),
            "{game} keeps its flow the one way: take it off NOT_YET_ON_THE_FLOW"
        );
    }
}

#[test]
fn game_folders_hold_only_the_files_of_the_shape() {
    let problems: Vec<String> = shaped_games()
        .flat_map(|(g, _)| files_outside_the_shape(g))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_modules_of_a_game_do_not_import_each_other_in_a_circle() {
    let cycles: Vec<String> = shaped_games()
        .filter_map(|(g, _)| import_cycle(g).map(|c| format!("{g}: {}", c.join(" -> "))))
        .collect();
    assert!(cycles.is_empty(), "{cycles:#?}");
}

/// Functions and files of a game over the limits.
fn over_the_limits(game: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (module, path) in rust_files(game) {
        let text = fs::read_to_string(&path).expect("source readable");
        let name = path
            .strip_prefix(games_dir())
            .unwrap()
            .display()
            .to_string();
        for (line, len) in long_functions(&text) {
            problems.push(format!("{name}:{line}: a function of {len} lines"));
        }
        let lines = text.lines().count();
        if module != "data" && lines > MAX_FILE_LINES {
            problems.push(format!("{name}: {lines} lines"));
        }
    }
    problems
}

/// Field writes in a game's test file in `tests/`.
fn field_writes_in_tests(test: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/{test}.rs"));
    let text = fs::read_to_string(&path).expect("test file readable");
    field_writes(&text)
        .into_iter()
        .map(|(line, code)| format!("tests/{test}.rs:{line}: {code}"))
        .collect()
}

#[test]
fn no_function_and_no_file_of_a_game_is_over_the_limit() {
    let problems: Vec<String> = shaped_games()
        .flat_map(|(g, _)| over_the_limits(g))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The Rust files of `src/` outside the game folders (the checks above
/// take those game by game): the service, store, mail, engine, render, the
/// binary, and the games' registry.
fn files_outside_the_games() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)
            .expect("source folder readable")
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                if path != games_dir() {
                    walk(&path, out);
                }
            } else if path.extension() == Some("rs".as_ref()) {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&src, &mut out);
    // The registry and any file beside the game folders.
    for entry in fs::read_dir(games_dir()).expect("games folder readable") {
        let path = entry.expect("directory entry").path();
        if path.extension() == Some("rs".as_ref()) {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// A table of data rather than code: a `data.rs` or a file in a `data/` folder.
fn is_data_table(path: &Path) -> bool {
    path.file_stem() == Some("data".as_ref()) || path.components().any(|c| c.as_os_str() == "data")
}

#[test]
fn no_function_and_no_file_outside_the_games_is_over_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = files_outside_the_games();
    assert!(
        files.iter().any(|f| f.ends_with("src/service/mailin.rs")),
        "the walk found the service's files"
    );
    let mut problems = Vec::new();
    for path in files {
        let text = fs::read_to_string(&path).expect("source readable");
        let name = path.strip_prefix(root).unwrap().display().to_string();
        for (line, len) in long_functions(&text) {
            problems.push(format!("{name}:{line}: a function of {len} lines"));
        }
        let lines = text.lines().count();
        if !is_data_table(&path) && lines > MAX_FILE_LINES {
            problems.push(format!("{name}: {lines} lines"));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn game_tests_build_positions_through_the_testkit() {
    let problems: Vec<String> = shaped_games()
        .flat_map(|(_, t)| field_writes_in_tests(t))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn option_keys_are_snake_case() {
    let problems: Vec<String> = shaped_games()
        .flat_map(|(g, _)| option_keys_not_in_snake_case(g))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

/// A game that already passes every check must leave `NOT_YET_SHAPED`, so
/// that the list cannot hide a game from the checks for longer than needed.
#[test]
fn only_games_not_yet_in_the_shape_are_skipped() {
    for (game, test) in GAMES.iter().filter(|(g, _)| NOT_YET_SHAPED.contains(g)) {
        assert!(
            !problems_of(game, test).is_empty(),
            "{game} passes every shape check: take it off NOT_YET_SHAPED"
        );
    }
    for game in NOT_YET_SHAPED {
        assert!(
            GAMES.iter().any(|(g, _)| g == game),
            "{game} is no game folder"
        );
    }
}

/// The scan itself: each check finds what it is meant to find.
#[test]
fn the_scan_finds_what_it_looks_for() {
    let writes = field_writes(
        "    s.players[0].corn = 5;\n    let x = 3;\n    s.day += 1; // a comment\n    assert!(a == b);\n    x = 4;\n",
    );
    assert_eq!(
        writes.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
        vec![1, 3]
    );
    let body = format!(
        "fn long() {{\n{}}}\nfn short() {{\n}}\n",
        "    x;\n".repeat(100)
    );
    assert_eq!(long_functions(&body), vec![(1, 102)]);
    let qualified = format!(
        "pub(crate) async fn long() {{\n{}}}\n",
        "    x;\n".repeat(100)
    );
    assert_eq!(long_functions(&qualified), vec![(1, 102)]);
    for line in [
        "pub fn a()",
        "pub(super) const fn a()",
        "unsafe fn a()",
        "fn a()",
    ] {
        assert!(starts_a_fn(line), "{line}");
    }
    for line in ["fn_call();", "pub struct Fn;", "let fn_ = 3;", "// fn a()"] {
        assert!(!starts_a_fn(line), "{line}");
    }
    assert!(is_data_table(Path::new("src/games/tikal/data.rs")));
    assert!(is_data_table(Path::new("src/games/tta/data/cards.rs")));
    assert!(!is_data_table(Path::new("src/service/mailin.rs")));
    let code =
        code_without_tests("use super::a;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n");
    assert_eq!(code, vec!["use super::a;".to_string()]);
    assert!(names_path("use data::{Data};", "data::"));
    assert!(flow_moves("        s.phase = Phase::Over;"));
    assert!(flow_moves("    s.flow.follow(next)"));
    assert!(flow_moves("    s.stack.push(Item::Ask(p, a));"));
    assert!(!flow_moves("    if s.phase() == Phase::Over {"));
    assert!(!names_path("use crate::engine::data::X;", "data::"));
}
