//! haz42 (issue 16, ADR-1390…ADR-1394): safety, injury and legal readings, precision both ways. A child's-mouth hazard
//! needs the child's mouth (another eater named before the verb, "a bit" as a degree, are none); a smell of smoke held by
//! goods nothing heats or powers is an odour, not a fire; a hot liquid reaching a person's body part is a scald told by
//! the event; a pop, bang or flash from a part that carries power is an electrical fault told by what was seen; a
//! repeat word that counts the customer's asking is no second charge nor a multiple, so a threat beside it escalates.
//! The table (`hazards42_table.txt`) is written in five registers; each line is one ticket on one linked order.
//! Red on main ef080fe (sd-ca25b94, through `eval benchmark` on the table as JSONL): 20 of its 39 rows, every kind red.

use crate::kinds::{STATUS_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("hazards42_table.txt"), columns: STATUS_COLUMNS };

/// Every row of a kind decided as labelled: (action, first clause, the refund's amount).
fn check(kind: &str) {
    TABLE.check(kind, 7, false);
}

#[test]
fn a_childs_mouth_hazard_needs_the_childs_mouth() {
    check("not_the_childs_mouth");
}

#[test]
fn a_smell_of_smoke_held_by_unpowered_goods_is_an_odour() {
    check("smoke_odour");
}

#[test]
fn a_hot_liquid_reaching_a_body_part_escalates() {
    check("scald_by_event");
}

#[test]
fn an_electrical_fault_told_by_what_was_seen_escalates() {
    check("seen_electric");
}

#[test]
fn a_repeat_of_asking_is_no_second_charge() {
    check("asked_twice");
}
