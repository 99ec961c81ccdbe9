//! PNG encoding of a `Canvas`. Board pictures are flat colours, so most fit
//! an indexed palette (1, 2, 4 or 8 bits a pixel), which keeps mails small;
//! anything with more than 256 colours is written as plain RGB. Speed
//! matters (a picture per move): the canvas's pixels are palette indices
//! already, each row is filtered to make long runs of zeros, and a
//! compressor made for such rows (`fdeflate`) packs them.

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
    let mut rows = Rows::new(row_bytes, 1, canvas.height() as usize);
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
    let mut rows = Rows::new(width * 3, 3, canvas.height() as usize);
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
/// and the row's bytes, filtered by whichever of None, Sub, Up and Paeth
/// leaves the most zero bytes (board pictures: runs of one colour, rows like
/// the one above, diagonal outlines that Paeth predicts), since the
/// compressor (`deflate`) packs runs of zeros and little else.
struct Rows {
    data: Vec<u8>,
    row_bytes: usize,
    /// Bytes per pixel (at least 1): how far left Sub and Paeth look.
    bpp: usize,
    /// The unfiltered bytes of the row before the last one added.
    previous: Vec<u8>,
    /// The unfiltered bytes of the last row added.
    current: Vec<u8>,
    /// The last row Paeth-filtered, kept to copy out if it wins.
    paeth: Vec<u8>,
}

/// PNG's filter types, as the byte before each row names them.
const NONE: u8 = 0;
const SUB: u8 = 1;
const UP: u8 = 2;
const PAETH: u8 = 4;

impl Rows {
    fn new(row_bytes: usize, bpp: usize, height: usize) -> Rows {
        Rows {
            data: Vec::with_capacity((row_bytes + 1) * height),
            row_bytes,
            bpp: bpp.max(1),
            // Swapped by the first `next_row`: the row above the first is zeros.
            previous: Vec::with_capacity(row_bytes),
            current: vec![0; row_bytes],
            paeth: Vec::with_capacity(row_bytes),
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
        if self.previous.len() != self.row_bytes {
            // The first row: the row above is zeros, so Up is None and
            // Paeth is Sub.
            self.previous.clear();
            self.previous.resize(self.row_bytes, 0);
        }
        let bpp = self.bpp.min(self.current.len());
        let (row, above) = (&self.current, &self.previous);
        let kind = if row == above {
            UP
        } else {
            // Counted in u16 lanes (a row is at most 3 × `MAX_SIDE` bytes),
            // so the loops vectorise wide.
            let zeros = |v: &[u8]| -> u16 { v.iter().map(|b| u16::from(*b == 0)).sum() };
            let same = |a: &[u8], b: &[u8]| -> u16 {
                a.iter().zip(b).map(|(x, y)| u16::from(x == y)).sum()
            };
            let (head, tail) = row.split_at(bpp);
            let none = zeros(row);
            let sub = zeros(head) + same(tail, row);
            let up = same(row, above);
            paeth_row(row, above, bpp, &mut self.paeth);
            let paeth = zeros(&self.paeth);
            // Ties go to the simpler filter.
            [(up, UP), (sub, SUB), (paeth, PAETH)]
                .into_iter()
                .fold((none, NONE), |best, c| if c.0 > best.0 { c } else { best })
                .1
        };
        self.data.push(kind);
        let at = self.data.len();
        let (row, above) = (&self.current, &self.previous);
        match kind {
            UP => self
                .data
                .extend(row.iter().zip(above).map(|(b, a)| b.wrapping_sub(*a))),
            SUB => {
                self.data.extend_from_slice(row.get(..bpp).unwrap_or(&[]));
                let left = row.iter();
                self.data.extend(
                    row.iter()
                        .skip(bpp)
                        .zip(left)
                        .map(|(b, l)| b.wrapping_sub(*l)),
                );
            }
            PAETH => self.data.extend_from_slice(&self.paeth),
            _ => self.data.extend_from_slice(row),
        }
        debug_assert_eq!(self.data.len() - at, self.row_bytes);
    }
}

/// `row` Paeth-filtered against `above` into `out`: each byte less the one
/// of left, above and above-left nearest to left + above - above-left.
/// Written without branches so the compiler vectorises it.
fn paeth_row(row: &[u8], above: &[u8], bpp: usize, out: &mut Vec<u8>) {
    out.clear();
    out.resize(row.len(), 0);
    let bpp = bpp.min(row.len());
    let (out_head, out_tail) = out.split_at_mut(bpp);
    // Left of the first pixel is zeros: the predictor is the byte above.
    for (o, (b, a)) in out_head.iter_mut().zip(row.iter().zip(above)) {
        *o = b.wrapping_sub(*a);
    }
    let (tail, aboves) = (
        row.get(bpp..).unwrap_or(&[]),
        above.get(bpp..).unwrap_or(&[]),
    );
    let neighbours = row.iter().zip(above).zip(aboves);
    for (o, (x, ((a, c), b))) in out_tail.iter_mut().zip(tail.iter().zip(neighbours)) {
        *o = x.wrapping_sub(paeth(*a, *b, *c));
    }
}

/// PNG's Paeth predictor of a byte from the bytes left (`a`), above (`b`)
/// and above-left (`c`).
#[inline(always)]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ia, ib, ic) = (i16::from(a), i16::from(b), i16::from(c));
    let pa = (ib - ic).abs();
    let pb = (ia - ic).abs();
    let pc = (ia + ib - 2 * ic).abs();
    let b_or_c = if pb <= pc { b } else { c };
    if (pa <= pb) & (pa <= pc) {
        a
    } else {
        b_or_c
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
/// palette), one IDAT (`deflate`), IEND.
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

/// The filtered rows as a zlib stream by `fdeflate`, which packs runs of
/// zeros with a Huffman code fixed for PNG rows. Measured on board pictures
/// (`cargo bench --bench render`, CPU per 712-px picture): a third to a
/// quarter of the time of `flate2`'s level 2 (miniz), pictures about a
/// third larger once Paeth joins the row filters; miniz's level 1 and
/// zlib-rs's levels 1-3 were each at least twice fdeflate's time. A picture
/// it leaves over `FAST_ENOUGH_BYTES` (Cuzco's many hex outlines) is
/// compressed again at miniz's level 2, which keeps it within the mail
/// budget (tests/pictures.rs) at the old cost.
fn deflate(data: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut z = fdeflate::Compressor::new(Vec::with_capacity(data.len() / 8))?;
    z.write_data(data)?;
    let fast = z.finish()?;
    if fast.len() <= FAST_ENOUGH_BYTES {
        return Ok(fast);
    }
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(fast.len()),
        flate2::Compression::new(2),
    );
    z.write_all(data)?;
    z.finish()
}

/// The largest picture `fdeflate`'s output is kept at: a fifth under the
/// 150 KB a mail's picture may have.
const FAST_ENOUGH_BYTES: usize = 120_000;

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
