//! `gametree._gametree`: the extension module under the Python package
//! `gametree` (`python/gametree/`). It reads trees and hands them to the
//! library's searches and views, each function the command line's
//! subcommand of the same name; it holds no search, grading, JSON or
//! drawing of its own. Work runs off the interpreter, and stops on
//! Ctrl-C (see `worker`).

use pyo3::prelude::*;

mod check;
mod commands;
mod compare;
mod drawing;
mod errors;
mod input;
mod options;
mod random;
mod worker;

/// Panics on a worker thread: how the tests see that a panic becomes an
/// exception rather than the end of the interpreter.
#[pyfunction]
fn _panic(py: Python<'_>) -> PyResult<()> {
    worker::run(py, |_| -> Result<(), errors::Failure> {
        panic!("a panic asked for by gametree._gametree._panic")
    })
}

/// The module.
#[pymodule]
fn _gametree(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<input::Loaded>()?;
    module.add_function(wrap_pyfunction!(input::load, module)?)?;
    module.add_function(wrap_pyfunction!(commands::solve, module)?)?;
    module.add_function(wrap_pyfunction!(commands::trace, module)?)?;
    module.add_function(wrap_pyfunction!(commands::key, module)?)?;
    module.add_function(wrap_pyfunction!(commands::convert, module)?)?;
    module.add_function(wrap_pyfunction!(compare::compare, module)?)?;
    module.add_function(wrap_pyfunction!(check::check, module)?)?;
    module.add_function(wrap_pyfunction!(drawing::render, module)?)?;
    module.add_function(wrap_pyfunction!(random::random_text, module)?)?;
    module.add_function(wrap_pyfunction!(_panic, module)?)?;
    module.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
