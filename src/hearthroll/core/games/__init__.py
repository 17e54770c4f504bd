"""The games' concepts, one module each: the pool turn, the steading, gear, harm, momentum, ..."""
