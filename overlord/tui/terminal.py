"""The terminal's input, made to survive what a terminal may send.

Textual reads the keyboard in a thread of its own and decodes it as UTF-8. A byte that is not UTF-8 (a
terminal set to Latin-1, Meta setting the eighth bit: ``\\xff``, ``\\xe9A``) raises UnicodeDecodeError there,
and an escape sequence with a huge number in it (``ESC [ 99999999999999 u``) OverflowError in its key
parser (Textual 8.2.8). Either ends the thread, and Textual then closes the app: one stray byte would end
the game. Here a byte that is not UTF-8 is read as the replacement character (a key the game refuses, with
its usual line), and after any other fault of bad input the thread is started again: the bytes of that one
read are dropped, a line goes to Textual's log, and the game goes on. Any other fault still ends the app,
which then saves the game (overlord.cli cmd_play).

In a browser (``overlord serve``) the game reads the page's keys from textual-serve's pipe with Textual's web
driver, whose input thread ends quietly on such a fault and closes the pipe: no key, and no "quit" from the
server, could reach the game again, and its process would wait for ever. There the game is hung up instead
(SIGHUP, as a closed terminal window does): it saves and ends, and the page says how to go on.
"""

from __future__ import annotations

import codecs
import functools
import os
import signal
from typing import Any

from textual import log
from textual.driver import Driver

MALFORMED_INPUT = (UnicodeDecodeError, OverflowError, ValueError)  # what bad bytes raise while decoded and parsed
MAX_RESTARTS = 1000  # a fault that comes back at once, every time, is not a stray byte: let the app end


def lenient_decoder(encoding: str) -> Any:
    """An incremental decoder class that reads a malformed byte as U+FFFD instead of raising."""
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


def tolerant(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` with an input thread that goes on after malformed input (when it has such a thread);
    the browser's driver hangs the game up when its input ends (``hangs_up``)."""
    from textual.drivers.web_driver import WebDriver
    if issubclass(driver_class, WebDriver):
        return hangs_up(driver_class)
    try:
        from textual.drivers import linux_driver
    except ImportError:  # Windows: no termios
        return driver_class
    if not issubclass(driver_class, linux_driver.LinuxDriver):
        return driver_class  # not the POSIX terminal's driver (the browser's, the tests' headless one)
    # The input thread makes its decoder with the module's getincrementaldecoder: this one replaces bad bytes.
    # Should a later Textual make it otherwise, the restarts below still keep the game going.
    if getattr(linux_driver, "getincrementaldecoder", None) is codecs.getincrementaldecoder:
        linux_driver.getincrementaldecoder = lenient_decoder  # type: ignore[attr-defined]

    class TolerantDriver(driver_class):  # type: ignore[valid-type,misc]  # a subclass of a class given at run time
        def run_input_thread(self) -> None:
            for _ in range(MAX_RESTARTS):
                try:
                    super().run_input_thread()
                    return
                except MALFORMED_INPUT as exc:
                    if self.exit_event.is_set():
                        return
                    log.warning(f"Malformed terminal input dropped ({type(exc).__name__}: {exc})")
            super().run_input_thread()  # the last chance: a fault now ends the app as Textual does

    TolerantDriver.__name__ = TolerantDriver.__qualname__ = f"Tolerant{driver_class.__name__}"
    return TolerantDriver


def hangs_up(driver_class: type[Driver]) -> type[Driver]:
    """The web driver, whose input thread, should it end while the app goes on (a fault in the page's bytes, a
    pipe closed), hangs the game up: the app saves and ends as on a closed terminal (OverlordApp._signalled)."""
    class HangingUpDriver(driver_class):  # type: ignore[valid-type,misc]  # a subclass of a class given at run time
        def run_input_thread(self) -> None:
            super().run_input_thread()
            if not self.exit_event.is_set():
                log.warning("The page's input has ended: the game is saved and ends")
                os.kill(os.getpid(), getattr(signal, "SIGHUP", signal.SIGTERM))

    HangingUpDriver.__name__ = HangingUpDriver.__qualname__ = f"HangingUp{driver_class.__name__}"
    return HangingUpDriver
