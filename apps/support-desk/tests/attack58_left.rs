//! Outside attack 58's classes (scripts/attack58, REPORT.md; written against `sd-s45i`), in my own wordings: harm told
//! by the care it needed escalates (E2); a request withdrawn in other words asks nothing; and the whole order told in words of a part, or a
//! fee sold as a service on its own, stays the whole.

use crate::kinds::{all_escalated, check, other, refund};

const NONE: &[&str] = &[];

#[test]
fn attack58_harm_told_by_the_care_it_needed_escalates() {
    all_escalated(&[
        "My son needed an X-ray after the scooter's handlebar snapped. Refund please.",
        "The vet had to clean the dog's paw after the mat's wire poked out. Refund.",
        "I've been on antihistamines since using the duvet. Money back please.",
        "My dad is in plaster after the ladder slipped. I want a refund.",
    ]);
}

#[test]
fn attack58_a_request_withdrawn_in_other_words_asks_nothing() {
    let c1 = || other("close", "C1");
    check(&[
        ("Re my refund request: not needed anymore, the parcel arrived today.", 3_500, NONE, c1()),
        ("About the refund I asked for: that's no longer necessary.", 3_500, NONE, c1()),
        ("You can drop my refund request, the lamp works after all.", 3_500, NONE, c1()),
        // A reason and a thing not needed withdraw nothing.
        ("Cancel and refund please, changed my mind before you shipped it.", 3_500, NONE, refund(3_500)),
        ("Please issue a refund for the faulty fan. Return label not required.", 3_500, NONE, refund(3_500)),
    ]);
}

#[test]
fn attack58_the_whole_told_in_part_words_stays_the_whole() {
    check(&[
        ("Refund the cracked one please — the only thing I ordered.", 2_999, NONE, refund(2_999)),
        (
            "The booking fee was charged twice over nothing; please refund the booking fee, it was a separate order.",
            1_500,
            NONE,
            refund(1_500),
        ),
        ("Please refund the repair fee, the laptop still won't boot.", 8_000, NONE, refund(8_000)),
    ]);
}
