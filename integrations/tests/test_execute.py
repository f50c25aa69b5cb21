"""FourEyes executes: ``FourEyes.execute()`` against a real ``foureyes serve`` whose policy gives an action an
``execute:`` HTTP connector, and a real local HTTP server standing for the shop. The agent's client holds no shop
credential; the server sends it. A deferral runs nothing; after a person approves, the same request id runs once."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import threading
import time
from typing import Dict, List

import pytest
from conftest import CLEAN_ENV, foureyes_bin
from foureyes_client import FourEyes

KEY = "3c" * 32
SECRET = "tok-python-shop-credential-7"


class Shop(http.server.BaseHTTPRequestHandler):
    seen: List[Dict[str, str]] = []

    def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Shop.seen.append({"path": self.path, "auth": self.headers.get("Authorization", ""), "body": body.decode()})
        answer = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def executing(tmp_path_factory: pytest.TempPathFactory):
    shop = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Shop)
    threading.Thread(target=shop.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{shop.server_address[1]}"
    tmp = tmp_path_factory.mktemp("execute")
    db, policy, log_path = tmp / "fe.db", tmp / "policy.yaml", tmp / "serve.log"
    connector = f"""
    execute:
      http:
        method: POST
        url: "{base}/refunds/{{{{ params.order_id }}}}"
        headers: {{ authorization: "Bearer {{{{ secret.shop_token }}}}" }}
        body: '{{"order": {{{{ params.order_id }}}}}}'
        timeout: 5s"""
    policy.write_text(
        "version: 1\nactions:\n"
        "  shop.refund:\n    tier: 2\n    limits: [{ count: 100, per: 1h }]\n"
        "    params: { order_id: { type: string, max_len: 64 } }" + connector + "\n"
        "  shop.big_refund:\n    tier: 3\n"
        "    params: { order_id: { type: string, max_len: 64 } }" + connector + "\n"
    )
    env = dict(CLEAN_ENV, FOUREYES_SECRETS_KEY=KEY)
    binary = foureyes_bin()
    base_args = [str(binary), "--db", str(db), "--policy", str(policy)]
    subprocess.run(base_args + ["secret", "set", "shop_token"], input=SECRET + "\n", text=True, check=True, env=env,
                   capture_output=True, timeout=60)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(base_args + ["serve", "--listen", "127.0.0.1:0"], stdout=log,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    url = None
    deadline = time.monotonic() + 30
    while url is None and time.monotonic() < deadline:
        for line in log_path.read_text(errors="replace").splitlines():
            if line.startswith("FourEyes serving ") and " on http://" in line:
                url = line.rsplit(" on ", 1)[1].strip()
        time.sleep(0.05)
    if url is None:
        proc.kill()
        pytest.fail(f"foureyes serve did not start:\n{log_path.read_text(errors='replace')}", False)

    def token(name: str, role: str) -> str:
        out = subprocess.run(base_args + ["token", "create", "--name", name, "--role", role, "--json"],
                             capture_output=True, text=True, check=True, env=env, timeout=60).stdout
        return json.loads(out)["token"]

    try:
        yield {"url": url, "bot": token("bot", "agent"), "alice": token("alice", "approver")}
    finally:
        proc.kill()
        proc.wait()
        shop.shutdown()


def test_execute_runs_the_connector_once_with_a_credential_the_agent_never_holds(executing) -> None:
    bot = FourEyes(executing["url"], executing["bot"], timeout=30)
    before = len(Shop.seen)
    v = bot.execute("py-exec-1", "shop.refund", {"order_id": "ord_7"})
    assert v.permitted and v.raw["ran"] is True and v.raw["outcome"] == "executed", v.raw
    assert Shop.seen[before:] == [{"path": "/refunds/ord_7", "auth": f"Bearer {SECRET}", "body": '{"order": "ord_7"}'}]
    assert SECRET not in json.dumps(v.raw)
    again = bot.execute("py-exec-1", "shop.refund", {"order_id": "ord_7"})
    assert again.replayed and again.raw["ran"] is False
    assert len(Shop.seen) == before + 1


def test_a_deferral_runs_nothing_and_after_approval_the_same_request_runs_once(executing) -> None:
    bot = FourEyes(executing["url"], executing["bot"], timeout=30)
    alice = FourEyes(executing["url"], executing["alice"], timeout=30)
    before = len(Shop.seen)
    deferred = bot.execute("py-exec-big", "shop.big_refund", {"order_id": "ord_9"})
    assert deferred.deferred and deferred.approval_id is not None and deferred.raw["ran"] is False
    assert len(Shop.seen) == before
    alice.approve(deferred.approval_id, deferred.digest)
    released = bot.execute("py-exec-big", "shop.big_refund", {"order_id": "ord_9"})
    assert released.permitted and released.raw["ran"] is True and released.raw["outcome"] == "executed"
    assert bot.execute("py-exec-big", "shop.big_refund", {"order_id": "ord_9"}).raw["ran"] is False
    assert [s["path"] for s in Shop.seen[before:]] == ["/refunds/ord_9"]
