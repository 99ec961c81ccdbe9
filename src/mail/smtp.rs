//! Sending raw messages over SMTP with lettre: plain, STARTTLS or TLS, with
//! AUTH when a user is configured. The envelope comes from the headers.

use crate::config::{Server, Tls};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls as LettreTls, TlsParameters};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::time::Duration;

/// Why a mail was not sent. Whose fault it is decides how it is retried:
/// the server's (every waiting mail waits for it), this mail's for now, or
/// this mail's for good.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    /// No usable answer: refused or cut connection, timeout, TLS, or 421
    /// (the server closing). Nothing can be sent until the server is back.
    Unreachable(String),
    /// The server answered 4xx for this mail: try it again later.
    Deferred(String),
    /// The server answered 5xx, or the address is unusable: never retried.
    Refused(String),
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SendError::Unreachable(e) => write!(f, "server unreachable: {e}"),
            SendError::Deferred(e) => write!(f, "deferred: {e}"),
            SendError::Refused(e) => write!(f, "refused for good: {e}"),
        }
    }
}

impl SendError {
    fn of(e: lettre::transport::smtp::Error) -> SendError {
        let code = e.status().map(|c| c.to_string());
        if e.is_permanent() {
            SendError::Refused(e.to_string())
        } else if e.is_transient() && code.as_deref() != Some("421") {
            SendError::Deferred(e.to_string())
        } else {
            SendError::Unreachable(e.to_string())
        }
    }
}

/// A connection pool to the outgoing mail server.
#[derive(Clone)]
pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl Smtp {
    pub fn new(server: &Server, hello: &str) -> Result<Smtp, String> {
        let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(server.host.clone())
            .port(server.port)
            .timeout(Some(Duration::from_secs(30)))
            .hello_name(lettre::transport::smtp::extension::ClientId::Domain(
                hello.to_string(),
            ));
        if server.tls != Tls::None {
            let name = server
                .tls_name
                .clone()
                .unwrap_or_else(|| server.host.clone());
            let mut params = TlsParameters::builder(name);
            if let Some(ca) = &server.ca_file {
                let pem =
                    std::fs::read(ca).map_err(|e| format!("cannot read {}: {e}", ca.display()))?;
                params = params
                    .add_root_certificate(Certificate::from_pem(&pem).map_err(|e| e.to_string())?);
            }
            let params = params.build_rustls().map_err(|e| e.to_string())?;
            b = b.tls(if server.tls == Tls::Tls {
                LettreTls::Wrapper(params)
            } else {
                LettreTls::Required(params)
            });
        }
        if !server.user.is_empty() {
            b = b.credentials(Credentials::new(
                server.user.clone(),
                server.password.clone(),
            ));
        }
        Ok(Smtp {
            transport: b.build(),
        })
    }

    /// Sends one message from `from` to `to`; Ok when the server accepted it.
    pub async fn send(&self, from: &str, to: &str, raw: &[u8]) -> Result<(), SendError> {
        let from: Address = from
            .parse()
            .map_err(|e| SendError::Refused(format!("bad sender {from}: {e}")))?;
        let to: Address = to
            .parse()
            .map_err(|e| SendError::Refused(format!("bad recipient {to}: {e}")))?;
        let envelope =
            Envelope::new(Some(from), vec![to]).map_err(|e| SendError::Refused(e.to_string()))?;
        self.transport
            .send_raw(&envelope, raw)
            .await
            .map(|_| ())
            .map_err(SendError::of)
    }

    /// Connects and says hello, for `doctor`.
    pub async fn check(&self) -> Result<(), String> {
        match self.transport.test_connection().await {
            Ok(true) => Ok(()),
            Ok(false) => Err("the server did not answer as an SMTP server".into()),
            Err(e) => Err(e.to_string()),
        }
    }
}
