//! Cuzco's component data: the board map, the tile kinds, the festival cards and the numbers of
//! the rules, read from the files in `data/` (or another board file), plus the geometry derived
//! from them once per data set (neighbours, every tile footprint on the board).

use crate::engine::{Named, SetupError, Shared, Text};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

const BOARD_FILE: &str = include_str!("data/board.txt");
const TILES_FILE: &str = include_str!("data/tiles.toml");
const COMPONENTS_FILE: &str = include_str!("data/components.toml");
const CARDS_FILE: &str = include_str!("data/cards.toml");

/// "No cell" in neighbour tables and padded footprints.
pub const NONE: u16 = u16::MAX;
/// The largest tile, in hexes.
pub const MAX_TILE: usize = 3;

/// Which wild land borders an edge space or an outside cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Forest,
    Mountain,
    Both,
}

/// Where a cell lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// A playable space of the region; `edge` when it borders forest or mountains.
    Region {
        edge: Option<Side>,
        printed_lake: bool,
    },
    /// A forest or mountain cell next to the region, where tiles may stick out.
    Outside(Side),
}

/// The terrain a tile hex gives a space.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Terrain {
    Farm,
    Village,
}

/// One cell of the map.
#[derive(Clone, Debug)]
pub struct Cell {
    pub row: u8,
    pub x: u8,
    pub zone: Zone,
    pub name: String,
}

impl Cell {
    pub fn in_region(&self) -> bool {
        matches!(self.zone, Zone::Region { .. })
    }

    /// The side an Inca crosses at this edge space, if it is one.
    pub fn edge(&self) -> Option<Side> {
        match self.zone {
            Zone::Region { edge, .. } => edge,
            Zone::Outside(_) => None,
        }
    }
}

/// The four kinds of terrain tile; the words players type for them are fixed here, their
/// counts, shapes and terrain come from `data/tiles.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TileKind {
    Tile3,
    Tile2,
    Village,
    Farm,
}

impl TileKind {
    pub const ALL: [TileKind; 4] = [
        TileKind::Tile3,
        TileKind::Tile2,
        TileKind::Village,
        TileKind::Farm,
    ];

    pub fn key(self) -> &'static str {
        match self {
            TileKind::Tile3 => "tile3",
            TileKind::Tile2 => "tile2",
            TileKind::Village => "village",
            TileKind::Farm => "farm",
        }
    }

    pub fn name(self) -> Text {
        match self {
            TileKind::Tile3 => Text::new("3-space tile", "3칸 타일"),
            TileKind::Tile2 => Text::new("2-space tile", "2칸 타일"),
            TileKind::Village => Text::new("1-space village tile", "1칸 마을 타일"),
            TileKind::Farm => Text::new("1-space farm tile", "1칸 농장 타일"),
        }
    }

    /// Multi-hex tiles mark their village hex with `v` in commands.
    pub fn marks_village(self) -> bool {
        matches!(self, TileKind::Tile3 | TileKind::Tile2)
    }
}

/// A cell as a command names it: its index and its map position (for the name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    pub cell: u16,
    pub row: u8,
    pub x: u8,
}

impl Spot {
    pub fn of(board: &Board, cell: u16) -> Spot {
        let c = &board.cells[usize::from(cell)];
        Spot {
            cell,
            row: c.row,
            x: c.x,
        }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from(b'A'.saturating_add(self.row));
        write!(f, "{letter}{}", self.x / 2 + 1)
    }
}

/// The id players type for card `index` (the data file numbers cards c01, c02, ...).
pub fn card_id(index: u8) -> String {
    format!("c{:02}", u32::from(index) + 1)
}

/// The player-facing name of a cell: row letter and number (`x / 2 + 1`).
pub fn cell_name(row: u8, x: u8) -> String {
    let letter = char::from(b'A'.saturating_add(row));
    format!("{letter}{}", x / 2 + 1)
}

/// One way to lay a tile kind on the board: its hexes and their terrain.
#[derive(Clone, Debug)]
pub struct Footprint {
    pub kind: TileKind,
    pub len: u8,
    /// Cells, padded with `NONE`; the order matches `terrain`.
    pub cells: [u16; MAX_TILE],
    pub terrain: [Terrain; MAX_TILE],
    /// How many hexes lie outside the region.
    pub outside: u8,
}

impl Footprint {
    pub fn cells(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }

    pub fn hexes(&self) -> impl Iterator<Item = (u16, Terrain)> + '_ {
        self.cells()
            .iter()
            .copied()
            .zip(self.terrain.iter().copied())
    }
}

/// The cells next to one cell, at most six on the hex grid, held in place: the searches
/// over villages, lakes and walks read them at every step, without a list to follow.
#[derive(Clone, Copy, Debug, Default)]
pub struct Neighbors {
    cells: [u16; 6],
    len: u8,
}

impl std::ops::Deref for Neighbors {
    type Target = [u16];
    fn deref(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }
}

impl<'a> IntoIterator for &'a Neighbors {
    type Item = &'a u16;
    type IntoIter = std::slice::Iter<'a, u16>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The board: cells, neighbours and every tile footprint.
#[derive(Debug)]
pub struct Board {
    pub cells: Vec<Cell>,
    pub neighbors: Vec<Neighbors>,
    /// Cell index by (row, x).
    pub by_pos: BTreeMap<(u8, u8), u16>,
    /// Cell index by lower-case name.
    pub by_name: BTreeMap<String, u16>,
    pub footprints: Vec<Footprint>,
    /// Footprint by (kind, sorted cells, terrain in that order).
    pub footprint_of: BTreeMap<(TileKind, [u16; MAX_TILE], [Terrain; MAX_TILE]), u32>,
    /// The hexes of each footprint in the order its place command names them (village
    /// first, then by position), and which of them is the village.
    pub place_order: Vec<PlaceOrder>,
    /// Footprint ids of each tile kind (`TileKind as usize`), as a range.
    pub kind_ranges: [std::ops::Range<u32>; 4],
    /// The cell set of each footprint, numbered from 0 (`cell_sets` of them): the tile
    /// kinds and terrain orders of one set of hexes are judged together where only the
    /// hexes matter.
    pub cell_set: Vec<u32>,
    pub cell_sets: usize,
    pub rows: u8,
    pub cols: u8,
    pub region_spaces: usize,
}

/// One tile kind as the data file gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct TileSpec {
    pub key: String,
    pub supply: String,
    pub count: u32,
    pub shape: Vec<[i32; 2]>,
    pub terrain: Vec<String>,
    pub may_leave_region: bool,
    pub last_one_ends_game: bool,
}

#[derive(Debug, Deserialize)]
struct TilesFile {
    tile: Vec<TileSpec>,
}

/// One value of temple marker and how many exist.
#[derive(Clone, Debug, Deserialize)]
pub struct MarkerSpec {
    pub value: u8,
    pub count: u8,
}

/// Festival prestige for a temple value.
#[derive(Clone, Debug, Deserialize)]
pub struct FestivalPrestige {
    pub value: u8,
    pub sole: i32,
    pub co: i32,
}

/// The numbers of the rules and the common components.
#[derive(Clone, Debug, Deserialize)]
pub struct Components {
    pub ap_per_turn: u8,
    pub token_bonus_ap: u8,
    pub tokens_per_player: u8,
    pub incas_per_player: u8,
    pub lake_tiles: u8,
    pub sun_markers: u8,
    pub draws_per_turn: u8,
    pub draw_cost_ap: u8,
    pub place_cost_ap: u8,
    pub outside_hex_cost_ap: u8,
    pub enter_forest_ap: u8,
    pub enter_mountain_ap: u8,
    pub terrain_change_ap: u8,
    pub temple_cost_ap: u8,
    pub lake_cost_ap: u8,
    pub lake_pp_per_tile: i32,
    pub cards_per_player: u8,
    pub max_temple_value: u8,
    pub marker: Vec<MarkerSpec>,
    pub festival: Vec<FestivalPrestige>,
}

/// An artifact kind on festival cards.
#[derive(Clone, Debug, Deserialize)]
pub struct Artifact {
    pub key: String,
    pub en: String,
    pub ko: String,
}

/// A festival card: its id and artifact indices (a bit set over `artifacts`).
#[derive(Clone, Debug)]
pub struct Card {
    pub id: String,
    pub artifacts: u8,
}

#[derive(Debug, Deserialize)]
struct CardsFile {
    artifacts: Vec<Artifact>,
    card: Vec<CardSpec>,
}

#[derive(Debug, Deserialize)]
struct CardSpec {
    id: String,
    artifacts: Vec<String>,
}

/// Everything a game of Cuzco reads at setup.
#[derive(Debug)]
pub struct Data {
    /// Where the board came from (shown in the footer and used as identity).
    pub board_source: String,
    pub board: Board,
    /// Tile kinds, indexed by `TileKind as usize`.
    pub tiles: Vec<TileSpec>,
    pub components: Components,
    pub artifacts: Vec<Artifact>,
    pub cards: Vec<Card>,
}

impl Data {
    pub fn tile(&self, kind: TileKind) -> Option<&TileSpec> {
        self.tiles.get(kind as usize)
    }

    /// Index of a marker value in `components.marker`.
    pub fn marker_index(&self, value: u8) -> Option<usize> {
        self.components.marker.iter().position(|m| m.value == value)
    }

    pub fn prestige(&self, value: u8) -> Option<&FestivalPrestige> {
        self.components.festival.iter().find(|f| f.value == value)
    }

    /// The artifacts of a card as `a+b` in one language.
    pub fn artifact_names(&self, bits: u8, korean: bool) -> String {
        let names: Vec<&str> = self
            .artifacts
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, a)| if korean { a.ko.as_str() } else { a.en.as_str() })
            .collect();
        names.join("+")
    }
}

impl Named for Data {
    fn name(&self) -> &str {
        &self.board_source
    }
}

/// The built-in data set, parsed once.
pub fn default_data() -> Result<Shared<Data>, SetupError> {
    static DEFAULT: OnceLock<Result<Shared<Data>, String>> = OnceLock::new();
    DEFAULT
        .get_or_init(|| load("built-in board.txt", BOARD_FILE).map(|d| Shared::new(Arc::new(d))))
        .clone()
        .map_err(SetupError::Data)
}

/// The data set with the board read from `path`.
pub fn data_with_board_file(path: &str) -> Result<Shared<Data>, SetupError> {
    let text = crate::engine::read_data_file(path.as_ref())
        .map_err(|e| SetupError::Data(format!("board file: {e}")))?;
    load(path, &text)
        .map(|d| Shared::new(Arc::new(d)))
        .map_err(SetupError::Data)
}

/// Parses every file and derives the geometry.
pub fn load(board_source: &str, board_text: &str) -> Result<Data, String> {
    let tiles_file: TilesFile =
        toml::from_str(TILES_FILE).map_err(|e| format!("tiles.toml: {e}"))?;
    let mut tiles = Vec::new();
    for kind in TileKind::ALL {
        let spec = tiles_file
            .tile
            .iter()
            .find(|t| t.key == kind.key())
            .ok_or_else(|| format!("tiles.toml: no tile with key {}", kind.key()))?;
        check_tile(spec)?;
        if (spec.supply == "common") != (kind == TileKind::Tile3)
            || (spec.last_one_ends_game != (kind == TileKind::Tile3))
        {
            return Err(format!(
                "tiles.toml: only tile3 is the common tile whose last one ends the game (tile {})",
                spec.key
            ));
        }
        tiles.push(spec.clone());
    }
    let components: Components =
        toml::from_str(COMPONENTS_FILE).map_err(|e| format!("components.toml: {e}"))?;
    let cards_file: CardsFile =
        toml::from_str(CARDS_FILE).map_err(|e| format!("cards.toml: {e}"))?;
    if cards_file.artifacts.len() > 8 {
        return Err("cards.toml: at most 8 artifact kinds".into());
    }
    let mut cards = Vec::new();
    for c in &cards_file.card {
        let mut bits = 0u8;
        for a in &c.artifacts {
            let i = cards_file
                .artifacts
                .iter()
                .position(|k| &k.key == a)
                .ok_or_else(|| format!("cards.toml: card {} shows unknown artifact {a}", c.id))?;
            bits |= 1 << i;
        }
        if bits == 0 {
            return Err(format!("cards.toml: card {} shows no artifact", c.id));
        }
        if c.id.to_lowercase() != card_id(cards.len() as u8) {
            return Err(format!(
                "cards.toml: card {} should be numbered {}",
                c.id,
                card_id(cards.len() as u8)
            ));
        }
        cards.push(Card {
            id: c.id.to_lowercase(),
            artifacts: bits,
        });
    }
    if cards.len() > 250 {
        return Err("cards.toml: too many cards".into());
    }
    let board = parse_board(board_text, &tiles)?;
    Ok(Data {
        board_source: board_source.to_string(),
        board,
        tiles,
        components,
        artifacts: cards_file.artifacts,
        cards,
    })
}

fn check_tile(spec: &TileSpec) -> Result<(), String> {
    if spec.shape.is_empty()
        || spec.shape.len() > MAX_TILE
        || spec.shape.len() != spec.terrain.len()
    {
        return Err(format!(
            "tiles.toml: tile {} needs 1 to {MAX_TILE} hexes with one terrain each",
            spec.key
        ));
    }
    for t in &spec.terrain {
        terrain_of(t).ok_or_else(|| format!("tiles.toml: unknown terrain {t}"))?;
    }
    for [dx, dr] in &spec.shape {
        if (dx - dr).rem_euclid(2) != 0 {
            return Err(format!(
                "tiles.toml: tile {} offset [{dx}, {dr}] is not a hex",
                spec.key
            ));
        }
    }
    Ok(())
}

fn terrain_of(word: &str) -> Option<Terrain> {
    match word {
        "farm" => Some(Terrain::Farm),
        "village" => Some(Terrain::Village),
        _ => None,
    }
}

/// The zone a map character stands for.
fn zone_of(ch: char) -> Option<Zone> {
    let region = |edge, printed_lake| Zone::Region { edge, printed_lake };
    Some(match ch {
        'o' => region(None, false),
        'f' => region(Some(Side::Forest), false),
        'm' => region(Some(Side::Mountain), false),
        'b' => region(Some(Side::Both), false),
        'L' => region(None, true),
        'F' => Zone::Outside(Side::Forest),
        'M' => Zone::Outside(Side::Mountain),
        _ => return None,
    })
}

/// Cell index by (row, x).
type ByPos = BTreeMap<(u8, u8), u16>;

/// Reads the map lines into cells, and the cell index of each (row, x).
fn read_cells(text: &str) -> Result<(Vec<Cell>, ByPos), String> {
    let mut cells = Vec::new();
    let mut by_pos = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_end();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let bytes = trimmed.as_bytes();
        let row = match (bytes.first(), bytes.get(1), bytes.get(2)) {
            (Some(b'r'), Some(a), Some(b)) if a.is_ascii_digit() && b.is_ascii_digit() => {
                (a - b'0') * 10 + (b - b'0')
            }
            _ => return Err(format!("board line {}: expected 'rNN  cells'", n + 1)),
        };
        if row >= 26 {
            return Err(format!("board line {}: at most 26 rows", n + 1));
        }
        for (i, ch) in trimmed.chars().skip(5).enumerate() {
            if ch == ' ' {
                continue;
            }
            let x = u8::try_from(i).map_err(|_| format!("board line {}: too long", n + 1))?;
            if x > 60 {
                return Err(format!("board line {}: too long", n + 1));
            }
            if (x % 2) != (row % 2) {
                return Err(format!(
                    "board line {}: cell '{ch}' at x={x} has the wrong parity for row {row}",
                    n + 1
                ));
            }
            let zone =
                zone_of(ch).ok_or_else(|| format!("board line {}: unknown cell '{ch}'", n + 1))?;
            if by_pos.insert((row, x), cells.len() as u16).is_some() {
                return Err(format!("board line {}: row {row} given twice", n + 1));
            }
            cells.push(Cell {
                row,
                x,
                zone,
                name: cell_name(row, x),
            });
        }
    }
    Ok((cells, by_pos))
}

/// Reads the map lines and builds cells, neighbours and footprints.
fn parse_board(text: &str, tiles: &[TileSpec]) -> Result<Board, String> {
    let (cells, by_pos) = read_cells(text)?;
    if cells.is_empty() || cells.len() >= usize::from(NONE) {
        return Err("board: no cells".into());
    }
    let rows = cells.iter().map(|c| c.row).max().unwrap_or(0) + 1;
    let cols = cells.iter().map(|c| c.x).max().unwrap_or(0) + 1;
    let neighbors: Vec<Neighbors> = cells
        .iter()
        .map(|c| {
            let (r, x) = (i32::from(c.row), i32::from(c.x));
            let mut n = Neighbors::default();
            for (dr, dx) in [(0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1)] {
                if let Some(i) = pos_index(&by_pos, r + dr, x + dx) {
                    n.cells[usize::from(n.len)] = i;
                    n.len += 1;
                }
            }
            n
        })
        .collect();
    let by_name = cells
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name.to_lowercase(), i as u16))
        .collect();
    let region_spaces = cells
        .iter()
        .filter(|c| {
            matches!(
                c.zone,
                Zone::Region {
                    printed_lake: false,
                    ..
                }
            )
        })
        .count();
    let mut board = Board {
        cells,
        neighbors,
        by_pos,
        by_name,
        footprints: Vec::new(),
        footprint_of: BTreeMap::new(),
        place_order: Vec::new(),
        kind_ranges: [0..0, 0..0, 0..0, 0..0],
        cell_set: Vec::new(),
        cell_sets: 0,
        rows,
        cols,
        region_spaces,
    };
    build_footprints(&mut board, tiles)?;
    index_footprints(&mut board)?;
    Ok(board)
}

/// Each footprint's place order, and the range of footprint ids of each tile kind.
fn index_footprints(board: &mut Board) -> Result<(), String> {
    board.place_order = board
        .footprints
        .iter()
        .map(|fp| place_order(board, fp))
        .collect();
    for kind in TileKind::ALL {
        let ids: Vec<u32> = (0..board.footprints.len() as u32)
            .filter(|&f| board.footprints[f as usize].kind == kind)
            .collect();
        let (lo, hi) = (
            ids.first().copied().unwrap_or(0),
            ids.last().map_or(0, |l| l + 1),
        );
        if hi - lo != ids.len() as u32 {
            return Err("board: footprints of a kind are not contiguous".into());
        }
        board.kind_ranges[kind as usize] = lo..hi;
    }
    let mut sets: BTreeMap<[u16; MAX_TILE], u32> = BTreeMap::new();
    board.cell_set = board
        .footprints
        .iter()
        .map(|fp| {
            let next = sets.len() as u32;
            *sets.entry(fp.cells).or_insert(next)
        })
        .collect();
    board.cell_sets = sets.len();
    Ok(())
}

/// A footprint's hexes as a place command names them, and which is the village.
pub type PlaceOrder = ([Spot; MAX_TILE], [bool; MAX_TILE]);

/// The hexes of `fp` village first, then by position.
fn place_order(board: &Board, fp: &Footprint) -> PlaceOrder {
    let mut order: Vec<(bool, u16)> = fp
        .hexes()
        .map(|(c, t)| (t != Terrain::Village, c))
        .collect();
    order.sort();
    let mut spots = [Spot {
        cell: NONE,
        row: 0,
        x: 0,
    }; MAX_TILE];
    let mut village = [false; MAX_TILE];
    for (i, (farm, c)) in order.iter().enumerate() {
        spots[i] = Spot::of(board, *c);
        village[i] = !farm;
    }
    (spots, village)
}

fn pos_index(by_pos: &BTreeMap<(u8, u8), u16>, r: i32, x: i32) -> Option<u16> {
    let r = u8::try_from(r).ok()?;
    let x = u8::try_from(x).ok()?;
    by_pos.get(&(r, x)).copied()
}

/// Every placement of every tile kind in every rotation, once each.
fn build_footprints(board: &mut Board, tiles: &[TileSpec]) -> Result<(), String> {
    for kind in TileKind::ALL {
        let spec = tiles.get(kind as usize).ok_or("tile kinds missing")?;
        let terrain: Vec<Terrain> = spec.terrain.iter().filter_map(|t| terrain_of(t)).collect();
        // Axial offsets (q, r) of the shape; doubled x = 2q + r.
        let axial: Vec<(i32, i32)> = spec
            .shape
            .iter()
            .map(|[dx, dr]| ((dx - dr) / 2, *dr))
            .collect();
        for anchor in 0..board.cells.len() {
            let (ar, ax) = (
                i32::from(board.cells[anchor].row),
                i32::from(board.cells[anchor].x),
            );
            let mut offs = axial.clone();
            for _ in 0..6 {
                let hexes: Option<Vec<u16>> = offs
                    .iter()
                    .map(|(q, r)| pos_index(&board.by_pos, ar + r, ax + 2 * q + r))
                    .collect();
                offs = offs.iter().map(|(q, r)| (-r, q + r)).collect();
                let Some(hexes) = hexes else { continue };
                let outside = hexes
                    .iter()
                    .filter(|&&c| !board.cells[usize::from(c)].in_region())
                    .count();
                if outside > 0 && !spec.may_leave_region {
                    continue;
                }
                let mut pairs: Vec<(u16, Terrain)> =
                    hexes.iter().copied().zip(terrain.iter().copied()).collect();
                pairs.sort();
                let mut cells = [NONE; MAX_TILE];
                let mut terr = [Terrain::Farm; MAX_TILE];
                for (i, (c, t)) in pairs.iter().enumerate() {
                    cells[i] = *c;
                    terr[i] = *t;
                }
                let key = (kind, cells, terr);
                if board.footprint_of.contains_key(&key) {
                    continue;
                }
                let id = board.footprints.len() as u32;
                board.footprint_of.insert(key, id);
                board.footprints.push(Footprint {
                    kind,
                    len: pairs.len() as u8,
                    cells,
                    terrain: terr,
                    outside: outside as u8,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_board_has_152_spaces_3_lakes_and_63_outside_cells() {
        let d = default_data().unwrap();
        let b = &d.board;
        assert_eq!(b.region_spaces, 152);
        let lakes = b
            .cells
            .iter()
            .filter(|c| {
                matches!(
                    c.zone,
                    Zone::Region {
                        printed_lake: true,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(lakes, 3);
        let forest = b
            .cells
            .iter()
            .filter(|c| c.zone == Zone::Outside(Side::Forest))
            .count();
        let mountain = b
            .cells
            .iter()
            .filter(|c| c.zone == Zone::Outside(Side::Mountain))
            .count();
        assert_eq!((forest, mountain), (28, 35));
        let edges: Vec<Option<Side>> = b.cells.iter().filter_map(|c| c.edge()).map(Some).collect();
        assert_eq!(edges.len(), 57);
        assert_eq!(
            b.by_name.get("g10").map(|&c| b.cells[usize::from(c)].zone),
            Some(Zone::Region {
                edge: None,
                printed_lake: true
            })
        );
    }

    #[test]
    fn footprints_cover_each_triangle_with_three_village_corners() {
        let d = default_data().unwrap();
        let b = &d.board;
        let singles = b
            .footprints
            .iter()
            .filter(|f| f.kind == TileKind::Farm)
            .count();
        assert_eq!(
            singles, 155,
            "one per region space including the printed lakes"
        );
        let t3 = b
            .footprints
            .iter()
            .filter(|f| f.kind == TileKind::Tile3)
            .count();
        assert_eq!(t3 % 3, 0);
        let t2 = b
            .footprints
            .iter()
            .filter(|f| f.kind == TileKind::Tile2)
            .count();
        assert_eq!(t2 % 2, 0);
        // 1-space tiles never lie outside; wholly outside 2- and 3-space footprints exist for
        // the stacked reading of spec A6 and are refused on the ground.
        assert!(b
            .footprints
            .iter()
            .filter(|f| f.len == 1)
            .all(|f| f.outside == 0));
        assert!(b.footprints.iter().any(|f| f.len == 3 && f.outside == 3));
    }
}
