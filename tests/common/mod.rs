//! What several test files share: random trees written as text, the plain
//! minimax oracle every search is checked against, and the one way to run
//! the built binary ([`gametree`]).

// Each test binary uses some of these helpers, one of them all: `allow`, not
// `expect`, which fails where every helper is used (and where every
// re-export is).
#![allow(dead_code, unused_imports)]

use gametree::search::{Algorithm, Options, SearchError, SearchResult, search};
use gametree::trace::NoRecorder;
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::value::{Kind, Value};
use proptest::prelude::*;

mod binary;
pub(crate) mod dot_text;
pub(crate) mod drawing;
mod refusal;
pub(crate) mod simulation;
pub(crate) mod threads;

pub(crate) use binary::{Outcome, gametree};
pub(crate) use refusal::{ALGORITHMS, assert_refused, chain, solve_stdin};

/// The command line of a web page of three practice exercises (random
/// trees of branching 2 and depth 3, seeds 5 to 7).
pub(crate) const PRACTICE_SET: [&str; 8] = [
    "gen",
    "--exercise",
    "--game",
    "random:branching=2,depth=3,seed=5",
    "--count",
    "3",
    "--format",
    "html",
];

/// A tree as the tests build it before writing it as text.
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    Leaf(i32),
    /// An interior node: its kind if it states one, its static value if it
    /// has one, its children.
    Node(Option<Kind>, Option<i32>, Vec<Shape>),
}

impl Shape {
    /// The tree in the tree language.
    pub(crate) fn text(&self) -> String {
        match self {
            Shape::Leaf(v) => v.to_string(),
            Shape::Node(kind, value, children) => {
                let kind = match kind {
                    Some(Kind::Max) => "max ",
                    Some(Kind::Min) => "min ",
                    Some(Kind::Chance) => "chance ",
                    None => "",
                };
                let value = value.map(|v| format!("= {v} ")).unwrap_or_default();
                let inner: Vec<String> = children.iter().map(Shape::text).collect();
                format!("{kind}{value}[{}]", inner.join(" "))
            }
        }
    }
}

/// Random trees with small values (many ties) and, now and then, a node
/// that states its kind so that kinds do not always alternate. Interior
/// nodes have static values when `statics` is true.
pub(crate) fn shapes_with(statics: bool) -> BoxedStrategy<Shape> {
    match statics {
        true => shapes_where((-4i32..5).prop_map(Some)),
        false => shapes_where((-4i32..5).prop_map(|_| None)),
    }
}

/// Random trees as [`shapes_with`] makes them, in which about two interior
/// nodes in three have a static value.
pub(crate) fn shapes_with_some_statics() -> BoxedStrategy<Shape> {
    shapes_where(prop::option::weighted(2.0 / 3.0, -4i32..5))
}

/// Random trees as [`shapes_with`] makes them, each interior node's static
/// value drawn from `statics`.
fn shapes_where<S>(statics: S) -> BoxedStrategy<Shape>
where
    S: Strategy<Value = Option<i32>> + Clone + 'static,
{
    let leaf = (-4i32..5).prop_map(Shape::Leaf);
    leaf.prop_recursive(5, 120, 5, move |inner| {
        (
            prop_oneof![
                6 => Just(None),
                1 => Just(Some(Kind::Max)),
                1 => Just(Some(Kind::Min)),
            ],
            statics.clone(),
            prop::collection::vec(inner, 1..5),
        )
            .prop_map(|(kind, value, children)| Shape::Node(kind, value, children))
    })
    .boxed()
}

/// Random trees without static values.
pub(crate) fn shapes() -> impl Strategy<Value = Shape> {
    shapes_with(false)
}

/// `algorithm` on `tree` with the default options, recording nothing.
pub(crate) fn solve(
    tree: &Tree,
    algorithm: Algorithm,
) -> Result<SearchResult<NodeId>, SearchError> {
    search(tree, algorithm, Options::default(), &mut NoRecorder)
}

/// Sequential alpha-beta's root score on any tree, with the default
/// options.
pub(crate) fn alphabeta_score<T>(tree: &T) -> gametree::value::Scored
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    search(
        tree,
        Algorithm::AlphaBeta,
        Options::default(),
        &mut NoRecorder,
    )
    .unwrap()
    .score
}

/// The oracle: minimax as plainly as it can be written.
pub(crate) fn oracle(tree: &Tree, node: NodeId) -> Value {
    oracle_to_depth(tree, node, usize::MAX)
}

/// Minimax that takes the static value of interior nodes `depth` plies
/// below `node`.
pub(crate) fn oracle_to_depth(tree: &Tree, node: NodeId, depth: usize) -> Value {
    if tree.children(node).next().is_none() {
        return tree.value(node).unwrap();
    }
    if depth == 0 {
        return tree.static_value(node).unwrap();
    }
    let values = tree
        .children(node)
        .map(|c| oracle_to_depth(tree, c, depth - 1));
    match tree.kind(node) {
        Kind::Max => values.max().unwrap(),
        Kind::Min => values.min().unwrap(),
        Kind::Chance => {
            let mean = tree.children(node).fold(Fraction::ZERO, |sum, c| {
                let p = Fraction::of(tree.probability(node, c));
                sum.add(p.mul(Fraction::of(oracle_to_depth(tree, c, depth - 1))))
            });
            mean.value()
        }
    }
}

/// A fraction of 128-bit integers for the oracle's chance nodes, written
/// here rather than taken from the library, whose arithmetic it checks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fraction {
    num: i128,
    den: i128,
}

impl Fraction {
    pub(crate) const ZERO: Fraction = Fraction { num: 0, den: 1 };

    /// The fraction a finite value is.
    pub(crate) fn of(value: Value) -> Fraction {
        assert!(
            !value.is_infinite(),
            "the oracle's chance nodes take finite values"
        );
        Fraction {
            num: value.numerator().into(),
            den: value.denominator().into(),
        }
    }

    fn reduced(num: i128, den: i128) -> Fraction {
        let (mut a, mut b) = (num.abs(), den.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1) * den.signum();
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    pub(crate) fn add(self, other: Fraction) -> Fraction {
        Fraction::reduced(
            self.num * other.den + other.num * self.den,
            self.den * other.den,
        )
    }

    pub(crate) fn mul(self, other: Fraction) -> Fraction {
        Fraction::reduced(self.num * other.num, self.den * other.den)
    }

    /// The value this fraction is.
    pub(crate) fn value(self) -> Value {
        Value::ratio(self.num, self.den).expect("the oracle's fractions fit a value")
    }
}

/// The four combinations of `--strict` and `--fail-hard`.
pub(crate) fn all_options() -> [Options; 4] {
    [(false, false), (true, false), (false, true), (true, true)].map(|(strict, fail_hard)| {
        Options {
            strict,
            fail_hard,
            ..Options::default()
        }
    })
}

/// The options of [`all_options`] that `algorithm` takes: MTD(f), fail-soft
/// by definition, refuses fail-hard.
pub(crate) fn options_for(algorithm: gametree::search::Algorithm) -> Vec<Options> {
    all_options()
        .into_iter()
        .filter(|options| algorithm.accepts(options).is_ok())
        .collect()
}

/// A small deterministic generator (SplitMix64), for trees bigger than
/// proptest's shapes.
pub(crate) struct Mix(pub u64);

impl Mix {
    /// The next number.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A uniform tree of branching `b` and depth `d` whose leaves take values
/// in `0..spread` (small spreads give many ties), children in random order,
/// interior nodes carrying their true minimax value as static value.
pub(crate) fn uniform(b: usize, d: usize, spread: u64, seed: u64) -> Shape {
    fn build(b: usize, d: usize, max: bool, spread: u64, mix: &mut Mix) -> (Shape, i32) {
        if d == 0 {
            let v = mix.below(spread) as i32;
            return (Shape::Leaf(v), v);
        }
        let children: Vec<(Shape, i32)> =
            (0..b).map(|_| build(b, d - 1, !max, spread, mix)).collect();
        let values = children.iter().map(|(_, v)| *v);
        let value = if max { values.max() } else { values.min() }.unwrap();
        let shapes = children.into_iter().map(|(s, _)| s).collect();
        (Shape::Node(None, Some(value), shapes), value)
    }
    build(b, d, true, spread, &mut Mix(seed)).0
}

/// A uniform tree of branching `b` and depth `d` with distinct leaf values
/// (the `n`-th leaf gets `n * 7919 mod 1000003`, a permutation), children
/// in random order, interior nodes carrying their true minimax value as
/// static value: static ordering is then perfect ordering.
pub(crate) fn shuffled_with_true_statics(b: usize, d: usize, seed: u64) -> Shape {
    fn build(b: usize, d: usize, max: bool, counter: &mut i64, mix: &mut Mix) -> (Shape, i64) {
        if d == 0 {
            *counter += 1;
            let v = *counter * 7919 % 1_000_003;
            return (Shape::Leaf(v as i32), v);
        }
        let mut children: Vec<(Shape, i64)> = (0..b)
            .map(|_| build(b, d - 1, !max, counter, mix))
            .collect();
        for i in (1..children.len()).rev() {
            children.swap(i, mix.below(i as u64 + 1) as usize);
        }
        let values = children.iter().map(|(_, v)| *v);
        let value = if max { values.max() } else { values.min() }.unwrap();
        let shapes = children.into_iter().map(|(s, _)| s).collect();
        (Shape::Node(None, Some(value as i32), shapes), value)
    }
    build(b, d, true, &mut 0, &mut Mix(seed)).0
}

/// The example trees, `trees/*.tree`, sorted.
pub(crate) fn example_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir("trees")
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .filter(|p| p.ends_with(".tree"))
        .collect();
    files.sort();
    files
}

/// A fresh, empty folder for one test's files (named after the test file
/// and the test, so that tests running at once never share one).
pub(crate) fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gametree-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `bytes` as the file `name` in the folder `folder` of the target
/// directory (made if need be); returns its path.
pub(crate) fn written(
    folder: &str,
    name: impl AsRef<std::path::Path>,
    bytes: impl AsRef<[u8]>,
) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(folder);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().expect("a UTF-8 path").to_string()
}

/// The names in a folder, sorted: what a command left there.
pub(crate) fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A CSV text as rows of cells, each cell unquoted (`"a,b"` is `a,b`,
/// `""` inside quotes one `"`); the header is the first row.
pub(crate) fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines().map(csv_cells).collect()
}

fn csv_cells(line: &str) -> Vec<String> {
    let (mut cells, mut cell, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => cells.push(std::mem::take(&mut cell)),
            (c, _) => cell.push(c),
        }
    }
    cells.push(cell);
    cells
}

/// The cell of `row` under the header `column` of `rows`.
pub(crate) fn csv_cell<'r>(rows: &'r [Vec<String>], row: usize, column: &str) -> &'r str {
    let at = rows[0].iter().position(|h| h == column);
    let at = at.unwrap_or_else(|| panic!("no column {column} in {:?}", rows[0]));
    &rows[row][at]
}

/// Whether two traces are the same event by event: each event's kind,
/// node, window and values. Both forms of a search (min/max and negamax)
/// report in MAX's terms, so where they agree the negamax form has negated
/// every value of a MIN node's own. Otherwise the first difference, each
/// event written as `trace` writes it, with its index.
pub(crate) fn same_events(
    tree: &Tree,
    minmax: &gametree::trace::Trace<NodeId>,
    negamax: &gametree::trace::Trace<NodeId>,
) -> Result<(), String> {
    let describe = |e: Option<&gametree::trace::Event<NodeId>>| match e {
        Some(event) => format!("{event:?} ({:?})", event.line(tree, false)),
        None => "nothing".to_string(),
    };
    let length = minmax.events.len().max(negamax.events.len());
    match (0..length).find(|&i| minmax.events.get(i) != negamax.events.get(i)) {
        None => Ok(()),
        Some(i) => Err(format!(
            "event {i}: min/max form {}, negamax form {}",
            describe(minmax.events.get(i)),
            describe(negamax.events.get(i))
        )),
    }
}

/// Whether minimax and negamax, and alpha-beta and negamax alpha-beta,
/// trace `tree` alike under `options`, event by event (see
/// [`same_events`]): the first difference otherwise, named by the negamax
/// form.
pub(crate) fn forms_trace_alike(tree: &Tree, options: Options) -> Result<(), String> {
    let traced = |algorithm| {
        let mut trace = gametree::trace::Trace::new();
        search(tree, algorithm, options, &mut trace).unwrap();
        trace
    };
    for (minmax, negamax) in [
        (Algorithm::Minimax, Algorithm::Negamax),
        (Algorithm::AlphaBeta, Algorithm::NegamaxAlphaBeta),
    ] {
        same_events(tree, &traced(minmax), &traced(negamax))
            .map_err(|e| format!("{negamax} {options:?}: {e}"))?;
    }
    Ok(())
}

/// The texts of one list of `tests/data/hostile-page-names.json`
/// (`accepted`, `maybe_refused` or `labels_only`).
pub(crate) fn hostile_page_texts(list: &str) -> Vec<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile-page-names.json");
    let corpus: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    corpus[list]
        .as_array()
        .unwrap_or_else(|| panic!("no list {list} in the corpus"))
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

/// Runs pdflatex on `file` in `dir` and asserts that it compiles to a PDF
/// (its log shown otherwise).
pub(crate) fn pdflatex(dir: &std::path::Path, file: &str) {
    let output = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", file])
        .current_dir(dir)
        .output()
        .expect("pdflatex is installed");
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{file}: {log}");
    let pdf = std::fs::read(dir.join(file).with_extension("pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"), "{file}");
}
