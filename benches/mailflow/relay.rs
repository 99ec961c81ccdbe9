//! A relay between a sender and the SMTP server that records, for every
//! message, the moment the server's acceptance came back. quipu and the echo
//! loop send through it (plain SMTP on loopback), so "accepted by the SMTP
//! server" is timed to the millisecond instead of the log's whole seconds.

use crate::support::smtp::{queued_as, Accepted};
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime};

pub struct Recorder {
    pub port: u16,
    pub accepted: Arc<Mutex<Vec<Accepted>>>,
}

/// Message-IDs of finished DATA sections, waiting for the server's answer.
type Waiting = Arc<Mutex<VecDeque<String>>>;

impl Recorder {
    pub fn start(upstream: &str) -> Recorder {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the recorder");
        let port = listener.local_addr().expect("addr").port();
        let accepted = Arc::new(Mutex::new(Vec::new()));
        let store = accepted.clone();
        let upstream = upstream.to_string();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect(&upstream) else {
                    continue;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                Self::relay(client, server, store.clone());
            }
        });
        Recorder { port, accepted }
    }

    fn relay(client: TcpStream, server: TcpStream, store: Arc<Mutex<Vec<Accepted>>>) {
        let waiting: Waiting = Arc::new(Mutex::new(VecDeque::new()));
        let (c_in, s_out) = (
            client.try_clone().expect("clone"),
            server.try_clone().expect("clone"),
        );
        let queue = waiting.clone();
        std::thread::spawn(move || client_to_server(c_in, s_out, queue));
        std::thread::spawn(move || server_to_client(server, client, waiting, store));
    }

    pub fn by_message_id(&self) -> HashMap<String, Accepted> {
        self.accepted
            .lock()
            .unwrap()
            .iter()
            .map(|a| (a.message_id.clone(), a.clone()))
            .collect()
    }
}

/// Copies the client's side, noting the Message-ID of each DATA section.
fn client_to_server(c_in: TcpStream, s_out: TcpStream, queue: Waiting) {
    let mut r = BufReader::with_capacity(64 * 1024, c_in);
    let mut w = std::io::BufWriter::with_capacity(64 * 1024, s_out);
    let (mut in_data, mut in_head, mut mid) = (false, false, String::new());
    let mut line = Vec::new();
    loop {
        line.clear();
        if r.buffer().is_empty() && w.flush().is_err() {
            return;
        }
        if r.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
            let _ = w.flush();
            let _ = w.get_ref().shutdown(std::net::Shutdown::Write);
            return;
        }
        let text = String::from_utf8_lossy(&line);
        if in_data {
            if text == ".\r\n" || text == ".\n" {
                in_data = false;
                queue.lock().unwrap().push_back(std::mem::take(&mut mid));
            } else if in_head {
                if text.trim().is_empty() {
                    in_head = false;
                } else if text.to_lowercase().starts_with("message-id:") {
                    mid = text[11..].trim().trim_matches(['<', '>']).to_string();
                }
            }
        } else if text.trim().eq_ignore_ascii_case("DATA") {
            in_data = true;
            in_head = true;
        }
        if w.write_all(&line).is_err() {
            return;
        }
    }
}

/// Copies the server's side, recording each acceptance of a message.
fn server_to_client(
    server: TcpStream,
    client: TcpStream,
    waiting: Waiting,
    store: Arc<Mutex<Vec<Accepted>>>,
) {
    let mut r = BufReader::new(server);
    let mut w = client;
    let mut line = Vec::new();
    loop {
        line.clear();
        if r.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
            let _ = w.shutdown(std::net::Shutdown::Write);
            return;
        }
        let text = String::from_utf8_lossy(&line);
        if text.starts_with("250") && text.contains("queued as ") {
            let at = Instant::now();
            let message_id = waiting.lock().unwrap().pop_front().unwrap_or_default();
            store.lock().unwrap().push(Accepted {
                message_id,
                qid: queued_as(&text),
                at,
                wall: SystemTime::now(),
            });
        }
        if w.write_all(&line).is_err() {
            return;
        }
    }
}
