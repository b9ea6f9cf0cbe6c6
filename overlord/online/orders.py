"""Standing orders: a side's answers given in advance, so that a hosted game does not wait on a player for
every question of every fight (issue 32: a campaign asks the defender 150-250 times; with orders, the game
changes hands a few dozen times).

A side sends its orders whenever it likes (``{"type": "orders", "orders": ORDERS}``); they stand until it sends
others. When the prompt is that side's and an order answers it, the host answers for it with the engine's own
action, stored like any other (saves and replays hold every one), and the game goes on. ORDERS, every key
optional (docs/online.md):

    "defence":     [[ODDS, LEVEL], ...]        the defender's level, by the fight's odds on paper: the first band
                                               whose ODDS is at least the fight's (bands in increasing ODDS)
    "bombardment": [[ODDS, NAVAL, AIR], ...]   the Allied defender's naval and air support, likewise
    "coastal":     LEVEL                       the German coastal defence's level in a landing's round
    "retreat":     "hold" | "computer"         asked to retreat: hold the ground, or the way the computer
                                               (the side's classic player, on the side's own view) would go
    "advance":     "yes" | "no"                the attacker asked to advance into the position vacated

A level above what the fight allows is taken as the highest open; support beyond the budgets as what is left.
An order that gives no legal answer (a cadre cannot hold) leaves the question to the player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.actions import Action, Advance, ChooseStrategy, FinishUnit, HoldGround, Support
from ..engine.data import LEVELS
from ..engine.game import Game
from ..engine.prompts import AdvancePrompt, Prompt, RetreatPrompt, StrategyPrompt, SupportPrompt
from .protocol import ProtocolError

MAX_BANDS = 20
MAX_SUPPORT = 99  # an answer's largest number (rules.answers.largest_number)
Orders = Mapping[str, Any]


SIDE_ONLY = {"coastal": ("german", "the German's, for his coastal defences"),
             "bombardment": ("allied", "the Allied defender's, for his naval and air support")}


def check_orders(orders: Any, side: str | None = None) -> dict[str, Any]:
    """Orders as a client sent them, checked (ProtocolError, one line, if not valid); ``side``: the side giving
    them, which may give only its own (the Allied player no coastal order, the German no bombardment)."""
    if not isinstance(orders, dict) or set(orders) - {"defence", "bombardment", "coastal", "retreat", "advance"}:
        raise ProtocolError("orders are an object of defence, bombardment, coastal, retreat and advance")
    for key, (owner, whose) in SIDE_ONLY.items():
        if side is not None and key in orders and side != owner:
            raise ProtocolError(f"the {key} order is {whose}: not the {side} side's to give")
    out: dict[str, Any] = {}
    if "defence" in orders:
        out["defence"] = _bands(orders["defence"], "defence", ((1, LEVELS),))
    if "bombardment" in orders:
        out["bombardment"] = _bands(orders["bombardment"], "bombardment", ((0, MAX_SUPPORT), (0, MAX_SUPPORT)))
    if "coastal" in orders:
        out["coastal"] = _whole(orders["coastal"], 1, LEVELS, "coastal")
    if "retreat" in orders:
        if orders["retreat"] not in ("hold", "computer"):
            raise ProtocolError("retreat is \"hold\" or \"computer\"")
        out["retreat"] = orders["retreat"]
    if "advance" in orders:
        if orders["advance"] not in ("yes", "no"):
            raise ProtocolError("advance is \"yes\" or \"no\"")
        out["advance"] = orders["advance"]
    return out


def _bands(value: Any, name: str, ranges: tuple[tuple[int, int], ...]) -> list[list[float | int]]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_BANDS:
        raise ProtocolError(f"{name} is a list of 1-{MAX_BANDS} bands")
    bands: list[list[float | int]] = []
    for band in value:
        if not isinstance(band, list) or len(band) != 1 + len(ranges):
            raise ProtocolError(f"a band of {name} is [ODDS, {', '.join(['N'] * len(ranges))}]")
        odds = band[0]
        if isinstance(odds, bool) or not isinstance(odds, (int, float)) or not 0 < odds < 1e6:
            raise ProtocolError(f"a band's odds are a positive number, not {str(odds)[:20]}")
        bands.append([odds] + [_whole(v, low, high, name) for v, (low, high) in zip(band[1:], ranges)])
    if [b[0] for b in bands] != sorted(b[0] for b in bands):
        raise ProtocolError(f"the bands of {name} go in increasing odds")
    return bands


def _whole(value: Any, low: int, high: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{name}: a whole number from {low} to {high}")
    return value


def answerable(prompt: Prompt) -> bool:
    """Is this a question orders can answer (so that it is worth making the side's view of the game)?"""
    return (isinstance(prompt, StrategyPrompt) and prompt.role == "defence") or isinstance(prompt, (
        RetreatPrompt, AdvancePrompt)) or (isinstance(prompt, SupportPrompt) and prompt.defensive)


def standing_answer(orders: Orders, view: Game) -> Action | None:
    """The answer ``orders`` give to the prompt of ``view`` (the side's own view of the game), or None."""
    prompt = view.prompt
    action: Action | None = None
    if isinstance(prompt, StrategyPrompt) and prompt.role == "defence":
        level = orders.get("coastal") if prompt.landing else _band(orders.get("defence"), prompt.odds)
        action = None if level is None else ChooseStrategy(min(int(level), prompt.max_level))
    elif isinstance(prompt, SupportPrompt) and prompt.defensive:
        band = _band(orders.get("bombardment"), prompt.odds, whole=False)
        action = None if band is None else Support(min(band[0], prompt.naval_max), min(band[1], prompt.air_max))
    elif isinstance(prompt, RetreatPrompt) and orders.get("retreat") == "hold":
        action = HoldGround()
    elif isinstance(prompt, RetreatPrompt) and orders.get("retreat") == "computer":
        from ..ai import make_player
        action = make_player("classic", prompt.side, 0).choose(view)
    elif isinstance(prompt, AdvancePrompt) and "advance" in orders:
        action = Advance(prompt.unit, prompt.direction) if orders["advance"] == "yes" else FinishUnit(prompt.unit)
    return action if action is not None and view.is_legal(action) else None


def _band(bands: Any, odds: float, whole: bool = True) -> Any:
    """The band the odds fall in: its level (``whole``) or its other numbers; None past the last band."""
    for band in bands or ():
        if odds <= band[0]:
            return band[1] if whole else band[1:]
    return None
