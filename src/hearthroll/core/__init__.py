"""The pure engine: dice, mechanics, odds, rules and turns. No I/O, no clock, no global RNG."""
