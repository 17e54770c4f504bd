"""The app's screens: the table (the controller) and the modals it opens."""
