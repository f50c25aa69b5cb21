//! Change control's store tests on both backends.
//! One test binary for the crate (issue 18: each integration-test file used to link the whole dependency
//! tree on its own). Each file beside this one is a module of it; shared set-up is declared once here.
//! nextest still runs each test in its own process. One file's tests:
//! `cargo nextest run -p change-control --test integration -E 'test(/^FILE::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

#[path = "../../../crates/foureyes-store-pg/tests/support/mod.rs"]
mod support;

mod gate;
mod pg_tasks;
mod sqlite_tasks;
