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
    /// The credential a request's authentication found, set by its extractor inside [`writes_checked`] (ADR-396).
    static AUTHENTICATED_AS: std::cell::RefCell<Option<WriteCredential>>;
    /// Set inside [`writes_by_the_door`]: writes the door makes as itself, checked as nobody's credential.
    static BY_THE_DOOR: ();
}

/// Runs `work`, whose writes the door makes as itself, not as the request's caller (ADR-396): a connector run's start
/// mark and outcome, recorded after the caller's decision committed. A caller revoked while its permitted run is in
/// flight must not lose the record of what the run did.
pub async fn writes_by_the_door<F: Future>(work: F) -> F::Output {
    BY_THE_DOOR.scope((), work).await
}

/// Runs `work` with its writes made as `credential` (none: as before, unchecked by this rule). Writes the
/// backend runs on behalf of `work` read it when they are queued, on `work`'s task.
pub async fn writes_as<F: Future>(credential: Option<WriteCredential>, work: F) -> F::Output {
    match credential {
        Some(credential) => WRITES_AS.scope(credential, work).await,
        None => work.await,
    }
}

/// Runs a whole request (`work`: its extractors and its handler) so that every write it makes is checked as the
/// credential its authentication finds, whichever extractor found it and whether or not its handler asked for the
/// check (ADR-396: a server's middleware, around every route). The extractor names the credential with
/// [`authenticated_as`]; until then the request's writes are unchecked by this rule, as before it.
pub async fn writes_checked<F: Future>(work: F) -> F::Output {
    AUTHENTICATED_AS.scope(std::cell::RefCell::new(None), work).await
}

/// Names the credential the current request was authenticated by: its later writes are made as it (checked live in
/// each write transaction). Outside [`writes_checked`] it does nothing.
pub fn authenticated_as(credential: WriteCredential) {
    let _ = AUTHENTICATED_AS.try_with(|slot| *slot.borrow_mut() = Some(credential));
}

/// The credential the current task's writes are made as: the innermost [`writes_as`], else the one the request's
/// authentication named inside [`writes_checked`]; `None` outside both, and inside [`writes_by_the_door`].
pub fn writing_as() -> Option<WriteCredential> {
    if BY_THE_DOOR.try_with(|()| ()).is_ok() {
        return None;
    }
    WRITES_AS
        .try_with(Clone::clone)
        .ok()
        .or_else(|| AUTHENTICATED_AS.try_with(|slot| slot.borrow().clone()).ok().flatten())
}
