-- Issue 28: nothing a stranger sends is kept for ever. A Message-ID longer
-- than 200 characters is kept as the SHA-256 digest of it ("sha256:" and 64
-- hex digits). SQLite has no SHA-256, so the rows already stored are
-- rewritten in Rust right after this file (`Store::digest_long_message_ids`);
-- this index makes the housekeeping's pruning of old ignored mail cheap.
CREATE INDEX inbound_by_outcome ON inbound(outcome, received_at);
