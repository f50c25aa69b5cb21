"""The journal's inclusion proofs checked by `foureyes_client.journal_proof`, which shares no code with FourEyes:
the binary signs a checkpoint and proves an event, Python checks the signature (its own RFC 8032 code), the event's
hash and the RFC 9162 path, and refuses every doctored variant."""

from __future__ import annotations

import base64
import copy
import json
import subprocess
from pathlib import Path

import pytest
from conftest import CLEAN_ENV, foureyes_bin
from foureyes_client.journal_proof import ProofError, ed25519_verify, event_hash, open_checkpoint, verify_proof

POLICY = """\
version: 1
actions:
  payments.batch:
    tier: 2
    params: { amount_eur: { type: number, min: 0.01, max: 500 } }
    limits: [ { count: 100, per: 1h } ]
"""


def run(*args: str) -> str:
    done = subprocess.run([str(foureyes_bin()), *args], capture_output=True, text=True, timeout=60, env=CLEAN_ENV)
    assert done.returncode == 0, f"foureyes {' '.join(args)} exited {done.returncode}: {done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory):
    tmp = tmp_path_factory.mktemp("proof")
    db, policy = tmp / "fe.db", tmp / "policy.yaml"
    policy.write_text(POLICY)
    for amount in (10, 20, 30, 40, 50):
        params = json.dumps({"amount_eur": amount})
        run("--db", str(db), "--policy", str(policy), "decide", "--agent", "bot", "--action", "payments.batch",
            "--params", params)
    run("journal", "keygen", "--out", str(tmp / "keys"))
    run("--db", str(db), "journal", "checkpoint", "--signing-key", str(tmp / "keys" / "journal.key"))
    public = (tmp / "keys" / "journal.pub").read_text()
    proofs = {seq: json.loads(run("--db", str(db), "journal", "prove", str(seq))) for seq in (1, 2, 4, 6)}
    return public, proofs


def test_the_go_note_example_verifies_with_this_ed25519():
    # golang.org/x/mod/sumdb/note's example key; the signature was made by OpenSSL (Python `cryptography`).
    key = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
    public = base64.b64decode(key.split("+", 2)[2])[1:]
    text = b"If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n"
    sig = base64.b64decode("x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=")
    assert ed25519_verify(public, text, sig[4:])
    assert not ed25519_verify(public, text + b" ", sig[4:])


def test_proofs_from_the_binary_verify_with_the_public_key_alone(signed):
    public, proofs = signed
    for seq, proof in proofs.items():
        checkpoint = verify_proof(proof, public)
        assert checkpoint.size == proof["size"] >= 6
        assert event_hash(proof["event"]) == proof["event"]["hash"]
        assert proof["event"]["seq"] == seq


def test_every_doctored_proof_is_refused(signed):
    public, proofs = signed
    proof = proofs[4]

    edited = copy.deepcopy(proof)
    edited["event"]["ts_ms"] += 1
    with pytest.raises(ProofError, match="hash does not match"):
        verify_proof(edited, public)

    rehashed = copy.deepcopy(edited)
    rehashed["event"]["hash"] = event_hash(rehashed["event"])
    with pytest.raises(ProofError, match="signed root"):
        verify_proof(rehashed, public)

    for i in range(len(proof["proof"])):
        flipped = copy.deepcopy(proof)
        digits = flipped["proof"][i]
        flipped["proof"][i] = ("1" if digits[0] == "0" else "0") + digits[1:]
        with pytest.raises(ProofError):
            verify_proof(flipped, public)

    resigned = copy.deepcopy(proof)
    resigned["checkpoint"] = proof["checkpoint"].replace(f"\n{proof['size']}\n", f"\n{proof['size'] + 1}\n", 1)
    resigned["size"] = proof["size"] + 1
    with pytest.raises(ProofError, match="does not verify"):
        verify_proof(resigned, public)

    other = copy.deepcopy(proofs[1])
    other["event"] = proof["event"]
    with pytest.raises(ProofError):
        verify_proof(other, public)


def test_a_checkpoint_under_another_key_is_refused(signed, tmp_path: Path):
    _, proofs = signed
    run("journal", "keygen", "--out", str(tmp_path / "other"))
    other = (tmp_path / "other" / "journal.pub").read_text()
    with pytest.raises(ProofError, match="no signature"):
        open_checkpoint(proofs[1]["checkpoint"], other)
