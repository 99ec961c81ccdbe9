//! The words the mail templates add around a game's own text, in English and
//! Korean. Games translate their own text (`Text`); these are the renderer's.

/// Fixed labels of one language.
#[derive(Debug)]
pub struct Labels {
    /// Heading over the events since the reader's last mail.
    pub what_happened: &'static str,
    /// Heading over the seat's private part.
    pub your_hand: &'static str,
    /// Says the private part is for the reader alone.
    pub private_note: &'static str,
    /// Heading over the legal moves.
    pub your_moves: &'static str,
    /// How the `mailto:` links work (HTML part).
    pub moves_help_html: &'static str,
    /// How to answer with a move (plain-text part).
    pub moves_help_text: &'static str,
    /// The picture's `alt` when the sketch has none.
    pub picture_alt: &'static str,
    /// The heading over the reference tables at the end.
    pub reference: &'static str,
    /// "… and 38 more 'place priest' moves: s2t1, …": (count, the group's
    /// title, the choices named, how many others) → the sentence.
    more_in_group: fn(usize, &str, &str, usize) -> String,
    not_all_shown: fn(usize, usize) -> String,
    /// "Also possible, not listed here: " before the groups none of whose
    /// moves are listed.
    unlisted: &'static str,
    /// One such group: its count and its title (a command's leading words).
    unlisted_group: fn(usize, &str) -> String,
    /// One such group of moves without a shared title.
    unlisted_other: fn(usize) -> String,
    /// How to get them all, after the summary of moves left out.
    all_of_them: &'static str,
    moves_below: fn(usize) -> String,
}

pub const EN: Labels = Labels {
    what_happened: "What happened since your last mail",
    your_hand: "Your hand",
    private_note: "only you can see this",
    your_moves: "Your moves",
    moves_help_html: "Click a move to open a reply with it filled in, then press Send. Or write the command in your reply: above, below or between the quoted lines.",
    moves_help_text: "Reply with one of these commands, written above, below or between the quoted lines:",
    picture_alt: "Picture of the board",
    reference: "Reference tables",
    more_in_group: |n, title, named, others| {
        let noun = if n == 1 { "move" } else { "moves" };
        let what = if title.is_empty() { noun.to_string() } else { format!("'{title} …' {noun}") };
        let more = if others > 0 { format!(" and {others} others") } else { String::new() };
        if named.is_empty() { format!("… and {n} more {what}.") } else { format!("… and {n} more {what}, with {named}{more}.") }
    },
    not_all_shown: |shown, total| format!("Showing {shown} of {total} moves. Reply with the word moves to get the full list."),
    unlisted: "Also possible, not listed here: ",
    unlisted_group: |n, title| if n == 1 { format!("1 '{title} …' move") } else { format!("{n} '{title} …' moves") },
    unlisted_other: |n| if n == 1 { "1 other move".to_string() } else { format!("{n} other moves") },
    all_of_them: "Reply 'moves' for all of them.",
    moves_below: |n| if n == 1 { "Your move is below the board.".to_string() } else { format!("Your {n} possible moves are listed below the board.") },
};

pub const KO: Labels = Labels {
    what_happened: "지난 메일 이후에 있었던 일",
    your_hand: "내 손패",
    private_note: "나에게만 보이는 정보입니다",
    your_moves: "둘 수 있는 수",
    moves_help_html: "수를 누르면 그 명령이 적힌 답장이 열립니다. 그대로 보내기를 누르세요. 인용된 글의 위, 아래, 사이 어디에 명령을 직접 적어도 됩니다.",
    moves_help_text: "아래 명령 가운데 하나를 답장에 적어 보내세요. 인용된 글의 위, 아래, 사이 어디든 됩니다:",
    picture_alt: "게임판 그림",
    reference: "참고 표",
    more_in_group: |n, title, named, others| {
        let what = if title.is_empty() { "수".to_string() } else { format!("'{title} …' 수") };
        let more = if others > 0 { format!(" 외 {others}가지") } else { String::new() };
        if named.is_empty() { format!("… 그 밖의 {what} {n}개.") } else { format!("… 그 밖의 {what} {n}개: {named}{more}.") }
    },
    not_all_shown: |shown, total| format!("수 {total}개 가운데 {shown}개만 보여 드렸습니다. 전체 목록은 moves 라고 답장하면 받을 수 있습니다."),
    unlisted: "여기 싣지 못한 수: ",
    unlisted_group: |n, title| format!("'{title} …' {n}개"),
    unlisted_other: |n| format!("그 밖의 수 {n}개"),
    all_of_them: "모두 보려면 'moves'라고 답장하세요.",
    moves_below: |n| format!("둘 수 있는 수 {n}개가 그림 아래에 있습니다."),
};

impl Labels {
    /// The labels for a language code: `ko` is Korean, anything else English.
    pub fn for_lang(lang: &str) -> &'static Labels {
        if lang == "ko" {
            &KO
        } else {
            &EN
        }
    }

    /// Says in words which moves of the group titled `title` are not
    /// listed: how many, the first choices they differ by, and how to get
    /// them all.
    pub fn more_in_group(&self, title: &str, rest: &super::moves::Rest) -> String {
        let named: Vec<&str> = rest
            .choices
            .iter()
            .take(super::moves::Rest::NAMED)
            .map(String::as_str)
            .collect();
        let others = rest.choices.len() - named.len();
        format!(
            "{} {}",
            (self.more_in_group)(rest.count, title, &named.join(", "), others),
            self.all_of_them
        )
    }

    /// Says that only `shown` of `total` moves are listed and how to get all.
    pub fn not_all_shown(&self, shown: usize, total: usize) -> String {
        (self.not_all_shown)(shown, total)
    }

    /// Says how many moves the mail offers and that they follow the picture.
    pub fn moves_below(&self, n: usize) -> String {
        (self.moves_below)(n)
    }

    /// Names the groups none of whose moves are listed, with their counts:
    /// a run of commands by its leading words, a game's summary by its
    /// title, moves without a shared title as other moves.
    pub fn unlisted(&self, groups: &[super::moves::ShownGroup]) -> String {
        let names: Vec<String> = groups
            .iter()
            .map(|g| {
                if g.is_summary() {
                    g.title.to_string()
                } else if g.title.is_empty() {
                    (self.unlisted_other)(g.hidden)
                } else {
                    (self.unlisted_group)(g.hidden, g.title)
                }
            })
            .collect();
        format!(
            "{}{}. {}",
            self.unlisted,
            names.join(", "),
            self.all_of_them
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_codes_pick_labels() {
        assert_eq!(Labels::for_lang("ko").your_hand, "내 손패");
        assert_eq!(Labels::for_lang("en").your_hand, "Your hand");
        assert_eq!(Labels::for_lang("de").your_hand, "Your hand");
    }

    #[test]
    fn counts_read_naturally() {
        let rest = super::super::moves::Rest {
            count: 38,
            choices: (1..=9).map(|i| format!("s{i}m1")).collect(),
        };
        assert_eq!(
            EN.more_in_group("place priest", &rest),
            "… and 38 more 'place priest …' moves, with s1m1, s2m1, s3m1, s4m1, s5m1, s6m1 and 3 others. Reply 'moves' for all of them."
        );
        assert_eq!(
            KO.more_in_group("place priest", &rest),
            "… 그 밖의 'place priest …' 수 38개: s1m1, s2m1, s3m1, s4m1, s5m1, s6m1 외 3가지. 모두 보려면 'moves'라고 답장하세요."
        );
        let none = super::super::moves::Rest {
            count: 3,
            choices: Vec::new(),
        };
        assert_eq!(
            EN.more_in_group("", &none),
            "… and 3 more moves. Reply 'moves' for all of them."
        );
        assert_eq!(
            EN.not_all_shown(200, 950),
            "Showing 200 of 950 moves. Reply with the word moves to get the full list."
        );
        assert!(KO
            .not_all_shown(200, 950)
            .starts_with("수 950개 가운데 200개만"));
    }
}
