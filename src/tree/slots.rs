//! The value slot of every node, four bytes a node: a leaf's value or an
//! interior node's static value, or none.
//!
//! Most values a file states are small integers, and most files hold
//! millions of them, so a slot holds an integer within ±2^30 itself; any
//! other value (a larger integer, a decimal, a fraction) lives, exact, in a
//! side list that the slot points to. Nothing is rounded: a slot either is
//! the integer or names where the exact value is kept.

use std::collections::HashMap;

use crate::value::Value;

/// A slot with no value.
const NONE: i32 = i32::MIN;
/// Plus and minus infinity.
const POS_INF: i32 = i32::MAX;
const NEG_INF: i32 = i32::MIN + 1;
/// Integers within ±2^30 are held in their slot.
const INLINE: i32 = 1 << 30;
/// Slots from here up (below [`FAR`]) point into the side list.
const OTHERS: i32 = INLINE + 1;
/// A slot whose value is kept by node number, once the side list has as
/// many values as slots can point to (over a billion).
const FAR: i32 = POS_INF - 1;
/// How many values the side list holds at most.
const OTHERS_CAPACITY: usize = (FAR - OTHERS) as usize;

/// Every node's value slot, in node order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Slots {
    slots: Vec<i32>,
    /// The values that are not small integers, in the order they came.
    others: Vec<Value>,
    /// By node, the values that came after the side list was full.
    far: HashMap<u32, Value>,
}

impl Slots {
    /// How many slots there are.
    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Adds a slot at the end.
    #[inline]
    pub(super) fn push(&mut self, value: Option<Value>) {
        let slot = self.encode(self.slots.len(), value, OTHERS_CAPACITY);
        self.slots.push(slot);
    }

    /// Fills slot `index`, pushed empty, with `value`.
    #[inline]
    pub(super) fn set(&mut self, index: usize, value: Option<Value>) {
        self.slots[index] = self.encode(index, value, OTHERS_CAPACITY);
    }

    /// The slot for `value` at `index`, keeping it aside if it is not a
    /// small integer: in the side list while it holds fewer than
    /// `capacity`, by node number after.
    #[inline]
    fn encode(&mut self, index: usize, value: Option<Value>, capacity: usize) -> i32 {
        let Some(v) = value else {
            return NONE;
        };
        if v.is_integer() && v.numerator().unsigned_abs() <= INLINE as u64 {
            return v.numerator() as i32;
        }
        if v == Value::POS_INF {
            return POS_INF;
        }
        if v == Value::NEG_INF {
            return NEG_INF;
        }
        if self.others.len() < capacity {
            self.others.push(v);
            return OTHERS + (self.others.len() - 1) as i32;
        }
        self.far.insert(index as u32, v);
        FAR
    }

    /// The value in slot `index`, if any.
    #[inline(always)]
    pub(super) fn get(&self, index: usize) -> Option<Value> {
        match self.slots[index] {
            x if (-INLINE..=INLINE).contains(&x) => Value::from_int(i64::from(x)),
            NONE => None,
            POS_INF => Some(Value::POS_INF),
            NEG_INF => Some(Value::NEG_INF),
            FAR => self.far.get(&(index as u32)).copied(),
            x => Some(self.others[(x - OTHERS) as usize]),
        }
    }

    /// Whether the two hold the same value in every slot.
    pub(super) fn same_values(&self, other: &Slots) -> bool {
        self.len() == other.len() && (0..self.len()).all(|i| self.get(i) == other.get(i))
    }

    /// Gives back the room the slots grew into and did not fill.
    pub(super) fn shrink_to_fit(&mut self) {
        self.slots.shrink_to_fit();
        self.others.shrink_to_fit();
    }

    /// The bytes the slots and the side list take on the heap, counted by
    /// capacity (the far values, a hash map, by their count).
    pub(super) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * size_of::<i32>()
            + self.others.capacity() * size_of::<Value>()
            + self.far.capacity() * size_of::<(u32, Value)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALUES: [Option<Value>; 4] = [None, Some(Value::POS_INF), Some(Value::NEG_INF), None];

    fn every_kind_of_value() -> Vec<Option<Value>> {
        let int = |i: i64| Value::from_int(i);
        let mut values = VALUES.to_vec();
        values.extend([
            Some(Value::from(3)),
            int(1 << 30),
            int(-(1 << 30)),
            int((1 << 30) + 1),
            int(-(1 << 30) - 1),
            int(1 << 53),
            int(-(1 << 53)),
            Some(Value::ratio(1, 3).unwrap()),
            Some(Value::ratio(-5, 2).unwrap()),
            Some(Value::ZERO),
        ]);
        values
    }

    #[test]
    fn every_kind_of_value_comes_back() {
        let values = every_kind_of_value();
        let mut slots = Slots::default();
        for v in &values {
            slots.push(*v);
        }
        let back: Vec<Option<Value>> = (0..slots.len()).map(|i| slots.get(i)).collect();
        assert_eq!(back, values);
        assert_eq!(
            slots.others.len(),
            6,
            "the values that are not small integers"
        );
    }

    #[test]
    fn values_set_later_and_past_a_full_side_list_come_back() {
        let values = every_kind_of_value();
        let mut slots = Slots::default();
        for _ in &values {
            slots.push(None);
        }
        for (i, v) in values.iter().enumerate().rev() {
            slots.slots[i] = slots.encode(i, *v, 2);
        }
        let back: Vec<Option<Value>> = (0..slots.len()).map(|i| slots.get(i)).collect();
        assert_eq!(back, values);
        assert_eq!((slots.others.len(), slots.far.len()), (2, 4));
    }
}
