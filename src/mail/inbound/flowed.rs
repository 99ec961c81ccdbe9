//! RFC 3676 `format=flowed`: a line ending in a space continues on the next
//! line of the same quote depth. Joining them matters because a long line of
//! `;`-separated commands would otherwise be cut inside a command.

/// The text with soft line breaks joined. `del_sp` is the `DelSp=yes`
/// parameter: the space before a soft break was added by the sender and goes.
pub fn unflow(text: &str, del_sp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    // The paragraph being joined and its quote depth.
    let mut open: Option<(usize, String)> = None;
    let ends_with_newline = text.ends_with('\n');
    let text = text.strip_suffix('\n').unwrap_or(text);
    for raw_line in text.split('\n') {
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        let depth = line.chars().take_while(|c| *c == '>').count();
        let mut body = &line[depth..];
        // Space-stuffing: one leading space after the quote marks is not content.
        body = body.strip_prefix(' ').unwrap_or(body);
        let is_signature = body == "-- ";
        let soft = !is_signature && body.ends_with(' ');
        let piece = if soft && del_sp {
            &body[..body.len() - 1]
        } else {
            body
        };
        let continues = matches!(&open, Some((d, _)) if *d == depth);
        if !continues {
            if let Some((d, para)) = open.take() {
                push_line(&mut out, d, &para);
            }
        }
        let mut para = match open.take() {
            Some((_, para)) if continues => para,
            _ => String::new(),
        };
        para.push_str(piece);
        if soft {
            open = Some((depth, para));
        } else {
            push_line(&mut out, depth, &para);
        }
    }
    if let Some((d, para)) = open {
        push_line(&mut out, d, &para);
    }
    if !ends_with_newline {
        out.pop();
    }
    out
}

fn push_line(out: &mut String, depth: usize, body: &str) {
    for _ in 0..depth {
        out.push('>');
    }
    if depth > 0 {
        out.push(' ');
    }
    out.push_str(body);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::unflow;

    #[test]
    fn soft_breaks_join_and_quotes_keep_their_depth() {
        let text =
            "take 2 wood; place worker \r\non palenque\r\n> quoted \r\n> more\r\n-- \r\nAnn\r\n";
        assert_eq!(
            unflow(text, false),
            "take 2 wood; place worker on palenque\n> quoted more\n-- \nAnn\n"
        );
    }

    #[test]
    fn delsp_removes_the_added_space() {
        assert_eq!(unflow("abc \ndef", true), "abcdef");
    }
}
