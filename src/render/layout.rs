//! A tidy tree layout: Reingold and Tilford's algorithm as made linear by
//! Walker and by Buchheim, Jünger and Leipert, for boxes of any width.
//!
//! Every parent is centred over its first and last child, children keep
//! their order, neighbours on a level are at least [`Spacing::sibling_gap`]
//! apart, and the room left between subtrees is shared out among the
//! smaller subtrees between them. A level is as tall as its tallest box and
//! boxes hang from its top; [`tidy`] puts the same gap between all levels,
//! [`tidy_extents`] a gap of its own below each, and takes boxes that reach
//! further on one side of their anchor than on the other (a shape with
//! text beside it), centring parents by their anchors.
//!
//! The walks are loops over explicit stacks, so a chain of a million nodes
//! lays out without deep recursion.

/// The size of one box to place.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    /// Its width.
    pub width: f64,
    /// Its height.
    pub height: f64,
}

/// A box that may reach further on one side of its anchor (the point
/// parents are centred by) than on the other.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Extent {
    /// How far it reaches left of its anchor.
    pub left: f64,
    /// How far it reaches right of its anchor.
    pub right: f64,
    /// Its height.
    pub height: f64,
}

impl From<Size> for Extent {
    /// A box centred on its anchor.
    fn from(size: Size) -> Extent {
        Extent {
            left: size.width / 2.0,
            right: size.width / 2.0,
            height: size.height,
        }
    }
}

/// The gaps of a layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// The least room between two neighbouring boxes of one level.
    pub sibling_gap: f64,
    /// The room between the bottom of one level and the top of the next.
    pub level_gap: f64,
}

/// Where every box lies: the origin is the top left corner of the drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The anchor of each box (its centre, for a [`Size`]), left to right.
    pub x: Vec<f64>,
    /// The top of each box.
    pub y: Vec<f64>,
    /// Each box's level (the root's is 0).
    pub level: Vec<usize>,
    /// The top of each level.
    pub level_top: Vec<f64>,
    /// The height of each level (its tallest box).
    pub level_height: Vec<f64>,
    /// The width of the whole drawing.
    pub width: f64,
    /// The height of the whole drawing.
    pub height: f64,
}

const NONE: u32 = u32::MAX;

/// The tree as the walks see it, with their working values.
struct Walk<'a> {
    extents: &'a [Extent],
    gap: f64,
    parent: Vec<u32>,
    /// Children of node `v` are `children[first[v]..first[v + 1]]`.
    first: Vec<usize>,
    children: Vec<u32>,
    /// Each node's position among its siblings, from 0.
    number: Vec<u32>,
    prelim: Vec<f64>,
    modifier: Vec<f64>,
    shift: Vec<f64>,
    change: Vec<f64>,
    thread: Vec<u32>,
    ancestor: Vec<u32>,
}

/// Lays out the tree whose node `i` has parent `parent[i]` (the root, node
/// 0, has none) and box `sizes[i]`. Every parent comes before its children
/// (as in preorder), and siblings keep the order of their indices.
///
/// # Panics
/// When `parent` and `sizes` differ in length, or a parent does not come
/// before its child: both are mistakes of the caller, not of the input.
pub fn tidy(parent: &[Option<usize>], sizes: &[Size], spacing: Spacing) -> Layout {
    let extents: Vec<Extent> = sizes.iter().map(|&size| Extent::from(size)).collect();
    let depth = levels(parent).iter().max().map_or(0, |d| d + 1);
    let gaps = vec![spacing.level_gap; depth];
    tidy_extents(parent, &extents, spacing.sibling_gap, &gaps)
}

/// Lays out the tree as [`tidy`] does, with boxes that reach `left` and
/// `right` of their anchors, and `level_gaps[l]` between the bottom of
/// level `l` and the top of the next (a level past the end of
/// `level_gaps` has the last gap given, or none).
///
/// # Panics
/// As [`tidy`].
pub fn tidy_extents(
    parent: &[Option<usize>],
    extents: &[Extent],
    sibling_gap: f64,
    level_gaps: &[f64],
) -> Layout {
    assert_eq!(parent.len(), extents.len(), "one box per node");
    if parent.is_empty() {
        return empty_layout();
    }
    let mut walk = Walk::new(parent, extents, sibling_gap);
    walk.first_walk();
    let x = walk.second_walk();
    let levels = levels(parent);
    place(x, levels, extents, level_gaps)
}

fn empty_layout() -> Layout {
    Layout {
        x: Vec::new(),
        y: Vec::new(),
        level: Vec::new(),
        level_top: Vec::new(),
        level_height: Vec::new(),
        width: 0.0,
        height: 0.0,
    }
}

/// Each node's level.
fn levels(parent: &[Option<usize>]) -> Vec<usize> {
    let mut level = vec![0; parent.len()];
    for (node, p) in parent.iter().enumerate() {
        if let Some(p) = *p {
            assert!(p < node, "a parent comes before its children");
            level[node] = level[p] + 1;
        }
    }
    level
}

/// Shifts the anchors so the leftmost box touches 0, and stacks the
/// levels.
fn place(mut x: Vec<f64>, level: Vec<usize>, extents: &[Extent], gaps: &[f64]) -> Layout {
    let depth = level.iter().max().map_or(0, |d| d + 1);
    let mut level_height = vec![0.0f64; depth];
    for (node, &l) in level.iter().enumerate() {
        level_height[l] = level_height[l].max(extents[node].height);
    }
    let mut level_top = Vec::with_capacity(depth);
    let mut top = 0.0;
    for (l, height) in level_height.iter().enumerate() {
        level_top.push(top);
        top += height;
        if l + 1 < depth {
            top += gaps.get(l).or(gaps.last()).copied().unwrap_or(0.0);
        }
    }
    let left = x
        .iter()
        .zip(extents)
        .map(|(x, e)| x - e.left)
        .fold(f64::INFINITY, f64::min);
    let mut right = 0.0f64;
    for (x, extent) in x.iter_mut().zip(extents) {
        *x -= left;
        right = right.max(*x + extent.right);
    }
    Layout {
        y: level.iter().map(|&l| level_top[l]).collect(),
        x,
        level,
        width: right,
        height: top,
        level_top,
        level_height,
    }
}

impl<'a> Walk<'a> {
    fn new(parent: &[Option<usize>], extents: &'a [Extent], gap: f64) -> Walk<'a> {
        let n = parent.len();
        let mut count = vec![0usize; n + 1];
        for p in parent.iter().flatten() {
            count[*p] += 1;
        }
        let mut first = vec![0usize; n + 1];
        for v in 0..n {
            first[v + 1] = first[v] + count[v];
        }
        let mut filled = first.clone();
        let mut children = vec![0u32; n.saturating_sub(1)];
        let mut number = vec![0u32; n];
        for (node, p) in parent.iter().enumerate() {
            if let Some(p) = *p {
                number[node] = (filled[p] - first[p]) as u32;
                children[filled[p]] = node as u32;
                filled[p] += 1;
            }
        }
        Walk {
            extents,
            gap,
            parent: parent
                .iter()
                .map(|p| p.map_or(NONE, |p| p as u32))
                .collect(),
            first,
            children,
            number,
            prelim: vec![0.0; n],
            modifier: vec![0.0; n],
            shift: vec![0.0; n],
            change: vec![0.0; n],
            thread: vec![NONE; n],
            ancestor: (0..n as u32).collect(),
        }
    }

    fn kids(&self, v: u32) -> &[u32] {
        &self.children[self.first[v as usize]..self.first[v as usize + 1]]
    }

    fn left_sibling(&self, v: u32) -> Option<u32> {
        let n = self.number[v as usize] as usize;
        (n > 0).then(|| self.kids(self.parent[v as usize])[n - 1])
    }

    fn leftmost_sibling(&self, v: u32) -> u32 {
        match self.parent[v as usize] {
            NONE => v,
            p => self.kids(p)[0],
        }
    }

    /// The least distance between the anchors of `a` and `b`, side by
    /// side (`a` on the left).
    fn distance(&self, a: u32, b: u32) -> f64 {
        self.extents[a as usize].right + self.extents[b as usize].left + self.gap
    }

    fn next_left(&self, v: u32) -> u32 {
        self.kids(v)
            .first()
            .copied()
            .unwrap_or(self.thread[v as usize])
    }

    fn next_right(&self, v: u32) -> u32 {
        self.kids(v)
            .last()
            .copied()
            .unwrap_or(self.thread[v as usize])
    }

    /// Preliminary places, bottom up: each node is finished once all its
    /// children are, and then fitted against its left siblings.
    fn first_walk(&mut self) {
        let mut default_ancestor = vec![NONE; self.parent.len()];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&child) = self.kids(v).get(*next) {
                *next += 1;
                if default_ancestor[v as usize] == NONE {
                    default_ancestor[v as usize] = child;
                }
                stack.push((child, 0));
                continue;
            }
            stack.pop();
            self.finish(v);
            let p = self.parent[v as usize];
            if p != NONE {
                default_ancestor[p as usize] = self.apportion(v, default_ancestor[p as usize]);
            }
        }
    }

    /// Places `v` once its children are placed: a leaf beside its left
    /// sibling, a parent centred over its children.
    fn finish(&mut self, v: u32) {
        let vi = v as usize;
        let beside = self
            .left_sibling(v)
            .map(|w| self.prelim[w as usize] + self.distance(w, v));
        let kids = self.kids(v);
        if kids.is_empty() {
            self.prelim[vi] = beside.unwrap_or(0.0);
            return;
        }
        let (first, last) = (kids[0], kids[kids.len() - 1]);
        self.execute_shifts(v);
        let midpoint = (self.prelim[first as usize] + self.prelim[last as usize]) / 2.0;
        match beside {
            Some(place) => {
                self.prelim[vi] = place;
                self.modifier[vi] = place - midpoint;
            }
            None => self.prelim[vi] = midpoint,
        }
    }

    /// Pushes `v`'s subtree right until it clears the subtrees of its left
    /// siblings at every level, threading the contours for later.
    fn apportion(&mut self, v: u32, default_ancestor: u32) -> u32 {
        let Some(w) = self.left_sibling(v) else {
            return default_ancestor;
        };
        let mut default_ancestor = default_ancestor;
        let (mut vip, mut vop, mut vim, mut vom) = (v, v, w, self.leftmost_sibling(v));
        let m = |walk: &Walk, node: u32| walk.modifier[node as usize];
        let (mut sip, mut sop, mut sim, mut som) =
            (m(self, vip), m(self, vop), m(self, vim), m(self, vom));
        while self.next_right(vim) != NONE && self.next_left(vip) != NONE {
            vim = self.next_right(vim);
            vip = self.next_left(vip);
            vom = self.next_left(vom);
            vop = self.next_right(vop);
            self.ancestor[vop as usize] = v;
            let shift = (self.prelim[vim as usize] + sim) - (self.prelim[vip as usize] + sip)
                + self.distance(vim, vip);
            if shift > 0.0 {
                let from = self.ancestor_of(vim, v, default_ancestor);
                self.move_subtree(from, v, shift);
                sip += shift;
                sop += shift;
            }
            sim += m(self, vim);
            sip += m(self, vip);
            som += m(self, vom);
            sop += m(self, vop);
        }
        if self.next_right(vim) != NONE && self.next_right(vop) == NONE {
            self.thread[vop as usize] = self.next_right(vim);
            self.modifier[vop as usize] += sim - sop;
        }
        if self.next_left(vip) != NONE && self.next_left(vom) == NONE {
            self.thread[vom as usize] = self.next_left(vip);
            self.modifier[vom as usize] += sip - som;
            default_ancestor = v;
        }
        default_ancestor
    }

    /// The sibling of `v` whose subtree holds `vim`, if the record says so,
    /// else `default_ancestor`.
    fn ancestor_of(&self, vim: u32, v: u32, default_ancestor: u32) -> u32 {
        let a = self.ancestor[vim as usize];
        if self.parent[a as usize] == self.parent[v as usize] {
            a
        } else {
            default_ancestor
        }
    }

    /// Moves the subtree of `right` by `shift`, and notes that the
    /// siblings between `left` and `right` share that move evenly.
    fn move_subtree(&mut self, left: u32, right: u32, shift: f64) {
        let (l, r) = (left as usize, right as usize);
        let between = f64::from(self.number[r] - self.number[l]);
        self.change[r] -= shift / between;
        self.shift[r] += shift;
        self.change[l] += shift / between;
        self.prelim[r] += shift;
        self.modifier[r] += shift;
    }

    /// Applies the shares of the moves noted among `v`'s children.
    fn execute_shifts(&mut self, v: u32) {
        let (mut shift, mut change) = (0.0, 0.0);
        let (start, end) = (self.first[v as usize], self.first[v as usize + 1]);
        for index in (start..end).rev() {
            let w = self.children[index] as usize;
            self.prelim[w] += shift;
            self.modifier[w] += shift;
            change += self.change[w];
            shift += self.shift[w] + change;
        }
    }

    /// Final centres, top down: each node's preliminary place plus the
    /// modifiers of its ancestors.
    fn second_walk(&self) -> Vec<f64> {
        let mut x = vec![0.0; self.parent.len()];
        let mut stack = vec![(0u32, 0.0f64)];
        while let Some((v, m)) = stack.pop() {
            x[v as usize] = self.prelim[v as usize] + m;
            let below = m + self.modifier[v as usize];
            stack.extend(self.kids(v).iter().map(|&c| (c, below)));
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SPACING: Spacing = Spacing {
        sibling_gap: 4.0,
        level_gap: 10.0,
    };

    fn boxes(widths: &[f64]) -> Vec<Size> {
        widths
            .iter()
            .map(|&width| Size {
                width,
                height: 10.0,
            })
            .collect()
    }

    /// A tree from the number of children of each node in preorder.
    fn from_counts(counts: &[usize]) -> Vec<Option<usize>> {
        let mut parent = vec![None];
        let mut open: Vec<(usize, usize)> = vec![(0, counts[0])];
        let mut next = 1;
        while let Some(&mut (node, ref mut left)) = open.last_mut() {
            if *left == 0 {
                open.pop();
                continue;
            }
            *left -= 1;
            parent.push(Some(node));
            open.push((next, counts.get(next).copied().unwrap_or(0)));
            next += 1;
        }
        parent
    }

    fn children_of(parent: &[Option<usize>], node: usize) -> Vec<usize> {
        (0..parent.len())
            .filter(|&c| parent[c] == Some(node))
            .collect()
    }

    /// Every parent centred over its first and last child.
    fn assert_centred(parent: &[Option<usize>], layout: &Layout) {
        for node in 0..parent.len() {
            let kids = children_of(parent, node);
            if let (Some(&a), Some(&b)) = (kids.first(), kids.last()) {
                let mid = (layout.x[a] + layout.x[b]) / 2.0;
                assert!(
                    (layout.x[node] - mid).abs() < 1e-6,
                    "node {node} not centred"
                );
            }
        }
    }

    /// On every level, boxes in left-to-right order are at least the gap
    /// apart, and that order is the preorder (children in order).
    fn assert_no_overlap_in_order(parent: &[Option<usize>], sizes: &[Size], layout: &Layout) {
        let mut last: Vec<Option<usize>> = vec![None; layout.level_top.len()];
        for node in 0..parent.len() {
            let level = layout.level[node];
            if let Some(prev) = last[level] {
                let room = (layout.x[node] - sizes[node].width / 2.0)
                    - (layout.x[prev] + sizes[prev].width / 2.0);
                assert!(
                    room >= SPACING.sibling_gap - 1e-6,
                    "nodes {prev} and {node} are {room} apart"
                );
            }
            last[level] = Some(node);
        }
    }

    #[test]
    fn a_parent_is_centred_over_its_children() {
        let parent = from_counts(&[3, 0, 0, 0]);
        let sizes = boxes(&[10.0, 10.0, 20.0, 10.0]);
        let layout = tidy(&parent, &sizes, SPACING);
        assert_eq!(layout.x, vec![24.0, 5.0, 24.0, 43.0]);
        assert_eq!(layout.y, vec![0.0, 20.0, 20.0, 20.0]);
        assert_eq!((layout.width, layout.height), (48.0, 30.0));
    }

    #[test]
    fn small_subtrees_between_large_ones_are_spread_evenly() {
        // The root has three children: a wide subtree, a leaf, a wide
        // subtree; the leaf sits halfway between its neighbours.
        let parent = from_counts(&[3, 3, 0, 0, 0, 0, 3, 0, 0, 0]);
        let sizes = boxes(&[10.0; 10]);
        let layout = tidy(&parent, &sizes, SPACING);
        let (a, b, c) = (layout.x[1], layout.x[5], layout.x[6]);
        assert!((b - a - (c - b)).abs() < 1e-6, "{a} {b} {c}");
        assert_centred(&parent, &layout);
    }

    #[test]
    fn a_long_chain_needs_no_deep_recursion() {
        let n = 200_000;
        let parent: Vec<Option<usize>> = (0..n).map(|i: usize| i.checked_sub(1)).collect();
        let layout = tidy(&parent, &boxes(&vec![8.0; n]), SPACING);
        assert!(layout.x.iter().all(|&x| x == 4.0));
        assert_eq!(layout.level[n - 1], n - 1);
    }

    #[test]
    fn boxes_reaching_further_right_keep_their_room_and_their_gaps() {
        // A root with two children, each a shape 10 wide with text 30 wide
        // on its right: the children's anchors are 10 + 30 + 4 + 5 apart.
        let parent = from_counts(&[2, 0, 0]);
        let beside = Extent {
            left: 5.0,
            right: 35.0,
            height: 10.0,
        };
        let layout = tidy_extents(&parent, &[beside; 3], 4.0, &[7.0]);
        assert_eq!(layout.x[2] - layout.x[1], 44.0);
        assert_eq!(layout.x[0], (layout.x[1] + layout.x[2]) / 2.0);
        assert_eq!(layout.x[1], 5.0, "the leftmost box touches 0");
        assert_eq!(layout.width, layout.x[2] + 35.0);
        assert_eq!(layout.level_top, vec![0.0, 17.0]);
        assert_eq!(layout.height, 27.0);
    }

    #[test]
    fn an_empty_tree_has_an_empty_layout() {
        assert_eq!(tidy(&[], &[], SPACING).width, 0.0);
    }

    /// Random trees: a number of children for each node in preorder, and a
    /// width for each node.
    fn random_tree() -> impl Strategy<Value = (Vec<Option<usize>>, Vec<Size>)> {
        (
            proptest::collection::vec(prop_oneof![3 => Just(0usize), 2 => 1usize..5], 1..120),
            proptest::collection::vec(1.0f64..40.0, 200),
        )
            .prop_map(|(counts, widths)| {
                let parent = from_counts(&counts);
                let sizes = boxes(&widths[..parent.len().min(200)]);
                let parent = parent[..sizes.len()].to_vec();
                (parent, sizes)
            })
    }

    proptest! {
        #[test]
        fn random_trees_are_tidy((parent, sizes) in random_tree()) {
            let layout = tidy(&parent, &sizes, SPACING);
            assert_centred(&parent, &layout);
            assert_no_overlap_in_order(&parent, &sizes, &layout);
            let left = (0..parent.len())
                .map(|i| layout.x[i] - sizes[i].width / 2.0)
                .fold(f64::INFINITY, f64::min);
            prop_assert!(left.abs() < 1e-6);
            for (node, size) in sizes.iter().enumerate() {
                prop_assert!(layout.x[node] + size.width / 2.0 <= layout.width + 1e-6);
                prop_assert_eq!(layout.y[node], layout.level_top[layout.level[node]]);
            }
        }
    }
}
