//! PNG encoding of a `Canvas`. Board pictures are flat colours, so most fit
//! an indexed palette (1, 2, 4 or 8 bits a pixel), which keeps mails small;
//! anything with more than 256 colours is written as plain RGB.

use super::canvas::Canvas;
use std::io::Write;

/// A picture that could not be written as PNG: no empty picture stands in
/// for it.
#[derive(Debug, thiserror::Error)]
#[error("the board picture could not be encoded as PNG: {0}")]
pub struct EncodeError(#[from] std::io::Error);

/// The canvas as PNG bytes.
pub fn encode(canvas: &Canvas) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    encode_into(canvas, &mut out)?;
    Ok(out)
}

/// Writes the canvas as PNG to `out`.
pub fn encode_into(canvas: &Canvas, out: impl Write) -> Result<(), EncodeError> {
    match Indexed::of(canvas) {
        Some(indexed) => encode_indexed(canvas, &indexed, out)?,
        None => encode_rgb(canvas, out)?,
    }
    Ok(())
}

/// A picture as palette indices: its colours in order of first appearance
/// and each pixel's index into them.
struct Indexed {
    colours: Vec<[u8; 3]>,
    indices: Vec<u8>,
}

/// Slots of the direct-mapped cache that finds a colour's palette index.
const CACHE_SLOTS: usize = 1024;

/// A cache slot for `c`: a cheap mix of its channels, computed only when
/// the colour changes along a row (board pictures are long runs).
fn slot(c: [u8; 3]) -> usize {
    let v = u32::from(c[0]) | u32::from(c[1]) << 8 | u32::from(c[2]) << 16;
    (v.wrapping_mul(0x9E37_79B1) >> 22) as usize % CACHE_SLOTS
}

impl Indexed {
    /// The canvas's indices in one pass, or `None` when it has more
    /// colours than a PNG palette holds (257th colour has no u8 index).
    fn of(canvas: &Canvas) -> Option<Indexed> {
        let pixels = canvas.pixels();
        let mut colours: Vec<[u8; 3]> = Vec::new();
        let mut indices = Vec::with_capacity(pixels.len());
        // Each slot: a colour and its index; a miss searches the palette.
        let mut cache: Vec<Option<([u8; 3], u8)>> = vec![None; CACHE_SLOTS];
        let mut last: Option<([u8; 3], u8)> = None;
        for &p in pixels {
            let i = match last {
                Some((c, i)) if c == p => i,
                _ => {
                    let s = slot(p);
                    let i = match cache.get(s).copied().flatten() {
                        Some((c, i)) if c == p => i,
                        _ => {
                            let i = match colours.iter().position(|c| *c == p) {
                                Some(i) => u8::try_from(i).ok()?,
                                None => {
                                    let i = u8::try_from(colours.len()).ok()?;
                                    colours.push(p);
                                    i
                                }
                            };
                            if let Some(e) = cache.get_mut(s) {
                                *e = Some((p, i));
                            }
                            i
                        }
                    };
                    last = Some((p, i));
                    i
                }
            };
            indices.push(i);
        }
        Some(Indexed { colours, indices })
    }
}

/// The smallest PNG bit depth whose palette indices cover `colours`.
fn bits_for(colours: usize) -> u8 {
    match colours {
        0..=2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    }
}

/// Packs one row of palette indices at `bits` per pixel, leftmost pixel in
/// the high bits, as PNG wants.
fn pack_row(indices: &[u8], bits: u8, out: &mut Vec<u8>) {
    if bits == 8 {
        out.extend_from_slice(indices);
        return;
    }
    let per_byte = usize::from(8 / bits);
    for chunk in indices.chunks(per_byte) {
        let mut byte = 0u8;
        for (n, i) in chunk.iter().enumerate() {
            byte |= i << (8 - bits as usize * (n + 1));
        }
        out.push(byte);
    }
}

fn encode_indexed(canvas: &Canvas, indexed: &Indexed, out: impl Write) -> std::io::Result<()> {
    let bits = bits_for(indexed.colours.len());
    let width = canvas.width() as usize;
    let row_bytes = (width * usize::from(bits)).div_ceil(8);
    let mut data = Vec::with_capacity((row_bytes + 1) * canvas.height() as usize);
    // Each row: its filter byte (0, none: the PNG spec's advice for
    // palette pictures), then its packed indices.
    for row in indexed.indices.chunks(width.max(1)) {
        data.push(0);
        pack_row(row, bits, &mut data);
    }
    let header = Header {
        width: canvas.width(),
        height: canvas.height(),
        bits,
        colour_type: 3,
    };
    write_png(out, &header, Some(&indexed.colours.concat()), &data)
}

fn encode_rgb(canvas: &Canvas, out: impl Write) -> std::io::Result<()> {
    let width = canvas.width() as usize;
    let mut data = Vec::with_capacity((width * 3 + 1) * canvas.height() as usize);
    for row in canvas.pixels().chunks(width.max(1)) {
        data.push(0);
        for p in row {
            data.extend_from_slice(p);
        }
    }
    let header = Header {
        width: canvas.width(),
        height: canvas.height(),
        bits: 8,
        colour_type: 2,
    };
    write_png(out, &header, None, &data)
}

/// The fields of a PNG's IHDR chunk that vary.
struct Header {
    width: u32,
    height: u32,
    bits: u8,
    /// 2: RGB, 3: palette indices.
    colour_type: u8,
}

/// A fast zlib level: on board pictures (`cargo bench --bench render`) a
/// third of the default level's time for about half as many bytes again;
/// level 1 is faster still but doubles the bytes.
const DEFLATE_LEVEL: u32 = 2;

/// A PNG file of filtered rows `data`: signature, IHDR, PLTE (with a
/// palette), one IDAT deflated at `DEFLATE_LEVEL`, IEND.
fn write_png(
    mut out: impl Write,
    h: &Header,
    palette: Option<&[u8]>,
    data: &[u8],
) -> std::io::Result<()> {
    out.write_all(b"\x89PNG\r\n\x1a\n")?;
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&h.width.to_be_bytes());
    ihdr.extend_from_slice(&h.height.to_be_bytes());
    // Bit depth, colour type, deflate, adaptive filtering, no interlace.
    ihdr.extend_from_slice(&[h.bits, h.colour_type, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr)?;
    if let Some(p) = palette {
        chunk(&mut out, b"PLTE", p)?;
    }
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(data.len() / 8),
        flate2::Compression::new(DEFLATE_LEVEL),
    );
    z.write_all(data)?;
    chunk(&mut out, b"IDAT", &z.finish()?)?;
    chunk(&mut out, b"IEND", &[])
}

/// One PNG chunk: length, type, data, CRC-32 of type and data.
fn chunk(out: &mut impl Write, kind: &[u8; 4], data: &[u8]) -> std::io::Result<()> {
    let len = u32::try_from(data.len()).map_err(std::io::Error::other)?;
    out.write_all(&len.to_be_bytes())?;
    out.write_all(kind)?;
    out.write_all(data)?;
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    out.write_all(&crc.sum().to_be_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_depth_follows_colour_count() {
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(3), 2);
        assert_eq!(bits_for(16), 4);
        assert_eq!(bits_for(17), 8);
        assert_eq!(bits_for(256), 8);
    }

    #[test]
    fn rows_pack_high_bits_first_and_pad() {
        let mut out = Vec::new();
        pack_row(&[1u8, 0, 1], 1, &mut out);
        assert_eq!(out, vec![0b1010_0000]);
        out.clear();
        pack_row(&[3u8, 2, 1, 0, 3], 2, &mut out);
        assert_eq!(out, vec![0b1110_0100, 0b1100_0000]);
        out.clear();
        pack_row(&[0xAu8, 0x5], 4, &mut out);
        assert_eq!(out, vec![0xA5]);
    }

    /// A sink that refuses every byte, as a full disk or a closed pipe would.
    struct Refusing;

    impl Write for Refusing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("no space left"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failed_encoding_is_an_error_not_an_empty_picture() {
        let canvas = Canvas::new(4, 3, crate::engine::Color::WHITE);
        let err = encode_into(&canvas, Refusing).expect_err("the sink refuses every byte");
        assert!(
            err.to_string().contains("could not be encoded as PNG"),
            "{err}"
        );
        let png = encode(&canvas).expect("memory accepts the picture");
        assert_eq!(&png[1..4], b"PNG");
    }
}
