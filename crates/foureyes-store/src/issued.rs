//! The ids the journal has issued (ADR-640, attack 16 H1/H2): the one place that says which events issue an id of
//! which kind, and that a journaled id is never issued again.
//!
//! Decisions, approvals, reservations and session demotions are numbered. Their rows used to take the next number
//! from the table (`AUTOINCREMENT` on SQLite, `MAX(id) + 1` on PostgreSQL), so a database writer who deleted a row
//! (and, on SQLite, rewound `sqlite_sequence`) made the door issue that number again; the second `decided` (or
//! `session_demoted`) event then took the first one's place in the authority state: another agent's reservation
//! released, another decision replayed, a deferral answered as a permit, another session's demotion lifted.
//!
//! Now the door issues each new id as one above the highest of its kind its authority state replayed from the
//! journal ([`IssuedIds::next`]), whatever the table holds, and every reader of the journal — the authority state,
//! `journal audit`'s replay — refuses an event that issues an id at or below one already issued: the door issues
//! them ascending and once, so such an event is not the door's.
//!
//! Other things the journal names are not numbered by a table: credentials are names (ADR-532: a name the journal
//! holds is taken), tasks and task commands are the caller's strings (their state is the journal's, ADR-585).

use foureyes_core::event::EventData;

/// A kind of numbered record the door issues.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    Decision,
    Approval,
    Reservation,
    Demotion,
}

impl IdKind {
    /// The table its rows live in.
    pub fn table(self) -> &'static str {
        match self {
            IdKind::Decision => "decisions",
            IdKind::Approval => "approvals",
            IdKind::Reservation => "reservations",
            IdKind::Demotion => "session_demotions",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            IdKind::Decision => "decision",
            IdKind::Approval => "approval",
            IdKind::Reservation => "reservation",
            IdKind::Demotion => "demotion",
        }
    }
}

/// The highest id of each kind the journal has issued so far (0: none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IssuedIds {
    decision: i64,
    approval: i64,
    reservation: i64,
    demotion: i64,
}

impl IssuedIds {
    fn mark(&mut self, kind: IdKind) -> &mut i64 {
        match kind {
            IdKind::Decision => &mut self.decision,
            IdKind::Approval => &mut self.approval,
            IdKind::Reservation => &mut self.reservation,
            IdKind::Demotion => &mut self.demotion,
        }
    }

    /// The id the door issues next of `kind`: one above every id of that kind the journal holds.
    pub fn next(&self, kind: IdKind) -> i64 {
        let mut copy = *self;
        *copy.mark(kind) + 1
    }

    /// The ids `data` issues, in the order the door issued them.
    fn issued_by(data: &EventData) -> Vec<(IdKind, i64)> {
        match data {
            EventData::Decided(d) => std::iter::once((IdKind::Decision, d.decision_id))
                .chain(d.reservations.iter().map(|r| (IdKind::Reservation, r.id)))
                .collect(),
            EventData::ApprovalRequested(a) => vec![(IdKind::Approval, a.approval_id)],
            EventData::SessionDemoted(d) => vec![(IdKind::Demotion, d.demotion_id)],
            _ => Vec::new(),
        }
    }

    /// Records the ids `data` issues, after checking that each is above every id of its kind issued before it; an
    /// event that issues an id again (or out of order) changes nothing and is named in the error.
    pub fn issue(&mut self, data: &EventData) -> Result<(), String> {
        let mut next = *self;
        for (kind, id) in Self::issued_by(data) {
            let mark = next.mark(kind);
            if id <= *mark {
                return Err(format!(
                    "{} {id} is issued again (the journal already issued {} ids up to {}): a {} row was deleted and \
                     its id reused, and this event is not the door's first word on it (ADR-640)",
                    kind.noun(),
                    kind.noun(),
                    *mark,
                    kind.table()
                ));
            }
            *mark = id;
        }
        *self = next;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn decided(id: i64, reservations: &[i64]) -> EventData {
        let reservations: Vec<_> =
            reservations.iter().map(|r| json!({"id": r, "key": "k", "scope": "*", "amount": "1"})).collect();
        let data = json!({"decision_id": id, "request": {"request_id": format!("r{id}"), "agent": "bot", "action": "pay"},
               "verdict": "permit", "status": "intended", "tier": 2, "reasons": [], "budgets": [],
               "reservations": reservations, "approval_id": null, "consumes_approval": false, "would_have": null,
               "digest": "d", "supersedes": null, "policy_sha256": "p"});
        EventData::from_journal(foureyes_core::journal::EventKind::Decided, &data).unwrap()
    }

    #[test]
    fn an_id_issued_again_is_refused_and_changes_nothing() {
        let mut issued = IssuedIds::default();
        assert_eq!(issued.next(IdKind::Decision), 1);
        issued.issue(&decided(1, &[1, 2])).unwrap();
        issued.issue(&decided(3, &[5])).unwrap();
        assert_eq!((issued.next(IdKind::Decision), issued.next(IdKind::Reservation)), (4, 6));
        let before = issued;
        let again = issued.issue(&decided(3, &[])).unwrap_err();
        assert!(again.contains("decision 3 is issued again"), "{again}");
        assert!(issued.issue(&decided(4, &[5])).unwrap_err().contains("reservation 5"));
        assert!(issued.issue(&decided(4, &[7, 6])).is_err(), "out of order within one event");
        assert_eq!(issued, before, "a refused event records nothing");
        issued.issue(&decided(4, &[6, 7])).unwrap();
        assert_eq!(issued.next(IdKind::Approval), 1);
    }
}
