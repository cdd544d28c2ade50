"""The pygame-ce / pygame-gui front end: screens, widgets, art, sound and settings."""
