//! A Rust file as the rules read it: its tokens without comments, its
//! string literals, which tokens are test code, and the module paths it
//! names through `crate::` and `super::`.

/// One token of code; comments are gone, literals are `Literal`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    Punct(char),
    /// `::`
    PathSep,
    Literal,
    Lifetime,
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) line: usize,
}

/// A string literal (of any kind: plain, raw, byte, C) as written between
/// its quotes, with the line it starts on.
#[derive(Clone, Debug)]
pub(crate) struct StringLiteral {
    pub(crate) line: usize,
    pub(crate) text: String,
    /// Its index among the file's tokens.
    token: usize,
}

/// A source file of a crate.
pub(crate) struct Source {
    /// The path from the repository's root, `src/search/mod.rs`.
    pub(crate) path: String,
    pub(crate) text: String,
    pub(crate) tokens: Vec<Token>,
    /// Whether each token belongs to test code (`#[cfg(test)]` or
    /// `#[cfg(doctest)]` items, or a file that is test code as a whole).
    pub(crate) test: Vec<bool>,
    pub(crate) strings: Vec<StringLiteral>,
    /// Child modules declared as test code, `#[cfg(test)] mod tests;`.
    pub(crate) test_modules: Vec<String>,
}

impl Source {
    pub(crate) fn new(path: &str, text: &str) -> Source {
        let (tokens, strings) = lex(text);
        let (test, test_modules) = test_code(&tokens);
        Source {
            path: path.to_string(),
            text: text.to_string(),
            tokens,
            test,
            strings,
            test_modules,
        }
    }

    /// The string literals of code that is not test code.
    pub(crate) fn strings_outside_tests(&self) -> impl Iterator<Item = &StringLiteral> {
        self.strings.iter().filter(|s| !self.test[s.token])
    }

    /// The tokens of code that is not test code.
    pub(crate) fn code(&self) -> Vec<Token> {
        self.tokens
            .iter()
            .zip(&self.test)
            .filter(|(_, test)| !**test)
            .map(|(t, _)| t.clone())
            .collect()
    }

    /// Whether the file belongs to the binary (`src/main.rs` and
    /// `src/cli/`) rather than to the library.
    pub(crate) fn in_binary(&self) -> bool {
        self.path == "src/main.rs" || self.path.starts_with("src/cli/")
    }

    /// The module the file holds, from its crate's root: `src/lib.rs` and
    /// `src/main.rs` are `[]`, `src/search/mod.rs` is `[search]`,
    /// `src/search/star2.rs` is `[search, star2]`.
    pub(crate) fn module(&self) -> Vec<String> {
        let relative = self.path.strip_prefix("src/").unwrap_or(&self.path);
        let relative = relative.strip_suffix(".rs").unwrap_or(relative);
        let mut parts: Vec<String> = relative.split('/').map(str::to_string).collect();
        if matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            parts.pop();
        }
        parts
    }
}

/// Splits `text` into tokens and string literals.
fn lex(text: &str) -> (Vec<Token>, Vec<StringLiteral>) {
    let chars: Vec<char> = text.chars().collect();
    let mut lexer = Lexer {
        chars: &chars,
        at: 0,
        line: 1,
        tokens: Vec::new(),
        strings: Vec::new(),
    };
    lexer.run();
    (lexer.tokens, lexer.strings)
}

struct Lexer<'a> {
    chars: &'a [char],
    at: usize,
    line: usize,
    tokens: Vec<Token>,
    strings: Vec<StringLiteral>,
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves one character on, counting lines.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn push(&mut self, tok: Tok, line: usize) {
        self.tokens.push(Token { tok, line });
    }

    fn run(&mut self) {
        while let Some(c) = self.peek(0) {
            let line = self.line;
            match c {
                _ if c.is_whitespace() => {
                    self.bump();
                }
                '/' if self.peek(1) == Some('/') => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                '/' if self.peek(1) == Some('*') => self.block_comment(),
                '"' => self.string(),
                '\'' => self.quote(),
                ':' if self.peek(1) == Some(':') => {
                    self.at += 2;
                    self.push(Tok::PathSep, line);
                }
                _ if c.is_ascii_digit() => self.number(),
                _ if c == '_' || c.is_alphabetic() => self.word(),
                _ => {
                    self.bump();
                    self.push(Tok::Punct(c), line);
                }
            }
        }
    }

    /// A block comment, nested ones inside.
    fn block_comment(&mut self) {
        let mut depth = 0;
        while let Some(c) = self.bump() {
            match (c, self.peek(0)) {
                ('/', Some('*')) => {
                    self.bump();
                    depth += 1;
                }
                ('*', Some('/')) => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// A string from its opening quote, escapes and all.
    fn string(&mut self) {
        let line = self.line;
        self.bump();
        let mut text = String::new();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    text.push(c);
                    if let Some(next) = self.bump() {
                        text.push(next);
                    }
                }
                '"' => break,
                _ => text.push(c),
            }
        }
        let token = self.tokens.len();
        self.strings.push(StringLiteral { line, text, token });
        self.push(Tok::Literal, line);
    }

    /// A raw string from its `#`s or quote: no escapes, ends at a quote
    /// followed by as many `#`s.
    fn raw_string(&mut self) {
        let line = self.line;
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            self.bump();
            hashes += 1;
        }
        self.bump(); // the opening quote
        let mut text = String::new();
        while let Some(c) = self.bump() {
            if c == '"' && (0..hashes).all(|k| self.peek(k) == Some('#')) {
                self.at += hashes;
                break;
            }
            text.push(c);
        }
        let token = self.tokens.len();
        self.strings.push(StringLiteral { line, text, token });
        self.push(Tok::Literal, line);
    }

    /// A character literal or a lifetime, from its quote.
    fn quote(&mut self) {
        let line = self.line;
        let is_char = self.peek(1) == Some('\\') || self.peek(2) == Some('\'');
        self.bump();
        if !is_char {
            while self
                .peek(0)
                .is_some_and(|c| c == '_' || c.is_alphanumeric())
            {
                self.bump();
            }
            self.push(Tok::Lifetime, line);
            return;
        }
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '\'' => break,
                _ => {}
            }
        }
        self.push(Tok::Literal, line);
    }

    fn number(&mut self) {
        let line = self.line;
        while let Some(c) = self.peek(0) {
            let fraction = c == '.' && self.peek(1).is_some_and(|d| d.is_ascii_digit());
            if !(c == '_' || c.is_alphanumeric() || fraction) {
                break;
            }
            self.bump();
        }
        self.push(Tok::Literal, line);
    }

    /// An identifier or keyword, or the prefix of a literal (`r"`, `b"`,
    /// `br#"`, `c"`, `b'`).
    fn word(&mut self) {
        let line = self.line;
        let start = self.at;
        while self
            .peek(0)
            .is_some_and(|c| c == '_' || c.is_alphanumeric())
        {
            self.bump();
        }
        let word: String = self.chars[start..self.at].iter().collect();
        let next = self.peek(0);
        let raw = matches!(word.as_str(), "r" | "br" | "cr");
        match next {
            Some('"') if raw => self.raw_string(),
            Some('#') if raw && matches!(self.peek(1), Some('#' | '"')) => self.raw_string(),
            Some('"') if matches!(word.as_str(), "b" | "c") => self.string(),
            Some('\'') if word == "b" => self.quote(),
            _ => self.push(Tok::Ident(word), line),
        }
    }
}

/// Which tokens are test code, and the child modules declared as test code.
fn test_code(tokens: &[Token]) -> (Vec<bool>, Vec<String>) {
    let mut test = vec![false; tokens.len()];
    let mut modules = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        let Some((inner, after)) = test_attribute(tokens, at) else {
            at += 1;
            continue;
        };
        if inner {
            return (vec![true; tokens.len()], modules);
        }
        let start = skip_attributes(tokens, after);
        let end = item_end(tokens, start);
        if let [Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')] =
            kinds(tokens, end.saturating_sub(2), end)[..]
            && m == "mod"
        {
            modules.push(name.clone());
        }
        test[at..=end.min(tokens.len() - 1)].fill(true);
        at = end + 1;
    }
    (test, modules)
}

fn kinds(tokens: &[Token], from: usize, to: usize) -> Vec<&Tok> {
    tokens
        .get(from..=to)
        .map(|ts| ts.iter().map(|t| &t.tok).collect())
        .unwrap_or_default()
}

fn is(token: Option<&Token>, tok: &Tok) -> bool {
    token.is_some_and(|t| t.tok == *tok)
}

fn is_word(token: Option<&Token>, word: &str) -> bool {
    matches!(token.map(|t| &t.tok), Some(Tok::Ident(w)) if w == word)
}

/// `#[cfg(test)]` (or `doctest`) at `at`: whether it is an inner attribute
/// (`#![...]`) and the index after it.
fn test_attribute(tokens: &[Token], at: usize) -> Option<(bool, usize)> {
    if !is(tokens.get(at), &Tok::Punct('#')) {
        return None;
    }
    let inner = is(tokens.get(at + 1), &Tok::Punct('!'));
    let open = at + 1 + usize::from(inner);
    let words = [
        is(tokens.get(open), &Tok::Punct('[')),
        is_word(tokens.get(open + 1), "cfg"),
        is(tokens.get(open + 2), &Tok::Punct('(')),
        is_word(tokens.get(open + 3), "test") || is_word(tokens.get(open + 3), "doctest"),
        is(tokens.get(open + 4), &Tok::Punct(')')),
        is(tokens.get(open + 5), &Tok::Punct(']')),
    ];
    words.iter().all(|&w| w).then_some((inner, open + 6))
}

/// The index after the outer attributes starting at `at`.
fn skip_attributes(tokens: &[Token], mut at: usize) -> usize {
    while is(tokens.get(at), &Tok::Punct('#')) && is(tokens.get(at + 1), &Tok::Punct('[')) {
        at = matching(tokens, at + 1) + 1;
    }
    at
}

/// The index of the bracket closing the one at `open`.
fn matching(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0i32;
    for (k, token) in tokens.iter().enumerate().skip(open) {
        match token.tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    tokens.len() - 1
}

/// The index of the last token of the item starting at `start`: its `;`
/// or the brace closing its body.
fn item_end(tokens: &[Token], start: usize) -> usize {
    let mut depth = 0i32;
    for (k, token) in tokens.iter().enumerate().skip(start) {
        match token.tok {
            Tok::Punct('(' | '[') => depth += 1,
            Tok::Punct(')' | ']') => depth -= 1,
            Tok::Punct(';') if depth == 0 => return k,
            Tok::Punct('{') if depth == 0 => return matching(tokens, k),
            // The end of the block around the item.
            Tok::Punct('}') if depth == 0 => return k.saturating_sub(1),
            _ => {}
        }
    }
    tokens.len().saturating_sub(1)
}

/// A path the code names from its crate's root or its parent.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NamedPath {
    pub(crate) line: usize,
    /// The module path it reaches from the crate's root, resolved: `super`
    /// and `crate` are gone.
    pub(crate) resolved: Vec<String>,
}

/// Every `crate::` and `super::` path in the code that is not test code,
/// each `use` group spelt out, resolved from the module `module` the file
/// holds (and any inline module around the path).
pub(crate) fn named_paths(code: &[Token], module: &[String]) -> Vec<NamedPath> {
    let mut found = Vec::new();
    let mut inline: Vec<(String, i32)> = Vec::new();
    let mut depth = 0;
    let mut at = 0;
    while at < code.len() {
        match &code[at].tok {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d > depth) {
                    inline.pop();
                }
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some(Tok::Ident(name)), true) = (
                    code.get(at + 1).map(|t| &t.tok),
                    is(code.get(at + 2), &Tok::Punct('{')),
                ) {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Tok::Ident(w) if w == "use" => {
                let mut paths = Vec::new();
                at = use_tree(code, at + 1, &[], &mut paths);
                let from = within(module, &inline);
                for (line, path) in paths {
                    if let Some(resolved) = resolve(&path, &from) {
                        found.push(NamedPath { line, resolved });
                    }
                }
                continue;
            }
            Tok::Ident(w)
                if (w == "crate" || w == "super") && is(code.get(at + 1), &Tok::PathSep) =>
            {
                let (path, next) = segments(code, at);
                if let Some(resolved) = resolve(&path, &within(module, &inline)) {
                    found.push(NamedPath {
                        line: code[at].line,
                        resolved,
                    });
                }
                at = next;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    found
}

/// The module `module` of the file, inside the inline modules `inline`.
fn within(module: &[String], inline: &[(String, i32)]) -> Vec<String> {
    let mut path = module.to_vec();
    path.extend(inline.iter().map(|(name, _)| name.clone()));
    path
}

/// The segments `a::b::c` from `at`, and the index after them.
fn segments(code: &[Token], mut at: usize) -> (Vec<String>, usize) {
    let mut path = Vec::new();
    while let Some(Tok::Ident(word)) = code.get(at).map(|t| &t.tok) {
        path.push(word.clone());
        if !is(code.get(at + 1), &Tok::PathSep) {
            return (path, at + 1);
        }
        at += 2;
    }
    (path, at)
}

/// The use tree from `at` under `prefix`: its paths into `out`; the index
/// after it (after the `;` that ends a declaration).
fn use_tree(
    code: &[Token],
    at: usize,
    prefix: &[String],
    out: &mut Vec<(usize, Vec<String>)>,
) -> usize {
    let line = code.get(at).map_or(0, |t| t.line);
    let at = if is(code.get(at), &Tok::PathSep) {
        at + 1
    } else {
        at
    };
    let (segs, mut next) = segments(code, at);
    let mut path = prefix.to_vec();
    let group = is(code.get(next), &Tok::Punct('{'));
    for seg in segs {
        if seg != "self" {
            path.push(seg);
        }
    }
    if group {
        next += 1;
        while next < code.len() && !is(code.get(next), &Tok::Punct('}')) {
            next = use_tree(code, next, &path, out);
            if is(code.get(next), &Tok::Punct(',')) {
                next += 1;
            }
        }
        next += 1;
    } else {
        if is(code.get(next), &Tok::Punct('*')) {
            next += 1;
        }
        out.push((line, path));
        if is_word(code.get(next), "as") {
            next += 2;
        }
    }
    if is(code.get(next), &Tok::Punct(';')) {
        next += 1;
    }
    next
}

/// The module path `path` reaches from the module `from`, when it starts
/// with `crate` or `super`.
fn resolve(path: &[String], from: &[String]) -> Option<Vec<String>> {
    let mut rest = path.iter().peekable();
    let mut base = match rest.peek().map(|s| s.as_str()) {
        Some("crate") => {
            rest.next();
            Vec::new()
        }
        Some("super") => from.to_vec(),
        _ => return None,
    };
    while rest.peek().is_some_and(|s| *s == "super") {
        rest.next();
        base.pop()?;
    }
    base.extend(rest.cloned());
    Some(base)
}
