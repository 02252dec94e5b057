"""Research interfaces: hanpan's games in OpenSpiel, PettingZoo and Gymnasium (``pip install hanpan[rl]``).

``hanpan.adapters.openspiel``, ``.pettingzoo`` and ``.gymnasium`` each import their framework; this package
and :mod:`hanpan.adapters.observation` import none, and the core engine imports nothing from here.
See docs/research.md.
"""
