"""The real games: the presets (each handheld as a puzzle, with its figures) and their built-in levels.

Layer 3 (tests/unit/test_layers.py): imports solving, text, the model, errors and names.
"""
