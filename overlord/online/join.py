"""``overlord join LINK``: play one side of a hosted game in the game's own Textual screens; with the spectators'
link, watch it (both sides' moves come in as the other side's do, and their fights' cards go on by themselves).

The app is the local game's (tui/app.py's OverlordApp: the same screens, keys and hints), given a session whose
other side answers elsewhere (online/remote.py's RemoteSession) and the two steps such a game adds to the turn
controller's (turns.py): ``Waiting``, shown on the question's panel ("WAITING FOR THE GERMAN PLAYER") while the
other side answers, and ``Arrived``, an action played on the host taken into the game and shown as the computer's
moves are shown (its combat card, the reports, the log, at the display delay; any key hurries it). When it becomes
the player's move, a notice and the terminal's bell say so.

The connection runs on the app's own asyncio loop (aiohttp, a Textual worker for the joining): the screen never
waits for the network. Quitting only leaves: the host keeps the game, and the same command comes back to it as it
then stands. There is nothing to save here (the host writes every action before it answers), so Ctrl+S and
Ctrl+O say so rather than write a save that could not be played on.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
from typing import TYPE_CHECKING, Any

import aiohttp
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from .. import gcpause
from ..engine.prompts import StrategyPrompt
from ..tui.app import OverlordApp
from ..tui.front import MenuChosen
from ..tui.keybar import KeyBar
from ..tui.themes import DEFAULT
from ..turns import Arrived, HumanTurn, Waiting
from ..saves import HOSTED
from ..userdirs import browser_session_dir
from .client import Disconnected, OnlineGame, Refused
from .protocol import Link, ProtocolError, one_line
from .commands import JOIN_LINK
from .remote import SIDE_NAMES, RemoteSession
from ..words import plural

if TYPE_CHECKING:
    from ..turns import Step, Turns

    Commands = argparse._SubParsersAction[argparse.ArgumentParser]

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2
CLOSE_SECONDS = 3.0  # the longest the program waits, as it ends, for the host to close the connection
JOIN_FAILURES = (Refused, ProtocolError, Disconnected, ValueError, aiohttp.ClientError, OSError, asyncio.TimeoutError)
KEPT_BY_HOST = ("Nothing to save: the host keeps this game, every action as it is played. Ctrl+Q leaves it; "
                "`overlord join` with your link comes back to it.")


class JoiningScreen(Screen[None]):
    """What is shown while the host is reached; in a browser (``overlord serve --join``) why it could not be, if so:
    a terminal's program prints that as it ends, but a page would only close."""
    BINDINGS = [Binding("q", "app.quit", "Leave")]

    def __init__(self, link: Link) -> None:
        super().__init__()
        self.link = link

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Joining game {self.link.game} on {self.link.base} ...", style="bold"), id="joining")
        yield KeyBar()

    def could_not(self, why: str) -> None:
        self.query_one("#joining", Static).update(Text(f"Could not join game {self.link.game} on {self.link.base}:\n\n"
                                                      f"{why}\n\nQ leaves; Restart on the page tries again.",
                                                      style="bold"))
        self.refresh_bindings()


class JoinApp(OverlordApp):
    """The game's app playing one side of a hosted game (the module's docstring)."""

    keeps_saves = False
    has_title = False

    def __init__(self, link: Link, delay: float | None = None, theme: str = DEFAULT,
                 handle_signals: bool = False, link_in_environment: bool = False) -> None:
        super().__init__(delay=delay, theme=theme, handle_signals=handle_signals)
        self.link = link
        self.link_in_environment = link_in_environment  # given in $OVERLORD_JOIN_LINK, kept out of the process list
        self.join_error: str | None = None  # why the host could not be joined (printed by the command)
        self.waited = True  # the player's move is news (the notice, the bell) after a wait for the other side
        self.told: tuple[str | None, bool, int] = (None, False, 0)  # the connection as a notice last told it
        self.told_screens: int | None = None  # the side's other screens as a notice last told them (None: not yet)

    def get_default_screen(self) -> Screen[Any]:
        return JoiningScreen(self.link)

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:
            event.prevent_default()  # (Textual would run the local game's on_mount too: a title's data check, signals twice)
        if self.handle_signals:
            self._catch_signals()
        self.main = self.screen
        self.run_worker(self._join(), name="join", exit_on_error=False)
        self.check_size(self.size.width, self.size.height)
        self.call_after_refresh(gcpause.resume)

    async def _join(self) -> None:
        from ..turns import Turns
        try:
            online = await OnlineGame.join(self.link, since=0)  # every event the host keeps, for the log
        except JOIN_FAILURES as exc:
            self.join_error = one_line(str(exc) or type(exc).__name__)
            if browser_session_dir() is not None and isinstance(self.screen, JoiningScreen):
                self.screen.could_not(self.join_error)  # in a page: said there, until Q
                return
            self.exit(return_code=EXIT_FAIL)
            return
        try:
            session = RemoteSession(online)
        except ValueError as exc:
            await online.close()
            self.join_error = str(exc)
            self.exit(return_code=EXIT_BAD_INPUT)
            return
        def wake() -> None:
            self.call_later(self._woken)  # (in the app's turn: the host's news may come in while it draws)
        session.wake = wake
        self.turns = Turns(session)
        self.main = None
        self.advance()

    @property
    def remote(self) -> RemoteSession | None:
        s = self.session
        return s if isinstance(s, RemoteSession) else None

    # ------------------------------------------------------------------ the host's news
    def _woken(self) -> None:
        """News from the host: an answer refused is said on the question's line, as the local game says its
        refusals; a lost connection in a notice; then the game goes on (unless a move is being shown)."""
        s = self.remote
        if s is None or self.quitting or not self.is_running:
            return
        if s.refusal is not None:
            if (screen := self.game_screen()) is not None:
                screen.say(s.refusal)
            s.refusal = None
        self._tell_connection(s)
        self._tell_screens(s)
        if self._timer is None:  # else the display delay is running: its end goes on
            self.advance()

    def _tell_connection(self, s: RemoteSession) -> None:
        """A notice when the connection drops, when it is made again, and when the host will not have the link
        back (each once)."""
        told, self.told = self.told, (s.lost, s.rejoining, s.rejoined)
        if told == self.told or s.game.over:
            return
        if s.lost is not None and s.rejoining and (told[0] is None):
            self.notify(f"The connection to the host is lost ({one_line(s.lost)}). Joining it again: the host keeps "
                        "the game, and it goes on where it was.", severity="warning", timeout=12, markup=False)
        elif s.lost is not None and not s.rejoining:
            self.notify(f"The host refused to let this link in again: {one_line(s.lost)}. Ctrl+Q leaves.",
                        severity="error", timeout=30, markup=False)
        elif s.lost is None and s.rejoined > told[2]:
            self.clear_notifications()  # (the notice that it was lost is over)
            self.notify("Joined the game again.", timeout=8, markup=False)
            screen = self.game_screen()
            if screen is not None and "connection to the host is lost" in str(screen.said_now()):
                screen.say("Joined the game again: answer again.")  # (a key refused meanwhile said it was lost)

    def _tell_screens(self, s: RemoteSession) -> None:
        """A notice when another screen joins as this side: the host takes answers from each, and a second screen
        got in unsaid (a link shared, or leaked; found by a helper). And when it leaves: the notice of its joining
        stayed up with no word that it had gone (found by a helper). A screen that joins where others are is told
        they were there first (it was told "another screen has joined", as if its own link had leaked)."""
        if s.screens_at_join is None:
            return
        side = SIDE_NAMES.get(self.remote_role(), self.remote_role())  # (a spectator's screens are not counted)
        if self.told_screens is None:  # (the screens there before this one: the host's first word after the join)
            self.told_screens = s.screens_at_join
            if s.screens_at_join:
                self.notify(f"This game is open as the {side} player on {plural(s.screens_at_join, 'other screen')}"
                            f" too ({s.screens_at_join + 1} now). The host takes answers from each; if they are not "
                            "yours, your link has been shared.", severity="warning", timeout=15, markup=False)
        told, self.told_screens = self.told_screens, s.other_screens
        if s.other_screens == told:
            return
        if s.other_screens > told:
            self.notify(f"Another screen has joined this game as the {side} player ({s.other_screens + 1} now). The "
                        "host takes answers from each; if it is not yours, your link has been shared.",
                        severity="warning", timeout=15, markup=False)
        else:
            self.clear_notifications()  # (the notice of its joining is over)
            others = "this is the only one now" if not s.other_screens else f"{s.other_screens + 1} now"
            self.notify(f"A screen that had joined as the {side} player has left: {others}.", timeout=8,
                        markup=False)

    def _show_step(self, turns: Turns, step: Step) -> bool:
        if isinstance(step, Arrived):
            return self._show_arrival(turns)
        if isinstance(step, Waiting):
            s = turns.session
            self.waited = self.waited or s.game.prompt.side != self.remote_role()
            self._show_main()
            self.refresh_main()
            return False
        if isinstance(step, HumanTurn) and self.waited:
            self.waited = False
            self.bell()
            self.notify(f"Your move, {SIDE_NAMES[self.remote_role()]} player.", timeout=4, markup=False)
        return super()._show_step(turns, step)

    def remote_role(self) -> str:
        s = self.remote
        return s.role if s is not None else ""

    def _show_arrival(self, turns: Turns) -> bool:
        """An action played on the host, taken into the game: the other side's shown as the computer's are (the
        display delay after each, none when hurried), the player's own at once. True when the next may follow."""
        theirs = turns.session.game.prompt.side != self.remote_role()
        events = turns.take_arrival()
        self._show_main()
        self._add_events(events)
        if turns.card is not None:
            return True  # its card is the next step
        if theirs and events and self.delay > 0 and not self.hurry:
            self.refresh_main()
            self._timer = self.set_timer(self.delay, self.advance)
            return False
        return True

    # ------------------------------------------------------------------ standing orders (O)
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "orders":  # at any of the player's questions, and while waiting for the other side
            s = self.remote  # (a spectator has none to give)
            return s is not None and not s.watches_only and not s.game.over and s.lost is None and not self.too_small
        if action == "review":  # (the client has no record of actions to replay, only the host's states: V showed
            return False  # "Nothing was played in this game before it was saved"; the log holds the other side's turn)
        return super().check_action(action, parameters)

    def action_orders(self) -> None:
        """O: the side's standing orders as the host keeps them, to change (online/orders_screen.py)."""
        from .orders_screen import OrdersScreen
        s = self.remote
        if s is not None and self.check_action("orders", ()) and not isinstance(self.screen, OrdersScreen):
            self._user_modal(OrdersScreen(s.role, s.online.orders), self._give_orders)

    def _give_orders(self, orders: dict[str, Any] | None) -> None:
        if orders is not None:
            self.run_worker(self._send_orders(orders), group="orders", exit_on_error=False)

    async def _send_orders(self, orders: dict[str, Any]) -> None:
        """Give the orders to the host, on the app's loop: a notice says what it keeps, or why it refused them.
        If they answer the question now, the host answers it at once: its update comes in as any other."""
        from .orders_screen import describe
        s = self.remote
        if s is None:
            return
        online = s.online
        try:
            kept = await online.set_orders(orders)
        except (Refused, ProtocolError) as exc:
            self.notify(f"The host refused the orders: {one_line(str(exc))}", severity="warning", timeout=8,
                        markup=False)
        except Disconnected as exc:
            s.connection_lost(online, str(exc))  # (the session joins again)
            self.notify("Your standing orders did not reach the host: give them again (O) once the game is joined "
                        "again.", severity="warning", timeout=20, markup=False)
        else:
            self.notify(f"Standing orders on the host: {describe(kept)}", timeout=6, markup=False)

    def coastal_answer_given(self, answer: int | str) -> bool:
        """D (or the first landing's question): the host's standing orders answer landings before this side is
        asked, so the level goes to them too; the computer's answer, which they cannot give, takes theirs away
        (a level chosen here was never played while the host held another; found by a helper). A level answers a
        landing's question asked now, on the host, as soon as it has it."""
        s = self.remote
        if s is None:
            return False
        orders = dict(s.online.orders)
        if isinstance(answer, int):
            orders["coastal"] = answer
        elif orders.pop("coastal", None) is None:
            return False  # (nothing of the host's to change)
        self._give_orders(orders)
        prompt = s.game.prompt
        return isinstance(answer, int) and isinstance(prompt, StrategyPrompt) and prompt.landing is not None \
            and prompt.side == s.role

    # ------------------------------------------------------------------ saving, loading, leaving
    def action_save(self) -> None:
        s = self.remote
        if s is not None and s.game.over:  # (the host has the actions and the dice: its save is the game's)
            self.notify(f"W fetches the host's save of the game and keeps it among your saves ({HOSTED}"
                        f"{self.link.game}).", timeout=8, markup=False)
            return
        self.notify(KEPT_BY_HOST, timeout=8, markup=False)

    def action_load(self) -> None:
        self.notify("Ctrl+Q leaves this hosted game first (the host keeps it); then `overlord --load` opens a game of "
                    "your own.", timeout=8, markup=False)

    def on_menu_chosen(self, message: MenuChosen) -> None:
        """The final report's keys: a new game or a save is the local game's (`overlord`), after leaving; the replay
        is the host's save's (this side has the game's events, not its actions). Textual calls the handlers of the
        classes below too unless told not to: OverlordApp's would have gone to the title, and a new game begun
        there was no hosted game (a crash)."""
        message.prevent_default()
        if message.what in ("quit", "charts"):
            super().on_menu_chosen(message)
        elif message.what == "watch":
            self.notify("Fetching the game's save from the host...", timeout=4, markup=False)
            self.run_worker(self._fetch_and_watch(), group="fetch-save", exclusive=True)
        else:
            self.notify("This was a hosted game: Q quits, W replays it; `overlord` starts a game of your own.",
                        timeout=6, markup=False)

    async def _fetch_and_watch(self) -> None:
        """W on the final report: the finished game's save, from the host (the only one with its actions and dice),
        kept among the player's saves (``hosted-GAMEID``, for `overlord watch` later) and replayed in the viewer."""
        from ..replaying import Replay
        from ..saves import SaveError, replay_document, saves_dir, write_problem, write_save
        from .client import fetch_save
        try:
            doc = await fetch_save(self.link)
            game = await asyncio.to_thread(replay_document, doc, "the host's save")
        except (Refused, ProtocolError, Disconnected, SaveError, aiohttp.ClientError, OSError) as exc:
            self.notify(f"The host's save could not be had: {one_line(str(exc) or type(exc).__name__)}",
                        severity="error", timeout=10, markup=False)
            return
        name = f"{HOSTED}{self.link.game}"
        path = saves_dir() / f"{name}.json"
        try:
            if not path.exists():  # (fetched before: the same game, kept)
                path.parent.mkdir(parents=True, exist_ok=True)
                write_save(game, path, name=name, new=True)
            self.notify(f"Saved as {path.name} among your saves (`overlord watch {name}` replays it again).",
                        timeout=8, markup=False)
        except OSError as exc:
            self.notify(f"Not saved ({write_problem(exc)}): replayed only.", severity="warning", timeout=8,
                        markup=False)
        self.view_replay(Replay.of(game), f"Replay of hosted game {self.link.game}")

    def action_quit(self) -> None:  # type: ignore[override]  # (as OverlordApp's)
        """Leave: nothing to save (the host keeps the game); the connection is closed as the app ends."""
        s = self.remote
        self.cancel_timer()
        self.quitting = True
        if s is not None and s.lost is not None and not s.rejoining:  # the host would not have the link back
            self.farewell = f"Overlord: you left game {self.link.game}, which the host refused ({one_line(s.lost)})."
        elif s is not None and not s.game.over:
            whose = "the spectators'" if s.watches_only else f"your {SIDE_NAMES[s.role]}"
            link = f"{self.link.base}/play/{self.link.game}#<{whose} token>"
            # (a link given in the environment was told back as a command's argument, which puts it in the process
            # list that docs/online.md keeps it out of: found by a helper)
            again = f"{JOIN_LINK}={shlex.quote(link)} overlord join" if self.link_in_environment \
                else f"overlord join {shlex.quote(self.link.base)}/play/{self.link.game}#<{whose} token>"
            self.farewell = f"Overlord: you left game {self.link.game}; the host keeps it.\nCome back to it with: {again}"
        self.exit(return_code=EXIT_FAIL if self.join_error is not None else EXIT_OK)  # (never joined: said so, 1)

    def _signalled(self, number: int) -> None:
        self.quitting = True
        self.exit(return_code=128 + number)
        self.watch_the_exit(128 + number)

    async def on_unmount(self) -> None:
        if (s := self.remote) is not None:
            try:  # a host gone quiet must not hold the program: the closing handshake gets a few seconds
                await asyncio.wait_for(s.close(), CLOSE_SECONDS)
            except (asyncio.TimeoutError, aiohttp.ClientError, OSError):
                pass


# --------------------------------------------------------------------------- the command
def play_joined(args: argparse.Namespace) -> int:
    """`overlord join LINK` (its parser: online/commands.py, which needs no web library to be built)."""
    import sys

    from ..cli import _after_play, _keys_can_be_read, _load_data_or_exit, start_theme
    from ..tui.themes import CYCLE, canonical
    if not args.link:
        print(f"overlord: join needs your side's link (or ${JOIN_LINK})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        link = Link.parse(args.link)
    except ProtocolError as exc:
        print(f"overlord: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    theme = canonical(args.theme) if args.theme else None
    if theme is not None and theme not in CYCLE:
        print(f"overlord: --theme is one of {', '.join(CYCLE)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not _keys_can_be_read():
        print("overlord: the game reads its keys from a terminal, and standard input is not one", file=sys.stderr)
        return EXIT_BAD_INPUT
    _load_data_or_exit(resume_gc=False)
    app = JoinApp(link, theme=start_theme(theme), handle_signals=True,
                  link_in_environment=args.link == os.environ.get(JOIN_LINK))
    try:
        app.run()
    finally:
        if app.join_error is not None:
            print(f"overlord: could not join the game: {app.join_error}", file=sys.stderr)
    return app.return_code or EXIT_FAIL if app.join_error is not None else _after_play(app)
