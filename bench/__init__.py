"""Benchmarks (not timed tests): ``python -m bench`` runs every section.

Each section is a module here with ``run(args) -> int``; ``bench/__main__.py``
lists them in ``SECTIONS``. ``python -m bench attention`` runs one section.
"""
