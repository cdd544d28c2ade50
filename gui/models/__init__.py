"""Models behind the screens: state and decisions with no pygame (unit-tested without a window)."""
