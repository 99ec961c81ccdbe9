//! Where an Inca of one seat can walk in a turn: the same-terrain areas it crosses for
//! free and which areas a terrain change (1 AP) joins, built once per legal list.

use super::super::data::{Terrain, NONE};
use super::super::state::State;
use super::passable;

/// Where an Inca of one seat can walk: the cells it may stand on or pass grouped into
/// same-terrain areas (free to cross), and which areas touch (1 AP to step across).
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// Area of each cell (`NONE`: impassable for this seat).
    pub area: Vec<u16>,
    /// How many 64-bit words a set of areas takes.
    words: usize,
    /// The neighbouring areas of each area, as a set of areas (`words` words per area;
    /// a bit set rather than lists: one allocation, no duplicates to look for).
    touch: Vec<u64>,
}

/// Builds the walking areas of `seat` (L126-134); `steps` says whether the areas' adjacency
/// is needed (not when no AP is left to change terrain).
pub fn walk(s: &State, seat: u8, steps: bool) -> Walk {
    let board = &s.data.board;
    let mut area = vec![NONE; s.spaces.len()];
    // Each cell's terrain where this seat may pass, judged once per cell
    // rather than once per neighbour looking at it.
    let ground: Vec<Option<Terrain>> = (0..s.spaces.len() as u16)
        .map(|c| {
            if passable(s, seat, c) {
                s.space(c).terrain()
            } else {
                None
            }
        })
        .collect();
    let mut areas = 0u16;
    // Room for every cell at once: the stack never grows while it is walked.
    let mut stack = Vec::with_capacity(s.spaces.len());
    for start in 0..s.spaces.len() as u16 {
        let t = ground[usize::from(start)];
        if area[usize::from(start)] != NONE || t.is_none() {
            continue;
        }
        let id = areas;
        areas += 1;
        area[usize::from(start)] = id;
        stack.push(start);
        while let Some(c) = stack.pop() {
            for &n in &board.neighbors[usize::from(c)] {
                if area[usize::from(n)] == NONE && ground.get(usize::from(n)) == Some(&t) {
                    area[usize::from(n)] = id;
                    stack.push(n);
                }
            }
        }
    }
    let words = usize::from(areas).div_ceil(64);
    let mut w = Walk {
        area,
        words,
        touch: Vec::new(),
    };
    if !steps {
        return w;
    }
    w.touch = vec![0; usize::from(areas) * words];
    for c in 0..s.spaces.len() {
        let a = w.area[c];
        if a == NONE {
            continue;
        }
        for &n in &board.neighbors[c] {
            let b = w.area[usize::from(n)];
            if b != NONE && b != a {
                w.touch[usize::from(a) * words + usize::from(b) / 64] |= 1u64 << (b % 64);
            }
        }
    }
    w
}

impl Walk {
    /// The areas within `limit` terrain changes of the area of `from`, as a set of areas in
    /// `seen` (empty when `from` is impassable). `frontier` and `next` are scratch space.
    pub fn reach(
        &self,
        from: u16,
        limit: u8,
        seen: &mut Vec<u64>,
        frontier: &mut Vec<u64>,
        next: &mut Vec<u64>,
    ) {
        for v in [&mut *seen, &mut *frontier, &mut *next] {
            v.clear();
            v.resize(self.words, 0);
        }
        let Some(&a) = self.area.get(usize::from(from)).filter(|&&a| a != NONE) else {
            return;
        };
        seen[usize::from(a) / 64] |= 1u64 << (a % 64);
        frontier.copy_from_slice(seen);
        for _ in 0..limit {
            next.iter_mut().for_each(|x| *x = 0);
            for (wi, &bits) in frontier.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let x = wi * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let row = self.touch.get(x * self.words..(x + 1) * self.words);
                    for (n, &t) in next.iter_mut().zip(row.unwrap_or_default()) {
                        *n |= t;
                    }
                }
            }
            let mut any = false;
            for ((n, s), f) in next
                .iter_mut()
                .zip(seen.iter_mut())
                .zip(frontier.iter_mut())
            {
                *n &= !*s;
                *s |= *n;
                *f = *n;
                any |= *n != 0;
            }
            if !any {
                return;
            }
        }
    }

    /// Whether `area` is in the set `seen` that `reach` gave.
    pub fn reached(seen: &[u64], area: u16) -> bool {
        area != NONE
            && seen
                .get(usize::from(area) / 64)
                .is_some_and(|w| *w & (1u64 << (area % 64)) != 0)
    }
}
