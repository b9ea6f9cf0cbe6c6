"""Overlord: a retro terminal remake of SSI's Battle for Normandy (1981)."""

__version__ = "0.1.0"
