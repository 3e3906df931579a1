//! New leaf values for exercises: a range of small integers, distinct if
//! asked, by a monotone transform of the generated values.
//!
//! Minimax commutes with a non-decreasing transform of the leaves: every
//! node's value becomes the transform of its old value, and a child that
//! was strictly best stays best unless two values merge. Sorting leaves by
//! (value, preorder index) and giving them increasing values therefore
//! keeps a random tree's structure (its best children are strictly best, so
//! only ties between non-best brothers are broken), which is how
//! distinct values work.

use crate::value::Value;

/// An inclusive range of integer leaf values, written `LO..HI`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueRange {
    /// The smallest value.
    pub low: i64,
    /// The largest value.
    pub high: i64,
}

impl ValueRange {
    /// How many integers the range holds.
    pub fn len(&self) -> u64 {
        self.high.abs_diff(self.low) + 1
    }

    /// Never empty: a range holds at least its low end.
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl std::str::FromStr for ValueRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let expected = || format!("`{s}`: expected a range of whole numbers LO..HI, like 0..20");
        let (low, high) = s.split_once("..").ok_or_else(expected)?;
        let low: i64 = low.trim().parse().map_err(|_| expected())?;
        let high: i64 = high.trim().parse().map_err(|_| expected())?;
        let exact = |x: i64| Value::from_int(x).is_some();
        if low > high || !exact(low) || !exact(high) {
            return Err(format!(
                "`{s}`: the range needs LO <= HI, both within ±2^53"
            ));
        }
        Ok(ValueRange { low, high })
    }
}

impl std::fmt::Display for ValueRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..{}", self.low, self.high)
    }
}

/// Distinct values asked for more leaves than the range holds values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("distinct values need {needed} values for {needed} leaves, but {range} holds only {}", range.len())]
pub struct RescaleError {
    /// The values needed, one per distinct leaf.
    pub needed: u64,
    /// The range asked for.
    pub range: ValueRange,
}

/// New values for `leaves` (in preorder): into `range` when given, distinct
/// when `distinct` (from 1 up when no range is given). Fails when the range
/// is too small for distinct values.
pub fn rescale(
    leaves: &[Value],
    range: Option<ValueRange>,
    distinct: bool,
) -> Result<Vec<Value>, RescaleError> {
    // Each leaf's rank among the distinct values (or among all leaves).
    let mut order: Vec<usize> = (0..leaves.len()).collect();
    order.sort_by(|&a, &b| leaves[a].cmp(&leaves[b]).then(a.cmp(&b)));
    let mut ranks = vec![0u64; leaves.len()];
    let mut rank = 0u64;
    for (i, pair) in order.iter().enumerate() {
        if i > 0 && (distinct || leaves[order[i - 1]] != leaves[*pair]) {
            rank += 1;
        }
        ranks[*pair] = rank;
    }
    let count = rank + 1;
    let range = match (range, distinct) {
        (Some(range), _) => range,
        (None, true) => ValueRange {
            low: 1,
            high: count as i64,
        },
        (None, false) => return Ok(leaves.to_vec()),
    };
    if distinct && range.len() < count {
        return Err(RescaleError {
            needed: count,
            range,
        });
    }
    Ok(ranks
        .iter()
        .map(|&r| {
            let offset = spread(r, count, range.len());
            Value::from_int(range.low + offset as i64).expect("within the range")
        })
        .collect())
}

/// Where rank `r` of `count` lands among `slots` integers: spread evenly
/// (and strictly increasing) when there are enough slots, grouped in
/// order when there are not.
fn spread(r: u64, count: u64, slots: u64) -> u64 {
    let (r, count, slots) = (u128::from(r), u128::from(count), u128::from(slots));
    let offset = if count <= slots {
        match count {
            1 => (slots - 1) / 2,
            _ => (r * (slots - 1) + (count - 1) / 2) / (count - 1),
        }
    } else {
        r * slots / count
    };
    offset as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(xs: &[i64]) -> Vec<Value> {
        xs.iter().map(|&x| Value::from_int(x).unwrap()).collect()
    }

    fn ints(vs: &[Value]) -> Vec<i64> {
        vs.iter().map(|v| v.numerator()).collect()
    }

    #[test]
    fn a_range_keeps_the_order_and_the_ties() {
        let leaves = values(&[-7, 3, 3, -20, 12]);
        let range = Some("0..20".parse().unwrap());
        let new = ints(&rescale(&leaves, range, false).unwrap());
        assert_eq!(new, [7, 13, 13, 0, 20]);
    }

    #[test]
    fn distinct_values_break_ties_by_position() {
        let leaves = values(&[5, 3, 5, 1]);
        assert_eq!(ints(&rescale(&leaves, None, true).unwrap()), [3, 2, 4, 1]);
        let range = Some("0..3".parse().unwrap());
        assert_eq!(ints(&rescale(&leaves, range, true).unwrap()), [2, 1, 3, 0]);
        let small = Some("0..2".parse().unwrap());
        assert_eq!(
            rescale(&leaves, small, true).unwrap_err().to_string(),
            "distinct values need 4 values for 4 leaves, but 0..2 holds only 3"
        );
    }

    #[test]
    fn a_small_range_groups_values_in_order() {
        let leaves = values(&[1, 2, 3, 4, 5, 6]);
        let range = Some("0..2".parse().unwrap());
        assert_eq!(
            ints(&rescale(&leaves, range, false).unwrap()),
            [0, 0, 1, 1, 2, 2]
        );
    }

    #[test]
    fn ranges_are_read_and_checked() {
        assert_eq!(
            "-5..5".parse::<ValueRange>(),
            Ok(ValueRange { low: -5, high: 5 })
        );
        assert!("5..1".parse::<ValueRange>().is_err());
        assert!("1-5".parse::<ValueRange>().is_err());
    }
}
