"""Training tools for the scanner's models and its synthetic photo suite (not shipped in the wheel)."""
