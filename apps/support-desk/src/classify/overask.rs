//! Operators on the ask (issue #16, attack 34 H2; desk33, ADR-1126…ADR-1128): an ask that is multiplied or added to
//! is an over-ask when the result is above the order's amount (X2: refused, never reduced), never paid in part.
//!
//! Whatever the reader settled as the amount asked, the customer's asking sentences are read for the operators they
//! put on it, by structure:
//! - multiplication: "double it", "twice", "triple", "times two", "x2", "2 x $14.95", "$25 … for each of the 3 …",
//!   "the same again";
//! - addition: "plus $15", "+ $15", "and $9.99 on top", "also add/owe/pay … $15", "as well as $8", "in addition to
//!   … $8", "together with $8", "another $49.99", "$49.99 and $49.99";
//! - a stated total: "that is $99.98 for both", "= $99.98", "$99.98 in total".
//!
//! The amount asked is then the product or the sum, its head the figure the operator works on or, when the request
//! names none, the order's amount (the reference policy reads a request that names no amount as the full refund).
//! Above the order: that figure (X2). Within it: the result is paid. An operator whose operand cannot be read
//! ("plus the postage") leaves a total that cannot be computed: U1, never a payment of a part. A sub-clause that tells
//! what was paid or charged ("I paid 49.99 plus 5 shipping") puts no operator on the ask.

use super::{Amount, CUR_AFTER, CUR_BEFORE, NUM, intent_in, number_value, to_cents};
use regex::Regex;
use std::sync::OnceLock;

struct Res {
    money: Regex,
    itemised: Regex,
    reported: Regex,
    paid: Regex,
    full: Regex,
    also_add: Regex,
    plus: Regex,
    on_top: Regex,
    another: Regex,
    and_join: Regex,
    mult_after: Regex,
    mult_before: Regex,
    count_times: Regex,
    for_each: Regex,
    total_after: Regex,
    total_before: Regex,
    unread_add: Regex,
    /// F1611: a figure asked for a cost of the customer's own beside the refund ("12 for the taxi", "and my postage
    /// of 5.99" — joined, never a receipt's "Shipping $5.00" line —, "cover the $9 I spent on return shipping", "USD
    /// 12 towards courier charges", "and the cost of the batteries …, 12 dollars"): an addition to the ask. All but the
    /// third are dropped inside a told price; the third is asked by its verb.
    extra_cost: [Regex; 6],
    /// A sentence that opens by adding ("Additionally …", "Plus …", "On top, …", "And …").
    additive_start: Regex,
    unread_each: Regex,
    share_added: Regex,
    /// F1612: a share of the ask added in words: "one and a half times", "1.5x", "plus half again", "half as much
    /// again", "and a quarter more".
    share_words: Regex,
    /// F1612: an addition with no figure that is still more than nothing: "with interest", "and then some", "and a
    /// bit more".
    more_unnamed: Regex,
    /// F1612: a noun phrase that names a payment without telling one ("what I paid", "the $49.99 I paid for the case",
    /// "the batteries I bought", "the cost of …"): the object of the ask, not a sub-clause that tells a price.
    paid_phrase: Regex,
    /// F1618: an addend named as a thing with no figure after a joining word ("Refund + my costs", "and pay my
    /// taxi", "with compensation for the inconvenience", "plus something for my trouble", "and cover the courier").
    add_np: Regex,
    /// F1618: a small sum said in words beside the whole ("and a dollar more", "an extra dollar", "and a penny").
    word_sum: Regex,
    /// F1618: a bare number added ("and another 5", "and 5 more").
    bare_more: Regex,
    /// F1618: a figure joined by "and" to the whole named ("the full amount and $0.01", "my money back and 5 dollars").
    whole_and: Regex,
    /// F1620: a rate asked ("$5 per missing screw", "$10/day", "$10 for every day"): its unit, counted elsewhere in the
    /// text ("12 screws missing", "6 days late"), multiplies it.
    per_unit: Regex,
    /// A count and the word or two after it ("12 screws missing", "(6 days)"): where a rate's unit is counted.
    counted: Regex,
    /// F1620: two figures, each of its own thing, joined in one ask ("the cup ($30) and the saucer ($25)", "$30 & $25").
    item_join: Regex,
    /// Two figures each sent somewhere ("$30 to my card and $30 as store credit"): both asked.
    split_paths: Regex,
}

/// The customer's own costs an addition names (F1611).
const COSTS: &str = r"(?:trouble|time|inconvenience|stress|hassle|postage|shipping|delivery|taxi|petrol|gas|fuel|courier(?:\s+charges)?|stamps?|batter(?:y|ies)|return(?:\s+(?:postage|shipping|label))?|wait(?:ing)?|delay|bother|effort|mount|fare|bill|fees?|expenses?|costs?|repairs?|tip|compensation|goodwill(?:\s+(?:gesture|payment|credit))?|parking(?:\s+ticket)?|train(?:\s+ticket)?|bus\s+fare|cab|uber|compo|p\s*&\s*p|p\+p)";

const COUNT: &str = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten";

fn res() -> Option<&'static Res> {
    static RES: OnceLock<Option<Res>> = OnceLock::new();
    RES.get_or_init(|| {
        let fig = format!(r"(?:(?:{CUR_BEFORE})\s?(?:{NUM})|(?:{NUM})\s?(?:{CUR_AFTER})|\b\d+[.,]\d{{2}}\b)");
        let head = r"(?:back|it|that|this|refund|amount|price|money|sum|total|paid)";
        Some(Res {
            // F1604: a share added to the ask: "plus 25%", "+ 10 per cent", "and an extra 15%" — not a share off, nor a
            // tax ("10% off", "+ 20% VAT": the caller also drops a sentence that breaks a figure down into net and tax).
            share_added: Regex::new(
                r"(?i)(?P<op>\bplus\b|\+|\band\b(?:\s+add)?|\bwith\b)\s*(?:an?\s+|another\s+)?(?:extra\s+|additional\s+|further\s+)?(?P<p>\d{1,3}(?:[.,]\d{1,2})?|five|ten|fifteen|twenty|twenty-five|thirty|fifty)\s?(?:%|per\s?cent\b)(?P<after>\s*\w*)",
            )
            .ok()?,
            // ask40 (ADR-1293): a bare number of two to four digits is a figure too ("Refund the 120 plus 20 for the
            // trouble", "I want 90 back for the jacket AND 20 for all the emails"): the sentences read here ask, so a
            // number in them is money unless it names an identifier, a count or a year (`figures` drops those).
            money: Regex::new(&format!(
                r"(?i)(?:{CUR_BEFORE})\s?(?P<a>{NUM})|\b(?P<b>{NUM})\s?(?:{CUR_AFTER})|\b(?P<c>\d+[.,]\d{{2}})\b|\b(?P<d>\d{{2,4}}(?:[.,]\d{{1,2}})?)\b"
            ))
            .ok()?,
            itemised: Regex::new(&format!(
                r"(?i)(?P<a>{fig}|\b\d{{2,4}}\b)\s+(?:back\s+)?for\s+(?:[\w'-]+\s+){{0,4}}?(?:and\s+|(?:[\w'-]+\s*)?,\s*(?:and\s+)?)(?:also\s+)?(?:another\s+)?(?P<f>{fig}|\b\d{{2,4}}\b)\s+(?:back\s+)?for\b"
            ))
            .ok()?,
            // Someone else's words or a policy told ("your policy states a full refund plus shipping"): no operator
            // on the customer's own ask.
            reported: Regex::new(
                r"(?i)\b(?:states?|stated|says?|said|told|according\s+to|policy|promis\w*|advertis\w*|claims|offer(?:s|ed)?)\b",
            )
            .ok()?,
            // A sub-clause that tells a price or a charge: its operators are the price's, not the ask's.
            paid: Regex::new(
                r"(?i)\b(?:paid|spent|bought|purchased|ordered|charged|billed|debited|taken|cost|costs|costed|priced|was|were|came\s+to|comes\s+to|offered|quoted|shows?|showed|shown|appears?|appeared|listed|statement|duplicate|transactions?)\b",
            )
            .ok()?,
            full: Regex::new(
                r"(?i)\b(?:full\s+(?:refund|reimbursement|credit|price|amount|cost|money|sum|payment|value)|(?:order|purchase)\s+(?:value|total)|all\s+of\s+it\s+back|(?:refund\w*|reimburs\w*|pay)\s+(?:me\s+|us\s+)?(?:in\s+full|fully)|fully\s+refund\w*|in\s+full|(?:my|our|the)\s+money(?:\s+back)?|money\s+back|what\s+(?:i|we)\s+paid|(?:refund|reimburs)\w*\s+(?:me\s+|us\s+)?(?:it\s+all|everything|all|the\s+(?:order|lot|amount|price)|my\s+order)|(?:refund|reimburse|repay|pay)\s+(?:me|us)\s+(?:plus|\+)|(?:whole|entire)\s+(?:order|amount|price|sum)|(?:refund|reimburse)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:it|them|this|that)\s*,?\s+(?:and|then|plus|\+)\s+(?:then\s+)?(?:also\s+)?(?:add|reimburse|pay|cover|refund|give|include|send))\b",
            )
            .ok()?,
            // "Also, please add $15", "you also owe me $18", "additionally pay $5", "in addition, refund $8".
            also_add: Regex::new(
                r"(?i)\b(?:also|additionally|furthermore|separately|in\s+addition|on\s+top\s+of\s+(?:that|this|it)|(?:it|them|that|this)\s*,?\s+(?:and\s+)?then)\b[,\s]*(?:(?:please|pls|plz|kindly|can\s+you|could\s+you|you|u|i\s+want|i'?d\s+like|i\s+need)\s+)*(?:also\s+)?(?:add|owe|pay|give|include|send|credit|refund|cover|reimburse|want|need|expect|claim)\b",
            )
            .ok()?,
            // "plus $15", "+ $15", "as well as $8", "in addition to … $8", "together with $8", "along with $8", "and
            // add $10" (ask39).
            plus: Regex::new(
                r"(?i)(?:\bplus\b|\+|\bas\s+well\s+as\b|\bin\s+addition\s+to\b|\btogether\s+with\b|\balong\s+with\b|\band\s+also\b|\band\s+(?:then\s+)?add\b|\b(?:and|with)\s+(?:some\s+|a\s+)?compensation(?:\s+of)?\b)",
            )
            .ok()?,
            // "$9.99 on top", "(9.99) on top", "$5 extra".
            on_top: Regex::new(&format!(r"(?i)(?P<f>{fig})\)?\s+(?:on\s+top|extra|in\s+addition|more|too)\b"))
                .ok()?,
            another: Regex::new(&format!(r"(?i)\b(?:another|an\s+extra|an\s+additional|a\s+further)\s+(?P<f>{fig})"))
                .ok()?,
            // "$49.99 and $49.99", "$49.99 and then $49.99": a figure asked after another.
            and_join: Regex::new(&format!(
                r"(?i)(?P<a>{fig})(?:\s+back)?\s*[,—–]?\s+and\s+(?:then\s+)?(?:also\s+)?(?:the\s+|my\s+)?(?P<f>{fig})"
            ))
            .ok()?,
            // A multiplier after the ask's head: "$49.99 twice", "back x2", "it times two", "double it".
            // A multiple that ends the ask, the order's amount its operand (outside attack 53): "Refund me quadruple",
            // "Refund 2x please", "Refund 3× please". A count followed by a figure is a product, read elsewhere.
            mult_after: Regex::new(
                &[
                    format!(
                    r"(?i)(?:(?P<f>{fig})|\b{head})\s*,?\s*\(?\s*(?:(?P<w>twice|thrice|doubled|tripled)\b|(?:times|[x×\*])\s?(?P<n>{COUNT})\b|(?P<k>{COUNT})\s+times\b|(?P<same>and\s+(?:the\s+)?same\s+(?:again|amount\s+again)))"
                    ),
                    format!(
                    r"\b(?:refund|reimburse|repay)\s+(?:me\s+|us\s+)?(?:(?P<w2>double|triple|treble|quadruple|\w+fold)|(?P<k2>{COUNT})\s?[x×])\s*(?:please|pls|plz|thanks|thx|now|asap)?\s*(?:[.!,;]|$)"
                    ),
                ]
                .join("|"),
            )
            .ok()?,
            // A multiplier before it: "double it", "double my money", "twice the price", "triple what I paid", "2 x
            // $14.95", "3 times the price".
            mult_before: Regex::new(&format!(
                r"(?i)(?:\b(?P<w>double|twice|triple|treble|quadruple)\s+(?:(?:(?:my|the|our)\s+|of\s+(?:the\s+|my\s+)?)?(?P<f>{fig})|it|that|this|my|the|our|what|back)|\b(?P<n>{COUNT})\s?(?:[x×\*]|times)\s?(?:the\s+|my\s+)?(?:(?P<g>{fig})|price|amount|refund|money|cost|sum|what\b|order\b|value\b|total\b)|(?:[$€£]\s?)?\b(?P<at>{COUNT})\s*@\s*(?P<h>{fig})|\b(?:the|those|these|my|our|both|all)\s+(?P<c>{COUNT})\s+(?P<e>{fig})\s+[a-z]{{3,}}|\bboth\s+(?:of\s+)?(?:the\s+|my\s+|those\s+|these\s+)?(?P<b2>{fig})\s+(?:payments?|charges?|debits?|transactions?)\b|\b(?:refund|reverse|return|cancel|credit)\s+(?:me\s+)?(?:the\s+|both\s+)?(?P<n2>{COUNT})\s+(?:extra|additional|duplicate|other|double|repeat(?:ed)?)\s+(?:charges?|payments?|debits?|transactions?)\b|\b(?P<w3>double|triple|treble|quadruple|\w+fold)\s+(?:your\s+|the\s+|my\s+|a\s+)?refund\b|\b(?P<same2>(?:the\s+)?same\s+(?:amount\s+|again\s+)?(?:again|for\s+(?:the|my|each)\b)|an?\s+equal\s+(?:amount|sum)|match\s+(?:that|it|the\s+(?:amount|refund))|(?:its|the)\s+(?:value|price|amount|cost)\s+again|(?:then|and)\s+once\s+more|ditto|likewise\s+for|and\s+again\s+for|as\s+much\s+(?:again\s+)?for|(?:\+|and|plus)\s+(?:the\s+)?same\b|for\s+(?:both\s+)?(?:the|my)\s+[\w-]+\s+and\s+(?:the|my)\s+[\w-]+\s*,?\s+each))"
            ))
            .ok()?,
            count_times: Regex::new(r"(?i)^(\d+)$").ok()?,
            share_words: Regex::new(
                r"(?i)\b(?P<half>(?:one|1)[\s-]+and[\s-]+a[\s-]+half[\s-]+times|1[.,]5\s*(?:times|x)\b|(?:times|x)\s*1[.,]5\b|(?:\band|\bplus|\+)\s+(?:a\s+)?half\s+(?:again|as\s+much\s+again|more|extra|on\s+top)|half\s+as\s+much\s+again)|(?:\band|\bplus|\bwith|\+)\s+(?:a|one)\s+(?P<part>quarter|third|fifth|tenth)\s+(?:more|extra|again|on\s+top)\b",
            )
            .ok()?,
            more_unnamed: Regex::new(
                r"(?i)\b(?:with|plus|and)\s+(?:(?:the|some|all\s+the)\s+)?interest\b|\bincl(?:\.|uding|usive\s+of)?\s+(?:a\s+|some\s+|the\s+)?(?:compensation|damages|interest|goodwill\s+\w+)\b|\band\s+then\s+some\b|\b(?:and|plus)\s+(?:a\s+(?:bit|little)|something|some)\s+(?:more|extra|on\s+top)\b|\bincl(?:\.|uding|usive\s+of)?\s+(?:the\s+|my\s+|our\s+)?(?:return\s+(?:\w+\s+)?(?:postage|shipping|courier|delivery|label|fees?|costs?|charges?)|(?:\w+\s+){0,2}?(?:postage|shipping|courier|delivery)\s+(?:\w+\s+){0,2}?(?:i|we)\s+paid\s+to\s+(?:send|return|post)\s+(?:it|them)\s+back)|\bplus\s+sales\s+tax\b|\b(?:vat|tax)\s+(?:is\s+)?to\s+be\s+added\b",
            )
            .ok()?,
            add_np: Regex::new(&format!(
                r"(?i)(?:\bplus\b|\+|\band\s+also\b|\balso\b|\btogether\s+with\b|\bas\s+well\s+as\b|\bwith\b|\band\b|\by\b|\bet\b)\s*(?:(?:i'?d\s+(?:also\s+)?like|i\s+(?:also\s+)?want|i\s+expect|we\s+request)\s+)?(?:(?:pay|cover|add|compensate|refund|reimburse|include|give)\s+(?:me\s+|us\s+)?(?:for\s+)?)?(?:(?:the|my|our|a|an|some|any|whatever\s+the|une?|una|el|los|las|les?|la)\s+)?(?:(?:return|extra|additional|small|little|bus|train|late|installer'?s|repair\s+man'?s|goodwill)\s+)*(?P<n>{COSTS}|something|a\s+(?:bit|little)(?:\s+(?:more|extra))?|compensaci[oó]n|frais|damages|interest|payment\s+on\s+top)\b(?P<rest>\s+\w+)?"
            ))
            .ok()?,
            word_sum: Regex::new(
                r"(?i)(?:\band\s+|\bplus\s+|\+\s*|\bwith\s+)(?P<n>an?\s+extra\s+|another\s+|a\s+|an\s+|one\s+|1\s+)(?P<u>dollar|buck|euro|pound|quid|penny|cent)s?\b(?:\s+more)?|\ban\s+extra\s+(?P<v>dollar|buck|euro|pound|quid|penny|cent)\b",
            )
            .ok()?,
            per_unit: Regex::new(&format!(
                r"(?i)(?P<f>{fig})\s*(?:per|/|an?|each|for\s+(?:each|every))\s*(?:missing\s+|broken\s+|extra\s+)?(?P<unit>[a-z]{{3,}})\b"
            ))
            .ok()?,
            counted: Regex::new(r"(?i)\b(\d{1,3})\s+(?:(\w+)\s+)?(\w+)\b").ok()?,
            item_join: Regex::new(&format!(
                r"(?i)(?P<a>{fig})\)?\s*,?\s*(?:(?:now|today|first|up\s*front|immediately)\s*,?\s+)?(?:and|&|\+)\s+(?:also\s+)?(?:(?:the|my|a|an)\s+(?:[\w-]+\s+){{0,3}}?\(?)?(?P<f>{fig})"
            ))
            .ok()?,
            split_paths: Regex::new(&format!(
                r"(?i)(?P<a>{fig})\s+(?:back\s+)?(?:to|on|onto|into|as|in|via)\s+(?:[\w'-]+\s+){{0,3}}?(?:and|&|\+|plus)\s+(?:another\s+|the\s+other\s+)?(?P<f>{fig})\s+(?:back\s+)?(?:to|on|onto|into|as|in|via)\b"
            ))
            .ok()?,
            whole_and: Regex::new(&format!(
                r"(?i)(?:\bfull\s+(?:amount|price|refund|sum)|\bin\s+full|\b(?:my\s+)?money\s+back|\bmy\s+money|\bwhat\s+i\s+paid|\bthe\s+(?:order|lot)|\beverything|\brefund\s+(?:me|us|it|the\s+order)\b)\s*,?\s*(?:(?:please|pls|plz)\s*,?\s*)?\s+and\s+(?:an?\s+extra\s+|another\s+|the\s+|my\s+)?(?P<f>{fig})"
            ))
            .ok()?,
            bare_more: Regex::new(
                r"(?i)\b(?:and|plus)\s+(?:another\s+(?P<a>\d{1,3})|(?P<b>\d{1,3})\s+more)\s*(?:[!,;]|\.(?:\s|$)|$)|(?:\+|\bplus\b)\s*(?P<c>\d{1,3})\s*(?:[!,;]|\.(?:\s|$)|$)",
            )
            .ok()?,
            paid_phrase: Regex::new(
                r"(?i)\b(?:what(?:ever)?|everything|all|(?:the|my|our)\s+[^\s,;:!?]+(?:\s+[^\s,;:!?]+){0,3}?)\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:have\s+|had\s+|'ve\s+)?(?:paid|spent|bought|ordered)\b|\b(?:the|my|our)\s+(?:[\w-]+\s+){0,2}?costs?\b|\b(?:postage|shipping|delivery(?:\s+fee)?|courier|fee)\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:have\s+|had\s+)?paid\b|\b(?:courier|postage|shipping|delivery|return|taxi|repair|parking)\s+costs?\s+of\b",
            )
            .ok()?,
            // "$25 back for each of the 3 mugs", "$10 for every one of the 4", "$5 each for the 3 glasses". Not "for
            // all six": "the full £540 back for all six" is the sum for all of them (blind141 `g-056`).
            for_each: Regex::new(&format!(
                r"(?i)\b(?:for|on)\s+(?:each|every\s+one|every)\s+(?:of\s+)?(?:the\s+|my\s+|our\s+|those\s+|these\s+)?(?P<n>{COUNT})\b|\beach\s+(?:for|on)\s+(?:the\s+|my\s+|our\s+|all\s+)?(?P<m>{COUNT})\b|\bper\s+(?:item|piece|unit|one|mug|cup|glass|plate|pair|bottle)\s+(?:for|on|x|times)\s+(?:the\s+|my\s+|all\s+)?(?P<k>{COUNT})\b"
            ))
            .ok()?,
            // A total stated after the ask: "that is $99.98 for both", "making $75". ("= $X" is the reader's own
    // (`arithmetic_results`), and `prepare` writes one of its own: "19 dollars and 45" gets "= $64.00".)
            total_before: Regex::new(&format!(
                r"(?i)(?:\b(?:that\s+is|that'?s|which\s+is|i\.e\.?|making|makes|totall?ing|a\s+total\s+of|in\s+total|altogether|all\s+in|total\s+(?:requested|claimed|asked|due|owed|amount))\s*:?)\s*(?P<f>{fig})"
            ))
            .ok()?,
            total_after: Regex::new(&format!(
                r"(?i)(?P<f>{fig})\s+(?:in\s+total|total\b|altogether|all\s+together|all\s+in\b|for\s+both|for\s+(?:all|the)\s+(?:{COUNT}|of\s+them))"
            ))
            .ok()?,
            // An addition whose operand names a charge but no figure: "plus the postage", "you also owe me for
            // shipping".
            extra_cost: [
                Regex::new(&format!(
                    r"(?i)(?P<f>{fig}|\b\d{{1,4}}\b)\)?\s+(?:\w+\s+){{0,2}}?(?:for|towards|to\s+cover)\s+(?:the\s+|my\s+|our\s+|a\s+|all\s+the\s+)?(?:\w+\s+)?{COSTS}\b"
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)(?:\b(?:and|plus|also|my)\b|\+)[^\n.;!?]{{0,25}}?\b(?:postage|shipping|courier|taxi|petrol|fare|stamps|compensation|comp|return\s+(?:postage|shipping|label))(?:\s+(?:cost|costs|fee|charge))?\s*[,:]?\s*(?:of\s+|back,?\s+|fee\s+of\s+)?\(?(?P<f>{fig}|\b\d{{1,4}}\b)"
                ))
                .ok()?,
                Regex::new(&format!(
                    r"(?i)\b(?:cover|remit|reimburse|pay(?:\s+me|\s+us)?|add)\s+(?:for\s+)?(?:the\s+|my\s+|our\s+)?(?P<f>{fig}|\b\d{{1,4}}\b)\s+(?:(?:i|we)\s+(?:spent|paid|had\s+to\s+pay)\s+(?:on|for)\s+)?(?:the\s+|my\s+)?(?:\w+\s+)?{COSTS}\b"
                ))
                .ok()?,
                // F1618: "Also the $8 postage", "and the 1.20 stamp": the figure before the cost it names.
                Regex::new(&format!(
                    r"(?i)(?:\band|\bplus|\balso|\+)\s+(?:the\s+|my\s+)?(?P<f>{fig}|\b\d{{1,4}}\b)\s+(?:\w+\s+)?{COSTS}\b"
                ))
                .ok()?,
                // F1612: "and the cost of the batteries I bought for it, 12 dollars".
                Regex::new(&format!(
                    r"(?i)\b(?:and|plus)\s+(?:the|my|our)\s+(?:cost|price)\s+of\s+[^\n.;!?]{{1,60}}?[,:(]\s*(?P<f>{fig}|\b\d{{1,4}}\b)"
                ))
                .ok()?,
                // F1648 (outside attack 52): a cost of the customer's own thrown in or included with the ask — "throw in
                // $10 goodwill", "including the $12 it cost me to send it back", "incl. the $12 return courier", "return
                // postage ($12) included", "with the $12 return fee thrown in". Only costs the order cannot hold (the
                // way back, goodwill, the customer's outlay): "including the $5 shipping" may be the order's own.
                Regex::new(&format!(
                    r"(?i)\b(?:throw|chuck|toss|bung)\s+in\s+(?:the\s+|a\s+|an\s+|another\s+)?(?:extra\s+)?(?P<f>{fig}|\b\d{{1,4}}\b)|\b(?:including|incl\.?|inc\.)\s+(?:the\s+|my\s+)?(?P<g>{fig}|\b\d{{1,4}}\b)\s+(?:(?:it|that)\s+cost\s+(?:me|us)|(?:i|we)\s+(?:spent|paid)|(?:for\s+)?(?:the\s+)?(?:return|sending\s+it\s+back|goodwill|compensation|inconvenience))|\breturn\s+(?:postage|shipping|courier|fee|label|costs?)\s*\(?\s*(?P<h>{fig}|\b\d{{1,4}}\b)\s*\)?\s+(?:included|thrown\s+in|on\s+top|too|as\s+well)\b|\bwith\s+the\s+(?P<i>{fig}|\b\d{{1,4}}\b)\s+(?:[a-z]+\s+){{0,2}}?(?:thrown\s+in|included|on\s+top|added)\b"
                ))
                .ok()?,
            ],
            additive_start: Regex::new(
                r"(?i)^[\s\W]*(?:(?:oh|ah|and\s+oh)[,\s]+)?(?:and|also|additionally|plus|on\s+top|as\s+well|in\s+addition|(?:please\s+)?add|\+)\b|^[\s\W]*\+",
            )
            .ok()?,
            unread_add: Regex::new(
                r"(?i)(?:\bplus\b|\+|\bas\s+well\s+as\b|\bin\s+addition\s+to\b|\btogether\s+with\b|\balong\s+with\b|\balso\s+(?:add|owe\s+(?:me|us)(?:\s+for)?|pay(?:\s+(?:me|us))?(?:\s+for)?|cover|refund|include))\s+(?:the\s+|my\s+|our\s+|some\s+|a\s+)?(?:return\s+)?(?:shipping|postage|delivery|tax|taxes|vat|fees?|compensation|interest|damages|costs?|inconvenience|my\s+time|trouble|petrol|gas)\b|\b(?:and|plus)\s+(?:the|my|our)\s+costs?\s+of\b",
            )
            .ok()?,
            // "for each of the mugs": a multiplier with no count read.
            unread_each: Regex::new(r"(?i)\b(?:for|on)\s+(?:each|every\s+one|every)\s+of\s+(?:the|my|our|those|these)\s+[a-z]+s\b")
                .ok()?,
        })
    })
    .as_ref()
}

/// One operator on the ask, with the byte span of its operand figure when it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    /// The ask plus a figure; `weak` when only juxtaposed ("$49.99 and $49.99"): it then only ever refuses.
    Add { cents: i64, at: usize, weak: bool },
    /// A cost of the customer's own asked beside the refund ("12 for the taxi"): added only to the whole amount
    /// (F1611).
    Cost { cents: i64, at: usize },
    /// The ask times a count; the operand figure when one is written with it.
    Mul { n: i64, operand: Option<(i64, usize)> },
    /// A total the customer states.
    Total(i64),
    /// The ask plus a share of it, in basis points ("the order value plus 25% handling", "plus a 15% uplift", F1604).
    AddShare(i64),
    /// An addition whose figure is not named but is more than nothing ("with interest", "plus the postage", F1612):
    /// over the whole amount an over-ask, over a part of it unsettled. `weak` when only a cost is named after a joining
    /// word ("and the trouble", F1618): over a part it is that part's reason ("$25 back for that bracket and the
    /// trouble"), no addend.
    More { weak: bool },
    /// An operator whose operand cannot be read.
    Unread,
}

fn cents_of(m: &str) -> Option<i64> {
    let r = res()?;
    // A one-digit number an operator names ("Plus 8 for postage"): its value in the order's currency.
    if m.len() == 1 && m.chars().all(|c| c.is_ascii_digit()) {
        return to_cents(m);
    }
    let c = r.money.captures(m)?;
    let n = c.name("a").or(c.name("b")).or(c.name("c")).or(c.name("d"))?;
    to_cents(n.as_str())
}

/// A bare number (no currency, no decimals) that is no money: an identifier before it ("order 4471"), a count or a
/// unit after it ("30 days", "12 pcs"), or a year ("2025").
fn not_money(text: &str, start: usize, end: usize) -> bool {
    let raw = &text[start..end];
    if !raw.chars().all(|c| c.is_ascii_digit()) {
        return false;
    }
    let year = raw.len() == 4 && raw.parse::<u32>().is_ok_and(|y| (1990..=2035).contains(&y));
    year || super::asks::identifier_before(&text[..start])
        || super::asks::count_after(&text[end..])
        || text[end..].starts_with([':', '/', '-'])
        || text[..start].ends_with(['#', ':', '/', '-'])
        || percent_after(&text[end..])
}

/// Whether a number is a percentage: "25%", "15 per cent", "10 percent".
fn percent_after(rest: &str) -> bool {
    let rest = rest.trim_start().to_lowercase();
    rest.starts_with('%') || rest.starts_with("per cent") || rest.starts_with("percent")
}

fn count(word: &str) -> Option<i64> {
    let r = res()?;
    if r.count_times.is_match(word) {
        return word.parse().ok().filter(|n| (1..=99).contains(n));
    }
    number_value(word).filter(|n| (1..=99).contains(n))
}

/// Money figures of a text: (start, end, cents).
fn figures(text: &str) -> Vec<(usize, usize, i64)> {
    let Some(r) = res() else { return Vec::new() };
    r.money
        .find_iter(text)
        .filter(|m| !not_money(text, m.start(), m.end()))
        .filter_map(|m| Some((m.start(), m.end(), cents_of(m.as_str())?)))
        .collect()
}

/// Sub-clause byte ranges of a sentence: cut at commas, semicolons, colons and dashes.
fn subclauses(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let cut = matches!(c, ';' | ':' | '—' | '–')
            || (c == ',' && !s[i + 1..].starts_with(|d: char| d.is_ascii_digit()))
            || (c == '-' && s[..i].ends_with(' ') && s[i + 1..].starts_with(' '));
        if cut {
            out.push((start, i));
            start = i + c.len_utf8();
        }
    }
    out.push((start, s.len()));
    out
}

/// Whether the sub-clause around `at` tells a price or a charge. A payment named as the object of the ask ("what I
/// paid", "the $49.99 I paid for the case") tells none (F1612).
fn in_told_price(s: &str, at: usize) -> bool {
    let Some(r) = res() else { return true };
    subclauses(s)
        .into_iter()
        .find(|(a, b)| *a <= at && at <= *b)
        .is_some_and(|(a, b)| r.paid.is_match(&r.paid_phrase.replace_all(&s[a..b], " ")))
}

/// Whether a cost word at `at` is one of what a total or a price is said to include ("GBP 129.99 (order total incl.
/// VAT and delivery)", blind95 `b-04`): the order's own make-up, never an addend. A cost included in the refund asked
/// ("refund in full incl. the return postage") names no total before it and stays an addend.
fn composes_total(s: &str, at: usize) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(re) = RE
        .get_or_init(|| {
            Regex::new(
                r"(?i)\b(?:total|price|paid|cost|costs|amount|invoice|invoiced|charged)\b[^.;!?()]{0,30}\b(?:incl(?:\.|uding|udes|uded|usive(?:\s+of)?)?|inc\.?|with)\s+[^.;!?()]*$",
            )
            .ok()
        })
        .as_ref()
    else {
        return false;
    };
    let from = s[..at].rfind(['(', ';', '!', '?', '\n']).map_or(0, |i| i + 1);
    re.is_match(&s[from..at])
}

/// The operators one asking sentence puts on the ask, read alone.
#[cfg(test)]
fn operators(s: &str) -> Vec<Op> {
    operators_in(s, s)
}

/// The operators one asking sentence `s` puts on the ask, with the whole text `own` it is part of (a sum stated in
/// another sentence, F1620).
fn operators_in(s: &str, own: &str) -> Vec<Op> {
    let Some(r) = res() else { return Vec::new() };
    if r.reported.is_match(s) {
        return Vec::new();
    }
    let mut ops = Vec::new();
    // A stated total is the customer's own arithmetic: the sentence's other operators are its terms.
    for re in [&r.total_before, &r.total_after] {
        for c in re.captures_iter(s) {
            if let Some(f) = c.name("f").filter(|f| !in_told_price(s, f.start()))
                && let Some(v) = cents_of(f.as_str())
            {
                ops.push(Op::Total(v));
            }
        }
    }
    if !ops.is_empty() {
        return ops;
    }
    let figs: Vec<(usize, usize, i64)> = figures(s).into_iter().filter(|f| !in_told_price(s, f.0)).collect();
    let fig_after = |at: usize| figs.iter().find(|f| f.0 >= at && s[at..f.0].split_whitespace().count() <= 8);
    for m in r.also_add.find_iter(s).filter(|m| !in_told_price(s, m.start())) {
        match fig_after(m.end()) {
            Some(f) => ops.push(Op::Add { cents: f.2, at: f.0, weak: false }),
            None if r.unread_add.is_match(&s[m.start()..]) => ops.push(Op::More { weak: false }),
            None => {}
        }
    }
    static GROSS: OnceLock<Option<Regex>> = OnceLock::new();
    let gross = GROSS.get_or_init(|| {
        Regex::new(r"(?i)^\W*(?:gross|incl\w*|inc\.?|total|all\s+in)\b|\b(?:gross|incl\w*|total)\W*$").ok()
    });
    for m in r.plus.find_iter(s).filter(|m| !in_told_price(s, m.start())) {
        if let Some(f) = fig_after(m.end())
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } if *at == f.0))
            && s[m.end()..f.0].split_whitespace().count() <= 5
            // "cancel + refund 39.99": the "+" joins two acts, not two sums.
            && !intent_in(&s[m.end()..f.0]).request
            && !s[m.end()..f.0].to_lowercase().contains("refund")
        {
            // A breakdown of a figure the sentence states ("499.99 gross (416.66 net + 83.33 VAT)"): the parts of
            // that figure, not an addition to the ask.
            let left = figs.iter().rev().find(|g| g.1 <= m.start()).map(|g| g.2);
            if left.is_some_and(|l| figs.iter().any(|g| g.2 == l + f.2)) {
                continue;
            }
            // "EUR 780.00 + VAT as invoiced (EUR 780.00 gross)": the figure after a tax named is the gross told, no
            // addend (blind84 `g-053`).
            let tax_named = s[m.end()..f.0].to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| {
                matches!(w, "vat" | "tax" | "taxes" | "gst" | "hst" | "mwst" | "iva" | "btw" | "tva" | "mva" | "moms")
            });
            if tax_named && gross.as_ref().is_some_and(|g| g.is_match(&s[f.1..]) || g.is_match(&s[m.end()..f.0])) {
                // A gross above the net asks the gross ("120.00 + VAT (144.00 gross)": X2 on a 120.00 order, blind68).
                if let Some(l) = left.filter(|l| f.2 > *l) {
                    ops.push(Op::Add { cents: f.2 - l, at: f.0, weak: false });
                }
                continue;
            }
            // A sum inside brackets that opens with its own first term ("41.40 incl. VAT (34.50 + 20%)", "18,00 EUR
            // (net 15,00 + VAT 3,00)") breaks the figure before it down; "(plus $12 tax)" adds to it.
            let open = s[..m.start()].rfind('(').filter(|o| !s[*o..m.start()].contains(')'));
            if open.is_some_and(|o| figs.iter().any(|g| g.0 > o && g.1 <= m.start()) && figs.iter().any(|g| g.1 <= o)) {
                continue;
            }
            ops.push(Op::Add { cents: f.2, at: f.0, weak: false });
        }
    }
    // F1604: a share added to the ask; a sentence that breaks a figure into net and tax adds no share to the ask.
    static TAX: OnceLock<Option<Regex>> = OnceLock::new();
    let tax =
        TAX.get_or_init(|| Regex::new(r"(?i)\b(?:vat|tax|gst|hst|mwst|iva|btw|tva|net|gross|incl\w*|excl\w*)\b").ok());
    // "40.00 net plus 20% VAT" asks the gross: the net and its tax share (outside attack 50), unless the sentence
    // states the gross itself.
    static NET_PLUS_TAX: OnceLock<Option<Regex>> = OnceLock::new();
    let net_plus_tax = NET_PLUS_TAX.get_or_init(|| {
        Regex::new(
            r"(?i)\bnet\s+(?:plus|\+|and)\s*(?P<p>\d{1,2}(?:[.,]\d{1,2})?)\s?%\s*(?:vat|tax|gst|mwst|iva|btw|tva)\b",
        )
        .ok()
    });
    if let Some(c) = net_plus_tax.as_ref().and_then(|re| re.captures(s))
        && figs.len() == 1
        && let Ok(p) = c["p"].replace(',', ".").parse::<f64>()
    {
        ops.push(Op::AddShare((p * 100.0).round() as i64));
    }
    if !tax.as_ref().is_some_and(|t| t.is_match(s)) {
        for c in r.share_added.captures_iter(s) {
            let after = c.name("after").map_or("", |a| a.as_str()).trim().to_lowercase();
            let at = c.get(0).map_or(0, |m| m.start());
            let inside_brackets = s[..at].rfind('(').is_some_and(|o| !s[o..at].contains(')'));
            let p = c.name("p").map_or("", |p| p.as_str());
            let basis = p.replace(',', ".").parse::<f64>().ok().or_else(|| number_value(p).map(|n| n as f64));
            // "plus" and "+" add whatever follows; "and" and "with" add only a share said to be added (attack 36:
            // "and 5% extra", "and ten percent on top", "and another 25% as goodwill", "with 20% added").
            let joined = c.name("op").is_some_and(|o| matches!(o.as_str(), "plus" | "+"))
                || matches!(after.as_str(), "extra" | "added" | "more" | "on" | "as" | "for" | "interest");
            if let Some(p) =
                basis.filter(|_| joined && !matches!(after.as_str(), "off" | "discount") && !inside_brackets)
            {
                ops.push(Op::AddShare((p * 100.0).round() as i64));
            }
        }
    }
    // An unreadable addend: the charge named with no figure after it, and not inside a bracketed breakdown.
    let bracketed = |at: usize| {
        let open = s[..at].rfind('(').filter(|o| !s[*o..at].contains(')'));
        open.is_some_and(|o| figs.iter().any(|g| g.0 > o && g.1 <= at))
    };
    if ops.is_empty()
        && r.unread_add
            .find_iter(s)
            .any(|m| !in_told_price(s, m.start()) && fig_after(m.end()).is_none() && !bracketed(m.start()))
    {
        ops.push(Op::More { weak: false });
    }
    // F1612: a share added in words, and an addition named by no figure.
    for c in r.share_words.captures_iter(s) {
        if c.get(0).is_some_and(|m| !in_told_price(s, m.start())) {
            let basis = match c.name("part").map(|p| p.as_str().to_lowercase()) {
                None => 5_000,
                Some(p) if p == "quarter" => 2_500,
                Some(p) if p == "third" => 3_333,
                Some(p) if p == "fifth" => 2_000,
                Some(_) => 1_000,
            };
            ops.push(Op::AddShare(basis));
        }
    }
    if r.more_unnamed.find_iter(s).any(|m| !in_told_price(s, m.start()))
        && !ops.iter().any(|o| matches!(o, Op::More { .. }))
    {
        ops.push(Op::More { weak: false });
    }
    // F1618: a small sum in words, a bare number added, and an addend named with no figure.
    for c in r.word_sum.captures_iter(s) {
        let unit = c.name("u").or(c.name("v")).map_or(String::new(), |u| u.as_str().to_lowercase());
        let cents = if unit == "penny" || unit == "cent" { 1 } else { 100 };
        // The operand's place is its number's ("and 1 cent"), so the figure is no head.
        if let Some(m) = c.name("n").or(c.get(0)).filter(|m| !in_told_price(s, m.start())) {
            ops.push(Op::Add { cents, at: m.start(), weak: false });
        }
    }
    for c in r.whole_and.captures_iter(s) {
        // "Money back please, and the $24.95 bank fee I got charged" (outside attack 62): a fee joined to the whole is
        // added even where the sentence tells what it cost.
        let fee = |f: &regex::Match| {
            let after = s[f.end()..].to_lowercase();
            after.split_whitespace().take(4).any(|w| {
                matches!(
                    w.trim_end_matches([',', '.', ';']),
                    "fee" | "fees" | "charge" | "charges" | "charged" | "cost" | "costs" | "bank"
                )
            })
        };
        if let Some(f) = c.name("f").filter(|f| fee(f) || !in_told_price(s, f.start()))
            && let Some(v) = cents_of(f.as_str())
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } if *at == f.start()))
        {
            ops.push(Op::Add { cents: v, at: f.start(), weak: false });
        }
    }
    for c in r.bare_more.captures_iter(s) {
        if let Some(n) = c.name("a").or(c.name("b")).or(c.name("c")).filter(|n| !in_told_price(s, n.start()))
            && let Ok(v) = n.as_str().parse::<i64>()
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } if *at == n.start()))
        {
            ops.push(Op::Add { cents: v * 100, at: n.start(), weak: false });
        }
    }
    let addends: Vec<usize> = r
        .add_np
        .captures_iter(s)
        .filter_map(|c| {
            let m = c.get(0)?;
            // "and the shipping was slow": a clause of its own, no addend.
            let rest = c.name("rest").map_or(String::new(), |x| x.as_str().trim().to_lowercase());
            // "and the delivery man left it …": a noun the cost word only modifies (val45c `g-019`).
            let clause = matches!(
                rest.as_str(),
                "was"
                    | "were"
                    | "is"
                    | "are"
                    | "arrived"
                    | "came"
                    | "took"
                    | "got"
                    | "had"
                    | "man"
                    | "guy"
                    | "driver"
                    | "person"
                    | "people"
                    | "van"
                    | "company"
                    | "firm"
                    | "service"
                    | "date"
                    | "time"
                    | "address"
                    | "note"
                    | "slot"
                    | "window"
                    | "team"
                    | "tracking"
                    | "status"
                    | "box"
                    | "label"
                    | "sensor"
                    | "sensors"
                    | "space"
                    | "spot"
                    | "lot"
                    | "brake"
                    | "camera"
                    | "lights"
                    | "pack"
                    | "packs"
                    | "charger"
            );
            // "Also the courier left it in the rain" (b107 `g-028`): the cost word the subject of a verb of its own —
            // a past tense, or a verb of the courier's doing — tells a story, no addend.
            let clause = clause
                || (rest.len() > 3
                    && rest.ends_with("ed")
                    && !matches!(rest.as_str(), "covered" | "refunded" | "reimbursed" | "included" | "added"))
                || matches!(
                    rest.as_str(),
                    "left"
                        | "lost"
                        | "put"
                        | "threw"
                        | "broke"
                        | "kept"
                        | "rang"
                        | "said"
                        | "sent"
                        | "brought"
                        | "did"
                        | "didn't"
                        | "never"
                        | "went"
                        | "tore"
                        | "made"
                        | "has"
                        | "have"
                        | "wasn't"
                        | "weren't"
                        | "couldn't"
                        | "wouldn't"
                );
            let end = c.name("n").map_or(m.end(), |n| n.end());
            // "and return my money": the verb, not the return postage.
            let verb = c.name("n").is_some_and(|n| n.as_str().eq_ignore_ascii_case("return"));
            // "with any battery", "with the mount": "with" joins only what compensates ("with compensation for the
            // trouble"), never a thing the goods are used with (blind92 `g-030`).
            let with_goods = m.as_str().trim_start().to_lowercase().starts_with("with")
                && c.name("n").is_some_and(|n| {
                    let n = n.as_str().to_lowercase();
                    ![
                        "compens",
                        "interest",
                        "damages",
                        "trouble",
                        "inconvenience",
                        "cost",
                        "expense",
                        "fee",
                        "something",
                        "a bit",
                        "a little",
                    ]
                    .iter()
                    .any(|w| n.starts_with(w))
                });
            let verb = verb || with_goods;
            // "and also my return postage paid": the participle of the ask, no price told; "plus whatever the postage
            // was": a figure the customer does not know, still added (outside attack 48).
            let asked_paid = matches!(rest.as_str(), "paid" | "covered" | "refunded" | "reimbursed");
            let whatever = m.as_str().to_lowercase().contains("whatever");
            let clause = clause && !whatever;
            (!clause
                && !verb
                && !composes_total(s, m.start())
                && (asked_paid || whatever || !in_told_price(s, m.start())))
            .then_some(end)
        })
        .collect();
    if !addends.is_empty() && !ops.iter().any(|o| matches!(o, Op::More { .. } | Op::Add { .. } | Op::Cost { .. })) {
        // Its figure when one follows at once ("and pay my taxi also (12 dollar)"), else an addend with no figure.
        match addends
            .iter()
            .find_map(|at| figs.iter().find(|f| f.0 >= *at && s[*at..f.0].split_whitespace().count() <= 3))
        {
            Some(f) => ops.push(Op::Add { cents: f.2, at: f.0, weak: false }),
            None => ops.push(Op::More { weak: true }),
        }
    }
    for c in r.on_top.captures_iter(s) {
        if let Some(f) = c.name("f").filter(|f| !in_told_price(s, f.start()))
            && let Some(v) = cents_of(f.as_str())
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } if *at == f.start()))
        {
            ops.push(Op::Add { cents: v, at: f.start(), weak: false });
        }
    }
    for c in r.another.captures_iter(s) {
        if let Some(f) = c.name("f").filter(|f| !in_told_price(s, f.start()))
            && let Some(v) = cents_of(f.as_str())
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } if *at == f.start()))
        {
            ops.push(Op::Add { cents: v, at: f.start(), weak: false });
        }
    }
    // Only the same figure asked again ("$49.99 and $49.99 for my sister's order too"): two different figures joined
    // by "and" are the reader's to settle ("my 19 dollars and 45").
    for c in r.and_join.captures_iter(s) {
        if let Some(f) = c.name("f").filter(|f| !in_told_price(s, f.start()))
            && let Some(v) = cents_of(f.as_str())
            && c.name("a").and_then(|a| cents_of(a.as_str())) == Some(v)
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } if *at == f.start()))
        {
            ops.push(Op::Add { cents: v, at: f.start(), weak: true });
        }
    }
    // Two figures each asked for a thing, joined by "and" ("90 back for the jacket AND 20 for all the emails"): the
    // second adds to the first (ask40, ADR-1293).
    for c in r.itemised.captures_iter(s) {
        if let (Some(a), Some(f)) = (c.name("a"), c.name("f"))
            && !in_told_price(s, a.start())
            && !not_money(s, a.start(), a.end())
            && !not_money(s, f.start(), f.end())
            && let Some(v) = cents_of(f.as_str())
            && let Some(first) = cents_of(a.as_str())
            // The parts of a sum the sentence states ("60 UAH for the bag and 15 UAH for delivery, so 75 UAH"): the
            // stated sum is the ask, not a figure added to.
            && !figs.iter().any(|g| g.2 == first + v)
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } if *at == f.start()))
        {
            ops.push(Op::Add { cents: v, at: f.start(), weak: false });
        }
    }
    let operand = |c: &regex::Captures, names: &[&str]| {
        names.iter().find_map(|n| c.name(n)).and_then(|f| Some((cents_of(f.as_str())?, f.start())))
    };
    for re in [&r.mult_after, &r.mult_before] {
        for c in re.captures_iter(s) {
            let Some(whole) = c.get(0) else { continue };
            if in_told_price(s, whole.start()) {
                continue;
            }
            if let (Some(at), Some(_)) = (c.name("at"), c.name("h")) {
                // "SKU SER-30 @ 18.00": a number glued to an identifier counts nothing.
                let glued =
                    s[..at.start()].ends_with(['-', '#', '/']) || s[..at.start()].ends_with(char::is_alphanumeric);
                if let Some(n) = count(at.as_str()).filter(|_| !glued) {
                    ops.push(Op::Mul { n, operand: operand(&c, &["h"]) });
                }
                continue;
            }
            // "the two $260 chairs": a count of things at one figure each.
            if let (Some(k), Some(_)) = (c.name("c"), c.name("e")) {
                if let Some(n) = count(k.as_str()).filter(|n| *n >= 2) {
                    ops.push(Op::Mul { n, operand: operand(&c, &["e"]) });
                }
                continue;
            }
            let n = match (
                c.name("w").or(c.name("w2")).or(c.name("w3")).map(|w| w.as_str().to_lowercase()),
                c.name("n").or(c.name("k")).or(c.name("k2")).or(c.name("n2")),
                c.name("same"),
            ) {
                // "both of the $49.99 payments" (outside attack 53); the same again, an equal amount, ditto (54).
                _ if c.name("b2").is_some() || c.name("same2").is_some() => Some(2),
                (Some(w), _, _) if w.ends_with("fold") => number_value(w.trim_end_matches("fold")),
                (Some(w), _, _) if w.starts_with("doubl") || w == "twice" => Some(2),
                (Some(w), _, _) if w.starts_with("tripl") || w == "thrice" || w == "treble" => Some(3),
                (Some(_), _, _) => Some(4),
                (None, Some(n), _) => count(n.as_str()),
                (None, None, Some(_)) => Some(2),
                _ => None,
            };
            match n {
                Some(n) => ops.push(Op::Mul { n, operand: operand(&c, &["f", "g", "b2"]) }),
                None => ops.push(Op::Unread),
            }
        }
    }
    for c in r.for_each.captures_iter(s) {
        let Some(whole) = c.get(0) else { continue };
        if in_told_price(s, whole.start()) {
            continue;
        }
        let n = c.name("n").or(c.name("m")).or(c.name("k")).and_then(|n| count(n.as_str()));
        // The figure the count multiplies: the one written before the "for each".
        let before = figs.iter().rev().find(|f| f.1 <= whole.start()).map(|f| (f.2, f.0));
        match (n, before) {
            (Some(n), Some(b)) => ops.push(Op::Mul { n, operand: Some(b) }),
            _ => ops.push(Op::Unread),
        }
    }
    if r.unread_each.is_match(s) && !ops.iter().any(|o| matches!(o, Op::Mul { .. })) {
        let whole = r.unread_each.find(s).map_or(0, |m| m.start());
        if !in_told_price(s, whole) && figs.iter().any(|f| f.1 <= whole) {
            ops.push(Op::Unread);
        }
    }
    // F1620: a rate times its unit counted elsewhere ("$5 per missing screw, 12 screws missing").
    for c in r.per_unit.captures_iter(s) {
        let (Some(f), Some(unit)) = (c.name("f"), c.name("unit")) else { continue };
        if in_told_price(s, f.start()) || ops.iter().any(|o| matches!(o, Op::Mul { .. })) {
            continue;
        }
        let unit = unit.as_str().to_lowercase();
        let stem = unit.trim_end_matches('s');
        let is_unit = |w: Option<regex::Match>| {
            w.is_some_and(|w| {
                let w = w.as_str().to_lowercase();
                w == stem || w.strip_suffix('s') == Some(stem)
            })
        };
        if let Some(v) = cents_of(f.as_str())
            && let Some(n) = r
                .counted
                .captures_iter(s)
                .filter(|k| k.get(0).is_some_and(|m| m.start() > f.end() || m.end() < f.start()))
                .filter(|k| is_unit(k.get(2)) || is_unit(k.get(3)))
                .find_map(|k| count(&k[1]))
                .filter(|n| *n >= 2)
        {
            ops.push(Op::Mul { n, operand: Some((v, f.start())) });
        }
    }
    // F1620: two figures of two things joined in the ask — not a breakdown in brackets ("36.00 incl. VAT (30.00 +
    // 20%)") and not the parts of a sum the customer states ("30.00 and the courier 5.00; total requested 35.00").
    let stated: Vec<i64> = figures(own).into_iter().map(|f| f.2).collect();
    // Outside attack 53: "Refund $30 to my card and $30 as store credit" asks both.
    for c in r.item_join.captures_iter(s).chain(r.split_paths.captures_iter(s)) {
        if let (Some(a), Some(f)) = (c.name("a"), c.name("f"))
            && !in_told_price(s, a.start())
            && !in_told_price(s, f.start())
            && (s[..a.start()].rfind('(').is_none_or(|o| s[o..a.start()].contains(')'))
                || s[a.end()..f.start()].contains(')'))
            && let Some(v) = cents_of(f.as_str())
            && let Some(first) = cents_of(a.as_str())
            && !stated.contains(&(first + v))
            && !ops.iter().any(|o| matches!(o, Op::Add { at, .. } | Op::Cost { at, .. } if *at == f.start()))
            && !ops.iter().any(|o| matches!(o, Op::Mul { operand: Some((_, at)), .. } if *at == f.start()))
        {
            ops.push(Op::Add { cents: v, at: f.start(), weak: false });
        }
    }
    // A cost told and then asked as well ("Bus fare was 2.50 too, refund that as well."): the told figure is an
    // addend (outside attack 48).
    if ops.is_empty()
        && told_then_asked(s)
        && let [one] = figures(s).as_slice()
    {
        ops.push(Op::Add { cents: one.2, at: one.0, weak: false });
    }
    // "Refund $30 for the lid and the same again for the handle": the one figure twice (outside attack 49).
    static SAME: OnceLock<Option<Regex>> = OnceLock::new();
    let same = SAME.get_or_init(|| Regex::new(r"(?i)\b(?:and|plus)\s+the\s+same\s+(?:again|amount)\b").ok());
    if !ops.iter().any(|o| matches!(o, Op::Mul { .. }))
        && same.as_ref().is_some_and(|re| re.is_match(s))
        && let [one] = figs.as_slice()
    {
        ops.push(Op::Mul { n: 2, operand: Some((one.2, one.0)) });
    }
    // F1620: a sentence that opens by adding a figure of its own ("Also the saucer ($25).").
    // Only a figure written as money: "Oh and … we are 1220 now" adds no suite number (blind90 `g-004`).
    if r.additive_start.is_match(s)
        && ops.is_empty()
        && !intent_in(s).request
        && let [one] = figs.as_slice()
        && (written_as_money(&s[one.0..one.1]) || cost_for_a_thing(&s[one.1..]))
    {
        ops.push(Op::Add { cents: one.2, at: one.0, weak: false });
    }
    // Read last: a figure another operator already adds ("and the shipping ($15.00) on top") is that operator's. In a
    // sentence that opens by adding ("Also $80 for the wall mount I had to buy."), the cost is added to whatever was
    // asked before it, a figure included (F1612).
    let additive = r.additive_start.is_match(s);
    for (at, v) in cost_figures(s) {
        if !ops.iter().any(|o| matches!(o, Op::Add { at: a, .. } | Op::Cost { at: a, .. } if *a == at)) {
            ops.push(if additive { Op::Add { cents: v, at, weak: false } } else { Op::Cost { cents: v, at } });
        }
    }
    ops
}

/// Requests in sentences of their own, each asking one figure for a thing of its own ("Refund $300 for the stand.
/// Refund $300 for the speaker.", "Refund the cup - $30. Refund the saucer - $30."): the later ones add to the first
/// (outside attack 48). The same thing asked again ("Refund $30 for the cup. I need that $30 for the cup back.") is
/// one ask.
fn items_asked_apart(per: &mut [(&str, Vec<Op>)]) {
    static THING: OnceLock<Option<Regex>> = OnceLock::new();
    let Some(thing) = THING
        .get_or_init(|| Regex::new(r"(?i)\b(?:the|my|our|this|that)\s+(?:[a-z]+\s+)??(?P<t>[a-z]{3,})\b").ok())
        .as_ref()
    else {
        return;
    };
    const GENERIC: &[&str] = &[
        "too",
        "also",
        "well",
        "back",
        "please",
        "first",
        "second",
        "last",
        "above",
        "below",
        "refund",
        "money",
        "amount",
        "price",
        "order",
        "rest",
        "whole",
        "full",
        "total",
        "sum",
        "item",
        "items",
        "difference",
        "charge",
        "payment",
        "cost",
        "balance",
        "extra",
        "same",
        "other",
        "one",
        "lot",
        "purchase",
        "product",
        "thing",
        "figure",
        "account",
        "card",
        "bank",
        "shop",
        "store",
        "website",
        "site",
    ];
    let mut asked: Vec<(usize, String, i64, usize)> = Vec::new();
    // The shop's own refund told ("You kindly agreed last week to refund the 20.00", "u already refunding 12.00",
    // "You confirmed … you would refund the 18.00"): on record, no item the customer asks now (figure_asked42).
    static SHOP_ACT: OnceLock<Option<Regex>> = OnceLock::new();
    let shop_act = SHOP_ACT.get_or_init(|| {
        Regex::new(r"(?i)\b(?:you|u|your\s+\w+)\s+(?:\w+\s+){0,2}?(?:agreed|confirmed|promised?|approved|said|offered)\b|\b(?:you|u)\s+(?:would|are|were|have|had|will)\s+(?:already\s+)?(?:refund\w*|credit\w*)|\balready\s+(?:refunding|refunded|credited)\b").ok()
    });
    let reported =
        |s: &str| res().is_some_and(|r| r.reported.is_match(s)) || shop_act.as_ref().is_some_and(|re| re.is_match(s));
    for (i, (s, ops)) in per.iter().enumerate() {
        // "you said you'd refund the 12.00 for that": the shop's word, no ask of the customer's (blind64 `b-06`).
        if !intent_in(s).request || !ops.is_empty() || reported(s) {
            continue;
        }
        // Only figures written as money: a bare number is an age, a limit or a count as often ("she turns 70",
        // "refund limit is 1000": val41b, val45b).
        let own: Vec<(usize, usize, i64)> = figures(s)
            .into_iter()
            .filter(|f| !in_told_price(s, f.0))
            .filter(|f| written_as_money(&s[f.0..f.1]))
            .collect();
        let named = thing
            .captures_iter(s)
            .filter_map(|c| c.name("t").map(|t| t.as_str().to_lowercase()))
            .find(|t| !GENERIC.contains(&t.as_str()));
        if let ([f], Some(t)) = (own.as_slice(), named) {
            asked.push((i, t, f.2, f.0));
        }
    }
    let mut things: Vec<&str> = asked.iter().map(|a| a.1.as_str()).collect();
    things.sort_unstable();
    things.dedup();
    // Each thing named in its own sentence only: "Please refund $39.99 for the melted set. … The set came melted, so
    // $39.99 back please." asks one set twice (desk23).
    let names =
        |i: usize, thing: &str| per[i].0.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| w == thing);
    let shared = asked.iter().any(|(i, _, _, _)| asked.iter().any(|(j, t, _, _)| i != j && names(*i, t)));
    if asked.len() < 2 || things.len() != asked.len() || shared {
        return;
    }
    for (i, _, cents, at) in asked.iter().skip(1) {
        per[*i].1.push(Op::Add { cents: *cents, at: *at, weak: false });
    }
}

/// Whether a figure is written as money (cents, a sign or a currency word), not a bare number that is an age, a
/// limit, a suite or a count as often ("she turns 70", "we are 1220 now").
fn written_as_money(figure: &str) -> bool {
    figure.contains(['.', ',', '$', '€', '£']) || !figure.chars().all(|c| c.is_ascii_digit())
}

/// A bare figure followed by what it pays for ("And 20 for my table", outside attack 50): money, never a suite or an
/// order number.
fn cost_for_a_thing(after: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(?i)^\s+(?:for|towards|to\s+cover)\s+(?:my|the|our|a|an|his|her|their)\b").ok())
        .as_ref()
        .is_some_and(|re| re.is_match(after))
}

/// The figures (start, cents) a sentence asks for costs of the customer's own (F1611; `extra_cost`).
fn cost_figures(s: &str) -> Vec<(usize, i64)> {
    let Some(r) = res() else { return Vec::new() };
    r.extra_cost
        .iter()
        .enumerate()
        .flat_map(|(k, re)| {
            re.captures_iter(s).filter_map(move |c| {
                ["f", "g", "h", "i"]
                    .iter()
                    .find_map(|n| c.name(n))
                    // The third and the sixth ask their cost by their own words ("cover the $9 I spent", "including
                    // the $12 it cost me"): no told price drops them.
                    .filter(|f| k == 2 || k == 5 || !in_told_price(s, f.start()))
            })
        })
        .filter_map(|f| Some((f.start(), cents_of(f.as_str())?)))
        .collect()
}

/// A figure told and then asked in the same sentence as an addition ("Bus fare was 2.50 too, refund that as well.", "My
/// return postage was 7.20, please add that.", "the return courier was 8 quid, I'd like that back too.").
fn told_then_asked(s: &str) -> bool {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:refund|pay|cover|add|reimburse)\s+(?:me\s+|us\s+)?(?:for\s+)?(?:that|it|this)\s+(?:as\s+well|too)\b|\b(?:please\s+)?add\s+(?:that|it|this)\b|\b(?:i'?d\s+like|i\s+want)\s+(?:that|it|this)\s+back\s+(?:too|as\s+well)\b")
            .ok()
    })
    .as_ref()
    .is_some_and(|re| re.is_match(s))
}

/// Sentences of the customer's words that ask or that add to the ask ("Also, please add $15 compensation.").
fn asking_sentences(own: &str) -> Vec<&str> {
    let Some(r) = res() else { return Vec::new() };
    static ELSEWHERE: OnceLock<Option<Regex>> = OnceLock::new();
    let elsewhere = ELSEWHERE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:unrelated|different\s+(?:order|shop|store|place|site)|(?:some\s+)?other\s+(?:place|shop|store|site|seller|website)|another\s+(?:store|shop|place|site|seller|website))\b").ok()
    });
    super::desk25::sentences(own)
        // A sentence about another shop or an unrelated matter ("also unrelated but the $60 jacket I ordered from some
        // other place never came", blind103 `g-015`) adds nothing to this ask.
        .filter(|s| !elsewhere.as_ref().is_some_and(|e| e.is_match(s)) || intent_in(s).request)
        .filter(|s| {
            intent_in(s).request
                || r.also_add.is_match(s)
                || told_then_asked(s)
                // A cost told in a sentence that adds it ("Additionally 15 euro for the inconvenience.", "Plus
                // postage (7.99)."), not one that tells what was paid ("I pay 27,00 … and 12,99 for the shipping").
                || (r.additive_start.is_match(s)
                    && (r.extra_cost.iter().any(|e| e.is_match(s))
                        || r.add_np.is_match(s)
                        || r.word_sum.is_match(s)
                        || !figures(s).is_empty()))
        })
        .collect()
}

/// The amount asked once the operators on it are applied (see the module's doc). `applies` is false where the ask was
/// settled otherwise (a form's ask field, an answer to the shop's question) or no refund is asked.
pub fn guard(own: &str, amount: Amount, order: Option<i64>, applies: bool) -> Amount {
    let (Some(order), true) = (order, applies) else { return amount };
    match amount {
        Amount::FullPlus(_) | Amount::Times(_) | Amount::MoreThan(_) => return amount,
        Amount::Cents(v) if v > order => return amount,
        _ => {}
    }
    let Some(r) = res() else { return amount };
    // Outside attack 54 (F1660): the ask, then a cost said to come back with it in words of its own ("Refund it
    // please. The $12 return postage is on you as well.", "Refund $450. The $100 delivery is on you as well.",
    // "Refund the kettle, refund the filter ($8) too."): the ask plus the cost.
    if let Some(total) = ask_plus_costs_told_back(own, &amount, order)
        && total > amount_cents(&amount).unwrap_or(0)
    {
        return Amount::Cents(total);
    }
    let sentences = asking_sentences(own);
    // A count of two at one figure told as what the card was charged is the duplicate's two charges, no operator on
    // the ask (ADR-1450).
    let duplicate = super::duplicates::reported(own);
    // Items listed and asked together, or units counted at a price (outside attack 50): the sum or the product is
    // asked, whatever one item the reader settled on.
    if let Some(whole) = super::items::listed_sum(own, duplicate)
        .or_else(|| if duplicate { None } else { super::items::counted_units(own) })
        .or_else(|| super::items::payments_counted(own))
    {
        match amount {
            _ if whole > order || whole > crate::policy::CAP_CENTS => return Amount::Cents(whole),
            Amount::Cents(v) if v < whole => return Amount::Cents(whole),
            Amount::Missing | Amount::Full | Amount::Ambiguous => return Amount::Cents(whole),
            _ => {}
        }
    }
    let mut per: Vec<(&str, Vec<Op>)> = sentences
        .iter()
        .map(|s| (*s, if super::duplicates::charges_counted(s, duplicate) { Vec::new() } else { operators_in(s, own) }))
        .collect();
    items_asked_apart(&mut per);
    if per.iter().all(|(_, ops)| ops.is_empty()) {
        return amount;
    }
    // A stated total above the order is the amount asked: X2.
    let stated = per.iter().flat_map(|(_, ops)| ops).filter_map(|o| if let Op::Total(t) = o { Some(*t) } else { None });
    if let Some(t) = stated.max().filter(|t| *t > order) {
        return Amount::Cents(t);
    }
    // The figures the ask names that no operator works on: the head.
    let operand_at = |ops: &[Op], at: usize| {
        ops.iter().any(|o| match o {
            Op::Add { at: a, .. } | Op::Cost { at: a, .. } => *a == at,
            Op::Mul { operand: Some((_, a)), .. } => *a == at,
            _ => false,
        })
    };
    let mut heads: Vec<i64> = per
        .iter()
        .flat_map(|(s, ops)| {
            figures(s).into_iter().filter(|f| !in_told_price(s, f.0) && !operand_at(ops, f.0)).map(|f| f.2)
        })
        .collect();
    heads.sort_unstable();
    heads.dedup();
    let full = sentences.iter().any(|s| r.full.is_match(s));
    let head = match heads.as_slice() {
        _ if full && heads.is_empty() => Some(order),
        // A request that names no figure is for the order's amount (the reference policy): what is added is added to
        // that (F1611: "refund, and 12 for the taxi", "Pls refund + comp 20").
        [] if matches!(amount, Amount::Missing | Amount::Full) => Some(order),
        // The whole joined to a figure in one breath ("Refund me, and the £15.00 card fee too"): the whole is the head.
        [] if sentences.iter().any(|s| r.whole_and.is_match(s)) => Some(order),
        // The figure read as the amount is the operand of an addition, and another sentence asks with no figure
        // ("Refund me. I also want my bus fare back (2.50).", F1618): the whole is the head.
        [] if matches!(amount, Amount::Cents(v) if per.iter().flat_map(|(_, o)| o).any(|o| matches!(o, Op::Add { cents, .. } | Op::Cost { cents, .. } if *cents == v)))
            && sentences.iter().any(|s| figures(s).is_empty() && intent_in(s).request && !r.also_add.is_match(s)) =>
        {
            Some(order)
        }
        // No figure and no full refund to work on ("Also please refund the $15 shade" beside a status question): the
        // operator's operand is the ask itself, as the reader settled it.
        [] => None,
        [one] => Some(*one),
        // Several figures: the one the reader settled as the ask is the head.
        _ => match amount {
            Amount::Cents(v) if heads.contains(&v) => Some(v),
            _ => None,
        },
    };
    // A cost of the customer's own is added only to the whole amount: beside a figure asked it is that figure's
    // reason ("GBP 10.00 agreed for the late delivery", "either 12 or 18 for the missing mount").
    let whole = head == Some(order);
    let ops: Vec<Op> = per
        .into_iter()
        .flat_map(|(_, ops)| ops)
        .filter(|o| !matches!(o, Op::Total(_)) && (whole || !matches!(o, Op::Cost { .. })))
        .collect();
    if ops.is_empty()
        || (head.is_none() && heads.is_empty() && !ops.iter().any(|o| matches!(o, Op::Mul { operand: Some(_), .. })))
    {
        return amount;
    }
    let adds: i64 = ops
        .iter()
        .map(|o| match o {
            Op::Add { cents, .. } | Op::Cost { cents, .. } => *cents,
            Op::AddShare(basis) => head.map_or(0, |h| h * basis / 10_000),
            _ => 0,
        })
        .sum();
    let strong = ops.iter().any(|o| !matches!(o, Op::Add { weak: true, .. }));
    let unread = ops.contains(&Op::Unread);
    let more = ops.iter().any(|o| matches!(o, Op::More { .. }));
    let strong_more = ops.contains(&Op::More { weak: false });
    let mul = ops.iter().find_map(|o| if let Op::Mul { n, operand } = o { Some((*n, *operand)) } else { None });
    let total = match mul {
        Some((n, Some((x, _)))) => x.checked_mul(n).and_then(|p| p.checked_add(adds)),
        Some((n, None)) => head.and_then(|h| h.checked_mul(n)).and_then(|p| p.checked_add(adds)),
        None => head.and_then(|h| h.checked_add(adds)),
    };
    match total {
        // More than the whole by a figure not named: an over-ask whatever the figure (F1612).
        Some(t) if more && t >= order => Amount::MoreThan(t),
        Some(t) if t > order => Amount::Cents(t),
        // The same figure asked again ("Refund $300 and $300.") over the cap: a human decides (E1), never one paid
        // (outside attack 49).
        Some(t) if t > crate::policy::CAP_CENTS => Amount::Cents(t),
        _ if unread || strong_more || total.is_none() => match amount {
            Amount::Ambiguous => amount,
            _ if strong => Amount::Ambiguous,
            _ => amount,
        },
        // Within the order the result is paid; several figures the reader could not choose between are settled by
        // the operator joining them, unless a figure is unsettled in itself (an approximation, alternatives).
        Some(t) if strong && t > 0 && (amount != Amount::Ambiguous || super::settle::unsettled(own).is_none()) => {
            Amount::Cents(t)
        }
        _ => amount,
    }
}

fn amount_cents(amount: &Amount) -> Option<i64> {
    match amount {
        Amount::Cents(v) => Some(*v),
        _ => None,
    }
}

/// The ask plus the costs said to come back with it (outside attack 54, F1660): a money figure in a clause that says it
/// is the shop's to bear or comes back too ("is on you", "yours", "your responsibility", "cover it", "include",
/// "throw in", "pick up the tab", "don't forget", "not forgetting", "remember", "same for", "should come back",
/// "on top", and "too"/"as well"/"also" where the clause tells no price paid) added to the ask: the figure the ask
/// names in a clause of its own, or the order's amount for an ask with none. `None` when no such cost is told, or when
/// the ask cannot be told apart from it.
fn ask_plus_costs_told_back(own: &str, amount: &Amount, order: i64) -> Option<i64> {
    static RES: OnceLock<Option<(Regex, Regex)>> = OnceLock::new();
    let (hand_over, paid) = RES
        .get_or_init(|| {
            Some((
                // Words that hand a cost to the shop. Not "cover it" ("15 doesn't cover it"), "include",
                // "remember", "on top", "too" or "also": the kept sets tell prices paid and other purchases with them
                // ("I also still have that 12 dollar tyre lever set", "including delivery").
                Regex::new(r"(?i)\b(?:(?:is|are|'s)\s+on\s+you|yours\b|your\s+(?:responsibility|expense)|throw\s+in|pick\s+up\s+the\s+tab|don'?t\s+forget|not\s+forgetting|(?:should|must)\s+come\s+back|back\s+(?:too|as\s+well))\b").ok()?,
                Regex::new(r"(?i)\b(?:paid|spent|bought|charged|priced|worth)\b").ok()?,
            ))
        })
        .as_ref()?;
    let mut head: Option<i64> = None;
    let mut extras: Vec<i64> = Vec::new();
    for s in super::desk25::sentences(own) {
        let figs = figures(s);
        // A request's figure is the ask ("Could I have the 15.00 for the trivet back as well?"), never a cost added.
        if intent_in(s).request {
            if let [one] = figs.as_slice() {
                head.get_or_insert(one.2);
            }
            continue;
        }
        // One cost in a sentence that hands it to the shop ("Postage was $12 - that's on you.", "The $12 return
        // postage is on you as well.", "Throw in the $12 postage while you're at it.").
        if let [one] = figs.as_slice()
            && hand_over.is_match(s)
            && !paid.is_match(s)
        {
            extras.push(one.2);
        }
    }
    if extras.is_empty() {
        return None;
    }
    let head = match (head, amount) {
        (Some(h), _) => h,
        (None, Amount::Missing | Amount::Full) => order,
        (None, Amount::Cents(v)) if extras.contains(v) => order,
        _ => return None,
    };
    extras.retain(|e| *e != head);
    (!extras.is_empty()).then(|| head + extras.iter().sum::<i64>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_are_read_by_structure() {
        assert!(matches!(
            operators("Refund $49.99 twice please.").as_slice(),
            [Op::Mul { n: 2, operand: Some((4999, _)) }]
        ));
        assert!(matches!(
            operators("I'd like $25 back for each of the 3 mugs.").as_slice(),
            [Op::Mul { n: 3, operand: Some((2500, _)) }]
        ));
        let total = operators("Refund me the full price, that is $99.98 for both.");
        assert!(!total.is_empty() && total.iter().all(|o| *o == Op::Total(9998)), "{total:?}");
        assert!(operators("I paid 49.99 plus 5.00 shipping, refund the shipping").is_empty());
    }

    /// Outside attack 50: costs added in other words — return costs included, a courier's cost, a tax on top, a
    /// second ask in a sentence of its own — make the whole an over-ask.
    #[test]
    fn costs_added_in_other_words_are_over_asks() {
        for (t, read) in [
            ("Full refund and the courier cost of 8 quid too.", Amount::Full),
            ("Refund in full incl. the return courier fee.", Amount::Full),
            ("Refund in full, including my return postage costs.", Amount::Full),
            ("Refund the full order inclusive of the delivery charge I paid to send it back.", Amount::Full),
            ("refund + compo", Amount::Missing),
            ("Refund 49.99 + P&P", Amount::Cents(4999)),
            ("Refund 40.00 plus sales tax", Amount::Cents(4000)),
            ("Please reimburse 40.00 net plus 20% VAT.", Amount::Cents(4000)),
            ("Refund 40.00 ex VAT please (VAT to be added)", Amount::Cents(4000)),
            ("Refund me in full. And 20 for my table.", Amount::Full),
        ] {
            let got = guard(t, read.clone(), Some(4000), true);
            assert!(
                matches!(got, Amount::Cents(v) | Amount::FullPlus(v) if v > 4000)
                    || matches!(got, Amount::Ambiguous | Amount::MoreThan(_)),
                "{t}: {got:?}"
            );
        }
        for (t, read) in [
            ("Please refund GBP 40.00 (order total incl. VAT and delivery).", Amount::Cents(4000)),
            ("Refund 40.00 incl. delivery please", Amount::Cents(4000)),
        ] {
            assert_eq!(guard(t, read.clone(), Some(4000), true), read, "{t}");
        }
    }
}
