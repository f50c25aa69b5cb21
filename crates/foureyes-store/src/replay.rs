//! Replaying the journal into the rows the tables must hold, to check the tables against it. Pure: events in, rows
//! out.
//!
//! Events are read back as their typed [`EventData`]. A refusal never changes state; only the event kinds listed in
//! [`Replayed::apply_data`] do. Every column the journal can speak of is replayed ([`AUDITED`] names them, per table,
//! with how each is compared); a backend reads the same columns as text with [`AuditedTable::select`] (one query
//! per table, the same SQL on SQLite and PostgreSQL), and [`Replayed::audit`] names each difference: table, row id,
//! column, what the journal says and what the table says (issue 13).

use foureyes_core::canonical::to_canonical_string;
use foureyes_core::event::{EventData, RestoreCause};
use foureyes_core::journal::Event;
use foureyes_core::{ActionRequest, DecisionStatus, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// How a column's text is compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// As it is.
    Text,
    /// A boolean, whatever the backend's spelling (`1`/`0`, `true`/`false`, `t`/`f`): compared as `true`/`false`.
    Bool,
    /// JSON text, compared in canonical form (RFC 8785): the backends store `serde_json` text, not canonical.
    Json,
    /// A secret's SHA-256 (a token's, a session cookie's, a sign-in code's), compared as the journal binds it
    /// (`event::token_binding`): the journal never holds the hash itself.
    Binding,
    /// A CSRF token as stored, compared as the journal binds it (`token_binding` of its SHA-256).
    CsrfBinding,
}

/// One audited column: its name (as the audit reports it), the SQL expression that reads it, and its form.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub name: &'static str,
    pub sql: &'static str,
    pub form: Form,
}

const fn col(name: &'static str, form: Form) -> Column {
    Column { name, sql: name, form }
}

const T: Form = Form::Text;
const B: Form = Form::Bool;
const J: Form = Form::Json;

/// A table the audit compares row by row: its name, the SQL of its row id (as text) and its audited columns.
#[derive(Debug, Clone, Copy)]
pub struct AuditedTable {
    pub table: &'static str,
    pub id_sql: &'static str,
    pub columns: &'static [Column],
}

impl AuditedTable {
    /// The one query that reads this table for the audit: the id then every audited column, each cast to text
    /// (the same SQL on SQLite and PostgreSQL). A `NULL` reads as `None`.
    pub fn select(&self) -> String {
        let columns: Vec<String> = self.columns.iter().map(|c| format!("CAST({} AS TEXT)", c.sql)).collect();
        format!("SELECT CAST({} AS TEXT), {} FROM {}", self.id_sql, columns.join(", "), self.table)
    }

    /// One row as read by [`AuditedTable::select`] (`values[0]` is the id), normalized for comparison.
    pub fn row(&self, values: Vec<Option<String>>) -> (String, Row) {
        let mut values = values.into_iter();
        let id = values.next().flatten().unwrap_or_default();
        // Sessions and sign-in codes are keyed by a secret's hash, which the journal knows only by its binding.
        let id = if BOUND_IDS.contains(&self.table) { foureyes_core::event::token_binding(&id) } else { id };
        let row = self.columns.iter().zip(values).map(|(c, v)| (c.name, v.map(|v| normalize(c.form, v)))).collect();
        (id, row)
    }
}

fn normalize(form: Form, text: String) -> String {
    match form {
        Form::Text => text,
        Form::Bool => match text.as_str() {
            "1" | "true" | "t" => "true".into(),
            "0" | "false" | "f" => "false".into(),
            _ => text,
        },
        Form::Json => match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(value) => to_canonical_string(&value),
            Err(_) => text,
        },
        Form::Binding => foureyes_core::event::token_binding(&text),
        Form::CsrfBinding => {
            foureyes_core::event::token_binding(&foureyes_core::canonical::sha256_hex(text.as_bytes()))
        }
    }
}

/// Every table the journal can replay, with every column it can speak of. Token, session and sign-in code hashes
/// are compared by their journaled bindings (`Form::Binding`, [`BOUND_IDS`]; ADR-422). Columns left out hold what no
/// event records: `totp_secret` beyond whether there is one, `totp_last_step`, notification claims, connector
/// secrets, task commands.
pub const AUDITED: &[AuditedTable] = &[
    AuditedTable {
        table: "decisions",
        id_sql: "id",
        columns: &[
            col("agent", T),
            col("request_id", T),
            col("action", T),
            col("request", J),
            col("verdict", T),
            col("tier", T),
            col("reasons", J),
            col("budgets", J),
            col("approval_id", T),
            col("would_have", T),
            col("digest", T),
            col("status", T),
            col("supersedes", T),
            col("undo_of", T),
            col("decided_ms", T),
            col("reported_ms", T),
            col("report_detail", J),
            col("policy_sha256", T),
            col("journal_seq", T),
            col("session", T),
            col("session_denial", B),
        ],
    },
    AuditedTable {
        table: "idempotency",
        id_sql: "CAST(length(agent) AS TEXT) || ':' || agent || '/' || request_id",
        columns: &[col("decision_id", T), col("fingerprint", T)],
    },
    AuditedTable {
        table: "reservations",
        id_sql: "id",
        columns: &[
            col("decision_id", T),
            col("action", T),
            col("key", T),
            col("scope", T),
            col("amount", T),
            col("units", T),
            col("ts_ms", T),
            col("released", B),
        ],
    },
    AuditedTable {
        table: "approvals",
        id_sql: "id",
        columns: &[
            col("decision_id", T),
            col("request", J),
            col("reasons", J),
            col("digest", T),
            col("required", T),
            col("step_up", B),
            col("acknowledged", J),
            col("status", T),
            col("created_ms", T),
            col("expires_ms", T),
            col("decided_by", T),
            col("reject_reason", T),
            col("consumed_by", T),
            col("revoked_by", T),
            col("revoke_reason", T),
        ],
    },
    AuditedTable {
        table: "approval_votes",
        id_sql: "CAST(approval_id AS TEXT) || '/' || approver",
        columns: &[col("ts_ms", T)],
    },
    AuditedTable {
        table: "session_demotions",
        id_sql: "id",
        columns: &[
            col("agent", T),
            col("session", T),
            col("signal", T),
            col("reason", T),
            col("decision_id", T),
            col("started_ms", T),
            col("until_ms", T),
            col("status", T),
            col("ended_ms", T),
            col("ended_by", T),
            col("ended_reason", T),
        ],
    },
    AuditedTable {
        table: "tokens",
        id_sql: "name",
        columns: &[
            col("role", T),
            col("serves", T),
            Column { name: "step_up", sql: "CASE WHEN totp_secret IS NULL THEN 0 ELSE 1 END", form: B },
            col("created_ms", T),
            col("revoked_ms", T),
            // Compared only for credentials whose `created` event bound a token (F271); attack 3 S4.
            Column { name: "token_binding", sql: "token_hash", form: Form::Binding },
        ],
    },
    // Console sessions and sign-in codes (F274, F275), keyed by the binding of their hash ([`BOUND_IDS`]).
    AuditedTable {
        table: "sessions",
        id_sql: "session_hash",
        columns: &[
            col("principal", T),
            Column { name: "csrf_binding", sql: "csrf", form: Form::CsrfBinding },
            col("expires_ms", T),
        ],
    },
    AuditedTable {
        table: "signin_codes",
        id_sql: "code_hash",
        columns: &[
            col("principal", T),
            col("expires_ms", T),
            Column { name: "used", sql: "CASE WHEN used_ms IS NULL THEN 0 ELSE 1 END", form: B },
        ],
    },
    AuditedTable { table: "settings", id_sql: "name", columns: &[col("value", T)] },
];

/// Tables whose row id is a secret's hash, compared as the journal binds it (`event::token_binding`).
pub const BOUND_IDS: &[&str] = &["sessions", "signin_codes"];

/// A row as the audit compares it: column → text (`None` is SQL `NULL`).
pub type Row = BTreeMap<&'static str, Option<String>>;

/// Rows of one table by id.
pub type Rows = BTreeMap<String, Row>;

/// Rows of every audited table, by table name.
pub type Tables = BTreeMap<&'static str, Rows>;

/// One difference between the journal and the tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The table (`journal` for an event that does not read as its kind or whose digest is not its request's).
    pub table: String,
    /// The row's id in that table (for `journal`, the seq).
    pub id: String,
    /// The column that differs; `None` when the whole row is missing on one side.
    pub field: Option<String>,
    /// What the journal says (`None`: no such row, or `NULL`).
    pub journal: Option<String>,
    /// What the table says (`None`: no such row, or `NULL`).
    #[serde(rename = "table_value")]
    pub in_table: Option<String>,
    /// A note when the two values are not simply "journal" and "table" (a recomputed digest, an unreadable event).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<String>| v.as_ref().map_or_else(|| "NULL".to_string(), |v| format!("{v:?}"));
        write!(f, "{} {}", self.table, self.id)?;
        match (&self.field, &self.journal, &self.in_table) {
            (Some(field), j, t) => {
                write!(f, " {field}: journal says {}, table says {}", show(j), show(t))?;
            }
            (None, Some(j), None) => write!(f, ": in the journal ({j}) but not in the table")?,
            (None, None, Some(t)) => write!(f, ": in the table ({t}) but never journaled")?,
            (None, j, t) => write!(f, ": journal says {}, table says {}", show(j), show(t))?,
        }
        if let Some(note) = &self.note {
            write!(f, " ({note})")?;
        }
        Ok(())
    }
}

/// State rebuilt from the journal: the rows every audited table must hold.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Table → id → the columns the journal says.
    pub tables: Tables,
    /// Seq of each task event → its `task_id` (the `task_events` index must hold exactly these). Task state itself
    /// is replayed by `foureyes_core::task`.
    pub task_events: BTreeMap<i64, String>,
    /// What each task command did, as the journal says (ADR-585): every `task_commands` row must be one of these.
    pub task_commands: crate::tasks::shared::JournaledTaskCommands,
    /// Events that do not read as their kind, or whose stored digest is not their request's.
    pub problems: Vec<Difference>,
    /// The last `decided` event's decision id, request and reasons: the `approval_requested` right after it (same
    /// transaction) copies them into its approval row.
    last_decided: Option<(i64, String, String)>,
    /// The ids the journal issued so far (ADR-640).
    issued: crate::issued::IssuedIds,
}

fn text(v: impl ToString) -> Option<String> {
    Some(v.to_string())
}

fn json(v: &impl Serialize) -> Option<String> {
    Some(to_canonical_string(v))
}

impl Replayed {
    /// Applies one journal event, read back as its typed [`EventData`]. Data that does not read as its kind is
    /// recorded in [`Replayed::problems`] (and reported by [`Replayed::audit`]); it changes no state.
    pub fn apply(&mut self, event: &Event) {
        match EventData::from_journal(event.kind, &event.data) {
            Ok(data) => self.apply_data(event.seq, event.ts_ms, &data),
            Err(e) => self.problems.push(Difference {
                table: "journal".into(),
                id: event.seq.to_string(),
                field: Some("data".into()),
                journal: None,
                in_table: None,
                note: Some(e),
            }),
        }
    }

    fn row(&mut self, table: &'static str, id: impl ToString) -> &mut Row {
        self.tables.entry(table).or_default().entry(id.to_string()).or_default()
    }

    fn set(&mut self, table: &'static str, id: impl ToString, fields: &[(&'static str, Option<String>)]) {
        let row = self.row(table, id);
        for (name, value) in fields {
            row.insert(name, value.clone());
        }
    }

    /// Applies one event's data (`seq` is its place in the journal, `ts_ms` its time: the `now` of the transaction
    /// that wrote it and its rows).
    pub fn apply_data(&mut self, seq: u64, ts_ms: i64, data: &EventData) {
        // An event that issues an id the journal already issued is not the door's (ADR-640): named, and it does not
        // take the place of the first record of that id.
        if let Err(why) = self.issued.issue(data) {
            self.problems.push(Difference {
                table: "journal".into(),
                id: seq.to_string(),
                field: Some(data.kind().as_str().into()),
                journal: None,
                in_table: None,
                note: Some(why),
            });
            return;
        }
        self.task_commands.apply(seq, data);
        match data {
            EventData::Decided(d) => {
                let r = &d.request;
                let recomputed = r.digest();
                if recomputed != d.digest {
                    self.problems.push(Difference {
                        table: "journal".into(),
                        id: seq.to_string(),
                        field: Some("digest".into()),
                        journal: Some(d.digest.clone()),
                        in_table: None,
                        note: Some(format!("decision {}: its request's digest is {recomputed}", d.decision_id)),
                    });
                }
                let denial = d.verdict == Verdict::Deny && r.approval_id.is_none();
                let id = d.decision_id;
                self.set(
                    "decisions",
                    id,
                    &[
                        ("agent", text(&r.agent)),
                        ("request_id", text(&r.request_id)),
                        ("action", text(&r.action)),
                        ("request", json(r)),
                        ("verdict", text(d.verdict.as_str())),
                        ("tier", text(d.tier)),
                        ("reasons", json(&d.reasons)),
                        ("budgets", json(&d.budgets)),
                        ("approval_id", d.approval_id.map(|a| a.to_string())),
                        ("would_have", d.would_have.map(|v| v.as_str().to_string())),
                        ("digest", text(&d.digest)),
                        ("status", text(d.status.as_str())),
                        ("supersedes", d.supersedes.map(|s| s.to_string())),
                        ("undo_of", r.undo_of.map(|u| u.to_string())),
                        ("decided_ms", text(ts_ms)),
                        ("reported_ms", None),
                        ("report_detail", None),
                        ("policy_sha256", text(&d.policy_sha256)),
                        ("journal_seq", text(seq)),
                        ("session", text(crate::tx::session_key(r.session.as_deref()))),
                        ("session_denial", text(denial)),
                    ],
                );
                let key = idempotency_key(r);
                let earlier = self.tables.get("idempotency").and_then(|rows| rows.get(&key));
                let fingerprint = earlier
                    .and_then(|row| row.get("fingerprint").cloned().flatten())
                    .unwrap_or_else(|| r.fingerprint());
                // A door answers a retry with the decision its request id has; it decides one again only to release
                // its deferral (`supersedes`) or after a kill-switch block. A second plain decision for one request id
                // was decided while the id's `idempotency` row was missing: deleted outside the door, after the door
                // had let the id go from memory (ADR-373).
                let transient_block = d.verdict == foureyes_core::Verdict::Deny
                    && d.reasons.iter().any(|reason| reason.code == foureyes_core::ReasonCode::KillSwitch);
                if let Some(earlier) = earlier.and_then(|row| row.get("decision_id").cloned().flatten())
                    && d.supersedes.is_none()
                    && !transient_block
                {
                    self.problems.push(Difference {
                        table: "idempotency".into(),
                        id: key.clone(),
                        field: Some("decision_id".into()),
                        journal: Some(earlier.clone()),
                        in_table: None,
                        note: Some(format!(
                            "decision {id} decided request_id `{}` of agent `{}` again, though decision {earlier} had \
                             answered it: its `idempotency` row was missing then (deleted outside the door)",
                            r.request_id, r.agent
                        )),
                    });
                }
                self.set("idempotency", key, &[("decision_id", text(id)), ("fingerprint", Some(fingerprint))]);
                for res in &d.reservations {
                    let owner = match &res.effect {
                        None => r.action.clone(),
                        Some(effect) => foureyes_core::effect_owner(effect),
                    };
                    let units =
                        crate::amount_units(res.amount).map_or_else(|_| "out of range".into(), |u| u.to_string());
                    self.set(
                        "reservations",
                        res.id,
                        &[
                            ("decision_id", text(id)),
                            ("action", Some(owner)),
                            ("key", text(&res.key)),
                            ("scope", text(&res.scope)),
                            ("amount", text(res.amount)),
                            ("units", Some(units)),
                            ("ts_ms", text(ts_ms)),
                            ("released", text(false)),
                        ],
                    );
                }
                if let Some(sup) = d.supersedes {
                    self.set("decisions", sup, &[("status", text(DecisionStatus::Superseded.as_str()))]);
                }
                if d.consumes_approval
                    && let Some(a) = d.approval_id
                {
                    self.set("approvals", a, &[("status", text("consumed")), ("consumed_by", text(id))]);
                }
                self.last_decided = Some((id, to_canonical_string(r), to_canonical_string(&d.reasons)));
            }
            EventData::ApprovalRequested(a) => {
                let (request, reasons) = match &self.last_decided {
                    Some((id, request, reasons)) if *id == a.decision_id => {
                        (Some(request.clone()), Some(reasons.clone()))
                    }
                    _ => (None, None),
                };
                self.set(
                    "approvals",
                    a.approval_id,
                    &[
                        ("decision_id", text(a.decision_id)),
                        ("request", request),
                        ("reasons", reasons),
                        ("digest", text(&a.digest)),
                        ("required", text(a.required)),
                        ("step_up", text(a.step_up)),
                        ("acknowledged", json(&a.acknowledged)),
                        ("status", text("pending")),
                        ("created_ms", text(ts_ms)),
                        ("expires_ms", text(a.expires_at_ms)),
                        ("decided_by", None),
                        ("reject_reason", None),
                        ("consumed_by", None),
                        ("revoked_by", None),
                        ("revoke_reason", None),
                    ],
                );
            }
            EventData::ApprovalVote(v) => {
                self.set("approval_votes", format!("{}/{}", v.approval_id, v.approver), &[("ts_ms", text(ts_ms))]);
            }
            EventData::Approved(v) => {
                self.set("approval_votes", format!("{}/{}", v.approval_id, v.approver), &[("ts_ms", text(ts_ms))]);
                self.set(
                    "approvals",
                    v.approval_id,
                    &[("status", text("approved")), ("decided_by", text(&v.approver))],
                );
            }
            EventData::Rejected(r) => {
                self.set(
                    "approvals",
                    r.approval_id,
                    &[
                        ("status", text("rejected")),
                        ("decided_by", text(&r.approver)),
                        ("reject_reason", r.reason.clone()),
                    ],
                );
            }
            EventData::Expired(e) => self.set("approvals", e.approval_id, &[("status", text("expired"))]),
            EventData::Revoked(r) => {
                self.set(
                    "approvals",
                    r.approval_id,
                    &[("status", text("revoked")), ("revoked_by", text(&r.by)), ("revoke_reason", text(&r.why))],
                );
            }
            EventData::Reported(r) => {
                // `executed` and `failed` are final: a door journals no report after them (`ops::report`). One
                // after them was made on a row set back outside the door, e.g. a permit settled by its expiry whose
                // row was given its own earlier seal again (ADR-885).
                let before = self
                    .tables
                    .get("decisions")
                    .and_then(|rows| rows.get(&r.decision_id.to_string()))
                    .and_then(|row| row.get("status").cloned().flatten());
                if let Some(before) = before.filter(|s| s == "executed" || s == "failed") {
                    self.problems.push(Difference {
                        table: "decisions".into(),
                        id: r.decision_id.to_string(),
                        field: Some("status".into()),
                        journal: Some(before.clone()),
                        in_table: None,
                        note: Some(format!(
                            "decision {} was reported `{}` at seq {seq} after its final report `{before}`: its row was \
                             set back outside the door",
                            r.decision_id,
                            r.outcome.as_str()
                        )),
                    });
                }
                self.set(
                    "decisions",
                    r.decision_id,
                    &[
                        ("status", text(data.kind().as_str())),
                        ("reported_ms", text(ts_ms)),
                        ("report_detail", json(&r.detail)),
                    ],
                );
                for rid in &r.released {
                    self.set("reservations", rid, &[("released", text(true))]);
                }
            }
            EventData::KillSwitch(k) => {
                self.set("settings", "kill_switch", &[("value", text(if k.engaged { "on" } else { "off" }))]);
            }
            EventData::PolicyLoaded(p) => self.set("settings", "policy_sha256", &[("value", text(&p.sha256))]),
            EventData::Checkpoint(c) => self.set("settings", "checkpoint_size", &[("value", text(c.size))]),
            EventData::Task(t) => {
                self.task_events.insert(seq as i64, t.task_id().to_string());
            }
            EventData::SessionDemoted(d) => {
                self.set(
                    "session_demotions",
                    d.demotion_id,
                    &[
                        ("agent", text(&d.agent)),
                        ("session", text(crate::tx::session_key(d.session.as_deref()))),
                        ("signal", text(d.signal.as_str())),
                        ("reason", text(&d.reason)),
                        ("decision_id", text(d.decision_id)),
                        ("started_ms", text(ts_ms)),
                        ("until_ms", text(d.until_ms)),
                        ("status", text("active")),
                        ("ended_ms", None),
                        ("ended_by", None),
                        ("ended_reason", None),
                    ],
                );
            }
            EventData::SessionRestored(r) => {
                let status = match r.cause {
                    RestoreCause::Admin => "restored",
                    RestoreCause::Expired => "expired",
                };
                self.set(
                    "session_demotions",
                    r.demotion_id,
                    &[
                        ("status", text(status)),
                        ("until_ms", text(r.until_ms)),
                        ("ended_ms", text(ts_ms)),
                        ("ended_by", r.by.clone()),
                        ("ended_reason", r.why.clone()),
                    ],
                );
            }
            EventData::Credential(c) => match c {
                foureyes_core::event::CredentialChange::Created { name, role, serves, step_up, token_binding } => {
                    self.set(
                        "tokens",
                        name,
                        &[
                            ("role", text(role.as_str())),
                            ("serves", serves.clone()),
                            ("step_up", text(step_up)),
                            ("created_ms", text(ts_ms)),
                            ("revoked_ms", None),
                        ],
                    );
                    if let Some(binding) = token_binding {
                        self.set("tokens", name, &[("token_binding", Some(binding.clone()))]);
                    }
                }
                foureyes_core::event::CredentialChange::Revoked { name } => {
                    self.set("tokens", name, &[("revoked_ms", text(ts_ms))]);
                    // A revoke deletes the credential's console sessions with it (`delete_sessions_of`).
                    if let Some(sessions) = self.tables.get_mut("sessions") {
                        sessions.retain(|_, row| row.get("principal").cloned().flatten().as_deref() != Some(name));
                    }
                }
                foureyes_core::event::CredentialChange::SessionOpened {
                    name,
                    session_binding,
                    csrf_binding,
                    expires_at_ms,
                } => self.set(
                    "sessions",
                    session_binding,
                    &[
                        ("principal", Some(name.clone())),
                        ("csrf_binding", Some(csrf_binding.clone())),
                        ("expires_ms", text(expires_at_ms)),
                    ],
                ),
                foureyes_core::event::CredentialChange::SessionClosed { session_binding } => {
                    if let Some(sessions) = self.tables.get_mut("sessions") {
                        sessions.remove(session_binding);
                    }
                }
                foureyes_core::event::CredentialChange::SigninCodeIssued { name, code_binding, expires_at_ms } => {
                    self.set(
                        "signin_codes",
                        code_binding,
                        &[
                            ("principal", Some(name.clone())),
                            ("expires_ms", text(expires_at_ms)),
                            ("used", text(false)),
                        ],
                    );
                }
                foureyes_core::event::CredentialChange::SigninCodeUsed { code_binding } => {
                    self.set("signin_codes", code_binding, &[("used", text(true))]);
                }
                foureyes_core::event::CredentialChange::SecretSet { .. } => {}
            },
            EventData::ReservationExpired(x) => {
                let mut reasons: Vec<foureyes_core::Reason> = self
                    .tables
                    .get("decisions")
                    .and_then(|rows| rows.get(&x.decision_id.to_string()))
                    .and_then(|row| row.get("reasons").cloned().flatten())
                    .and_then(|text| serde_json::from_str(&text).ok())
                    .unwrap_or_default();
                reasons.push(x.reason());
                self.set(
                    "decisions",
                    x.decision_id,
                    &[("status", text(DecisionStatus::Unknown.as_str())), ("reasons", json(&reasons))],
                );
                for rid in &x.released {
                    self.set("reservations", rid, &[("released", text(true))]);
                }
            }
            // A start mark has no row: the journal is its only home (ADR-321).
            EventData::Refused(_) | EventData::ToolPinned(_) | EventData::ConnectorStarted(_) => {}
            // The seal's start has no row either (ADR-420).
            EventData::SealStarted(_) => {}
        }
    }
}

/// The `idempotency` row id of a request: its agent (length-prefixed, so no agent and request id pair reads as
/// another) and request id.
pub fn idempotency_key(request: &ActionRequest) -> String {
    format!("{}:{}/{}", request.agent.chars().count(), request.agent, request.request_id)
}

impl Replayed {
    /// Compares this replay with the tables (read with [`AUDITED`]). `found` holds what the backend already found
    /// (e.g. its own index tables); the report adds every difference in every audited column of every table, and
    /// each decision row whose digest is not the one recomputed from its stored request.
    pub fn audit(&self, events: u64, tables: &Tables, mut found: Vec<Difference>) -> crate::AuditReport {
        found.extend(self.problems.iter().cloned());
        let empty = Rows::new();
        for audited in AUDITED {
            let journal = self.tables.get(audited.table).unwrap_or(&empty);
            let table = tables.get(audited.table).unwrap_or(&empty);
            compare_rows(&mut found, audited.table, journal, table);
        }
        if let Some(rows) = tables.get("decisions") {
            for (id, row) in rows {
                let stored = row.get("digest").cloned().flatten();
                let recomputed = row.get("request").cloned().flatten().map(|text| {
                    match serde_json::from_str::<ActionRequest>(&text) {
                        Ok(request) => request.digest(),
                        Err(e) => format!("(unreadable request: {e})"),
                    }
                });
                if recomputed != stored {
                    found.push(Difference {
                        table: "decisions".into(),
                        id: id.clone(),
                        field: Some("digest".into()),
                        journal: recomputed,
                        in_table: stored,
                        note: Some("recomputed from the row's stored request".into()),
                    });
                }
            }
        }
        let table_count = |t: &str, c: &str, v: &str| {
            tables.get(t).map_or(0, |rows| {
                rows.values().filter(|r| r.get(c).and_then(|v| v.as_deref()) == Some(v)).count() as u64
            })
        };
        crate::AuditReport {
            events,
            decisions: tables.get("decisions").map_or(0, |r| r.len() as u64),
            held_reservations: table_count("reservations", "released", "false"),
            unconfirmed: table_count("decisions", "status", DecisionStatus::Intended.as_str()),
            mismatches: found.iter().map(ToString::to_string).collect(),
            differences: found,
        }
    }
}

/// Every row and column that differs between the journal's replay and a table, in both directions. A column the
/// journal's row does not speak of is not compared.
pub fn compare_rows(out: &mut Vec<Difference>, table: &str, journal: &Rows, in_table: &Rows) {
    let summary = |row: &Row| {
        row.iter().map(|(k, v)| format!("{k}={}", v.as_deref().unwrap_or("NULL"))).collect::<Vec<_>>().join(" ")
    };
    for (id, row) in journal {
        let Some(t) = in_table.get(id) else {
            out.push(Difference {
                table: table.into(),
                id: id.clone(),
                field: None,
                journal: Some(summary(row)),
                in_table: None,
                note: None,
            });
            continue;
        };
        for (column, value) in row {
            let stored = t.get(column).cloned().flatten();
            if &stored != value {
                out.push(Difference {
                    table: table.into(),
                    id: id.clone(),
                    field: Some((*column).into()),
                    journal: value.clone(),
                    in_table: stored,
                    note: None,
                });
            }
        }
    }
    for (id, row) in in_table {
        if !journal.contains_key(id) {
            out.push(Difference {
                table: table.into(),
                id: id.clone(),
                field: None,
                journal: None,
                in_table: Some(summary(row)),
                note: None,
            });
        }
    }
}

/// Every `task_commands` row (task id, command id, outcome as stored) whose outcome the journal does not back
/// (ADR-585): the same check a repeated command meets at use. A row absent here is judged afresh at use.
pub fn compare_task_commands(
    out: &mut Vec<Difference>,
    journal: &crate::tasks::shared::JournaledTaskCommands,
    rows: &[(String, String, String)],
) {
    for (task_id, command_id, outcome) in rows {
        let id = format!("{task_id}/{command_id}");
        let difference = match crate::tasks::shared::StoredOutcome::decode(outcome) {
            Ok(stored) => journal.differs(task_id, command_id, &stored),
            Err(e) => Some(("outcome".to_string(), e.to_string(), "an outcome the door writes".to_string())),
        };
        if let Some((field, row, said)) = difference {
            out.push(Difference {
                table: "task_commands".into(),
                id,
                field: Some(format!("outcome.{field}")),
                journal: Some(said),
                in_table: Some(row),
                note: None,
            });
        }
    }
}

/// Every id whose value differs between the journal's replay and an index the backend keeps (e.g. `task_events`),
/// in both directions.
pub fn compare<V: PartialEq + fmt::Display>(
    out: &mut Vec<Difference>,
    table: &str,
    journal: &BTreeMap<i64, V>,
    in_table: &BTreeMap<i64, V>,
) {
    let text = |v: Option<&V>| v.map(ToString::to_string);
    for (id, value) in journal {
        match in_table.get(id) {
            Some(t) if t == value => {}
            t => out.push(Difference {
                table: table.into(),
                id: id.to_string(),
                field: None,
                journal: text(Some(value)),
                in_table: text(t),
                note: None,
            }),
        }
    }
    for (id, value) in in_table {
        if !journal.contains_key(id) {
            out.push(Difference {
                table: table.into(),
                id: id.to_string(),
                field: None,
                journal: None,
                in_table: text(Some(value)),
                note: None,
            });
        }
    }
}
