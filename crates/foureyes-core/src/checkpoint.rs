//! Signed checkpoints of the journal: a tree head (size and RFC 9162 root, see [`crate::merkle`]) in the C2SP
//! `tlog-checkpoint` text form, signed as a C2SP `signed-note` with Ed25519, and the key files that sign and check
//! them (the `golang.org/x/mod/sumdb/note` encodings, so other tooling can read them).
//!
//! A checkpoint body is three lines: the origin (the key's name), the tree size in decimal and the root in base64.
//! The note appends an empty line and one signature line per signer: `— <name> <base64(key id || signature)>`, the
//! key id being the first four bytes of `SHA-256(<name> "\n" 0x01 <public key>)`. Pure: the seed of a new key is
//! passed in, the caller reads the randomness.

use crate::merkle::Hash;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::{Signer, Verifier};
use sha2::{Digest, Sha256};

/// The algorithm byte of an Ed25519 key in a signed note.
const ALG_ED25519: u8 = 0x01;
/// Prefix of an encoded signing key.
const PRIVATE_PREFIX: &str = "PRIVATE+KEY+";
/// The signature line's leading dash (U+2014) and space.
const SIG_PREFIX: &str = "\u{2014} ";

/// What is wrong with a key, a note or a checkpoint.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoteError {
    #[error("malformed key: {0}")]
    Key(String),
    #[error("malformed note: {0}")]
    Note(String),
    #[error("malformed checkpoint: {0}")]
    Checkpoint(String),
    #[error("no signature by key `{0}` on the checkpoint")]
    NoSignature(String),
    #[error("the signature by key `{0}` does not verify: the checkpoint was altered or signed by another key")]
    BadSignature(String),
    #[error("the checkpoint's origin `{found}` is not the key's name `{expected}`")]
    Origin { found: String, expected: String },
}

/// The extension line a checkpoint signed over a sealed journal carries (ADR-535): `foureyes-sealed-from SEQ`.
pub const SEALED_FROM: &str = "foureyes-sealed-from ";

/// A tree head: `size` events whose Merkle root is `root`, for the log named `origin`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    pub origin: String,
    pub size: u64,
    pub root: Hash,
    /// The seq the journal's door seal begins at, when the signer verified a sealed journal (ADR-420, ADR-535): an
    /// extension line of the signed body, so a database writer who strips the seals cannot erase that they were
    /// there.
    pub sealed_from: Option<u64>,
}

impl Checkpoint {
    /// The signed text: origin, size and base64 root, each line ending in `\n`; then `foureyes-sealed-from SEQ`
    /// for a sealed journal.
    pub fn body(&self) -> String {
        let sealed = self.sealed_from.map(|s| format!("{SEALED_FROM}{s}\n")).unwrap_or_default();
        format!("{}\n{}\n{}\n{sealed}", self.origin, self.size, B64.encode(self.root))
    }

    /// Parses a checkpoint body (extension lines after the third are ignored, as C2SP allows).
    pub fn parse_body(text: &str) -> Result<Checkpoint, NoteError> {
        let bad = |m: &str| NoteError::Checkpoint(m.to_string());
        let mut lines = text.split('\n');
        let origin = lines.next().filter(|o| !o.is_empty()).ok_or_else(|| bad("no origin line"))?;
        let size = lines.next().ok_or_else(|| bad("no tree size line"))?;
        if size.is_empty() || !size.bytes().all(|b| b.is_ascii_digit()) || (size.len() > 1 && size.starts_with('0')) {
            return Err(bad(&format!("tree size `{size}` is not a decimal number")));
        }
        let size: u64 = size.parse().map_err(|_| bad(&format!("tree size `{size}` is too large")))?;
        let root_text = lines.next().ok_or_else(|| bad("no root hash line"))?;
        let root = B64
            .decode(root_text)
            .ok()
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or_else(|| bad(&format!("root `{root_text}` is not 32 bytes of base64")))?;
        if !text.ends_with('\n') {
            return Err(bad("the body does not end with a newline"));
        }
        let sealed_from = lines.find_map(|l| l.strip_prefix(SEALED_FROM)).and_then(|s| s.parse().ok());
        Ok(Checkpoint { origin: origin.to_string(), size, root, sealed_from })
    }
}

/// The `foureyes-sealed-from` extension of a signed note's body, read without checking its signature: for a note
/// the journal itself holds in a `checkpoint` event, which the chain covers (ADR-535).
pub fn sealed_from_in(note: &str) -> Option<u64> {
    let body = note.split("\n\n").next()?;
    body.lines().skip(3).find_map(|l| l.strip_prefix(SEALED_FROM)).and_then(|s| s.parse().ok())
}

/// Splits a file of signed notes written one after another (a witness file, `journal checkpoint --out`) into
/// notes. A note ends after its last signature line; blank lines between notes are skipped. A last line without
/// its newline is a signature line only when it is whole (a name and an Ed25519 key id and signature, 68 bytes of
/// base64: [`whole_signature_line`]); a signature cut inside, and whatever else follows the last complete note, is
/// not a note: a torn tail ([`torn_tail`]). Such a whole note is returned with its newline.
pub fn split_notes(text: &str) -> Vec<String> {
    scan_notes(text).0
}

/// Where the last complete note of `text` ends, when anything but blank lines follows it: `Some((end, torn))`, the
/// `torn` bytes after `end` a note whose write was cut short — a full disk or a crash mid-write (attack 29 W1,
/// ADR-380). Appending after them would glue the next note onto them and make it unreadable.
pub fn torn_tail(text: &str) -> Option<(usize, usize)> {
    let end = scan_notes(text).1;
    let rest = &text[end..];
    (!rest.trim_start_matches('\n').is_empty()).then_some((end, rest.len()))
}

/// The notes of `text`, and the byte offset where the last one ends (0 with none).
fn scan_notes(text: &str) -> (Vec<String>, usize) {
    let mut notes = Vec::new();
    let mut current = String::new();
    let mut in_signatures = false;
    let mut previous_blank = false;
    let (mut offset, mut end) = (0, 0);
    for line in text.split_inclusive('\n') {
        // Only the file's last line can lack its newline. One deleted byte must not make a signed note a torn tail
        // that readers skip and the next append cuts (attack 30 W2, ADR-385).
        let is_signature = (line.ends_with('\n') || whole_signature_line(line))
            && previous_blank_or_signed(previous_blank, in_signatures)
            && line.starts_with(SIG_PREFIX);
        if in_signatures && !is_signature {
            notes.push(std::mem::take(&mut current));
            in_signatures = false;
            end = offset;
        }
        offset += line.len();
        if current.is_empty() && line == "\n" {
            continue;
        }
        current.push_str(line);
        if !line.ends_with('\n') {
            current.push('\n');
        }
        in_signatures = is_signature;
        previous_blank = line == "\n";
    }
    if in_signatures {
        notes.push(current);
        end = offset;
    }
    (notes, end)
}

/// Whether `line` (without its newline) is a whole signature line: `— <name> <base64>` whose base64 is exactly a
/// 4-byte key id and a 64-byte Ed25519 signature. A write cut inside the line leaves fewer characters, which either
/// do not decode or decode to fewer bytes.
pub fn whole_signature_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix(SIG_PREFIX) else { return false };
    let Some((name, signature)) = rest.split_once(' ') else { return false };
    !name.is_empty() && B64.decode(signature).is_ok_and(|bytes| bytes.len() == 4 + 64)
}

fn previous_blank_or_signed(previous_blank: bool, in_signatures: bool) -> bool {
    previous_blank || in_signatures
}

fn check_name(name: &str) -> Result<(), NoteError> {
    if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '+') {
        return Err(NoteError::Key(format!("key name `{name}` must be non-empty, without spaces or `+`")));
    }
    Ok(())
}

fn key_id(name: &str, public: &[u8; 32]) -> [u8; 4] {
    let mut h = Sha256::new();
    h.update(name.as_bytes());
    h.update(b"\n");
    h.update([ALG_ED25519]);
    h.update(public);
    let digest = h.finalize();
    [digest[0], digest[1], digest[2], digest[3]]
}

/// An Ed25519 key that signs checkpoints under a name.
pub struct SigningKey {
    name: String,
    key: ed25519_dalek::SigningKey,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey({})", self.name)
    }
}

impl SigningKey {
    /// The key of this 32-byte seed (read from a good random source by the caller).
    pub fn from_seed(name: &str, seed: [u8; 32]) -> Result<SigningKey, NoteError> {
        check_name(name)?;
        Ok(SigningKey { name: name.to_string(), key: ed25519_dalek::SigningKey::from_bytes(&seed) })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// `PRIVATE+KEY+<name>+<key id hex>+<base64(0x01 || seed)>`.
    pub fn encode(&self) -> String {
        let mut bytes = vec![ALG_ED25519];
        bytes.extend_from_slice(&self.key.to_bytes());
        format!("{PRIVATE_PREFIX}{}+{}+{}", self.name, hex::encode(self.id()), B64.encode(bytes))
    }

    /// Parses [`SigningKey::encode`]'s form (surrounding whitespace ignored).
    pub fn parse(text: &str) -> Result<SigningKey, NoteError> {
        let text = text.trim();
        let rest = text
            .strip_prefix(PRIVATE_PREFIX)
            .ok_or_else(|| NoteError::Key(format!("a signing key starts with `{PRIVATE_PREFIX}`")))?;
        let (name, id, key) = split_key(rest)?;
        let seed: [u8; 32] = key.try_into().map_err(|_| NoteError::Key("the key is not 32 bytes".into()))?;
        let signing = SigningKey::from_seed(name, seed)?;
        if hex::encode(signing.id()) != id {
            return Err(NoteError::Key(format!("key id `{id}` does not match the key")));
        }
        Ok(signing)
    }

    fn id(&self) -> [u8; 4] {
        key_id(&self.name, &self.key.verifying_key().to_bytes())
    }

    /// The public half.
    pub fn verifier(&self) -> VerifierKey {
        VerifierKey { name: self.name.clone(), key: self.key.verifying_key() }
    }

    /// A signed note over `checkpoint` (whose origin must be this key's name).
    pub fn sign(&self, checkpoint: &Checkpoint) -> Result<String, NoteError> {
        if checkpoint.origin != self.name {
            return Err(NoteError::Origin { found: checkpoint.origin.clone(), expected: self.name.clone() });
        }
        let body = checkpoint.body();
        let signature = self.key.sign(body.as_bytes());
        let mut sig = self.id().to_vec();
        sig.extend_from_slice(&signature.to_bytes());
        Ok(format!("{body}\n{SIG_PREFIX}{} {}\n", self.name, B64.encode(sig)))
    }
}

fn split_key(text: &str) -> Result<(&str, &str, Vec<u8>), NoteError> {
    let mut parts = text.splitn(3, '+');
    let (Some(name), Some(id), Some(key)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(NoteError::Key("expected `<name>+<key id>+<base64 key>`".into()));
    };
    check_name(name)?;
    let bytes = B64.decode(key).map_err(|e| NoteError::Key(format!("the key is not base64: {e}")))?;
    match bytes.split_first() {
        Some((&ALG_ED25519, key)) => Ok((name, id, key.to_vec())),
        _ => Err(NoteError::Key("not an Ed25519 key (algorithm byte 0x01)".into())),
    }
}

/// A public key that checks checkpoint signatures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifierKey {
    name: String,
    key: ed25519_dalek::VerifyingKey,
}

impl VerifierKey {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `<name>+<key id hex>+<base64(0x01 || public key)>`.
    pub fn encode(&self) -> String {
        let mut bytes = vec![ALG_ED25519];
        bytes.extend_from_slice(self.key.as_bytes());
        format!("{}+{}+{}", self.name, hex::encode(self.id()), B64.encode(bytes))
    }

    /// Parses [`VerifierKey::encode`]'s form (surrounding whitespace ignored).
    pub fn parse(text: &str) -> Result<VerifierKey, NoteError> {
        let (name, id, key) = split_key(text.trim())?;
        let key: [u8; 32] = key.try_into().map_err(|_| NoteError::Key("the key is not 32 bytes".into()))?;
        let key = ed25519_dalek::VerifyingKey::from_bytes(&key)
            .map_err(|_| NoteError::Key("not a valid Ed25519 public key".into()))?;
        let verifier = VerifierKey { name: name.to_string(), key };
        if hex::encode(verifier.id()) != id {
            return Err(NoteError::Key(format!("key id `{id}` does not match the key")));
        }
        Ok(verifier)
    }

    fn id(&self) -> [u8; 4] {
        key_id(&self.name, self.key.as_bytes())
    }

    /// Checks a signed note's signature by this key and returns the checkpoint it carries. Signatures by other
    /// keys are ignored; the checkpoint's origin must be this key's name.
    pub fn open(&self, note: &str) -> Result<Checkpoint, NoteError> {
        let checkpoint = Checkpoint::parse_body(self.verify_note(note)?)?;
        if checkpoint.origin != self.name {
            return Err(NoteError::Origin { found: checkpoint.origin, expected: self.name.clone() });
        }
        Ok(checkpoint)
    }

    /// Checks a signed note's signature by this key and returns its text (the signed body).
    pub fn verify_note<'a>(&self, note: &'a str) -> Result<&'a str, NoteError> {
        let split = note.rfind("\n\n").ok_or_else(|| NoteError::Note("no blank line before the signatures".into()))?;
        let (body, sigs) = (&note[..=split], &note[split + 2..]);
        if !sigs.ends_with('\n') {
            return Err(NoteError::Note("the last signature line does not end with a newline".into()));
        }
        let mut found = false;
        for line in sigs.lines() {
            let rest = line
                .strip_prefix(SIG_PREFIX)
                .ok_or_else(|| NoteError::Note(format!("signature line `{line}` does not start with `— `")))?;
            let (name, sig) = rest
                .split_once(' ')
                .ok_or_else(|| NoteError::Note(format!("signature line `{line}` has no signature")))?;
            let sig = B64.decode(sig).map_err(|_| NoteError::Note(format!("signature of `{name}` is not base64")))?;
            if name != self.name || sig.len() != 4 + 64 || sig[..4] != self.id() {
                continue;
            }
            found = true;
            let signature = ed25519_dalek::Signature::from_slice(&sig[4..])
                .map_err(|_| NoteError::BadSignature(self.name.clone()))?;
            self.key.verify(body.as_bytes(), &signature).map_err(|_| NoteError::BadSignature(self.name.clone()))?;
        }
        if !found {
            return Err(NoteError::NoSignature(self.name.clone()));
        }
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::merkle;

    fn key() -> SigningKey {
        SigningKey::from_seed("foureyes-test", [7u8; 32]).unwrap()
    }

    fn checkpoint() -> Checkpoint {
        Checkpoint { origin: "foureyes-test".into(), size: 42, root: merkle::leaf_hash(b"x"), sealed_from: None }
    }

    #[test]
    fn a_signed_checkpoint_opens_with_its_public_key() {
        let note = key().sign(&checkpoint()).unwrap();
        assert!(note.starts_with("foureyes-test\n42\n"), "{note}");
        assert!(note.contains("\n\n\u{2014} foureyes-test "), "{note}");
        assert_eq!(key().verifier().open(&note).unwrap(), checkpoint());
    }

    #[test]
    fn keys_round_trip_through_their_text_form() {
        let k = key();
        let again = SigningKey::parse(&k.encode()).unwrap();
        assert_eq!(again.verifier(), k.verifier());
        assert_eq!(VerifierKey::parse(&format!("{}\n", k.verifier().encode())).unwrap(), k.verifier());
        assert!(k.verifier().encode().starts_with("foureyes-test+"));
        assert!(k.encode().starts_with("PRIVATE+KEY+foureyes-test+"));
    }

    /// The note form of golang.org/x/mod/sumdb/note: its documented example verifier key parses, and our key id
    /// derivation gives its id.
    #[test]
    fn the_go_note_example_key_parses() {
        let vkey = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
        let parsed = VerifierKey::parse(vkey).unwrap();
        assert_eq!(parsed.encode(), vkey);
        let skey = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
        assert_eq!(SigningKey::parse(skey).unwrap().verifier(), parsed);
        // The package's example text, signed by that key (Ed25519 is deterministic; this signature was made by
        // OpenSSL through Python's `cryptography`, an implementation independent of ed25519-dalek).
        let note = "If you think cryptography is the answer to your problem,\n\
                    then you don't know what your problem is.\n\
                    \n\
                    \u{2014} PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";
        assert_eq!(
            parsed.verify_note(note).unwrap(),
            "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n"
        );
    }

    #[test]
    fn any_change_to_a_note_is_refused() {
        let note = key().sign(&checkpoint()).unwrap();
        let v = key().verifier();
        let bigger = note.replacen("\n42\n", "\n43\n", 1);
        assert_eq!(v.open(&bigger), Err(NoteError::BadSignature("foureyes-test".into())));
        let other = SigningKey::from_seed("foureyes-test", [8u8; 32]).unwrap();
        assert_eq!(other.verifier().open(&note), Err(NoteError::NoSignature("foureyes-test".into())));
        let mut body_only = checkpoint().body();
        body_only.push('\n');
        assert!(v.open(&body_only).is_err());
        let resigned = other.sign(&checkpoint()).unwrap();
        assert!(v.open(&resigned).is_err());
    }

    #[test]
    fn notes_written_one_after_another_split_back() {
        let k = key();
        let a = k.sign(&checkpoint()).unwrap();
        let b = k.sign(&Checkpoint { size: 43, ..checkpoint() }).unwrap();
        let file = format!("{a}{b}\n{a}");
        assert_eq!(split_notes(&file), vec![a.clone(), b.clone(), a.clone()]);
        assert_eq!(k.verifier().open(&split_notes(&file)[1]).unwrap().size, 43);
        assert!(split_notes("no note here\n").is_empty());
    }

    #[test]
    fn a_note_cut_short_is_a_torn_tail_not_a_note() {
        let k = key();
        let a = k.sign(&checkpoint()).unwrap();
        let b = k.sign(&Checkpoint { size: 43, ..checkpoint() }).unwrap();
        assert_eq!(torn_tail(&format!("{a}{b}")), None);
        assert_eq!(torn_tail(&format!("{a}\n\n{b}\n")), None);
        assert_eq!(torn_tail(""), None);
        // Cut inside the signature line (no newline), after the body, inside the body, one character of the
        // signature short.
        let body_end = b.find("\n\n").unwrap() + 1;
        for kept in [b.len() - 9, body_end, body_end + 1, 5, b.len() - 2] {
            let file = format!("{a}{}", &b[..kept]);
            assert_eq!(split_notes(&file), vec![a.clone()], "kept {kept}");
            assert_eq!(torn_tail(&file), Some((a.len(), kept)), "kept {kept}");
        }
        assert_eq!(torn_tail(&b[..b.len() - 2]), Some((0, b.len() - 2)));
    }

    /// Attack 30 W2 (ADR-385): a signed note that lost only its final newline is a note — read with its newline,
    /// checked, never a torn tail to skip or cut.
    #[test]
    fn a_whole_note_without_its_last_newline_is_a_note() {
        let k = key();
        let a = k.sign(&checkpoint()).unwrap();
        let b = k.sign(&Checkpoint { size: 43, ..checkpoint() }).unwrap();
        let file = format!("{a}{}", &b[..b.len() - 1]);
        assert_eq!(split_notes(&file), vec![a.clone(), b.clone()]);
        assert_eq!(torn_tail(&file), None);
        assert_eq!(k.verifier().open(&split_notes(&file)[1]).unwrap().size, 43);
        let last = b.trim_end().lines().last().unwrap();
        assert!(whole_signature_line(last), "{last}");
        assert!(!whole_signature_line(&last[..last.len() - 1]));
        assert!(!whole_signature_line(&format!("{last}A")));
    }

    #[test]
    fn bodies_are_parsed_strictly() {
        assert!(Checkpoint::parse_body("o\n042\nAAAA\n").is_err());
        assert!(Checkpoint::parse_body("o\n-1\nAAAA\n").is_err());
        assert!(Checkpoint::parse_body("o\n1\nAAAA\n").is_err());
        let good = checkpoint().body();
        assert_eq!(Checkpoint::parse_body(&good).unwrap(), checkpoint());
        assert!(Checkpoint::parse_body(good.trim_end()).is_err());
    }
}
