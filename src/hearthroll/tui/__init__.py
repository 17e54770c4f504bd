"""The Textual app: screens, widgets and key bindings over the engine. Imports core and store."""
