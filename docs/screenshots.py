"""Draw the README's screenshots (SVG, into docs/) with Textual's own screenshot support.

    python docs/screenshots.py

The game is driven as a player would drive it (Textual's run_test and key presses), in a seeded
game the computer players have brought to a given moment, so the pictures are the same each time.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from overlord.ai import make_player
from overlord.engine.game import Game
from overlord.engine.prompts import MovePrompt
from overlord.engine.setup import preset_settings
from overlord.tui.app import OverlordApp

DOCS = Path(__file__).resolve().parent
SEED = 1944


def game_at_allied_movement(turn: int) -> Game:
    """A campaign against the computer German, played by the computer Allies up to their movement on ``turn``."""
    game = Game.new(preset_settings("historical"), SEED)
    players = {"allied": make_player("classic", "allied", SEED), "german": make_player("ai", "german", SEED)}
    while not (game.state.turn == turn and isinstance(game.prompt, MovePrompt) and game.prompt.side == "allied"):
        game.apply(players[game.prompt.side].choose(game))
    return game


async def shoot(name: str, size: tuple[int, int], game: Game | None = None, keys: tuple[str, ...] = (),
                theme: str = "phosphor") -> None:
    app = OverlordApp(game=game, delay=0, theme=theme)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.3)
        if hasattr(app.screen, "flash_on"):  # the unit being moved blinks: catch it lit, the same every time
            app.screen.flash_on = True
            app.screen.refresh_view()
            await pilot.pause()
        app.save_screenshot(filename=f"{name}.svg", path=str(DOCS))
    print(f"docs/{name}.svg ({size[0]}x{size[1]}, {theme})")


async def main() -> None:
    await shoot("screenshot-title", (80, 24))
    # the three layouts (docs/screens.md): compact; wide with the side panel below; wide and tall
    await shoot("screenshot-80x24", (80, 24), game_at_allied_movement(3))
    await shoot("screenshot-100x30", (100, 30), game_at_allied_movement(3), theme="amber")
    await shoot("screenshot-160x50", (160, 50), game_at_allied_movement(3), theme="modern")
    await shoot("screenshot-history", (100, 40), game_at_allied_movement(6), keys=("h",), theme="modern")


if __name__ == "__main__":
    asyncio.run(main())
