"""The command line, ``python -m lightsout`` (:func:`lightsout.cli.commands.main`), its presets and levels.

Layer 5 (tests/unit/test_layers.py), beside :mod:`lightsout.api` (neither imports the other): imports
every layer below.  Empty on purpose: ``solve --format loj`` loads only what it needs.
"""
