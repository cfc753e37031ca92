"""Ultimate Texas Hold'em's rules sources and its published figures (docs/references.md
section 4)."""

from edge.published import Citation, Published

SOURCES = (
    Citation("Ultimate Texas Hold'em table rules (Italian)",
             issuer="a casino (not named in edge's records; stakes in Swiss francs)",
             known="the course of a hand, the Play bets, the pair qualifier, settlement, and "
                   "brief notes on the Trips and progressive bets; edge does not ship it"),
    Citation("Ultimate Texas Hold'em house rules (Bulgarian)",
             issuer="a casino (not named in edge's records)",
             known="the game for players, the Trips bonus paid after a fold, and the \"blind "
                   "box\" play; edge does not ship it"),
)

WIZARD = "Wizard of Odds, Ultimate Texas Hold'em page (wizardofodds.com)"
FLORIDA = "Wizard of Odds, \"Florida Variant of Trips Bet\" (wizardofodds.com)"
JACOBSON = "E. Jacobson, 888casino blog"

PUBLISHED = (
    Published("main", "house_edge", "2.185%", WIZARD, "standard"),
    Published("main", "element_of_risk", "about 0.53%", WIZARD, "standard"),
    Published("main", "house_edge", "2.43%", WIZARD + ", strategy section (M. Shackleford)",
              "standard", {"strategy": "wizard-practical"}),
    Published("main", "player_edge", "13.5922%",
              JACOBSON + ", \"Ultimate Texas Hold'em Hole-Card Play: One Dealer Card\"",
              "standard", {"seen": "dealer-1"}),
    Published("main", "player_edge", "38.5816%",
              JACOBSON + ", \"Ultimate Texas Hold'em Hole-Card Play: Two Dealer Cards\", "
              "9 August 2015", "standard", {"seen": "dealer-2"}),
    Published("main", "player_edge", "22.3286%",
              JACOBSON + ", \"Ultimate Texas Hold'em Hole-Card Play: One Dealer Card, One Flop "
              "Card\"", "standard", {"seen": "dealer-1,flop-1"}),
    Published("main", "player_edge", "26.1867%",
              JACOBSON + ", \"Ultimate Texas Hold'em Hole-Card Play: One Dealer Card, One "
              "Turn/River Card\"", "standard", {"seen": "dealer-1,turn-river-1"}),
    Published("trips", "house_edge", "3.50%", WIZARD, "50-40-30-8-7-4-3"),
    Published("trips", "house_edge", "4.88%", FLORIDA, "50-40-30-10-8-6-3",
              {"trips_rule": "beat-dealer"}),
)
