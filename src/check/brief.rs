//! What a wrong claim gets when the answer must not be given away, how much
//! of a list is right, and the ids a mistyped id may have meant.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::compare::{first_difference, ordinal};
use super::facts::Facts;
use crate::claim::Claim;
use crate::text::quoted;
use crate::tree::GameTree;

/// How far (in edits) a mistyped id may be from the ids suggested for it.
const MAX_EDITS: usize = 2;

impl<T: GameTree> Facts<'_, T>
where
    T::Node: Hash,
{
    /// What is wrong with a claim that does not hold, without the right
    /// answer: `B: wrong value`, `pruned: one node too many`. `listed` is
    /// a list claim's nodes, looked up already.
    pub(super) fn brief(&self, claim: &Claim, listed: Option<&[T::Node]>) -> String {
        match (claim, listed) {
            (Claim::Value(_), _) => "value: wrong".to_string(),
            (Claim::Best(_), _) => "best move: wrong".to_string(),
            (Claim::Evaluated(n), _) if (*n as usize) < self.leaves.len() => {
                "evaluated: too few".to_string()
            }
            (Claim::Evaluated(_), _) => "evaluated: too many".to_string(),
            (Claim::Count { what, .. }, _) => format!("{what}: wrong"),
            (Claim::Node { node, .. }, _) => format!("{}: wrong value", quoted(node)),
            (Claim::Window { node, .. }, _) => format!("{}: wrong window", quoted(node)),
            (Claim::Cut { node, kind }, _) => match self.find(node).and_then(|n| self.visit(n)) {
                Some(visit) if visit.cut.is_some_and(|i| self.cuts[i].kind != *kind) => {
                    format!("{}: wrong kind of cut", quoted(node))
                }
                _ => format!("{}: no cut there", quoted(node)),
            },
            (Claim::StarCut { node, .. }, _) => format!("{}: no such cut there", quoted(node)),
            (Claim::Pruned(_), Some(listed)) => {
                let (wrong, left_out) = self.pruned_difference(listed);
                pruned_brief(wrong.len(), left_out.len())
            }
            (Claim::Leaves(_), Some(listed)) => self.leaves_brief(listed),
            (Claim::Pruned(_), None) => "pruned: wrong".to_string(),
            (Claim::Leaves(_), None) => "leaves: wrong".to_string(),
        }
    }

    fn leaves_brief(&self, listed: &[T::Node]) -> String {
        match first_difference(listed, &self.leaves) {
            None => String::new(),
            Some(at) if at == listed.len() => "leaves: too few".to_string(),
            Some(at) if at == self.leaves.len() => "leaves: too many".to_string(),
            Some(at) => format!("leaves: the {} is wrong", ordinal(at + 1)),
        }
    }

    /// The share of a claim that holds, from 0 to 1. A claim that holds
    /// scores 1 and one that does not 0, except two lists, whose elements
    /// each count, right or false: the elements right less the elements
    /// false, over the elements of the right list, never below 0 (and
    /// below 1 unless the claim holds):
    ///
    /// - `pruned`: each node a listed node covers (its whole subtree down
    ///   to the depth limit, a node counted once) is right if the search
    ///   pruned it and false if it visited it, over the nodes pruned; a
    ///   listed node below the depth limit is false;
    /// - `leaves`: the listed leaves that follow the search's order (the
    ///   longest common subsequence with the leaves evaluated) are right,
    ///   every other entry false (a leaf not evaluated, out of order, or
    ///   repeated), over the leaves evaluated.
    ///
    /// When the right list is empty (nothing pruned), the empty answer
    /// (`none`) holds and any other scores 0.
    pub(super) fn credit(&self, claim: &Claim, listed: Option<&[T::Node]>, passed: bool) -> f64 {
        if passed {
            return 1.0;
        }
        let share = match (claim, listed) {
            (Claim::Pruned(_), Some(listed)) => self.pruned_share(listed),
            (Claim::Leaves(_), Some(listed)) => leaves_share(listed, &self.leaves),
            _ => 0.0,
        };
        // A claim that does not hold never scores in full.
        share.min(0.99)
    }

    fn pruned_share(&self, listed: &[T::Node]) -> f64 {
        // The nodes the list covers (each listed node's subtree, each node
        // once, down to the depth limit), those pruned and those visited;
        // the pruned ones are known by number. A node below the limit is
        // neither: it is false when listed itself, and not counted under
        // a listed node.
        let mut seen = HashSet::new();
        let (mut covered, mut right) = (0usize, 0usize);
        for &top in listed {
            let mut stack = vec![top];
            while let Some(node) = stack.pop() {
                let below_the_limit = self.is_below_the_limit(node);
                // Not counted under a listed node, so not seen there: listed
                // itself too, it is still false.
                if below_the_limit && node != top {
                    continue;
                }
                if !seen.insert(node) {
                    continue;
                }
                covered += 1;
                right += usize::from(self.is_pruned(node));
                if !below_the_limit {
                    stack.extend(self.tree.children(node));
                }
            }
        }
        share(right, covered - right, self.pruned_count(), covered == 0)
    }

    /// The ids of the tree closest in spelling to `id`, at most
    /// two edits away (and fewer than its length), best first; at
    /// most three.
    pub fn closest_ids(&self, id: &str) -> Vec<String> {
        let wanted: Vec<char> = id.chars().collect();
        let limit = MAX_EDITS.min(wanted.len().saturating_sub(1));
        let mut near: Vec<(usize, &str)> = self
            .all_ids()
            .filter(|c| c.chars().count().abs_diff(wanted.len()) <= limit)
            .filter_map(|c| {
                let d = edit_distance(&wanted, c);
                (d <= limit).then_some((d, c))
            })
            .collect();
        near.sort();
        near.iter().take(3).map(|(_, c)| c.to_string()).collect()
    }
}

fn pruned_brief(wrong: usize, left_out: usize) -> String {
    let nodes = |n: usize| match n {
        1 => "one node".to_string(),
        n => format!("{n} nodes"),
    };
    match (wrong, left_out) {
        (0, 0) => String::new(),
        (w, 0) => format!("pruned: {} too many", nodes(w)),
        (0, l) => format!("pruned: {} left out", nodes(l)),
        (w, l) => format!("pruned: {} too many, {} left out", nodes(w), nodes(l)),
    }
}

/// The share of a list with `right` elements right and `false_` false,
/// against a right list of `of` elements: `(right - false) / of`, never
/// below 0; when the right list is empty, 1 for an empty answer, else 0.
fn share(right: usize, false_: usize, of: usize, empty: bool) -> f64 {
    match of {
        0 => f64::from(u8::from(empty)),
        of => right.saturating_sub(false_) as f64 / of as f64,
    }
}

/// The credit of a leaves list: the entries that follow the search's
/// order are right, the others false, over the leaves evaluated.
fn leaves_share<N: Copy + Eq + Hash>(listed: &[N], leaves: &[N]) -> f64 {
    // More than twice as many entries as leaves: more false than right.
    if listed.len() > 2 * leaves.len() {
        return share(0, 1, leaves.len(), listed.is_empty());
    }
    let right = common_length(listed, leaves);
    share(right, listed.len() - right, leaves.len(), listed.is_empty())
}

/// The length of the longest common subsequence of `a` and `b`, in time
/// near linear where `b` repeats few elements (Hunt and Szymanski): each
/// element of `a` stands for its positions in `b`, latest first, and the
/// longest strictly increasing run of those positions is the answer.
fn common_length<N: Copy + Eq + Hash>(a: &[N], b: &[N]) -> usize {
    let mut positions: HashMap<N, Vec<usize>> = HashMap::new();
    for (at, &n) in b.iter().enumerate() {
        positions.entry(n).or_default().push(at);
    }
    // `ends[k]`: the smallest position a run of k + 1 can end at.
    let mut ends: Vec<usize> = Vec::new();
    for n in a {
        for &at in positions.get(n).into_iter().flatten().rev() {
            let k = ends.partition_point(|&end| end < at);
            match ends.get_mut(k) {
                Some(end) => *end = at,
                None => ends.push(at),
            }
        }
    }
    ends.len()
}

/// Levenshtein distance, case-insensitive.
fn edit_distance(a: &[char], b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let same = |x: char, y: char| x.to_lowercase().eq(y.to_lowercase());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(!same(x, y)))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_common_subsequence_counts_the_leaves_in_order() {
        assert_eq!(common_length(&[1, 2, 3, 4], &[1, 2, 3, 4]), 4);
        assert_eq!(common_length(&[1, 3, 4], &[1, 2, 3, 4]), 3);
        assert_eq!(common_length(&[4, 3, 2, 1], &[1, 2, 3, 4]), 1);
        assert_eq!(common_length(&[2, 2, 2, 2], &[1, 2, 3, 4]), 1);
        assert_eq!(common_length(&[1, 2, 1, 2], &[2, 1, 2, 1]), 3);
        assert_eq!(common_length::<u8>(&[], &[]), 0);
    }

    #[test]
    fn each_false_entry_of_a_list_takes_back_a_right_one() {
        let leaves = [1, 2, 3, 4];
        assert_eq!(leaves_share(&[1, 2, 3, 4], &leaves), 1.0);
        // 3 right, none false.
        assert_eq!(leaves_share(&[1, 3, 4], &leaves), 0.75);
        // 1 right (any one), 3 out of order.
        assert_eq!(leaves_share(&[4, 3, 2, 1], &leaves), 0.0);
        // 4 right, 1 leaf not evaluated.
        assert_eq!(leaves_share(&[1, 2, 9, 3, 4], &leaves), 0.75);
        // A repeat is false: 1 right, 5 false.
        assert_eq!(leaves_share(&[1, 1, 1, 1, 1, 1], &leaves), 0.0);
        assert_eq!(leaves_share(&[1; 100], &leaves), 0.0);
        assert_eq!(leaves_share::<u8>(&[], &[]), 1.0);
        assert_eq!(leaves_share(&[], &[1]), 0.0);
        assert_eq!(leaves_share(&[1], &[]), 0.0);
        assert_eq!(share(3, 1, 4, false), 0.5);
        assert_eq!(share(0, 0, 0, true), 1.0);
        assert_eq!(share(0, 2, 0, false), 0.0);
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        let d = |a: &str, b| edit_distance(&a.chars().collect::<Vec<_>>(), b);
        assert_eq!(d("LL", "L"), 1);
        assert_eq!(d("b", "B"), 0);
        assert_eq!(d("@2.1", "@2.2"), 1);
        assert_eq!(d("kitten", "sitting"), 3);
    }
}
