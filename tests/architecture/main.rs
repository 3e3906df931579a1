//! The repository's shape, checked on its source: library modules use only
//! the layers below them, as the layer table of ARCHITECTURE.md gives
//! them (read from that file, so the two cannot drift); no library string
//! names a command-line flag; no clap outside the `cli` feature; no cycle
//! between the files of `src/`; no function over 80 lines; no file over
//! 700 lines. `broken.rs` runs each rule on texts written to break it.

mod broken;
mod rules;
mod source;

use std::fs;
use std::path::Path;

use rules::Layers;
use source::Source;

const MAX_FUNCTION_LINES: usize = 80;
const MAX_FILE_LINES: usize = 700;

/// Every `.rs` file under `dir` (a folder of the repository), its path
/// written from the repository's root.
fn sources(dir: &str) -> Vec<Source> {
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(dir).to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).unwrap();
                files.push(Source::new(path.to_str().unwrap(), &text));
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

fn layers() -> Layers {
    let map = fs::read_to_string("ARCHITECTURE.md").unwrap();
    Layers::from_markdown(&map).unwrap_or_else(|e| panic!("ARCHITECTURE.md: {e}"))
}

#[track_caller]
fn assert_none(what: &str, found: Vec<String>) {
    assert!(found.is_empty(), "{what}:\n{}", found.join("\n"));
}

#[test]
fn the_layer_table_lists_every_module_of_the_library() {
    let lib = sources("src")
        .into_iter()
        .find(|f| f.path == "src/lib.rs")
        .unwrap();
    assert_none(
        "ARCHITECTURE.md's layer table and src/lib.rs differ",
        rules::unlisted_modules(&lib, &layers()),
    );
}

#[test]
fn modules_use_only_the_layers_below_them() {
    assert_none(
        "paths against the layers of ARCHITECTURE.md",
        rules::layer_violations(&sources("src"), &layers()),
    );
}

#[test]
fn no_library_string_names_a_flag() {
    assert_none(
        "flags named in the library",
        rules::flags_named(&sources("src")),
    );
}

#[test]
fn the_library_has_no_command_line_module() {
    let lib = fs::read_to_string("src/lib.rs").unwrap();
    assert!(
        !lib.contains("mod cli"),
        "src/lib.rs declares the command line"
    );
    assert_none(
        "clap or indicatif outside the `cli` feature",
        rules::clap_outside_cli(&sources("src")),
    );
}

#[test]
fn no_file_level_cycle_in_src() {
    assert_none("cycles between files", rules::cycles(&sources("src")));
}

#[test]
fn no_function_over_80_lines() {
    let mut files = sources("src");
    files.extend(sources("tests"));
    assert_none(
        &format!("functions over {MAX_FUNCTION_LINES} lines"),
        rules::long_functions(&files, MAX_FUNCTION_LINES),
    );
}

#[test]
fn no_file_over_700_lines() {
    let mut files = sources("src");
    files.extend(sources("tests"));
    assert_none(
        &format!("files over {MAX_FILE_LINES} lines"),
        rules::long_files(&files, MAX_FILE_LINES),
    );
}
