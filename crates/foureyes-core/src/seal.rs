//! The door seal (ADR-420): every event a door holding the seal key appends carries
//! `HMAC-SHA256(key, "foureyes journal seal\0" + event hash)` beside it (a column outside the hashed fields, so
//! hashes, checkpoints and proofs are unchanged). The key lives outside the database (`journal keygen` writes it
//! beside `journal.key`; `--seal-key FILE` / `FOUREYES_SEAL_KEY`), so a database writer who appends events with the
//! chain recomputed (attack 3, J4 and L) cannot seal them: a door holding the key refuses them, naming the seq.
//!
//! [`SealRule`] is the one rule every reader applies (the door's authority state, `journal verify`, the
//! checkpointer), event by event in journal order:
//! - before the journal's first sealed event, events carry no seal (a journal written before the seal existed);
//! - the first sealed event is `seal_started` naming exactly how many unsealed events precede it, or the journal's
//!   first event (a journal sealed from its start);
//! - from then on every event carries a seal, and a reader holding the key checks each one.
//!
//! Pure: no I/O, no clock.

use crate::journal::EventKind;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::fmt;

/// What the MAC is over, before the event's hash: the seal says "a door wrote this event", nothing else.
const DOMAIN: &[u8] = b"foureyes journal seal\0";

/// A seal key: 32 secret bytes, written as 64 lower-case hex digits (one line) in its file.
#[derive(Clone)]
pub struct SealKey {
    /// The HMAC keyed once; each seal clones it (two compression blocks saved per event).
    mac: Hmac<Sha256>,
}

impl fmt::Debug for SealKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SealKey(…)")
    }
}

impl SealKey {
    pub fn from_bytes(bytes: &[u8; 32]) -> SealKey {
        // HMAC takes a key of any length: this cannot fail.
        let mac = <Hmac<Sha256> as KeyInit>::new_from_slice(bytes).unwrap_or_else(|_| unreachable!());
        SealKey { mac }
    }

    /// Reads a key file's text: 64 hex digits, surrounding whitespace ignored.
    pub fn parse(text: &str) -> Result<SealKey, String> {
        let text = text.trim();
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(text, &mut bytes).map_err(|_| {
            "a seal key is 64 hex digits (32 bytes), as `foureyes journal keygen` writes it".to_string()
        })?;
        Ok(SealKey::from_bytes(&bytes))
    }

    fn mac_of(&self, hash: &str) -> Hmac<Sha256> {
        let mut mac = self.mac.clone();
        mac.update(DOMAIN);
        mac.update(hash.as_bytes());
        mac
    }

    /// The seal of the event whose hash is `hash`: 64 hex digits.
    pub fn seal(&self, hash: &str) -> String {
        hex::encode(self.mac_of(hash).finalize().into_bytes())
    }

    /// Whether `seal` is this key's seal of `hash` (compared in constant time).
    pub fn verifies(&self, hash: &str, seal: &str) -> bool {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(seal, &mut bytes).is_ok() && self.mac_of(hash).verify_slice(&bytes).is_ok()
    }
}

/// Why an event breaks the seal rule (the seq is the caller's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SealProblem {
    /// The journal is sealed from `from`, and this event carries no seal.
    Unsealed { from: u64 },
    /// The event's seal does not verify under the reader's key.
    BadSeal,
    /// The first sealed event follows `unsealed` events without a `seal_started` naming them.
    NoStart { unsealed: u64 },
    /// A checkpoint was signed over the journal sealed from `from`, and the journal here is not (ADR-535): its seals
    /// were removed by a database writer.
    Stripped { from: u64, here: Option<u64> },
}

impl fmt::Display for SealProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealProblem::Unsealed { from } => write!(
                f,
                "the journal is sealed from seq {from}, and this event carries no seal: no door holding the seal key \
                 wrote it (ADR-420)"
            ),
            SealProblem::BadSeal => f.write_str(
                "its seal does not verify under this door's seal key: no door holding the key wrote it (ADR-420)",
            ),
            SealProblem::Stripped { from, here } => write!(
                f,
                "a checkpoint was signed over this journal sealed from seq {from}, but here it is {}: the seals of \
                 its events were removed by a database writer. Do not seal it again (`journal seal` would vouch for \
                 whatever was added since): restore the database from a copy that verifies against your witness \
                 (ADR-535)",
                here.map_or_else(|| "not sealed".to_string(), |s| format!("sealed from seq {s}"))
            ),
            SealProblem::NoStart { unsealed } => write!(
                f,
                "the first sealed event follows {unsealed} unsealed events without a `seal_started` naming them \
                 (ADR-420)"
            ),
        }
    }
}

/// The seal rule, applied event by event in journal order (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct SealRule {
    key: Option<SealKey>,
    /// The seq of the first sealed event, once seen.
    from: Option<u64>,
    /// The seq of the last event checked.
    seq: u64,
}

impl SealRule {
    pub fn new(key: Option<SealKey>) -> SealRule {
        SealRule { key, from: None, seq: 0 }
    }

    pub fn key(&self) -> Option<&SealKey> {
        self.key.as_ref()
    }

    /// The seq the journal is sealed from, if it is.
    pub fn sealed_from(&self) -> Option<u64> {
        self.from
    }

    /// Checks the next event (`seq` follows the last one checked; the chain is the caller's to check). A reader
    /// without the key checks only that the seals are there; one with the key checks each seal. `unsealed` is the
    /// `unsealed` of a `seal_started` event.
    pub fn check(
        &mut self,
        seq: u64,
        kind: EventKind,
        hash: &str,
        seal: Option<&str>,
        unsealed: Option<u64>,
    ) -> Result<(), SealProblem> {
        match (seal, self.from) {
            (None, Some(from)) => return Err(SealProblem::Unsealed { from }),
            (None, None) => {}
            (Some(seal), _) => {
                if let Some(key) = &self.key
                    && !key.verifies(hash, seal)
                {
                    return Err(SealProblem::BadSeal);
                }
                if self.from.is_none() {
                    let before = seq.saturating_sub(1);
                    if before > 0 && (kind != EventKind::SealStarted || unsealed != Some(before)) {
                        return Err(SealProblem::NoStart { unsealed: before });
                    }
                    self.from = Some(seq);
                }
            }
        }
        self.seq = seq;
        Ok(())
    }

    /// Checks what a `checkpoint` event's signed note says of the seal (ADR-535): a note signed over the journal
    /// sealed from `sealed_from` on a journal that is not sealed from there is a stripped journal.
    pub fn check_note(&self, sealed_from: Option<u64>) -> Result<(), SealProblem> {
        match sealed_from {
            Some(from) if self.from != Some(from) => Err(SealProblem::Stripped { from, here: self.from }),
            _ => Ok(()),
        }
    }

    /// What a door must not do on the journal as checked so far, if anything: a door holding the key on a journal
    /// of unsealed events that no `seal_started` vouches for (`journal seal` first), or a door without the key on a
    /// sealed journal (it could check no seal, and its events would carry none).
    pub fn door_refusal(&self) -> Option<String> {
        match (&self.key, self.from) {
            (Some(_), None) if self.seq > 0 => Some(format!(
                "this door holds a seal key, but the journal's {} events carry no seal: it was written before the \
                 seal, or its sealed events were removed. Check it against your witness (`foureyes journal verify \
                 --checkpoint WITNESS --public-key PUB`), then seal it (`foureyes journal seal`) (ADR-420)",
                self.seq
            )),
            (None, Some(from)) => Some(format!(
                "the journal is sealed from seq {from}, and this door holds no seal key: give it the key \
                 (`--seal-key FILE` or FOUREYES_SEAL_KEY) (ADR-420)"
            )),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(byte: u8) -> SealKey {
        SealKey::from_bytes(&[byte; 32])
    }

    /// RFC 4231 test case 2 does not apply (the domain prefix); this pins the construction instead: the same key and
    /// hash give the same seal, another key or hash another, and `verifies` tells them apart.
    #[test]
    fn a_seal_verifies_only_under_its_key_and_for_its_hash() {
        let (a, b) = (key(1), key(2));
        let h = "ab".repeat(32);
        let s = a.seal(&h);
        assert_eq!(s.len(), 64);
        assert_eq!(s, a.seal(&h));
        assert!(a.verifies(&h, &s));
        assert!(!b.verifies(&h, &s));
        assert!(!a.verifies(&"cd".repeat(32), &s));
        assert!(!a.verifies(&h, "not hex"));
        assert!(SealKey::parse(&format!("{}\n", "0f".repeat(32))).is_ok());
        assert!(SealKey::parse("0f0f").is_err());
        assert_eq!(format!("{a:?}"), "SealKey(…)");
    }

    #[test]
    fn unsealed_events_after_the_first_sealed_one_are_refused() {
        let k = key(7);
        let mut rule = SealRule::new(Some(k.clone()));
        let h = |n: u8| format!("{n:02x}").repeat(32);
        rule.check(1, EventKind::KillSwitch, &h(1), Some(&k.seal(&h(1))), None).unwrap();
        assert_eq!(rule.sealed_from(), Some(1));
        assert_eq!(rule.check(2, EventKind::KillSwitch, &h(2), None, None), Err(SealProblem::Unsealed { from: 1 }));
        assert_eq!(rule.check(2, EventKind::KillSwitch, &h(2), Some(&k.seal(&h(3))), None), Err(SealProblem::BadSeal));
        assert_eq!(rule.door_refusal(), None);
        // A door without the key sees that the seals are there, and refuses to write.
        let mut keyless = SealRule::new(None);
        keyless.check(1, EventKind::KillSwitch, &h(1), Some("00"), None).unwrap();
        assert!(keyless.door_refusal().is_some());
        assert_eq!(keyless.check(2, EventKind::KillSwitch, &h(2), None, None), Err(SealProblem::Unsealed { from: 1 }));
    }

    #[test]
    fn a_journal_written_before_the_seal_is_sealed_only_by_a_seal_started_naming_its_events() {
        let k = key(9);
        let h = |n: u8| format!("{n:02x}").repeat(32);
        let mut rule = SealRule::new(Some(k.clone()));
        rule.check(1, EventKind::KillSwitch, &h(1), None, None).unwrap();
        rule.check(2, EventKind::KillSwitch, &h(2), None, None).unwrap();
        assert!(rule.door_refusal().is_some(), "a keyed door does not write on an unsealed journal");
        let mut skipped = rule.clone();
        assert_eq!(
            skipped.check(3, EventKind::KillSwitch, &h(3), Some(&k.seal(&h(3))), None),
            Err(SealProblem::NoStart { unsealed: 2 })
        );
        assert_eq!(
            skipped.check(3, EventKind::SealStarted, &h(3), Some(&k.seal(&h(3))), Some(1)),
            Err(SealProblem::NoStart { unsealed: 2 })
        );
        rule.check(3, EventKind::SealStarted, &h(3), Some(&k.seal(&h(3))), Some(2)).unwrap();
        assert_eq!(rule.sealed_from(), Some(3));
        assert_eq!(rule.door_refusal(), None);
    }
}
