//! The one plain SMTP client of the tests and benchmarks: a session from
//! loopback (no AUTH needed there), kept open for many messages, that says
//! when and under which queue id the server accepted each.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant, SystemTime};

/// One message the SMTP server accepted: the moment its "250 ... queued as"
/// came back, by Message-ID and Postfix queue id.
#[derive(Clone, Debug)]
pub struct Accepted {
    pub message_id: String,
    pub qid: String,
    pub at: Instant,
    pub wall: SystemTime,
}

/// A plain SMTP session to `addr` ("host:port"), opened at the first send.
pub struct SmtpClient {
    addr: String,
    conn: Option<(BufReader<TcpStream>, TcpStream)>,
}

impl SmtpClient {
    pub fn new(addr: &str) -> SmtpClient {
        SmtpClient {
            addr: addr.to_string(),
            conn: None,
        }
    }

    /// Reads one (multi-line) answer that must start with `code`.
    fn expect(r: &mut BufReader<TcpStream>, code: &str) -> std::io::Result<String> {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            if r.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("SMTP connection closed"));
            }
            all.push_str(&line);
            if !line.starts_with(code) {
                return Err(std::io::Error::other(format!(
                    "SMTP: expected {code}, got {line:?}"
                )));
            }
            if line.as_bytes().get(3) != Some(&b'-') {
                return Ok(all);
            }
        }
    }

    fn open(&mut self) -> std::io::Result<()> {
        let s = TcpStream::connect(&self.addr)?;
        s.set_read_timeout(Some(Duration::from_secs(30)))?;
        s.set_nodelay(true)?;
        let mut r = BufReader::new(s.try_clone()?);
        Self::expect(&mut r, "220")?;
        let mut w = s;
        write!(w, "EHLO players.example.test\r\n")?;
        Self::expect(&mut r, "250")?;
        self.conn = Some((r, w));
        Ok(())
    }

    fn transaction(&mut self, from: &str, to: &str, raw: &str) -> std::io::Result<Accepted> {
        if self.conn.is_none() {
            self.open()?;
        }
        let (r, w) = self.conn.as_mut().expect("connected");
        write!(w, "MAIL FROM:<{from}>\r\n")?;
        Self::expect(r, "250")?;
        write!(w, "RCPT TO:<{to}>\r\n")?;
        Self::expect(r, "250")?;
        write!(w, "DATA\r\n")?;
        Self::expect(r, "354")?;
        let mut body = String::with_capacity(raw.len() + 64);
        for line in raw.replace("\r\n", "\n").lines() {
            if line.starts_with('.') {
                body.push('.');
            }
            body.push_str(line);
            body.push_str("\r\n");
        }
        body.push_str(".\r\n");
        w.write_all(body.as_bytes())?;
        let answer = Self::expect(r, "250")?;
        let at = Instant::now();
        Ok(Accepted {
            message_id: header(raw, "Message-ID")
                .map(|v| v.trim_matches(['<', '>']).to_string())
                .unwrap_or_default(),
            qid: queued_as(&answer),
            at,
            wall: SystemTime::now(),
        })
    }

    /// Sends one message; reconnects once if the kept session broke.
    pub fn send(&mut self, from: &str, to: &str, raw: &str) -> Accepted {
        match self.transaction(from, to, raw) {
            Ok(a) => a,
            Err(_) => {
                self.conn = None;
                self.transaction(from, to, raw)
                    .unwrap_or_else(|e| panic!("SMTP send to {to}: {e}"))
            }
        }
    }
}

impl Drop for SmtpClient {
    fn drop(&mut self) {
        if let Some((_, w)) = self.conn.as_mut() {
            let _ = write!(w, "QUIT\r\n");
        }
    }
}

/// The queue id in Postfix's "250 2.0.0 Ok: queued as 2BACA98E3B6".
pub fn queued_as(line: &str) -> String {
    line.split("queued as ")
        .nth(1)
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

/// A header's value in a raw mail (the first of that name, folded lines
/// joined), trimmed.
pub fn header(raw: &str, name: &str) -> Option<String> {
    let head = raw
        .split("\r\n\r\n")
        .next()
        .unwrap_or(raw)
        .split("\n\n")
        .next()
        .unwrap_or(raw);
    let unfolded = head
        .replace("\r\n ", " ")
        .replace("\r\n\t", " ")
        .replace("\n ", " ")
        .replace("\n\t", " ");
    let prefix = format!("{}:", name.to_lowercase());
    unfolded
        .lines()
        .find(|l| {
            l.get(..prefix.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(&prefix))
        })
        .map(|l| l[prefix.len()..].trim().to_string())
}
