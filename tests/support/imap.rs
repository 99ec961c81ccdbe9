//! The one mailbox reader of the tests and benchmarks: an IMAP login to an
//! account of the mail stack, its mail fetched by UID, and deleted.

use super::Stack;
use futures::StreamExt;

pub type Session = async_imap::Session<tokio::net::TcpStream>;

/// Runs `f` to its end on a runtime of this thread.
pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(f)
}

/// A logged-in session of `user` (a whole address) on the stack's IMAP server.
pub async fn login(stack: &Stack, user: &str) -> Result<Session, String> {
    let tcp = tokio::net::TcpStream::connect((stack.imap.0.as_str(), stack.imap.1))
        .await
        .map_err(|e| format!("IMAP: {e}"))?;
    let mut client = async_imap::Client::new(tcp);
    client
        .read_response()
        .await
        .map_err(|e| format!("IMAP greeting: {e}"))?;
    client
        .login(user, &stack.password)
        .await
        .map_err(|e| format!("IMAP login {user}: {}", e.0))
}

/// A UID set ("3,4,9") of `uids`.
fn set_of(uids: &[u32]) -> String {
    uids.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The whole raw messages with these UIDs in the selected mailbox, by UID.
pub async fn fetch(s: &mut Session, uids: &[u32]) -> Result<Vec<(u32, Vec<u8>)>, String> {
    let mut out = Vec::new();
    if uids.is_empty() {
        return Ok(out);
    }
    let mut st = s
        .uid_fetch(set_of(uids), "(UID BODY.PEEK[])")
        .await
        .map_err(|e| format!("IMAP fetch: {e}"))?;
    while let Some(f) = st.next().await {
        let f = f.map_err(|e| format!("IMAP fetch: {e}"))?;
        if let (Some(uid), Some(b)) = (f.uid, f.body()) {
            out.push((uid, b.to_vec()));
        }
    }
    out.sort_by_key(|m| m.0);
    Ok(out)
}

/// Deletes the messages with these UIDs from the selected mailbox.
pub async fn delete(s: &mut Session, uids: &[u32]) -> Result<(), String> {
    for chunk in uids.chunks(500) {
        let set = set_of(chunk);
        {
            let mut st = s
                .uid_store(&set, "+FLAGS.SILENT (\\Deleted)")
                .await
                .map_err(|e| format!("IMAP store: {e}"))?;
            while st.next().await.is_some() {}
        }
        let ex = s
            .uid_expunge(&set)
            .await
            .map_err(|e| format!("IMAP expunge: {e}"))?;
        let mut ex = std::pin::pin!(ex);
        while ex.next().await.is_some() {}
    }
    Ok(())
}

/// A session of `user` with INBOX selected, and the UIDs of all it holds.
async fn open_inbox(stack: &Stack, user: &str) -> Result<(Session, Vec<u32>), String> {
    let mut s = login(stack, user).await?;
    s.select("INBOX").await.map_err(|e| e.to_string())?;
    let uids = s.uid_search("ALL").await.map_err(|e| e.to_string())?;
    Ok((s, uids.into_iter().collect()))
}

/// Every message in `user`'s INBOX: (UID, raw), oldest first.
pub fn inbox(stack: &Stack, user: &str) -> Vec<(u32, Vec<u8>)> {
    block_on(async {
        let (mut s, uids) = open_inbox(stack, user).await?;
        let mail = fetch(&mut s, &uids).await?;
        let _ = s.logout().await;
        Ok::<_, String>(mail)
    })
    .unwrap_or_else(|e| panic!("{user}: {e}"))
}

/// The messages in `user`'s INBOX whose UIDs are not in `seen`: (UID,
/// raw), oldest first. Only those are fetched, so a poll costs what is new.
pub fn inbox_unseen(
    stack: &Stack,
    user: &str,
    seen: &std::collections::BTreeSet<u32>,
) -> Vec<(u32, Vec<u8>)> {
    block_on(async {
        let (mut s, uids) = open_inbox(stack, user).await?;
        let new: Vec<u32> = uids.into_iter().filter(|u| !seen.contains(u)).collect();
        let mail = fetch(&mut s, &new).await?;
        let _ = s.logout().await;
        Ok::<_, String>(mail)
    })
    .unwrap_or_else(|e| panic!("{user}: {e}"))
}

/// Empties `user`'s INBOX.
pub fn purge(stack: &Stack, user: &str) {
    block_on(async {
        let (mut s, uids) = open_inbox(stack, user).await?;
        delete(&mut s, &uids).await?;
        let _ = s.logout().await;
        Ok::<_, String>(())
    })
    .unwrap_or_else(|e| panic!("{user}: {e}"))
}
