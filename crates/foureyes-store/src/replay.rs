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
    /// A TOTP secret as stored, compared as the journal binds it (`event::totp_binding`, ADR-1160).
    TotpBinding,
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
        Form::TotpBinding => foureyes_core::event::totp_binding(&text),
    }
}

/// Every table the journal can replay, with every column it can speak of. Token, session and sign-in code hashes
/// are compared by their journaled bindings (`Form::Binding`, [`BOUND_IDS`]; ADR-422), a TOTP secret by its own
/// (`Form::TotpBinding`) and the last TOTP step used as the largest journaled (ADR-1160). Columns left out hold what
/// no event records: notification claims, connector secrets, task commands.
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
            // Compared only for credentials whose `created` event bound a TOTP secret (ADR-1160).
            Column { name: "totp_binding", sql: "totp_secret", form: Form::TotpBinding },
            // Compared only once a step of the credential is journaled (`totp_step_accepted`, ADR-1160): a journal
            // written before the event says nothing of the steps used before it.
            col("totp_last_step", T),
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

/// A row as the journal says it, packed into one allocation (issue 14, ADR-1058): for each of its table's
/// [`AUDITED`] columns in order, a tag byte (0: the journal does not speak of it, 1: `NULL`, 2: a value) and, for a
/// value, its length (4 bytes, little-endian) and its text. Where a `BTreeMap` of column name to `String` took about
/// 2.5 KB for a decision row (a node entry and an allocation per column), this takes the texts and 5 bytes a column.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Packed(Box<[u8]>);

impl Packed {
    /// Each column of `columns`: `None` when the journal does not speak of it, else its value (`None`: `NULL`).
    fn cells(&self, columns: usize) -> Vec<Option<Option<&str>>> {
        cells_of(&self.0, columns)
    }

    fn pack(cells: &[Option<Option<&str>>]) -> Packed {
        let len = cells.iter().map(|c| if let Some(Some(t)) = c { 5 + t.len() } else { 1 }).sum();
        let mut bytes = Vec::with_capacity(len);
        for cell in cells {
            match cell {
                None => bytes.push(0),
                Some(None) => bytes.push(1),
                Some(Some(text)) => {
                    bytes.push(2);
                    bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
                    bytes.extend_from_slice(text.as_bytes());
                }
            }
        }
        Packed(bytes.into_boxed_slice())
    }

    /// The row as the audit compares it: the columns the journal speaks of.
    fn row(&self, audited: &AuditedTable) -> Row {
        audited
            .columns
            .iter()
            .zip(self.cells(audited.columns.len()))
            .filter_map(|(c, cell)| cell.map(|v| (c.name, v.map(str::to_string))))
            .collect()
    }
}

/// [`Packed::cells`] of packed bytes.
fn cells_of(bytes: &[u8], columns: usize) -> Vec<Option<Option<&str>>> {
    let mut out = Vec::with_capacity(columns);
    let mut at = 0;
    for _ in 0..columns {
        match bytes.get(at) {
            Some(2) => {
                let len = bytes
                    .get(at + 1..at + 5)
                    .and_then(|l| <[u8; 4]>::try_from(l).ok())
                    .map_or(0, |l| u32::from_le_bytes(l) as usize);
                let text = bytes.get(at + 5..at + 5 + len).and_then(|t| std::str::from_utf8(t).ok());
                out.push(Some(text));
                at += 5 + len;
            }
            Some(1) => {
                out.push(Some(None));
                at += 1;
            }
            Some(_) => {
                out.push(None);
                at += 1;
            }
            None => out.push(None),
        }
    }
    out
}

/// The [`AUDITED`] table named `table` and its place in the list.
fn audited(table: &str) -> Option<(usize, &'static AuditedTable)> {
    AUDITED.iter().enumerate().find(|(_, t)| t.table == table)
}

/// The key of row `id` of the [`AUDITED`] table at `index` in [`Replayed`]'s rows: the table's place, then the id.
fn row_key(index: usize, id: &str) -> Vec<u8> {
    let mut key = Vec::with_capacity(1 + id.len());
    key.push(index as u8);
    key.extend_from_slice(id.as_bytes());
    key
}

/// State rebuilt from the journal: the rows every audited table must hold.
#[derive(Debug, Default)]
pub struct Replayed {
    /// (Table's place in [`AUDITED`], id) → the columns the journal says, packed (ADR-1058); in memory, or spilled
    /// to a backend's scratch store beyond a bound ([`Replayed::spilling`], ADR-1092).
    rows: crate::spill::SpillMap,
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

    /// A replay that holds at most about `2 × generation_bytes` of rows in memory and spills the rest to
    /// `scratch` (issue 14, ADR-1092); [`Replayed::default`] holds every row in memory.
    pub fn spilling(scratch: Box<dyn crate::spill::Scratch>, generation_bytes: usize) -> Replayed {
        Replayed { rows: crate::spill::SpillMap::spilling(scratch, generation_bytes), ..Replayed::default() }
    }

    /// The scratch store's first error, if rows spilled and one failed: the replay cannot be trusted after it.
    pub fn scratch_error(&self) -> Option<&str> {
        self.rows.error()
    }

    /// Sets `fields` of row `id` of `table` (an [`AUDITED`] table; each field one of its columns).
    fn set(&mut self, table: &'static str, id: impl ToString, fields: &[(&'static str, Option<String>)]) {
        let Some((index, audited)) = audited(table) else { return };
        self.rows.update(&row_key(index, &id.to_string()), |packed| {
            let packed = Packed(packed.map(Box::from).unwrap_or_default());
            let mut cells = packed.cells(audited.columns.len());
            for (name, value) in fields {
                match audited.columns.iter().position(|c| c.name == *name) {
                    Some(at) => cells[at] = Some(value.as_deref()),
                    None => debug_assert!(false, "{table}.{name} is not an audited column"),
                }
            }
            Packed::pack(&cells).0
        });
    }

    /// What the journal says of column `column` of row `id` of `table` (`None`: no such row, not spoken of, or `NULL`).
    fn cell(&mut self, table: &str, id: &str, column: &str) -> Option<String> {
        let (index, audited) = audited(table)?;
        let at = audited.columns.iter().position(|c| c.name == column)?;
        let packed = self.rows.get(&row_key(index, id))?;
        cells_of(packed, audited.columns.len()).get(at).copied().flatten().flatten().map(str::to_string)
    }

    /// Removes the rows of `table` whose `column` says `value`.
    fn remove_where(&mut self, table: &str, column: &str, value: &str) {
        let Some((index, audited)) = audited(table) else { return };
        let Some(at) = audited.columns.iter().position(|c| c.name == column) else { return };
        self.rows.remove_where(index as u8, |bytes| cells_of(bytes, audited.columns.len())[at] == Some(Some(value)));
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
                let fingerprint = self.cell("idempotency", &key, "fingerprint").unwrap_or_else(|| r.fingerprint());
                // A door answers a retry with the decision its request id has; it decides one again only to release
                // its deferral (`supersedes`) or after a kill-switch block. A second plain decision for one request id
                // was decided while the id's `idempotency` row was missing: deleted outside the door, after the door
                // had let the id go from memory (ADR-373).
                let transient_block = d.verdict == foureyes_core::Verdict::Deny
                    && d.reasons.iter().any(|reason| reason.code == foureyes_core::ReasonCode::KillSwitch);
                if let Some(earlier) = self.cell("idempotency", &key, "decision_id")
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
                let before = self.cell("decisions", &r.decision_id.to_string(), "status");
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
                foureyes_core::event::CredentialChange::Created {
                    name,
                    role,
                    serves,
                    step_up,
                    token_binding,
                    totp_binding,
                } => {
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
                    if let Some(binding) = totp_binding {
                        self.set("tokens", name, &[("totp_binding", Some(binding.clone()))]);
                    }
                }
                foureyes_core::event::CredentialChange::TotpStepAccepted { name, step } => {
                    // The largest journaled step: a step is journaled only when it is later than the last.
                    let last = self.cell("tokens", name, "totp_last_step").and_then(|s| s.parse::<u64>().ok());
                    let step = last.map_or(*step, |last| last.max(*step));
                    self.set("tokens", name, &[("totp_last_step", text(step))]);
                }
                foureyes_core::event::CredentialChange::Revoked { name } => {
                    self.set("tokens", name, &[("revoked_ms", text(ts_ms))]);
                    // A revoke deletes the credential's console sessions with it (`delete_sessions_of`).
                    self.remove_where("sessions", "principal", name);
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
                    if let Some((index, _)) = audited("sessions") {
                        self.rows.take(&row_key(index, session_binding));
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
                    .cell("decisions", &x.decision_id.to_string(), "reasons")
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
    /// each decision row whose digest is not the one recomputed from its stored request. [`Replayed::auditor`] does
    /// the same a row at a time, for a backend that streams the tables rather than hold them (ADR-1058).
    pub fn audit(
        self,
        events: u64,
        tables: &Tables,
        found: Vec<Difference>,
    ) -> Result<crate::AuditReport, crate::StoreError> {
        let mut auditor = self.auditor();
        for audited in AUDITED {
            for (id, row) in tables.get(audited.table).into_iter().flatten() {
                auditor.compare(audited.table, id.clone(), row.clone());
            }
        }
        auditor.finish(events, found)
    }

    /// The comparison of this replay with the tables, fed one table row at a time ([`Auditor::table_row`]): it holds
    /// the journal's rows not yet met in a table (each leaves as its table row is compared) and the differences
    /// found, never the tables (issue 14, ADR-1058).
    pub fn auditor(self) -> Auditor {
        Auditor { replayed: self, differences: Vec::new(), decisions: 0, held_reservations: 0, unconfirmed: 0 }
    }
}

/// Where a difference goes in the report: the order [`Replayed::audit`] has always named them in (per table in
/// [`AUDITED`] order: the journal's rows by id, each one's columns by name, then the rows only the table holds;
/// then the decisions whose digest is not their stored request's), whatever order the table rows come in.
type Place = (usize, u8, String, &'static str);

/// [`Replayed::auditor`]: compares the journal's rows with the tables' as they are read.
#[derive(Debug)]
pub struct Auditor {
    replayed: Replayed,
    differences: Vec<(Place, Difference)>,
    decisions: u64,
    held_reservations: u64,
    unconfirmed: u64,
}

impl Auditor {
    /// One row of `audited` as read by [`AuditedTable::select`].
    pub fn table_row(&mut self, audited: &AuditedTable, values: Vec<Option<String>>) {
        let (id, row) = audited.row(values);
        self.compare(audited.table, id, row);
    }

    /// One table row, normalized ([`AuditedTable::row`]).
    fn compare(&mut self, table: &str, id: String, row: Row) {
        let Some((index, audited)) = audited(table) else { return };
        let says = |column: &str, value: &str| row.get(column).and_then(|v| v.as_deref()) == Some(value);
        if audited.table == "decisions" {
            self.decisions += 1;
            if says("status", DecisionStatus::Intended.as_str()) {
                self.unconfirmed += 1;
            }
            let stored = row.get("digest").cloned().flatten();
            let recomputed =
                row.get("request").cloned().flatten().map(|text| match serde_json::from_str::<ActionRequest>(&text) {
                    Ok(request) => request.digest(),
                    Err(e) => format!("(unreadable request: {e})"),
                });
            if recomputed != stored {
                let place = (AUDITED.len(), 2, id.clone(), "");
                self.differences.push((
                    place,
                    Difference {
                        table: "decisions".into(),
                        id: id.clone(),
                        field: Some("digest".into()),
                        journal: recomputed,
                        in_table: stored,
                        note: Some("recomputed from the row's stored request".into()),
                    },
                ));
            }
        }
        if audited.table == "reservations" && says("released", "false") {
            self.held_reservations += 1;
        }
        let journal = self.replayed.rows.take(&row_key(index, &id)).map(Packed);
        let mut found = Vec::new();
        // A row no event wrote.
        if journal.is_none() {
            let difference = Difference {
                table: audited.table.into(),
                id: id.clone(),
                field: None,
                journal: None,
                in_table: Some(summary(&row)),
                note: None,
            };
            found.push(((index, 1, id.clone(), ""), difference));
        }
        // Every column the journal's row speaks of.
        for (column, value) in journal.map(|packed| packed.row(audited)).unwrap_or_default() {
            let stored = row.get(column).cloned().flatten();
            if stored != value {
                let difference = Difference {
                    table: audited.table.into(),
                    id: id.clone(),
                    field: Some(column.into()),
                    journal: value,
                    in_table: stored,
                    note: None,
                };
                found.push(((index, 0, id.clone(), column), difference));
            }
        }
        self.differences.extend(found);
    }

    /// The report: `found` (the backend's own, then the replay's problems) and every difference, the journal's rows
    /// no table row met named missing.
    pub fn finish(mut self, events: u64, mut found: Vec<Difference>) -> Result<crate::AuditReport, crate::StoreError> {
        found.extend(self.replayed.problems.iter().cloned());
        let differences = &mut self.differences;
        self.replayed.rows.drain(|key, packed| {
            let Some((&index, id)) = key.split_first() else { return };
            let Some(audited) = AUDITED.get(usize::from(index)) else { return };
            let id = String::from_utf8_lossy(id).into_owned();
            let row = Packed(Box::from(packed)).row(audited);
            differences.push((
                (usize::from(index), 0, id.clone(), ""),
                Difference {
                    table: audited.table.into(),
                    id,
                    field: None,
                    journal: Some(summary(&row)),
                    in_table: None,
                    note: None,
                },
            ));
        });
        // What spilled could not all be read back: the comparison is not to be trusted (ADR-1092).
        if let Some(e) = self.replayed.scratch_error() {
            return Err(crate::StoreError::Backend(format!("journal audit's scratch store: {e}")));
        }
        self.differences.sort_by(|a, b| a.0.cmp(&b.0));
        found.extend(self.differences.into_iter().map(|(_, d)| d));
        Ok(crate::AuditReport {
            events,
            decisions: self.decisions,
            held_reservations: self.held_reservations,
            unconfirmed: self.unconfirmed,
            mismatches: found.iter().map(ToString::to_string).collect(),
            differences: found,
        })
    }
}

/// A row in a few words: `column=value …` (`NULL` for a null).
fn summary(row: &Row) -> String {
    row.iter().map(|(k, v)| format!("{k}={}", v.as_deref().unwrap_or("NULL"))).collect::<Vec<_>>().join(" ")
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::conformance::{replay_soak_create, resident_bytes};

    /// Issue 14, ADR-1092: an audit whose replay spills its rows to a scratch store (here on every row: a bound of
    /// 0 bytes) names exactly what one that holds them in memory names — an edited column, a row the journal made
    /// and the table lacks, a row no event wrote — in the same order.
    #[test]
    fn an_audit_that_spills_its_rows_names_what_one_in_memory_names() {
        const N: i64 = 300;
        let mut tables = Tables::new();
        let mut source = Replayed::default();
        (1..=N).for_each(|id| replay_soak_create(&mut source, id, true));
        source.rows.drain(|key, packed| {
            let audited = &AUDITED[usize::from(key[0])];
            let id = String::from_utf8(key[1..].to_vec()).unwrap();
            let mut row = Packed(Box::from(packed)).row(audited);
            for c in audited.columns {
                row.entry(c.name).or_insert(None);
            }
            tables.entry(audited.table).or_default().insert(id, row);
        });
        let decisions = tables.get_mut("decisions").unwrap();
        decisions.get_mut("7").unwrap().insert("status", Some("failed".into()));
        decisions.remove("150");
        let forged = decisions.get("9").unwrap().clone();
        decisions.insert("9999".into(), forged);
        tables.get_mut("reservations").unwrap().get_mut("200").unwrap().insert("released", Some("false".into()));
        let audit = |mut replayed: Replayed| {
            (1..=N).for_each(|id| replay_soak_create(&mut replayed, id, true));
            replayed.audit(2 * N as u64, &tables, Vec::new()).unwrap()
        };
        let in_memory = audit(Replayed::default());
        let spilled = audit(Replayed::spilling(Box::<crate::spill::MemoryScratch>::default(), 0));
        assert_eq!(in_memory.mismatches, spilled.mismatches);
        let named = in_memory.mismatches.join("\n");
        for expected in [
            "decisions 7 status: journal says \"executed\", table says \"failed\"",
            "decisions 150: in the journal",
            "decisions 9999: in the table",
            "reservations 200 released: journal says \"true\", table says \"false\"",
        ] {
            assert!(named.contains(expected), "{expected} not in:\n{named}");
        }
        assert_eq!(in_memory.mismatches.len(), 4, "{named}");
    }

    /// ADR-1160: a journal written before the TOTP binding and the `totp_step_accepted` event still verifies — its
    /// step-up approver's secret is compared only as "is there one" and its last step not at all — until a step is
    /// journaled: from then on the row's last step is compared with the largest journaled. A journal that bound the
    /// secret compares it.
    #[test]
    fn an_old_journals_step_up_columns_are_compared_only_once_the_journal_speaks_of_them() {
        use foureyes_core::event::{CredentialChange, totp_binding};
        let created = |name: &str, bound: Option<&str>| {
            EventData::Credential(CredentialChange::Created {
                name: name.into(),
                role: foureyes_core::Role::Approver,
                serves: None,
                step_up: true,
                token_binding: None,
                totp_binding: bound.map(totp_binding),
            })
        };
        let step = |name: &str, step: u64| {
            EventData::Credential(CredentialChange::TotpStepAccepted { name: name.into(), step })
        };
        let row = |secret: &str, last_step: Option<&str>| -> Row {
            [
                ("role", Some("approver".to_string())),
                ("serves", None),
                ("step_up", Some("true".into())),
                ("created_ms", Some("1".into())),
                ("revoked_ms", None),
                ("token_binding", None),
                ("totp_binding", Some(totp_binding(secret))),
                ("totp_last_step", last_step.map(str::to_string)),
            ]
            .into_iter()
            .collect()
        };
        let audit = |events: &[EventData], old: Row, new: Row| {
            let mut replayed = Replayed::default();
            for (seq, data) in events.iter().enumerate() {
                replayed.apply_data(seq as u64 + 1, 1, data);
            }
            let tables: Tables =
                [("tokens", [("old".to_string(), old), ("new".to_string(), new)].into_iter().collect())]
                    .into_iter()
                    .collect();
            replayed.audit(events.len() as u64, &tables, Vec::new()).unwrap().mismatches
        };
        let events = [created("old", None), created("new", Some("SECRET"))];
        // Before any step is journaled: an old row's secret and its step (used before the upgrade) are not compared.
        let said = audit(&events, row("ANYTHING", Some("123")), row("SECRET", None));
        assert!(said.is_empty(), "{said:#?}");
        // The new journal's secret is.
        let said = audit(&events, row("ANYTHING", Some("123")), row("MALLORY", None));
        assert_eq!(said.len(), 1, "{said:#?}");
        assert!(said[0].starts_with("tokens new totp_binding: journal says"), "{said:#?}");
        // Once a step is journaled, the row's last step is the largest journaled.
        let stepped = [events[0].clone(), events[1].clone(), step("old", 200), step("old", 150), step("new", 7)];
        let said = audit(&stepped, row("ANYTHING", Some("200")), row("SECRET", Some("7")));
        assert!(said.is_empty(), "{said:#?}");
        let said = audit(&stepped, row("ANYTHING", Some("123")), row("SECRET", None));
        assert_eq!(
            said,
            [
                "tokens new totp_last_step: journal says \"7\", table says NULL",
                "tokens old totp_last_step: journal says \"200\", table says \"123\"",
            ]
        );
    }

    /// Issue 14, ADR-1058 (RED before: each replayed row was a `BTreeMap` of column name to `String`: 4,135 bytes of
    /// resident memory per decision here, and `journal audit` of the two-hour soak's journal peaked at 4.5 GB): the
    /// audit's replay holds a row as its texts packed in one allocation, here under 1,600 bytes per decision (1,244
    /// when written: its decision, idempotency and reservation rows), for the soak's tier-1 create reported
    /// `executed`.
    #[test]
    fn the_audits_replay_holds_a_row_in_about_its_texts() {
        const N: i64 = 40_000;
        let before = resident_bytes();
        let mut replayed = Replayed::default();
        (1..=N).for_each(|id| replay_soak_create(&mut replayed, id, false));
        let per_decision = (resident_bytes() - before) / N;
        assert!(per_decision < 1_600, "{per_decision} bytes of resident memory per decision");
        assert!(replayed.problems.is_empty(), "{:?}", replayed.problems);
    }
}
