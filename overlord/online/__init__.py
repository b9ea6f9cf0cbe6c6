"""Play a friend elsewhere: a host that keeps the games and the dice, and its clients (docs/online.md).

protocol.py (the messages, links and tokens, and what a client may see of a game), storage.py (where a host
keeps its games: the interface and SQLite), host.py (``overlord host``), orders.py (standing orders: a side's
answers given in advance), client.py (the Python client the bots, the command line and the screens use), bot.py
(a computer player through a host), commands.py (the commands ``overlord host`` and ``overlord online``).
"""
