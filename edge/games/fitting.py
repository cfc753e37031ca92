"""Each wager's pay table and the rules of a command, every named table under a rule it is
meant for (:func:`fit_rules`): ``--paytable`` specs read (:func:`resolve_paytables`), a combined
wager's parts kept in step with it."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic

from edge.errors import EdgeError, PayTableError
from edge.games.contract import Bet, Game, RulesT, spelt
from edge.options import format_value
from edge.paytables import PayTable, accepted_orders, format_pay, looks_typed, same_pays_preset
from edge.table import ReturnTable


@dataclass(frozen=True)
class Fitted(Generic[RulesT]):
    """The rules and each wager's table of a command, every named table under a rule it is
    meant for; ``notes`` say what was set to make them fit (:func:`fit_rules`)."""

    rules: RulesT
    paytables: dict[str, PayTable | None]
    notes: tuple[str, ...] = ()


def fit_rules(game: Game[RulesT], rules: RulesT, paytables: Mapping[str, PayTable | None],
              tables_given: Collection[str], options_given: Collection[str]) -> Fitted[RulesT]:
    """Each named table under a rule it is meant for (:class:`TableRule`): what was given
    decides and the default follows. A table given for a rule left at its default brings its
    own rule (``--paytable trips=50-40-30-10-8-6-3`` analyses the beat-dealer rule); a rule
    given with a table left at its default brings the first named table meant for it
    (``--set trips_rule=beat-dealer`` pays by 50-40-30-10-8-6-3); a table and a rule both given
    that make no sense together are an error naming the rule the table is meant for."""
    chosen = dict(paytables)
    notes: list[str] = []
    brought: dict[str, str] = {}             # option -> the wager whose table set it
    for bet in game.bets:
        table = chosen.get(bet.name)
        rule = bet.rule_of(table)
        if table is None or rule is None or rule.fits(rules):
            continue
        now = f"{rule.option}={format_value(getattr(rules, rule.option))}"
        if bet.name not in tables_given:
            fitting = bet.meant_for(rules)
            if fitting:
                chosen[bet.name] = bet.presets[fitting[0]]
                notes.append(f"The {bet.name} wager pays by {fitting[0]}, the first named table "
                             f"meant for {now} (its default table {table.name} is meant for "
                             f"{rule.text()}).")
                continue
        if rule.option in options_given or rule.option in brought:
            by = (f"--set {now}" if rule.option in options_given
                  else f"the {brought[rule.option]} wager's table")
            others = ", ".join(bet.meant_for(rules)) or "none"
            raise EdgeError(f"The {bet.name} pay table {table.name} is meant for "
                            f"{rule.text()}, not {now} (set by {by}): set --set "
                            f"{rule.option}={format_value(rule.values[0])}, or choose a "
                            f"table meant for {now} (named: {others}).")
        rules = rule.own(rules)
        brought[rule.option] = bet.name
        notes.append(f"The {bet.name} pay table {table.name} is meant for {rule.text()}: "
                     f"analysed under {rule.option}={format_value(rule.values[0])} (in "
                     f"place of the default {now}).")
    return Fitted(rules, chosen, tuple(notes))


def fitted_paytables(game: Game[RulesT], specs: Sequence[str] = (),
                     options: Mapping[str, object] | None = None) -> Fitted[RulesT]:
    """The rules of ``options`` and the tables of ``specs`` (:func:`resolve_paytables`), each
    named table under a rule it is meant for (:func:`fit_rules`)."""
    chosen, given = _resolve(game, specs)
    return fit_rules(game, game.make_rules(options), chosen, given, set(options or {}))


def resolve_paytables(game: Game[RulesT],
                      specs: Sequence[str] = ()) -> dict[str, PayTable | None]:
    """Each bet's pay table: its default, changed by ``specs``.

    A spec ``BET=TABLE`` sets one bet's table; a plain ``TABLE`` (a preset name, a pays label,
    typed pays or a TOML file) goes to every bet that has such a table, and is an error if none
    has (typed pays that several bets could take must name one: ``BET=PAYS``). A
    combined wager (one with ``parts``) follows the tables given for its parts, and a part
    given no table follows the table given for the combined wager, so one report never pays the
    same hands by two tables; where tables are given for both and they disagree on a part's
    pays, that is an error naming both. Whichever way pays are given, the same pays are the
    same table: a preset's when a preset has them, else named by their label.
    """
    return _resolve(game, specs)[0]


def _resolve(game: Game[RulesT], specs: Sequence[str]
             ) -> tuple[dict[str, PayTable | None], set[str]]:
    """:func:`resolve_paytables`, and the wagers whose tables were given (not the default)."""
    chosen = {bet.name: bet.paytable(None) for bet in game.bets}
    given: dict[str, tuple[str, PayTable | None]] = {}
    named: set[str] = set()
    names = {bet.name for bet in game.bets}
    for spec in specs:
        target, sep, value = spec.partition("=")
        if sep and spelt(target) in {spelt(name) for name in names}:   # Pair-Plus=2 too
            bet = game.bet(target.strip())
            taken = {bet.name: bet.paytable(value.strip())}
        else:
            taken = _plain_spec(game, spec)
        for name, table in taken.items():
            if name in given:
                raise PayTableError(f"The {name} wager is given two pay tables: --paytable "
                                    f"{given[name][0]!r} and --paytable {spec!r}; give it one.")
            chosen[name] = table
            given[name] = (spec, table)
    for bet in game.bets:
        if bet.parts:
            chosen[bet.name] = _combined_paytable(game, bet, chosen, given)
            parts = _parts_paytables(game, bet, chosen, given)
            chosen.update(parts)
            named.update(parts)
            if any(part in given for part in bet.parts.values()):
                named.add(bet.name)
    return chosen, named | set(given)


def _typed_counts(bet: Bet[RulesT]) -> set[int]:
    """How many pays a bet takes typed (one count per accepted outcome order)."""
    return ({len(order) for order in accepted_orders(bet.outcomes, bet.splits)}
            if bet.typed_pays else set())


def _plain_spec(game: Game[RulesT], spec: str) -> dict[str, PayTable | None]:
    """The wagers a plain ``--paytable TABLE`` goes to, with their tables: every wager with a
    preset of that name or label; else every wager that reads it (a file, typed pays), and
    typed pays that several wagers could take must name one."""
    typed = looks_typed(spec)
    count = len(spec.split("-"))
    taken: dict[str, PayTable | None] = {}
    errors: list[tuple[bool, str]] = []      # (not of the typed count, message): fitting first
    for bet in game.bets:
        if not bet.outcomes:
            continue
        try:
            taken[bet.name] = bet.paytable(spec)
        except PayTableError as error:
            errors.append((typed is False or count not in _typed_counts(bet), str(error)))
    if not taken:
        counts = [(bet.name, sorted(_typed_counts(bet))) for bet in game.bets if bet.outcomes]
        if typed is True and all(count not in found for _, found in counts):
            takes = ", ".join(f"{name} {' or '.join(map(str, found))}"
                              for name, found in counts if found)
            raise PayTableError(f"No wager of {game.name} takes {count} typed pays ({spec}): "
                                f"the wagers take {takes} (see `edge games {game.name}` for "
                                "their outcomes).")
        first = next((text for far, text in errors if not far), errors[0][1] if errors else "")
        raise PayTableError(f"No wager of {game.name} takes the pay table {spec!r} (write "
                            f"BET=TABLE for one wager). {first}".strip())
    named = {name: table for name, table in taken.items()
             if table in game.bet(name).presets.values()}
    if named:
        return named
    if len(taken) > 1 and typed is True:
        raise PayTableError(f"The typed pays {spec!r} fit several wagers of {game.name} "
                            f"({', '.join(taken)}): write BET={spec} for one of them.")
    return taken


def _combined_paytable(game: Game[RulesT], bet: Bet[RulesT],
                       chosen: Mapping[str, PayTable | None],
                       given: Mapping[str, tuple[str, PayTable | None]]) -> PayTable | None:
    """A combined wager's table with the pays of every part given a table of its own."""
    table = chosen[bet.name]
    changed = [(prefix, part) for prefix, part in bet.parts.items() if part in given]
    if table is None or not changed:
        return table
    pays = table.as_dict()
    for prefix, part in changed:
        part_table = chosen[part]
        assert part_table is not None
        part_splits = {split.removeprefix(prefix): parent.removeprefix(prefix)
                       for split, parent in bet.splits.items() if split.startswith(prefix)}
        keys = [key for key in pays if key.startswith(prefix)]
        keys += [prefix + outcome for outcome in part_table if prefix + outcome not in pays]
        for key in keys:
            outcome = key.removeprefix(prefix)
            if outcome not in part_table and outcome not in part_splits:
                continue
            if key not in pays and key not in bet.splits:
                raise EdgeError(f"The {part} pay table {part_table.name!r} pays {outcome!r}, "
                                f"which the {bet.name} wager of {game.name} does not have.")
            pay = part_table.pay_for(outcome, part_splits)
            if bet.name in given and table.pay_for(key, bet.splits) != pay:
                raise PayTableError(
                    f"The pay tables disagree: --paytable {given[bet.name][0]!r} pays {key} "
                    f"{format_pay(table.pay_for(key, bet.splits))} but --paytable "
                    f"{given[part][0]!r} pays {outcome} {format_pay(pay)}; give the "
                    f"{bet.name} wager's table or its parts' tables, not both.")
            if outcome in part_table:
                pays[key] = pay
            else:
                del pays[key]          # the part pays this split outcome as its parent
    if bet.name in given:
        return table
    return _by_pays(bet, tuple(pays.items()))


def _by_pays(bet: Bet[RulesT], pays: tuple[tuple[str, Fraction], ...]) -> PayTable:
    """The wager's table with these pays, named as typed pays would name it: the preset with
    them, else their label (reloaded by it, ``source``)."""
    made = bet.paytable(PayTable("pays", pays))
    assert made is not None
    named = dataclasses.replace(made, name=made.label(), source=made.label())
    return same_pays_preset(named, bet.presets)


def _parts_paytables(game: Game[RulesT], bet: Bet[RulesT],
                     chosen: Mapping[str, PayTable | None],
                     given: Mapping[str, tuple[str, PayTable | None]]
                     ) -> dict[str, PayTable | None]:
    """The tables of a combined wager's parts given no table of their own, when the combined
    wager is given one: its pays for each part, so that one report never holds two tables for
    the same pays (``combined=35-20-7-4-1-5-4-1`` sets Pair Plus 35-20-7-4-1 and Ante 5-4-1)."""
    table = chosen[bet.name]
    if table is None or bet.name not in given:
        return {}
    found: dict[str, PayTable | None] = {}
    for prefix, part in bet.parts.items():
        if part not in given:
            found[part] = _by_pays(game.bet(part), tuple(
                (key.removeprefix(prefix), pay) for key, pay in table.pays
                if key.startswith(prefix)))
    return found


def fit_bet(game: Game[RulesT], bet: Bet[RulesT], paytable: str | PayTable | None,
            options: Mapping[str, object] | None) -> Fitted[RulesT]:
    """One wager's table (``paytable``, its default when None) and the rules of ``options``,
    the table under a rule it is meant for (:func:`fit_rules`)."""
    return fit_rules(game, game.make_rules(options, bet.name), {bet.name: bet.paytable(paytable)},
                     {bet.name} if paytable is not None else set(), set(options or {}))


def with_notes(table: ReturnTable, notes: Sequence[str]) -> ReturnTable:
    """``table`` with ``notes`` (what :func:`fit_rules` set) after its own."""
    return dataclasses.replace(table, notes=(*table.notes, *notes)) if notes else table
