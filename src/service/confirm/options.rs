//! A game's options in words, in both languages, for the new-game
//! confirmation: "Category of monument M13: holy (default)", never the
//! raw key a file or the command line uses.

use crate::engine::Text;

/// The option `key` of `game` in words; `None` for a key this table does not
/// know (the confirmation then shows the key itself).
pub(super) fn option_name(game: &str, key: &str) -> Option<Text> {
    let (en, ko) = match (game, key) {
        (_, "deadline") => ("Time to answer", "답할 시간"),
        (_, "weekends") => ("Weekends", "주말"),
        (_, "timeout") => ("When time runs out", "시간이 다 되면"),
        (_, "reminders") => ("Reminders", "알림"),
        ("tzolkin", "data") => ("Component data", "구성물 데이터"),
        ("tzolkin", "corn_points") => ("Final corn points", "마지막 옥수수 점수"),
        ("tzolkin", "theo_chi9") => (
            "Theology 1 on Chichen Itza 9 may use space 10",
            "신학 1로 치첸 이차 9에서 10번 칸 사용",
        ),
        ("tzolkin", "dummies_block") => (
            "Dummy workers forbid the double advance",
            "더미 일꾼이 이틀 전진을 막음",
        ),
        ("tzolkin", "m13_category") => ("Category of monument M13", "기념비 M13의 종류"),
        ("tzolkin", "s05_wood") => ("Wood on starting tile S05", "시작 타일 S05의 나무"),
        ("tzolkin", "a2_04_cost") => ("Cost of building A2-04", "건물 A2-04의 비용"),
        ("tzolkin", "a2_14_vp") => ("Points of building A2-14", "건물 A2-14의 점수"),
        ("tzolkin", "a1_farm_cost") => ("Cost of farms A1-04/05", "농장 A1-04/05의 비용"),
        ("tikal", "auction") => ("Auction version", "경매판"),
        ("tikal", "mini") => ("Mini-Tikal", "미니 티칼"),
        ("tikal", "camp") => ("A camp needs", "캠프에 필요한 것"),
        ("tikal", "guarded") => ("A guarded temple scores for", "경비된 사원의 득점자"),
        ("tikal", "final_start") => ("Final round starts with", "마지막 라운드 시작"),
        ("tikal", "final_tie") => ("Auction final round ties", "경매판 마지막 라운드 동점"),
        ("tikal", "volcano_link") => ("Stone towards a volcano connects", "화산 쪽 돌길 연결"),
        ("tikal", "opener") => ("Auction round opener", "경매 라운드 시작"),
        ("tikal", "tiles") => ("Tiles", "타일"),
        ("tikal" | "cuzco", "board") => ("Board", "보드"),
        ("tawantinsuyu", "components") => ("Component set", "구성물"),
        ("tawantinsuyu", "coricancha") => ("Coricancha layout", "코리칸차 배치"),
        ("tawantinsuyu", "porter") => ("Porter's bonus needs", "짐꾼 보너스 조건"),
        ("tawantinsuyu", "priest_card") => ("Priest's God card", "사제의 신 카드"),
        ("tawantinsuyu", "priest_start") => ("High Priests placed", "대제사장 배치 시점"),
        ("tawantinsuyu", "deploy") => ("Conquest army cards laid", "정복 군대 카드 내려놓기"),
        ("tawantinsuyu", "level") => ("Axomama's difficulty", "악소마마 난이도"),
        ("cuzco", "build_markers") => (
            "A temple built at 4 or more takes",
            "4층 이상 사원이 가져가는 마커",
        ),
        ("cuzco", "deck_empty") => ("Empty festival deck", "빈 축제 더미"),
        ("cuzco", "sun_limit") => ("Festivals need a sun marker", "축제에 태양 마커 필요"),
        ("cuzco", "stacked_outside") => {
            ("A tile stacked outside the region", "지역 밖에 쌓은 타일")
        }
        ("cuzco", "jammed") => (
            "A player who cannot place a tile",
            "타일을 놓을 수 없는 플레이어",
        ),
        ("cuzco", "outside_incas") => ("Incas outside the region", "지역 밖의 잉카족"),
        ("tta", "mode") => ("Game", "게임"),
        ("tta", "events") => ("Introductory events", "입문 이벤트"),
        ("tta", "start") => ("Start player", "시작 플레이어"),
        ("tta", "resign") => ("Resigning at the start of a turn", "차례 시작 때 기권"),
        ("tta", "corruption_variant") => ("Corruption variant", "부패 변형 규칙"),
        ("tta", "cards") => ("Cards", "카드"),
        _ => return None,
    };
    Some(Text::new(en, ko))
}

/// A value in the reader's words where it is a common one (on, off, yes,
/// no, random, the built-in set); others as written, since a reply may
/// name them.
pub(super) fn value_words(value: &str) -> Text {
    let (en, ko) = match value {
        "on" | "yes" => ("yes", "예"),
        "off" | "no" => ("no", "아니오"),
        "random" => ("random", "무작위"),
        "built-in substitute" => ("built-in substitute", "내장 대체품"),
        other => return Text::same(other),
    };
    Text::new(en, ko)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option of every game has its words: no raw key in a confirmation.
    #[test]
    fn every_option_of_every_game_has_words() {
        for entry in crate::games::registry() {
            for doc in (entry.info)().options {
                assert!(
                    option_name(entry.name, doc.key).is_some(),
                    "{}: {}",
                    entry.name,
                    doc.key
                );
            }
        }
        for key in crate::service::clock::CLOCK_KEYS {
            assert!(option_name("tzolkin", key).is_some(), "{key}");
        }
        assert_eq!(value_words("on").ko, "예");
        assert_eq!(value_words("holy").en, "holy");
    }
}
