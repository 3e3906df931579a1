//! Step-by-step frames, written as a set: all at once or not at all.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::deck::{DeckFormat, deck};
use super::font::FONT_STACK;
use super::geometry::Geometry;
use super::image::Making;
use super::metrics::{LINE, MARGIN, SMALL_SIZE};
use super::scene::{CAPTION_LINES, CAPTION_WIDTH, Scene, caption_lines};
use super::state::Picture;
use super::svg::{escape, num, write_svg};
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
    /// The DOT text of every frame: one for each step of the trace (a line
    /// of `trace`) that changes the picture (or one per step given to
    /// [`with_steps`]), with its caption as a comment on its first line
    /// when captions are on.
    /// With captions off, the last frame is the full diagram.
    ///
    /// [`with_steps`]: Diagram::with_steps
    pub fn frames(&self) -> Vec<String> {
        self.dot_frames()
            .into_iter()
            .map(|(dot, caption)| match self.options.captions {
                true => format!("// {}\n{dot}", caption.replace(['\n', '\r'], " ")),
                false => dot,
            })
            .collect()
    }

    /// The DOT text of every frame and its caption.
    fn dot_frames(&self) -> Vec<(String, String)> {
        if let Some(steps) = &self.steps {
            return self.at_steps(steps, |picture, caption| {
                (self.dot(picture), caption.to_string())
            });
        }
        let mut last = None;
        let frames = self.at_steps(&self.trace_steps(), |picture, caption| {
            let dot = self.dot(picture);
            if last.as_ref() == Some(&dot) {
                return None;
            }
            last = Some(dot.clone());
            Some((dot, caption.to_string()))
        });
        frames.into_iter().flatten().collect()
    }

    /// Where each step of the search ends (after how many events) and its
    /// caption, its line as `trace` numbers it: an event `trace` writes no
    /// line for (entering a leaf) shows with the step after it (its
    /// evaluation), and events after the last step's, with it.
    fn trace_steps(&self) -> Vec<(usize, String)> {
        let mut steps: Vec<(usize, String)> = Vec::new();
        for (at, event) in self.events.iter().enumerate() {
            if let Some(text) = event.line(self.tree, self.options.strict) {
                steps.push((at + 1, format!("{}. {text}", steps.len() + 1)));
            }
        }
        if let Some((end, _)) = steps.last_mut() {
            *end = self.events.len();
        }
        steps
    }

    /// What `draw` makes of the picture after each of `steps` (the number
    /// of events shown, rising, and the step's caption).
    fn at_steps<T>(
        &self,
        steps: &[(usize, String)],
        mut draw: impl FnMut(&Picture, &str) -> T,
    ) -> Vec<T> {
        let mut picture = Picture::new(self.tree);
        let mut shown = 0;
        let mut frames = Vec::with_capacity(steps.len());
        for (end, caption) in steps {
            let end = (*end).min(self.events.len());
            for event in &self.events[shown.min(end)..end] {
                picture.apply(self.tree, event);
            }
            shown = shown.max(end);
            frames.push(draw(&picture, caption));
        }
        frames
    }

    /// The SVG of every frame, drawn natively on the geometry of the full
    /// diagram, which the tree alone decides: a frame shows only what the
    /// trace has said so far, and nothing of what comes later is in the
    /// file or takes room of its own. With captions on, each carries the
    /// numbered trace line of its step (as `trace` prints it) under the
    /// drawing.
    pub fn svg_frames(&self) -> Vec<String> {
        self.scene_frames().iter().map(write_svg).collect()
    }

    /// The scene of every frame (see [`svg_frames`]).
    ///
    /// [`svg_frames`]: Diagram::svg_frames
    pub(super) fn scene_frames(&self) -> Vec<Scene> {
        let geometry = self.geometry();
        let caption = |text: &str| self.options.captions.then(|| text.to_string());
        match &self.steps {
            Some(steps) => self.at_steps(steps, |picture, text| {
                self.scene(picture, &geometry, caption(text).as_deref())
            }),
            None => self.scenes_by_event(&geometry),
        }
    }

    /// One scene for each step of the trace that changes the picture.
    fn scenes_by_event(&self, geometry: &Geometry) -> Vec<Scene> {
        let mut last = None;
        let frames = self.at_steps(&self.trace_steps(), |picture, caption| {
            let bare = self.scene(picture, geometry, None);
            if last.as_ref() == Some(&bare) {
                return None;
            }
            let frame = match self.options.captions {
                true => self.scene(picture, geometry, Some(caption)),
                false => bare.clone(),
            };
            last = Some(bare);
            Some(frame)
        });
        frames.into_iter().flatten().collect()
    }

    /// The SVG of every frame drawn by Graphviz's `dot` (each frame's DOT
    /// through `dot -Tsvg`), with its caption under it when captions are
    /// on, all of one size.
    fn graphviz_svg_frames(&self) -> Result<Vec<String>, RenderError> {
        let frames = self.dot_frames();
        let drawn: Vec<String> = frames
            .iter()
            .map(|(dot, _)| DiagramFormat::Svg.bytes(dot))
            .map(|bytes| bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
            .collect::<Result<_, _>>()?;
        match self.options.captions {
            false => Ok(drawn),
            true => {
                let captions: Vec<&str> = frames.iter().map(|(_, c)| c.as_str()).collect();
                Ok(captioned(&drawn, &captions))
            }
        }
    }

    /// Every frame in `format`, made as `image` says; HTML is refused with
    /// [`RenderError::NotADiagram`], since the web page holds every step
    /// itself, and LaTeX with Graphviz with [`RenderError::NotByGraphviz`].
    pub fn frame_bytes(
        &self,
        format: DiagramFormat,
        image: ImageOptions,
    ) -> Result<Vec<Vec<u8>>, RenderError> {
        match (format.making(), image.engine) {
            (Making::Dot, _) => Ok(self.frames().into_iter().map(String::into_bytes).collect()),
            (Making::Page, _) => Err(RenderError::NotADiagram { format }),
            (Making::Beamer | Making::Forest, _) => Err(RenderError::NoFrames { format }),
            (Making::Tikz, Engine::Graphviz) => Err(RenderError::NotByGraphviz { format }),
            (Making::Tikz, Engine::Native) => Ok(self
                .scene_frames()
                .iter()
                .map(|scene| tikz_bytes(scene, image))
                .collect()),
            (Making::Picture(picture), Engine::Native) => self
                .scene_frames()
                .iter()
                .map(|scene| picture_bytes(scene, picture, image))
                .collect(),
            (Making::Picture(picture), Engine::Graphviz) => self
                .graphviz_svg_frames()?
                .iter()
                .map(|svg| super::raster::convert(picture, svg, image.scale))
                .collect(),
        }
    }

    /// Every frame in one file: a PDF of one page per frame (a slide deck),
    /// or an animated PNG (looping, each frame shown for
    /// `image.frame_delay_ms`), drawn by the engine `image` names.
    pub fn frame_deck(
        &self,
        format: DeckFormat,
        image: ImageOptions,
    ) -> Result<Vec<u8>, RenderError> {
        let frames = match image.engine {
            Engine::Native => self
                .scene_frames()
                .iter()
                .map(|scene| super::svg::write_svg_on(scene, image.slide))
                .collect(),
            Engine::Graphviz => self.graphviz_svg_frames()?,
        };
        deck(format, &frames, image.scale, image.frame_delay_ms)
    }
}

/// Graphviz's SVG frames with their captions under them, as the native
/// frames have them, all of one size.
fn captioned(frames: &[String], captions: &[&str]) -> Vec<String> {
    let sized: Vec<Option<(f64, f64)>> = frames.iter().map(|svg| svg_size(svg)).collect();
    let widest_drawing = sized.iter().flatten().map(|s| s.0).fold(0.0, f64::max);
    let width = widest_drawing.max(CAPTION_WIDTH + 2.0 * MARGIN);
    frames
        .iter()
        .zip(captions)
        .zip(sized)
        .map(|((svg, caption), size)| match size {
            Some((w, h)) => with_caption(svg, caption, (w, h), width),
            None => svg.clone(),
        })
        .collect()
}

/// The size in points of an SVG `dot` wrote (`width="123pt"`).
fn svg_size(svg: &str) -> Option<(f64, f64)> {
    let head = &svg[svg.find("<svg")?..];
    let head = &head[..head.find('>')?];
    let points = |name: &str| -> Option<f64> {
        let start = head.find(&format!(" {name}=\""))? + name.len() + 3;
        let value = &head[start..start + head[start..].find('"')?];
        value.trim_end_matches("pt").parse().ok()
    };
    Some((points("width")?, points("height")?))
}

/// `svg` (a whole SVG document `w` by `h` points) inside a new one
/// `width` points wide, with `caption` under it.
fn with_caption(svg: &str, caption: &str, (w, h): (f64, f64), width: f64) -> String {
    let body = &svg[svg.find("<svg").unwrap_or(0)..];
    let open = body.find('>').map_or(0, |end| end + 1);
    let head = nested_svg_head(&body[..open], w, h);
    let rest = &body[open..];
    let height = h + CAPTION_LINES as f64 * SMALL_SIZE * LINE + MARGIN;
    let (lines, size) = caption_lines(caption, width - 2.0 * MARGIN);
    let mut texts = String::new();
    for (k, line) in lines.iter().enumerate() {
        texts.push_str(&format!(
            "<text class=\"caption\" x=\"{}\" y=\"{}\" font-family=\"{FONT_STACK}\" \
             font-size=\"{}\">{}</text>\n",
            num(MARGIN),
            num(h + size + k as f64 * SMALL_SIZE * LINE),
            num(size),
            escape(line)
        ));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{wt}pt\" height=\"{ht}pt\" viewBox=\"0 0 {wt} {ht}\">\n\
         <rect width=\"{wt}\" height=\"{ht}\" fill=\"#ffffff\"/>\n\
         {head}{rest}\n{texts}</svg>\n",
        wt = num(width),
        ht = num(height),
    )
}

/// The opening tag of the drawing inside the captioned frame: its own
/// size, at the top left, its view box as `dot` wrote it in `open`.
fn nested_svg_head(open: &str, w: f64, h: f64) -> String {
    let view_box = open
        .find("viewBox=\"")
        .and_then(|start| {
            let rest = &open[start + 9..];
            rest.find('"').map(|end| rest[..end].to_string())
        })
        .unwrap_or_else(|| format!("0 0 {} {}", num(w), num(h)));
    format!(
        "<svg x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" viewBox=\"{view_box}\">",
        num(w),
        num(h)
    )
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
    fn a_web_page_is_no_diagram_and_latex_is_native_only() {
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
            let frames = diagram.frame_bytes(DiagramFormat::Tex, image);
            if engine == Engine::Graphviz {
                assert!(matches!(frames, Err(RenderError::NotByGraphviz { .. })));
                continue;
            }
            let frames = frames.unwrap();
            assert!(frames.len() > 1);
            assert!(
                frames
                    .iter()
                    .all(|frame| frame.starts_with(b"% Drawn by gametree"))
            );
        }
    }
}
