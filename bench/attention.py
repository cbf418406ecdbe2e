"""snippets.attention against PyTorch on the CPU, side by side in one process.

Same float32 inputs of shape (batch, heads, n, d) = (4, 8, 512, 64) for all three:

- numpy:  snippets.attention.attention(q, k, v)                 -> output and weights
- torch:  torch.softmax(q @ k.transpose(-2, -1) * s, -1) @ v    (weights materialised too)
- fused:  torch.nn.functional.scaled_dot_product_attention      (no weights kept)

Goals: numpy <= 1.2x torch, numpy <= 2.5x fused. Medians over blocks of calls
that take turns after a warmup, so that a noisy machine slows every candidate alike.
"""
import math
import os
import statistics
import sys
import time

import numpy as np

from snippets.attention import attention

SHAPE = (4, 8, 512, 64)  # (batch, heads, n, d)
GOALS = {"torch": 1.2, "fused": 2.5}  # numpy time / candidate time must stay below this
TORCH_HINT = "torch not installed: pip install torch==2.13.0 (the CPU build on this machine's disk)"
WARMUP = 3
REPEATS = 30  # timed calls per candidate
ROUNDS = 5


def make_inputs(shape=SHAPE, seed=0):
    rng = np.random.default_rng(seed)
    return tuple(rng.standard_normal(shape, dtype=np.float32) for _ in range(3))


def candidates(q, k, v, threads=None):
    """name -> zero-argument function doing one full attention; torch ones if available."""
    funcs = {"numpy": lambda: attention(q, k, v)}
    try:
        import torch
    except ImportError:
        return funcs, None
    if threads:
        torch.set_num_threads(threads)
    tq, tk, tv = (torch.from_numpy(x) for x in (q, k, v))  # shares memory, no copy
    s = 1.0 / math.sqrt(q.shape[-1])

    def manual():
        with torch.inference_mode():
            weights = torch.softmax(tq @ tk.transpose(-2, -1) * s, -1)
            return weights @ tv, weights

    def fused():
        with torch.inference_mode():
            return torch.nn.functional.scaled_dot_product_attention(tq, tk, tv)

    funcs.update(torch=manual, fused=fused)
    return funcs, torch


def check_agreement(funcs):
    """All candidates must compute the same thing before their times mean anything.

    Returns False (after saying so) when numpy does not keep float32 as float32.
    """
    output, weights = funcs["numpy"]()
    float32 = output.dtype == weights.dtype == np.float32
    if not float32:
        print(f"WARNING: float32 in, {output.dtype} output and {weights.dtype} weights out")
    if "torch" in funcs:
        t_out, t_weights = funcs["torch"]()
        np.testing.assert_allclose(t_weights.numpy(), weights, rtol=1e-4, atol=1e-6)
        np.testing.assert_allclose(t_out.numpy(), output, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(funcs["fused"]().numpy(), output, rtol=1e-4, atol=1e-5)
    return float32


def time_in_blocks(funcs, repeats, rounds=ROUNDS, warmup=WARMUP):
    """name -> list of seconds per call.

    Every round runs each candidate for a block of calls, in rotating order, so
    machine noise spreads over all of them alike. Blocks, not single calls: right
    after a numpy call OpenBLAS's threads still spin and slow torch down (and torch's
    OpenMP threads slow numpy), which measured torch at ~2x its real time when
    calls alternated. The first call of every block is therefore not timed.
    """
    names = list(funcs)
    for name in names:
        for _ in range(warmup):
            funcs[name]()
    per_block = -(-repeats // rounds)  # ceil
    times = {name: [] for name in names}
    for i in range(rounds):
        for name in names[i % len(names):] + names[:i % len(names)]:
            funcs[name]()  # untimed: let the other library's threads go to sleep
            for _ in range(per_block):
                start = time.perf_counter()
                funcs[name]()
                times[name].append(time.perf_counter() - start)
    return times


def report(times):
    """Print medians and ratios; return True when every goal is met."""
    medians = {name: statistics.median(t) * 1e3 for name, t in times.items()}
    print(f"{'candidate':<8} {'median ms':>10} {'min ms':>8}  repeats={len(times['numpy'])}")
    for name, t in times.items():
        print(f"{name:<8} {medians[name]:>10.2f} {min(t) * 1e3:>8.2f}")
    met = True
    for name, goal in GOALS.items():
        if name in medians:
            ratio = medians["numpy"] / medians[name]
            ok = ratio <= goal
            met &= ok
            print(f"numpy / {name:<6} = {ratio:.2f}x  (goal <= {goal}x: {'met' if ok else 'MISSED'})")
    return met


def run(args=None):
    repeats = getattr(args, "repeats", None) or REPEATS
    q, k, v = make_inputs()
    funcs, torch = candidates(q, k, v, getattr(args, "threads", None))
    blas_threads = os.environ.get("OPENBLAS_NUM_THREADS", f"default = {os.cpu_count()}")
    print(f"float32 q, k, v of shape {SHAPE}; numpy {np.__version__} (BLAS threads: {blas_threads})"
          + (f", torch {torch.__version__} ({torch.get_num_threads()} threads)" if torch else ""))
    if torch is None:
        print(TORCH_HINT)
        print("comparison skipped; numpy alone:")
    met = check_agreement(funcs)
    met &= report(time_in_blocks(funcs, repeats))
    return 1 if getattr(args, "check", False) and not met else 0


if __name__ == "__main__":  # same as `python -m bench attention [options]`
    from bench.__main__ import main

    sys.exit(main(["attention", *sys.argv[1:]]))
