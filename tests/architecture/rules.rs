//! The rules, each a function from source files to what breaks it (an
//! empty list when nothing does), so that the test can run them on the
//! repository and on small texts written to break them.

use std::collections::{BTreeMap, BTreeSet};

use crate::source::{Source, Tok, Token, named_paths};

/// Each module's layer, as the layer table of ARCHITECTURE.md gives it.
pub(crate) struct Layers(BTreeMap<String, u8>);

impl Layers {
    /// The table under the header `| layer | modules | ... |` of a Markdown
    /// text: a row's layer is a number (rows such as `bin` are not the
    /// library's), its modules the words in backquotes.
    pub(crate) fn from_markdown(markdown: &str) -> Result<Layers, String> {
        let mut rows = markdown
            .lines()
            .map(str::trim)
            .skip_while(|line| !is_layer_header(line))
            .skip(2) // the header and the line under it
            .take_while(|line| line.starts_with('|'));
        let mut layers = BTreeMap::new();
        for row in rows.by_ref() {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let (Some(layer), Some(modules)) = (cells.get(1), cells.get(2)) else {
                return Err(format!("a row without modules: {row}"));
            };
            let Ok(layer) = layer.parse::<u8>() else {
                continue;
            };
            for module in quoted_words(modules) {
                if let Some(before) = layers.insert(module.to_string(), layer) {
                    return Err(format!("`{module}` is in layers {before} and {layer}"));
                }
            }
        }
        if layers.is_empty() {
            return Err("no table `| layer | modules | ... |` with modules".into());
        }
        Ok(Layers(layers))
    }

    pub(crate) fn of(&self, module: &str) -> Option<u8> {
        self.0.get(module).copied()
    }

    pub(crate) fn modules(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }
}

fn is_layer_header(line: &str) -> bool {
    let cells: Vec<String> = line.split('|').map(|c| c.trim().to_lowercase()).collect();
    cells.get(1).is_some_and(|c| c == "layer") && cells.get(2).is_some_and(|c| c == "modules")
}

/// The words between backquotes that are module names (`value`, not
/// `grammar/tree.pest`).
fn quoted_words(cell: &str) -> impl Iterator<Item = &str> {
    cell.split('`').skip(1).step_by(2).filter(|word| {
        word.starts_with(|c: char| c.is_ascii_lowercase())
            && word
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    })
}

/// The files that are test code as a whole: the files of modules declared
/// `#[cfg(test)] mod name;`.
fn test_files(files: &[Source]) -> BTreeSet<&str> {
    let mut found = BTreeSet::new();
    for parent in files {
        for name in &parent.test_modules {
            let mut module = parent.module();
            module.push(name.clone());
            if let Some(child) = files
                .iter()
                .find(|f| f.module() == module && f.in_binary() == parent.in_binary())
            {
                found.insert(child.path.as_str());
            }
        }
    }
    found
}

/// The library's files that are not test code as a whole.
fn library(files: &[Source]) -> Vec<&Source> {
    let tests = test_files(files);
    files
        .iter()
        .filter(|f| !f.in_binary() && !tests.contains(f.path.as_str()))
        .collect()
}

/// Every path from a library module to a module of its layer or above, or
/// to a module the table does not list. Test code does not count.
pub(crate) fn layer_violations(files: &[Source], layers: &Layers) -> Vec<String> {
    let mut found = BTreeSet::new();
    for file in library(files) {
        let Some(module) = file.module().first().cloned() else {
            continue; // lib.rs
        };
        let Some(own) = layers.of(&module) else {
            found.insert(format!("{}: module `{module}` has no layer", file.path));
            continue;
        };
        for path in named_paths(&file.code(), &file.module()) {
            let Some(used) = path.resolved.first() else {
                continue;
            };
            let verdict = match layers.of(used) {
                _ if *used == module => continue,
                Some(layer) if layer < own => continue,
                Some(layer) => format!("{module} (layer {own}) uses {used} (layer {layer})"),
                None => format!("{module} uses `{used}`, which has no layer"),
            };
            found.insert(format!("{}:{}: {verdict}", file.path, path.line));
        }
    }
    found.into_iter().collect()
}

/// Every module the library declares that the table does not list, and
/// every module of the table the library does not declare.
pub(crate) fn unlisted_modules(lib_rs: &Source, layers: &Layers) -> Vec<String> {
    let code = lib_rs.code();
    let declared: BTreeSet<&str> = code
        .windows(2)
        .filter_map(|pair| match (&pair[0].tok, &pair[1].tok) {
            (Tok::Ident(m), Tok::Ident(name)) if m == "mod" => Some(name.as_str()),
            _ => None,
        })
        .collect();
    let listed: BTreeSet<&str> = layers.modules().collect();
    let missing = declared
        .difference(&listed)
        .map(|m| format!("`{m}` has no layer"));
    let extra = listed
        .difference(&declared)
        .map(|m| format!("`{m}` is no module of src/lib.rs"));
    missing.chain(extra).collect()
}

/// Every string literal of library code (not test code) that names a
/// command-line flag (`--` and a lowercase letter), on any of its lines.
pub(crate) fn flags_named(files: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for file in library(files) {
        for string in file.strings_outside_tests() {
            for (at, _) in string.text.match_indices("--") {
                let after = &string.text[at + 2..];
                if after.starts_with(|c: char| c.is_ascii_lowercase()) {
                    let line = string.line + string.text[..at].matches('\n').count();
                    let flag: String = after.chars().take_while(|c| *c != ' ').collect();
                    found.push(format!("{}:{line}: --{flag}", file.path));
                }
            }
        }
    }
    found
}

/// Every use of clap or indicatif in the library outside the `cli`
/// feature (a line that says `feature = "cli"`).
pub(crate) fn clap_outside_cli(files: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for file in library(files) {
        let lines: Vec<&str> = file.text.lines().collect();
        for pair in file.tokens.windows(2) {
            let (Tok::Ident(word), Tok::PathSep) = (&pair[0].tok, &pair[1].tok) else {
                continue;
            };
            let line = pair[0].line;
            let gated = lines
                .get(line - 1)
                .is_some_and(|l| l.contains("feature = \"cli\""));
            if (word == "clap" || word == "indicatif") && !gated {
                found.push(format!("{}:{line}: {word}::", file.path));
            }
        }
    }
    found
}

/// Every function whose text (from `fn` to its closing brace) is longer
/// than `max` lines.
pub(crate) fn long_functions(files: &[Source], max: usize) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let tokens = &file.tokens;
        for (at, pair) in tokens.windows(2).enumerate() {
            let (Tok::Ident(keyword), Tok::Ident(name)) = (&pair[0].tok, &pair[1].tok) else {
                continue;
            };
            if keyword != "fn" {
                continue;
            }
            if let Some(end) = body_end(tokens, at + 2) {
                let lines = tokens[end].line - pair[0].line + 1;
                if lines > max {
                    found.push(format!(
                        "{}:{}: {name} has {lines} lines",
                        file.path, pair[0].line
                    ));
                }
            }
        }
    }
    found
}

/// The index of the brace closing the body of the function whose
/// signature starts at `at`; none for a function without a body.
fn body_end(tokens: &[Token], at: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, token) in tokens.iter().enumerate().skip(at) {
        match token.tok {
            Tok::Punct('(' | '[') => depth += 1,
            Tok::Punct(')' | ']') => depth -= 1,
            Tok::Punct(';') if depth == 0 => return None,
            Tok::Punct('{') if depth == 0 => {
                let mut braces = 0;
                for (j, t) in tokens.iter().enumerate().skip(k) {
                    match t.tok {
                        Tok::Punct('{') => braces += 1,
                        Tok::Punct('}') => {
                            braces -= 1;
                            if braces == 0 {
                                return Some(j);
                            }
                        }
                        _ => {}
                    }
                }
                return None;
            }
            _ => {}
        }
    }
    None
}

/// Every file longer than `max` lines.
pub(crate) fn long_files(files: &[Source], max: usize) -> Vec<String> {
    files
        .iter()
        .map(|f| (f, f.text.lines().count()))
        .filter(|(_, lines)| *lines > max)
        .map(|(f, lines)| format!("{}: {lines} lines", f.path))
        .collect()
}

/// The files each file reaches through `crate::` and `super::` paths of
/// code that is not test code: for each, the line of its first use of it.
/// A path reaches the file of the longest module prefix it names
/// (`super::context::Edge` reaches `context.rs`, `super::Edge` reaches
/// `mod.rs`).
fn file_graph(files: &[Source]) -> BTreeMap<&str, BTreeMap<&str, usize>> {
    let tests = test_files(files);
    let files: Vec<&Source> = files
        .iter()
        .filter(|f| !tests.contains(f.path.as_str()))
        .collect();
    let by_module: BTreeMap<(bool, Vec<String>), &str> = files
        .iter()
        .map(|f| ((f.in_binary(), f.module()), f.path.as_str()))
        .collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let edges: &mut BTreeMap<&str, usize> = graph.entry(file.path.as_str()).or_default();
        for path in named_paths(&file.code(), &file.module()) {
            let target = (0..=path.resolved.len())
                .rev()
                .find_map(|n| by_module.get(&(file.in_binary(), path.resolved[..n].to_vec())));
            if let Some(&target) = target
                && target != file.path
            {
                edges.entry(target).or_insert(path.line);
            }
        }
    }
    graph
}

/// Every set of files that reach one another (a strongly connected
/// component of the file graph with more than one file), with a cycle
/// through its first file and the line of each step.
pub(crate) fn cycles(files: &[Source]) -> Vec<String> {
    let graph = file_graph(files);
    let mut found = Vec::new();
    for component in components(&graph) {
        if component.len() < 2 {
            continue;
        }
        let cycle = shortest_cycle(&graph, &component);
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|step| format!("{}:{} uses {}", step[0], graph[step[0]][step[1]], step[1]))
            .collect();
        found.push(format!(
            "files that use one another: {}\n    {}",
            component.join(", "),
            steps.join("\n    ")
        ));
    }
    found
}

/// The strongly connected components of `graph` (Tarjan's algorithm).
fn components<'a>(graph: &BTreeMap<&'a str, BTreeMap<&'a str, usize>>) -> Vec<Vec<&'a str>> {
    struct Walk<'g, 'a> {
        graph: &'g BTreeMap<&'a str, BTreeMap<&'a str, usize>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<&'a str>>,
    }
    impl<'a> Walk<'_, 'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            let targets: Vec<&'a str> = self
                .graph
                .get(node)
                .into_iter()
                .flat_map(|e| e.keys().copied())
                .collect();
            for next in targets {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(top);
                    if top == node {
                        break;
                    }
                }
                component.sort();
                self.found.push(component);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for &node in graph.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.found.sort();
    walk.found
}

/// The shortest cycle from the component's first file back to it, inside
/// the component: the files in order, the first one again at the end.
fn shortest_cycle<'a>(
    graph: &BTreeMap<&'a str, BTreeMap<&'a str, usize>>,
    component: &[&'a str],
) -> Vec<&'a str> {
    let start = component[0];
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &next in graph[node].keys() {
            if next == start {
                let mut cycle = vec![node];
                while let Some(&before) = came_from.get(cycle[cycle.len() - 1]) {
                    cycle.push(before);
                }
                cycle.reverse();
                cycle.push(start);
                return cycle;
            }
            if component.contains(&next) && next != start && !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    component.to_vec()
}
