"""Hybrid Triple Bet (docs/rules.md section 1): the Flush, Sandwich and Block wagers from a shoe.

The package: ``rules`` (the variant options), ``pays`` (outcomes and preset pay tables),
``analysis`` (exact return tables from the ``_kernels`` counts) and ``simulation`` (an
independent Monte Carlo check). Each :class:`~edge.games.Bet` below calls its own functions.

>>> GAME.analyze("flush", None, TripleBetRules(decks=1)).cycle == 52 * 51
True
"""

from __future__ import annotations

from types import ModuleType

from edge.games import (
    PUBLISHED_FIGURES,
    SMALL_CASES,
    Bet,
    Game,
    RulesSections,
    on_call,
    pays_and_rules,
)
from edge.games.triple_bet import analysis, sources
from edge.games.triple_bet.pays import (
    BLOCK_OUTCOMES,
    COMBINED_OUTCOMES,
    FLUSH_OUTCOMES,
    PRESETS,
    SANDWICH_OUTCOMES,
)
from edge.games.triple_bet.rules import TripleBetRules, describe_rules
from edge.games.triple_bet.shoe import shoe_return

__all__ = ["GAME", "TripleBetRules"]


def _rules_document() -> RulesSections[TripleBetRules]:
    from edge.games.triple_bet import rules_document
    return rules_document.rules_sections


def _simulation() -> ModuleType:
    from edge.games.triple_bet import simulation  # imported when a simulation is run
    return simulation


GAME = Game(
    name=analysis.GAME_NAME,
    title="Hybrid Triple Bet",
    rules=TripleBetRules,
    bets=(
        Bet("flush", "player card vs the first flop card, same suit wins",
            pays_and_rules(analysis.analyze_flush), FLUSH_OUTCOMES, PRESETS["flush"], "usual",
            simulate=lambda wager: _simulation().simulate_flush(wager.paytable, wager.rules),
            shoe_return=shoe_return("flush")),
        Bet("sandwich", "second flop card between or matching the player's two cards",
            pays_and_rules(analysis.analyze_sandwich), SANDWICH_OUTCOMES, PRESETS["sandwich"],
            "usual",
            simulate=lambda wager: _simulation().simulate_sandwich(wager.paytable, wager.rules),
            shoe_return=shoe_return("sandwich")),
        Bet("block", "a player card of the dealer card's suit and higher rank",
            pays_and_rules(analysis.analyze_block), BLOCK_OUTCOMES, PRESETS["block"], "usual",
            simulate=lambda wager: _simulation().simulate_block(wager.paytable, wager.rules),
            shoe_return=shoe_return("block")),
        Bet("combined", "the three wagers together, equal amounts",
            pays_and_rules(analysis.analyze_combined), COMBINED_OUTCOMES, PRESETS["combined"],
            "usual",
            simulate=lambda wager: _simulation().simulate_combined(wager.paytable, wager.rules),
            shoe_return=shoe_return("combined"),
            parts={f"{part}.": part for part in ("flush", "sandwich", "block")}),
    ),
    source="The 2011 Hybrid Triple Bet trial document (Grosvenor Casinos)",
    sources=sources.SOURCES,
    published=sources.PUBLISHED,
    aliases=("hybrid-triple-bet", "triple"),
    checks=(SMALL_CASES, PUBLISHED_FIGURES),   # the tests' plain counts, docs/references.md
    describe_rules=describe_rules,
    rules_sections=on_call(_rules_document),
)
