//! PNG encoding of a `Canvas`. Board pictures are flat colours, so most fit
//! an indexed palette (1, 2, 4 or 8 bits a pixel), which keeps mails small;
//! anything with more than 256 colours is written as plain RGB. Speed
//! matters (a picture per move): the canvas's pixels are palette indices
//! already, each row is filtered to make long runs of zeros, and a fast
//! zlib level compresses them.

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

/// Writes the canvas as PNG to `out`: indexed when its palette fits a
/// PNG's (the canvas's palette as it is: a colour drawn and then wholly
/// drawn over stays listed, which costs a few bytes and saves a pass).
pub fn encode_into(canvas: &Canvas, out: impl Write) -> Result<(), EncodeError> {
    if canvas.palette().len() <= 256 {
        encode_indexed(canvas, out)?;
    } else {
        encode_rgb(canvas, out)?;
    }
    Ok(())
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

/// Packs one row of palette indices (each below 2^`bits`) at `bits` per
/// pixel, leftmost pixel in the high bits, as PNG wants; the last byte is
/// padded with zeros.
fn pack_row(indices: &[u16], bits: u8, out: &mut Vec<u8>) {
    if bits >= 8 {
        out.extend(indices.iter().map(|i| *i as u8));
        return;
    }
    let per_byte = usize::from(8 / bits.max(1));
    let mut chunks = indices.chunks_exact(per_byte);
    let pack = |chunk: &[u16]| chunk.iter().fold(0u8, |byte, i| byte << bits | (*i as u8));
    out.extend(chunks.by_ref().map(pack));
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let pad = u32::from(bits) * (per_byte - rest.len()) as u32;
        out.push(pack(rest).checked_shl(pad).unwrap_or(0));
    }
}

fn encode_indexed(canvas: &Canvas, out: impl Write) -> std::io::Result<()> {
    let palette = canvas.palette();
    let bits = bits_for(palette.len());
    let width = canvas.width() as usize;
    let row_bytes = (width * usize::from(bits)).div_ceil(8);
    let mut rows = Rows::new(row_bytes, canvas.height() as usize);
    for row in canvas.pixels().chunks(width.max(1)) {
        pack_row(row, bits, rows.next_row());
        rows.filter_last();
    }
    let header = Header {
        width: canvas.width(),
        height: canvas.height(),
        bits,
        colour_type: 3,
    };
    write_png(out, &header, Some(&palette.concat()), &rows.data)
}

fn encode_rgb(canvas: &Canvas, out: impl Write) -> std::io::Result<()> {
    let width = canvas.width() as usize;
    let palette = canvas.palette();
    let mut rows = Rows::new(width * 3, canvas.height() as usize);
    for row in canvas.pixels().chunks(width.max(1)) {
        let data = rows.next_row();
        for p in row {
            data.extend_from_slice(palette.get(usize::from(*p)).unwrap_or(&[0; 3]));
        }
        rows.filter_last();
    }
    let header = Header {
        width: canvas.width(),
        height: canvas.height(),
        bits: 8,
        colour_type: 2,
    };
    write_png(out, &header, None, &rows.data)
}

/// PNG's filtered image data, built a row at a time: each row a filter byte
/// and the row's bytes, filtered by whichever of none, Sub and Up leaves
/// the most zero bytes (board pictures: runs of one colour and rows like
/// the one above), since the compressor packs runs of zeros.
struct Rows {
    data: Vec<u8>,
    row_bytes: usize,
    /// The unfiltered bytes of the row before the last one added.
    previous: Vec<u8>,
    /// The unfiltered bytes of the last row added.
    current: Vec<u8>,
}

impl Rows {
    fn new(row_bytes: usize, height: usize) -> Rows {
        Rows {
            data: Vec::with_capacity((row_bytes + 1) * height),
            row_bytes,
            // Swapped by the first `next_row`: the row above the first is zeros.
            previous: Vec::with_capacity(row_bytes),
            current: vec![0; row_bytes],
        }
    }

    /// A buffer for the next row's unfiltered bytes (`row_bytes` of them).
    fn next_row(&mut self) -> &mut Vec<u8> {
        std::mem::swap(&mut self.previous, &mut self.current);
        self.current.clear();
        &mut self.current
    }

    /// Filters the row just written into `next_row`'s buffer onto `data`.
    /// Plain loops over slices, so the compiler vectorises them.
    fn filter_last(&mut self) {
        self.current.resize(self.row_bytes, 0);
        let (row, above) = (&self.current, &self.previous);
        let (first, rest) = match row.split_first() {
            Some((f, r)) => (*f, r),
            None => (0, &row[..0]),
        };
        // Counted in u16 lanes (a row is at most 3 × `MAX_SIDE` bytes), so
        // the loops vectorise wide.
        let same =
            |a: &[u8], b: &[u8]| -> u16 { a.iter().zip(b).map(|(x, y)| u16::from(x == y)).sum() };
        // A row like the one above (most of a board) is Up: all zeros.
        let zeros_up = if above.len() == row.len() {
            if row == above {
                u16::MAX
            } else {
                same(row, above)
            }
        } else {
            0
        };
        let (zeros_none, zeros_sub) = if zeros_up == u16::MAX {
            (0, 0)
        } else {
            let zeros_none: u16 = row.iter().map(|b| u16::from(*b == 0)).sum();
            // Sub subtracts the byte to the left (0 left of the first).
            (zeros_none, u16::from(first == 0) + same(rest, row))
        };
        let at = self.data.len() + 1;
        self.data.resize(at + row.len(), 0);
        let Some(out) = self.data.get_mut(at - 1..) else {
            return;
        };
        let Some((kind, out)) = out.split_first_mut() else {
            return;
        };
        if zeros_up >= zeros_sub && zeros_up > zeros_none {
            *kind = 2;
            for (o, (b, a)) in out.iter_mut().zip(row.iter().zip(above)) {
                *o = b.wrapping_sub(*a);
            }
        } else if zeros_sub > zeros_none {
            *kind = 1;
            if let Some((o0, out)) = out.split_first_mut() {
                *o0 = first;
                for (o, (b, l)) in out.iter_mut().zip(rest.iter().zip(row)) {
                    *o = b.wrapping_sub(*l);
                }
            }
        } else {
            *kind = 0;
            out.copy_from_slice(row);
        }
    }
}

/// The fields of a PNG's IHDR chunk that vary.
struct Header {
    width: u32,
    height: u32,
    bits: u8,
    /// 2: RGB, 3: palette indices.
    colour_type: u8,
}

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
    chunk(&mut out, b"IDAT", &deflate(data)?)?;
    chunk(&mut out, b"IEND", &[])
}

/// A fast zlib level on rows filtered into runs of zeros. Measured on board
/// pictures (`cargo bench --bench render`): level 1 is a third faster but a
/// quarter larger, `fdeflate` (zero runs only) half the time but a third
/// larger, which puts Cuzco's picture over the mail budget
/// (tests/pictures.rs); level 2 is smaller than the unfiltered pictures were.
const DEFLATE_LEVEL: u32 = 2;

fn deflate(data: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(data.len() / 16),
        flate2::Compression::new(DEFLATE_LEVEL),
    );
    z.write_all(data)?;
    z.finish()
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
        pack_row(&[1u16, 0, 1], 1, &mut out);
        assert_eq!(out, vec![0b1010_0000]);
        out.clear();
        pack_row(&[3u16, 2, 1, 0, 3], 2, &mut out);
        assert_eq!(out, vec![0b1110_0100, 0b1100_0000]);
        out.clear();
        pack_row(&[0xAu16, 0x5], 4, &mut out);
        assert_eq!(out, vec![0xA5]);
        out.clear();
        pack_row(&[0xAu16, 0x5, 0xFF], 8, &mut out);
        assert_eq!(out, vec![0x0A, 0x05, 0xFF]);
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
