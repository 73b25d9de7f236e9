"""Share links: the grammar (:mod:`lightsout.share.links`), the fields links are made of, preset and graph links.

Layer 4 (tests/unit/test_layers.py), beside :mod:`lightsout.analysis`: imports presets, solving, text,
the model, errors and names.
"""
