//! Step-by-step frames, written as a set: all at once or not at all.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::deck::{DeckFormat, deck};
use super::font::text_width;
use super::geometry::{MARGIN, SMALL_SIZE};
use super::image::Making;
use super::scene::Scene;
use super::state::Picture;
use super::svg::write_svg;
use super::{Diagram, DiagramFormat, Engine, ImageOptions, RenderError, picture_bytes, tikz_bytes};
use crate::cleanup::{self, Registered};

/// The name of frame `number` (from 1) of `count`: `frame-001.svg`; at
/// least three digits, more when there are more frames.
pub fn frame_name(number: usize, count: usize, format: DiagramFormat) -> String {
    let width = count.to_string().len().max(3);
    format!("frame-{number:0width$}.{}", format.name())
}

/// Whether a file name is a frame's, of any number, in `format`.
fn is_frame_name(name: &str, format: DiagramFormat) -> bool {
    let Some(stem) = name
        .strip_prefix("frame-")
        .and_then(|rest| rest.strip_suffix(&format!(".{}", format.name())))
    else {
        return false;
    };
    !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit())
}

impl Diagram<'_> {
    /// The DOT text of every frame: one for each event of the trace that
    /// changes the picture. The last frame is the full diagram.
    pub fn frames(&self) -> Vec<String> {
        let full = Picture::after(self.tree, self.events);
        let mut picture = Picture::new(self.tree);
        let mut frames: Vec<String> = Vec::new();
        for event in self.events {
            picture.apply(self.tree, event);
            let dot = self.dot(&picture, Some(&full));
            if frames.last() != Some(&dot) {
                frames.push(dot);
            }
        }
        frames
    }

    /// The DOT text of one frame after each prefix of the trace that
    /// `ends` gives (the number of events shown, rising): for a simulated
    /// parallel search, one frame per time step
    /// ([`Schedule::step_ends`](crate::trace::Schedule::step_ends)).
    pub fn frames_at(&self, ends: &[usize]) -> Vec<String> {
        let full = Picture::after(self.tree, self.events);
        let mut picture = Picture::new(self.tree);
        let mut shown = 0;
        let mut frames = Vec::with_capacity(ends.len());
        for &end in ends {
            let end = end.min(self.events.len());
            for event in &self.events[shown.min(end)..end] {
                picture.apply(self.tree, event);
            }
            shown = shown.max(end);
            frames.push(self.dot(&picture, Some(&full)));
        }
        frames
    }

    /// The SVG of every frame, drawn natively on the full diagram's
    /// geometry: a frame shows only what the trace has said so far, and
    /// nothing of what comes later takes visible room. With captions on,
    /// each carries the numbered trace line of its step (as `trace` prints
    /// it) under the drawing.
    pub fn svg_frames(&self) -> Vec<String> {
        self.scene_frames().iter().map(write_svg).collect()
    }

    /// The scene of every frame (see [`svg_frames`]).
    ///
    /// [`svg_frames`]: Diagram::svg_frames
    fn scene_frames(&self) -> Vec<Scene> {
        let full = Picture::after(self.tree, self.events);
        let geometry = self.geometry(&full);
        let mut picture = Picture::new(self.tree);
        let mut frames: Vec<Scene> = Vec::new();
        let mut captions: Vec<String> = Vec::new();
        let (mut last, mut line, mut step) = (None, None, 0);
        for event in self.events {
            picture.apply(self.tree, event);
            if let Some(text) = event.line(self.tree, self.options.strict) {
                step += 1;
                line = Some(format!("{step}. {text}"));
            }
            let bare = self.scene(&picture, &geometry, None);
            if last.as_ref() == Some(&bare) {
                continue;
            }
            let caption = line.clone().unwrap_or_default();
            frames.push(match self.options.captions {
                true => self.scene(&picture, &geometry, Some(&caption)),
                false => bare.clone(),
            });
            captions.push(caption);
            last = Some(bare);
        }
        if self.options.captions {
            widen_for(&mut frames, &captions);
        }
        frames
    }

    /// Every frame in `format`, made as `image` says; HTML is refused with
    /// [`RenderError::NotADiagram`], since the web page holds every step
    /// itself.
    pub fn frame_bytes(
        &self,
        format: DiagramFormat,
        image: ImageOptions,
    ) -> Result<Vec<Vec<u8>>, RenderError> {
        match (format.making(), image.engine) {
            (Making::Dot, _) => Ok(self.frames().into_iter().map(String::into_bytes).collect()),
            (Making::Page, _) => Err(RenderError::NotADiagram { format }),
            (Making::Beamer | Making::Forest, _) => Err(RenderError::NoFrames { format }),
            (Making::Tikz, _) => Ok(self
                .scene_frames()
                .iter()
                .map(|scene| tikz_bytes(scene, image))
                .collect()),
            (Making::Picture(picture), Engine::Native) => self
                .scene_frames()
                .iter()
                .map(|scene| picture_bytes(scene, picture, image))
                .collect(),
            (Making::Picture(_), Engine::Graphviz) => {
                self.frames().iter().map(|dot| format.bytes(dot)).collect()
            }
        }
    }
}

impl Diagram<'_> {
    /// Every frame in one file, drawn natively: a PDF of one page per frame
    /// (a slide deck), or an animated PNG (looping, each frame shown for
    /// `image.frame_delay_ms`).
    pub fn frame_deck(
        &self,
        format: DeckFormat,
        image: ImageOptions,
    ) -> Result<Vec<u8>, RenderError> {
        deck(
            format,
            &self.svg_frames(),
            image.scale,
            image.frame_delay_ms,
        )
    }
}

/// Widens every frame to hold the longest caption, so that all frames
/// have one size.
fn widen_for(frames: &mut [Scene], captions: &[String]) {
    let widest = captions
        .iter()
        .map(|caption| text_width(caption, SMALL_SIZE) + 2.0 * MARGIN)
        .fold(0.0, f64::max);
    for frame in frames {
        frame.width = frame.width.max(widest);
    }
}

/// Writes `frames` (each the bytes of one file in `format`) into `dir`,
/// as a set: after it,
/// `dir` holds either the frames of an earlier run, untouched, or the whole
/// new set, never a mix.
///
/// The scheme:
/// 1. every frame is made and written into a staging folder inside `dir`
///    (created if needed), `.gametree-PID-N.frames.tmp`: the same file
///    system, and no permission needed on `dir`'s parent;
/// 2. under an exclusive lock on `dir` (so that concurrent renders switch
///    one after the other, each leaving one complete set), the earlier
///    frames (regular files named `frame-NNN.EXT` in this format) move into
///    a second folder, `.gametree-PID-N.replaced.tmp`, and the new ones move
///    in; if a move fails, the moves done are undone in reverse, leaving
///    the earlier set;
/// 3. the two folders are removed.
///
/// A signal waits for the switch to end ([`cleanup::uninterrupted`]), then
/// removes the folders; the folders of a run killed outright are swept by
/// the next one. Every error names the path it is about. A `dir` made by
/// this call is removed again on an error.
pub fn write_frames(
    dir: &Path,
    format: DiagramFormat,
    frames: &[Vec<u8>],
) -> Result<(), RenderError> {
    let created = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| at(dir, e))?;
    let written = write_set(dir, format, frames);
    if written.is_err() && created {
        let _ = std::fs::remove_dir(dir);
    }
    written
}

/// An error about `path`.
fn at(path: &Path, source: std::io::Error) -> RenderError {
    RenderError::Path {
        path: path.to_path_buf(),
        source,
    }
}

/// Folders made by this process, so that each gets its own name.
static FOLDERS: AtomicU64 = AtomicU64::new(0);

/// A new, registered folder in `dir` for `purpose`.
fn temporary_folder(dir: &Path, purpose: &str) -> Result<Registered, RenderError> {
    let n = FOLDERS.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(cleanup::leftover_name(purpose, n));
    let made = cleanup::create(path.clone(), |path| std::fs::create_dir(path));
    made.map(|(registered, ())| registered)
        .map_err(|e| at(&path, e))
}

fn write_set(dir: &Path, format: DiagramFormat, frames: &[Vec<u8>]) -> Result<(), RenderError> {
    cleanup::sweep_leftovers(dir);
    let staging = temporary_folder(dir, "frames")?;
    let names = build_frames(staging.path(), format, frames)?;
    let replaced = temporary_folder(dir, "replaced")?;
    let lock = std::fs::File::open(dir).map_err(|e| at(dir, e))?;
    lock.lock().map_err(|e| at(dir, e))?;
    let switched =
        cleanup::uninterrupted(|| switch(dir, format, staging.path(), replaced.path(), &names));
    drop(lock);
    switched
}

fn build_frames(
    staging: &Path,
    format: DiagramFormat,
    frames: &[Vec<u8>],
) -> Result<Vec<String>, RenderError> {
    let mut names = Vec::with_capacity(frames.len());
    for (index, bytes) in frames.iter().enumerate() {
        let name = frame_name(index + 1, frames.len(), format);
        let path = staging.join(&name);
        std::fs::write(&path, bytes).map_err(|e| at(&path, e))?;
        names.push(name);
    }
    Ok(names)
}

/// One rename done, to undo on a failure.
struct Moved {
    from: PathBuf,
    to: PathBuf,
}

/// Moves the earlier frames of `dir` into `replaced` and the new ones from
/// `staging` into `dir`; on a failure, undoes every move done.
fn switch(
    dir: &Path,
    format: DiagramFormat,
    staging: &Path,
    replaced: &Path,
    names: &[String],
) -> Result<(), RenderError> {
    let mut done: Vec<Moved> = Vec::new();
    let result = earlier_frames(dir, format).and_then(|earlier| {
        let out = earlier
            .iter()
            .map(|name| (dir.join(name), replaced.join(name)));
        let new = names
            .iter()
            .map(|name| (staging.join(name), dir.join(name)));
        for (from, to) in out.chain(new) {
            std::fs::rename(&from, &to).map_err(|e| at(&to, e))?;
            done.push(Moved { from, to });
        }
        Ok(())
    });
    if result.is_err() {
        for moved in done.iter().rev() {
            let _ = std::fs::rename(&moved.to, &moved.from);
        }
    }
    result
}

/// The regular files of `dir` named as frames in `format`.
fn earlier_frames(dir: &Path, format: DiagramFormat) -> Result<Vec<String>, RenderError> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| at(dir, e))? {
        let entry = entry.map_err(|e| at(dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file && is_frame_name(&name, format) {
            names.push(name);
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_names_are_zero_padded() {
        assert_eq!(frame_name(7, 39, DiagramFormat::Svg), "frame-007.svg");
        assert_eq!(frame_name(7, 1200, DiagramFormat::Dot), "frame-0007.dot");
        assert!(is_frame_name("frame-0007.dot", DiagramFormat::Dot));
        assert!(!is_frame_name("frame-0007.svg", DiagramFormat::Dot));
        assert!(!is_frame_name("frame-.dot", DiagramFormat::Dot));
        assert!(!is_frame_name("notes.dot", DiagramFormat::Dot));
    }

    #[test]
    fn a_web_page_is_no_diagram_for_any_engine() {
        use crate::search::{Algorithm, Options, search};
        use crate::trace::Trace;

        let tree = crate::syntax::parse("t", "max [min [3, 5], min [2, 9]]").unwrap();
        let mut trace = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
        let diagram = Diagram::new(&tree, &trace, &result, Default::default());
        for engine in [Engine::Native, Engine::Graphviz] {
            let image = ImageOptions {
                engine,
                ..ImageOptions::default()
            };
            for made in [
                diagram.to_bytes(DiagramFormat::Html, image).map(|_| ()),
                diagram.frame_bytes(DiagramFormat::Html, image).map(|_| ()),
            ] {
                assert!(matches!(made, Err(RenderError::NotADiagram { .. })));
            }
            let frames = diagram.frame_bytes(DiagramFormat::Tex, image).unwrap();
            assert!(frames.len() > 1);
            assert!(
                frames
                    .iter()
                    .all(|frame| frame.starts_with(b"% Drawn by gametree"))
            );
        }
    }
}
