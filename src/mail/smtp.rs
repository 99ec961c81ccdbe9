//! Sending raw messages over SMTP with lettre: plain, STARTTLS or TLS, with
//! AUTH when a user is configured. The envelope comes from the headers.

use crate::config::{Server, Tls};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls as LettreTls, TlsParameters};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::time::Duration;

/// Why a mail was not sent: worth retrying (server down, 4xx) or not (5xx, bad address).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    Temporary(String),
    Permanent(String),
}

impl std::fmt::Display for SendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SendError::Temporary(e) => write!(f, "{e}"),
            SendError::Permanent(e) => write!(f, "refused for good: {e}"),
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
            .map_err(|e| SendError::Permanent(format!("bad sender {from}: {e}")))?;
        let to: Address = to
            .parse()
            .map_err(|e| SendError::Permanent(format!("bad recipient {to}: {e}")))?;
        let envelope =
            Envelope::new(Some(from), vec![to]).map_err(|e| SendError::Permanent(e.to_string()))?;
        self.transport
            .send_raw(&envelope, raw)
            .await
            .map(|_| ())
            .map_err(|e| {
                if e.is_permanent() {
                    SendError::Permanent(e.to_string())
                } else {
                    SendError::Temporary(e.to_string())
                }
            })
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
