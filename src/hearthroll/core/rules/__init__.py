"""The rules model: rulesets, moves, effects as data, their words, and move search."""
