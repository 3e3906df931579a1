//! Whole numbers written as text without the formatting machinery (a
//! large drawing writes millions of them): coordinates' digits, the steps
//! of ids, the values in leaves.

use crate::value::Value;

/// Appends the decimal digits of `n`.
pub(super) fn push_digits(out: &mut String, n: u64) {
    let mut text = [0u8; 24];
    let at = digits_before(&mut text, 24, n);
    push_ascii(out, &text[at..]);
}

/// A value as it is shown (its `Display`): an integer's digits written
/// straight into the text, the one allocation (a large drawing shows a
/// value in every leaf); any other value as `Display` writes it.
pub(super) fn value_text(value: Value) -> String {
    if !value.is_integer() {
        return value.to_string();
    }
    let n = value.numerator();
    let mut text = String::with_capacity(20);
    if n < 0 {
        text.push('-');
    }
    push_digits(&mut text, n.unsigned_abs());
    text
}

/// The two digits of every number below 100, in order.
const DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut k = 0;
    while k < 100 {
        pairs[2 * k] = b'0' + (k / 10) as u8;
        pairs[2 * k + 1] = b'0' + (k % 10) as u8;
        k += 1;
    }
    pairs
};

/// Writes the decimal digits of `n` into `text` just before `at`, two at
/// a time; where they start.
pub(super) fn digits_before(text: &mut [u8; 24], mut at: usize, mut n: u64) -> usize {
    while n >= 100 {
        let pair = 2 * (n % 100) as usize;
        n /= 100;
        at -= 2;
        text[at..at + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        let pair = 2 * n as usize;
        at -= 2;
        text[at..at + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    } else {
        at -= 1;
        text[at] = b'0' + n as u8;
    }
    at
}

/// Appends bytes known to be ASCII.
pub(super) fn push_ascii(out: &mut String, text: &[u8]) {
    out.push_str(std::str::from_utf8(text).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole numbers are written two digits at a time, as `to_string`
    /// writes them.
    #[test]
    fn digits_are_those_of_to_string() {
        let mut seed = 3u64;
        let random = std::iter::repeat_with(move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            seed >> (seed % 64)
        });
        let edges = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 10_000, u64::MAX];
        for n in edges.into_iter().chain(random.take(10_000)) {
            let mut out = String::from("x");
            push_digits(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    /// Integers are shown as `Display` shows every value.
    #[test]
    fn values_are_shown_as_display_shows_them() {
        let integers = [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -987_654_321];
        let mut values: Vec<Value> = integers
            .into_iter()
            .chain([1_000_000_000_000, -1_000_000_000_000])
            .filter_map(Value::from_int)
            .collect();
        for text in ["2.5", "-0.125", "0.00002", "7.66666"] {
            values.extend(Value::from_decimal(text));
        }
        values.extend(Value::ratio(23, 3));
        let nudged: Vec<Value> = values.iter().flat_map(|v| [v.above(), v.below()]).collect();
        values.extend(nudged);
        values.extend([Value::POS_INF, Value::NEG_INF]);
        assert!(values.len() > 40);
        for value in values {
            assert_eq!(value_text(value), value.to_string(), "{value:?}");
        }
    }
}
