"""``overlord online bot LINK --player NAME``: a computer player takes a side of a hosted game.

The bot joins with the side's link and answers each of that side's prompts with the named player
(overlord.ai's registry, as ``overlord players`` lists them) until the game is over. The player thinks in a
worker thread, so the connection stays answered (its heartbeats) while it does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp

from ..ai import make_player
from ..engine.actions import Action
from .client import OnlineGame, Refused
from .protocol import SIDES, Link

RETRY_SECONDS = 1.0  # the least wait before an answer refused over the side's rate is sent again


async def play(link: Link | str, player_name: str, seed: int = 0, session: aiohttp.ClientSession | None = None,
               on_action: Callable[[int, Action], None] | None = None,
               orders: Mapping[str, Any] | None = None, on_joined: Callable[[], None] | None = None) -> OnlineGame:
    """Play the link's side with ``player_name`` until the game is over; returns the client (closed).

    ``on_action(at, action)`` hears of each action the host accepted (``at``: the actions played before it).
    ``orders``: standing orders to give the host first (orders.py); the host then answers those questions.
    ``on_joined()``: told once the host has let the link in."""
    online = await OnlineGame.join(link, session)
    try:
        if online.role not in SIDES:
            raise ValueError("a bot plays a side: this is the spectators' link")
        player = make_player(player_name, online.role, seed)
        if on_joined is not None:  # (once the player is known to play the link's side: "rommel has joined" came
            on_joined()  # before "rommel cannot play the allied side"; found by a helper)
        if orders is not None:
            await online.set_orders(orders)
        while True:
            await online.wait_for_move()
            if online.over:
                return online
            at, game = online.at, online.game
            action = await asyncio.to_thread(player.choose, game)
            try:
                await online.act(action, at)
            except Refused as exc:
                if online.at == at and exc.wait is not None:  # over the side's rate, which its other screens share:
                    await asyncio.sleep(max(exc.wait, RETRY_SECONDS))  # the same answer again in a moment (two bots
                    continue  # on one side were both thrown out for good; found by a helper)
                if online.at == at:  # refused where it was chosen: not a game moved on
                    raise
                continue  # answered meanwhile (the side's standing orders, another screen): the next question
            if on_action is not None:
                on_action(at, action)
    finally:
        await online.close()
