//! The SQLite store's integration tests: the conformance suite, the read pool and the tamper property.
//! One test binary for the crate (issue 18: each integration-test file used to link the whole dependency
//! tree on its own). Each file beside this one is a module of it; shared set-up is declared once here.
//! nextest still runs each test in its own process. One file's tests:
//! `cargo nextest run -p foureyes-store-sqlite --test integration -E 'test(/^FILE::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

mod attack38_files;
mod held_locks;
mod one_name;
mod own_commit;
mod read_pool;
mod schema_v11;
mod schema_v9;
mod sqlite_conformance;
mod tamper_property;
mod wal_checkpoint;
