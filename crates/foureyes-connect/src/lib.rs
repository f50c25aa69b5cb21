//! FourEyes executes: the connectors that hold the credentials, so that the door is the only way through.
//!
//! An action whose policy entry has an `execute:` section ([`foureyes_core::connector::ConnectorSpec`]) is run by
//! FourEyes itself through [`Door::execute`]: decide → run the connector outside any lock with a deadline →
//! report, in one call (`POST /v1/execute`, `foureyes execute`, the Python client's `execute()`). The agent then
//! holds no credential for the real system: the secrets ([`secrets`]) are sealed at rest under a key kept outside
//! the database and opened only inside a run.
//!
//! - [`template`]: minijinja restricted to substitution, escaping each value for where it lands;
//! - [`run`]: the `http` connector (reqwest on rustls with the `ring` provider; the URL and each redirect judged by
//!   core's canonicaliser and `UrlRule`: the allowed origins and the action's `type: url` rules, [`run::url_allowed`]) and the `command` connector (argv, never a shell; empty environment plus `PATH`);
//! - [`mcp`]: the `mcp` connector, a tool on an MCP server (stdio or Streamable HTTP) called through the MCP
//!   proxy's own wire code (framing, the params and id rules, result reading) from `foureyes-mcp`;
//! - [`secrets`]: AES-256-GCM sealing and the `connector_secrets` table (SQLite or PostgreSQL);
//! - [`redact`]: a run's secrets, in every form they take, replaced before anything is cut or kept;
//! - [`shape`]: what a run that held a secret keeps of the target's answer: what FourEyes read of it and the fields
//!   the policy reveals, each sifted for any form of a secret (ADR-481);
//! - start marks: the door journals `connector_started` (ADR-321) through the store before a connector is sent;
//! - [`door`]: the flow, and [`door::unconfirmed`] (runs a crash left unconfirmed; never re-run by themselves);
//! - [`bind`]: the connector as it would run, recorded with each decision and shown with an approval; a release runs
//!   only the connector its approval was given for (ADR-570).
//!
//! Architecture invariant: a connector runs only for a permit its own call made (`replayed: false`); a denied,
//! deferred or replayed decision never reaches [`run::run`] (`tests/execute.rs`, `cargo xtask teeth`).

pub mod bind;
pub mod door;
pub mod files;
pub mod mcp;
pub mod redact;
pub mod run;
pub mod secrets;
pub mod shape;
pub mod template;

pub use door::{Door, Executed, Unconfirmed, unconfirmed};
pub use run::{check_policy, check_spec};
pub use secrets::{SecretKey, Secrets};

/// reqwest is built without a crypto provider (the workspace picks rustls's `ring`); install it once.
pub(crate) fn install_crypto_provider() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // Racing another installer is fine: either provider serves.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}
