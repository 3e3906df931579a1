//! The trace written while the search runs: a recorder that prints each
//! event as it comes, so that memory does not grow with the trace.

use std::io::Write;

use super::trace_view::event_json;
use crate::trace::{Event, Recorder};
use crate::tree::GameTree;

/// How many lines are held before the first is written: a trace that ends
/// within them is numbered exactly as [`super::trace_lines`] would be
/// printed, right-aligned to the width of the last number.
pub const HELD_LINES: usize = 100_000;

/// The width numbers are aligned to once a trace outgrows [`HELD_LINES`]
/// (up to a billion lines; wider numbers push their line right).
const STREAMED_WIDTH: usize = 9;

/// The two forms of a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceForm {
    /// Numbered lines in the lecture's words.
    Lines,
    /// One JSON array of events, pretty-printed.
    Json,
}

/// A [`Recorder`] that writes each event to `out` as the search emits it:
/// numbered lines, or one JSON array whose elements are written one by one
/// (the document is whole once [`TraceWriter::finish`] or
/// [`TraceWriter::abandon`] closes it).
///
/// The first [`HELD_LINES`] lines or events are held, then written at once:
/// a trace that ends within them is written exactly as it would be whole
/// (numbers aligned to the last one), and one abandoned on an error is not
/// written at all. Past them, memory stays the same however long the trace.
/// The first write error stops the writing; `finish` returns it.
pub struct TraceWriter<'t, T: GameTree, W: Write> {
    tree: &'t T,
    strict: bool,
    form: TraceForm,
    out: W,
    /// Lines or JSON events not yet written.
    held: Vec<String>,
    /// How many may be held.
    hold: usize,
    /// Lines or events written so far.
    written: usize,
    error: Option<std::io::Error>,
}

impl<'t, T: GameTree, W: Write> TraceWriter<'t, T, W> {
    /// A writer of `tree`'s trace in `form` to `out`; `strict` words cuts as
    /// the strict search makes them.
    pub fn new(tree: &'t T, strict: bool, form: TraceForm, out: W) -> Self {
        TraceWriter {
            tree,
            strict,
            form,
            out,
            held: Vec::new(),
            hold: HELD_LINES,
            written: 0,
            error: None,
        }
    }

    /// The same writer holding at most `lines` lines or events before it
    /// starts writing, instead of [`HELD_LINES`].
    pub fn holding(mut self, lines: usize) -> Self {
        self.hold = lines;
        self
    }

    /// Writes what is still held and closes the JSON array; the first write
    /// error, if any.
    pub fn finish(mut self) -> std::io::Result<()> {
        let width = (self.written + self.held.len()).to_string().len();
        self.attempt(|w| w.release(width));
        self.attempt(Self::close);
        self.error.take().map_or(Ok(()), Err)
    }

    /// Ends a trace whose search failed: what is held is dropped (nothing
    /// is written for a short trace), and a JSON array already begun is
    /// closed, so that the output stays one valid document.
    pub fn abandon(mut self) -> std::io::Result<()> {
        self.held.clear();
        if self.written > 0 {
            self.attempt(Self::close);
        }
        self.error.take().map_or(Ok(()), Err)
    }

    fn close(&mut self) -> std::io::Result<()> {
        match self.form {
            TraceForm::Lines => {}
            TraceForm::Json if self.written == 0 => self.out.write_all(b"[]\n")?,
            TraceForm::Json => self.out.write_all(b"\n]\n")?,
        }
        self.out.flush()
    }

    /// Writes the held lines (numbered at `width`) or events.
    fn release(&mut self, width: usize) -> std::io::Result<()> {
        for text in std::mem::take(&mut self.held) {
            self.written += 1;
            match self.form {
                TraceForm::Lines => writeln!(self.out, "{:>width$}. {text}", self.written)?,
                TraceForm::Json => {
                    let before: &[u8] = if self.written == 1 { b"[\n" } else { b",\n" };
                    self.out.write_all(before)?;
                    self.out.write_all(text.as_bytes())?;
                }
            }
        }
        Ok(())
    }

    /// The event as held: a line, or the JSON event indented as an element.
    fn text(&self, event: &Event<T::Node>) -> std::io::Result<Option<String>> {
        Ok(match self.form {
            TraceForm::Lines => event.line(self.tree, self.strict),
            TraceForm::Json => {
                let pretty = serde_json::to_string_pretty(&event_json(self.tree, event))?;
                let lines: Vec<String> = pretty.lines().map(|l| format!("  {l}")).collect();
                Some(lines.join("\n"))
            }
        })
    }

    /// How many lines or events are held, not yet written: at most
    /// [`HELD_LINES`] + 1 (or as [`TraceWriter::holding`] says), whatever the
    /// trace's length.
    pub fn held(&self) -> usize {
        self.held.len()
    }

    /// Runs one step of writing unless an earlier one failed.
    fn attempt(&mut self, step: impl FnOnce(&mut Self) -> std::io::Result<()>) {
        if self.error.is_none()
            && let Err(error) = step(self)
        {
            self.error = Some(error);
        }
    }
}

impl<T: GameTree, W: Write> Recorder<T::Node> for TraceWriter<'_, T, W> {
    fn record(&mut self, event: Event<T::Node>) {
        self.attempt(|w| {
            if let Some(text) = w.text(&event)? {
                w.held.push(text);
                if w.written > 0 || w.held.len() > w.hold {
                    w.release(STREAMED_WIDTH)?;
                }
            }
            Ok(())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{trace_json, trace_lines};
    use crate::search::{Algorithm, Options, search};
    use crate::trace::Trace;
    use crate::tree::Tree;

    /// The trace written whole, as `trace` printed it before it streamed.
    fn whole<T: GameTree>(tree: &T, trace: &Trace<T::Node>, form: TraceForm) -> String {
        match form {
            TraceForm::Json => {
                serde_json::to_string_pretty(&trace_json(tree, trace)).unwrap() + "\n"
            }
            TraceForm::Lines => {
                let lines = trace_lines(tree, trace, false);
                let width = lines.len().to_string().len();
                let numbered = lines.iter().enumerate();
                numbered
                    .map(|(n, l)| format!("{:>width$}. {l}\n", n + 1))
                    .collect()
            }
        }
    }

    /// A complete tree, `branching` children a node, `depth` levels, with
    /// scattered leaf values.
    fn full_tree(branching: usize, depth: usize) -> Tree {
        fn text(branching: usize, depth: usize, next: &mut u64) -> String {
            if depth == 0 {
                *next = next
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                return ((*next >> 33) % 100).to_string();
            }
            let children: Vec<String> = (0..branching)
                .map(|_| text(branching, depth - 1, next))
                .collect();
            format!("[{}]", children.join(" "))
        }
        crate::syntax::parse("t", &text(branching, depth, &mut 7)).unwrap()
    }

    fn streamed<T: GameTree + Sync>(tree: &T, form: TraceForm) -> String
    where
        T::Node: Send + Sync,
    {
        let mut out = Vec::new();
        let mut writer = TraceWriter::new(tree, false, form, &mut out);
        search(tree, Algorithm::AlphaBeta, Options::default(), &mut writer).unwrap();
        writer.finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_short_trace_is_written_as_it_was_whole() {
        let tree = crate::syntax::parse("t", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
        let mut trace = Trace::new();
        search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
        for form in [TraceForm::Lines, TraceForm::Json] {
            assert_eq!(
                streamed(&tree, form),
                whole(&tree, &trace, form),
                "{form:?}"
            );
        }
    }

    /// The events held in the tests of long traces.
    const HOLD: usize = 100;

    /// A recorder that checks, at every event, that the writer holds at
    /// most [`HOLD`] + 1 events.
    struct Bounded<'t, 'o> {
        writer: TraceWriter<'t, Tree, &'o mut Vec<u8>>,
        most_held: usize,
    }

    impl Recorder<<Tree as GameTree>::Node> for Bounded<'_, '_> {
        fn record(&mut self, event: Event<<Tree as GameTree>::Node>) {
            self.writer.record(event);
            self.most_held = self.most_held.max(self.writer.held());
        }
    }

    #[test]
    fn a_long_trace_is_written_while_the_search_runs() {
        let tree = full_tree(4, 5);
        let mut trace = Trace::new();
        search(&tree, Algorithm::Minimax, Options::default(), &mut trace).unwrap();
        assert!(trace.events.len() > 5 * HOLD, "a long trace");
        for form in [TraceForm::Lines, TraceForm::Json] {
            let mut out = Vec::new();
            let writer = TraceWriter::new(&tree, false, form, &mut out).holding(HOLD);
            let mut bounded = Bounded {
                writer,
                most_held: 0,
            };
            search(&tree, Algorithm::Minimax, Options::default(), &mut bounded).unwrap();
            assert!(bounded.most_held <= HOLD + 1, "{form:?}");
            bounded.writer.finish().unwrap();
            let text = String::from_utf8(out).unwrap();
            match form {
                TraceForm::Json => {
                    let parsed: serde_json::Value = serde_json::from_str(&text).unwrap();
                    assert_eq!(parsed, trace_json(&tree, &trace));
                }
                TraceForm::Lines => {
                    let lines = trace_lines(&tree, &trace, false);
                    let written: Vec<&str> = text.lines().collect();
                    assert_eq!(written.len(), lines.len());
                    for (n, (written, line)) in written.iter().zip(&lines).enumerate() {
                        assert_eq!(written.trim_start(), format!("{}. {line}", n + 1));
                    }
                }
            }
        }
    }

    #[test]
    fn an_abandoned_trace_writes_nothing_when_short_and_stays_valid_json_when_long() {
        let tree = full_tree(4, 5);
        let mut out = Vec::new();
        let mut writer = TraceWriter::new(&tree, false, TraceForm::Json, &mut out).holding(HOLD);
        search(&tree, Algorithm::Minimax, Options::default(), &mut writer).unwrap();
        writer.abandon().unwrap();
        let parsed: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert!(parsed.as_array().unwrap().len() > HOLD);
        let small = crate::syntax::parse("t", "[[3 12 8] [2 4 6]]").unwrap();
        let mut out = Vec::new();
        let mut writer = TraceWriter::new(&small, false, TraceForm::Json, &mut out);
        search(&small, Algorithm::Minimax, Options::default(), &mut writer).unwrap();
        writer.abandon().unwrap();
        assert!(out.is_empty());
    }
}
