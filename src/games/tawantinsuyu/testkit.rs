//! Scenario builders for tests: a position is set up by named steps ("seat 0
//! holds these God cards", "the pending steps are …") instead of writes into
//! the state's fields, and pieces moved by hand are taken from where they lie
//! so that every count stays whole.

use super::state::{Item, State};

/// The index of the entry with id `id` in one component list.
fn index_of<'a>(ids: impl Iterator<Item = &'a str>, id: &str) -> u8 {
    ids.enumerate()
        .find(|(_, x)| *x == id)
        .and_then(|(i, _)| u8::try_from(i).ok())
        .unwrap_or_else(|| panic!("no component {id} in this data set"))
}

/// Lookups by printed id.
impl State {
    pub fn god_index(&self, id: &str) -> u8 {
        index_of(self.d().gods.iter().map(|g| g.id.as_str()), id)
    }
    pub fn army_index(&self, id: &str) -> u8 {
        index_of(self.d().army.iter().map(|g| g.id.as_str()), id)
    }
    pub fn space_index(&self, id: &str) -> usize {
        index_of(self.d().spaces.iter().map(|g| g.id.as_str()), id) as usize
    }
    pub fn tile_index(&self, id: &str) -> u8 {
        index_of(self.d().weavings.iter().map(|g| g.id.as_str()), id)
    }
    pub fn production_index(&self, id: &str) -> u8 {
        index_of(self.d().production.iter().map(|g| g.id.as_str()), id)
    }
}

/// Pieces taken from wherever they lie (decks, hands, boards).
impl State {
    /// Takes God cards out of the deck, the Offerings and every hand.
    pub fn take_gods(&mut self, ids: &[&str]) -> Vec<u8> {
        let v: Vec<u8> = ids.iter().map(|i| self.god_index(i)).collect();
        self.god_deck.retain(|g| !v.contains(g));
        self.offerings.retain(|g| !v.contains(g));
        self.setup_used.retain(|g| !v.contains(g));
        self.axo.slots.retain(|g| !v.contains(g));
        for p in &mut self.players {
            p.gods.retain(|g| !v.contains(g));
            p.dealt.retain(|g| !v.contains(g));
        }
        v
    }

    /// Takes army cards out of the deck, the discard pile and every army.
    pub fn take_army(&mut self, ids: &[&str]) -> Vec<u8> {
        let v: Vec<u8> = ids.iter().map(|i| self.army_index(i)).collect();
        self.army_deck.retain(|g| !v.contains(g));
        self.army_discard.retain(|g| !v.contains(g));
        for p in &mut self.players {
            p.army_hand.retain(|g| !v.contains(g));
            p.army_front.retain(|g| !v.contains(&g.0));
        }
        v
    }

    /// Takes weaving tiles out of the piles and every tapestry.
    pub fn take_tiles(&mut self, ids: &[&str]) -> Vec<u8> {
        let v: Vec<u8> = ids.iter().map(|i| self.tile_index(i)).collect();
        self.weaving_pile.retain(|g| !v.contains(g));
        self.start_weavings.retain(|g| !v.contains(g));
        for p in &mut self.players {
            for t in &mut p.tapestries {
                t.retain(|g| !v.contains(g));
            }
            p.tapestries.retain(|t| !t.is_empty());
        }
        v
    }

    /// Takes production buildings out of the pile and the market.
    pub fn take_production(&mut self, buildings: &[u8]) {
        self.prod_pile.retain(|b| !buildings.contains(b));
        self.market_prod.retain(|b| !buildings.contains(b));
    }

    /// Takes passive buildings out of the pile and the market.
    pub fn take_passive(&mut self, buildings: &[u8]) {
        self.pass_pile.retain(|b| !buildings.contains(b));
        self.market_pass.retain(|b| !buildings.contains(b));
    }

    /// Moves a worker of type `w` out of the bag (or the Village, the Nomads).
    pub fn grab_worker(&mut self, w: u8) -> u8 {
        for pool in [&mut self.bag, &mut self.village, &mut self.nomads] {
            if let Some(i) = pool.iter().position(|&x| x == w) {
                pool.remove(i);
                return w;
            }
        }
        panic!("no worker {w} left");
    }

    /// Empties a hill space, returning its worker.
    pub fn clear_space(&mut self, space: usize) -> Option<u8> {
        self.hill[space].take()
    }

    /// Puts a worker of type `w` on the hill space `id` (an old one goes to the bag).
    pub fn put_worker(&mut self, id: &str, w: u8) {
        let i = self.space_index(id);
        if let Some(old) = self.hill[i].take() {
            self.bag.push(old);
        }
        self.hill[i] = Some(self.grab_worker(w));
    }
}

/// Past setup: `p` about to take the main choice of a turn.
impl State {
    /// Everybody's dealt and kept cards go back to the deck, each High
    /// Priest stands in section 0, and `p` is to act.
    pub fn skip_to_main(&mut self, p: usize) {
        for pl in &mut self.players {
            self.god_deck.append(&mut pl.dealt);
            self.god_deck.append(&mut pl.gods);
        }
        self.stack = vec![
            Item::Do(p, super::state::Step::NextTurn),
            Item::Ask(p, super::state::Ask::Main),
        ];
        self.current = p;
        for pl in &mut self.players {
            pl.priest = Some(0);
        }
    }
}

/// What one seat holds.
impl State {
    pub fn set_resources(&mut self, p: usize, res: [u32; 4]) {
        self.players[p].res = res;
    }
    pub fn set_resource(&mut self, p: usize, kind: usize, n: u32) {
        self.players[p].res[kind] = n;
    }
    pub fn set_vp(&mut self, p: usize, vp: u32) {
        self.players[p].vp = vp;
    }
    pub fn set_priest(&mut self, p: usize, section: Option<usize>) {
        self.players[p].priest = section;
    }
    pub fn set_temple(&mut self, p: usize, space: usize) {
        self.players[p].temple = space;
    }
    pub fn set_steps_left(&mut self, p: usize, n: u32) {
        self.players[p].steps_left = n;
    }
    /// Gives `p` exactly these workers (the old ones go back to the bag).
    pub fn set_workers(&mut self, p: usize, ws: &[u8]) {
        let old = std::mem::take(&mut self.players[p].workers);
        self.bag.extend(old);
        let got: Vec<u8> = ws.iter().map(|&w| self.grab_worker(w)).collect();
        self.players[p].workers = got;
    }
    /// Adds workers already taken from elsewhere to `p`'s supply.
    pub fn add_workers(&mut self, p: usize, ws: impl IntoIterator<Item = u8>) {
        self.players[p].workers.extend(ws);
    }
    /// Takes all of `p`'s workers out of its supply.
    pub fn take_workers_of(&mut self, p: usize) -> Vec<u8> {
        std::mem::take(&mut self.players[p].workers)
    }
    pub fn set_gods(&mut self, p: usize, cards: Vec<u8>) {
        self.players[p].gods = cards;
    }
    /// Puts these God cards (taken from wherever they are) in `p`'s hand.
    pub fn hand_gods(&mut self, p: usize, ids: &[&str]) -> Vec<u8> {
        let v = self.take_gods(ids);
        self.players[p].gods = v.clone();
        v
    }
    pub fn set_dealt(&mut self, p: usize, cards: Vec<u8>) {
        self.players[p].dealt = cards;
    }
    /// Deals these God cards (taken from wherever they are) to `p`.
    pub fn deal_gods(&mut self, p: usize, ids: &[&str]) -> Vec<u8> {
        let v = self.take_gods(ids);
        self.players[p].dealt = v.clone();
        v
    }
    /// `p`'s dealt cards go back on the deck.
    pub fn return_dealt(&mut self, p: usize) {
        let dealt = std::mem::take(&mut self.players[p].dealt);
        self.god_deck.extend(dealt);
    }
    /// `p`'s God cards in hand go back on the deck.
    pub fn return_hand(&mut self, p: usize) {
        let gods = std::mem::take(&mut self.players[p].gods);
        self.god_deck.extend(gods);
    }
    pub fn set_army_hand(&mut self, p: usize, cards: Vec<u8>) {
        self.players[p].army_hand = cards;
    }
    /// Puts these army cards (taken from wherever they are) in `p`'s hand.
    pub fn hand_army(&mut self, p: usize, ids: &[&str]) -> Vec<u8> {
        let v = self.take_army(ids);
        self.players[p].army_hand = v.clone();
        v
    }
    pub fn take_army_hand(&mut self, p: usize) -> Vec<u8> {
        std::mem::take(&mut self.players[p].army_hand)
    }
    pub fn set_army_front(&mut self, p: usize, cards: Vec<(u8, bool)>) {
        self.players[p].army_front = cards;
    }
    pub fn take_army_front(&mut self, p: usize) -> Vec<(u8, bool)> {
        std::mem::take(&mut self.players[p].army_front)
    }
    pub fn set_statues(&mut self, p: usize, statues: Vec<(u8, bool)>) {
        self.players[p].statues = statues;
    }
    pub fn set_tapestries(&mut self, p: usize, tapestries: Vec<Vec<u8>>) {
        self.players[p].tapestries = tapestries;
    }
    pub fn take_tapestries(&mut self, p: usize) -> Vec<Vec<u8>> {
        std::mem::take(&mut self.players[p].tapestries)
    }
    pub fn set_production(&mut self, p: usize, buildings: Vec<(u8, bool)>) {
        self.players[p].production = buildings;
    }
    /// Gives `p` these production buildings (id, face up), out of pile and market.
    pub fn give_production(&mut self, p: usize, list: &[(&str, bool)]) {
        let v: Vec<(u8, bool)> = list
            .iter()
            .map(|(id, up)| (self.production_index(id), *up))
            .collect();
        let ids: Vec<u8> = v.iter().map(|x| x.0).collect();
        self.take_production(&ids);
        self.players[p].production = v;
    }
    /// Gives `p` the passive building `code`, out of pile and market.
    pub fn give_passive(&mut self, p: usize, code: &str) {
        let b = self
            .d()
            .passive_by_code(code)
            .and_then(|i| u8::try_from(i).ok())
            .unwrap_or_else(|| panic!("no passive building {code}"));
        self.take_passive(&[b]);
        self.players[p].passive.push(b);
    }
}

/// The board, the decks and the flow.
impl State {
    /// The pending steps and decisions, last one first to come.
    pub fn set_pending(&mut self, items: Vec<Item>) {
        self.stack = items;
    }
    pub fn push_pending(&mut self, item: Item) {
        self.stack.push(item);
    }
    pub fn pop_pending(&mut self) -> Option<Item> {
        self.stack.pop()
    }
    pub fn set_current(&mut self, p: usize) {
        self.current = p;
    }
    pub fn set_festival_holder(&mut self, p: Option<usize>) {
        self.festival_holder = p;
    }
    pub fn set_festivals_done(&mut self, n: usize) {
        self.festivals_done = n;
    }
    pub fn set_final_scores(&mut self, scores: Option<Vec<u32>>) {
        self.final_scores = scores;
    }
    /// Solo difficulty: -1 easier, 0 normal, 1 harder.
    pub fn set_difficulty(&mut self, level: i8) {
        self.readings.difficulty = level;
    }
    pub fn set_personality(&mut self, personality: Option<usize>) {
        self.axo.personality = personality;
    }
    pub fn set_offerings(&mut self, cards: Vec<u8>) {
        self.offerings = cards.into();
    }
    /// Puts these God cards (taken from wherever they are) in the Offerings, oldest first.
    pub fn offer_gods(&mut self, ids: &[&str]) -> Vec<u8> {
        let v = self.take_gods(ids);
        self.offerings = v.clone().into();
        v
    }
    /// The Offerings go back on the deck.
    pub fn return_offerings(&mut self) {
        let o = std::mem::take(&mut self.offerings);
        self.god_deck.extend(o);
    }
    pub fn set_step_owner(&mut self, step: usize, owner: Option<u8>) {
        self.steps[step] = owner;
    }
    /// Takes one statue of `symbol` out of the supply.
    pub fn take_statue_from_supply(&mut self, symbol: usize, large: bool) {
        let (small, big) = &mut self.statues[symbol];
        let n = if large { big } else { small };
        *n = n.saturating_sub(1);
    }
    /// The statues of `symbol` left in the supply: (small, large).
    pub fn set_statue_supply(&mut self, symbol: usize, left: (u32, u32)) {
        self.statues[symbol] = left;
    }
    pub fn set_start_weavings(&mut self, tiles: Vec<u8>) {
        self.start_weavings = tiles.into();
    }
    pub fn set_nomads(&mut self, workers: Vec<u8>) {
        self.nomads = workers.into();
    }
    /// Keeps only the first `n` workers of the Village.
    pub fn truncate_village(&mut self, n: usize) {
        self.village.truncate(n);
    }
    /// No segment has ever had a worker.
    pub fn forget_segments_used(&mut self) {
        self.segment_used.iter_mut().for_each(|x| *x = false);
    }
    /// The production market is exactly these buildings (the old ones go to the pile).
    pub fn set_market(&mut self, ids: &[&str]) {
        let v: Vec<u8> = ids.iter().map(|i| self.production_index(i)).collect();
        let old = std::mem::take(&mut self.market_prod);
        self.prod_pile.extend(old);
        self.prod_pile.retain(|b| !v.contains(b));
        self.market_prod = v.into();
    }
    /// Both markets are exactly these buildings, already taken from their piles.
    pub fn set_markets(&mut self, production: Vec<u8>, passive: Vec<u8>) {
        self.market_prod = production.into();
        self.market_pass = passive.into();
    }
    pub fn to_bag(&mut self, workers: impl IntoIterator<Item = u8>) {
        self.bag.extend(workers);
    }
    pub fn to_casualties(&mut self, workers: impl IntoIterator<Item = u8>) {
        self.casualties.extend(workers);
    }
    /// God cards onto the deck (the last one on top).
    pub fn to_god_deck(&mut self, cards: impl IntoIterator<Item = u8>) {
        self.god_deck.extend(cards);
    }
    pub fn to_army_deck(&mut self, cards: impl IntoIterator<Item = u8>) {
        self.army_deck.extend(cards);
    }
    pub fn to_army_discard(&mut self, cards: impl IntoIterator<Item = u8>) {
        self.army_discard.extend(cards);
    }
    /// Weaving tiles onto the pile (the last one on top, face up).
    pub fn to_weaving_pile(&mut self, tiles: impl IntoIterator<Item = u8>) {
        self.weaving_pile.extend(tiles);
    }
    pub fn to_start_weavings(&mut self, tiles: impl IntoIterator<Item = u8>) {
        self.start_weavings.extend(tiles);
    }
    pub fn to_production_pile(&mut self, buildings: impl IntoIterator<Item = u8>) {
        self.prod_pile.extend(buildings);
    }
    pub fn to_passive_pile(&mut self, buildings: impl IntoIterator<Item = u8>) {
        self.pass_pile.extend(buildings);
    }
    /// Takes the first `n` workers out of the bag.
    pub fn draw_from_bag(&mut self, n: usize) -> Vec<u8> {
        let n = n.min(self.bag.len());
        self.bag.drain(..n).collect()
    }
    /// Empties the bag.
    pub fn take_bag(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bag)
    }
    /// Empties the Village.
    pub fn take_village(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.village)
    }
    /// Empties the Nomads.
    pub fn take_nomads(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.nomads)
    }
    /// Empties the hill; its workers go to the bag.
    pub fn clear_hill(&mut self) {
        let workers: Vec<u8> = self.hill.iter_mut().filter_map(Option::take).collect();
        self.bag.extend(workers);
    }
    /// Both market rows go back under their piles.
    pub fn empty_markets(&mut self) {
        let prod = std::mem::take(&mut self.market_prod);
        self.prod_pile.extend(prod);
        let pass = std::mem::take(&mut self.market_pass);
        self.pass_pile.extend(pass);
    }
    /// Every production building, out of pile and market.
    pub fn take_all_production(&mut self) -> Vec<u8> {
        let mut all = std::mem::take(&mut self.prod_pile).into_inner();
        all.append(&mut self.market_prod);
        all
    }
    /// Axomama's four slid-in God cards are these (the old ones go to the deck).
    pub fn slot_gods(&mut self, ids: &[&str]) -> Vec<u8> {
        let old = std::mem::take(&mut self.axo.slots);
        self.god_deck.extend(old);
        let v = self.take_gods(ids);
        self.axo.slots = v.clone();
        v
    }
    /// Axomama's number tokens stand on these cells (in data order).
    pub fn set_token_cells(&mut self, cells: Vec<usize>) {
        self.axo.tokens = cells;
    }
    pub fn set_token_cell(&mut self, token: usize, cell: usize) {
        self.axo.tokens[token] = cell;
    }
    /// Whether Axomama has placed a worker before (its very first is at random).
    pub fn set_placed_once(&mut self, placed: bool) {
        self.axo.placed_once = placed;
    }
    pub fn set_casualties(&mut self, workers: Vec<u8>) {
        self.casualties = workers.into();
    }
}
