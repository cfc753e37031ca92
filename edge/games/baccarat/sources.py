"""Baccarat's rules sources and the published figures its report prints beside edge's own
(docs/references.md, "Baccarat"; each checked in tests/test_baccarat.py)."""

from edge.published import Citation, Published

WIZARD = "Wizard of Odds, \"Baccarat\" (wizardofodds.com/games/baccarat/basics/), 8 decks"
DRAGON_BONUS = ("Wizard of Odds, \"Baccarat\", appendix 5 (wizardofodds.com/games/baccarat/"
                "appendix/5/), 8 decks")
EZ = "Wizard of Odds, \"EZ Baccarat\" (wizardofodds.com/games/ez-baccarat/), 8 decks"
LUCKY_6 = ("Wizard of Odds, \"Lucky 6\" (wizardofodds.com/games/baccarat/side-bets/lucky-6/), "
           "8 decks")
PAIRS = ("baccarat.guru, \"Know Baccarat Odds for All Games\" (baccarat.guru/rules/odds.html), "
         "8 decks")

SOURCES = (
    Citation("Baccarat", issuer="M. Shackleford, Wizard of Odds",
             where="wizardofodds.com/games/baccarat/",
             known="the rules of punto banco with the third-card rule, the main bets' counts "
                   "and house edges, and the Dragon Bonus (appendix 5); edge does not ship it"),
    Citation("EZ Baccarat", issuer="M. Shackleford, Wizard of Odds", date="6 January 2015",
             where="wizardofodds.com/games/ez-baccarat/",
             known="the no-commission banker bet, the Dragon 7 and the Panda 8"),
    Citation("Lucky 6", issuer="M. Shackleford, Wizard of Odds", date="11 September 2019",
             where="wizardofodds.com/games/baccarat/side-bets/lucky-6/",
             known="the rules and its Las Vegas and Macau pay tables"),
)

PUBLISHED = (
    Published("banker", "house_edge", "1.06%", WIZARD, "commission-5"),
    Published("player", "house_edge", "1.24%", WIZARD, "even-money"),
    Published("tie", "house_edge", "14.36%", WIZARD, "8-to-1"),
    Published("player-pair", "house_edge", "10.36%", PAIRS, "11-to-1"),
    Published("banker-pair", "house_edge", "10.36%", PAIRS, "11-to-1"),
    Published("dragon-bonus-player", "house_edge", "2.65%", DRAGON_BONUS, "standard"),
    Published("dragon-bonus-banker", "house_edge", "9.37%", DRAGON_BONUS, "standard"),
    Published("ez-banker", "house_edge", "1.02%", EZ, "no-commission"),
    Published("dragon-7", "house_edge", "7.61%", EZ, "40-to-1"),
    Published("panda-8", "house_edge", "10.19%", EZ, "25-to-1"),
    Published("lucky-6", "house_edge", "16.68%", LUCKY_6, "12-20"),
    Published("lucky-6", "house_edge", "11.70%", LUCKY_6, "12-23"),
)
