"""Move by destination on the movement screen: the route to the position chosen, in words beside the map and as
marks on it (engine's view.route), and the route's steps played one by one as the compass keys play them.

The card is narrow (the side panel at 80x24 is some 30 columns): the steps' directions with each step's points
under them, then where the unit stops, what it would score there and its supply, and why it stops short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text

from ..engine import view
from ..engine.actions import Move
from ..engine.events import Event, InfiltrationFailed, UnitMoved
from ..engine.hexgrid import Hex
from .cards import NO_SUPPLY, destination_words, german_side_words, levels_words, say, short, where

if TYPE_CHECKING:
    from ..engine.game import Game

REACHED, BEYOND = "•", "◦"  # the map's marks of a route: a position reached this phase, one beyond


def mp_range(low: int, high: int) -> str:
    return f"{low}" if low == high else f"{low}-{high}"


def route_marks(r: view.Route) -> dict[Hex, str]:
    """The route's positions with their marks on the map (the destination too)."""
    return {s.to: REACHED if i < r.reach else BEYOND for i, s in enumerate(r.steps)}


def step_cells(r: view.Route) -> tuple[str, str]:
    """Two lines: each step's direction key, and its points under it ("5+" where the chance point may add
    one, "9?" where infiltration may fail)."""
    keys, costs = [], []
    for s in r.steps:
        cost = f"{s.mp}{'?' if s.chance < 100 else '+' if s.extra else ''}"
        width = max(len(cost), 1)
        keys.append(f"{s.direction:<{width}}")
        costs.append(f"{cost:<{width}}")
    return " ".join(keys), " ".join(costs)


def route_text(game: Game, r: view.Route, width: int = 30) -> Text:
    """The route card: the destination, the steps and their points, the whole cost, where the unit stops this
    phase with the points left, its side of the naval-range line and supply there, and why it stops short."""
    t = Text(no_wrap=True, overflow="ellipsis")
    say(t, f"GO TO {where(game, r.destination)}", width, "bold reverse")
    if r.destination == r.start:  # (where the cursor starts)
        say(t, "The arrows or a click choose where it goes", width)
        return t
    if r.reason is not None:
        say(t, f"No: {r.reason}", width, "bold")
        return t
    there = destination_words(game, r.unit, r.destination)
    if r.reach < len(r.steps) and there:  # (what the destination means, a player choosing a far one for its points:
        say(t, f"Destination: {', '.join(there)}", width)  # first, where a short panel keeps it)
    keys, costs = step_cells(r)
    low, high = r.cost
    t.append(f"{len(r.steps)} step{'s' if len(r.steps) != 1 else ''}, {mp_range(low, high)} MP", style="bold")
    t.append(f" (it has {game.unit(r.unit).mp})\n")
    t.append(f"Keys {keys}\n")
    t.append(f"MP   {costs}\n")
    for s in r.steps[:r.reach]:  # (a step beyond the stop: "Then" says why)
        if s.zone is not None:
            names = ", ".join(short(game, e) for e in s.enemies)
            what = "infiltrates" if s.zone == "infiltrates" else "enters"
            odds = f"{s.chance}%" if s.chance < 100 else "and stops"
            say(t, f"{s.direction}: {what} the zone of control of {names} ({odds})", width, "bold")
    t.append_text(stop_text(game, r, width))
    return t


def stop_text(game: Game, r: view.Route, width: int) -> Text:
    """Where the unit stops this phase, and what standing there means."""
    t = Text()
    arrives = r.reach == len(r.steps)
    least, most = r.mp_left
    if arrives and r.reach_surely == r.reach:
        say(t, f"Gets there, {mp_range(least, most)} MP left", width)
        # ("2-3 MP (it has 2)" above "Gets there" read as a contradiction; found by a helper): docs/rules.md
        if r.cost[0] > game.unit(r.unit).mp:
            say(t, "(a unit may always take its first step of a phase, whatever it costs)", width)
        elif r.cost[1] > game.unit(r.unit).mp:
            say(t, "(a chance point drawn is taken even if it leaves the unit short)", width)
    elif arrives:
        say(t, f"Gets there with luck; surely to {where(game, r.stop_surely)}", width, "bold")
    else:
        # (the same stop with a chance point drawn on the way leaves fewer: "4 MP left" read as certain, and it had 3;
        # found by a helper)
        left = mp_range(least, most) if r.stop_surely == r.stop else str(most)
        say(t, f"Stops at {where(game, r.stop)}, {left} MP left", width, "bold")
        if r.stop_surely != r.stop:
            say(t, f"(at {where(game, r.stop_surely)} if the extra points are drawn)", width)
    side = {"c": "continent side", "o": "ocean side", "x": "ocean side, east of Caen"}[r.naval_side]
    # what standing there scores a turn, as the stop short's "Destination" says (found by a helper: a unit that got
    # there read only "continent side")
    if game.side_of(r.unit) == "german":
        side = german_side_words(game, game.data.map.naval_side[r.stop])
    elif r.naval_side == "c" and not game.spec(r.unit).is_depot:
        side += f" {view.continent_side_points(game, r.unit, r.stop):+.1f} a turn"
    # (by its position: "There" under "Gets there with luck; surely to (4,8)" was read as either)
    say(t, f"At ({r.stop[0]},{r.stop[1]}): {side}, {'in supply' if r.in_supply else NO_SUPPLY}", width,
        "" if r.in_supply else "bold reverse")
    tiring = fatigue_words(game, r)
    closing = "close" in tiring  # (a level closed is said before the rest, which a short panel cuts; found by a
    if closing:  # helper: at 80x24 a long route's card ended above it)
        say(t, tiring, width, "bold")
    if r.short is not None and r.reach < len(r.steps):
        say(t, f"Then {r.short}", width)
    if tiring and not closing:
        say(t, tiring, width)
    return t


def fatigue_words(game: Game, r: view.Route) -> str:
    """The unit's fatigue after the move and the attack and defence levels it closes ("Fatigue 14→22: closes
    level 9"): a long march before an attack was found to close the top levels with no word until the attack."""
    u = game.unit(r.unit)
    if game.spec(r.unit).is_depot or not r.reach:
        return ""
    low, high = (view.tired(game, u.fatigue, mp) for mp in r.spent)
    words = f"Fatigue {u.fatigue}→{mp_range(low, high)}"
    now = view.max_strategy_level(game, u)
    surely, worst = (view.highest_level(game, f, u.leadership) for f in (low, high))
    if worst == now:
        return words
    # "may": only if the chance points are drawn
    if surely == worst:
        return f"{words}: closes {levels_words(surely + 1, now)}"
    if surely == now:
        return f"{words}: may close {levels_words(worst + 1, surely)}"
    return f"{words}: closes {levels_words(surely + 1, now)}, may close {levels_words(worst + 1, surely, bare=True)}"


def walk(game: Game, r: view.Route, play: Callable[[Move], list[Event]], asked: Callable[[], str | None]) -> str:
    """Play the route's steps one by one with the compass keys' action (``play``), while the unit is still the
    one asked about (``asked``) and the step is legal; what happened, in words (why it stopped short)."""
    name = game.spec(r.unit).name
    if r.reason is not None:
        return f"{name} cannot go to {where(game, r.destination)}: {r.reason}."
    spent = extra = taken = 0
    for s in r.steps:
        move = Move(r.unit, s.direction)
        if asked() != r.unit or move not in game.legal_actions():
            why = not_taken(game, r.unit, s.direction)
            at = where(game, view.position_of(game.unit(r.unit)))
            return f"{name} stopped at {at} after {taken} of {len(r.steps)} steps, {spent} MP{drawn(extra)}: {why}."
        events = play(move)
        moved = [e for e in events if isinstance(e, UnitMoved) and e.unit == r.unit]
        if any(isinstance(e, InfiltrationFailed) and e.unit == r.unit for e in events):
            return f"{name}'s infiltration failed ({s.chance}% chance): it stays where it was, its move over."
        if moved:
            taken += 1
            spent += moved[0].cost
            extra += moved[0].cost - s.mp
    return f"{name} went to {where(game, r.destination)} in {taken} step{'s' if taken != 1 else ''}, {spent} MP" \
        f"{drawn(extra)}."


def march_stopped_words(game: Game, unit: str, direction: int) -> str:
    """Where a hosted game's march (Session.march: G's route, B's course) stopped short, and why."""
    at = where(game, view.position_of(game.unit(unit)))
    return f"{game.spec(unit).name} stopped short, at {at}: {not_taken(game, unit, direction)}."


def not_taken(game: Game, unit: str, direction: int) -> str:
    """Why a route's next step was not taken: its refusal, else the unit's move over."""
    return view.step_refused(game, unit, direction) or "its move is over"


def drawn(extra: int) -> str:
    """The chance extra point of the steps taken (the Terrain Effects chart's 30%), when it was drawn."""
    return f"; the extra point was drawn {extra} time{'s' if extra != 1 else ''}" if extra else ""
