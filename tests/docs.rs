//! Every command that README.md, ARCHITECTURE.md and docs/*.md show is
//! run, and its output compared with the output shown; links between them
//! lead somewhere.
//!
//! The convention, for whoever writes documentation:
//!
//! - A fenced block whose info string is `console` holds commands and their
//!   output. A line starting with `$ ` is a command; the lines after it, up
//!   to the next command or the end of the block, are its output: what it
//!   prints on standard output, then on standard error. A command shown
//!   without output is run and only its exit code is checked.
//! - A command is a line of bash, run with `-o pipefail` and the built
//!   `gametree` first on `PATH`, in a folder of its own per page that holds
//!   `trees/` and `tests/` (links to the repository's) and an empty `docs/`.
//!   The commands of a page run in order in that folder, so a command may
//!   use a file that an earlier one of the same page wrote.
//! - A command must exit with 0, unless it ends with the comment
//!   `# exit N`. The comment `# needs graphviz` (Graphviz's `dot`) or
//!   `# needs latex` runs it only with the cargo feature `test-graphviz` or
//!   `test-latex`; both may be combined: `# exit 2, needs graphviz`.
//! - Output is compared line by line with trailing blanks removed, and
//!   trailing blank lines ignored. An output line that is exactly `...`
//!   stands for any number of lines (none included).
//! - Blocks of any other kind (`text`, `sh`, ...) are not run here: use
//!   them for output that differs from run to run or machine to machine,
//!   and for commands that change the user's machine (installing). `rust`
//!   blocks are compiled and run as doctests (`src/lib.rs`, `mod manual`).

#![cfg(all(unix, feature = "cli"))]

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// What a command needs besides the Rust toolchain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
    Graphviz,
    Latex,
}

/// One command of a page and what it must give.
#[derive(Debug)]
struct Example {
    /// The page and the line of the command, for messages.
    place: String,
    /// The command as a user types it, annotation included.
    command: String,
    /// The exit code it must end with.
    code: i32,
    /// What it needs to run.
    needs: Vec<Need>,
    /// The output shown, one line each; empty when none is shown.
    output: Vec<String>,
}

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, ARCHITECTURE.md and every page of docs/, as paths relative
/// to the root.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_string(), "ARCHITECTURE.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is there")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// Reads `# exit N` and `# needs X` from the end of a command line.
fn annotations(line: &str, place: &str) -> (i32, Vec<Need>) {
    let mut code = 0;
    let mut needs = Vec::new();
    let Some((_, comment)) = line.rsplit_once(" # ") else {
        return (code, needs);
    };
    for part in comment.split(',').map(str::trim) {
        if let Some(n) = part.strip_prefix("exit ") {
            code = n
                .parse()
                .unwrap_or_else(|_| panic!("{place}: bad `{part}`"));
        } else if part == "needs graphviz" {
            needs.push(Need::Graphviz);
        } else if part == "needs latex" {
            needs.push(Need::Latex);
        } else {
            panic!("{place}: unknown annotation `{part}` (exit N, needs graphviz, needs latex)");
        }
    }
    (code, needs)
}

/// The examples of the console blocks of `text`, a page called `page`.
fn examples(page: &str, text: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (number, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        if let Some(info) = fence {
            if in_console || in_other {
                (in_console, in_other) = (false, false);
            } else if info.trim() == "console" {
                in_console = true;
            } else {
                in_other = true;
            }
            continue;
        }
        if !in_console {
            continue;
        }
        let place = format!("{page}:{}", number + 1);
        if let Some(command) = line.strip_prefix("$ ") {
            let (code, needs) = annotations(command, &place);
            examples.push(Example {
                place,
                command: command.to_string(),
                code,
                needs,
                output: Vec::new(),
            });
        } else {
            let example = examples
                .last_mut()
                .unwrap_or_else(|| panic!("{place}: output before any `$ ` command"));
            example.output.push(line.trim_end().to_string());
        }
    }
    for example in &mut examples {
        while example.output.last().is_some_and(String::is_empty) {
            example.output.pop();
        }
    }
    examples
}

/// Whether `actual` matches `expected`, where an expected line `...` stands
/// for any number of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            actual.first() == Some(&first.as_str()) && matches(rest, &actual[1..])
        }
    }
}

/// A fresh folder for the commands of `page`: `trees/` and `tests/` as
/// links to the repository's, and an empty `docs/`.
/// `test` names the test, so that tests running at once never share one.
fn workdir(test: &str, page: &str) -> PathBuf {
    let page = page.replace(['/', '.'], "-");
    let dir = common::scratch(&format!("docs-{test}-{page}"));
    for shared in ["trees", "tests"] {
        std::os::unix::fs::symlink(root().join(shared), dir.join(shared)).unwrap();
    }
    std::fs::create_dir(dir.join("docs")).unwrap();
    dir
}

/// Runs `example` in `dir`; a description of what went wrong, if anything.
fn run(example: &Example, dir: &Path) -> Option<String> {
    let binary = Path::new(env!("CARGO_BIN_EXE_gametree"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let output = Command::new("bash")
        .args(["-o", "pipefail", "-c", &example.command])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .expect("bash runs");
    let mut shown = String::from_utf8_lossy(&output.stdout).into_owned();
    shown.push_str(&String::from_utf8_lossy(&output.stderr));
    let mut actual: Vec<&str> = shown.lines().map(str::trim_end).collect();
    while actual.last().is_some_and(|line| line.is_empty()) {
        actual.pop();
    }
    let code = output.status.code().unwrap_or(-1);
    let wrong_code = code != example.code;
    let wrong_output = !example.output.is_empty() && !matches(&example.output, &actual);
    (wrong_code || wrong_output).then(|| {
        let what = match (wrong_code, wrong_output) {
            (true, true) => "exit code and output differ",
            (true, false) => "exit code differs",
            _ => "output differs",
        };
        format!(
            "{}: $ {}\n{what}: exit code {code}, expected {}\n--- shown\n{}\n--- printed\n{}\n",
            example.place,
            example.command,
            example.code,
            example.output.join("\n"),
            actual.join("\n"),
        )
    })
}

/// Runs, page by page, the examples whose needs are all in `available`,
/// for the test `test`; panics listing every failure. Returns how many
/// ran.
fn run_pages(test: &str, available: &[Need]) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for page in pages() {
        let text = std::fs::read_to_string(root().join(&page)).unwrap();
        let dir = workdir(test, &page);
        for example in examples(&page, &text) {
            if !example.needs.iter().all(|need| available.contains(need)) {
                continue;
            }
            ran += 1;
            failures.extend(run(&example, &dir));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn docs_commands_run_and_print_what_they_show() {
    let ran = run_pages("plain", &[]);
    assert!(ran >= 20, "only {ran} commands found in console blocks");
}

#[test]
#[cfg_attr(
    not(feature = "test-graphviz"),
    ignore = "needs Graphviz's dot: cargo test --features test-graphviz"
)]
fn docs_commands_that_draw_with_graphviz_run() {
    // Every command that Graphviz is enough for, in page order, so that a
    // drawing may use a file that an earlier command wrote.
    let ran = run_pages("graphviz", &[Need::Graphviz]);
    assert!(ran >= 20);
}

#[test]
#[cfg_attr(
    not(feature = "test-latex"),
    ignore = "needs LaTeX: cargo test --features test-latex"
)]
fn docs_commands_that_need_latex_run() {
    let mut available = vec![Need::Latex];
    if cfg!(feature = "test-graphviz") {
        available.push(Need::Graphviz);
    }
    let ran = run_pages("latex", &available);
    assert!(ran >= 20);
}

#[test]
fn console_blocks_are_read_as_commands_outputs_and_annotations() {
    let page = "text\n```console\n$ gametree solve x # exit 2, needs graphviz\nerror: x\n\n\
                $ echo 1\n```\n```sh\n$ not a command\n```\n";
    let found = examples("page.md", page);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].place, "page.md:3");
    assert_eq!(found[0].code, 2);
    assert_eq!(found[0].needs, [Need::Graphviz]);
    assert_eq!(found[0].output, ["error: x"]);
    assert_eq!((found[1].code, found[1].output.len()), (0, 0));
}

#[test]
fn an_ellipsis_line_stands_for_any_number_of_lines() {
    let expected: Vec<String> = ["a", "...", "d"].map(String::from).to_vec();
    assert!(matches(&expected, &["a", "d"]));
    assert!(matches(&expected, &["a", "b", "c", "d"]));
    assert!(!matches(&expected, &["a", "b"]));
    assert!(!matches(&expected, &["b", "d"]));
    assert!(!matches(&expected, &["a", "d", "e"]));
}

/// The lines of `text` outside fenced blocks, numbered from 1.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((number + 1, line));
        }
    }
    lines
}

/// The anchor GitHub gives a heading: lower case, punctuation dropped,
/// spaces turned into hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of the page at `path`.
fn anchors(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    prose(&text)
        .into_iter()
        .filter_map(|(_, line)| line.strip_prefix('#'))
        .map(|heading| anchor(heading.trim_start_matches('#')))
        .collect()
}

/// The targets of the inline links `[text](target)` of `line`.
fn links(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &line[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

#[test]
fn links_between_pages_lead_to_files_and_headings_that_exist() {
    let mut broken = Vec::new();
    for page in pages() {
        let path = root().join(&page);
        let text = std::fs::read_to_string(&path).unwrap();
        for (number, line) in prose(&text) {
            for target in links(line) {
                if target.contains("://") {
                    continue;
                }
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let file = if file.is_empty() {
                    path.clone()
                } else {
                    path.parent().unwrap().join(file)
                };
                if !file.exists() {
                    broken.push(format!("{page}:{number}: {target}: no such file"));
                } else if !fragment.is_empty() && !anchors(&file).contains(&fragment.to_string()) {
                    broken.push(format!("{page}:{number}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(anchor(" What each saved"), "what-each-saved");
    assert_eq!(
        anchor("The answer key: `expect` lines"),
        "the-answer-key-expect-lines"
    );
    assert_eq!(
        anchor("Parallel search, ordering and depth"),
        "parallel-search-ordering-and-depth"
    );
    assert_eq!(links("see [a](b.md#c) and [d](e)"), ["b.md#c", "e"]);
}
