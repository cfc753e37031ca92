"""Game protection: the main bet solved exactly with cards exposed (docs/protection.md)."""
