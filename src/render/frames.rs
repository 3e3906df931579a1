//! Step-by-step frames, written all at once or not at all.

use std::path::{Path, PathBuf};

use super::deck::deck;
#[cfg(doc)]
use super::deck::deck_format;
use super::font::text_width;
use super::geometry::{MARGIN, SMALL_SIZE};
use super::scene::Scene;
use super::state::Picture;
use super::svg::write_svg;
use super::{Diagram, Engine, Format, ImageOptions, RenderError, native_bytes};
use crate::output::write_atomically;

/// The name of frame `number` (from 1) of `count`: `frame-001.svg`; at
/// least three digits, more when there are more frames.
pub fn frame_name(number: usize, count: usize, format: Format) -> String {
    let width = count.to_string().len().max(3);
    format!("frame-{number:0width$}.{}", format.name())
}

/// Whether a file name is a frame's, of any number, in `format`.
fn is_frame_name(name: &str, format: Format) -> bool {
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

    /// Every frame in `format`, made as `image` says.
    pub fn frame_bytes(
        &self,
        format: Format,
        image: ImageOptions,
    ) -> Result<Vec<Vec<u8>>, RenderError> {
        match (format, image.engine) {
            (Format::Dot, _) => Ok(self.frames().into_iter().map(String::into_bytes).collect()),
            (Format::Tex, _) | (_, Engine::Native) => self
                .scene_frames()
                .iter()
                .map(|scene| native_bytes(scene, format, image))
                .collect(),
            (_, Engine::Graphviz) => self.frames().iter().map(|dot| format.bytes(dot)).collect(),
        }
    }
}

impl Diagram<'_> {
    /// Every frame in one file, drawn natively: a PDF of one page per frame
    /// (a slide deck), or an animated PNG (looping, each frame shown for
    /// `image.frame_delay_ms`); `format` is one that [`deck_format`]
    /// accepts.
    pub fn frame_deck(&self, format: Format, image: ImageOptions) -> Result<Vec<u8>, RenderError> {
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

/// Writes `frames` (each the bytes of one file in `format`) into `dir`.
///
/// Every frame is made and written into a temporary folder beside `dir`
/// first; only when all succeeded do they move into `dir` (created if
/// needed), where they replace frames of an earlier run. On any error the
/// temporary folder is removed and `dir` is left as it was.
pub fn write_frames(dir: &Path, format: Format, frames: &[Vec<u8>]) -> Result<(), RenderError> {
    let staging = staging_folder(dir)?;
    let built = build_frames(&staging, format, frames);
    let moved = built.and_then(|names| move_into_place(&staging, dir, format, &names));
    if staging.exists() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    moved
}

fn staging_folder(dir: &Path) -> Result<PathBuf, RenderError> {
    let name = dir.file_name().ok_or_else(|| {
        RenderError::Io(std::io::Error::other("the frames folder names no folder"))
    })?;
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let staging = parent.join(format!(
        ".{}.frames-{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    std::fs::create_dir(&staging)?;
    Ok(staging)
}

fn build_frames(
    staging: &Path,
    format: Format,
    frames: &[Vec<u8>],
) -> Result<Vec<String>, RenderError> {
    let mut names = Vec::with_capacity(frames.len());
    for (index, bytes) in frames.iter().enumerate() {
        let name = frame_name(index + 1, frames.len(), format);
        write_atomically(&staging.join(&name), bytes)?;
        names.push(name);
    }
    Ok(names)
}

/// Moves the frames into `dir`: the whole folder at once when `dir` is new,
/// else file by file, then removes frames left from a longer earlier run.
fn move_into_place(
    staging: &Path,
    dir: &Path,
    format: Format,
    names: &[String],
) -> Result<(), RenderError> {
    if !dir.exists() {
        std::fs::rename(staging, dir)?;
        return Ok(());
    }
    for name in names {
        std::fs::rename(staging.join(name), dir.join(name))?;
    }
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if is_frame_name(&name, format) && !names.contains(&name) {
            std::fs::remove_file(dir.join(&name))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_names_are_zero_padded() {
        assert_eq!(frame_name(7, 39, Format::Svg), "frame-007.svg");
        assert_eq!(frame_name(7, 1200, Format::Dot), "frame-0007.dot");
        assert!(is_frame_name("frame-0007.dot", Format::Dot));
        assert!(!is_frame_name("frame-0007.svg", Format::Dot));
        assert!(!is_frame_name("frame-.dot", Format::Dot));
        assert!(!is_frame_name("notes.dot", Format::Dot));
    }
}
