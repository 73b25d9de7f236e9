"""Figures derived from solving: analysis, explanations, method comparison, random solvable boards.

Layer 4 (tests/unit/test_layers.py), beside :mod:`lightsout.share`: imports presets, solving, text,
the model, errors and names.
"""
