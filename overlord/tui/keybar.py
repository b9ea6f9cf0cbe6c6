"""The bottom line of every screen: the keys that answer now, as text.

Textual's Footer builds a widget for every key and rebuilds them all whenever
the keys change, which in the movement phase is nearly every key press; this
draws the same line as one piece of text, so a key press costs a repaint of one
line. Keys the screen's ``check_action`` refuses (returns False for) are left
out, so the line shows exactly the keys that work.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

# A modal screen hides the app's own keys (Textual looks no further than it): the screens that come up in the
# middle of a game carry these, so that the game can be saved and the help read from them.
GAME_KEYS = [Binding("ctrl+s", "app.save", "Save"), Binding("f1", "app.help", "Help")]
QUIET_GAME_KEYS = [Binding(b.key, b.action, b.description, show=False) for b in GAME_KEYS]  # not in the key bar
HELP_BINDING = QUIET_GAME_KEYS[1]  # the help alone, for a modal screen where saving means nothing

Click = tuple[DOMNode, str]  # what a click on a key runs: the action, on the node that bound it
Entry = tuple[str, str, Click | None]  # a key of the bar: its keys, what they do, what a click on it runs
TEXTUAL_OWN = ("Focus Next", "Focus Previous", "Copy selected text")  # keys of Textual's that the game means nothing by
HELP_KEY = "F1"  # the key of the help screen, which lists every key
# keys bound out of the bar that it shows after all the others where it has room: the supply overlay, the map's
# labels, the charts and the roster (at 160 columns the bar had 60 spare, and they were only in the help), then
# quitting, loading, the colours and the palette (at 200 columns these were still only in the help; a helper)
SPARE = ("supply_overlay", "labels", "charts", "roster", "quit", "load", "cycle_theme", "command_palette")
PALETTE = {"palette": "Command palette"}  # Textual's word for its palette key


@dataclass
class Shown:
    """A key of the bar, or a group of keys under one description, as it is gathered."""
    keys: list[str]
    description: str
    group: Binding.Group | None
    click: Click | None  # None for a group: which of its keys a click meant is not known


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 100%;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        background: $footer-background;
        color: $footer-foreground;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    """
    COMPONENT_CLASSES = {"keybar--key", "keybar--description"}
    can_focus = False
    text = Text()
    clicks: list[Click] = []  # (node, action) of each key a click can press, by its place in the meta

    def render(self) -> Text:
        return self.text

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            text = self.keys_text()
            if text != self.text:  # one line of fixed size: a repaint, never a new layout
                self.text = text
                self.refresh()

    def every_key(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every key that works on the screen, those the bar does not show too (the help
        lists them): the keys that do the same joined ("↑/↓/←/→ Look"); Textual's focus and copy keys left out; then
        the screen's ``HELP_KEYS``, which work at times only."""
        hints: list[tuple[str, str]] = list(getattr(self.screen, "KEY_HINTS", ()))
        by_what: dict[str, list[str]] = {}
        # the screen's and the game's, the screen's first (a widget's own, such as a scroll's, are its KEY_HINTS)
        bound = sorted((b for b in self.screen.active_bindings.values() if b[0] is self.screen or b[0] is self.app),
                       key=lambda b: b[0] is self.app)
        for _, binding, _, _ in bound:
            what = binding.group.description if binding.group is not None else binding.description
            what = PALETTE.get(what, what)
            # (a key disabled now but kept, its check_action None rather than False: the viewer's keys at its ends)
            if what and what not in TEXTUAL_OWN:
                keys = by_what.setdefault(what, [])
                key = shown_key(self.app.get_key_display(binding))
                if key not in keys:
                    keys.append(key)
        hinted = {what for _, what in hints}  # (a list's own keys, said once)
        listed = hints + [(join_keys(keys), what) for what, keys in by_what.items() if what not in hinted]
        # keys that work at times only (U once T has given a hint): the help left them out until then (found by a
        # helper); not twice when they work now ("Take hint" then bound)
        said = {what for _, what in listed}
        return listed + [(keys, what) for keys, what in getattr(self.screen, "HELP_KEYS", ())
                         if what.split(" (")[0] not in said]

    def entries(self) -> list[Entry]:
        """(keys, description, click) for each shown key, in the order bound; the keys of one group go
        together. ``click`` is (node, action) that a click on a lone key runs (None for a group of keys)."""
        app = self.app
        by_action: dict[str, tuple[DOMNode, Binding]] = {}
        spare: dict[str, tuple[DOMNode, Binding]] = {}
        # a hosted game's screens save nothing and load nothing: the host keeps the game (Ctrl+S and Ctrl+O say so,
        # but the bar offered "^S Save" for nothing; found by a helper)
        kept_elsewhere = ("save", "app.save", "load") if not getattr(app, "keeps_saves", True) else ()
        for node, binding, enabled, _ in self.screen.active_bindings.values():
            if binding.action in kept_elsewhere:
                continue
            if binding.show and enabled and binding.action not in by_action:
                by_action[binding.action] = (node, binding)
            elif binding.action in SPARE and enabled and binding.action not in spare and binding.key != "ctrl+c":
                # (its first key: S, not F4; ^Q, not the ^C that quits too)
                spare[binding.action] = (node, binding)
        # a spare key said once: the final screen's bar had both "Q Quit" and "^Q Quit" (found by a helper)
        said = {binding.description for _, binding in by_action.values()}
        spare = {action: bound for action, bound in spare.items() if bound[1].description not in said}
        out: list[Shown] = []
        for node, binding in [*by_action.values(), *sorted(spare.values(), key=lambda b: SPARE.index(b[1].action))]:
            key = shown_key(app.get_key_display(binding))
            if binding.group is not None and out and out[-1].group is binding.group:
                out[-1].keys.append(key)
                out[-1].click = None
            else:
                description = binding.group.description if binding.group is not None else binding.description
                out.append(Shown([key], PALETTE.get(description, description), binding.group, (node, binding.action)))
        hints: list[Entry] = [
            (keys, what, None) for keys, what in getattr(self.screen, "KEY_HINTS", ())]  # a list's own keys
        return hints + [(join_keys(shown.keys), shown.description, shown.click) for shown in out]

    def on_resize(self) -> None:
        self.bindings_changed(self.screen)  # what fits has changed

    def keys_text(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        text = Text(no_wrap=True, overflow="ellipsis")
        self.clicks = []
        shown, close = fitted(self.entries(), self.size.width)
        for keys, description, click in shown:
            meta = Style()
            if click is not None:  # a click on the key or its words presses it (on_click)
                meta = Style(meta={"key_entry": len(self.clicks)})
                self.clicks.append(click)
            text.append(f" {keys} ", style=key_style + meta)
            text.append(description if close else f"{description} ", style=meta)
        return text

    async def on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("key_entry")
        if index is not None and index < len(self.clicks):
            event.stop()
            node, action = self.clicks[index]
            await self.app.run_action(action, node)


SHOWN_KEYS = {"esc": "Esc", "pgup": "PgUp", "pgdn": "PgDn", "home": "Home", "end": "End", "tab": "Tab",
              "space": "Space", "backspace": "Bksp", "delete": "Del"}


def shown_key(display: str) -> str:
    """A key as the bar writes it, in capitals as the screens and the rulebook do: F, Y, F1, Esc, ^S, PgDn
    (Textual's display gives f, f1, esc, ^s, pgdn)."""
    if len(display) == 1 and display.isalpha() or display[:1] == "f" and display[1:].isdigit() or display[:1] == "^":
        return display.upper()
    return SHOWN_KEYS.get(display, display)


def key_name(event: events.Key) -> str:
    """A key pressed, as a refusal names it: a letter or digit as printed on the key (capital), Space, Enter or
    Backspace by name (their characters print as nothing)."""
    if event.key in ("space", "enter", "backspace", "tab"):
        return event.key.title()
    if event.key.startswith("ctrl+"):  # (its character is a control code, which prints as nothing)
        return "Ctrl+" + event.key.removeprefix("ctrl+").upper()
    return (event.character or event.key).upper()


def fitted(entries: list[Entry], width: int) -> tuple[list[Entry], bool]:
    """The entries that fit in ``width`` columns, and whether they are set close (one space between them, not
    two). When they do not all fit even so, the last ones give way (the game's own keys come last), but the
    help key stays at the end of the line as "More" (its screen lists every key). The SPARE keys come only where
    the others leave room, as many as fit, and never make the help key "More"."""
    def size(shown: list[Entry], close: bool) -> int:
        return sum(len(keys) + len(what) + (2 if close else 3) for keys, what, _ in shown)

    def with_spare(close: bool) -> list[Entry]:  # in their order, up to the first that does not fit
        shown = list(entries)
        for entry in spare:
            if size(shown + [entry], close) > width:
                break
            shown.append(entry)
        return shown
    spare = [e for e in entries if e[2] is not None and e[2][1] in SPARE]
    entries = [e for e in entries if e not in spare]
    if width <= 0 or size(entries + spare, False) <= width:
        return entries + spare, False
    if size(entries, True) <= width:  # (set close, more of the spare keys fit)
        return with_spare(True), True
    helps = [e for e in entries if e[0] == HELP_KEY]
    if not helps:
        return entries, True  # (cut with an ellipsis)
    keys, _, click = helps[0]
    last = (keys, "More", click)
    kept = [e for e in entries if e[0] != HELP_KEY]
    while kept and size(kept + [last], True) > width:
        kept.pop()
    return kept + [last], True


def join_keys(keys: list[str]) -> str:
    """Keys of one group as one word: Y/N; digits in order, 1/5/6, and a run of three or more written 1-6."""
    if all(k.isdigit() and len(k) == 1 for k in keys):
        # in order: a key's place among the bindings is where it was first bound, 0 after 1-9
        keys = sorted(keys)
        nums = [int(k) for k in keys]
        if len(nums) >= 3 and nums == list(range(nums[0], nums[0] + len(nums))):
            return f"{nums[0]}-{nums[-1]}"
        return "/".join(keys)  # 1/5/6, not a number 156
    return "/".join(keys)
