//! Namespaces (ADR-500): independent doors over one deployment. A namespace (a team, a tenant) has its own store —
//! its own SQLite file beside `--db`, or its own PostgreSQL schema in the `--db` database — and so its own chain
//! head, journal, policy, limits and credentials; two namespaces never share a row, a lock or a chain, so they never
//! serialize on each other. The default namespace is `--db` itself, exactly as before namespaces existed.
//!
//! A credential names its namespace in its own bytes: a token of namespace `team-a` is `fe.team-a.<secret>`, and a
//! console session cookie of `team-a` is `fe.team-a.<secret>` too; a default-namespace credential has no such prefix.
//! The server routes a request by that prefix, and a door refuses a credential whose prefix is not its own
//! namespace, even one whose hash it finds (a credential row copied from another namespace's store grants nothing).
//! The prefix is part of what is hashed, so rewriting it yields a credential no store holds.
//!
//! This module is the one home of the naming: which names are valid, which file or schema a namespace is, and which
//! namespace a credential names. It does no I/O.

use std::path::{Path, PathBuf};

/// Longest namespace name.
pub const MAX_NAME_LEN: usize = 32;

/// What starts every namespaced credential: `fe.<namespace>.`.
pub const CREDENTIAL_PREFIX: &str = "fe.";

/// The PostgreSQL schema of every namespace starts with this (`fe_ns_team_a` for `team-a`).
pub const PG_SCHEMA_PREFIX: &str = "fe_ns_";

/// Whether `name` is a namespace name: 1 to [`MAX_NAME_LEN`] lowercase ASCII letters, digits and `-`, starting with
/// a letter or digit. (No `.`, so a credential's namespace ends at its second dot; no `_`, so `a-b` and `a_b` cannot
/// map to one PostgreSQL schema.)
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-')
}

/// The error message for an invalid name.
pub fn invalid_name(name: &str) -> String {
    format!(
        "namespace `{}`: use 1 to {MAX_NAME_LEN} lowercase letters, digits and `-`, starting with a letter or digit",
        // The name as typed, through the one escape of names (attack 45's H3, F1451).
        foureyes_core::tool_pin::shown(name)
    )
}

/// The namespace a credential (bearer token, session cookie, sign-in code) names: `Some("team-a")` for
/// `fe.team-a.<secret>`, `None` (the default namespace) for anything without that prefix. A credential that starts
/// with the prefix but names no valid namespace is `Some` of what it names, so no door takes it (no namespace has an
/// invalid name, and the default door takes only unprefixed credentials).
pub fn of_credential(credential: &str) -> Option<&str> {
    let rest = credential.trim().strip_prefix(CREDENTIAL_PREFIX)?;
    Some(rest.split_once('.').map_or(rest, |(name, _)| name))
}

/// `secret` as a credential of `namespace` (`None`: the default namespace, `secret` unchanged).
pub fn credential(namespace: Option<&str>, secret: &str) -> String {
    match namespace {
        Some(name) => format!("{CREDENTIAL_PREFIX}{name}.{secret}"),
        None => secret.to_string(),
    }
}

/// Whether a door of `namespace` may take `credential` (its prefix names exactly this namespace).
pub fn admits(namespace: Option<&str>, credential: &str) -> bool {
    of_credential(credential) == namespace
}

/// The SQLite file of `namespace` beside the default one: `foureyes.db` → `foureyes.ns-team-a.db` (a file with no
/// extension gets `.ns-team-a`).
pub fn sqlite_path(db: &Path, namespace: &str) -> PathBuf {
    let stem = db.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match db.extension() {
        Some(ext) => format!("{stem}.ns-{namespace}.{}", ext.to_string_lossy()),
        None => format!("{stem}.ns-{namespace}"),
    };
    db.with_file_name(name)
}

/// The PostgreSQL schema of `namespace` (`fe_ns_team_a`): an identifier that needs no quoting.
pub fn pg_schema(namespace: &str) -> String {
    format!("{PG_SCHEMA_PREFIX}{}", namespace.replace('-', "_"))
}

/// `url` (a PostgreSQL URL) with its sessions' `search_path` set to the schema of `namespace`, so every unqualified
/// table is that namespace's. An `options=` already in the URL is kept and extended.
pub fn pg_url(url: &str, namespace: &str) -> String {
    let setting = format!("-c%20search_path%3D{}", pg_schema(namespace));
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, query),
        None => (url, ""),
    };
    let mut params: Vec<String> = query.split('&').filter(|p| !p.is_empty()).map(str::to_string).collect();
    match params.iter_mut().find(|p| p.starts_with("options=")) {
        Some(options) => {
            options.push_str("%20");
            options.push_str(&setting);
        }
        None => params.push(format!("options={setting}")),
    }
    format!("{base}?{}", params.join("&"))
}

/// The database `db` (`--db`: a SQLite path or a PostgreSQL URL) as seen by `namespace` (`None`: `db` itself).
pub fn database(db: &Path, namespace: Option<&str>) -> PathBuf {
    let Some(namespace) = namespace else { return db.to_path_buf() };
    match db.to_str() {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            PathBuf::from(pg_url(url, namespace))
        }
        _ => sqlite_path(db, namespace),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for ok in ["a", "team-a", "t0", "0", "abcdefghijabcdefghijabcdefghij12"] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in ["", "-a", "A", "a_b", "a.b", "a b", "é", "abcdefghijabcdefghijabcdefghij123"] {
            assert!(!valid_name(bad), "{bad}");
        }
    }

    #[test]
    fn credentials_name_their_namespace() {
        assert_eq!(of_credential("fe_0123abcd"), None);
        assert_eq!(of_credential("agent-token"), None);
        assert_eq!(of_credential("fe.team-a.0123"), Some("team-a"));
        assert_eq!(of_credential("fe.team-a"), Some("team-a"));
        assert_eq!(of_credential("fe..x"), Some(""));
        assert_eq!(credential(Some("b"), "fe_x"), "fe.b.fe_x");
        assert_eq!(credential(None, "fe_x"), "fe_x");
        assert!(admits(Some("b"), "fe.b.x"));
        assert!(!admits(Some("b"), "fe.a.x"));
        assert!(!admits(None, "fe.a.x"));
        assert!(!admits(Some("b"), "fe_x"));
        assert!(admits(None, "fe_x"));
    }

    #[test]
    fn databases() {
        assert_eq!(database(Path::new("/d/foureyes.db"), Some("a")), PathBuf::from("/d/foureyes.ns-a.db"));
        assert_eq!(database(Path::new("/d/fe"), Some("a-b")), PathBuf::from("/d/fe.ns-a-b"));
        assert_eq!(database(Path::new("/d/fe.db"), None), PathBuf::from("/d/fe.db"));
        assert_eq!(
            database(Path::new("postgres://u@h/db"), Some("a-b")),
            PathBuf::from("postgres://u@h/db?options=-c%20search_path%3Dfe_ns_a_b")
        );
        assert_eq!(
            pg_url("postgres://u@h/db?dbname=x&options=-c%20work_mem%3D4MB", "a"),
            "postgres://u@h/db?dbname=x&options=-c%20work_mem%3D4MB%20-c%20search_path%3Dfe_ns_a"
        );
    }
}
