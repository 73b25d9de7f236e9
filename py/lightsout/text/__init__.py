"""Text: what readers take (bytes, lines, limits), boards, masks and puzzles as text, and their writers.

Layer 2 (tests/unit/test_layers.py), beside :mod:`lightsout.solving`: imports the model, errors and names.
"""
