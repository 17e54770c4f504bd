"""Dice: where randomness enters, dice expressions, the mechanics, their bands and exact odds."""
