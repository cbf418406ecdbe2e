"""Draw figures in worker processes, so that they are drawn while MkDocs renders the pages.

The workers come from a forkserver (clean and single-threaded: safe under ``mkdocs serve``, whose
server threads a plain fork would copy), and every build starts fresh ones, so they import
attention_site as it is on disk then. FIGURE_JOBS sets how many (default: one per CPU).

Each task is pickled as it is submitted. Pickle names a function by its module and checks that
the name still finds that very function; under ``mkdocs serve`` every build re-imports
attention_site (hooks/reload_snippets.py), so a task still queued when the next build starts
would no longer pickle. Pickled at once, it is just the name ``attention_site.figures.render``
and the figure's arguments; the worker imports the package when it unpickles it.
"""
import concurrent.futures
import multiprocessing
import os
import pickle

from mkdocs.exceptions import PluginError

from attention_site import figures

PRELOAD = ["numpy", "matplotlib", "matplotlib.figure", "matplotlib.backends.backend_svg", "matplotlib.font_manager"]
MIN_POOL_JOBS = 4  # fewer missing figures than this: drawing them in the build is quicker than starting workers


def jobs():
    """How many worker processes: FIGURE_JOBS, or one per CPU."""
    value = os.environ.get("FIGURE_JOBS", "")
    try:
        return max(1, int(value)) if value else (os.cpu_count() or 1)
    except ValueError:
        raise PluginError(f"FIGURE_JOBS must be a whole number, got {value!r}") from None


def worth_starting(missing, jobs):
    """Whether `missing` figures are worth worker processes, given `jobs` of them."""
    return jobs >= 2 and missing >= MIN_POOL_JOBS


class _Render:
    """figures.render(*case), pickled as that call: unpickling it (in the worker) draws the figure."""

    def __init__(self, *case):
        self.case = case

    def __reduce__(self):
        return figures.render, self.case


def start(cases, jobs):
    """{case: Future of figures.render(*case)} for every (name, lang, theme, layout) in `cases`,
    drawn by up to `jobs` worker processes, which exit when they are done."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(jobs, len(cases)), mp_context=context)
    futures = {case: pool.submit(pickle.loads, pickle.dumps(_Render(*case))) for case in cases}
    pool.shutdown(wait=False)  # the workers finish what was submitted, then exit
    return futures
