"""The roster: every unit with its state. Enter moves the unit next (in movement, if it can still move), else
looks at it on the map."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ..engine import view
from ..engine.enums import Side
from ..engine.game import Game
from ..engine.view import AFLOAT, ASHORE, COASTAL, ELIMINATED, PENDING
from .cards import STATUS, fitted, where
from .keybar import QUIET_GAME_KEYS, KeyBar
from .styles import GAME_CSS

# What a player looks for first (what can still move, and where it is) comes right after the unit's name, so
# that at 80 columns it shows without scrolling; the rest is to the right (the key bar says how to get there). The
# strength comes before the long "Where": scrolled to, its "140/140" stood cut to "14" at the screen's edge (found by
# a helper), and the names are shortened as the side panel's are, so that the name column leaves room for the rest
COLUMNS = ("Unit", "MP", "CP", "Status", "Where", "Supply", "Eff", "Ldr", "Fat", "Nat", "Type")
NAME_WIDTH = 28


def roster_rows(game: Game, first: str = "allied") -> list[tuple[str, ...]]:
    """Every unit's row, ``first`` side's first (the side played at the keyboard), ashore, at sea, holding a
    beach, to come, eliminated; the unit's id last (not shown)."""
    rows: list[tuple[str, ...]] = []
    # (in a movement phase, a unit of the side moving that can move no more says "done": a formation with no moves
    # left at sea read "6" MP, and Enter on it said it could not move again, found by a helper; one that could step
    # but for the fuel says so: on D-Day the airborne may move once the landings bring fuel)
    moving, can_move = set(view.moving_units(game)), set(view.choosable_units(game))
    no_fuel = set(view.held_by_fuel(game))
    turns = game.data.charts.turns
    for u in game.units(status=None):
        uid = u.id
        spec = game.spec(uid)
        supply = ""
        if u.status == ASHORE and not spec.is_depot:  # in the card's words ("OUT no gen" read as two things)
            supply = "in" if u.in_supply else "OUT OF LINES" if spec.side == Side.ALLIED else "CUT OFF"
            if spec.side == Side.ALLIED and u.in_supply and not u.general_supplied:
                supply = "NO GENERAL"  # (beyond the lines, none is drawn: said by OUT OF LINES)
        place = where(game, u.position) if u.status == ASHORE else (u.beach or "") if u.status == COASTAL else ""
        if u.status == AFLOAT:
            col, row = view.position_of(u)
            place = f"at sea ({col},{row})"
        elif u.status == PENDING and u.arrival is not None and u.arrival < len(turns):  # (what a player plans by)
            place = f"due {turns[u.arrival]}"
        eff = f"{view.effectiveness(game, u):.2f}" if u.cp else ""
        # (a unit not moving in this phase has its movement allowance, as its card says: the Allies' MP left from
        # their movement read as a number of theirs in the German's; found by a helper)
        mp = str(spec.movement) if uid not in moving else str(u.mp) if uid in can_move \
            else "no fuel" if uid in no_fuel else "done"
        cadre = " (cadre)" if u.cadre else ""
        rows.append((fitted(game, uid, NAME_WIDTH - len(cadre)) + cadre, mp, f"{u.cp}/{u.max_cp}",
                     STATUS.get(u.status, u.status), place, supply, eff, str(u.leadership), str(u.fatigue), spec.nation, spec.type,
                     uid))
    order = {ASHORE: 0, AFLOAT: 1, COASTAL: 2, PENDING: 3, ELIMINATED: 4}
    rows.sort(key=lambda r: (game.spec(r[-1]).side != first, order.get(game.unit(r[-1]).status, 5)))
    return rows


class RosterScreen(ModalScreen[str | None]):
    """Every unit of ``game`` and its state; Enter gives back the unit chosen."""
    CSS_PATH = GAME_CSS
    KEY_HINTS = [("↑/↓", "Unit"), ("←/→", "More columns")]
    BINDINGS = [Binding("escape,q,f3", "close", "Close"),
                Binding("enter", "pick", "Move it next / look at it", priority=True),  # (the table's own is hidden)
                Binding("right", "across(1)", "More columns", show=False, priority=True),
                Binding("left", "across(-1)", "More columns", show=False, priority=True),
                Binding("home", "row(0)", "First unit", show=False, priority=True),  # (the table's own scroll across)
                Binding("end", "row(-1)", "Last unit", show=False, priority=True),
                *QUIET_GAME_KEYS]

    def __init__(self, game: Game, first: str = "allied") -> None:
        super().__init__()
        self.game, self.first = game, first  # ``first``: the side whose units come first (the player's)

    def compose(self) -> ComposeResult:
        whose = "the Allies'" if self.first == "allied" else "the German's"
        yield Static(Text(f" ROSTER: every unit, {whose} first ", style="bold reverse"), id="roster-title")
        yield DataTable(id="roster", cursor_type="row", zebra_stripes=True, fixed_columns=1)  # the unit's name stays
        yield KeyBar()

    def action_row(self, row: int) -> None:
        table = self.query_one(DataTable)
        if table.row_count:
            table.move_cursor(row=row % table.row_count, animate=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        for row in roster_rows(self.game, self.first):
            table.add_row(*row[:-1], key=row[-1])
        table.focus()

    def action_across(self, way: int) -> None:
        """The arrows: the table across by a whole column (the unit's name staying at the left)."""
        table = self.query_one(DataTable)
        widths = [column.get_render_width(table) for column in table.ordered_columns]
        fixed = sum(widths[:table.fixed_columns])
        starts = [sum(widths[:i]) - fixed for i in range(table.fixed_columns, len(widths))]  # scroll_x showing each
        x = table.scroll_x
        target = min((s for s in starts if s > x), default=table.max_scroll_x) if way > 0 else \
            max((s for s in starts if s < x), default=0)
        table.scroll_to(x=min(target, table.max_scroll_x), animate=False)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(event.row_key.value)

    def action_pick(self) -> None:
        table = self.query_one(DataTable)
        if table.row_count:
            self.dismiss(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def action_close(self) -> None:
        self.dismiss(None)
