"""hearthroll: a game master's screen for the terminal."""

__version__ = "0.1.0"
