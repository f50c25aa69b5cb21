"""An independent checker of FourEyes journal proofs, standard library only, sharing no code with FourEyes.

A signed checkpoint is a C2SP signed note over a C2SP tlog-checkpoint body (origin, tree size, base64 RFC 9162
Merkle root); the key is an Ed25519 note verifier key (``name+hexid+base64(0x01 || key)``). An inclusion proof, as
``foureyes journal prove SEQ`` or ``GET /v1/journal/{seq}/proof`` print it, is ``{"event", "size", "proof",
"checkpoint"}``. :func:`verify_proof` checks, with the public key alone:

1. the checkpoint's Ed25519 signature (RFC 8032 verification, written out below);
2. the event's hash, recomputed from its fields: SHA-256 of the canonical JSON (RFC 8785) of
   ``{seq, ts_ms, kind, data, prev_hash}``;
3. the RFC 9162 audit path from that leaf (``SHA-256(0x00 || hash bytes)``) to the signed root.

    from foureyes_client.journal_proof import verify_proof
    checkpoint = verify_proof(json.load(open("proof.json")), open("journal.pub").read())

The canonical JSON here is Python's sorted, compact ``json.dumps``; it equals RFC 8785 for the journal's data
(strings, integers, booleans, objects, arrays) but not for floats or for keys outside the Basic Multilingual Plane,
which sort differently. An event holding those fails with :class:`ProofError` rather than pass.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

__all__ = ["Checkpoint", "ProofError", "event_hash", "open_checkpoint", "verify_inclusion", "verify_proof"]


class ProofError(Exception):
    """The proof, the checkpoint or the key does not check out; the message says which."""


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    size: int
    root: bytes


# ---------------------------------------------------------------------------------------------------------------
# Ed25519 verification (RFC 8032 §5.1.7), after the RFC's own reference code. Slow, exact, and only verifies.

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)

_Point = Tuple[int, int, int, int]


def _add(a: _Point, b: _Point) -> _Point:
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % _P
    bb = (y1 + x1) * (y2 + x2) % _P
    cc = 2 * t1 * t2 * _D % _P
    dd = 2 * z1 * z2 % _P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _mul(s: int, point: _Point) -> _Point:
    q: _Point = (0, 1, 1, 0)
    while s > 0:
        if s & 1:
            q = _add(q, point)
        point = _add(point, point)
        s >>= 1
    return q


def _equal(a: _Point, b: _Point) -> bool:
    return (a[0] * b[2] - b[0] * a[2]) % _P == 0 and (a[1] * b[2] - b[1] * a[2]) % _P == 0


def _recover_x(y: int, sign: int) -> Optional[int]:
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P != 0:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P != 0:
        return None
    if (x & 1) != sign:
        x = _P - x
    return x


def _decompress(data: bytes) -> Optional[_Point]:
    if len(data) != 32:
        return None
    y = int.from_bytes(data, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    x = _recover_x(y, sign)
    return None if x is None else (x, y, 1, x * y % _P)


_GY = 4 * pow(5, _P - 2, _P) % _P
_GX = _recover_x(_GY, 0) or 0
_G: _Point = (_GX, _GY, 1, _GX * _GY % _P)


def ed25519_verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """RFC 8032 Ed25519 verification (cofactorless, as the RFC and ed25519-dalek's ``verify`` do)."""
    if len(public) != 32 or len(signature) != 64:
        return False
    a = _decompress(public)
    r = _decompress(signature[:32])
    if a is None or r is None:
        return False
    s = int.from_bytes(signature[32:], "little")
    if s >= _L:
        return False
    h = int.from_bytes(hashlib.sha512(signature[:32] + public + message).digest(), "little") % _L
    return _equal(_mul(s, _G), _add(r, _mul(h, a)))


# ---------------------------------------------------------------------------------------------------------------
# Signed notes and checkpoints.


def _parse_verifier_key(text: str) -> Tuple[str, bytes, bytes]:
    parts = text.strip().split("+", 2)
    if len(parts) != 3:
        raise ProofError("a verifier key is `<name>+<key id>+<base64 key>`")
    name, key_id_hex, key_b64 = parts
    try:
        raw = base64.b64decode(key_b64, validate=True)
    except ValueError as e:
        raise ProofError(f"the key is not base64: {e}") from None
    if len(raw) != 33 or raw[0] != 0x01:
        raise ProofError("not an Ed25519 note key (algorithm byte 0x01 and 32 bytes)")
    public = raw[1:]
    key_id = hashlib.sha256(name.encode() + b"\n" + b"\x01" + public).digest()[:4]
    if key_id.hex() != key_id_hex:
        raise ProofError(f"key id `{key_id_hex}` does not match the key")
    return name, key_id, public


def open_checkpoint(note: str, verifier_key: str) -> Checkpoint:
    """Checks the note's signature by the key and returns the checkpoint it carries."""
    name, key_id, public = _parse_verifier_key(verifier_key)
    split = note.rfind("\n\n")
    if split < 0 or not note.endswith("\n"):
        raise ProofError("not a signed note: no blank line before the signatures, or no final newline")
    body, signatures = note[: split + 1], note[split + 2 :]
    signed = False
    for line in signatures.splitlines():
        if not line.startswith("\u2014 "):
            raise ProofError(f"signature line `{line}` does not start with an em dash")
        who, _, sig_b64 = line[2:].partition(" ")
        try:
            sig = base64.b64decode(sig_b64, validate=True)
        except ValueError:
            raise ProofError(f"the signature of `{who}` is not base64") from None
        if who != name or len(sig) != 68 or sig[:4] != key_id:
            continue
        if not ed25519_verify(public, body.encode(), sig[4:]):
            raise ProofError(f"the signature by `{name}` does not verify: the checkpoint was altered")
        signed = True
    if not signed:
        raise ProofError(f"no signature by `{name}` on the checkpoint")
    lines = body.split("\n")
    if len(lines) < 4 or not lines[1].isdigit() or (len(lines[1]) > 1 and lines[1][0] == "0"):
        raise ProofError("the checkpoint body is not origin, size and root lines")
    root = base64.b64decode(lines[2])
    if len(root) != 32:
        raise ProofError("the checkpoint's root is not 32 bytes")
    if lines[0] != name:
        raise ProofError(f"the checkpoint's origin `{lines[0]}` is not the key's name `{name}`")
    return Checkpoint(origin=lines[0], size=int(lines[1]), root=root)


# ---------------------------------------------------------------------------------------------------------------
# Events and the RFC 9162 tree.


def event_hash(event: Dict[str, Any]) -> str:
    """The hash a journal event must carry: SHA-256 of the canonical JSON of its fields but the hash itself."""
    fields = {k: event[k] for k in ("seq", "ts_ms", "kind", "data", "prev_hash")}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def verify_inclusion(index: int, size: int, leaf: bytes, proof: Sequence[bytes], root: bytes) -> None:
    """RFC 9162 §2.1.3.2: ``leaf`` (a leaf hash) is leaf ``index`` of the tree of ``size`` with head ``root``."""
    if not 0 <= index < size:
        raise ProofError(f"leaf {index} is not in a tree of size {size}")
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            raise ProofError("the proof is longer than the path")
        if fn & 1 or fn == sn:
            r = _node(p, r)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = _node(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError("the proof is shorter than the path")
    if r != root:
        raise ProofError("the proof does not lead to the signed root")


def verify_proof(proof: Dict[str, Any], verifier_key: str, checkpoint_note: Optional[str] = None) -> Checkpoint:
    """Checks an inclusion proof with the public key alone (``checkpoint_note``: your own copy of the checkpoint,
    used instead of the one inside the proof). Returns the checkpoint; raises :class:`ProofError`."""
    checkpoint = open_checkpoint(checkpoint_note or proof["checkpoint"], verifier_key)
    if proof["size"] != checkpoint.size:
        raise ProofError(f"the proof is for a tree of size {proof['size']}, the checkpoint covers {checkpoint.size}")
    event = proof["event"]
    if event_hash(event) != event["hash"]:
        raise ProofError(f"event seq {event['seq']}: its hash does not match its contents")
    leaf = hashlib.sha256(b"\x00" + bytes.fromhex(event["hash"])).digest()
    path: List[bytes] = [bytes.fromhex(h) for h in proof["proof"]]
    verify_inclusion(event["seq"] - 1, checkpoint.size, leaf, path, checkpoint.root)
    return checkpoint
