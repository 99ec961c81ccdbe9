//! (1) The echo loop: the mail server's own limit, measured with quipu's
//! IMAP and SMTP code and no game, as the floor quipu's rate is judged by.

use crate::bymail::service_config;
use crate::relay::Recorder;
use crate::support::smtp::{header, SmtpClient};
use crate::support::Stack;
use crate::watch::Watchers;
use crate::{Plan, ECHO, PLAYERS};
use quipu::config::Config;
use quipu::mail::{imap as qimap, smtp::Smtp};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

/// The bare loop on q9: IDLE, fetch, one answer per mail (to its From, found
/// by a byte scan, no parsing), move it away; quipu's own IMAP and SMTP code.
fn echo_server(config: Config, stop: Arc<AtomicBool>) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let smtp = Smtp::new(&config.smtp, "example.test").expect("SMTP settings");
        let mut session = qimap::connect(&config.imap).await.expect("echo: IMAP");
        let mut n = 0u64;
        while !stop.load(Ordering::Relaxed) {
            let mails = qimap::fetch_all(&mut session, usize::MAX).await.expect("echo: fetch");
            let uids: Vec<u32> = mails.iter().map(|m| m.uid).collect();
            for m in mails {
                let text = String::from_utf8_lossy(&m.raw);
                let from = header(&text, "From").unwrap_or_default();
                let from = from.rsplit('<').next().unwrap_or(&from).trim_end_matches('>').to_string();
                let request = header(&text, "Message-ID").unwrap_or_default();
                let request = request.trim_matches(['<', '>']);
                n += 1;
                let raw = format!(
                    "From: <{me}>\r\nTo: <{from}>\r\nSubject: echo\r\nMessage-ID: <echo.{n}.{}@example.test>\r\nIn-Reply-To: <{request}>\r\n\r\necho\r\n",
                    std::process::id(),
                    me = config.address
                );
                if from.contains('@') {
                    let _ = smtp.send(&config.address, &from, raw.as_bytes()).await;
                }
            }
            qimap::move_to(&mut session, &uids, &config.imap.processed).await.expect("echo: move");
            session = qimap::idle(session, Duration::from_millis(500)).await.expect("echo: IDLE");
        }
    });
}

/// Round trips per second of `plan.parallel` clients, each sending its next
/// mail to the echo loop as soon as the answer to the last one arrives.
pub fn run_echo(plan: &Plan, stack: &Stack, recorder: &Recorder, dir: &Path) -> f64 {
    let config = service_config(
        stack,
        ECHO,
        recorder.port,
        &dir.join("echo-unused.db"),
        "none",
    );
    let stop = Arc::new(AtomicBool::new(false));
    let server = {
        let stop = stop.clone();
        std::thread::spawn(move || echo_server(config, stop))
    };
    let echo_addr = stack.addr(ECHO);
    let watchers = Watchers::start(stack, std::slice::from_ref(&echo_addr));
    std::thread::sleep(Duration::from_millis(800)); // let the loop drain old mail
    let mut smtp = SmtpClient::new(&stack.smtp_addr());
    let run = format!(
        "{}.{}",
        std::process::id(),
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis()
    );
    let mut seq = 0u64;
    let mut in_flight: HashMap<String, usize> = HashMap::new();
    let send = |client: usize,
                smtp: &mut SmtpClient,
                seq: &mut u64,
                in_flight: &mut HashMap<String, usize>| {
        *seq += 1;
        let from = stack.addr(PLAYERS[client % PLAYERS.len()]);
        let mid = format!("echo-req.{run}.{seq}@players.example.test");
        let raw = format!("From: <{from}>\r\nTo: <{echo_addr}>\r\nSubject: ping {client}\r\nMessage-ID: <{mid}>\r\n\r\nping\r\n");
        smtp.send(&from, &echo_addr, &raw);
        in_flight.insert(mid, client);
    };
    for c in 0..plan.parallel {
        send(c, &mut smtp, &mut seq, &mut in_flight);
    }
    let start = Instant::now();
    let (mut done, mut done_at_warm, mut warm_at) = (0u64, 0u64, None);
    while start.elapsed() < plan.warm + plan.echo {
        if warm_at.is_none() && start.elapsed() >= plan.warm {
            warm_at = Some(Instant::now());
            done_at_warm = done;
        }
        let Ok(a) = watchers.rx.recv_timeout(Duration::from_millis(200)) else {
            continue;
        };
        if let Some(client) = in_flight.remove(&a.mail.in_reply_to) {
            done += 1;
            send(client, &mut smtp, &mut seq, &mut in_flight);
        }
    }
    let secs = warm_at.map(|w| w.elapsed().as_secs_f64()).unwrap_or(1.0);
    let rate = (done - done_at_warm) as f64 / secs;
    stop.store(true, Ordering::Relaxed);
    // Let the last answers land, so nothing of ours is left behind in the inboxes.
    let until = Instant::now() + Duration::from_secs(3);
    while !in_flight.is_empty() && Instant::now() < until {
        if let Ok(a) = watchers.rx.recv_timeout(Duration::from_millis(200)) {
            in_flight.remove(&a.mail.in_reply_to);
        }
    }
    watchers.stop();
    let _ = server.join();
    rate
}
