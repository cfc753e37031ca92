"""Tri-Card Poker's rules source and its published figures (docs/references.md section 2)."""

from edge.published import Citation, Published

SOURCES = (
    Citation("Tri-Card Poker", issuer="an online casino (not named in edge's records)",
             known="a player's help page: the Pair Plus and Ante wagers, raise and fold, the "
                   "queen-high qualifier, three Pair Plus and three Ante Bonus tables and the "
                   "hand ranks; edge does not ship it"),
)

DISSECTED = "J. Grochowski, \"Three Card Poker dissected\", casinocitytimes.com, 19 December 2021"
PAIR_PLUS = "J. Grochowski, \"Three Card Poker and Pair Plus\", casinocitytimes.com"
RARE = "J. Grochowski, \"A rare Pair Plus payout at Three Card Poker\", online.casinocity.com"
WIZARD = "Wizard of Odds, \"Three Card Poker\" (wizardofodds.com/games/three-card-poker/)"
JACOBSON = ("E. Jacobson, \"Three Card Poker Hole-Card Play: Update #1\", apheat.net, "
            "12 June 2015")

PUBLISHED = (
    Published("ante", "house_edge", "3.37%", DISSECTED, "3"),
    Published("ante", "element_of_risk", "2.01%", DISSECTED, "3"),
    Published("ante", "house_edge", "3.45%", DISSECTED + " (raising queen-high or better)", "3",
              {"strategy": "mimic"}),
    Published("ante", "house_edge", "7.65%", DISSECTED + " (raising every hand)", "3",
              {"strategy": "raise-all"}),
    Published("ante", "house_edge", "3.37%", DISSECTED + " (raising Q-6-4 or better)", "3",
              {"strategy": "q-6-4"}),
    Published("ante", "element_of_risk", "2.16%",
              "\"Three Card Poker is easy, fun and a good bet\", poker-corner.com (articles/364)",
              "trips-3"),
    Published("ante", "player_edge", "3.4829%", JACOBSON, "3", {"seen": "dealer-1"}),
    Published("ante", "player_edge", "3.4829%", JACOBSON + " (his rule, played as a fixed rule)",
              "3", {"seen": "dealer-1", "strategy": "seen-dealer-1-jacobson"}),
    Published("ante", "player_edge", "2.41%", "M. Shackleford, Wizard of Odds newsletter, "
              "6 September 2003 (an ace, a face card or a low card told apart)", "3",
              {"seen": "split-1"}),
    Published("pair-plus", "house_edge", "2.32%", PAIR_PLUS, "3"),
    Published("pair-plus", "house_edge", "7.28%", PAIR_PLUS, "common"),
    Published("pair-plus", "house_edge", "5.57%", PAIR_PLUS, "straight-5"),
    Published("pair-plus", "house_edge", "3.49%", WIZARD + ", Pairplus section", "2"),
    Published("pair-plus", "house_edge", "4.58%", WIZARD + ", Pairplus section", "1"),
    Published("pair-plus", "house_edge", "7.10%",
              "J. Grochowski, \"Mini royal payoffs in Three Card Poker\" (tunicatravel.com "
              "blog, 2017)", "mini-royal-50"),
    Published("pair-plus", "house_edge", "5.39%", RARE, "mini-royal-50-straight-5"),
    Published("pair-plus", "house_edge", "4.49%", RARE, "mini-royal-100-straight-5"),
)
