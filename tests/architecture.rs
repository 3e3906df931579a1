//! The library's shape, checked on its source: it speaks of no command-line
//! flag, and its modules only use the layers below them.

use std::fs;
use std::path::{Path, PathBuf};

/// The library's modules by layer: a module may use only modules of a lower
/// layer (ARCHITECTURE.md draws them).
const LAYERS: &[(&str, u8)] = &[
    ("value", 0),
    ("text", 0),
    ("stack", 0),
    ("cleanup", 0),
    ("output", 1),
    ("tree", 1),
    ("claim", 1),
    ("syntax", 2),
    ("trace", 2),
    ("search", 3),
    ("report", 4),
    ("render", 4),
    ("check", 4),
    ("games", 4),
    ("web", 5),
];

/// Every `.rs` file of the library: `src/` without the binary's own files.
fn library_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![PathBuf::from("src")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path == Path::new("src/cli") || path == Path::new("src/main.rs") {
                continue;
            }
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The top-level module a library file belongs to (`src/search/mod.rs` is
/// `search`, `src/tree.rs` is `tree`); `None` for `lib.rs`.
fn module_of(path: &Path) -> Option<String> {
    let relative = path.strip_prefix("src").unwrap();
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (name != "lib").then(|| name.to_string())
}

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(name, _)| *name == module)
        .unwrap_or_else(|| panic!("module `{module}` has no layer in tests/architecture.rs"))
        .1
}

/// The code of a line, without a `//` comment.
fn code(line: &str) -> &str {
    match line.find("//") {
        Some(at) if !line[..at].contains('"') => &line[..at],
        _ => line,
    }
}

#[test]
fn no_library_string_names_a_flag() {
    let mut found = Vec::new();
    for path in library_files() {
        let text = fs::read_to_string(&path).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = code(line);
            let in_string = code.split('"').skip(1).step_by(2);
            let flags = in_string
                .filter(|s| {
                    s.match_indices("--")
                        .any(|(at, _)| s[at + 2..].starts_with(|c: char| c.is_ascii_lowercase()))
                })
                .count();
            if flags > 0 {
                found.push(format!(
                    "{}:{}: {}",
                    path.display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "flags named in the library:\n{}",
        found.join("\n")
    );
}

#[test]
fn modules_use_only_the_layers_below_them() {
    let mut found = Vec::new();
    for path in library_files() {
        let Some(module) = module_of(&path) else {
            continue;
        };
        let text = fs::read_to_string(&path).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = code(line);
            for (at, _) in code.match_indices("crate::") {
                let used: String = code[at + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if used.is_empty() || used == module {
                    continue;
                }
                if layer(&used) >= layer(&module) {
                    found.push(format!(
                        "{}:{}: {module} uses {used}",
                        path.display(),
                        number + 1
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "imports against the layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_library_has_no_command_line_module() {
    let lib = fs::read_to_string("src/lib.rs").unwrap();
    assert!(
        !lib.contains("mod cli"),
        "src/lib.rs declares the command line"
    );
    for path in library_files() {
        let text = fs::read_to_string(&path).unwrap();
        for word in ["clap::", "indicatif::"] {
            let uses = text
                .lines()
                .filter(|l| code(l).contains(word) && !code(l).contains("feature = \"cli\""))
                .count();
            assert_eq!(
                uses,
                0,
                "{} uses {word} outside the `cli` feature",
                path.display()
            );
        }
    }
}
