//! The support desk's integration tests: the classifier's reading classes and blind sets, the desk's tools and
//! graph, its MCP servers, its CLI and topology as processes, the LLM providers, traces and PostgreSQL.
//! One test binary for the app (ADR-361, issue 18: each file used to link the whole dependency tree on its own).
//! Each file beside this one is a module of it; `kinds` (the blind sets' harness) and `pg_cluster` (the
//! PostgreSQL test cluster's helpers, shared with the other crates' tests) are declared once here. nextest
//! still runs each test in its own process. One file's tests:
//! `cargo nextest run -p support-desk --test integration -E 'test(/^trajectories::/)'`.
#![allow(clippy::unwrap_used, clippy::panic)]

mod kinds;
#[path = "../../../crates/foureyes-store-pg/tests/support/mod.rs"]
mod pg_cluster;

mod amount43;
mod amount45;
mod amount_guard;
mod ask45;
mod asks40;
mod asks41;
mod asks43;
mod asks_combined39;
mod attack54_harm;
mod attack54_hidden;
mod attack55_harm;
mod attack55_reading;
mod attack56_harm;
mod attack56_reading;
mod attack57_left;
mod attack57_parts;
mod attack58_left;
mod attack59_left;
mod attack62_left;
mod attack65_left;
mod attack68_left;
mod blind12_kinds;
mod blind13_kinds;
mod blind15_kinds;
mod blind16_kinds;
mod blind17_kinds;
mod blind18_kinds;
mod blind22_kinds;
mod blind4_kinds;
mod blind5_kinds;
mod blind6_kinds;
mod blind8_kinds;
mod blind9_kinds;
mod classifier_generalization;
mod cli;
mod counts;
mod customer_asks;
mod desk;
mod desk22_kinds;
mod desk23_kinds;
mod desk24_kinds;
mod desk25_kinds;
mod desk26_kinds;
mod desk27_kinds;
mod desk28_kinds;
mod desk29_kinds;
mod desk30_kinds;
mod desk31_kinds;
mod desk32_kinds;
mod desk33_overask;
mod desk34_kinds;
mod desk35_kinds;
mod desk37_kinds;
mod figure_asked42;
mod forwards42;
mod forwards44;
mod goods_wanted;
mod hazard_senses40;
mod hazards41;
mod hazards42;
mod intent_classes;
mod jargon42;
mod kept_misses;
mod kinds38_figures;
mod kinds38_hazards;
mod layout_kinds;
mod layout_kinds_b11;
mod llm_providers;
mod mcp_servers;
mod mechanisms;
mod paying_guard;
mod postgres;
mod reading_classes;
mod reference_semantics;
mod second_reading;
mod settle43;
mod settle44;
mod topology;
mod traces;
mod trajectories;
mod unsettled45;
mod wanted_sums;
mod wording_kinds;
