"""Compiled theme templates cached on disk (Jinja's bytecode cache, in .cache/templates/).

MkDocs makes a new Jinja environment for every build, and the i18n plugin builds every
language separately, so each build compiled the theme's templates (about 90 of them)
once per language. Jinja keys each compiled template on its name and source; the folder
is keyed on what else changes the compiled code: the Jinja, MkDocs and Material
versions and the environment's extensions. TEMPLATE_CACHE=off compiles every time
(attention_site.cache: the switch and the folder of every cache).

The versions come from the modules themselves (``mkdocs.__version__``), never from the name of
an installed distribution: ProperDocs and MkDocs-NG install the ``mkdocs`` module under their
own names, and build this site unchanged (tests/test_hooks.py).
"""
import hashlib
from pathlib import Path

import jinja2

from attention_site import cache

MODULES = ("jinja2", "mkdocs", "material")


def versions():
    """'jinja2=3.1.6', 'mkdocs=1.6.1', 'material=9.8.1': what the compiled templates depend on."""
    import importlib
    return [f"{name}={importlib.import_module(name).__version__}" for name in MODULES]


def cache_folder(root, env):
    """.cache/templates/<key>: one folder per Jinja setup."""
    parts = versions() + sorted(env.extensions)
    key = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
    return cache.folder("templates", root) / key


def on_env(env, config, files):
    if not cache.enabled("templates"):
        return env
    folder = cache_folder(Path(config.config_file_path).resolve().parent, env)
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
    return env
