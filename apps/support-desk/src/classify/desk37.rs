//! desk37 (issue 16): readings that keep a hazard word out of a sense that names no harm (ADR-1182).

use regex::Regex;
use std::sync::OnceLock;

/// A hospital named only as the place of an errand — its car park or parking fee, a routine appointment there (a jab,
/// a vaccination, a check-up, a scan), a shift worked or a job held there — is cut from the text the safety reading
/// sees: it names no harm by the goods. "Ended up in hospital", "took her to hospital with burns" are untouched.
pub fn without_errand_hospitals(text: &str) -> String {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(concat!(
                r"(?i)\b(?:parking|car\s*park|parked|park)\b[^.?!\n]{0,40}?\b(?:at|in|near|outside|by)\s+(?:the\s+|a\s+)?",
                r"(?:\w+\s+)?hospital\b",
                r"|\bhospital\s+(?:car\s*park|parking|shop|caf[eé]|canteen|gift\s+shop|multi-?stor(?:e)?y)\b",
                r"|\b(?:works?|working|worked|shifts?|nurses?|volunteers?|volunteering|porter|cleaner|receptionist)\b",
                r"[^.?!\n]{0,20}?\b(?:at|in)\s+(?:the\s+|a\s+)?(?:\w+\s+)?hospital\b",
                r"|\bhospital\b[^.?!\n]{0,60}?\bfor\s+(?:(?:my|his|her|their|our|the|a|the\s+baby'?s)\s+)?(?:[\w-]+\s+){0,2}?",
                r"(?:jabs?|vaccin\w*|immuni[sz]\w*|check-?ups?|scans?|antenatal\w*|appointments?|booster\w*|flu\s+shots?)\b",
            ))
            .ok()
        })
        .as_ref()
    else {
        return text.to_string();
    };
    re.replace_all(text, " ").into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hospital_errand_is_cut_and_a_hospital_visit_for_harm_is_kept() {
        for cut in [
            "I paid €12.50 parking at the hospital on Monday too for her jabs",
            "the hospital car park ate my coins",
            "my wife works at the hospital so she ordered it",
            "we were at the hospital for her 8 week check-up",
        ] {
            assert!(!without_errand_hospitals(cut).to_lowercase().contains("hospital"), "{cut}");
        }
        for kept in [
            "my son ended up in hospital after it sparked",
            "took her to the hospital with burns from the kettle",
            "the hospital said the cut needed stitches",
        ] {
            assert!(without_errand_hospitals(kept).contains("hospital"), "{kept}");
        }
    }
}
