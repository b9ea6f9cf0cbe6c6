"""The standing orders of a joined game (O in ``overlord join``): a side's answers given to the host in advance.

The host answers with them for the side (online/orders.py, docs/online.md "Standing orders"): the defender's
level by the fight's odds, the German coastal defence's level, a retreat held or made as the computer would, an
advance taken or not. This screen shows them as the host keeps them and sets them with keys only: a row chosen
with the arrows, a level with 1-9, an answer with Left/Right, 0 to be asked, X to clear them all; Enter gives
them to the host (the app sends them, online/join.py), Escape leaves them as they were.

The defence is set for four bands of odds on paper. An order answers every fight up to its band's odds, so the
bands are given from the lowest up: past the first band left to ask, the player is asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..engine.data import LEVELS
from ..tui.keybar import KeyBar
from ..tui.styles import GAME_CSS

LEVEL, ROW, CHANGE = (Binding.Group(name, compact=True) for name in ("Level", "Row", "Change"))
ABOVE_ALL = 99999.0  # the last band's odds: any fight (the orders' odds stay under 1e6)


@dataclass(frozen=True)
class Band:
    """A band of odds on paper: every fight above the band below, up to ``odds``. Orders given otherwise (a bot's
    ``--orders``, another client's) are shown in it as they answer a fight at ``shown_at``."""
    odds: float
    label: str
    shown_at: float


BANDS = (Band(1.0, "up to 1:1", 1.0), Band(2.0, "over 1:1 to 2:1", 2.0), Band(3.0, "over 2:1 to 3:1", 3.0),
         Band(ABOVE_ALL, "over 3:1", 100.0))
CHOICES = {"retreat": (None, "hold", "computer"), "advance": (None, "yes", "no")}
SAID = {None: "ask me", "hold": "hold the ground", "computer": "as the computer would", "yes": "advance",
        "no": "stay"}


def level_at(bands: Any, odds: float) -> int | None:
    """The level orders' defence gives a fight at ``odds`` (the first band at least as high), None past them."""
    for band in bands or ():
        if odds <= band[0]:
            return int(band[1])
    return None


def odds_text(odds: float) -> str:
    return "any odds" if odds >= ABOVE_ALL else f"{odds:g}:1"


def describe(orders: Mapping[str, Any]) -> str:
    """Orders in one line, exactly as given (``{}``: none)."""
    parts = []
    if orders.get("defence"):
        parts.append("defence " + ", ".join(f"{b[1]} up to {odds_text(b[0])}" for b in orders["defence"]))
    if orders.get("bombardment"):
        parts.append("bombardment " + ", ".join(f"naval {b[1]} air {b[2]} up to {odds_text(b[0])}"
                                                for b in orders["bombardment"]))
    if "coastal" in orders:
        parts.append(f"coastal defence {orders['coastal']}")
    for key in ("retreat", "advance"):
        if key in orders:
            parts.append(f"{key}: {SAID[orders[key]]}")
    return "; ".join(parts) if parts else "none (you are asked every question)"


class OrdersScreen(ModalScreen[dict[str, Any] | None]):
    """The side's standing orders, to change (the module's docstring). Dismissed with the orders to give, or
    None to leave them as they are."""
    CSS_PATH = GAME_CSS
    BINDINGS = [
        Binding("up", "row(-1)", "Row", group=ROW), Binding("down", "row(1)", "Row", group=ROW),
        *(Binding(str(n), f"level({n})", "Level", group=LEVEL) for n in range(1, LEVELS + 1)),
        Binding("left", "change(-1)", "Change", group=CHANGE), Binding("right", "change(1)", "Change", group=CHANGE),
        Binding("0,delete,backspace", "ask", "Ask me"),
        Binding("x", "clear", "Clear all"),
        Binding("enter", "send", "Send"),
        Binding("escape", "close", "Back"),
    ]

    def __init__(self, role: str, orders: Mapping[str, Any]) -> None:
        super().__init__()
        self.role, self.given = role, dict(orders)
        self.levels: list[int | None] = [level_at(orders.get("defence"), b.shown_at) for b in BANDS]
        self.coastal: int | None = orders.get("coastal")
        self.answers: dict[str, str | None] = {key: orders.get(key) for key in CHOICES}
        self.rows = [f"band{i}" for i in range(len(BANDS))] + (["coastal"] if role == "german" else []) \
            + list(CHOICES)
        self.keep_bombardment = True  # the Allied bombardment, not set here, stands unless all are cleared
        self.at = 0
        self.message = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(self.text(), id="orders")
        yield KeyBar()

    # ------------------------------------------------------------------ what is shown
    def text(self) -> Text:
        t = Text()
        t.append(f" STANDING ORDERS ({self.role.upper()}) \n", style="bold reverse")
        t.append(f"On the host now: {describe(self.given)}\n\n")
        t.append("The host answers these for you; what they leave is asked.\n")
        # (a fair warning: the results tell the other side each level, so a fixed rule is there to be learned)
        t.append("Each result shows the level fought at: fixed orders can be learned.\n")
        for i, row in enumerate(self.rows):
            t.append(f"{self.row_label(row):<37}{self.row_value(row)}\n", style="reverse" if i == self.at else "")
        t.append(f"\n{self.message}\n" if self.message else "\n", style="bold")
        t.append("Enter gives them to the host; Escape leaves them as they were.")
        return t

    def row_label(self, row: str) -> str:
        if row.startswith("band"):
            return f"Defence level, odds {BANDS[int(row[4:])].label}"
        return {"coastal": "Coastal defence level (landings)", "retreat": "Asked to retreat",
                "advance": "Asked to advance"}[row]

    def row_value(self, row: str) -> str:
        if row.startswith("band"):
            level = self.levels[int(row[4:])]
            return SAID[None] if level is None else str(level)
        if row == "coastal":
            return SAID[None] if self.coastal is None else str(self.coastal)
        return SAID[self.answers[row]]

    def show(self, message: str = "") -> None:
        self.message = message
        self.query_one("#orders", Static).update(self.text())

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "level":
            return self.rows[self.at] not in CHOICES  # (a retreat's or an advance's answer: Left/Right)
        return True

    def action_row(self, step: int) -> None:
        self.at = (self.at + step) % len(self.rows)
        self.show()
        self.refresh_bindings()

    def action_level(self, n: int) -> None:
        self._set(self.rows[self.at], n)

    def action_ask(self) -> None:
        self._set(self.rows[self.at], None)

    def action_change(self, step: int) -> None:
        """Left/Right: the next answer of a retreat or an advance, the next level of a level."""
        row = self.rows[self.at]
        if row in CHOICES:
            choices = CHOICES[row]
            self._set(row, choices[(choices.index(self.answers[row]) + step) % len(choices)])
            return
        now = self.levels[int(row[4:])] if row.startswith("band") else self.coastal
        self._set(row, min(LEVELS, max(1, (now or 0) + step)) if now is not None or step > 0 else None)

    def _set(self, row: str, value: Any) -> None:
        if row.startswith("band"):
            self.levels[int(row[4:])] = value
        elif row == "coastal":
            self.coastal = value
        else:
            self.answers[row] = value
        self.show()

    def action_clear(self) -> None:
        self.levels = [None] * len(BANDS)
        self.coastal = None
        self.answers = dict.fromkeys(CHOICES)
        self.keep_bombardment = False
        self.show("All cleared: Enter withdraws every order (you are asked every question).")

    def action_send(self) -> None:
        try:
            orders = self.orders()
        except ValueError as exc:
            self.show(str(exc))
            return
        self.dismiss(orders)

    def action_close(self) -> None:
        self.dismiss(None)

    # ------------------------------------------------------------------ the orders given
    def orders(self) -> dict[str, Any]:
        """The orders as set here, in the host's form (ValueError, one line, for a band set above one left to
        ask: an order answers every fight up to its odds). The Allied bombardment, not set here, is kept (unless
        X cleared them all)."""
        given = self.levels[: self.levels.index(None)] if None in self.levels else self.levels
        if len(given) < sum(level is not None for level in self.levels):
            raise ValueError("Give the lower odds a level too: a band's order answers every fight up to its odds.")
        orders: dict[str, Any] = {}
        if given:
            orders["defence"] = [[band.odds, level] for band, level in zip(BANDS, given)]
        if self.keep_bombardment and "bombardment" in self.given:
            orders["bombardment"] = self.given["bombardment"]
        if self.coastal is not None and self.role == "german":
            orders["coastal"] = self.coastal
        orders.update({key: answer for key, answer in self.answers.items() if answer is not None})
        return orders
