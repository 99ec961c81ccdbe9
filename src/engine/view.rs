//! What one seat may see of a game, in a form every renderer understands:
//! titled sections of lines and tables, and a picture as a list of shapes.
//! Games fill a `View`; `render/` turns it into text, HTML and PNG. A game
//! thus never knows about HTML or image formats, and nothing downstream can
//! show more than the view holds.

use super::{Seat, Text};
use serde::{Deserialize, Serialize};

/// One seat's view of the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The seat this view is for; `None` for a spectator.
    pub seat: Option<Seat>,
    /// One line: where the game stands (round, phase, who is to act).
    pub headline: Text,
    /// The public board, in order.
    pub sections: Vec<Section>,
    /// The seat's own hidden part (its hand); empty for spectators.
    pub private: Vec<Section>,
    /// The board as a picture.
    pub picture: Sketch,
    /// Notes every mail of this game carries (e.g. substitute components).
    pub footer: Vec<Text>,
}

/// Seat `i` (from 0) as every mail names it: "Red (seat 2)" given the
/// game's names for its seats in seat order, "seat 2" without one, and the
/// name alone where it already carries the number ("Player 2").
pub fn seat_label(names: &[Text], i: usize) -> Text {
    let n = i + 1;
    match names.get(i).filter(|t| !t.en.trim().is_empty()) {
        Some(name) if name.en.split_whitespace().any(|w| w == n.to_string()) => name.clone(),
        Some(name) => Text::new(
            format!("{} (seat {n})", name.en),
            format!("{} ({n}번 자리)", name.get("ko")),
        ),
        None => Text::new(format!("seat {n}"), format!("{n}번 자리")),
    }
}

/// The headline for a decision, speaking to its reader: "Your turn: place
/// or pick up workers" to a seat among `acting`, "Red (seat 2) to place or
/// pick up workers" to every other reader (and spectators), after the
/// game's `context` ("Day 3 of 27, Age 1"), if any. `doing` is a verb
/// phrase that reads after "to" in English and after "차례:" in Korean (a
/// noun form: "일꾼 놓기 또는 회수"), so one phrase serves every reader.
pub fn acting_headline(
    context: &Text,
    names: &[Text],
    acting: &[usize],
    doing: &Text,
    reader: Option<usize>,
) -> Text {
    let (en, ko) = if reader.is_some_and(|r| acting.contains(&r)) {
        (
            format!("Your turn: {}", doing.en),
            format!("당신의 차례: {}", doing.get("ko")),
        )
    } else {
        let who: Vec<Text> = acting.iter().map(|&i| seat_label(names, i)).collect();
        let who = Text::join(&who, ", ");
        let mut en = format!("{} to {}", who.en, doing.en);
        // "seat 2 to ..." opens a line with a capital.
        if let Some(first) = en.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        (en, format!("{}의 차례: {}", who.get("ko"), doing.get("ko")))
    };
    after_context(context, en, ko)
}

/// [`acting_headline`] for a game where a seat may be asked to decide on
/// another seat's turn (a defence, a bid, an answer to an offer): to such
/// a reader it says "You are asked to answer …", not "Your turn", since
/// the turn is `turn`'s; to the seat whose turn it is, and to every other
/// reader, it reads as [`acting_headline`].
pub fn asked_headline(
    context: &Text,
    names: &[Text],
    acting: &[usize],
    doing: &Text,
    reader: Option<usize>,
    turn: Option<usize>,
) -> Text {
    match reader {
        Some(r) if acting.contains(&r) && turn.is_some_and(|t| t != r) => after_context(
            context,
            format!("You are asked to {}", doing.en),
            format!("당신의 결정: {}", doing.get("ko")),
        ),
        _ => acting_headline(context, names, acting, doing, reader),
    }
}

/// "Day 3 — Your turn: …": the game's context, if any, then the words.
fn after_context(context: &Text, en: String, ko: String) -> Text {
    if context.en.is_empty() {
        return Text::new(en, ko);
    }
    Text::new(
        format!("{} — {en}", context.en),
        format!("{} — {ko}", context.get("ko")),
    )
}

/// A titled part of a view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub title: Text,
    pub body: Block,
    /// A reference table (costs, rules, every space's effect): mails show
    /// it folded away at the end, after the decision, board and hand.
    #[serde(default)]
    pub reference: bool,
}

/// The content of a section.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Block {
    Lines(Vec<Text>),
    Table {
        header: Vec<Text>,
        rows: Vec<Vec<Text>>,
    },
}

impl Section {
    pub fn lines(title: Text, lines: Vec<Text>) -> Section {
        Section {
            title,
            body: Block::Lines(lines),
            reference: false,
        }
    }

    pub fn table(title: Text, header: Vec<Text>, rows: Vec<Vec<Text>>) -> Section {
        Section {
            title,
            body: Block::Table { header, rows },
            reference: false,
        }
    }

    /// The same section marked as a reference table (see `reference`).
    pub fn as_reference(mut self) -> Section {
        self.reference = true;
        self
    }
}

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Color(pub u8, pub u8, pub u8);

impl Color {
    pub const BLACK: Color = Color(20, 20, 20);
    pub const WHITE: Color = Color(250, 250, 245);
    pub const GREY: Color = Color(150, 150, 150);
    pub const RED: Color = Color(200, 40, 40);
    pub const GREEN: Color = Color(40, 150, 60);
    pub const BLUE: Color = Color(40, 80, 200);
    pub const YELLOW: Color = Color(230, 190, 30);
    pub const BROWN: Color = Color(130, 85, 40);
    pub const PURPLE: Color = Color(120, 60, 160);
    pub const ORANGE: Color = Color(230, 120, 30);

    /// The usual colour of seat `i`'s pieces.
    pub fn seat(i: usize) -> Color {
        [
            Color::RED,
            Color::BLUE,
            Color::GREEN,
            Color::YELLOW,
            Color::PURPLE,
            Color::ORANGE,
        ][i % 6]
    }
}

/// A picture as shapes on a canvas of `width` × `height` pixels, drawn in order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sketch {
    pub width: u32,
    pub height: u32,
    pub background: Option<Color>,
    pub shapes: Vec<Shape>,
    /// A description of the picture for readers without images (HTML `alt`).
    pub alt: String,
    /// The same description in Korean; when empty, Korean readers get a
    /// generic Korean one rather than English.
    #[serde(default)]
    pub alt_ko: String,
}

/// One drawing primitive. Coordinates are pixels from the top left of the
/// sketch; the renderer draws the whole sketch at the scale a mail shows it
/// (and twice that for sharp phone screens), so games draw in their own units.
/// Text is drawn in an embedded font with Latin and Hangul.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    Rect {
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        fill: Option<Color>,
        stroke: Option<Color>,
    },
    Circle {
        x: i32,
        y: i32,
        r: i32,
        fill: Option<Color>,
        stroke: Option<Color>,
    },
    Line {
        x1: i32,
        y1: i32,
        x2: i32,
        y2: i32,
        color: Color,
        width: i32,
    },
    Polygon {
        points: Vec<(i32, i32)>,
        fill: Option<Color>,
        stroke: Option<Color>,
    },
    /// `size` is the pixel height of a capital letter; (x, y) is the top
    /// of the capitals at the side `anchor` names (the left by default).
    /// The renderer may enlarge small labels so they stay legible at the
    /// size a mail shows them.
    Label {
        x: i32,
        y: i32,
        text: String,
        size: i32,
        color: Color,
        #[serde(default)]
        anchor: Anchor,
    },
    /// A label in both languages; each reader's picture shows theirs.
    Caption {
        x: i32,
        y: i32,
        text: Text,
        size: i32,
        color: Color,
        #[serde(default)]
        anchor: Anchor,
    },
}

/// Which point of a label its x names: the start of its text (left), the
/// middle or the end, so a label keeps its place in either language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Anchor {
    #[default]
    Start,
    Middle,
    End,
}

impl Anchor {
    /// The left edge of text `width` wide whose anchor is at `x`.
    pub fn left(self, x: f64, width: f64) -> f64 {
        match self {
            Anchor::Start => x,
            Anchor::Middle => x - width / 2.0,
            Anchor::End => x - width,
        }
    }
}

impl Sketch {
    pub fn new(width: u32, height: u32) -> Sketch {
        Sketch {
            width,
            height,
            background: Some(Color::WHITE),
            shapes: Vec::new(),
            alt: String::new(),
            alt_ko: String::new(),
        }
    }

    /// The description for a reader of `lang`, if the game wrote one.
    pub fn alt_in(&self, lang: &str) -> Option<&str> {
        let alt = if lang == "ko" {
            &self.alt_ko
        } else {
            &self.alt
        };
        Some(alt.as_str()).filter(|a| !a.trim().is_empty())
    }

    pub fn rect(
        &mut self,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        fill: Option<Color>,
        stroke: Option<Color>,
    ) {
        self.shapes.push(Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            stroke,
        });
    }

    pub fn circle(&mut self, x: i32, y: i32, r: i32, fill: Option<Color>, stroke: Option<Color>) {
        self.shapes.push(Shape::Circle {
            x,
            y,
            r,
            fill,
            stroke,
        });
    }

    pub fn line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, color: Color, width: i32) {
        self.shapes.push(Shape::Line {
            x1,
            y1,
            x2,
            y2,
            color,
            width,
        });
    }

    pub fn polygon(&mut self, points: Vec<(i32, i32)>, fill: Option<Color>, stroke: Option<Color>) {
        self.shapes.push(Shape::Polygon {
            points,
            fill,
            stroke,
        });
    }

    /// A label in both languages (see `Shape::Caption`).
    pub fn caption(&mut self, x: i32, y: i32, text: Text, size: i32, color: Color) {
        self.shapes.push(Shape::Caption {
            x,
            y,
            text,
            size,
            color,
            anchor: Anchor::Start,
        });
    }

    /// A caption whose `anchor` side is at x (centred in a space, flush
    /// right in a column), in either language.
    pub fn caption_at(
        &mut self,
        (x, y): (i32, i32),
        anchor: Anchor,
        text: Text,
        size: i32,
        color: Color,
    ) {
        self.shapes.push(Shape::Caption {
            x,
            y,
            text,
            size,
            color,
            anchor,
        });
    }

    /// A label (one text for every language) whose `anchor` side is at x.
    pub fn label_at(
        &mut self,
        (x, y): (i32, i32),
        anchor: Anchor,
        text: impl Into<String>,
        size: i32,
        color: Color,
    ) {
        self.shapes.push(Shape::Label {
            x,
            y,
            text: text.into(),
            size,
            color,
            anchor,
        });
    }

    pub fn label(&mut self, x: i32, y: i32, text: impl Into<String>, size: i32, color: Color) {
        self.shapes.push(Shape::Label {
            x,
            y,
            text: text.into(),
            size,
            color,
            anchor: Anchor::Start,
        });
    }
}
