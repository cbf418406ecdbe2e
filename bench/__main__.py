"""Run the benchmark sections: ``python -m bench [section ...] [--repeats N] [--threads N] [--check]``.

Without a section name every section in SECTIONS runs, in order. A section is a
module in this package with ``run(args) -> int`` (0 = fine); add a new one (build
time, page weight, ...) by writing the module and listing it below.
"""
import argparse
import importlib
import os
import sys

# name -> module; run in this order when no name is given
SECTIONS = {
    "attention": "bench.attention",  # snippets.attention against PyTorch on the CPU
    "build": "bench.build",          # cold build, one-line-edit rebuild, serve reload, the split
    "weight": "bench.weight",        # what a reader downloads per page (gzip)
}


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", metavar="section",
                        help=f"which sections to run (default: all of {', '.join(SECTIONS)})")
    parser.add_argument("--repeats", type=int, default=None,
                        help="timed repeats per candidate (each section has its own default)")
    parser.add_argument("--threads", type=int, default=None,
                        help="threads for numpy's BLAS and for torch (default: theirs, one per CPU)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a goal is missed (default: only report)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; known: {', '.join(SECTIONS)}")
    for option in ("repeats", "threads"):
        if getattr(args, option) is not None and getattr(args, option) < 1:
            parser.error(f"--{option} must be >= 1, got {getattr(args, option)}")
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.threads:  # read by OpenBLAS / OpenMP when numpy or torch loads: before any section
        if "numpy" in sys.modules:
            print("warning: numpy already imported, --threads does not reach its BLAS")
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[name] = str(args.threads)
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs"
          + ("  (busy machine: noisy numbers; --threads 1 measures steadier)"
             if load > (os.cpu_count() or 1) else ""))
    status = 0
    for name in args.sections or list(SECTIONS):
        print(f"== {name} ==")
        status |= importlib.import_module(SECTIONS[name]).run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
