"""The Hybrid Triple Bet's rules source and its published figure (docs/references.md section 1)."""

from edge.published import Citation, Published

SOURCES = (
    Citation("Hybrid Triple Bet", issuer="Grosvenor Casinos (licensee Stephen Au-Yeung)",
             date="15 July 2011 (placed on trial)",
             known="the record of the game's trial: the three wagers, the order of the deal, the "
                   "\"usual odds\" and a house edge; edge does not ship it"),
)

PUBLISHED = (
    Published("sandwich", "house_edge", "5.478%",
              "the 2011 Hybrid Triple Bet trial document (Grosvenor Casinos), \"under the usual "
              "odds\", the wager not named (only the Sandwich wager at six decks rounds to it)",
              "usual"),
)
