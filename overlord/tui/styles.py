"""Where the screens' style sheets are: the title needs only the small app-wide one."""

from pathlib import Path

APP_CSS = str(Path(__file__).with_name("overlord.tcss"))
GAME_CSS = str(Path(__file__).with_name("game.tcss"))  # every screen of the game and its dialogs
