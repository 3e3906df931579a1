//! The playground's Content-Security-Policy. Its own script and style are
//! files of the server (`'self'`); the page of a tree, shown in a
//! sandboxed `srcdoc` frame, inherits this policy (a `srcdoc` document
//! takes its parent's), so its inline script and style are allowed by
//! their SHA-256 hashes (FIPS 180-4, written here), and nothing else
//! inline is.

/// The policy: nothing by default; scripts and styles from the server or
/// with the hashes given (`'sha256-...'` sources); requests to the server
/// only; no plugins, no `<base>`, no form submissions, and no page may
/// frame the playground.
pub(super) fn policy(inline: &Inline) -> String {
    let sources = |hashes: &[String]| -> String {
        let mut hashes = hashes.to_vec();
        hashes.sort();
        hashes.dedup();
        hashes.iter().map(|h| format!(" '{h}'")).collect()
    };
    format!(
        "default-src 'none'; script-src 'self'{}; style-src 'self'{}; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'; object-src 'none'",
        sources(&inline.scripts),
        sources(&inline.styles)
    )
}

/// The CSP source of `text`'s hash: `sha256-` and the digest in base64.
fn hash_source(text: &str) -> String {
    format!("sha256-{}", base64(&sha256(text.as_bytes())))
}

/// The hashes of a page's inline code, as CSP sources.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Inline {
    /// Of its `<script>` elements without attributes (a `<script
    /// type="application/json">` is data, which a policy does not govern).
    pub(super) scripts: Vec<String>,
    /// Of its `<style>` elements.
    pub(super) styles: Vec<String>,
}

impl Inline {
    /// The hashes of `page`'s inline scripts and styles.
    pub(super) fn of(page: &str) -> Inline {
        Inline {
            scripts: elements(page, "<script>", "</script>")
                .map(hash_source)
                .collect(),
            styles: elements(page, "<style>", "</style>")
                .map(hash_source)
                .collect(),
        }
    }
}

/// The texts between each `open` tag and the `close` tag after it.
fn elements<'p>(page: &'p str, open: &'p str, close: &'p str) -> impl Iterator<Item = &'p str> {
    let mut rest = page;
    std::iter::from_fn(move || {
        let start = rest.find(open)? + open.len();
        let length = rest[start..].find(close)?;
        let text = &rest[start..start + length];
        rest = &rest[start + length + close.len()..];
        Some(text)
    })
}

/// The round constants of SHA-256 (FIPS 180-4, 4.2.2).
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// SHA-256's initial hash value (FIPS 180-4, 5.3.3).
const H0: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// The SHA-256 digest of `bytes` (FIPS 180-4).
fn sha256(bytes: &[u8]) -> [u8; 32] {
    let mut padded = bytes.to_vec();
    padded.push(0x80);
    while padded.len() % 64 != 56 {
        padded.push(0);
    }
    padded.extend_from_slice(&(bytes.len() as u64).wrapping_mul(8).to_be_bytes());
    let mut hash = H0;
    for block in padded.chunks_exact(64) {
        compress(&mut hash, block);
    }
    let mut digest = [0; 32];
    for (out, word) in digest.chunks_exact_mut(4).zip(hash) {
        out.copy_from_slice(&word.to_be_bytes());
    }
    digest
}

/// One 64-byte block into the hash (FIPS 180-4, 6.2.2).
fn compress(hash: &mut [u32; 8], block: &[u8]) {
    let mut w = [0u32; 64];
    for (word, bytes) in w.iter_mut().zip(block.chunks_exact(4)) {
        *word = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    }
    for t in 16..64 {
        let s0 = w[t - 15].rotate_right(7) ^ w[t - 15].rotate_right(18) ^ (w[t - 15] >> 3);
        let s1 = w[t - 2].rotate_right(17) ^ w[t - 2].rotate_right(19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16]
            .wrapping_add(s0)
            .wrapping_add(w[t - 7])
            .wrapping_add(s1);
    }
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *hash;
    for t in 0..64 {
        let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
        let choice = (e & f) ^ (!e & g);
        let t1 = h
            .wrapping_add(s1)
            .wrapping_add(choice)
            .wrapping_add(K[t])
            .wrapping_add(w[t]);
        let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
        let majority = (a & b) ^ (a & c) ^ (b & c);
        let t2 = s0.wrapping_add(majority);
        (h, g, f, e, d, c, b, a) = (g, f, e, d.wrapping_add(t1), c, b, a, t1.wrapping_add(t2));
    }
    for (word, add) in hash.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *word = word.wrapping_add(add);
    }
}

/// `bytes` in base64 with padding (RFC 4648, section 4).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(digest: [u8; 32]) -> String {
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha256_gives_the_standard_s_digests() {
        // FIPS 180-4's examples (one block, two blocks) and the empty text.
        assert_eq!(
            hex(sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(
            hex(sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(sha256(&vec![b'a'; 1_000_000])),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
    }

    #[test]
    fn base64_pads_as_rfc_4648_says() {
        // RFC 4648, section 10.
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (text, encoded) in cases {
            assert_eq!(base64(text.as_bytes()), encoded, "{text}");
        }
    }

    #[test]
    fn inline_code_is_the_text_of_plain_script_and_style_elements() {
        let page = "<style>\nb{}</style><script type=\"application/json\">{}</script>\
                    <script>\nrun();</script><script>two()</script>";
        let inline = Inline::of(page);
        assert_eq!(
            inline.scripts,
            [hash_source("\nrun();"), hash_source("two()")]
        );
        assert_eq!(inline.styles, [hash_source("\nb{}")]);
        assert_eq!(
            hash_source("abc"),
            "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
        );
        let policy = policy(&inline);
        assert!(policy.contains(&format!("style-src 'self' '{}';", hash_source("\nb{}"))));
        assert!(policy.contains("frame-ancestors 'none'"));
    }
}
