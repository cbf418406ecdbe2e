"""Tested teaching code for the attention site.

Every code block on the site is a named section of a module in this package
(``# --8<-- [start:name]`` ... ``# --8<-- [end:name]``), so what a reader copies
is exactly what the tests run and what the build executes.
"""
