//! The IMAP side: connect (plain, STARTTLS or TLS), log in, fetch new mail
//! by UID, move processed mail to its folder, and wait with IDLE (or poll).

use crate::config::{Imap as ImapConfig, Tls};
use async_imap::types::UnsolicitedResponse;
use async_imap::{Client, Session};
use futures::StreamExt;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{ClientConfig, RootCertStore};
use tokio_rustls::TlsConnector;

/// A plain or TLS connection, as one type for the IMAP client.
#[derive(Debug)]
pub enum Conn {
    Plain(TcpStream),
    Tls(Box<TlsStream<TcpStream>>),
}

impl AsyncRead for Conn {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_read(cx, buf),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_write(cx, buf),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_flush(cx),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Conn::Plain(s) => Pin::new(s).poll_shutdown(cx),
            Conn::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}

pub type ImapSession = Session<Conn>;

/// One fetched message.
pub struct Fetched {
    pub uid: u32,
    /// The whole message, or only its header when it is larger than the limit.
    pub raw: Vec<u8>,
    /// The size the server gives (RFC822.SIZE).
    pub size: usize,
}

fn tls_connector(cfg: &ImapConfig) -> Result<TlsConnector, String> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(ca) = &cfg.server.ca_file {
        for cert in CertificateDer::pem_file_iter(ca)
            .map_err(|e| format!("cannot read {}: {e}", ca.display()))?
        {
            roots
                .add(cert.map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())?;
        }
    }
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(TlsConnector::from(Arc::new(config)))
}

async fn wrap(cfg: &ImapConfig, tcp: TcpStream) -> Result<Conn, String> {
    let name = cfg
        .server
        .tls_name
        .clone()
        .unwrap_or_else(|| cfg.server.host.clone());
    let server_name =
        ServerName::try_from(name.clone()).map_err(|e| format!("bad TLS name {name}: {e}"))?;
    let tls = tls_connector(cfg)?
        .connect(server_name, tcp)
        .await
        .map_err(|e| format!("TLS: {e}"))?;
    Ok(Conn::Tls(Box::new(tls)))
}

/// True when the server offers IDLE (otherwise the daemon polls).
pub async fn has_idle(session: &mut ImapSession) -> bool {
    session
        .capabilities()
        .await
        .map(|c| c.has_str("IDLE"))
        .unwrap_or(false)
}

/// Connects and logs in; selects the mailbox and makes sure the processed folder exists.
pub async fn connect(cfg: &ImapConfig) -> Result<ImapSession, String> {
    let addr = format!("{}:{}", cfg.server.host, cfg.server.port);
    let tcp = tokio::time::timeout(Duration::from_secs(20), TcpStream::connect(&addr))
        .await
        .map_err(|_| format!("IMAP {addr}: connection timed out"))?
        .map_err(|e| format!("IMAP {addr}: {e}"))?;
    let conn = match cfg.server.tls {
        Tls::Tls => wrap(cfg, tcp).await?,
        _ => Conn::Plain(tcp),
    };
    let mut client = Client::new(conn);
    client
        .read_response()
        .await
        .map_err(|e| format!("IMAP greeting: {e}"))?;
    if cfg.server.tls == Tls::Starttls {
        client
            .run_command_and_check_ok("STARTTLS", None)
            .await
            .map_err(|e| format!("STARTTLS: {e}"))?;
        let Conn::Plain(tcp) = client.into_inner() else {
            return Err("STARTTLS on a TLS connection".into());
        };
        client = Client::new(wrap(cfg, tcp).await?);
    }
    let mut session = client
        .login(&cfg.server.user, &cfg.server.password)
        .await
        .map_err(|(e, _)| format!("IMAP login: {e}"))?;
    session
        .select(&cfg.mailbox)
        .await
        .map_err(|e| format!("IMAP select {}: {e}", cfg.mailbox))?;
    if session.create(&cfg.processed).await.is_err() {
        // Already there (or not allowed): moving will say which.
    }
    Ok(session)
}

/// Every message in the selected mailbox, oldest first; a message larger
/// than `max_bytes` (by the server's RFC822.SIZE, asked first) is fetched
/// as its header only, so a huge mail is never downloaded.
pub async fn fetch_all(
    session: &mut ImapSession,
    max_bytes: usize,
) -> Result<Vec<Fetched>, String> {
    // The server's announcements so far are answered by this search; drop
    // them, so the queue (100 deep, and full ones are dropped silently) has
    // room for those that come after it.
    announced_new_mail(session);
    let uids = session
        .uid_search("ALL")
        .await
        .map_err(|e| format!("IMAP search: {e}"))?;
    let mut uids: Vec<u32> = uids.into_iter().collect();
    uids.sort_unstable();
    let mut out = Vec::new();
    for chunk in uids.chunks(50) {
        let set = chunk
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let sizes = fetch_sizes(session, &set).await?;
        let (small, large): (Vec<_>, Vec<_>) = sizes.iter().partition(|(_, n)| *n <= max_bytes);
        for (part, query) in [
            (small, "(UID BODY.PEEK[])"),
            (large, "(UID BODY.PEEK[HEADER])"),
        ] {
            if part.is_empty() {
                continue;
            }
            let set = part
                .iter()
                .map(|(u, _)| u.to_string())
                .collect::<Vec<_>>()
                .join(",");
            let mut stream = session
                .uid_fetch(&set, query)
                .await
                .map_err(|e| format!("IMAP fetch: {e}"))?;
            while let Some(item) = stream.next().await {
                let f = item.map_err(|e| format!("IMAP fetch: {e}"))?;
                let raw = f.body().or_else(|| f.header());
                if let (Some(uid), Some(raw)) = (f.uid, raw) {
                    let size = sizes
                        .iter()
                        .find(|(u, _)| *u == uid)
                        .map_or(raw.len(), |(_, n)| *n);
                    out.push(Fetched {
                        uid,
                        raw: raw.to_vec(),
                        size,
                    });
                }
            }
        }
    }
    out.sort_by_key(|f| f.uid);
    Ok(out)
}

/// (uid, RFC822.SIZE) of the messages in `set`.
async fn fetch_sizes(session: &mut ImapSession, set: &str) -> Result<Vec<(u32, usize)>, String> {
    let mut stream = session
        .uid_fetch(set, "(UID RFC822.SIZE)")
        .await
        .map_err(|e| format!("IMAP fetch: {e}"))?;
    let mut sizes = Vec::new();
    while let Some(item) = stream.next().await {
        let f = item.map_err(|e| format!("IMAP fetch: {e}"))?;
        if let (Some(uid), Some(n)) = (f.uid, f.size) {
            sizes.push((uid, n as usize));
        }
    }
    Ok(sizes)
}

/// Moves processed messages to `folder` in one command (MOVE, or COPY +
/// delete + expunge): one round trip for a whole batch.
pub async fn move_to(session: &mut ImapSession, uids: &[u32], folder: &str) -> Result<(), String> {
    if uids.is_empty() {
        return Ok(());
    }
    let set = uids
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    if session.uid_mv(&set, folder).await.is_ok() {
        return Ok(());
    }
    session
        .uid_copy(&set, folder)
        .await
        .map_err(|e| format!("IMAP copy: {e}"))?;
    {
        let mut s = session
            .uid_store(&set, "+FLAGS (\\Deleted)")
            .await
            .map_err(|e| format!("IMAP store: {e}"))?;
        while s.next().await.is_some() {}
    }
    let e = session
        .expunge()
        .await
        .map_err(|e| format!("IMAP expunge: {e}"))?;
    let mut e = std::pin::pin!(e);
    while e.next().await.is_some() {}
    Ok(())
}

/// Housekeeping: deletes the messages of the processed folder that arrived
/// before `before`, on a connection of its own; returns how many.
pub async fn prune_processed(cfg: &ImapConfig, before: chrono::NaiveDate) -> Result<usize, String> {
    let mut session = connect(cfg).await?;
    session
        .select(&cfg.processed)
        .await
        .map_err(|e| format!("IMAP select {}: {e}", cfg.processed))?;
    let uids = session
        .uid_search(format!("BEFORE {}", before.format("%d-%b-%Y")))
        .await
        .map_err(|e| format!("IMAP search: {e}"))?;
    let mut uids: Vec<u32> = uids.into_iter().collect();
    uids.sort_unstable();
    for chunk in uids.chunks(500) {
        let set = chunk
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let mut s = session
            .uid_store(&set, "+FLAGS (\\Deleted)")
            .await
            .map_err(|e| format!("IMAP store: {e}"))?;
        while s.next().await.is_some() {}
    }
    if !uids.is_empty() {
        let e = session
            .expunge()
            .await
            .map_err(|e| format!("IMAP expunge: {e}"))?;
        let mut e = std::pin::pin!(e);
        while e.next().await.is_some() {}
    }
    let _ = session.logout().await; // the work is done; a failed goodbye changes nothing
    Ok(uids.len())
}

/// Waits until the server says something changed, or `wait` passes.
/// Returns the session for further use.
pub async fn idle(session: ImapSession, wait: Duration) -> Result<ImapSession, String> {
    // New mail announced in the answer to an earlier command (a MOVE while we
    // were handling mail) is not announced again in IDLE: without this check
    // it would wait for the next mail or the timeout.
    if announced_new_mail(&session) {
        return Ok(session);
    }
    let mut handle = session.idle();
    handle.init().await.map_err(|e| format!("IDLE: {e}"))?;
    let (fut, _stop) = handle.wait_with_timeout(wait);
    fut.await.map_err(|e| format!("IDLE: {e}"))?;
    handle.done().await.map_err(|e| format!("IDLE done: {e}"))
}

/// Drains the responses the server sent unasked; true if one announced new mail.
fn announced_new_mail(session: &ImapSession) -> bool {
    let mut new = false;
    while let Ok(r) = session.unsolicited_responses.try_recv() {
        new |= matches!(
            r,
            UnsolicitedResponse::Exists(_) | UnsolicitedResponse::Recent(_)
        );
    }
    new
}
