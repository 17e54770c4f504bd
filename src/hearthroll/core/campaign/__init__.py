"""Campaign state: sheets, the steading, events and their deltas, effects applied to a sheet."""
