//! The `foureyes` binary's integration tests, one test binary (issue 18: every integration-test file used to link
//! the whole dependency tree on its own, 24 links per build of this crate on a 2-core machine). Each file beside this
//! one is a module of it; `support`, `faults` and `pg_cluster` (the PostgreSQL test cluster's helpers, shared with
//! the other crates' tests) are the shared set-up. nextest still runs each test in its own process, so tests that
//! start servers, shims or clocks do not share state. Run one file's tests with
//! `cargo nextest run -p foureyes --test integration -E 'test(/^faults_soak::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

mod faults;
mod namespaces;
#[path = "../../foureyes-store-pg/tests/support/mod.rs"]
mod pg_cluster;
mod support;

mod attack38_files;
mod attack39_files;
mod attack40_files;
mod attack41_files;
mod attack41_minors;
mod attack44_files;
mod attack44_minors;
mod attack44_names;
mod attack45_files;
mod attack45_minors;
mod attack45_names;
mod attack46;
mod bench_floor;
mod bench_load;
mod cli;
mod cli_hidden_chars;
mod cli_names_shown;
mod console_e2e;
mod execute_cli;
mod faults_clock;
mod faults_pg;
mod faults_soak;
mod faults_sqlite;
mod journal_authority;
mod litellm_selfcheck;
mod mcp_clients;
mod mcp_elicit;
mod mcp_gate_bypass;
mod mcp_listen;
mod mcp_pins;
mod mcp_remote;
mod replicas;
mod seal_doors;
mod serve_process;
mod task_api;
mod task_cli;
mod telemetry_otlp;
mod tidy;
mod token_cli;
mod topology_execute;
