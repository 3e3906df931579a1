//! Reading a tree file (or standard input) and searching it, with every
//! failure turned into one clear message.

use std::ffi::OsStr;
use std::io::Read;
use std::time::{Duration, Instant};

use super::progress::Phase;

use super::{CliError, SearchArgs};
use gametree::formats::{self, FormatError, TreeFormat, cs188::Case};
use gametree::search::{SearchError, SearchResult, search};
use gametree::syntax::{self, Limits, ParseError, SourceText};
use gametree::trace::Recorder;
use gametree::tree::{GameTree, Location, NodeId, Tree};

/// The name of a file in messages: `<stdin>` for `-`.
pub(super) fn display_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// The name of a file given as any bytes the system allows (a student's
/// file may be named in Latin-1): as [`display_name`] gives a UTF-8 one
/// without a backslash; otherwise each byte that is not UTF-8 is written
/// `\xE9` and each backslash `\\`, so that the name stays readable and no
/// two files are named alike.
pub(super) fn display_os_name(path: &OsStr) -> String {
    if let Some(path) = path.to_str().filter(|p| !p.contains('\\')) {
        return display_name(path).to_string();
    }
    let bytes = path.as_encoded_bytes();
    let mut name = String::new();
    for chunk in bytes.utf8_chunks() {
        name.push_str(&chunk.valid().replace('\\', "\\\\"));
        for byte in chunk.invalid() {
            name.push_str(&format!("\\x{byte:02X}"));
        }
    }
    name
}

/// Reads the file named by `path` (`-` for standard input) as UTF-8 text.
pub(super) fn read_text(path: &str) -> Result<String, CliError> {
    read_text_within(path, None)
}

/// Reads an answer file named by `path` (`-` for standard input): a byte
/// sequence that is not UTF-8 costs only the answer it stands in
/// ([`syntax::answer_text`]).
pub(super) fn read_answer_text(path: &OsStr) -> Result<String, CliError> {
    let name = display_os_name(path);
    read_bytes(path, &name, None, Utf8::Tolerated).map(syntax::answer_text)
}

/// Reads a tree file as [`read_text`] does; with a node limit, stops as
/// soon as what was read passes it (see [`syntax::limit_passed`]), so that
/// memory stays bounded by the limit rather than the file's size.
fn read_text_within(path: &str, limits: Option<&Limits>) -> Result<String, CliError> {
    let name = display_name(path);
    let bytes = read_bytes(OsStr::new(path), name, limits, Utf8::Required)?;
    String::from_utf8(bytes).map_err(|e| invalid_utf8(name, e))
}

/// Whether a file that is not UTF-8 is still read to its end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Utf8 {
    /// No: reading stops at the first block that is not UTF-8.
    Required,
    /// Yes (an answer file); reading stops at a NUL byte only.
    Tolerated,
}

/// The bytes of the file at `path` (`-` for standard input), `name` in
/// messages, read as [`read_until_not_text`] reads them; with a node
/// limit, refused once what was read passes it.
fn read_bytes(
    path: &OsStr,
    name: &str,
    limits: Option<&Limits>,
    utf8: Utf8,
) -> Result<Vec<u8>, CliError> {
    let cannot_read = |e: std::io::Error| CliError::BadInput(format!("{name}: cannot read: {e}"));
    let mut refused = None;
    let mut next_look = EARLY_LOOK_FROM;
    let mut passed = |prefix: &[u8]| {
        let Some(limits) = limits.filter(|_| prefix.len() >= next_look) else {
            return false;
        };
        next_look = prefix.len().saturating_mul(2);
        let Ok(prefix) = std::str::from_utf8(prefix) else {
            return false;
        };
        refused = syntax::limit_passed(name, prefix, limits);
        refused.is_some()
    };
    let bytes = if path == OsStr::new("-") {
        read_until_not_text(&mut std::io::stdin().lock(), &mut passed, utf8).map_err(cannot_read)?
    } else {
        if std::path::Path::new(path).is_dir() {
            return Err(CliError::BadInput(format!(
                "{name}: is a directory, not a file"
            )));
        }
        let mut file = std::fs::File::open(path).map_err(cannot_read)?;
        read_until_not_text(&mut file, &mut passed, utf8).map_err(cannot_read)?
    };
    match refused {
        Some(error) => Err(parse_error(error)),
        None => Ok(bytes),
    }
}

/// A file that does not read, in the command line's words: a file over the
/// node limit is told which flag set it.
pub(super) fn parse_error(error: ParseError) -> CliError {
    let error = match error.over_limit {
        Some(limit) => ParseError {
            message: format!("the tree has more than {limit} nodes, the limit set by --max-nodes"),
            ..error
        },
        None => error,
    };
    CliError::BadInput(error.to_string())
}

/// A format's error in the command line's words.
pub(super) fn format_error(error: FormatError) -> CliError {
    match error {
        FormatError::Syntax(e) | FormatError::Unsupported(e) => parse_error(e),
        other => CliError::BadInput(other.to_string()),
    }
}

/// How much of a file is read before looking whether it passes the node
/// limit; each later look waits until what was read has doubled, so that
/// looking costs time linear in what is read.
const EARLY_LOOK_FROM: usize = 1 << 20;

/// Reads to the end, or to the first block that shows the input is not
/// text (a NUL byte, or invalid UTF-8 unless `utf8` tolerates it): a device
/// such as `/dev/zero` or `/dev/urandom` is refused at once instead of
/// filling the memory. The parser then reports the first such byte. When
/// UTF-8 is required, stops early too when `enough` says so of the valid
/// text read so far (`bytes[..checked]`).
fn read_until_not_text(
    reader: &mut impl Read,
    enough: &mut impl FnMut(&[u8]) -> bool,
    utf8: Utf8,
) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut checked = 0; // bytes[..checked] is known to be valid UTF-8
    let mut block = vec![0u8; 64 * 1024];
    loop {
        let n = match reader.read(&mut block) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        bytes.extend_from_slice(&block[..n]);
        if block[..n].contains(&0) {
            return Ok(bytes);
        }
        if utf8 == Utf8::Tolerated {
            continue;
        }
        match std::str::from_utf8(&bytes[checked..]) {
            Ok(_) => checked = bytes.len(),
            Err(e) if e.error_len().is_some() => return Ok(bytes),
            Err(e) => checked += e.valid_up_to(), // a character cut by the block's end
        }
        if enough(&bytes[..checked]) {
            return Ok(bytes);
        }
    }
}

fn invalid_utf8(name: &str, error: std::string::FromUtf8Error) -> CliError {
    let valid = error.utf8_error().valid_up_to();
    let bytes = error.into_bytes();
    let text = String::from_utf8_lossy(&bytes[..valid]);
    let source = SourceText::new(name, &text);
    let message = "the file is not valid UTF-8 text here";
    CliError::BadInput(source.error_at(valid, message).to_string())
}

/// Texts larger than this are freed once parsed, before the tree is built,
/// to keep the peak memory low; later errors then name the place without
/// showing the line.
const KEEP_TEXT_UP_TO: usize = 8 * 1024 * 1024;

/// How long each phase of reading and searching took.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Times {
    /// Reading the file.
    pub read: Duration,
    /// Recognising the text.
    pub parse: Duration,
    /// Building the tree.
    pub build: Duration,
    /// Searching it.
    pub search: Duration,
}

/// A tree file as read: its name in messages, its text and its tree.
pub(super) struct Input {
    /// The file's name in messages.
    pub name: String,
    /// The text, for pointing at positions in later errors (dropped for
    /// large files).
    pub text: Option<String>,
    /// The tree.
    pub tree: Tree,
    /// The format it was read in.
    pub format: TreeFormat,
    /// For a CS188 case: what it says besides its tree.
    pub case: Option<Case>,
    /// The size of the file in bytes.
    pub bytes: usize,
    /// How long reading, parsing and building took.
    pub times: Times,
}

/// Reads and parses the tree `file`, under the node limit of `args`.
pub(super) fn read_tree(file: &str, args: &SearchArgs) -> Result<Input, CliError> {
    let name = display_name(file);
    let mut read = Duration::ZERO;
    let limits = args.limits();
    let plain = args.format.format_of(file) == TreeFormat::Tree;
    let text = timed(&mut read, format!("reading {name}"), || {
        read_text_within(file, args.max_nodes.filter(|_| plain).map(|_| &limits))
    })?;
    let mut input = Input::parse_as(name, args.format.format_of(file), text, args)?;
    input.times.read = read;
    Ok(input)
}

impl Input {
    /// Parses `text`, read from the file called `name`, in the format
    /// `--from` or the name's extension says, under the node limit of
    /// `args`, timing the phases.
    pub(super) fn parse(name: &str, text: String, args: &SearchArgs) -> Result<Input, CliError> {
        Input::parse_as(name, args.format.format_of(name), text, args)
    }

    /// Parses `text` as `format`.
    fn parse_as(
        name: &str,
        format: TreeFormat,
        text: String,
        args: &SearchArgs,
    ) -> Result<Input, CliError> {
        if args.format.rounds.is_some() && format != TreeFormat::Cs188 {
            return Err(CliError::BadInput(format!(
                "{name}: --rounds counts the rounds of a CS188 case's agents, and this is a \
                 {format} file: give --depth for its plies"
            )));
        }
        if format != TreeFormat::Tree {
            return Input::parse_format(name, format, text, args);
        }
        let name = name.to_string();
        let limits = args.limits();
        let mut times = Times::default();
        let bytes = text.len();
        let parsed = timed(&mut times.parse, format!("parsing {name}"), || {
            syntax::parse_unbuilt(&name, &text, &limits).map_err(parse_error)
        })?;
        let text = (bytes <= KEEP_TEXT_UP_TO).then_some(text);
        let parsed = timed(&mut times.build, format!("building {name}"), || {
            parsed.build_parsed()
        });
        tell_notes(&name, &parsed.tree);
        Ok(Input {
            name,
            text,
            tree: parsed.tree,
            format,
            case: None,
            bytes,
            times,
        })
    }

    /// Reads `text` in a course format (not the tree language).
    fn parse_format(
        name: &str,
        format: TreeFormat,
        text: String,
        args: &SearchArgs,
    ) -> Result<Input, CliError> {
        let mut times = Times::default();
        let options = args.format.read_options(args.limits());
        let loaded = timed(&mut times.parse, format!("parsing {name}"), || {
            formats::read(format, name, &text, &options)
        })
        .map_err(format_error)?;
        tell_notes(name, &loaded.tree);
        Ok(Input {
            name: name.to_string(),
            bytes: text.len(),
            text: Some(text),
            tree: loaded.tree,
            format,
            case: loaded.case,
            times,
        })
    }
}

/// Searches any tree as `args` say, with a spinner if it is slow; returns
/// the result and the time taken.
pub(super) fn search_timed<T, R>(
    tree: &T,
    name: &str,
    args: &SearchArgs,
    recorder: &mut R,
) -> (Result<SearchResult<T::Node>, SearchError>, Duration)
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node> + Send,
{
    let mut time = Duration::ZERO;
    let result = timed(&mut time, format!("searching {name}"), || {
        search(tree, args.algorithm(), args.options(), recorder)
    });
    (result, time)
}

/// Runs `work` as a phase: timed into `time`, with a spinner if it is slow.
fn timed<T>(time: &mut Duration, message: String, work: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let _phase = Phase::start(message);
    let result = work();
    *time = start.elapsed();
    result
}

impl Input {
    /// Searches the tree as `args` say, recording into `recorder`, with
    /// stack for the tree's depth.
    pub(super) fn search<R: Recorder<NodeId> + Send>(
        &mut self,
        args: &SearchArgs,
        recorder: &mut R,
    ) -> Result<SearchResult<NodeId>, CliError> {
        let result = search_timed(&self.tree, &self.name, args, recorder);
        self.times.search = result.1;
        result
            .0
            .map_err(|e| self.error(self.place_of(&e), &super::search_message(&e)))
    }

    /// Where the node of a search error is written (a tree-language file
    /// whose text is kept is read again for a node the tree kept no place
    /// of).
    fn place_of(&self, error: &SearchError) -> Option<Location> {
        let language = self
            .text
            .as_deref()
            .filter(|_| self.format == TreeFormat::Tree);
        error.place_in(&self.name, language)
    }

    /// An error about the input, at a place in it when there is one.
    pub(super) fn error(&self, at: Option<Location>, message: &str) -> CliError {
        CliError::BadInput(match (at, &self.text) {
            (Some(at), Some(text)) => {
                let text = text.strip_prefix('\u{feff}').unwrap_or(text);
                let source = SourceText::new(&self.name, text);
                source.error_at_location(at, message).to_string()
            }
            (Some(at), None) => format!("{}:{}:{}: {message}", self.name, at.line, at.column),
            (None, _) => format!("{}: {message}", self.name),
        })
    }
}

/// Tells what the reader did to the tree `name` as written (chance
/// probabilities a little off 1, divided by their sum), one note a line.
fn tell_notes(name: &str, tree: &Tree) {
    for note in tree.notes() {
        super::streams::tell(format_args!(
            "note: {name}:{}:{}: {}",
            note.at.line, note.at.column, note.message
        ));
    }
}
