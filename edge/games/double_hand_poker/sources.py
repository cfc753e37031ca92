"""Casino Double-Hand Poker's rules source and its published figures (docs/references.md
section 3)."""

from edge.published import Citation, Published

SOURCES = (
    Citation("Casino Double-Hand Poker rules and house way", issuer="S. Au-Yeung (the inventor)",
             date="2005-2010",
             known="the rules of the 28-tile game, its side bets and the dealer's house way "
                   "with six worked examples; edge does not ship it"),
)

SIC_BO = ("the standard figure for Sic Bo's Small and Big bets (105 winning rolls of 216, "
          "house edge 1/36)")

PUBLISHED = (
    Published("dice-lo", "house_edge", "2.78%", SIC_BO),
    Published("dice-hi", "house_edge", "2.78%", SIC_BO),
)
