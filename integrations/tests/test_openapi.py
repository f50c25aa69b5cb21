"""The client's calls checked against the server's own `GET /openapi.json`: every path and method the client uses
exists, the body fields it sends are declared (the server rejects unknown fields), the fields the spec requires are
ones the client always sends, its query parameters are declared, and the answers carry the fields the client needs.

An incomplete description fails with a list of what is missing, never with a stack trace."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set

import pytest
from foureyes_client import ENDPOINTS, FourEyes
from foureyes_client.client import ANSWER_FIELDS


class Spec:
    def __init__(self, doc: Dict[str, Any]):
        self.doc = doc

    def resolve(self, schema: Any, depth: int = 0) -> Any:
        """Follows local `$ref`s and flattens `allOf` into one object schema."""
        if depth > 20 or not isinstance(schema, dict):
            return schema
        if "$ref" in schema:
            ref = schema["$ref"]
            if not isinstance(ref, str) or not ref.startswith("#/"):
                return {}
            node: Any = self.doc
            for part in ref[2:].split("/"):
                node = node.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(node, dict) else {}
            return self.resolve(node, depth + 1)
        if "allOf" in schema and isinstance(schema["allOf"], list):
            merged: Dict[str, Any] = {"type": "object", "properties": {}, "required": []}
            for part in schema["allOf"]:
                part = self.resolve(part, depth + 1)
                if isinstance(part, dict):
                    merged["properties"].update(part.get("properties") or {})
                    merged["required"] += list(part.get("required") or [])
            return merged
        return schema

    def json_schema(self, holder: Any) -> Optional[Dict[str, Any]]:
        holder = self.resolve(holder)
        if not isinstance(holder, dict):
            return None
        content = holder.get("content") or {}
        media = content.get("application/json") if isinstance(content, dict) else None
        if not isinstance(media, dict) or "schema" not in media:
            return None
        schema = self.resolve(media["schema"])
        return schema if isinstance(schema, dict) else None


def _object_fields(spec: Spec, schema: Dict[str, Any]) -> Optional[Set[str]]:
    """The declared property names of an object schema, or None if it declares none (an opaque object)."""
    schema = spec.resolve(schema)
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        schema = spec.resolve(schema["items"])
    props = schema.get("properties")
    return set(props) if isinstance(props, dict) else None


def problems_with(doc: Any) -> List[str]:
    if not isinstance(doc, dict):
        return [f"/openapi.json is not a JSON object but {type(doc).__name__}"]
    spec = Spec(doc)
    paths = doc.get("paths")
    if not isinstance(paths, dict) or not paths:
        return [
            "/openapi.json describes no paths at all (`paths` is empty): the client uses "
            + ", ".join(f"{ep.method} {ep.path}" for ep in ENDPOINTS.values())
        ]
    found: List[str] = []
    for name, ep in ENDPOINTS.items():
        where = f"{ep.method} {ep.path} (client.{name})"
        item = spec.resolve(paths.get(ep.path))
        if not isinstance(item, dict):
            found.append(f"{where}: path not in the description")
            continue
        op = item.get(ep.method.lower())
        if not isinstance(op, dict):
            found.append(f"{where}: method not in the description (it has {sorted(k for k in item if k != 'parameters')})")
            continue
        params = [spec.resolve(p) for p in (item.get("parameters") or []) + (op.get("parameters") or [])]
        declared = {(p.get("in"), p.get("name")) for p in params if isinstance(p, dict)}
        if "{id}" in ep.path and ("path", "id") not in declared:
            found.append(f"{where}: path parameter `id` is not declared")
        for q in ep.query:
            if ("query", q) not in declared:
                found.append(f"{where}: query parameter `{q}` is not declared")
        required_query = {p.get("name") for p in params if isinstance(p, dict) and p.get("in") == "query" and p.get("required")}
        for q in sorted(required_query - set(ep.query)):
            found.append(f"{where}: the description requires query parameter `{q}`, which the client never sends")
        if ep.method == "POST":
            body = spec.json_schema(op.get("requestBody"))
            if body is None:
                found.append(f"{where}: no application/json request body schema")
            else:
                fields = _object_fields(spec, body)
                if fields is None:
                    found.append(f"{where}: the request body schema declares no properties")
                else:
                    for f in ep.body:
                        if f not in fields:
                            found.append(f"{where}: the client sends `{f}`, which the request body does not declare")
                for f in sorted(set(body.get("required") or []) - set(ep.body_always)):
                    found.append(f"{where}: the description requires body field `{f}`, which the client does not always send")
                if body.get("additionalProperties") not in (False, None):
                    found.append(f"{where}: the request body allows additional properties, but the server rejects them")
        responses = op.get("responses") or {}
        ok = responses.get("200") if isinstance(responses, dict) else None
        if ok is None:
            found.append(f"{where}: no 200 response")
            continue
        answer = spec.json_schema(ok)
        if answer is None:
            found.append(f"{where}: the 200 response has no application/json schema")
            continue
        if ep.answer.endswith("_list") and spec.resolve(answer).get("type") != "array":
            found.append(f"{where}: the 200 response should be an array")
        fields = _object_fields(spec, answer)
        if fields is None:
            found.append(f"{where}: the 200 response schema declares no properties")
            continue
        for f in ANSWER_FIELDS[ep.answer]:
            if f not in fields:
                found.append(f"{where}: the client needs `{f}` in the answer, which the description does not declare")
    return found


def test_client_matches_the_servers_openapi(server):
    doc = FourEyes(server.url, server.tokens["bot"]).openapi()
    found = problems_with(doc)
    if found:
        pytest.fail(
            f"the client and the server's /openapi.json disagree ({len(found)} problems):\n  - " + "\n  - ".join(found),
            False,
        )
    # Teeth: the same description with one answer field gone must be caught.
    import copy

    broken = copy.deepcopy(doc)
    view = broken["paths"]["/v1/decide"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    Spec(broken).resolve(view)["properties"].pop("digest")
    assert any("`digest`" in p for p in problems_with(broken))
    # ...and the session endpoints are checked too: a Demotion without `until_ms`, a restore body without `why`.
    broken = copy.deepcopy(doc)
    Spec(broken).resolve({"$ref": "#/components/schemas/Demotion"})["properties"].pop("until_ms")
    restore = broken["paths"]["/v1/sessions/restore"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    Spec(broken).resolve(restore)["properties"].pop("why")
    found = problems_with(broken)
    assert (
        "GET /v1/sessions (client.sessions): the client needs `until_ms` in the answer, which the description does "
        "not declare"
    ) in found
    assert any("client.restore_session" in p and "`why`" in p for p in found), found


def test_the_checker_reports_instead_of_crashing():
    assert problems_with([]) == ["/openapi.json is not a JSON object but list"]
    assert "describes no paths" in problems_with({"paths": {}})[0]
    weird = problems_with({"paths": {"/v1/decide": {"post": {"requestBody": 7, "responses": []}}, "/v1/approvals": 3}})
    assert any("/v1/decide" in p for p in weird) and any("/v1/approvals" in p for p in weird)


def _obj(props, required=(), closed=False):
    schema = {"type": "object", "properties": {p: {} for p in props}, "required": list(required)}
    if closed:
        schema["additionalProperties"] = False
    return schema


def _json(schema):
    return {"content": {"application/json": {"schema": schema}}}


def test_the_checker_accepts_a_description_that_matches_the_handlers():
    """A description written from the handlers' source (api.rs, approvals.rs): the checker must find nothing."""
    verdict = {"$ref": "#/components/schemas/Verdict"}
    verdict_fields = [
        "decision_id", "request_id", "agent", "action", "verdict", "reasons", "approval_id", "tier",
        "status", "digest", "budgets", "would_have", "supersedes", "decided_at_ms", "reported_at_ms",
        "report_detail", "params", "target", "undo_of",
    ]
    approval = _obj(
        [
            "approval_id", "decision_id", "request", "reasons", "digest", "required", "step_up", "acknowledged",
            "approvers", "status", "created_at_ms", "expires_at_ms", "decided_by", "reject_reason", "consumed_by",
            "revoked_by", "revoke_reason", "age_ms", "expires_in_ms",
        ]
    )
    demotion = _obj(
        [
            "demotion_id", "agent", "session", "signal", "reason", "decision_id", "started_at_ms", "until_ms", "status",
            "ended_at_ms", "ended_by", "ended_reason",
        ]
    )
    id_param = {"in": "path", "name": "id", "required": True}
    doc = {
        "components": {
            "schemas": {
                "Verdict": _obj(verdict_fields),
                "DecideAnswer": _obj(verdict_fields + ["replayed"]),
            }
        },
        "paths": {
            "/v1/decide": {
                "post": {
                    "requestBody": _json(
                        _obj(
                            [
                                "request_id", "action", "params", "target", "undo_of", "dry_run", "approval_id",
                                "session", "evidence", "flags",
                            ],
                            ["request_id", "action"],
                            closed=True,
                        )
                    ),
                    "responses": {"200": _json({"$ref": "#/components/schemas/DecideAnswer"})},
                }
            },
            # FourEyes executes (issue 17): the decide body, answered with the decide answer plus the run's outcome.
            "/v1/execute": {
                "post": {
                    "requestBody": _json(
                        _obj(
                            [
                                "request_id", "action", "params", "target", "undo_of", "dry_run", "approval_id",
                                "session", "evidence", "flags",
                            ],
                            ["request_id", "action"],
                            closed=True,
                        )
                    ),
                    "responses": {"200": _json(_obj(verdict_fields + ["replayed", "ran", "outcome"]))},
                }
            },
            "/v1/decisions/{id}": {"parameters": [id_param], "get": {"responses": {"200": _json(verdict)}}},
            "/v1/decisions/{id}/report": {
                "parameters": [id_param],
                "post": {
                    "requestBody": _json(_obj(["outcome", "detail"], ["outcome"], closed=True)),
                    "responses": {"200": _json(verdict)},
                },
            },
            "/v1/decisions/{id}/wait": {
                "get": {
                    "parameters": [id_param, {"in": "query", "name": "timeout"}],
                    "responses": {
                        "200": _json(
                            {"allOf": [_obj(["decision", "approval"]), _obj(["waiting", "timed_out", "next"])]}
                        )
                    },
                }
            },
            "/v1/approvals": {
                "get": {
                    "parameters": [{"in": "query", "name": "status"}],
                    "responses": {"200": _json({"type": "array", "items": approval})},
                }
            },
            "/v1/approvals/{id}": {"parameters": [id_param], "get": {"responses": {"200": _json(approval)}}},
            "/v1/approvals/{id}/approve": {
                "parameters": [id_param],
                "post": {
                    "requestBody": _json(_obj(["digest", "totp"], ["digest"], closed=True)),
                    "responses": {"200": _json(_obj(["counted", "approval"]))},
                },
            },
            "/v1/approvals/{id}/reject": {
                "parameters": [id_param],
                "post": {
                    "requestBody": _json(_obj(["reason", "digest"], closed=True)),
                    "responses": {"200": _json(approval)},
                },
            },
            "/v1/approvals/{id}/revoke": {
                "parameters": [id_param],
                "post": {
                    "requestBody": _json(_obj(["why"], ["why"], closed=True)),
                    "responses": {"200": _json(approval)},
                },
            },
            "/v1/sessions": {
                "get": {
                    "parameters": [{"in": "query", "name": "status"}],
                    "responses": {"200": _json({"type": "array", "items": demotion})},
                }
            },
            "/v1/me": {
                "get": {"responses": {"200": _json(_obj(["name", "role", "serves", "totp"], ["name", "role", "totp"]))}}
            },
            "/v1/sessions/restore": {
                "post": {
                    "requestBody": _json(_obj(["agent", "session", "why"], ["agent", "why"], closed=True)),
                    "responses": {"200": _json(demotion)},
                }
            },
        },
    }
    assert problems_with(doc) == []
    doc["paths"]["/v1/decide"]["post"]["requestBody"]["content"]["application/json"]["schema"]["required"].append("x")
    assert problems_with(doc) == [
        "POST /v1/decide (client.decide): the description requires body field `x`, which the client does not always send"
    ]
