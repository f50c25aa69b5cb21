//! The pure core of FourEyes: the vocabulary, the policy table, the ordered decision pipeline, approval rules,
//! the journal's hash chain and the canonical encoding it stands on.
//!
//! Architecture invariant: this crate does no I/O and never reads the clock. Time (`now_ms`) and every piece of
//! stored state a decision depends on are passed in, so the whole pipeline is deterministic and is tested without
//! a database. Storage lives in `foureyes-store`; the CLI and servers live above that.

pub mod approval;
pub mod canonical;
pub mod checkpoint;
pub mod connector;
pub mod event;
pub mod fold;
pub mod hidden;
pub mod journal;
pub mod merkle;
pub mod number;
pub mod pipeline;
pub mod policy;
pub mod policy_diff;
pub mod policy_test;
pub mod seal;
pub mod strict_json;
pub mod task;
pub mod tool_pin;
pub mod types;
pub mod urls;
pub mod window;

pub use pipeline::{Snapshot, decide};
pub use policy::Policy;
pub use types::*;
