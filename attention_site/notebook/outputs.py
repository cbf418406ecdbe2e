"""What a notebook cell may print on a page: never a traceback, a warning, stderr or a machine path.

Executed code can leak the build machine's paths (/root/, site-packages, the kernel's temporary
folder) and noise (a DeprecationWarning) into the page. The executed notebook is checked once,
before it is cached: the page and the download are both made from it.
"""
import re

from mkdocs.exceptions import PluginError

MACHINE_PATH = re.compile(r"/root/|/home/|/tmp/|/Users/|site-packages|\b[A-Za-z]:\\")
BAD_OUTPUT = re.compile(r"Traceback|Warning:|warnings\.warn|Error:", re.IGNORECASE)


def check(nb, name):
    """PluginError naming the notebook, the cell and the problem, if an output shows one."""
    for number, cell in enumerate(nb.cells, start=1):
        for output in cell.get("outputs", []):
            texts = [output.get("text", "")] if output.output_type == "stream" else \
                [str(v) for v in output.get("data", {}).values()]
            text = "\n".join(texts)
            if output.output_type == "error":
                problem = "an error"
            elif output.output_type == "stream" and output.name != "stdout":
                problem = "something on stderr (a warning?)"
            else:
                problem = text_problem(text)
            if problem:
                snippet = " ".join(text.split())[:120]
                raise PluginError(f'{name}: cell {number} (id "{cell.get("id", "?")}"): an output '
                                  f"shows {problem}: {snippet}")


def text_problem(text):
    """What must never reach a page from an output: a traceback/warning word or a machine path."""
    if BAD_OUTPUT.search(text):
        return f"'{BAD_OUTPUT.search(text).group(0)}'"
    if MACHINE_PATH.search(text):
        return f"a machine path ('{MACHINE_PATH.search(text).group(0)}')"
    return None
