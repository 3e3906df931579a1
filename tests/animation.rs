//! Animated PNG frames store only what changed: played back (each frame's
//! rectangle blended over the one before), every frame is exactly the
//! frame `--frames DIR` draws, and the four-ply animation is far smaller
//! than its frames stored whole.

#![cfg(feature = "cli")]

mod common;

use std::path::Path;

use common::{entries, gametree, scratch};

/// The frames of an APNG as shown: RGBA, each composed over the last.
fn played(path: &Path) -> (u32, u32, Vec<Vec<u8>>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let (width, height) = (reader.info().width, reader.info().height);
    let count = reader.info().animation_control.unwrap().num_frames;
    let mut canvas = vec![0u8; (4 * width * height) as usize];
    let mut shown = Vec::new();
    let mut buffer = vec![0; reader.output_buffer_size()];
    for _ in 0..count {
        reader.next_frame(&mut buffer).unwrap();
        let control = reader.info().frame_control.unwrap();
        assert_eq!(control.dispose_op, png::DisposeOp::None);
        let (x0, y0) = (control.x_offset as usize, control.y_offset as usize);
        for y in 0..control.height as usize {
            for x in 0..control.width as usize {
                let from = 4 * (y * control.width as usize + x);
                let pixel = &buffer[from..from + 4];
                // Blended over: a transparent pixel keeps what was there,
                // an opaque one replaces it (the frames have no other).
                assert!(pixel[3] == 0 || pixel[3] == 255, "{pixel:?}");
                if pixel[3] == 255 || control.blend_op == png::BlendOp::Source {
                    let to = 4 * ((y0 + y) * width as usize + x0 + x);
                    canvas[to..to + 4].copy_from_slice(pixel);
                }
            }
        }
        shown.push(canvas.clone());
    }
    (width, height, shown)
}

/// A PNG file's RGBA pixels.
fn pixels(path: &Path) -> Vec<u8> {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buffer.truncate(info.buffer_size());
    buffer
}

#[test]
fn each_frame_of_the_animation_plays_back_as_drawn() {
    let dir = scratch("animation");
    let (anim, frames) = (dir.join("anim.png"), dir.join("frames"));
    let tree = "trees/lecture-a-to-v.tree";
    let scale = ["--scale", "1"];
    gametree(
        [
            &["render", tree, "--frames", anim.to_str().unwrap()][..],
            &scale,
        ]
        .concat(),
    )
    .stdout_bytes();
    let args = ["render", tree, "--format", "png", "--frames"];
    gametree([&args[..], &[frames.to_str().unwrap()], &scale].concat()).stdout_bytes();
    let (_, _, shown) = played(&anim);
    let names = entries(&frames);
    assert_eq!(shown.len(), names.len());
    for (k, name) in names.iter().enumerate() {
        assert!(shown[k] == pixels(&frames.join(name)), "frame {}", k + 1);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_four_ply_animation_is_a_quarter_of_its_frames_stored_whole() {
    let dir = scratch("animation-size");
    let (anim, last) = (dir.join("anim.png"), dir.join("last.png"));
    let tree = "tests/slides/four-ply.tree";
    gametree(["render", tree, "--frames", anim.to_str().unwrap()]).stdout_bytes();
    gametree(["render", tree, "-o", last.to_str().unwrap()]).stdout_bytes();
    let (_, _, shown) = played(&anim);
    let whole = shown.len() as u64 * std::fs::metadata(&last).unwrap().len();
    let size = std::fs::metadata(&anim).unwrap().len();
    assert!(shown.len() > 40, "{} frames", shown.len());
    assert!(4 * size <= whole, "{size} bytes, {whole} stored whole");
    std::fs::remove_dir_all(dir).unwrap();
}
