//! Writes any [`GameTree`] as a tree file that reads back as the same tree:
//! the same shape, players, values and static values.
//!
//! The writer streams: it walks the tree depth first with an explicit stack
//! (no recursion over the depth) and writes each node as it meets it, so
//! a tree of millions of nodes needs memory for one path only. Each
//! interior node starts a line, indented by its depth (up to
//! [`MAX_INDENT_LEVELS`]), and its leaves follow on that line; a list closes
//! right after its last child:
//!
//! ```text
//! = 3 [
//!   = 3 [3 -2 1]
//!   = -1 [-1 -4 -7]]
//! ```

use std::io::{self, Write};

use crate::tree::GameTree;
use crate::value::{Kind, Value};

/// Indentation stops growing below this depth, so that a deep, narrow tree
/// does not spend most of its file on blanks.
pub const MAX_INDENT_LEVELS: usize = 32;

/// How to write a tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Name the nodes `A`, `B`, ... in preorder (`AA`, `AB`, ... after `Z`).
    pub names: bool,
    /// Write interior nodes' static values (`= v`) when the tree has them.
    pub statics: bool,
    /// Spaces of indentation per level.
    pub indent: usize,
    /// Write the tree's leaf bounds, when it has them, as a `bounds L U`
    /// line before the tree (not when the leaves are given new values).
    pub bounds: bool,
}

/// What was written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteSummary {
    /// Nodes written.
    pub nodes: u64,
    /// Leaves written.
    pub leaves: u64,
}

/// An interior node whose children are being written.
struct Frame<I: Iterator> {
    children: std::iter::Peekable<I>,
    kind: Kind,
    depth: usize,
}

/// Writes `tree` to `out` as a tree file, each leaf's value passed through
/// `leaf_value` with the leaf's preorder index among leaves (the identity
/// keeps the tree's own values).
pub fn write_tree<T: GameTree>(
    tree: &T,
    options: &WriteOptions,
    mut leaf_value: impl FnMut(u64, Option<Value>) -> Option<Value>,
    out: &mut impl Write,
) -> io::Result<WriteSummary> {
    let mut summary = WriteSummary::default();
    if let Some(bounds) = tree.leaf_bounds().filter(|_| options.bounds) {
        writeln!(out, "bounds {} {}", bounds.low.exact(), bounds.high.exact())?;
    }
    let mut names = Names::default();
    let mut stack: Vec<Frame<T::Children<'_>>> = Vec::new();
    let mut next = Some((tree.root(), Kind::Max, 0usize));
    // Whether the last thing written opened a list (no blank needed).
    let mut after_open = true;
    loop {
        if let Some((node, default_kind, depth)) = next.take() {
            summary.nodes += 1;
            let name = options.names.then(|| names.next_name());
            let mut children = tree.children(node).peekable();
            if children.peek().is_none() {
                let value = leaf_value(summary.leaves, tree.value(node));
                summary.leaves += 1;
                write_leaf(out, name.as_deref(), value, after_open)?;
                after_open = false;
            } else {
                let kind = tree.kind(node);
                if depth > 0 {
                    out.write_all(b"\n")?;
                    indent(out, options.indent * depth.min(MAX_INDENT_LEVELS))?;
                }
                let stated = (kind != default_kind).then_some(kind);
                let static_value = tree.static_value(node).filter(|_| options.statics);
                write_header(out, name.as_deref(), stated, static_value)?;
                after_open = true;
                stack.push(Frame {
                    children,
                    kind,
                    depth,
                });
            }
        }
        let Some(top) = stack.last_mut() else {
            break;
        };
        match top.children.next() {
            Some(child) => next = Some((child, top.kind.opponent(), top.depth + 1)),
            None => {
                out.write_all(b"]")?;
                after_open = false;
                stack.pop();
            }
        }
    }
    out.write_all(b"\n")?;
    Ok(summary)
}

fn indent(out: &mut impl Write, width: usize) -> io::Result<()> {
    const BLANKS: [u8; 64] = [b' '; 64];
    let mut left = width;
    while left > 0 {
        let n = left.min(BLANKS.len());
        out.write_all(&BLANKS[..n])?;
        left -= n;
    }
    Ok(())
}

fn write_leaf(
    out: &mut impl Write,
    name: Option<&str>,
    value: Option<Value>,
    after_open: bool,
) -> io::Result<()> {
    if !after_open {
        out.write_all(b" ")?;
    }
    if let Some(name) = name {
        write!(out, "{name} = ")?;
    }
    match value {
        Some(v) => write_value(out, v),
        None => out.write_all(b"?"),
    }
}

/// Writes a value as `Display` does, integers without the formatting
/// machinery: most leaves are small integers, and files have millions.
fn write_value(out: &mut impl Write, value: Value) -> io::Result<()> {
    if !value.is_integer() {
        return write!(out, "{}", value.exact());
    }
    let mut digits = [0u8; 24];
    let mut at = digits.len();
    let mut n = value.numerator().unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if value.numerator() < 0 {
        at -= 1;
        digits[at] = b'-';
    }
    out.write_all(&digits[at..])
}

/// `name kind = static [`, each part only when there is one.
fn write_header(
    out: &mut impl Write,
    name: Option<&str>,
    kind: Option<Kind>,
    static_value: Option<Value>,
) -> io::Result<()> {
    if let Some(name) = name {
        write!(out, "{name} ")?;
    }
    match kind {
        Some(Kind::Max) => out.write_all(b"max ")?,
        Some(Kind::Min) => out.write_all(b"min ")?,
        Some(Kind::Chance) => out.write_all(b"chance ")?,
        None => {}
    }
    if let Some(v) = static_value {
        write!(out, "= {} ", v.exact())?;
    }
    out.write_all(b"[")
}

/// Names in preorder: `A` to `Z`, then `AA`, `AB`, ..., skipping `MAX` and
/// `MIN`, which the language reads as players.
#[derive(Debug, Default)]
pub struct Names {
    count: u64,
}

impl Names {
    /// The next name.
    pub fn next_name(&mut self) -> String {
        loop {
            let name = spreadsheet_name(self.count);
            self.count += 1;
            if name != "MAX" && name != "MIN" {
                return name;
            }
        }
    }
}

/// `0 -> A`, `25 -> Z`, `26 -> AA`, as spreadsheet columns are named.
fn spreadsheet_name(index: u64) -> String {
    let mut letters = Vec::new();
    let mut n = index + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Billes, BillesSpec, RandomSpec, RandomTree};

    fn written<T: GameTree>(tree: &T, options: WriteOptions) -> String {
        let mut out = Vec::new();
        write_tree(tree, &options, |_, v| v, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn values_are_written_as_displayed() {
        for x in [
            0.0,
            7.0,
            -12.0,
            9_007_199_254_740_992.0,
            -2.5,
            0.25,
            f64::INFINITY,
        ] {
            let v = Value::new(x).unwrap();
            let mut out = Vec::new();
            write_value(&mut out, v).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), v.to_string());
        }
        let mut out = Vec::new();
        write_value(&mut out, Value::NEG_INF).unwrap();
        assert_eq!(out, b"-inf");
    }

    #[test]
    fn names_go_on_after_z_and_skip_the_players() {
        let mut names = Names::default();
        let all: Vec<String> = (0..20_000).map(|_| names.next_name()).collect();
        assert_eq!(&all[..3], ["A", "B", "C"]);
        assert_eq!(all[25], "Z");
        assert_eq!(all[26], "AA");
        assert_eq!(all[27], "AB");
        assert!(!all.iter().any(|n| n == "MAX" || n == "MIN"));
        assert_eq!(spreadsheet_name(26 * 26 + 25), "ZZ");
        assert_eq!(spreadsheet_name(26 * 26 + 26), "AAA");
    }

    #[test]
    fn writes_the_layout_of_the_module_documentation() {
        let game = Billes::new(BillesSpec { n: 3, k: 2 });
        let options = WriteOptions {
            indent: 2,
            ..WriteOptions::default()
        };
        assert_eq!(written(&game, options), "[\n  [\n    [1] -1]\n  [-1]]\n");
        let named = WriteOptions {
            names: true,
            ..options
        };
        assert_eq!(
            written(&game, named),
            "A [\n  B [\n    C [D = 1] E = -1]\n  F [G = -1]]\n"
        );
    }

    #[test]
    fn static_values_are_written_when_asked() {
        let tree = RandomTree::new(RandomSpec::new(2, 2, 3).noise(0.5));
        let with = written(
            &tree,
            WriteOptions {
                statics: true,
                ..WriteOptions::default()
            },
        );
        let without = written(&tree, WriteOptions::default());
        assert_eq!(with.matches('=').count(), 3);
        assert!(!without.contains('='));
    }
}
