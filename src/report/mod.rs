//! Views of a search for people and programs: the `solve` summary and the
//! step-by-step trace, as text in the lecture's words and as JSON; the
//! algorithms compared on one tree.

mod compare;
mod schedule_view;
mod simulation;
mod solve;
mod trace_stream;
mod trace_view;

pub use compare::{Bar, CompareRow, CompareTable, Comparing, KnuthMoore, compare};
pub use schedule_view::{schedule_json, schedule_lines};
pub use simulation::simulation_text;
pub use solve::{CutReport, SolveExtras, SolveReport};
pub use trace_stream::{HELD_LINES, TraceForm, TraceWriter};
pub use trace_view::{event_json, trace_json, trace_lines};
