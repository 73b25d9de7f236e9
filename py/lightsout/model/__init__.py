"""The model: boards, masks, press rules on their surfaces, graphs, puzzles and the packed-bits codec.

Layer 1 (tests/unit/test_layers.py): imports only :mod:`lightsout.errors` and :mod:`lightsout.names`.
It neither solves nor reads text.
"""
