//! settle44 (issue 16, ADR-1501): an unworded ask whose cue sentence names several figures. ADR-1079 reads an ask
//! with no verb of asking ("please also action a separate credit of GBP 125.00 for 5 x damaged edging rolls (5 x
//! 25.00)", "So I want the full £42 plus the £6.95 postage, call it £48.95") from its cue sentence's one figure, and
//! several as unsettled (U1). Where the figures' roles read exactly one of them as asked (the object of the request,
//! or what the ask comes to) and the steps before settled that same figure, the others are its working, its parts or
//! a price told: the figure is settled. No figure asked, or several, or a steps' reading that differs, stays as
//! ADR-1079 reads it.

use super::{Amount, roles};

/// The figure settled for an unworded ask whose cue sentences name several figures: the steps' figure `steps`, when it
/// is the one figure the roles read as asked in `text`.
pub fn settled(text: &str, steps: &Amount) -> Option<i64> {
    let Amount::Cents(v) = steps else { return None };
    (roles::asked(&roles::read(text)) == [*v]).then_some(*v)
}
