"""Datasworn rules packages in: the community's JSON for Ironsworn and Starforged content
(moves, oracle tables, assets, foes), read into the same ruleset files hearthroll's own TOML
makes, each item keeping its source and licence.

`read_packages` reads packages together (an expansion with the package it builds on);
`reading` says which ruleset each item joins and what it is called, and the modules beside it
convert moves, tables, assets and foes.
"""

from hearthroll.store.datasworn.reading import Read, read_packages

__all__ = ["Read", "read_packages"]
