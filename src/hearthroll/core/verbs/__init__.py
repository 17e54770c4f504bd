"""The session's verbs: each validates, calls the games' modules and records one event."""
