"""The events in the player's words: each log line in good grammar, and the card of a combat's result.

The engine's event texts are part of the golden games (their hash is recorded), so the few that read
wrongly for a plural (two attackers, the "2nd and 5th Ranger Battalions", one Allied unit) are put
right here, from the events' own fields; nothing here decides a rule.
"""

from __future__ import annotations

import re

from rich.text import Text

from typing import TYPE_CHECKING

from ..engine.events import CombatResult, Event, LogisticsReport
from ..engine.game import Game

if TYPE_CHECKING:
    from ..session import Assault


def is_plural(name: str) -> bool:
    """A unit whose name is a plural ("2nd and 5th Ranger Battalions") takes a plural verb."""
    return name.split()[-1].endswith("s")


def event_text(event: Event, game: Game | None) -> str:
    """The event's line for the log, its verbs agreeing with their subjects."""
    if game is None:
        return event.text
    if isinstance(event, CombatResult):
        return combat_line(game, event)
    if isinstance(event, LogisticsReport):
        return re.sub(r"\b1 Allied units", "1 Allied unit", event.text)
    uid = getattr(event, "unit", None)
    if isinstance(uid, str) and uid in game.data.units:
        name = game.spec(uid).name
        if is_plural(name) and event.text.startswith(name + " "):
            verb, _, rest = event.text[len(name) + 1:].partition(" ")
            verb = "are" if verb == "is" else verb[:-1] if verb.endswith("s") else verb
            return f"{name} {verb} {rest}".rstrip()
    return event.text


def combat_line(game: Game, e: CombatResult) -> str:
    names = [game.spec(a).name for a in e.attackers]
    many = len(names) > 1 or is_plural(names[0])
    charts = game.data.charts
    text = (f"{' and '.join(names)} attack{'' if many else 's'} {game.spec(e.defender).name} at {e.odds:.1f}:1 "
            f"({charts.strategy_levels.attack[e.attack_level - 1].name} against "
            f"{charts.strategy_levels.defence[e.defence_level - 1].name}): "
            f"the attacker{'s lose' if many else ' loses'} {e.attacker_losses} CP, the defender {e.defender_losses}")
    if e.combat_supply:
        text += f", {e.combat_supply} combat supply spent"
    if e.eliminated:
        text += "; the defender is eliminated"
    elif e.retreat:
        text += "; the defender must retreat"
    return text


def result_card(game: Game, results: list[CombatResult], others: list[Event]) -> Text:
    """What a combat did, on a card: the odds as fought, the levels, both sides' losses, the retreat and a
    second combat; then whatever else the fight caused (units eliminated, a marker destroyed)."""
    charts = game.data.charts
    t = Text()
    for e in results:
        names = ", ".join(game.spec(a).name for a in e.attackers)
        second = " (a second combat)" if e.second_combat else ""
        t.append(f" COMBAT RESULT: {game.spec(e.defender).name} ", style="bold reverse")
        t.append(f"\n\nAttacked by {names}{second}.\n")
        t.append(f"Odds as fought: {e.odds:.1f}:1", style="bold")
        t.append(" (after any shortfall of Allied combat supply)")
        if e.combat_supply:
            t.append(f"; {e.combat_supply} combat supply spent")
        t.append(f"\nAttack level {e.attack_level} ({charts.strategy_levels.attack[e.attack_level - 1].name}) against "
                 f"defence level {e.defence_level} ({charts.strategy_levels.defence[e.defence_level - 1].name})\n")
        many = len(e.attackers) > 1 or is_plural(game.spec(e.attackers[0]).name)
        t.append(f"The attacker{'s lose' if many else ' loses'} {e.attacker_losses} CP; the defender loses "
                 f"{e.defender_losses} CP.\n", style="bold")
        if e.eliminated:
            t.append("The defender is eliminated.\n", style="bold")
        elif e.retreat:
            t.append("The defender must retreat.\n", style="bold")
        else:
            t.append("The defender holds its ground.\n")
        if e.second_combat:
            t.append("The attackers may fight a second combat.\n")
        t.append("\n")
    for other in others:
        t.append(f"{event_text(other, game)}\n")
    return t


def assault_card(game: Game, assault: Assault) -> Text:
    """A landing's fight on one card: each round's levels, odds, support and losses, then how it ended (ashore
    with the movement points left, or destroyed) and what else it caused."""
    levels = game.data.charts.strategy_levels
    name, defender = game.spec(assault.unit).name, ""
    t = Text()
    t.append(f" LANDING AT {assault.beach.upper()}: {name} ", style="bold reverse")
    if assault.rounds:
        defender = game.spec(assault.rounds[0].result.defender).name
        t.append(f"\n\nAgainst {defender}.\n")
        attacks = sorted({r.result.attack_level for r in assault.rounds})
        defences = sorted({r.result.defence_level for r in assault.rounds})
        t.append("Attack " + ", ".join(f"{n} {levels.attack[n - 1].name}" for n in attacks) + "; defence "
                 + ", ".join(f"{n} {levels.defence[n - 1].name}" for n in defences) + ".\n\n")
        t.append(f"{'Round':<6}{'Levels':<8}{'Odds':<7}{'Naval':>5}{'Air':>5}{'Supply':>7}"
                 f"{'Allied':>8}{'German':>8}\n", style="bold")
        t.append(f"{'':<38}{'lost':>8}{'lost':>8}\n", style="bold")
    for number, r in enumerate(assault.rounds, 1):
        e = r.result
        t.append(f"{number:>3}   {f'{e.attack_level} v {e.defence_level}':<8}{f'{e.odds:.1f}:1':<7}{r.naval:>5}"
                 f"{r.air:>5}{e.combat_supply:>7}{e.attacker_losses:>8}{e.defender_losses:>8}\n")
    t.append("\n")
    for other in assault.others:
        t.append(f"{event_text(other, game)}.\n")
    t.append(assault_end(game, assault) + "\n", style="bold")
    return t


def assault_end(game: Game, assault: Assault) -> str:
    """How a landing's fight ended, in one sentence: "... lands with N MP" or "... destroyed"."""
    name = game.spec(assault.unit).name
    rounds = len(assault.rounds)
    lost = sum(r.result.attacker_losses for r in assault.rounds)
    after = f"after {rounds} round{'s' if rounds != 1 else ''}, {lost} CP lost"
    if assault.destroyed:
        return f"{name} {'are' if is_plural(name) else 'is'} destroyed ({after})."
    return f"{name} land{'' if is_plural(name) else 's'} with {assault.mp_left} MP ({after})."
