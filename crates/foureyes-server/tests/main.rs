//! The HTTP server's integration tests: the API over real HTTP on real stores.
//! One test binary for the crate (issue 18: each integration-test file used to link the whole dependency
//! tree on its own). Each file beside this one is a module of it; shared set-up is declared once here.
//! nextest still runs each test in its own process. One file's tests:
//! `cargo nextest run -p foureyes-server --test integration -E 'test(/^FILE::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

mod api_admin;
mod api_connector_reports;
mod api_consent;
mod api_console;
mod api_deferrals;
mod api_executor;
mod api_input;
mod api_me;
mod api_observe;
mod api_openapi;
mod api_redaction;
mod api_revoke;
mod api_roles;
mod api_sessions;
mod api_started;
mod api_wait;
mod attack38;
mod boundaries;
mod console_hidden;
mod feed_wakes;
mod mcp_reports;
mod metrics_prometheus;
mod namespaces;
mod refusal_flood;
mod serve_limits;
mod telemetry_checks;
