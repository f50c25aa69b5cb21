//! Signed checkpoints over any [`Store`]: signing the journal's head, checking a journal against an earlier
//! checkpoint (its signature, its root at its size, and a consistency proof to today's head), inclusion proofs a
//! third party checks with the public key alone, and the check every door runs before it decides (the chain is
//! intact). The tree math is `foureyes_core::merkle`, the note format `foureyes_core::checkpoint`; this module only
//! reads the leaves through the store.

use crate::{CheckpointRecord, Store, StoreError};
use foureyes_core::checkpoint::{Checkpoint, NoteError, SigningKey, VerifierKey};
use foureyes_core::journal::{Event, VerifyReport, event_hash};
use foureyes_core::merkle::{self, Hash};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The Merkle leaves of events `1..=size`: each event's hash as 32 bytes, under the RFC 9162 leaf prefix.
pub async fn leaves<S: Store + ?Sized>(store: &S, size: u64) -> Result<Vec<Hash>, StoreError> {
    let hashes = store.event_hashes(0, size).await?;
    if hashes.len() as u64 != size {
        return Err(StoreError::Backend(format!("the journal holds {} events, not {size}", hashes.len())));
    }
    hashes
        .iter()
        .enumerate()
        .map(|(i, h)| {
            hex::decode(h)
                .map(|bytes| merkle::leaf_hash(&bytes))
                .map_err(|_| StoreError::Backend(format!("journal seq {}: hash `{h}` is not hex", i + 1)))
        })
        .collect()
}

/// Signs the journal's current head and journals the checkpoint. `None` when a checkpoint at least as large was
/// already journaled (by another replica, or nothing happened since the last one): then nothing is signed anew.
pub async fn checkpoint<S: Store + ?Sized>(
    store: &S,
    key: &SigningKey,
    now_ms: i64,
) -> Result<Option<(u64, String)>, StoreError> {
    // The head the door verified (chain and seals, ADR-420), not the table's: a forged tail is refused here, and
    // nothing is signed over it (attack 3, L).
    let (size, sealed_from) = store.verified_head_sealed().await?;
    if let Some(last) = store.last_checkpoint().await?
        && last.size >= size
    {
        return Ok(None);
    }
    let root = merkle::root(&leaves(store, size).await?);
    let note = key
        .sign(&Checkpoint { origin: key.name().to_string(), size, root, sealed_from })
        .map_err(|e| StoreError::Backend(e.to_string()))?;
    let record =
        CheckpointRecord { size, root: merkle::to_hex(&root), key: key.name().to_string(), note: note.clone() };
    Ok(store.record_checkpoint(&record, now_ms).await?.map(|seq| (seq, note)))
}

/// How a journal compares with an earlier signed checkpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CheckpointReport {
    /// The journal's first `size` events have the signed root, today's head extends it (consistency proof
    /// checked), and the whole chain verifies.
    Extends { size: u64, head: u64, consistency_proof: Vec<String> },
    /// The note's signature does not verify with the public key (or the note is malformed).
    BadSignature { detail: String },
    /// The journal has fewer events than the checkpoint covers: its tail was dropped.
    Truncated { size: u64, head: u64 },
    /// The first `size` events no longer have the signed root: they were rewritten (hashes recomputed or not).
    Rewritten { size: u64, signed_root: String, journal_root: String, first_bad_seq: Option<u64> },
    /// The root matches but the chain itself does not verify (an event's hash does not match its contents).
    ChainBroken { report: VerifyReport },
}

impl CheckpointReport {
    pub fn is_ok(&self) -> bool {
        matches!(self, CheckpointReport::Extends { .. })
    }
}

impl fmt::Display for CheckpointReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointReport::Extends { size, head, .. } => write!(
                f,
                "ok: the journal's first {size} events have the checkpoint's signed root and its head (seq {head}) \
                 extends it (consistency proof checked); the chain verifies"
            ),
            CheckpointReport::BadSignature { detail } => write!(f, "checkpoint refused: {detail}"),
            CheckpointReport::Truncated { size, head } => write!(
                f,
                "TRUNCATED: the signed checkpoint covers {size} events but the journal ends at seq {head}: \
                 events {} to {size} were removed",
                head + 1
            ),
            CheckpointReport::Rewritten { size, signed_root, journal_root, first_bad_seq } => {
                write!(
                    f,
                    "REWRITTEN: the journal's first {size} events have root {journal_root}, the signed checkpoint \
                     says {signed_root}"
                )?;
                match first_bad_seq {
                    Some(seq) => write!(f, "; the chain itself first breaks at seq {seq}"),
                    None => f.write_str(
                        "; the chain's hashes were recomputed, so it verifies on its own: only the checkpoint shows \
                         the rewrite",
                    ),
                }
            }
            CheckpointReport::ChainBroken { report } => write!(f, "the checkpoint's root matches, but {report}"),
        }
    }
}

/// Checks the journal against a signed checkpoint `note`: its signature by `key`, the root of the first `size`
/// events, a consistency proof from it to today's head, and the whole chain.
pub async fn verify_against<S: Store + ?Sized>(
    store: &S,
    key: &VerifierKey,
    note: &str,
) -> Result<CheckpointReport, StoreError> {
    let checkpoint = match key.open(note) {
        Ok(c) => c,
        Err(e) => return Ok(CheckpointReport::BadSignature { detail: e.to_string() }),
    };
    let head = store.journal_head().await?;
    if head < checkpoint.size {
        return Ok(CheckpointReport::Truncated { size: checkpoint.size, head });
    }
    let leaves = leaves(store, head).await?;
    let size = usize::try_from(checkpoint.size).map_err(|_| StoreError::Backend("checkpoint too large".into()))?;
    let old_root = merkle::root(&leaves[..size]);
    if old_root != checkpoint.root {
        let chain = store.verify_journal().await?;
        return Ok(CheckpointReport::Rewritten {
            size: checkpoint.size,
            signed_root: merkle::to_hex(&checkpoint.root),
            journal_root: merkle::to_hex(&old_root),
            first_bad_seq: chain.bad_seq(),
        });
    }
    let new_root = merkle::root(&leaves);
    let proof =
        if size == leaves.len() { Vec::new() } else { merkle::consistency_proof(size, &leaves).unwrap_or_default() };
    merkle::verify_consistency(checkpoint.size, head, &checkpoint.root, &new_root, &proof)
        .map_err(|e| StoreError::Backend(format!("consistency proof {}→{head}: {e}", checkpoint.size)))?;
    let chain = store.verify_journal().await?;
    if !chain.is_ok() {
        return Ok(CheckpointReport::ChainBroken { report: chain });
    }
    Ok(CheckpointReport::Extends {
        size: checkpoint.size,
        head,
        consistency_proof: proof.iter().map(merkle::to_hex).collect(),
    })
}

/// How a journal compares with every signed checkpoint of a witness (or checkpoint) file: the first note it does not
/// extend, 1-based, with why; or the report of the largest one when it extends them all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotesReport {
    /// How many notes the file holds.
    pub notes: usize,
    /// The first note (1-based, in file order) the journal does not extend; `None` when it extends every one.
    pub failed_note: Option<usize>,
    /// Why that note fails, or the largest note's `Extends` when none does (its `status` at the top level of the
    /// JSON, as for one checkpoint).
    #[serde(flatten)]
    pub report: CheckpointReport,
}

impl NotesReport {
    pub fn is_ok(&self) -> bool {
        self.failed_note.is_none() && self.report.is_ok()
    }
}

impl fmt::Display for NotesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.failed_note {
            Some(n) => write!(f, "checkpoint {n} of {}: {}", self.notes, self.report),
            None => write!(f, "all {} checkpoint(s) checked; the largest: {}", self.notes, self.report),
        }
    }
}

/// Checks the journal against every signed checkpoint in `notes` (a witness file holds one per checkpoint a server
/// signed): each signature, each root at its size, and the whole chain once. A journal restored from an old copy
/// and then extended (a fork) can pass the newest note, signed over the fork, and still fail an older one: every
/// note is checked (attack 3, R). One read of the leaves and one pass for all the roots (`merkle::prefix_roots`).
pub async fn verify_against_notes<S: Store + ?Sized>(
    store: &S,
    key: &VerifierKey,
    notes: &[String],
) -> Result<NotesReport, StoreError> {
    let total = notes.len();
    let failed = |n: usize, report: CheckpointReport| NotesReport { notes: total, failed_note: Some(n), report };
    let mut opened = Vec::with_capacity(total);
    for (i, note) in notes.iter().enumerate() {
        match key.open(note) {
            Ok(c) => opened.push(c),
            Err(e) => return Ok(failed(i + 1, CheckpointReport::BadSignature { detail: e.to_string() })),
        }
    }
    let Some(largest) = opened.iter().enumerate().max_by_key(|(_, c)| c.size).map(|(i, _)| i) else {
        return Err(StoreError::InvalidState("no signed checkpoint to check against".into()));
    };
    let head = store.journal_head().await?;
    if let Some((i, c)) = opened.iter().enumerate().find(|(_, c)| c.size > head) {
        return Ok(failed(i + 1, CheckpointReport::Truncated { size: c.size, head }));
    }
    let leaves = leaves(store, head).await?;
    let sizes: Vec<usize> = opened
        .iter()
        .map(|c| usize::try_from(c.size).map_err(|_| StoreError::Backend("checkpoint too large".into())))
        .collect::<Result<_, _>>()?;
    let roots = merkle::prefix_roots(&leaves, &sizes);
    for (i, (c, root)) in opened.iter().zip(&roots).enumerate() {
        if *root != c.root {
            let chain = store.verify_journal().await?;
            return Ok(failed(
                i + 1,
                CheckpointReport::Rewritten {
                    size: c.size,
                    signed_root: merkle::to_hex(&c.root),
                    journal_root: merkle::to_hex(root),
                    first_bad_seq: chain.bad_seq(),
                },
            ));
        }
    }
    // Every signed root is a prefix of today's leaves, so each is consistent with the head; the proof from the
    // largest one is the one shown.
    let size = sizes[largest];
    let proof =
        if size == leaves.len() { Vec::new() } else { merkle::consistency_proof(size, &leaves).unwrap_or_default() };
    merkle::verify_consistency(opened[largest].size, head, &opened[largest].root, &merkle::root(&leaves), &proof)
        .map_err(|e| StoreError::Backend(format!("consistency proof {size}→{head}: {e}")))?;
    let chain = store.verify_journal().await?;
    if !chain.is_ok() {
        return Ok(NotesReport {
            notes: total,
            failed_note: None,
            report: CheckpointReport::ChainBroken { report: chain },
        });
    }
    let report = CheckpointReport::Extends {
        size: opened[largest].size,
        head,
        consistency_proof: proof.iter().map(merkle::to_hex).collect(),
    };
    Ok(NotesReport { notes: total, failed_note: None, report })
}

/// An inclusion proof of one event in a signed checkpoint: everything a third party needs besides the public key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InclusionProof {
    /// The event, as the journal holds it (its hash is recomputed from these fields by the checker).
    pub event: Event,
    /// The tree size the proof is for (the checkpoint's).
    pub size: u64,
    /// The audit path, hex, leaf to root.
    pub proof: Vec<String>,
    /// The signed checkpoint note (C2SP signed-note text).
    pub checkpoint: String,
}

/// Builds the inclusion proof of event `seq` in the newest journaled checkpoint (or in `note`, when given).
pub async fn prove<S: Store + ?Sized>(store: &S, seq: u64, note: Option<&str>) -> Result<InclusionProof, StoreError> {
    let note = match note {
        Some(n) => n.to_string(),
        None => {
            store
                .last_checkpoint()
                .await?
                .ok_or_else(|| {
                    StoreError::NotFound(
                    "no checkpoint in the journal: sign one first (`foureyes journal checkpoint --signing-key KEY`)"
                        .into(),
                )
                })?
                .note
        }
    };
    let body = note.split_once("\n\n").map_or(note.as_str(), |(b, _)| b);
    let checkpoint =
        Checkpoint::parse_body(&format!("{body}\n")).map_err(|e| StoreError::InvalidState(e.to_string()))?;
    if seq == 0 || seq > checkpoint.size {
        return Err(StoreError::NotFound(format!(
            "seq {seq} is not in the checkpoint, which covers seq 1 to {}",
            checkpoint.size
        )));
    }
    let leaves = leaves(store, checkpoint.size).await?;
    let index = usize::try_from(seq - 1).map_err(|_| StoreError::Backend("seq too large".into()))?;
    let proof = merkle::inclusion_proof(index, &leaves).unwrap_or_default();
    let event = store
        .journal(seq - 1, 1)
        .await?
        .into_iter()
        .next()
        .filter(|e| e.seq == seq)
        .ok_or_else(|| StoreError::NotFound(format!("no event with seq {seq}")))?;
    Ok(InclusionProof {
        event,
        size: checkpoint.size,
        proof: proof.iter().map(merkle::to_hex).collect(),
        checkpoint: note,
    })
}

/// Why an inclusion proof does not check out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProofCheckError {
    #[error("checkpoint: {0}")]
    Checkpoint(#[from] NoteError),
    #[error("the proof is for a tree of size {proof}, the checkpoint covers {checkpoint}")]
    SizeMismatch { proof: u64, checkpoint: u64 },
    #[error("event seq {0}: its hash does not match its contents")]
    EventHash(u64),
    #[error("a proof hash is not 64 hex digits: `{0}`")]
    Hex(String),
    #[error("event seq {seq} is not in the signed tree: {reason}")]
    NotIncluded { seq: u64, reason: foureyes_core::merkle::ProofError },
}

/// Checks an inclusion proof with the public key alone: the checkpoint's signature (`note` overrides the one in
/// the proof, for a checker that holds its own copy), the event's hash recomputed from its contents, and the audit
/// path from that leaf to the signed root. Returns the checkpoint.
pub fn verify_proof(
    proof: &InclusionProof,
    key: &VerifierKey,
    note: Option<&str>,
) -> Result<Checkpoint, ProofCheckError> {
    let checkpoint = key.open(note.unwrap_or(&proof.checkpoint))?;
    if checkpoint.size != proof.size {
        return Err(ProofCheckError::SizeMismatch { proof: proof.size, checkpoint: checkpoint.size });
    }
    let e = &proof.event;
    if event_hash(e.seq, e.ts_ms, e.kind, &e.data, &e.prev_hash) != e.hash {
        return Err(ProofCheckError::EventHash(e.seq));
    }
    let leaf = merkle::from_hex(&e.hash).ok_or_else(|| ProofCheckError::Hex(e.hash.clone()))?;
    let path: Vec<Hash> = proof
        .proof
        .iter()
        .map(|h| merkle::from_hex(h).ok_or_else(|| ProofCheckError::Hex(h.clone())))
        .collect::<Result<_, _>>()?;
    merkle::verify_inclusion(e.seq.wrapping_sub(1), proof.size, &merkle::leaf_hash(&leaf), &path, &checkpoint.root)
        .map_err(|reason| ProofCheckError::NotIncluded { seq: e.seq, reason })?;
    Ok(checkpoint)
}

/// How a journal's seals check out (ADR-420): where they begin, and the first event that breaks the seal rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SealReport {
    /// Whether the seals were checked under a key (else only their presence was).
    pub key: bool,
    pub events: u64,
    /// The seq of the journal's first sealed event, if any.
    pub sealed_from: Option<u64>,
    /// The first event that breaks the rule, and why.
    pub bad_seq: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

impl SealReport {
    pub fn is_ok(&self) -> bool {
        self.bad_seq.is_none()
    }
}

impl fmt::Display for SealReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.bad_seq, &self.problem, self.sealed_from) {
            (Some(seq), Some(problem), _) => write!(f, "seal broken at seq {seq}: {problem}"),
            (_, _, Some(from)) if self.key => {
                write!(f, "sealed from seq {from}: every seal from there verifies under the seal key")
            }
            (_, _, Some(from)) => write!(f, "sealed from seq {from} (seals present; not checked: no seal key given)"),
            _ => f.write_str("not sealed: no event carries a seal"),
        }
    }
}

/// Checks every event's seal against the seal rule (`foureyes_core::seal::SealRule`) under `key` (or, without it,
/// only that the seals are there from the first one on).
pub async fn verify_seals<S: Store + ?Sized>(
    store: &S,
    key: Option<foureyes_core::seal::SealKey>,
) -> Result<SealReport, StoreError> {
    let has_key = key.is_some();
    let mut rule = foureyes_core::seal::SealRule::new(key);
    let mut after = 0;
    let mut events = 0;
    loop {
        let page = store.journal_sealed(after, 5000).await?;
        let full = page.len() == 5000;
        for (event, seal) in &page {
            use foureyes_core::event::EventData;
            use foureyes_core::journal::EventKind;
            // Only a `seal_started` or a `checkpoint` says anything the seal rule reads: no other event's data is
            // read back here (issue 14: it was, twice, for every event of `journal verify` and `journal audit`).
            let data = matches!(event.kind, EventKind::SealStarted | EventKind::Checkpoint)
                .then(|| EventData::from_journal(event.kind, &event.data).ok())
                .flatten();
            let unsealed = match &data {
                Some(EventData::SealStarted(s)) => Some(s.unsealed),
                _ => None,
            };
            let noted = match &data {
                Some(EventData::Checkpoint(c)) => foureyes_core::checkpoint::sealed_from_in(&c.note),
                _ => None,
            };
            let checked = rule
                .check(event.seq, event.kind, &event.hash, seal.as_deref(), unsealed)
                .and_then(|()| rule.check_note(noted));
            if let Err(problem) = checked {
                return Ok(SealReport {
                    key: has_key,
                    events,
                    sealed_from: rule.sealed_from(),
                    bad_seq: Some(event.seq),
                    problem: Some(problem.to_string()),
                });
            }
            events += 1;
            after = event.seq;
        }
        if !full {
            break;
        }
    }
    // Under the key, a journal none of whose events carries a seal is one every keyed door refuses (ADR-420): it
    // was written before the seal, or its seals were stripped. Said here as the doors say it, from its first event
    // (ADR-643, attack 16 M1: `journal verify` and `audit` passed what the next `decide` refused).
    if has_key && events > 0 && rule.sealed_from().is_none() {
        return Ok(SealReport { key: true, events, sealed_from: None, bad_seq: Some(1), problem: rule.door_refusal() });
    }
    Ok(SealReport { key: has_key, events, sealed_from: rule.sealed_from(), bad_seq: None, problem: None })
}

/// What the signed notes of a witness (or checkpoint) file say of the seal against how the journal is sealed
/// (`seals`, from [`verify_seals`]): the first note signed over the journal sealed from a seq where this journal is
/// not, 1-based, and why (ADR-535). A database writer who strips every seal cannot erase what the witness keeps.
pub fn notes_seal_problem(seals: &SealReport, key: &VerifierKey, notes: &[String]) -> Option<String> {
    notes.iter().enumerate().find_map(|(i, note)| {
        let from = key.open(note).ok()?.sealed_from?;
        (seals.sealed_from != Some(from)).then(|| {
            let problem = foureyes_core::seal::SealProblem::Stripped { from, here: seals.sealed_from };
            format!("checkpoint {} of {}: {problem}", i + 1, notes.len())
        })
    })
}

/// The check every door runs before it decides anything: the whole chain verifies. On a break it returns the
/// report, which names the first bad seq; the caller refuses to start.
pub async fn verify_on_open<S: Store + ?Sized>(store: &S) -> Result<Result<u64, VerifyReport>, StoreError> {
    match store.verify_journal().await? {
        VerifyReport::Ok { head_seq, .. } => Ok(Ok(head_seq)),
        broken => Ok(Err(broken)),
    }
}
