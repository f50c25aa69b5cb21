//! The credential a request's writes are made on behalf of, when a backend authenticated it from its followed
//! authority state instead of by a statement (ADR-1050).
//!
//! A backend whose credential rows live apart from the process (PostgreSQL, several replicas) may answer
//! [`crate::Credentials::principal_for_writes`] from the journal's credentials its state has applied, with no
//! round trip. That state can lag a revocation committed by another replica a moment ago, so such an answer is
//! only half an authentication: the request's writes run inside [`writes_as`], and the backend checks, in each
//! write transaction after its catch-up under the chain-head lock, that the credential holding *that token hash*
//! is still live ([`crate::ops::check_write_credential`]), refusing (journaled, `credential_revoked`) otherwise.
//! A request that only reads is never authenticated this way (the read path keeps its statement).

use std::future::Future;

/// Who a request's writes are made as, and by which secret it was authenticated: a name revoked and created again
/// has a new token, and a console session ends at sign-out, so the name alone is not enough.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteCredential {
    pub name: String,
    pub presented: Presented,
}

/// The secret a request presented, as its SHA-256 (hex): what the write transaction checks is still live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Presented {
    /// A bearer token: live while the journal holds the name live and bound to this token.
    Token { sha256: String },
    /// A console session's cookie: live while the name is live and the journal holds the session open, unexpired,
    /// for that name (attack 33, H3: a session's writes were never checked after its authentication).
    Session { sha256: String },
}

impl WriteCredential {
    pub fn token(name: &str, token_sha256: &str) -> WriteCredential {
        WriteCredential { name: name.to_string(), presented: Presented::Token { sha256: token_sha256.to_string() } }
    }

    pub fn session(name: &str, session_sha256: &str) -> WriteCredential {
        WriteCredential { name: name.to_string(), presented: Presented::Session { sha256: session_sha256.to_string() } }
    }
}

tokio::task_local! {
    static WRITES_AS: WriteCredential;
}

/// Runs `work` with its writes made as `credential` (none: as before, unchecked by this rule). Writes the
/// backend runs on behalf of `work` read it when they are queued, on `work`'s task.
pub async fn writes_as<F: Future>(credential: Option<WriteCredential>, work: F) -> F::Output {
    match credential {
        Some(credential) => WRITES_AS.scope(credential, work).await,
        None => work.await,
    }
}

/// The credential the current task's writes are made as ([`writes_as`]), if any.
pub fn writing_as() -> Option<WriteCredential> {
    WRITES_AS.try_with(Clone::clone).ok()
}
