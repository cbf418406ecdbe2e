"""Running a notebook top to bottom with nbclient, the way the build must: bare and reproducible.

The kernel is python3 in a temporary folder outside the repository, without PYTHONPATH: an
`import snippets` fails there as it would for a reader. It talks over Unix sockets, not TCP,
so nothing listens on a port and ipykernel >= 7.4 has no "running over TCP without
encryption" warning for the build log. A failing cell stops the build naming the notebook,
the cell and the error.
"""
import copy
import json
import os
import re
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError

TIMEOUT = 120  # seconds per cell
# What the kernel must not inherit: it would make the repository importable.
DROPPED_ENV = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONSAFEPATH")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
CELL_SOURCE = re.compile(r"following cell:\n-{18}\n(.*?)\n-{18}\n", re.DOTALL)  # nbclient's message


def kernel_env():
    return {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}


def execute(nb, name, kernel_name="python3"):
    """A copy of `nb` with every cell run, its printed output merged per stream (see merge_streams)."""
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    nb = copy.deepcopy(nb)
    with tempfile.TemporaryDirectory(prefix="notebook-") as folder:
        km = KernelManager(kernel_name=kernel_name, transport="ipc", ip=os.path.join(folder, "kernel"))
        client = NotebookClient(nb, km=km, timeout=TIMEOUT, kernel_name=kernel_name, allow_errors=False,
                                record_timing=False, resources={"metadata": {"path": folder}})
        try:
            client.execute(env=kernel_env())
        except Exception as error:
            raise PluginError(describe_failure(name, nb.cells, error)) from error
        finally:  # the client only shuts down kernels it made itself
            if km.has_kernel:
                km.shutdown_kernel(now=True)
    return merge_streams(nb)


def merge_streams(nb):
    """Join consecutive stdout/stderr outputs of a cell into one.

    The kernel sends printed text in as many messages as its buffer flushes, which
    depends on timing: without this, two builds split the same output differently
    and the page (one <pre> per message) is not reproducible.
    """
    for cell in nb.cells:
        merged = []
        for output in cell.get("outputs", []):
            if (merged and output.get("output_type") == "stream"
                    and merged[-1].get("output_type") == "stream" and merged[-1].get("name") == output.get("name")):
                merged[-1]["text"] += output["text"]
            else:
                merged.append(output)
        if "outputs" in cell:
            cell["outputs"] = merged
    return nb


def describe_failure(name, source, error):
    """'docs/zh/x.ipynb: cell 4 (id "lookup") failed: ValueError: ...', without ANSI codes.

    `source`: the executed cells, or the path of a notebook that has them.
    """
    text = ANSI.sub("", str(error))
    match = CELL_SOURCE.search(text)
    if match is None:  # not a cell's error (the kernel died, a timeout...): its last lines
        last_lines = "\n".join(text.strip().splitlines()[-3:])
        return f"{name}: failed: {type(error).__name__}: {last_lines}"
    failed = match.group(1).strip()
    if isinstance(source, (str, os.PathLike)):
        cells = json.loads(Path(source).read_text(encoding="utf-8"))["cells"]
    else:
        cells = source
    where = next((f' cell {number} (id "{cell.get("id", "?")}")'
                  for number, cell in enumerate(cells, start=1)
                  if "".join(cell["source"]).strip() == failed), "")
    ename = getattr(error, "ename", type(error).__name__)
    evalue = ANSI.sub("", str(getattr(error, "evalue", ""))).strip()
    first_line = failed.splitlines()[0] if failed else ""
    return f"{name}:{where} failed: {ename}: {evalue}\n    in the cell starting: {first_line}"
