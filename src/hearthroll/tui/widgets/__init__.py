"""The main screen's panes: each renders a snapshot it is given and posts messages up."""
