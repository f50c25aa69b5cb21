//! haz40 (issue 16, ADR-1300…ADR-1304): danger words read in their sense and figures uncertain in the customer's own
//! words. A damage word whose holder is a thing ("the shell has a hairline fracture"), a "they" that points back to
//! things ("his glasses … and they fell"), the press as a modifier ("the paper catalogue") are no hazard; a body part a
//! harm verb takes with any quantifier ("scraped both knees") and a person going down ("I went down hard") are. An
//! approximation cut from its figure by an abbreviation's point ("approx. €40"), a vague count ("40-something") and
//! "or so" after an unknown currency are uncertain (U1); an uncertain figure replaced by one marked exact is settled.
//! The table (`hazard_senses40_table.txt`) is written in five registers; each line is one ticket on one linked order.

use crate::kinds::{STATUS_COLUMNS, TicketTable};

const TABLE: TicketTable = TicketTable { text: include_str!("hazard_senses40_table.txt"), columns: STATUS_COLUMNS };

/// Every row of a kind decided as labelled: (action, first clause, the refund's amount).
fn check(kind: &str) {
    TABLE.check(kind, 8, false);
}

#[test]
fn damage_words_held_by_things_are_no_hazard() {
    check("thing");
}

#[test]
fn injuries_by_their_structure_escalate() {
    check("injury");
}

#[test]
fn figures_uncertain_in_the_customers_words_and_settled_by_a_correction() {
    check("uncertain");
}
