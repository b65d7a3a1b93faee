"""Building the built-in digit model from rendered fonts (not needed at run time)."""
