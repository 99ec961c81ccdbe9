//! The replay and index pages' own words in English and Korean (the games'
//! text comes translated in their views).

/// Fixed words of one language.
#[derive(Debug)]
pub struct Words {
    pub lang: &'static str,
    pub archive: &'static str,
    pub players: &'static str,
    pub options: &'static str,
    pub started: &'static str,
    pub finished: &'static str,
    pub in_progress: &'static str,
    pub result: &'static str,
    pub start: &'static str,
    pub position: &'static str,
    pub to_act: &'static str,
    pub nobody: &'static str,
    pub moves: &'static str,
    pub first: &'static str,
    pub back: &'static str,
    pub forward: &'static str,
    pub last: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    pub speed: &'static str,
    pub keys: &'static str,
    pub public: &'static str,
    pub private_of: &'static str,
    pub needs_script: &'static str,
    pub game: &'static str,
    pub all_games: &'static str,
    pub player: &'static str,
    pub filter: &'static str,
    pub steps: &'static str,
    pub status: &'static str,
    pub shown: &'static str,
    pub generated: &'static str,
}

pub const EN: Words = Words {
    lang: "en",
    archive: "Game archive",
    players: "Players",
    options: "Options",
    started: "Started",
    finished: "Finished",
    in_progress: "in progress",
    result: "Result",
    start: "Start of the game",
    position: "Position",
    to_act: "To decide",
    nobody: "nobody",
    moves: "Moves",
    first: "Start",
    back: "Back",
    forward: "Forward",
    last: "End",
    play: "Play",
    pause: "Pause",
    speed: "Speed",
    keys: "Keys: ← → step, Home and End jump.",
    public: "What every player could see at each moment.",
    private_of: "With the private part of",
    needs_script:
        "Stepping through the game needs JavaScript; the move list below is readable without it.",
    game: "Game",
    all_games: "All games",
    player: "Player",
    filter: "Filter (player, date, result)",
    steps: "Moves",
    status: "Status",
    shown: "shown",
    generated: "Written by quipu",
};

pub const KO: Words = Words {
    lang: "ko",
    archive: "게임 기록 보관소",
    players: "참가자",
    options: "옵션",
    started: "시작",
    finished: "끝남",
    in_progress: "진행 중",
    result: "결과",
    start: "게임 시작",
    position: "국면",
    to_act: "결정할 차례",
    nobody: "없음",
    moves: "수 목록",
    first: "처음",
    back: "이전",
    forward: "다음",
    last: "마지막",
    play: "재생",
    pause: "멈춤",
    speed: "속도",
    keys: "키: ← → 한 수씩, Home·End 처음과 마지막.",
    public: "그 순간 모든 참가자가 볼 수 있던 정보만 보여 줍니다.",
    private_of: "비공개 정보를 함께 보여 주는 자리:",
    needs_script:
        "한 수씩 넘겨 보려면 자바스크립트가 필요합니다. 아래 수 목록은 그대로 읽을 수 있습니다.",
    game: "게임",
    all_games: "모든 게임",
    player: "참가자",
    filter: "거르기 (참가자, 날짜, 결과)",
    steps: "수",
    status: "상태",
    shown: "표시",
    generated: "quipu가 만든 페이지",
};

impl Words {
    /// The words for a language code: `ko` is Korean, anything else English.
    pub fn for_lang(lang: &str) -> &'static Words {
        if lang == "ko" {
            &KO
        } else {
            &EN
        }
    }
}
