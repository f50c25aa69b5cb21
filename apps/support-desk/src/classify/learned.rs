//! The second reading (ADR-1600): a statistical model of what a ticket is about, learned from the labelled sets in
//! `evals/`, read beside the grammar and consulted only where the grammar finds nothing to act on.
//!
//! Why: the grammar reads what it has rules for; a customer who asks for money back in words no rule covers ("so yeah,
//! sort it out and put it back where it came from") falls through to "a pure inquiry" (C1) and is closed. Those
//! fall-throughs were the largest class of first-run misses on blind sets written by examiners who never saw the
//! desk (24 of 57 on blind64–73). A model learned from ~9,800 labelled tickets by many authors recognises the *kind*
//! of message from all its words at once, which is what a rule list cannot do.
//!
//! What it may change: only a ticket the clause table would close (C1), and only when the model is confident it is
//! not an inquiry. It then supplies the one fact the grammar missed — a request for money back, a want the desk
//! cannot settle (U1), or a safety/legal/injury matter (E2) — and the clause table decides from the facts as always:
//! the refusals (X1–X4), the cap, the window and the amount come from the lookups and the amount grammar, never from
//! the model. It can never pay more than the order's amount, and never turn a refusal or an escalation into a
//! payment.
//!
//! The model: multinomial logistic regression over TF-IDF features (words, word pairs, and 3–5-letter pieces of
//! words, so misspellings and other languages' spellings share features); trained by
//! `support-desk eval train-intent`, stored as data in `models/intent.tsv`.

use std::collections::HashMap;
use std::sync::OnceLock;

use regex::Regex;

/// What a ticket is about, as the labelled sets say: the four kinds of outcome that follow from the text alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Needs no account action (C1).
    Inquiry,
    /// Asks for money back (whatever the clause table then decides: refund, refuse, E1, F1).
    Request,
    /// Wants something the evidence cannot settle (U1).
    Unsettled,
    /// Safety, a legal threat or an injury (E2).
    Harm,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Inquiry, Kind::Request, Kind::Unsettled, Kind::Harm];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Inquiry => "inquiry",
            Kind::Request => "request",
            Kind::Unsettled => "unsettled",
            Kind::Harm => "harm",
        }
    }

    /// The kind a labelled row of a set stands for: its expected action and clauses.
    pub fn of_label(expected_action: &str, refs: &[String]) -> Option<Kind> {
        let has = |c: &str| refs.iter().any(|r| r == c);
        match expected_action {
            "close" => Some(Kind::Inquiry),
            _ if has("U1") => Some(Kind::Unsettled),
            "escalate" if has("E2") => Some(Kind::Harm),
            "refund" | "refuse" => Some(Kind::Request),
            "escalate" if has("E1") || has("F1") => Some(Kind::Request),
            _ => None,
        }
    }
}

/// The model's answer: a probability per kind, in [`Kind::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Guess(pub [f64; 4]);

impl Guess {
    pub fn p(&self, kind: Kind) -> f64 {
        self.0[kind as usize]
    }

    pub fn likeliest(&self) -> Kind {
        let mut best = Kind::Inquiry;
        for k in Kind::ALL {
            if self.p(k) > self.p(best) {
                best = k;
            }
        }
        best
    }
}

/// The features of a text: words, word pairs, and the 3–5-letter pieces of each word with its edges marked.
pub fn features(text: &str) -> Vec<String> {
    static WORD: OnceLock<Regex> = OnceLock::new();
    let word = WORD.get_or_init(|| Regex::new(r"[a-z0-9']+|[$€£]").expect("the word pattern compiles"));
    let lower = text.to_lowercase();
    let words: Vec<&str> = word.find_iter(&lower).map(|m| m.as_str()).collect();
    let mut out = Vec::with_capacity(words.len() * 12);
    out.extend(words.iter().map(|w| format!("w:{w}")));
    out.extend(words.windows(2).map(|p| format!("b:{} {}", p[0], p[1])));
    for w in &words {
        let padded: Vec<char> = format!(" {w} ").chars().collect();
        for n in 3..=5 {
            for piece in padded.windows(n) {
                out.push(format!("c:{}", piece.iter().collect::<String>()));
            }
        }
    }
    out
}

/// A trained model: per feature its inverse document frequency and one weight per kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    intercept: [f64; 4],
    terms: HashMap<String, (f64, [f64; 4])>,
}

const HEADER: &str = "# support-desk intent model v1: feature, idf, weights for inquiry request unsettled harm";

impl Model {
    /// The TF-IDF vector of a text over the model's vocabulary (sublinear counts, L2-normalised).
    fn vector(&self, text: &str) -> Vec<(&[f64; 4], f64)> {
        let mut counts: HashMap<String, u32> = HashMap::new();
        for f in features(text) {
            *counts.entry(f).or_default() += 1;
        }
        let mut v: Vec<(&[f64; 4], f64)> = counts
            .iter()
            .filter_map(|(f, &n)| self.terms.get(f).map(|(idf, w)| (w, (1.0 + f64::from(n).ln()) * idf)))
            .collect();
        let norm = v.iter().map(|(_, x)| x * x).sum::<f64>().sqrt();
        if norm > 0.0 {
            v.iter_mut().for_each(|(_, x)| *x /= norm);
        }
        v
    }

    pub fn guess(&self, text: &str) -> Guess {
        let mut z = self.intercept;
        for (w, x) in self.vector(text) {
            for k in 0..4 {
                z[k] += w[k] * x;
            }
        }
        Guess(softmax(z))
    }

    /// The model as text: a header, the intercepts, then one line per feature (sorted, so a retrain diffs).
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\nintercept\t{}\n", fmt4(&self.intercept));
        let mut terms: Vec<_> = self.terms.iter().collect();
        terms.sort_by(|a, b| a.0.cmp(b.0));
        for (f, (idf, w)) in terms {
            out.push_str(&format!("{f}\t{idf:.4}\t{}\n", fmt4(w)));
        }
        out
    }

    pub fn from_text(text: &str) -> Result<Model, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, h)) if h == HEADER => {}
            _ => return Err(format!("line 1: expected the header {HEADER:?}")),
        }
        let numbers = |cols: &[&str], at: usize| -> Result<[f64; 4], String> {
            let mut w = [0.0; 4];
            for (k, c) in cols.iter().enumerate() {
                w[k] = c.parse().map_err(|_| format!("line {}: {c:?} is not a number", at + 1))?;
            }
            Ok(w)
        };
        let mut intercept = None;
        let mut terms = HashMap::new();
        for (at, line) in lines {
            let cols: Vec<&str> = line.split('\t').collect();
            match cols.as_slice() {
                ["intercept", w @ ..] if w.len() == 4 => intercept = Some(numbers(w, at)?),
                [f, idf, w @ ..] if w.len() == 4 => {
                    let idf: f64 = idf.parse().map_err(|_| format!("line {}: idf {idf:?} is not a number", at + 1))?;
                    terms.insert((*f).to_string(), (idf, numbers(w, at)?));
                }
                _ => return Err(format!("line {}: expected a feature, its idf and four weights", at + 1)),
            }
        }
        let intercept = intercept.ok_or("no intercept line")?;
        Ok(Model { intercept, terms })
    }

    pub fn len(&self) -> usize {
        self.terms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
}

fn fmt4(w: &[f64; 4]) -> String {
    w.iter().map(|x| format!("{x:.4}")).collect::<Vec<_>>().join("\t")
}

fn softmax(z: [f64; 4]) -> [f64; 4] {
    let m = z.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let e = z.map(|x| (x - m).exp());
    let s: f64 = e.iter().sum();
    e.map(|x| x / s)
}

/// How a model is trained.
#[derive(Debug, Clone, Copy)]
pub struct Training {
    /// A feature is kept when at least this many texts have it.
    pub min_texts: usize,
    /// The inverse strength of the L2 penalty (as in scikit-learn's `C`): larger fits the texts more closely.
    pub c: f64,
    /// Full-batch Adam steps.
    pub steps: usize,
}

impl Default for Training {
    fn default() -> Self {
        Training { min_texts: 2, c: 10.0, steps: 400 }
    }
}

/// Trains a model on labelled texts: class-balanced multinomial logistic regression with an L2 penalty, by
/// full-batch Adam (deterministic: the same texts give the same model).
pub fn train(texts: &[(String, Kind)], how: Training) -> Model {
    let docs: Vec<HashMap<String, u32>> = texts
        .iter()
        .map(|(t, _)| {
            let mut c = HashMap::new();
            for f in features(t) {
                *c.entry(f).or_default() += 1;
            }
            c
        })
        .collect();
    let mut df: HashMap<&str, usize> = HashMap::new();
    for d in &docs {
        for f in d.keys() {
            *df.entry(f.as_str()).or_default() += 1;
        }
    }
    let mut vocab: Vec<&str> = df.iter().filter(|(_, n)| **n >= how.min_texts).map(|(f, _)| *f).collect();
    vocab.sort_unstable();
    let index: HashMap<&str, usize> = vocab.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let n = docs.len() as f64;
    let idf: Vec<f64> = vocab.iter().map(|f| ((1.0 + n) / (1.0 + df[f] as f64)).ln() + 1.0).collect();
    let rows: Vec<Vec<(usize, f64)>> = docs
        .iter()
        .map(|d| {
            let mut v: Vec<(usize, f64)> = d
                .iter()
                .filter_map(|(f, &c)| index.get(f.as_str()).map(|&i| (i, (1.0 + f64::from(c).ln()) * idf[i])))
                .collect();
            v.sort_unstable_by_key(|(i, _)| *i);
            let norm = v.iter().map(|(_, x)| x * x).sum::<f64>().sqrt();
            if norm > 0.0 {
                v.iter_mut().for_each(|(_, x)| *x /= norm);
            }
            v
        })
        .collect();
    let ys: Vec<usize> = texts.iter().map(|(_, k)| *k as usize).collect();
    let mut per_kind = [0usize; 4];
    ys.iter().for_each(|&y| per_kind[y] += 1);
    let weight = per_kind.map(|c| if c == 0 { 0.0 } else { n / (4.0 * c as f64) });

    // Parameters: one weight per (feature, kind), then the four intercepts (not penalised).
    let dim = vocab.len() * 4 + 4;
    let (mut theta, mut m, mut v) = (vec![0.0f64; dim], vec![0.0f64; dim], vec![0.0f64; dim]);
    let (lr, b1, b2, eps) = (0.05, 0.9, 0.999, 1e-8);
    let bias = vocab.len() * 4;
    for step in 1..=how.steps {
        // The objective: C × the weighted cross-entropy summed over texts + ½‖W‖²; its gradient.
        let mut grad: Vec<f64> = theta[..bias].iter().copied().chain([0.0; 4]).collect();
        for (row, &y) in rows.iter().zip(&ys) {
            let mut z = [theta[bias], theta[bias + 1], theta[bias + 2], theta[bias + 3]];
            for &(i, x) in row {
                for (k, zk) in z.iter_mut().enumerate() {
                    *zk += theta[i * 4 + k] * x;
                }
            }
            let p = softmax(z);
            for k in 0..4 {
                let g = how.c * weight[y] * (p[k] - if k == y { 1.0 } else { 0.0 });
                grad[bias + k] += g;
                for &(i, x) in row {
                    grad[i * 4 + k] += g * x;
                }
            }
        }
        let (c1, c2) = (1.0 - b1_pow(b1, step), 1.0 - b1_pow(b2, step));
        for j in 0..dim {
            m[j] = b1 * m[j] + (1.0 - b1) * grad[j];
            v[j] = b2 * v[j] + (1.0 - b2) * grad[j] * grad[j];
            theta[j] -= lr * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
        }
    }
    let terms = vocab
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let w = [theta[i * 4], theta[i * 4 + 1], theta[i * 4 + 2], theta[i * 4 + 3]];
            ((*f).to_string(), (idf[i], w))
        })
        .collect();
    Model { intercept: [theta[bias], theta[bias + 1], theta[bias + 2], theta[bias + 3]], terms }
}

fn b1_pow(b: f64, step: usize) -> f64 {
    b.powi(step.min(i32::MAX as usize) as i32)
}

/// The model the desk reads with: `SUPPORT_DESK_INTENT_MODEL` names a file (a model trained without some sets, to
/// measure on them), else the one in `models/intent.tsv`. A model that does not load is no model: the grammar alone
/// decides (and the reason is printed once).
pub fn model() -> Option<&'static Model> {
    static MODEL: OnceLock<Option<Model>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let loaded = match std::env::var_os("SUPPORT_DESK_INTENT_MODEL") {
                Some(path) => std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.to_string_lossy()))
                    .and_then(|t| Model::from_text(&t)),
                None => Model::from_text(include_str!("../../models/intent.tsv")),
            };
            loaded.map_err(|e| eprintln!("support-desk: the intent model is not used: {e}")).ok()
        })
        .as_ref()
}

/// How sure the model must be that a ticket the grammar would close is not an inquiry before its reading counts.
pub const NOT_AN_INQUIRY: f64 = 0.8;

/// The model's guess on a ticket's body, when a model is loaded.
pub fn guess(body: &str) -> Option<Guess> {
    model().map(|m| m.guess(body))
}

/// How sure the model must be that a request the grammar read naming no figure is an inquiry (a thanks, a question
/// about a refund) before the request is dropped.
pub const SURELY_AN_INQUIRY: f64 = 0.95;

/// How sure the model must be that a request the table refuses as a second refund (X4) is an inquiry (a thanks for the
/// money received, a question about it) before the desk closes it instead.
pub const AN_INQUIRY_ABOUT_A_REFUND: f64 = 0.9;

/// How sure the model must be of a request the grammar did not read before the table is asked whether it refuses it.
pub const SURELY_A_REQUEST: f64 = 0.95;

/// How sure the model must be of harm told where no problem is named in the customer's own words.
pub const SURELY_HARM: f64 = 0.9;

/// What the grammar read that the second reading needs: the customer's own words (quoted and forwarded text by
/// others left out: the model reads what the customer wrote), whether they disclaim a request ("not asking for a
/// refund"), and the customer's side of the thread (their words and the earlier messages of theirs they forward, the
/// shop's replies left out: harm a family member told and the customer forwards is harm told).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GrammarView {
    pub own: String,
    pub disclaimed: bool,
    pub customer_side: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_words_pairs_and_pieces() {
        let f = features("Refund 12,50 pls");
        assert!(f.contains(&"w:refund".to_string()));
        assert!(f.contains(&"b:refund 12".to_string()));
        assert!(f.contains(&"c: re".to_string()));
        assert!(f.contains(&"c:und ".to_string()));
        assert!(!f.iter().any(|x| x.contains(',')));
    }

    #[test]
    fn a_model_learns_and_round_trips_through_its_text() {
        let mut texts = Vec::new();
        for i in 0..6 {
            texts.push((format!("please refund my money back order {i}"), Kind::Request));
            texts.push((format!("what time do you open on day {i}"), Kind::Inquiry));
            texts.push((format!("the charger caught fire and burned my hand {i}"), Kind::Harm));
            texts.push((format!("not happy at all with things {i}"), Kind::Unsettled));
        }
        let m = train(&texts, Training { min_texts: 2, c: 10.0, steps: 200 });
        assert_eq!(m.guess("refund my money back please").likeliest(), Kind::Request);
        assert_eq!(m.guess("what time do you open").likeliest(), Kind::Inquiry);
        assert_eq!(m.guess("it caught fire, burned hand").likeliest(), Kind::Harm);
        let back = Model::from_text(&m.to_text()).expect("the model's text reads back");
        let (a, b) = (m.guess("refund please").0, back.guess("refund please").0);
        assert!(a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-3), "{a:?} vs {b:?}");
    }

    #[test]
    fn a_damaged_model_file_names_its_line() {
        let bad = format!("{HEADER}\nintercept\t0\t0\t0\t0\nw:refund\t1.0\t0.1\tx\t0\t0\n");
        assert_eq!(Model::from_text(&bad), Err("line 3: \"x\" is not a number".into()));
        assert!(Model::from_text("nonsense").is_err());
    }

    #[test]
    fn the_shipped_model_loads() {
        let m = model().expect("models/intent.tsv loads");
        assert!(m.len() > 1000);
    }
}
