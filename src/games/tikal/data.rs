//! Component data: the terrain hexes (tile file) and the board's spaces (board
//! file), read from documented text files and checked against every count the
//! rulebook and the recovered facts give. The shipped files are substitutes.

use crate::engine::{Named, Shared};
use std::sync::{Arc, OnceLock};

/// The shipped (substitute) tile file.
pub const DEFAULT_TILES: &str = include_str!("data/tiles.txt");
/// The shipped (substitute) board file.
pub const DEFAULT_BOARD: &str = include_str!("data/board.txt");

/// Action point costs (rulebook L213-275, summary cards L704-718).
pub mod cost {
    /// Actions per turn (L134, L201-207).
    pub const AP_PER_TURN: u8 = 10;
    /// Bring a member onto the base camp or an own camp; camp-to-camp transfer (L215, L294-304).
    pub const NEW_MEMBER: u8 = 1;
    pub const CAMP_TRANSFER: u8 = 1;
    /// Uncover one temple level (L235).
    pub const DIG: u8 = 2;
    /// Recover one treasure (L246).
    pub const LOOT: u8 = 3;
    /// Exchange one treasure (L257).
    pub const SWAP: u8 = 3;
    /// Build a camp (L264).
    pub const CAMP: u8 = 5;
    /// Place a temple guard (L271).
    pub const GUARD: u8 = 5;
}

/// Per-turn limits: levels per temple (L237, L355) and discs per hex (L248, L379).
pub const DIG_PER_TEMPLE_PER_TURN: u8 = 2;
pub const LOOT_PER_HEX_PER_TURN: u8 = 2;

/// Force on a temple hex: leader 3, worker 1 (L285-287, L442-444).
pub const LEADER_FORCE: u32 = 3;
pub const WORKER_FORCE: u32 = 1;

/// Points for holding 1, 2 or 3 treasures of one kind (L394-398).
pub const TREASURE_SET_POINTS: [i32; 4] = [0, 1, 3, 6];

/// Square temple tiles by number 0..=10 (L31-41; FOUND.md T2): "2"x3 .. "10"x1, 48 in all.
pub const TEMPLE_TILES: [u8; 11] = [0, 0, 3, 6, 9, 11, 8, 5, 3, 2, 1];

/// Treasure kinds and discs per kind (L29, L390): 8 kinds x 3.
pub const TREASURE_KINDS: usize = 8;
pub const DISCS_PER_KIND: u8 = 3;
/// Mini-Tikal uses 4 of the 8 kinds (L830-832).
pub const MINI_TREASURE_KINDS: usize = 4;

/// Pieces and limits per player: basic and auction (L113, L432, L460) and Mini-Tikal (L794, L844, L847).
pub struct Pieces {
    pub workers: u8,
    pub camps: u8,
    pub guards: u8,
}
pub const PIECES: Pieces = Pieces {
    workers: 18,
    camps: 2,
    guards: 2,
};
pub const MINI_PIECES: Pieces = Pieces {
    workers: 12,
    camps: 1,
    guards: 1,
};

/// Starting score in the auction version and Mini-Tikal (L562, L834); basic 0 (spec 11 A1).
pub const AUCTION_START_SCORE: i32 = 20;

/// The kinds of terrain hex (rulebook L164-194) and the printed base camp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    Temple,
    Jungle,
    Treasure,
    Volcano,
    Base,
}

impl Kind {
    fn parse(word: &str) -> Option<Kind> {
        match word {
            "temple" => Some(Kind::Temple),
            "jungle" => Some(Kind::Jungle),
            "treasure" => Some(Kind::Treasure),
            "volcano" => Some(Kind::Volcano),
            "base" => Some(Kind::Base),
            _ => None,
        }
    }

    pub fn name_en(self) -> &'static str {
        match self {
            Kind::Temple => "temple",
            Kind::Jungle => "jungle",
            Kind::Treasure => "treasure",
            Kind::Volcano => "volcano",
            Kind::Base => "base camp",
        }
    }

    pub fn name_ko(self) -> &'static str {
        match self {
            Kind::Temple => "신전",
            Kind::Jungle => "정글",
            Kind::Treasure => "보물",
            Kind::Volcano => "화산",
            Kind::Base => "베이스 캠프",
        }
    }
}

/// One terrain hex as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    pub id: String,
    /// Back letter `A`..`G`; `None` for a hex printed on the board.
    pub letter: Option<char>,
    pub kind: Kind,
    /// Temple start value (0 for other kinds).
    pub value: u8,
    /// Golden masks = treasure discs put on the hex when placed.
    pub masks: u8,
    /// Stones per edge in the printed orientation: north, then clockwise.
    pub stones: [u8; 6],
    /// Also one of Mini-Tikal's 12 hexes.
    pub mini: bool,
    /// Printed on the board at this space.
    pub printed_at: Option<usize>,
}

/// A board space: its column and row (0-based) and whether Mini-Tikal uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    pub col: usize,
    pub row: usize,
    pub mini: bool,
}

/// The board: its spaces and who borders whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub cols: usize,
    pub rows: usize,
    pub spaces: Vec<Space>,
    /// Per space, the neighbouring space across each edge (north, then clockwise).
    pub neighbors: Vec<[Option<usize>; 6]>,
    /// The space at each column and row (`row * cols + col`), for quick lookup.
    pub grid: Vec<Option<usize>>,
}

impl Board {
    /// The space at a column and row, if the board has one there.
    pub fn at(&self, col: usize, row: usize) -> Option<usize> {
        if col >= self.cols || row >= self.rows {
            return None;
        }
        self.grid.get(row * self.cols + col).copied().flatten()
    }

    /// The name players type: column letter and row number (`C4`).
    pub fn name(&self, space: usize) -> String {
        match self.spaces.get(space) {
            Some(s) => format!("{}{}", column_letter(s.col), s.row + 1),
            None => "?".to_string(),
        }
    }

    /// The space named like `c4` (case-insensitive).
    pub fn find(&self, name: &str) -> Option<usize> {
        let mut chars = name.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let row: usize = chars.as_str().parse().ok()?;
        let col = (letter as u8 - b'A') as usize;
        self.at(col, row.checked_sub(1)?)
    }
}

/// The edge across from edge `e`.
#[inline]
pub fn opposite(e: usize) -> usize {
    (e + 3) % 6
}

/// Stones on each edge of a tile turned `rot` times clockwise.
pub fn turned(stones: [u8; 6], rot: u8) -> [u8; 6] {
    let mut out = [0; 6];
    for (e, slot) in out.iter_mut().enumerate() {
        *slot = stones[(e + 6 - (rot as usize % 6)) % 6];
    }
    out
}

/// The letter of a column (A for 0).
pub fn column_letter(col: usize) -> char {
    (b'A' + (col % 26) as u8) as char
}

/// The neighbour position across edge `e` (flat-topped hexes, odd columns half a hex lower).
fn step(col: usize, row: usize, edge: usize) -> Option<(usize, usize)> {
    let (c, r) = (col as i64, row as i64);
    let odd = col % 2 == 1;
    let (dc, dr) = match (edge, odd) {
        (0, _) => (0, -1),
        (1, false) => (1, -1),
        (1, true) => (1, 0),
        (2, false) => (1, 0),
        (2, true) => (1, 1),
        (3, _) => (0, 1),
        (4, false) => (-1, 0),
        (4, true) => (-1, 1),
        (5, false) => (-1, -1),
        (5, true) => (-1, 0),
        _ => return None,
    };
    let (nc, nr) = (c + dc, r + dr);
    if nc < 0 || nr < 0 {
        None
    } else {
        Some((nc as usize, nr as usize))
    }
}

/// Everything loaded: tiles and board, with where they came from.
#[derive(Debug, PartialEq, Eq)]
pub struct Data {
    pub tiles: Vec<Tile>,
    pub board: Board,
    /// Where the tiles came from (`built-in substitute` or a path).
    pub source: String,
}

impl Data {
    /// Indices of the hexes that go into the stack (not printed).
    pub fn stack_tiles(&self, mini: bool) -> Vec<usize> {
        (0..self.tiles.len())
            .filter(|&i| self.tiles[i].printed_at.is_none() && (!mini || self.tiles[i].mini))
            .collect()
    }

    /// Indices of the printed hexes.
    pub fn printed(&self) -> Vec<usize> {
        (0..self.tiles.len())
            .filter(|&i| self.tiles[i].printed_at.is_some())
            .collect()
    }

    /// The printed base camp's space.
    pub fn base_space(&self) -> Option<usize> {
        self.tiles
            .iter()
            .find(|t| t.kind == Kind::Base)
            .and_then(|t| t.printed_at)
    }
}

impl Named for Data {
    fn name(&self) -> &str {
        &self.source
    }
}

/// The built-in substitute set, parsed once.
pub fn default_data() -> Result<Shared<Data>, String> {
    static CELL: OnceLock<Result<Shared<Data>, String>> = OnceLock::new();
    CELL.get_or_init(|| {
        load(DEFAULT_TILES, DEFAULT_BOARD, "built-in substitute").map(|d| Shared::new(Arc::new(d)))
    })
    .clone()
}

/// Loads the data named by the options: the built-in set, or files by path.
pub fn load_paths(tiles: Option<&str>, board: Option<&str>) -> Result<Shared<Data>, String> {
    if tiles.is_none() && board.is_none() {
        return default_data();
    }
    let tile_text = match tiles {
        Some(p) => {
            crate::engine::read_data_file(p.as_ref()).map_err(|e| format!("tile file: {e}"))?
        }
        None => DEFAULT_TILES.to_string(),
    };
    let board_text = match board {
        Some(p) => {
            crate::engine::read_data_file(p.as_ref()).map_err(|e| format!("board file: {e}"))?
        }
        None => DEFAULT_BOARD.to_string(),
    };
    let source = format!(
        "tiles {} board {}",
        tiles.unwrap_or("built-in"),
        board.unwrap_or("built-in")
    );
    load(&tile_text, &board_text, &source).map(|d| Shared::new(Arc::new(d)))
}

/// Parses and checks a tile file and a board file.
pub fn load(tiles: &str, board: &str, source: &str) -> Result<Data, String> {
    let board = parse_board(board)?;
    let tiles = parse_tiles(tiles, &board)?;
    check_counts(&tiles, &board)?;
    Ok(Data {
        tiles,
        board,
        source: source.to_string(),
    })
}

fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

fn parse_board(text: &str) -> Result<Board, String> {
    let mut spaces = Vec::new();
    let mut cols = 0;
    let mut rows = 0;
    for (row, (line_no, line)) in content_lines(text).enumerate() {
        let row_text = line.split_whitespace().next().unwrap_or("");
        for (col, ch) in row_text.chars().enumerate() {
            match ch {
                'o' | 'm' => spaces.push(Space {
                    col,
                    row,
                    mini: ch == 'm',
                }),
                '.' => {}
                other => return Err(format!("board line {line_no}: '{other}' is not o, m or .")),
            }
            cols = cols.max(col + 1);
        }
        rows = row + 1;
    }
    if cols > 26 || rows > 99 || spaces.len() > 250 {
        return Err("board: at most 26 columns, 99 rows and 250 spaces".into());
    }
    let at = |c: usize, r: usize| spaces.iter().position(|s: &Space| s.col == c && s.row == r);
    let neighbors = spaces
        .iter()
        .map(|s| {
            let mut n = [None; 6];
            for (e, slot) in n.iter_mut().enumerate() {
                *slot = step(s.col, s.row, e).and_then(|(c, r)| at(c, r));
            }
            n
        })
        .collect();
    let mut grid = vec![None; cols * rows];
    for (i, sp) in spaces.iter().enumerate() {
        if let Some(g) = grid.get_mut(sp.row * cols + sp.col) {
            *g = Some(i);
        }
    }
    Ok(Board {
        cols,
        rows,
        spaces,
        neighbors,
        grid,
    })
}

fn parse_tiles(text: &str, board: &Board) -> Result<Vec<Tile>, String> {
    let mut tiles: Vec<Tile> = Vec::new();
    for (line_no, line) in content_lines(text) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 12 {
            return Err(format!(
                "tile line {line_no}: 12 fields expected, found {}",
                f.len()
            ));
        }
        let bad = |what: &str| format!("tile line {line_no}: bad {what}");
        let id = f[0].to_string();
        if tiles.iter().any(|t| t.id.eq_ignore_ascii_case(&id)) {
            return Err(format!("tile line {line_no}: id {id} used twice"));
        }
        let letter = match f[1] {
            "-" => None,
            l if l.len() == 1 && ('A'..='G').contains(&l.chars().next().unwrap_or(' ')) => {
                l.chars().next()
            }
            _ => return Err(bad("letter (A-G or -)")),
        };
        let kind = Kind::parse(f[2]).ok_or_else(|| bad("kind"))?;
        let value: u8 = f[3].parse().map_err(|_| bad("value"))?;
        let masks: u8 = f[4].parse().map_err(|_| bad("masks"))?;
        let mut stones = [0u8; 6];
        for (e, s) in stones.iter_mut().enumerate() {
            *s = f[5 + e].parse().map_err(|_| bad("stones"))?;
            if *s > 3 {
                return Err(format!(
                    "tile line {line_no}: more than 3 stones on one edge"
                ));
            }
        }
        let (mini, printed_at) = match f[11] {
            "-" => (false, None),
            "mini" => (true, None),
            p if p.starts_with('@') => {
                let space = board
                    .find(&p[1..])
                    .ok_or_else(|| bad("printed position (not a board space)"))?;
                (false, Some(space))
            }
            _ => return Err(bad("extra field (-, mini or @SPACE)")),
        };
        if printed_at.is_some() != letter.is_none() {
            return Err(format!(
                "tile line {line_no}: a printed hex has letter - and a stack hex a letter A-G"
            ));
        }
        if kind == Kind::Base && printed_at.is_none() {
            return Err(format!(
                "tile line {line_no}: the base camp must be printed on the board"
            ));
        }
        if (kind == Kind::Temple) != (value > 0) || value > 10 {
            return Err(format!(
                "tile line {line_no}: temples and only temples have a value 1-10"
            ));
        }
        if (kind == Kind::Treasure) != (masks > 0) {
            return Err(format!(
                "tile line {line_no}: treasure hexes and only they have masks"
            ));
        }
        tiles.push(Tile {
            id,
            letter,
            kind,
            value,
            masks,
            stones,
            mini,
            printed_at,
        });
    }
    Ok(tiles)
}

fn count(tiles: &[&Tile], kind: Kind) -> usize {
    tiles.iter().filter(|t| t.kind == kind).count()
}

/// Every count the rulebook and the recovered facts give (see the tile file's header).
fn check_counts(tiles: &[Tile], board: &Board) -> Result<(), String> {
    let stack: Vec<&Tile> = tiles.iter().filter(|t| t.printed_at.is_none()).collect();
    let printed: Vec<&Tile> = tiles.iter().filter(|t| t.printed_at.is_some()).collect();
    let want = [
        (Kind::Temple, 15),
        (Kind::Jungle, 10),
        (Kind::Treasure, 8),
        (Kind::Volcano, 3),
    ];
    if stack.len() != 36 {
        return Err(format!(
            "36 stack hexes expected (rulebook L19), found {}",
            stack.len()
        ));
    }
    for (kind, n) in want {
        if count(&stack, kind) != n {
            return Err(format!(
                "{n} {} hexes expected (rulebook L21-27), found {}",
                kind.name_en(),
                count(&stack, kind)
            ));
        }
    }
    let mut values = [0usize; 7];
    for t in stack.iter().filter(|t| t.kind == Kind::Temple) {
        match values.get_mut(t.value as usize) {
            Some(v) => *v += 1,
            None => {
                return Err(format!(
                    "temple {} has value {} (start values are 1-6, L343)",
                    t.id, t.value
                ))
            }
        }
    }
    if values != [0, 1, 3, 4, 3, 3, 1] {
        return Err(format!(
            "temple start values must be 1:1 2:3 3:4 4:3 5:3 6:1 (FOUND.md T1), found {values:?}"
        ));
    }
    for t in tiles
        .iter()
        .filter(|t| t.kind != Kind::Volcano && t.printed_at.is_none())
    {
        let s: u8 = t.stones.iter().sum();
        if s != 3 {
            return Err(format!(
                "hex {} has {s} stones; every non-volcano hex has exactly 3 (FOUND.md T3)",
                t.id
            ));
        }
    }
    for t in stack.iter().filter(|t| t.kind == Kind::Treasure) {
        if !(2..=4).contains(&t.masks) {
            return Err(format!(
                "treasure hex {} shows {} masks; 2-4 expected (FOUND.md T6)",
                t.id, t.masks
            ));
        }
    }
    let masks: usize = stack.iter().map(|t| t.masks as usize).sum();
    if masks != 24 {
        return Err(format!(
            "the treasure hexes must show 24 masks in all, one per disc (L29); found {masks}"
        ));
    }
    check_printed(&printed)?;
    check_mini(&stack, &printed, board)
}

/// The four hexes printed on the board (L97-101).
fn check_printed(printed: &[&Tile]) -> Result<(), String> {
    if printed.len() != 4
        || count(printed, Kind::Base) != 1
        || count(printed, Kind::Jungle) != 1
        || printed
            .iter()
            .filter(|t| t.kind == Kind::Temple && t.value == 1)
            .count()
            != 2
    {
        return Err(
            "printed hexes: exactly a base camp, two temples of value 1 and a jungle (L97-101)"
                .into(),
        );
    }
    let mut at: Vec<usize> = printed.iter().filter_map(|t| t.printed_at).collect();
    at.sort_unstable();
    at.dedup();
    if at.len() != 4 {
        return Err("two printed hexes share a space".into());
    }
    Ok(())
}

/// Mini-Tikal's hexes and spaces (L805-850).
fn check_mini(stack: &[&Tile], printed: &[&Tile], board: &Board) -> Result<(), String> {
    let mini: Vec<&Tile> = stack.iter().copied().filter(|t| t.mini).collect();
    let in_letters = |ls: &str| {
        mini.iter()
            .filter(|t| t.letter.is_some_and(|l| ls.contains(l)))
            .count()
    };
    if mini.len() != 12 || in_letters("ABC") != 5 || in_letters("D") != 3 || in_letters("EFG") != 4
    {
        return Err("Mini-Tikal: 12 hexes, 5 lettered A-C, 3 D, 4 E-G (L805-810)".into());
    }
    if count(&mini, Kind::Volcano) != 1 {
        return Err("Mini-Tikal: exactly one volcano (L850)".into());
    }
    if mini.iter().map(|t| t.masks as usize).sum::<usize>() > 12 {
        return Err(
            "Mini-Tikal: its treasure hexes show more masks than its 12 discs (L830)".into(),
        );
    }
    for t in printed {
        if let Some(s) = t.printed_at {
            if !board.spaces.get(s).is_some_and(|sp| sp.mini) {
                // The printed corner must lie in the Mini-Tikal area too.
                return Err(format!(
                    "printed hex {} lies outside the Mini-Tikal spaces",
                    t.id
                ));
            }
        }
    }
    let mini_spaces = board.spaces.iter().filter(|s| s.mini).count();
    if board.spaces.len() < 40 || mini_spaces < 16 {
        return Err("the board needs room for 40 hexes (Mini-Tikal: 16)".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_moves_stones_clockwise() {
        assert_eq!(turned([3, 0, 0, 0, 0, 0], 1), [0, 3, 0, 0, 0, 0]);
        assert_eq!(turned([1, 2, 0, 0, 0, 0], 5), [2, 0, 0, 0, 0, 1]);
        assert_eq!(opposite(1), 4);
    }

    #[test]
    fn the_substitute_set_loads_with_all_counts() {
        let d = default_data().unwrap();
        assert_eq!(d.stack_tiles(false).len(), 36);
        assert_eq!(d.stack_tiles(true).len(), 12);
        assert_eq!(d.printed().len(), 4);
        assert_eq!(d.board.spaces.len(), 63);
        assert_eq!(d.board.name(d.base_space().unwrap()), "A7");
        assert_eq!(
            d.board.find("b6").map(|s| d.board.name(s)),
            Some("B6".to_string())
        );
    }

    #[test]
    fn neighbours_follow_the_offset_columns() {
        let d = default_data().unwrap();
        let b = &d.board;
        let a7 = b.find("A7").unwrap();
        let names: Vec<String> = b.neighbors[a7]
            .iter()
            .map(|n| n.map(|s| b.name(s)).unwrap_or("-".into()))
            .collect();
        assert_eq!(names, ["A6", "B6", "B7", "-", "-", "-"]);
        let b6 = b.find("B6").unwrap();
        let names: Vec<String> = b.neighbors[b6]
            .iter()
            .map(|n| n.map(|s| b.name(s)).unwrap_or("-".into()))
            .collect();
        assert_eq!(names, ["B5", "C6", "C7", "B7", "A7", "A6"]);
    }

    #[test]
    fn a_broken_file_is_refused() {
        let four_stones = DEFAULT_TILES.replace(
            "T01  A   temple    1   0   1  0  1  0  1  0",
            "T01  A   temple    1   0   1  1  1  0  1  0",
        );
        let e = load(&four_stones, DEFAULT_BOARD, "t").unwrap_err();
        assert!(e.contains("T01 has 4 stones"), "{e}");
        let no_volcano = DEFAULT_TILES.replace("V03  F   volcano", "V03  F   jungle ");
        assert!(load(&no_volcano, DEFAULT_BOARD, "t").is_err());
        let wrong_value = DEFAULT_TILES.replace("T15  G   temple    6", "T15  G   temple    5");
        assert!(load(&wrong_value, DEFAULT_BOARD, "t")
            .unwrap_err()
            .contains("start values"));
        assert!(load("garbage", DEFAULT_BOARD, "t").is_err());
    }
}
