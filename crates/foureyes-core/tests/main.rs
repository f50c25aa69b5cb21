//! The core's integration tests: the pipeline, the policy loader and session trust against fixture cases.
//! One test binary for the crate (issue 18: each integration-test file used to link the whole dependency
//! tree on its own). Each file beside this one is a module of it; shared set-up is declared once here.
//! nextest still runs each test in its own process. One file's tests:
//! `cargo nextest run -p foureyes-core --test integration -E 'test(/^FILE::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

mod cases;
mod pipeline;
mod policy_loader;
mod session_trust;
