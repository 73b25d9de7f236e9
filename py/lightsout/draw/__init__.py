"""Drawing (layer 2, just above the model it draws): a puzzle's board as SVG, and the public board value.

Below ``solving`` and ``text``, so that a :class:`~lightsout.solving.solver.Solution` and a parsed board
draw themselves in a notebook (``_repr_svg_``); imports only the model, ``errors`` and ``names``.
``lightsout.svg`` is the front door to :mod:`lightsout.draw.svg`.
"""
