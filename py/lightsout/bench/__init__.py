"""Benchmarks run on demand: ``python -m lightsout.bench.solving``, ``python -m lightsout.bench.graphs``.

Layer 6, the top (tests/unit/test_layers.py): may import any layer (the graph bench prints the CLI's
``presets --figures`` table).
"""
