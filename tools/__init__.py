"""Maintenance tools run by make targets (not part of the site or the teaching code)."""
