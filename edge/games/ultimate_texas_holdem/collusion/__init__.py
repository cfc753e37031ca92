"""Ultimate Texas Hold'em with a partner's hole cards shared (docs/collusion-uth.md)."""
