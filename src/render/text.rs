//! Plain-text renderings of a view and of a whole mail, for the text/plain
//! part: readable in a monospace mail client, tables as aligned columns.

use super::grid::{numeric_columns, width};
use super::labels::Labels;
use super::moves::{shown_moves, Limits};
use super::Page;
use crate::engine::{Block, Section, View};

/// Appends `s` padded with spaces to `w` columns, on the right or the left.
fn pad(out: &mut String, s: &str, w: usize, right_align: bool) {
    let fill = w.saturating_sub(width(s));
    if right_align {
        out.extend(std::iter::repeat_n(' ', fill));
        out.push_str(s);
    } else {
        out.push_str(s);
        out.extend(std::iter::repeat_n(' ', fill));
    }
}

/// `title` underlined with `rule` characters as wide as it.
fn heading(out: &mut String, title: &str, rule: char) {
    out.push_str(title);
    out.push('\n');
    // A title longer than a line is wrapped; its rule stays within one.
    out.extend(std::iter::repeat_n(rule, width(title).clamp(3, TEXT_WIDTH)));
    out.push('\n');
}

/// Cell `i` of a row, empty when the row is short.
fn cell<'a>(r: &[&'a str], i: usize) -> &'a str {
    r.get(i).copied().unwrap_or("")
}

/// The longest line the plain-text part has: terminal clients and quoting
/// replies keep to 78 characters (RFC 5322's advice).
pub const TEXT_WIDTH: usize = 78;

/// A table as columns two spaces apart, numbers aligned right, a rule under
/// the header, short rows padded with empty cells; a table wider than
/// `TEXT_WIDTH` as one line per row, "heading: value" pairs.
fn table(out: &mut String, header: &[&str], rows: &[Vec<&str>]) {
    let natural: usize = (0..rows
        .iter()
        .map(Vec::len)
        .chain([header.len()])
        .max()
        .unwrap_or(0))
        .map(|i| {
            rows.iter()
                .map(|r| width(cell(r, i)))
                .chain([width(cell(header, i))])
                .max()
                .unwrap_or(0)
                + 2
        })
        .sum();
    if natural > TEXT_WIDTH + 2 {
        for r in rows {
            let pairs: Vec<String> = r
                .iter()
                .enumerate()
                .filter(|(_, v)| !v.trim().is_empty())
                .map(|(i, v)| match cell(header, i).trim() {
                    "" => v.to_string(),
                    h => format!("{h}: {v}"),
                })
                .collect();
            out.push_str("- ");
            out.push_str(&pairs.join("; "));
            out.push('\n');
        }
        return;
    }
    columns_table(out, header, rows);
}

/// A table as aligned columns (see `table`).
fn columns_table(out: &mut String, header: &[&str], rows: &[Vec<&str>]) {
    let columns = rows
        .iter()
        .map(Vec::len)
        .chain([header.len()])
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            rows.iter()
                .map(|r| width(cell(r, i)))
                .chain([width(cell(header, i))])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let numeric = numeric_columns(columns, rows);
    let line = |out: &mut String, r: &[&str]| {
        let mut s = String::new();
        for (i, w) in widths.iter().enumerate() {
            if i > 0 {
                s.push_str("  ");
            }
            pad(
                &mut s,
                cell(r, i),
                *w,
                numeric.get(i).copied().unwrap_or(false),
            );
        }
        out.push_str(s.trim_end());
        out.push('\n');
    };
    if !header.is_empty() {
        line(out, header);
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        out.push_str(&rule.join("  "));
        out.push('\n');
    }
    for r in rows {
        line(out, r);
    }
}

fn section(out: &mut String, s: &Section, lang: &str) {
    heading(out, s.title.get(lang), '-');
    match &s.body {
        Block::Lines(lines) => {
            for l in lines {
                out.push_str(l.get(lang).trim_end());
                out.push('\n');
            }
        }
        Block::Table { header, rows } => {
            let header: Vec<&str> = header.iter().map(|t| t.get(lang)).collect();
            let rows: Vec<Vec<&str>> = rows
                .iter()
                .map(|r| r.iter().map(|t| t.get(lang)).collect())
                .collect();
            table(out, &header, &rows);
        }
    }
}

/// The view's headline, public sections and private part, without the
/// reference tables and the footer.
fn view_body(out: &mut String, view: &View, lang: &str) {
    heading(out, view.headline.get(lang), '=');
    view_board(out, view, lang);
}

/// The view's public sections and private part, without the headline.
fn view_board(out: &mut String, view: &View, lang: &str) {
    for s in view.sections.iter().filter(|s| !s.reference) {
        out.push('\n');
        section(out, s, lang);
    }
    if !view.private.is_empty() {
        let l = Labels::for_lang(lang);
        let title = format!("{} ({})", l.your_hand, l.private_note);
        let bar = "#".repeat((width(&title) + 4).min(TEXT_WIDTH));
        out.push_str(&format!("\n{bar}\n# {title} #\n{bar}\n"));
        for s in &view.private {
            out.push('\n');
            section(out, s, lang);
        }
    }
}

/// The reference tables, last, under their own heading.
fn view_reference(out: &mut String, view: &View, lang: &str) {
    let mut first = true;
    for s in view.sections.iter().filter(|s| s.reference) {
        if first {
            out.push('\n');
            heading(out, Labels::for_lang(lang).reference, '=');
            first = false;
        }
        out.push('\n');
        section(out, s, lang);
    }
}

/// The view as plain text: headline, sections, the private part under its
/// own heading, the reference tables, then the footer notes.
pub fn view_text(view: &View, lang: &str) -> String {
    let mut out = String::new();
    view_body(&mut out, view, lang);
    view_reference(&mut out, view, lang);
    if !view.footer.is_empty() {
        out.push_str("\n----\n");
        for f in &view.footer {
            out.push_str(f.get(lang));
            out.push('\n');
        }
    }
    out
}

/// The mail's closing lines: the page's own, then the view's footer notes
/// the page does not already carry.
pub fn footer_lines<'a>(page: &'a Page) -> Vec<&'a str> {
    let mut lines: Vec<&str> = page.footer.iter().map(String::as_str).collect();
    if let Some(v) = page.view {
        for f in &v.footer {
            let f = f.get(page.lang);
            if !lines.contains(&f) {
                lines.push(f);
            }
        }
    }
    lines
}

/// The whole mail as plain text, listing moves within `limits`.
pub fn page_text_with(page: &Page, limits: Limits) -> String {
    let l = Labels::for_lang(page.lang);
    let mut out = String::new();
    if !page.title.is_empty() {
        heading(&mut out, &page.title, '=');
        out.push('\n');
    }
    for p in &page.paragraphs {
        out.push_str(p.trim_end());
        out.push_str("\n\n");
    }
    // Decision first: where the game stands, then what led there.
    if let Some(v) = page.view.filter(|v| !v.headline.get(page.lang).is_empty()) {
        heading(&mut out, v.headline.get(page.lang), '=');
        out.push('\n');
    }
    if !page.events.is_empty() {
        heading(&mut out, l.what_happened, '-');
        for e in &page.events {
            out.push_str("- ");
            out.push_str(e.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    let shown = shown_moves(&page.moves, limits);
    if shown.total > 0 {
        heading(&mut out, l.your_moves, '-');
        out.push_str(l.moves_help_text);
        out.push('\n');
        for g in &shown.groups {
            out.push('\n');
            if !g.title.is_empty() {
                out.push_str(g.title);
                out.push_str(":\n");
            }
            if !g.note.is_empty() {
                out.push_str(g.note);
                out.push('\n');
            }
            for m in &g.moves {
                out.push_str("  ");
                out.push_str(&m.command);
                out.push('\n');
            }
            if g.hidden > 0 {
                out.push_str("  ");
                out.push_str(&l.more_in_group(g.title, &g.rest()));
                out.push('\n');
            }
        }
        if !shown.unlisted.is_empty() {
            out.push('\n');
            out.push_str(&l.unlisted(&shown.unlisted));
            out.push('\n');
        }
        if shown.capped() {
            out.push('\n');
            out.push_str(&l.not_all_shown(shown.shown, shown.total));
            out.push('\n');
        }
        out.push('\n');
    }
    if let Some(v) = page.view {
        view_board(&mut out, v, page.lang);
        view_reference(&mut out, v, page.lang);
        out.push('\n');
    }
    let footer = footer_lines(page);
    if !footer.is_empty() {
        out.push_str("----\n");
        for f in footer {
            out.push_str(f.trim_end());
            out.push('\n');
        }
    }
    wrap_lines(&out, TEXT_WIDTH)
}

/// The words of `line`, a bracketed or quoted command (`[take 3 iron]`,
/// `'place A5'`, `<gear>`) kept as one, so a command is never split.
fn unbroken_words(line: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut close: Option<char> = None;
    for word in line.split(' ') {
        match close {
            Some(end) => {
                if let Some(last) = out.last_mut() {
                    last.push(' ');
                    last.push_str(word);
                }
                if word.contains(end) {
                    close = None;
                }
            }
            None => {
                let end = match word.chars().next() {
                    Some('[') => Some(']'),
                    Some('<') => Some('>'),
                    Some('\'') => Some('\''),
                    _ => None,
                };
                let rest = word.get(1..).unwrap_or("");
                close = end.filter(|e| !rest.contains(*e));
                out.push(word.to_string());
            }
        }
    }
    out
}

/// `text` with every line longer than `max` columns broken at spaces, the
/// continuation indented as the line was (a word longer than a line stays
/// whole).
pub fn wrap_lines(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 40);
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        if width(body) <= max {
            out.push_str(line);
            continue;
        }
        let indent_len = body.len() - body.trim_start().len();
        let indent = &body[..indent_len];
        // A list item's text continues under its text, not under its dash.
        let hang = if body.trim_start().starts_with("- ") {
            format!("{indent}  ")
        } else {
            indent.to_string()
        };
        let mut current = String::from(indent);
        let mut empty = true;
        for word in unbroken_words(body.trim_start()) {
            let word = word.as_str();
            let extra = usize::from(!empty) + width(word);
            if !empty && width(&current) + extra > max {
                out.push_str(current.trim_end());
                out.push('\n');
                current = hang.clone();
                empty = true;
            }
            if !empty {
                current.push(' ');
            }
            current.push_str(word);
            empty = false;
        }
        out.push_str(current.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Text;

    #[test]
    fn tables_align_columns_by_display_width() {
        let mut out = String::new();
        table(
            &mut out,
            &["Player", "점수"],
            &[vec!["Alice", "12"], vec!["보라", "7"]],
        );
        assert_eq!(
            out,
            "Player  점수\n------  ----\nAlice     12\n보라       7\n"
        );
    }

    #[test]
    fn long_lines_wrap_at_spaces_and_wide_tables_become_rows() {
        let long = format!("- {}\n", "word ".repeat(30).trim_end());
        let wrapped = wrap_lines(&long, 20);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 20),
            "{wrapped}"
        );
        assert!(
            wrapped.lines().skip(1).all(|l| l.starts_with("  word")),
            "{wrapped}"
        );
        assert_eq!(wrapped.replace("\n  ", " "), long);
        let mut out = String::new();
        let wide = "x".repeat(50);
        table(
            &mut out,
            &["Gear", "Spaces"],
            &[vec!["Palenque", &wide, &wide]],
        );
        assert_eq!(out, format!("- Gear: Palenque; Spaces: {wide}; {wide}\n"));
    }

    #[test]
    fn ragged_rows_are_padded() {
        let mut out = String::new();
        table(&mut out, &[], &[vec!["a", "b", "c"], vec!["dd"]]);
        assert_eq!(out, "a   b  c\ndd\n");
    }

    #[test]
    fn view_text_picks_the_language() {
        let v = View {
            headline: Text::new("Round 2", "2라운드"),
            sections: vec![Section::lines(
                Text::new("Board", "게임판"),
                vec![Text::new("Temple: 3", "신전: 3")],
            )],
            ..View::default()
        };
        assert_eq!(
            view_text(&v, "ko"),
            "2라운드\n=======\n\n게임판\n------\n신전: 3\n"
        );
        assert_eq!(
            view_text(&v, "en"),
            "Round 2\n=======\n\nBoard\n-----\nTemple: 3\n"
        );
    }
}
