//! The rules on small sources written to break them: each breaking text
//! must be caught, and a clean one beside it must pass, so that a rule
//! that stops seeing what it checks fails here first.

use crate::rules::{self, Layers};
use crate::source::Source;

const TABLE: &str = "
Some text before.

| layer | modules | what it holds |
| --- | --- | --- |
| 0 | `value`, `text` | values |
| 1 | `tree` | the tree, beside `grammar/tree.pest` |
| 2 | `trace` | events |
| 3 | `search` | algorithms |
| bin | `src/main.rs`, `src/cli/` | the binary |

Text after.
";

fn layers() -> Layers {
    Layers::from_markdown(TABLE).unwrap()
}

fn files(texts: &[(&str, &str)]) -> Vec<Source> {
    texts
        .iter()
        .map(|(path, text)| Source::new(path, text))
        .collect()
}

fn violations(texts: &[(&str, &str)]) -> Vec<String> {
    rules::layer_violations(&files(texts), &layers())
}

#[test]
fn the_layer_table_is_read_from_markdown() {
    let layers = layers();
    assert_eq!(layers.of("value"), Some(0));
    assert_eq!(layers.of("text"), Some(0));
    assert_eq!(layers.of("search"), Some(3));
    assert_eq!(layers.of("grammar"), None, "a path is no module");
    assert_eq!(layers.modules().count(), 5, "the bin row holds no module");
    assert!(Layers::from_markdown("no table here").is_err());
    let twice = TABLE.replace("| 2 | `trace` |", "| 2 | `trace`, `value` |");
    assert!(Layers::from_markdown(&twice).is_err());
}

#[test]
fn the_table_and_the_modules_of_the_library_must_agree() {
    let lib = Source::new(
        "src/lib.rs",
        "pub mod value;\npub mod text;\npub mod tree;\npub mod trace;\npub mod search;\n",
    );
    assert!(rules::unlisted_modules(&lib, &layers()).is_empty());
    let more = Source::new(
        "src/lib.rs",
        "pub mod value;\npub mod text;\npub mod tree;\npub mod trace;\npub mod search;\npub mod cleanup;\n",
    );
    assert_eq!(
        rules::unlisted_modules(&more, &layers()),
        ["`cleanup` has no layer"]
    );
    let fewer = Source::new(
        "src/lib.rs",
        "pub mod value;\npub mod text;\npub mod tree;\n",
    );
    assert_eq!(rules::unlisted_modules(&fewer, &layers()).len(), 2);
}

#[test]
fn a_use_group_reaching_up_breaks_the_layers() {
    let broken = "use crate::{value::Value, search::{self, Options}};\n";
    assert_eq!(
        violations(&[("src/tree.rs", broken)]),
        ["src/tree.rs:1: tree (layer 1) uses search (layer 3)"]
    );
    let nested = "use crate::{\n    text::quoted,\n    value::{Kind, trace::Event},\n    trace::{self},\n};\n";
    assert_eq!(
        violations(&[("src/tree.rs", nested)]),
        ["src/tree.rs:4: tree (layer 1) uses trace (layer 2)"]
    );
    let clean = "use crate::{text::quoted, value::{Kind, Value}};\nuse std::fmt;\n";
    assert!(violations(&[("src/tree.rs", clean)]).is_empty());
}

#[test]
fn a_super_path_reaching_up_breaks_the_layers() {
    let broken = "use super::super::search::Options;\nuse super::Event;\n";
    assert_eq!(
        violations(&[("src/trace/schedule.rs", broken)]),
        ["src/trace/schedule.rs:1: trace (layer 2) uses search (layer 3)"]
    );
    let in_code = "fn f() -> usize {\n    super::search::depth()\n}\n";
    assert_eq!(
        violations(&[("src/tree.rs", in_code)]),
        ["src/tree.rs:2: tree (layer 1) uses search (layer 3)"]
    );
    let clean = "use super::Event;\nfn f(e: super::Event) -> super::super::value::Value {}\n";
    assert!(violations(&[("src/trace/schedule.rs", clean)]).is_empty());
}

#[test]
fn a_crate_path_anywhere_in_code_counts() {
    let broken = "fn f() {\n    let x = 1;\n    crate::search::search(x);\n}\n";
    assert_eq!(
        violations(&[("src/tree.rs", broken)]),
        ["src/tree.rs:3: tree (layer 1) uses search (layer 3)"]
    );
    let macro_path = "macro_rules! m { () => { $crate::search::X } }\n";
    assert_eq!(violations(&[("src/tree.rs", macro_path)]).len(), 1);
    let unknown = "use crate::games::Random;\n";
    assert_eq!(
        violations(&[("src/tree.rs", unknown)]),
        ["src/tree.rs:1: tree uses `games`, which has no layer"]
    );
}

#[test]
fn comments_strings_and_visibility_are_no_paths() {
    let clean = "// crate::search::X\n/* crate::search /* nested */ crate::search */\n\
        /// [`crate::search`]\npub(crate) const S: &str = \"crate::search::X\";\n\
        const R: &str = r#\"super::search \"quoted\" \"#;\npub(super) fn f<'a>(c: char) -> bool { c == '\"' }\n";
    assert!(violations(&[("src/tree.rs", clean)]).is_empty());
}

#[test]
fn test_code_is_ignored_and_code_beside_it_is_not() {
    let tests_only = "use crate::value::Value;\n\n#[cfg(test)]\nmod tests {\n    use crate::search::Options;\n    \
        fn f() { crate::search::g() }\n}\n#[cfg(test)]\nfn helper() -> crate::search::Options {}\n";
    assert!(violations(&[("src/tree.rs", tests_only)]).is_empty());
    let beside = format!("{tests_only}\nuse crate::search::Algorithm;\n");
    assert_eq!(
        violations(&[("src/tree.rs", &beside)]),
        ["src/tree.rs:11: tree (layer 1) uses search (layer 3)"]
    );
    let child = [
        ("src/tree.rs", "#[cfg(test)]\nmod tests;\nmod walk;\n"),
        ("src/tree/tests.rs", "use crate::search::Options;\n"),
        ("src/tree/walk.rs", "use crate::value::Value;\n"),
    ];
    assert!(violations(&child).is_empty());
    let inner = [(
        "src/tree/walk.rs",
        "#![cfg(test)]\nuse crate::search::Options;\n",
    )];
    assert!(violations(&inner).is_empty());
}

#[test]
fn the_binary_is_not_the_library() {
    let cli =
        "use gametree::search::Options;\nuse crate::cli::args;\nconst H: &str = \"--algo\";\n";
    let files = files(&[("src/cli/solve.rs", cli), ("src/main.rs", cli)]);
    assert!(rules::layer_violations(&files, &layers()).is_empty());
    assert!(rules::flags_named(&files).is_empty());
}

#[test]
fn a_flag_on_any_line_of_a_string_is_found() {
    let broken = "const HELP: &str = \"the first line, \\\n    then --algo minimax\";\n";
    let found = rules::flags_named(&files(&[("src/tree.rs", broken)]));
    assert_eq!(found, ["src/tree.rs:2: --algo"]);
    let raw = "const HELP: &str = r#\"one\n\"two\"\nthree --max-nodes\"#;\n";
    let found = rules::flags_named(&files(&[("src/tree.rs", raw)]));
    assert_eq!(found, ["src/tree.rs:3: --max-nodes"]);
    let clean =
        "// --algo\nconst A: &str = \"a -- b --\";\n#[cfg(test)]\nfn t() { f(\"--algo\") }\n";
    assert!(rules::flags_named(&files(&[("src/tree.rs", clean)])).is_empty());
}

#[test]
fn clap_needs_the_cli_feature() {
    let broken = "#[derive(clap::ValueEnum)]\nenum E {}\n";
    assert_eq!(
        rules::clap_outside_cli(&files(&[("src/tree.rs", broken)])),
        ["src/tree.rs:1: clap::"]
    );
    let clean = "#[cfg_attr(feature = \"cli\", derive(clap::ValueEnum))]\nenum E {}\n// clap::x\n";
    assert!(rules::clap_outside_cli(&files(&[("src/tree.rs", clean)])).is_empty());
}

#[test]
fn files_that_use_one_another_are_a_cycle() {
    let cycle = [
        (
            "src/search/mod.rs",
            "mod alphabeta;\nmod star2;\npub struct Options;\n",
        ),
        (
            "src/search/alphabeta.rs",
            "use super::Options;\nuse super::star2::Star2;\n",
        ),
        (
            "src/search/star2.rs",
            "use super::Options;\n\nfn f() { super::alphabeta::run() }\n",
        ),
    ];
    let found = rules::cycles(&files(&cycle));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("src/search/alphabeta.rs:2 uses src/search/star2.rs")
            && found[0].contains("src/search/star2.rs:3 uses src/search/alphabeta.rs"),
        "{}",
        found[0]
    );
    let three = [
        ("src/a.rs", "use crate::b::B;\n"),
        ("src/b.rs", "use crate::c::{self, C};\n"),
        ("src/c.rs", "use crate::a;\n"),
        ("src/d.rs", "use crate::a::A;\n"),
    ];
    let found = rules::cycles(&files(&three));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("src/a.rs, src/b.rs, src/c.rs\n"),
        "{}",
        found[0]
    );
    let clean = [
        (
            "src/search/mod.rs",
            "mod alphabeta;\nmod star2;\npub use alphabeta::run;\n",
        ),
        ("src/search/alphabeta.rs", "use super::star2::Star2;\n"),
        (
            "src/search/star2.rs",
            "use super::Options;\n#[cfg(test)]\nmod tests { use super::super::alphabeta; }\n",
        ),
    ];
    assert!(rules::cycles(&files(&clean)).is_empty());
}

/// A function of `lines` lines, from `fn` to its closing brace.
fn function(lines: usize) -> String {
    let body = "    let x = 1;\n".repeat(lines - 2);
    format!("fn f(a: [u8; 2], g: fn(u8) -> u8) -> Vec<u8> {{\n{body}}}\n")
}

#[test]
fn a_function_over_the_limit_is_long() {
    let text = format!("trait T {{\n    fn declared(&self);\n}}\n{}", function(81));
    let found = rules::long_functions(&files(&[("src/tree.rs", &text)]), 80);
    assert_eq!(found, ["src/tree.rs:4: f has 81 lines"]);
    let clean = format!("trait T {{\n    fn declared(&self);\n}}\n{}", function(80));
    assert!(rules::long_functions(&files(&[("src/tree.rs", &clean)]), 80).is_empty());
}

#[test]
fn a_file_over_the_limit_is_long() {
    let long = "// a line\n".repeat(701);
    let found = rules::long_files(&files(&[("tests/long.rs", &long)]), 700);
    assert_eq!(found, ["tests/long.rs: 701 lines"]);
    let clean = "// a line\n".repeat(700);
    assert!(rules::long_files(&files(&[("tests/long.rs", &clean)]), 700).is_empty());
}
