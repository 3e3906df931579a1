//! Many pictures as one: the lines of each overlay merged into one list in
//! which every line carries the run of overlays that show it, back to
//! front as each overlay draws them.
//!
//! Overlay after overlay, each line is matched with a line of the one
//! before (lines that occur once in both, kept in order: the longest run
//! of them rising in both); a matched line extends its run, and every
//! other line starts a run of its own, placed right after the line it
//! follows in its overlay. The lines an overlay shows are then, in the
//! merged order, exactly its own lines in its own order, so what is drawn
//! over what never changes; and since consecutive steps of a search differ
//! in a few marks, the merged list is about as long as one picture plus
//! what changes.

use std::collections::HashMap;

/// No entry: the end of the list.
const END: usize = usize::MAX;

/// One line and the overlays (from 0) that show it, `first..=last`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Run {
    /// The line.
    pub text: String,
    /// The first overlay that shows it.
    pub first: usize,
    /// The last overlay that shows it.
    pub last: usize,
}

/// A run in the list being built, linked to the one drawn after it.
#[derive(Debug)]
struct Entry {
    run: Run,
    next: usize,
}

/// The overlays pushed so far, merged.
#[derive(Debug)]
pub(super) struct Overlays {
    entries: Vec<Entry>,
    head: usize,
    /// The entry of each line of the last overlay pushed.
    previous: Vec<usize>,
    count: usize,
}

impl Overlays {
    /// No overlay yet.
    pub(super) fn new() -> Overlays {
        Overlays {
            entries: Vec::new(),
            head: END,
            previous: Vec::new(),
            count: 0,
        }
    }

    /// How many overlays were pushed.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// Adds the next overlay: its lines, back to front.
    pub(super) fn push(&mut self, lines: Vec<String>) {
        let overlay = self.count;
        let kept = {
            let before: Vec<&str> = self
                .previous
                .iter()
                .map(|&e| self.entries[e].run.text.as_str())
                .collect();
            rising(&unique_matches(&before, &lines))
        };
        let mut kept = kept.into_iter().peekable();
        let mut current = Vec::with_capacity(lines.len());
        let mut after = None;
        for (j, text) in lines.into_iter().enumerate() {
            let entry = match kept.next_if(|&(_, at)| at == j) {
                Some((i, _)) => {
                    let entry = self.previous[i];
                    self.entries[entry].run.last = overlay;
                    entry
                }
                None => self.insert_after(after, text, overlay),
            };
            after = Some(entry);
            current.push(entry);
        }
        self.previous = current;
        self.count += 1;
    }

    /// A new run of `text` from `overlay`, after entry `after` (first of
    /// all for `None`); its index.
    fn insert_after(&mut self, after: Option<usize>, text: String, overlay: usize) -> usize {
        let index = self.entries.len();
        let next = match after {
            Some(a) => std::mem::replace(&mut self.entries[a].next, index),
            None => std::mem::replace(&mut self.head, index),
        };
        self.entries.push(Entry {
            run: Run {
                text,
                first: overlay,
                last: overlay,
            },
            next,
        });
        index
    }

    /// The runs in drawing order.
    pub(super) fn runs(self) -> Vec<Run> {
        let mut slots: Vec<Option<Entry>> = self.entries.into_iter().map(Some).collect();
        let mut runs = Vec::with_capacity(slots.len());
        let mut at = self.head;
        while at != END {
            let entry = slots[at].take().expect("each entry is linked once");
            at = entry.next;
            runs.push(entry.run);
        }
        runs
    }
}

/// The pairs `(i, j)`, in rising `j`, of a line `before[i]` equal to
/// `after[j]` where that line occurs once in each.
fn unique_matches(before: &[&str], after: &[String]) -> Vec<(usize, usize)> {
    let mut seen: HashMap<&str, (usize, usize)> = HashMap::with_capacity(before.len());
    for (i, line) in before.iter().enumerate() {
        seen.entry(line).or_insert((0, i)).0 += 1;
    }
    let mut counts: HashMap<&str, usize> = HashMap::with_capacity(after.len());
    for line in after {
        *counts.entry(line.as_str()).or_default() += 1;
    }
    after
        .iter()
        .enumerate()
        .filter(|(_, line)| counts[line.as_str()] == 1)
        .filter_map(|(j, line)| match seen.get(line.as_str()) {
            Some(&(1, i)) => Some((i, j)),
            _ => None,
        })
        .collect()
}

/// The longest subsequence of `pairs` (in rising `j`) whose `i` rise too.
fn rising(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    // tails[l]: the pair ending the best rising run of length l + 1 found
    // so far (the one with the least `i`); back: each pair's predecessor.
    let mut tails: Vec<usize> = Vec::new();
    let mut back: Vec<Option<usize>> = Vec::with_capacity(pairs.len());
    for (p, &(i, _)) in pairs.iter().enumerate() {
        let length = tails.partition_point(|&t| pairs[t].0 < i);
        back.push(length.checked_sub(1).map(|l| tails[l]));
        match tails.get_mut(length) {
            Some(tail) => *tail = p,
            None => tails.push(p),
        }
    }
    let mut kept = Vec::with_capacity(tails.len());
    let mut at = tails.last().copied();
    while let Some(p) = at {
        kept.push(pairs[p]);
        at = back[p];
    }
    kept.reverse();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn lines(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    /// The lines overlay `k` shows, in the merged order.
    fn shown(runs: &[Run], k: usize) -> Vec<String> {
        runs.iter()
            .filter(|run| run.first <= k && k <= run.last)
            .map(|run| run.text.clone())
            .collect()
    }

    fn merged(overlays: &[Vec<String>]) -> Vec<Run> {
        let mut merger = Overlays::new();
        for overlay in overlays {
            merger.push(overlay.clone());
        }
        assert_eq!(merger.count(), overlays.len());
        merger.runs()
    }

    #[test]
    fn a_changed_line_is_a_new_run_in_its_place() {
        let overlays = [
            lines(&["edge", "A grey", "B", "C"]),
            lines(&["edge", "A black", "B", "C", "cut"]),
            lines(&["edge", "A black", "B", "C", "cut"]),
        ];
        let runs = merged(&overlays);
        let texts: Vec<(&str, usize, usize)> = runs
            .iter()
            .map(|r| (r.text.as_str(), r.first, r.last))
            .collect();
        assert_eq!(
            texts,
            [
                ("edge", 0, 2),
                ("A black", 1, 2),
                ("A grey", 0, 0),
                ("B", 0, 2),
                ("C", 0, 2),
                ("cut", 1, 2),
            ]
        );
    }

    #[test]
    fn repeated_lines_keep_their_order() {
        let overlays = [lines(&["x", "x", "y"]), lines(&["y", "x", "x"])];
        let runs = merged(&overlays);
        for (k, overlay) in overlays.iter().enumerate() {
            assert_eq!(&shown(&runs, k), overlay);
        }
    }

    #[test]
    fn rising_keeps_the_longest_run() {
        assert_eq!(
            rising(&[(3, 0), (0, 1), (1, 2), (4, 3), (2, 4)]),
            [(0, 1), (1, 2), (2, 4)]
        );
        assert_eq!(rising(&[]), []);
    }

    proptest! {
        /// Every overlay shows its own lines, in its own order, and no
        /// other; a line returning after a gap is a second run.
        #[test]
        fn every_overlay_is_given_back(
            overlays in prop::collection::vec(
                prop::collection::vec(0u8..12, 0..14), 1..12)
        ) {
            let overlays: Vec<Vec<String>> = overlays
                .iter()
                .map(|o| o.iter().map(|n| format!("line {n}")).collect())
                .collect();
            let runs = merged(&overlays);
            for (k, overlay) in overlays.iter().enumerate() {
                prop_assert_eq!(&shown(&runs, k), overlay);
            }
            let total: usize = overlays.iter().map(Vec::len).sum();
            prop_assert!(runs.len() <= total);
        }
    }
}
