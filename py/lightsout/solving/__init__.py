"""Solving: GF(2) and Z/kZ linear algebra, light chasing, the methods, ``solve`` and the fewest-presses search.

Layer 2 (tests/unit/test_layers.py), beside :mod:`lightsout.text`: imports the model, errors and names.
"""
