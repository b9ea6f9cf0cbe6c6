"""The events on the screens: each log line (its words from overlord.words), the card of a combat's result and
of a landing's fight. Nothing here decides a rule.
"""

from __future__ import annotations

from rich.text import Text

from typing import TYPE_CHECKING

from .. import words
from ..engine import view
from ..engine.data import cached_data
from ..engine.events import CombatResult, Event
from ..engine.game import Game

if TYPE_CHECKING:
    from ..session import Assault


def event_text(event: Event, game: Game | None) -> str:
    """The event's line for the log (overlord.words), read against the game's data."""
    return words.line(event, game.data if game is not None else cached_data())


def result_card(game: Game, results: list[CombatResult], others: list[Event]) -> Text:
    """What a combat did, on a card: the odds as fought, the Allied naval and air support (when given), the levels,
    both sides' losses, the retreat and a second combat; then whatever else the fight caused (units eliminated, a
    marker destroyed)."""
    charts = game.data.charts
    t = Text()
    for e in results:
        names = words.name_list(words.names(game.data, e.attackers))
        t.append(f" COMBAT RESULT: {game.spec(e.defender).name} ", style="bold reverse")
        # (not "(a second combat)" here: the event's second_combat is the one this fight earns, said below; a third
        # attack read "(a second combat)", then "may fight a second combat"; found by a helper)
        t.append(f"\n\nAttacked by {names}.\n")
        t.append(f"Odds as fought: {words.result_odds(game.data, e)}", style="bold")
        # (whose: a German attacker read "Allied combat supply" as the Allies attacking; found by a helper)
        whose = "the Allied attackers'" if game.side_of(e.attackers[0]) == "allied" else "the Allied defender's"
        # (the card comes straight after the fight: with supply left then, it was paid in full; every card had
        # spoken of a shortfall)
        if game.pools.combat <= 0:
            t.append(f" (after any shortfall of {whose} combat supply)")
        if e.combat_supply:
            t.append(f"; {e.combat_supply} Allied combat supply spent")  # (always the Allies': the German has none,
            # and a German attacker read "60 combat supply spent" as his own)
        if e.naval or e.air:
            t.append("\n" + support_words(game, e))
        t.append(f"\nAttack level {e.attack_level} ({charts.strategy_levels.attack[e.attack_level - 1].name}) against "
                 f"defence level {e.defence_level} ({charts.strategy_levels.defence[e.defence_level - 1].name})\n")
        who, share = words.Subject(game.data, e.attackers), words.support_share(e, game.data)
        t.append(f"{who.verb('The attacker loses', 'The attackers lose')} {e.attacker_losses} CP; the defender loses "
                 f"{e.defender_losses} CP{', ' + share if share else ''}.\n", style="bold")
        if e.eliminated:
            t.append("The defender is eliminated.\n", style="bold")
        elif e.retreat:
            t.append("The defender must retreat.\n", style="bold")
        else:
            t.append("The defender holds its ground.\n")
        if e.second_combat:
            t.append(f"{who.verb('The attacker', 'The attackers')} may fight a second combat.\n")
        t.append("\n")
    for other in others:
        t.append(f"{event_text(other, game)}\n")
    return t


def support_words(game: Game, e: CombatResult) -> str:
    """The Allied naval and air points of a fight and what the Bombardment Losses chart's draw made of them, with the
    chart's range ("naval 40, air 60 (4 CP more German losses, of the chart's 2-5)"; the card gave the range alone
    after the dice had fallen, found by a helper). (The level table beside the map said "No support left to them" of
    12 points, too few to count, and the card "naval 12".)"""
    allied_attack = game.side_of(e.attackers[0]) == "allied"
    # (too few: as the replay's decisions say it, "-1-2" read oddly)
    effect = f"{words.bombardment_effect(e.bombardment, allied_attack)}, {chart_range(game, e)}" \
        if bombardment_range(game, e)[1] else "too few to count"
    return f"Allied {'support' if allied_attack else 'bombardment in defence'}: naval {e.naval}, air {e.air} ({effect})"


def bombardment_range(game: Game, e: CombatResult) -> tuple[int, int]:
    """The Bombardment Losses chart's range for a fight's Allied naval and air points: more German losses in an
    Allied attack, fewer Allied losses in a German one."""
    row = view.bombardment_row(game.data.charts, e.naval + e.air)
    return row.german_extra if game.side_of(e.attackers[0]) == "allied" else row.allied_reduction


def chart_range(game: Game, e: CombatResult) -> str:
    """"of the chart's 3-6", and why the draw made less when it did: the fight's own losses had left the defender no
    more (0 CP of the chart's 3-6 at a landing, said with no reason, read as the chart broken, and "no more to lose"
    as the points wasted; found by helpers)."""
    low, high = bombardment_range(game, e)
    # (none: "0 CP of the chart's 2-5; all the defender had left" still read oddly; a helper)
    why = "" if e.bombardment >= low else "; the fight's own losses left none" if e.bombardment == 0 else \
        "; all the defender had left"
    return f"of the chart's {low}-{high}{why}"


def assault_card(game: Game, assault: Assault) -> Text:
    """A landing's fight on one card: each round's levels, odds, support and losses, then how it ended (ashore
    with the movement points left, or destroyed) and what else it caused."""
    levels = game.data.charts.strategy_levels
    name, defender = game.spec(assault.unit).name, ""
    t = Text()
    t.append(f" LANDING AT {assault.beach.upper()}: {name} ", style="bold reverse")
    if assault.rounds:
        defender = game.spec(assault.rounds[0].defender).name
        t.append(f"\n\nAgainst {defender}.\n")
        # the levels' names in the order the rounds were fought at them ("1 Recon, 9 Blitzkrieg" over rounds at 9 then 1
        # read as the wrong way round; found by a helper)
        attacks = list(dict.fromkeys(r.attack_level for r in assault.rounds))
        defences = list(dict.fromkeys(r.defence_level for r in assault.rounds))
        t.append("Attack " + ", ".join(f"{n} {levels.attack[n - 1].name}" for n in attacks) + "; defence "
                 + ", ".join(f"{n} {levels.defence[n - 1].name}" for n in defences) + ".\n\n")
        t.append(f"{'Round':<6}{'Levels':<8}{'Odds':<7}{'Naval':>5}{'Air':>5}{'Supply':>7}"
                 f"{'Allied':>8}{'German':>8}\n", style="bold")
        t.append(f"{'':<38}{'lost':>8}{'lost':>8}\n", style="bold")
    for number, e in enumerate(assault.rounds, 1):
        t.append(f"{number:>3}   {f'{e.attack_level} v {e.defence_level}':<8}{words.odds(game.data, e.odds):<7}{e.naval:>5}"
                 f"{e.air:>5}{e.combat_supply:>7}{e.attacker_losses:>8}{e.defender_losses:>8}\n")
    drawn = [f"{e.bombardment} CP in round {n} ({chart_range(game, e)})" for n, e in enumerate(assault.rounds, 1)
             if bombardment_range(game, e)[1]]
    if drawn:  # (what the support's draw made of the German losses, as a fight's card says it; found by a helper)
        t.append(f"Of the German losses, the bombardment made {words.name_list(drawn)}.\n")
    t.append("\n")
    for other in assault.others:
        t.append(f"{event_text(other, game)}.\n")
    t.append(assault_end(game, assault) + "\n", style="bold")
    return t


def assault_end(game: Game, assault: Assault) -> str:
    """How a landing's fight ended, in one sentence: "... lands with N MP" or "... destroyed"."""
    who = words.Subject(game.data, [assault.unit])
    lost = sum(r.attacker_losses for r in assault.rounds)
    after = f"after {words.plural(len(assault.rounds), 'round')}, {lost} CP lost"
    if assault.destroyed:
        return f"{who.says('is', 'are')} destroyed ({after})."
    return f"{who.says('lands', 'land')} with {assault.mp_left} MP ({after})."
