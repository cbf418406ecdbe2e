"""Compiled theme templates cached on disk (Jinja's bytecode cache, in .cache/templates/).

MkDocs makes a new Jinja environment for every build, and the i18n plugin builds every
language separately, so each build compiled the theme's templates (about 90 of them)
once per language. Jinja keys each compiled template on its name and source; the folder
is keyed on what else changes the compiled code: the Jinja, MkDocs and Material
versions and the environment's extensions. TEMPLATE_CACHE=off compiles every time.
"""
import hashlib
import os
from importlib import metadata
from pathlib import Path

import jinja2

PACKAGES = ("jinja2", "mkdocs", "mkdocs-material")


def cache_folder(root, env):
    """.cache/templates/<key>: one folder per Jinja setup."""
    parts = [f"{name}={metadata.version(name)}" for name in PACKAGES] + sorted(env.extensions)
    key = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
    return Path(root) / ".cache" / "templates" / key


def on_env(env, config, files):
    if os.environ.get("TEMPLATE_CACHE", "on").lower() in {"off", "0", "false"}:
        return env
    folder = cache_folder(Path(config.config_file_path).resolve().parent, env)
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
    return env
