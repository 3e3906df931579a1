use super::*;

fn v(text: &str) -> Value {
    match text.split_once('/') {
        Some((n, d)) => Value::ratio(n.parse().unwrap(), d.parse().unwrap()).unwrap(),
        None => Value::from_decimal(text).unwrap(),
    }
}

#[test]
fn values_print_as_written() {
    let shown: Vec<String> = [3.0, -2.0, 2.5, f64::INFINITY, f64::NEG_INFINITY, -0.0]
        .iter()
        .map(|x| Value::new(*x).unwrap().to_string())
        .collect();
    assert_eq!(shown, ["3", "-2", "2.5", "+inf", "-inf", "0"]);
}

#[test]
fn other_values_print_to_four_places_half_away_from_zero() {
    let shown: Vec<String> = ["23/3", "8.4", "1.23456", "-0.0025", "-1.23455", "0.00005"]
        .iter()
        .map(|t| v(t).to_string())
        .collect();
    assert_eq!(
        shown,
        ["7.6667", "8.4", "1.2346", "-0.0025", "-1.2346", "0.0001"]
    );
}

#[test]
fn no_value_but_zero_shows_as_zero() {
    let shown: Vec<String> = ["-0.00001", "0.00002", "1/30000", "-0.000000123456"]
        .iter()
        .map(|t| v(t).to_string())
        .collect();
    assert_eq!(
        shown,
        ["-0.00001", "0.00002", "0.00003333", "-0.0000001235"]
    );
}

#[test]
fn decimals_are_read_exactly() {
    assert_eq!(v("0.1").checked_add(v("0.2")), Some(v("0.3")));
    assert_eq!(v("0.1"), Value::ratio(1, 10).unwrap());
    assert_eq!(v("1e3"), Value::from(1000));
    assert_eq!(v("1.5E-3"), Value::ratio(3, 2000).unwrap());
    assert_eq!(v("+4"), Value::from(4));
    assert_eq!(v("-0"), Value::ZERO);
    assert_eq!(v("000120.500"), Value::ratio(241, 2).unwrap());
    assert_eq!(
        Value::new(0.1),
        Some(v("0.1")),
        "an f64 is the decimal it prints as"
    );
    for bad in [
        "", "-", "1.", ".5", "1e", "1e+", "x", "1.2.3", "--1", "1e3.5",
    ] {
        assert_eq!(Value::from_decimal(bad), None, "{bad:?}");
    }
}

#[test]
fn numbers_too_precise_to_hold_are_refused() {
    assert!(
        Value::from_decimal("0.000000000000000001").is_some(),
        "10^-18"
    );
    assert!(
        Value::from_decimal("0.00000000000000000001").is_none(),
        "10^-20"
    );
    assert!(Value::from_decimal("1e-300").is_none());
    assert!(Value::from_decimal("1e300").is_none());
    assert_eq!(Value::from_decimal("0e999999999999"), Some(Value::ZERO));
}

#[test]
fn values_beyond_two_to_the_53_are_refused_as_input() {
    assert!(Value::new(MAX_FINITE).is_some());
    assert!(Value::new(MAX_FINITE * 2.0).is_none());
    assert!(Value::new(f64::NAN).is_none());
    assert!(Value::from_int(i64::MIN).is_none());
    assert!(Value::from_int(1 << 53).is_some());
    assert!(Value::from_int((1 << 53) + 1).is_none());
    assert!(!v("9007199254740993").is_within_input_range());
    assert!(v("9007199254740992").is_within_input_range());
}

#[test]
fn a_third_of_ninety_three_times_is_ninety() {
    let third = Value::ratio(1, 3).unwrap();
    let ninety = Value::from(90);
    let part = third.checked_mul(ninety).unwrap();
    let sum = part.checked_add(part).unwrap().checked_add(part).unwrap();
    assert_eq!(sum, ninety);
    let p = Value::ratio(3333333333, 9999999999).unwrap();
    assert_eq!(p, third, "normalising 0.3333333333 by its sum gives 1/3");
}

#[test]
fn order_is_the_order_of_the_numbers() {
    let ascending = [
        "-inf",
        "-9007199254740992",
        "-2.5",
        "-1/3",
        "0",
        "1/7",
        "1/3",
        "0.3333333334",
        "8.4",
        "23/3",
        "+inf",
    ];
    let values: Vec<Value> = ascending
        .iter()
        .map(|t| match *t {
            "+inf" => Value::POS_INF,
            "-inf" => Value::NEG_INF,
            t => v(t),
        })
        .collect();
    // The list is not sorted above: 23/3 < 8.4. Check each pair against
    // the order of the fractions worked out by hand: a/b < c/d when
    // a*d < c*b (positive denominators), with the infinities outside.
    let hand = |x: Value| -> (i128, i128) {
        match x {
            x if x == Value::POS_INF => (1, 0),
            x if x == Value::NEG_INF => (-1, 0),
            x => (x.numerator().into(), x.denominator().into()),
        }
    };
    for &a in &values {
        for &b in &values {
            let ((an, ad), (bn, bd)) = (hand(a), hand(b));
            let expected = match (ad, bd) {
                (0, 0) => an.cmp(&bn),
                (0, _) => an.cmp(&0),
                (_, 0) => 0.cmp(&bn),
                _ => (an * bd).cmp(&(bn * ad)),
            };
            assert_eq!(a.cmp(&b), expected, "{a:?} against {b:?}");
            assert_eq!(a == b, expected.is_eq());
        }
    }
}

#[test]
fn a_nudged_value_lies_between_its_number_and_every_other() {
    let five = Value::from(5);
    let up = five.above();
    assert!(five < up && up < v("5.000000000000000001"));
    assert!(five.below() < five && v("4.999999999999999999") < five.below());
    assert_eq!(up.negate(), Value::from(-5).below());
    assert_eq!(up.without_nudge(), five);
    assert_eq!(up.to_string(), "5+ε");
    assert_eq!(Value::POS_INF.above(), Value::POS_INF);
    let half = Value::ratio(1, 2).unwrap();
    assert_eq!(up.checked_mul(half), Some(v("2.5").above()));
    assert_eq!(
        up.checked_mul(Value::from(-1)),
        Some(Value::from(-5).below())
    );
}

#[test]
fn arithmetic_with_infinities_is_defined_or_refused() {
    let three = Value::from(3);
    assert_eq!(Value::POS_INF.checked_add(three), Some(Value::POS_INF));
    assert_eq!(Value::POS_INF.checked_add(Value::NEG_INF), None);
    assert_eq!(Value::NEG_INF.checked_sub(three), Some(Value::NEG_INF));
    assert_eq!(Value::POS_INF.checked_mul(Value::ZERO), None);
    assert_eq!(Value::NEG_INF.checked_mul(v("0.5")), Some(Value::NEG_INF));
    assert_eq!(three.checked_div(Value::ZERO), None);
    assert_eq!(Value::NEG_INF.checked_div(v("0.25")), Some(Value::NEG_INF));
    assert_eq!(three.checked_div(v("0.3")), Some(Value::from(10)));
}

#[test]
fn results_that_do_not_fit_are_refused() {
    let tiny = v("0.000000000000000001");
    assert_eq!(tiny.checked_mul(tiny), None);
    let big = Value::from_int(1 << 53).unwrap();
    assert!(big.checked_mul(big).is_none(), "2^106 does not fit 63 bits");
}

#[test]
fn exact_text_reads_back() {
    for t in [
        "3",
        "-2.5",
        "0.00002",
        "1.23456789",
        "23/3",
        "-1/3",
        "9007199254740992",
        "8.4",
    ] {
        let value = v(t);
        let written = value.exact().to_string();
        assert_eq!(written, t);
        let back = match written.split_once('/') {
            Some(_) => v(&written),
            None => Value::from_decimal(&written).unwrap(),
        };
        assert_eq!(back, value);
    }
}

/// A decimal of more places than the readers take (2^-39 has 39) is
/// written as a fraction, which reads back.
#[test]
fn exact_text_past_the_readers_places_is_a_fraction() {
    for (t, written) in [
        ("1/549755813888", "1/549755813888"),
        ("-549755813887/549755813888", "-549755813887/549755813888"),
        ("1/1048576", "1/1048576"),
        ("1/262144", "0.000003814697265625"),
        ("0.123456789012345678", "0.123456789012345678"),
    ] {
        let value = v(t);
        assert_eq!(value.exact().to_string(), written);
        assert_eq!(v(written), value);
    }
}

#[test]
fn json_never_rounds() {
    let json = |t: &str| serde_json::to_string(&v(t)).unwrap();
    assert_eq!(json("3"), "3");
    assert_eq!(json("8.4"), "8.4");
    assert_eq!(json("0.00002"), "0.00002");
    assert_eq!(json("23/3"), "\"23/3\"");
    assert_eq!(json("0.123456789012345678"), "\"0.123456789012345678\"");
    assert_eq!(serde_json::to_string(&Value::NEG_INF).unwrap(), "\"-inf\"");
}

#[test]
fn a_claim_gives_the_value_exactly_or_rounded_to_four_places_or_more() {
    let third_of_23 = v("23/3");
    for claim in ["23/3", "7.6667", "7.66667", "7.666667"] {
        assert!(third_of_23.is_given_by(v(claim)), "{claim}");
    }
    for claim in ["7.67", "7.7", "8", "7.6666", "7.66668"] {
        assert!(!third_of_23.is_given_by(v(claim)), "{claim}");
    }
    assert!(v("8.4").is_given_by(v("8.4")));
    assert!(v("8.4").is_given_by(v("8.40000")));
    assert!(!v("8.4").is_given_by(v("8.4001")));
    assert!(v("0.12345").is_given_by(v("0.1235")));
}

#[test]
fn negation_never_overflows() {
    assert_eq!(Value::NEG_INF.negate(), Value::POS_INF);
    let lowest = Value::new(-MAX_FINITE).unwrap();
    assert_eq!(lowest.negate().to_f64(), MAX_FINITE);
}

/// Euclid's algorithm on 128 bits, written here apart from the library's.
fn reference_gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { reference_gcd(b, a % b) }
}

/// What `Value::ratio(num, den)` must give: the fraction in lowest terms,
/// denominator positive, when it fits (numerator below 2^63 - 1 in size,
/// denominator at most 2^62 - 1).
fn reference_ratio(num: i128, den: i128) -> Option<(i64, u64)> {
    if den == 0 {
        return None;
    }
    let g = reference_gcd(num.unsigned_abs(), den.unsigned_abs()) as i128;
    let sign = if den < 0 { -1 } else { 1 };
    let (n, d) = (sign * (num / g), (den / g).abs());
    let fits = n.unsigned_abs() < i64::MAX as u128 && d < (1 << 62);
    fits.then_some((n as i64, d as u64))
}

proptest::proptest! {
    #[test]
    fn a_ratio_is_the_fraction_in_lowest_terms_or_none_beyond_the_range(
        num in proptest::prop_oneof![
            -1_000_000i128..1_000_000,
            -(1i128 << 64)..(1i128 << 64),
            proptest::sample::select(vec![i64::MAX as i128, i64::MIN as i128, (i64::MAX - 1) as i128, 1 << 62, (1 << 63) + 2]),
        ],
        den in proptest::prop_oneof![
            1i128..1000,
            -(1i128 << 64)..(1i128 << 64),
            proptest::sample::select(vec![(1 << 62) - 1, 1 << 62, 2 * ((1 << 62) - 1), -1, 2]),
        ],
    ) {
        let got = Value::ratio(num, den).map(|v| (v.numerator(), v.denominator()));
        proptest::prop_assert_eq!(got, reference_ratio(num, den));
    }
}
