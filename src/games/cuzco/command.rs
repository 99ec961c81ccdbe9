//! The Cuzco command language: the command enum, its canonical text (`Display`), its
//! words in both languages for the shared reader, and its canonical form read whole
//! (spaces checked against the board; prefixes are the shared reader's, among the
//! seat's legal commands).

pub use super::data::{card_id, Spot, TileKind};
use super::data::{Board, Terrain, MAX_TILE, NONE};
use crate::engine::parse::{Canonical, Vocabulary};
use crate::engine::Text;
use std::fmt;

/// A seat's name in both languages.
pub fn seat_name(seat: usize) -> Text {
    Text::new(
        format!("seat {}", seat + 1),
        format!("{}번 플레이어", seat + 1),
    )
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Use an extra action token (+1 AP this turn).
    Token,
    /// Lay a terrain tile: footprint id, and its hexes village first.
    Place {
        kind: TileKind,
        foot: u32,
        spots: [Spot; MAX_TILE],
        village: [bool; MAX_TILE],
        len: u8,
    },
    Enter(Spot),
    Exit(Spot),
    Move(Spot, Spot),
    Build(Spot, u8),
    Upgrade(Spot, u8),
    Lake(Spot),
    DrawOpen,
    DrawDeck,
    /// Propose a festival at the temple on this space (ends the turn).
    Festival(Spot),
    /// Play one festival card (index into the card list) in the festival competition.
    Play(u8),
    /// Finish this festival response after playing cards.
    Done,
    /// Stay level with the highest festival points without playing.
    Pass,
    /// Decline or leave the festival competition.
    Drop,
    /// End the turn.
    End,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Token => f.write_str("token"),
            Command::Place {
                kind,
                spots,
                village,
                len,
                ..
            } => {
                write!(f, "place {}", kind.key())?;
                for i in 0..usize::from(*len).min(MAX_TILE) {
                    let mark = if village[i] && kind.marks_village() {
                        "v"
                    } else {
                        ""
                    };
                    write!(f, " {}{mark}", spots[i])?;
                }
                Ok(())
            }
            Command::Enter(s) => write!(f, "enter {s}"),
            Command::Exit(s) => write!(f, "exit {s}"),
            Command::Move(a, b) => write!(f, "move {a} {b}"),
            Command::Build(s, v) => write!(f, "build {s} {v}"),
            Command::Upgrade(s, v) => write!(f, "upgrade {s} {v}"),
            Command::Lake(s) => write!(f, "lake {s}"),
            Command::DrawOpen => f.write_str("draw open"),
            Command::DrawDeck => f.write_str("draw deck"),
            Command::Festival(s) => write!(f, "festival {s}"),
            Command::Play(c) => write!(f, "play {}", card_id(*c)),
            Command::Done => f.write_str("done"),
            Command::Pass => f.write_str("pass"),
            Command::Drop => f.write_str("drop"),
            Command::End => f.write_str("end"),
        }
    }
}

/// The place command for footprint `foot`, hexes in canonical order (village first, then by
/// position, as the board keeps them).
pub fn place_command(board: &Board, foot: u32) -> Option<Command> {
    let fp = board.footprints.get(foot as usize)?;
    let (spots, village) = *board.place_order.get(foot as usize)?;
    Some(Command::Place {
        kind: fp.kind,
        foot,
        spots,
        village,
        len: fp.len,
    })
}

const VERBS: [&str; 15] = [
    "token", "place", "enter", "exit", "move", "build", "upgrade", "lake", "draw", "festival",
    "play", "done", "pass", "drop", "end",
];

/// Cuzco's words for the shared reader: Korean and short forms.
pub const VOCABULARY: Vocabulary = Vocabulary {
    aliases: ALIASES,
    verbs: &VERBS,
    ..Vocabulary::NONE
};

/// Short forms and Korean words, replaced word by word before reading.
const ALIASES: &[(&str, &str)] = &[
    ("토큰", "token"),
    ("추가행동", "token"),
    ("놓기", "place"),
    ("배치", "place"),
    ("들어가기", "enter"),
    ("입장", "enter"),
    ("나가기", "exit"),
    ("퇴장", "exit"),
    ("이동", "move"),
    ("건설", "build"),
    ("증축", "upgrade"),
    ("저수지", "lake"),
    ("뽑기", "draw"),
    ("축제", "festival"),
    ("내기", "play"),
    ("완료", "done"),
    ("패스", "pass"),
    ("포기", "drop"),
    ("끝", "end"),
    ("종료", "end"),
    ("공개", "open"),
    ("더미", "deck"),
    ("3칸", "tile3"),
    ("2칸", "tile2"),
    ("농장", "farm"),
    ("마을", "village"),
    ("도시", "village"),
    ("city", "village"),
    ("동", "e"),
    ("서", "w"),
    ("북동", "ne"),
    ("북서", "nw"),
    ("남동", "se"),
    ("남서", "sw"),
];

/// The six directions from a space to its neighbours: the word in both languages and
/// the step in (row, doubled column); row A is at the top of the picture.
pub const DIRECTIONS: [(&str, &str, i16, i16); 6] = [
    ("e", "동", 0, 2),
    ("w", "서", 0, -2),
    ("ne", "북동", -1, 1),
    ("nw", "북서", -1, -1),
    ("se", "남동", 1, 1),
    ("sw", "남서", 1, -1),
];

/// The compact form of a placement (`H5 ne e`: the village space, then the direction
/// of each other space from it) as the spaces it names (`H5v G5 H6`); `None` when the
/// words are not that form.
fn from_directions(
    board: &Board,
    kind: TileKind,
    written: &[&str],
) -> Result<Option<Vec<String>>, Text> {
    let Some((anchor, words)) = written.split_first() else {
        return Ok(None);
    };
    let steps: Option<Vec<&(&str, &str, i16, i16)>> = words
        .iter()
        .map(|w| DIRECTIONS.iter().find(|d| d.0 == *w))
        .collect();
    let Some(steps) = steps.filter(|s| !s.is_empty() && kind.marks_village()) else {
        return Ok(None);
    };
    let village = read_spot(board, anchor.strip_suffix('v').unwrap_or(anchor))?;
    let mut names = vec![format!("{village}v")];
    for (en, ko, dr, dx) in steps {
        let row = u8::try_from(i16::from(village.row) + dr).ok();
        let x = u8::try_from(i16::from(village.x) + dx).ok();
        let cell = row
            .zip(x)
            .and_then(|pos| board.by_pos.get(&pos))
            .ok_or_else(|| {
                err(
                    format!("There is no space {en} of {village}."),
                    format!("{village}의 {ko}쪽에는 칸이 없습니다."),
                )
            })?;
        names.push(Spot::of(board, *cell).to_string());
    }
    Ok(Some(names))
}

/// A placement in the compact form (`place tile3 H5 e ne`); other commands as they are.
pub fn compact(c: &Command) -> String {
    let Command::Place {
        kind,
        spots,
        village,
        len,
        ..
    } = c
    else {
        return c.to_string();
    };
    let len = usize::from(*len).min(MAX_TILE);
    let Some(v) = (0..len)
        .find(|&i| village[i])
        .filter(|_| kind.marks_village())
    else {
        return c.to_string();
    };
    let at = spots[v];
    let mut out = format!("place {} {at}", kind.key());
    for (i, spot) in spots.iter().enumerate().take(len) {
        if i == v {
            continue;
        }
        let step = (
            i16::from(spot.row) - i16::from(at.row),
            i16::from(spot.x) - i16::from(at.x),
        );
        match DIRECTIONS.iter().find(|d| (d.2, d.3) == step) {
            Some(d) => {
                out.push(' ');
                out.push_str(d.0);
            }
            None => return c.to_string(),
        }
    }
    out
}

/// A command's shape met with a wrong part: what was wrong, what would be right.
fn err(en: String, ko: String) -> Text {
    Text::new(en, ko)
}

/// Reads a command in its canonical words (whole action words; the shared reader
/// resolves prefixes among the legal commands). Spaces are checked against the board;
/// whether the command is allowed now is the rules' business (`apply` says why not).
pub fn canonical(board: &Board, words: &[&str]) -> Canonical<Command> {
    match read(board, words) {
        Ok(Some(c)) => Canonical::Read(c),
        Ok(None) => Canonical::Other,
        Err(t) => Canonical::Wrong(t),
    }
}

/// A command, `None` when the first word is no action word, or what is wrong in it.
fn read(board: &Board, words: &[&str]) -> Result<Option<Command>, Text> {
    let Some(verb) = words.first().and_then(|w| VERBS.iter().find(|v| *v == w)) else {
        return Ok(None);
    };
    let args = &words[1..];
    let arity = |n: usize| -> Result<(), Text> {
        if args.len() == n {
            Ok(())
        } else {
            Err(err(
                format!("'{verb}' takes {n} argument(s), not {}; see the list of legal commands.", args.len()),
                format!("'{verb}' 명령에는 인자가 {n}개 필요합니다 ({}개가 아님). 가능한 명령 목록을 보세요.", args.len()),
            ))
        }
    };
    let simple = |c: Command| -> Result<Command, Text> {
        arity(0)?;
        Ok(c)
    };
    let c = match *verb {
        "token" => simple(Command::Token),
        "done" => simple(Command::Done),
        "pass" => simple(Command::Pass),
        "drop" => simple(Command::Drop),
        "end" => simple(Command::End),
        "place" => read_place(board, args),
        "enter" | "exit" | "lake" | "festival" => {
            arity(1)?;
            let s = read_spot(board, args[0])?;
            Ok(match *verb {
                "enter" => Command::Enter(s),
                "exit" => Command::Exit(s),
                "lake" => Command::Lake(s),
                _ => Command::Festival(s),
            })
        }
        "move" => {
            let args: Vec<&str> = args
                .iter()
                .copied()
                .filter(|w| *w != "to" && *w != "->")
                .collect();
            if args.len() != 2 {
                return Err(err(
                    "Write 'move <from> <to>', e.g. 'move H5 G6'.".into(),
                    "'move <출발> <도착>' 형식으로 쓰세요. 예: 'move H5 G6'.".into(),
                ));
            }
            Ok(Command::Move(
                read_spot(board, args[0])?,
                read_spot(board, args[1])?,
            ))
        }
        "build" | "upgrade" => {
            arity(2)?;
            let s = read_spot(board, args[0])?;
            let v = read_value(args[1])?;
            Ok(if *verb == "build" {
                Command::Build(s, v)
            } else {
                Command::Upgrade(s, v)
            })
        }
        "draw" => {
            arity(1)?;
            read_draw(args[0])
        }
        _ => {
            arity(1)?;
            read_card(args[0])
        }
    };
    c.map(Some)
}

/// A temple value (`4`).
fn read_value(word: &str) -> Result<u8, Text> {
    word.parse().map_err(|_| {
        err(
            format!("'{word}' is not a temple value; write 2, 4, 6, 8 or 10."),
            format!("'{word}'은(는) 사원 가치가 아닙니다. 2, 4, 6, 8, 10 중 하나를 쓰세요."),
        )
    })
}

/// What `draw` takes: `open` (the face-up card) or `deck`.
fn read_draw(word: &str) -> Result<Command, Text> {
    match word {
        "open" | "faceup" | "face-up" => Ok(Command::DrawOpen),
        "deck" => Ok(Command::DrawDeck),
        w => Err(err(
            format!("'draw {w}': write 'draw open' (the face-up card) or 'draw deck'."),
            format!("'draw {w}': 'draw open'(공개 카드) 또는 'draw deck'(더미)으로 쓰세요."),
        )),
    }
}

/// A festival card id (`c07`) as the play command of that card.
fn read_card(word: &str) -> Result<Command, Text> {
    let w = word.trim_start_matches('c');
    match w.parse::<u16>() {
        Ok(n) if (1..=250).contains(&n) => Ok(Command::Play((n - 1) as u8)),
        _ => Err(err(
            format!("'{word}' is not a card id; write e.g. 'play c07'."),
            format!("'{word}'은(는) 카드 번호가 아닙니다. 예: 'play c07'."),
        )),
    }
}

/// A cell name like `E7` (any case).
pub fn read_spot(board: &Board, word: &str) -> Result<Spot, Text> {
    let bad = || {
        err(
            format!("'{word}' is not a space of the board; spaces are a row letter and a number, e.g. H5 (see the picture)."),
            format!("'{word}'은(는) 게임판의 칸이 아닙니다. 칸은 행 글자와 번호로 씁니다. 예: H5 (그림 참조)."),
        )
    };
    let mut chars = word.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() {
        return Err(bad());
    }
    let row = letter as u8 - b'A';
    let n: u16 = chars.as_str().parse().map_err(|_| bad())?;
    if n == 0 || n > 100 {
        return Err(bad());
    }
    // Number n covers doubled columns 2n-2 and 2n-1; the row's parity picks one.
    let x = (2 * (n - 1)) as u8 + (row % 2);
    let cell = board.by_pos.get(&(row, x)).copied().ok_or_else(bad)?;
    Ok(Spot::of(board, cell))
}

fn read_place(board: &Board, args: &[&str]) -> Result<Command, Text> {
    let usage = || {
        err(
            "Write 'place <tile> <spaces>', e.g. 'place tile3 H5v H6 G5' (v marks the village space), 'place tile2 D4v D5', 'place farm C9' or 'place village C9'.".into(),
            "'place <타일> <칸들>' 형식으로 쓰세요. 예: 'place tile3 H5v H6 G5' (v는 마을 칸), 'place tile2 D4v D5', 'place farm C9', 'place village C9'.".into(),
        )
    };
    let (kind_word, written) = args.split_first().ok_or_else(usage)?;
    let kind = match *kind_word {
        "tile3" | "3" | "t3" | "triple" | "three" => TileKind::Tile3,
        "tile2" | "2" | "t2" | "double" | "two" => TileKind::Tile2,
        "farm" | "f" => TileKind::Farm,
        "village" | "v" => TileKind::Village,
        _ => return Err(usage()),
    };
    let named = from_directions(board, kind, written)?;
    let spaces: Vec<&str> = match &named {
        Some(names) => names.iter().map(String::as_str).collect(),
        None => written.to_vec(),
    };
    if spaces.is_empty() || spaces.len() > MAX_TILE {
        return Err(usage());
    }
    let mut hexes: Vec<(u16, Terrain)> = Vec::new();
    for w in spaces {
        let (name, marked) = match w.strip_suffix('v') {
            Some(rest) if kind.marks_village() => (rest, true),
            _ => (w, false),
        };
        let spot = read_spot(board, name)?;
        let terrain = match kind {
            TileKind::Village => Terrain::Village,
            TileKind::Farm => Terrain::Farm,
            _ if marked => Terrain::Village,
            _ => Terrain::Farm,
        };
        if hexes.iter().any(|(c, _)| *c == spot.cell) {
            return Err(err(
                format!("Space {spot} is named twice."),
                format!("{spot} 칸을 두 번 썼습니다."),
            ));
        }
        hexes.push((spot.cell, terrain));
    }
    if kind.marks_village() && hexes.iter().filter(|(_, t)| *t == Terrain::Village).count() != 1 {
        return Err(err(
            format!("Mark exactly one space of the {} as its village with a 'v', e.g. 'place {} H5v H6 ...'.", kind.name().en, kind.key()),
            format!("{}의 마을 칸 하나에 'v'를 붙이세요. 예: 'place {} H5v H6 ...'.", kind.name().ko, kind.key()),
        ));
    }
    hexes.sort();
    let mut cells = [NONE; MAX_TILE];
    let mut terr = [Terrain::Farm; MAX_TILE];
    for (i, (c, t)) in hexes.iter().enumerate() {
        cells[i] = *c;
        terr[i] = *t;
    }
    let foot = board.footprint_of.get(&(kind, cells, terr)).copied().ok_or_else(|| {
        err(
            format!(
                "Those spaces are not the shape of a {} (it covers {} spaces, each next to the others, at least one inside the region; 1-space tiles stay inside).",
                kind.name().en,
                match kind {
                    TileKind::Tile3 => 3,
                    TileKind::Tile2 => 2,
                    _ => 1,
                }
            ),
            format!("그 칸들은 {} 모양이 아닙니다 (서로 붙은 칸들, 한 칸 이상은 쿠스코 지역 안; 1칸 타일은 지역 안에만).", kind.name().ko),
        )
    })?;
    place_command(board, foot).ok_or_else(usage)
}
