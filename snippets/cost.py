"""What attention costs and what it buys: n² comparisons, but a path of length 1.

Page: the deep dive "Word order and cost" (docs/*/order-and-cost.md); its exercises too.
Run ``python -m snippets.cost``.

The three counts are plain one-line functions (sections ``path`` and
``counts``; order-and-cost shows ``counts`` in its price fold, and counts the
relay's steps with a loop, section ``distance``). Right after them (section
``cost_checks``, tested, no longer on a page: readers found a wrapper around
one-liners taught nothing about attention) the module wraps each one so that
a bad input raises a clear TypeError or ValueError; the plain function stays
reachable as ``<name>.__wrapped__``.
"""

# --8<-- [start:path]
def path_length(distance, attention=True):
    """Steps between words `distance` positions apart."""
    return 1 if attention else distance
# --8<-- [end:path]


# --8<-- [start:counts]
def comparisons(n_words):
    """Attention: each of n words compares with all n."""
    return n_words * n_words


def chain_steps(n_words):
    """An RNN's relay: n - 1 hand-offs, one by one."""
    return n_words - 1
# --8<-- [end:counts]


# --8<-- [start:cost_checks]
import functools


def _checked(count, name):
    """`count`, but its first argument must be an int >= 1."""
    @functools.wraps(count)
    def checked(number, **options):
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"{name} must be an int, "
                            f"got {type(number).__name__}")
        if number < 1:
            raise ValueError(f"{name} must be >= 1, got {number}")
        return count(number, **options)
    return checked


comparisons = _checked(comparisons, "n_words")
chain_steps = _checked(chain_steps, "n_words")
path_length = _checked(path_length, "distance")
# --8<-- [end:cost_checks]


def main():
    # --8<-- [start:table]
    print("words  comparisons  relay steps")
    for n in [4, 8, 16, 1000]:
        print(f"{n:>5}  {comparisons(n):>11}  {chain_steps(n):>11}")
    #> words  comparisons  relay steps
    #>     4           16            3
    #>     8           64            7
    #>    16          256           15
    #>  1000      1000000          999
    # --8<-- [end:table]

    # --8<-- [start:checks_demo]
    for bad in [2.5, 0]:  # half a word? no words at all?
        try:
            comparisons(bad)
        except (TypeError, ValueError) as error:
            print(type(error).__name__, error)
    #> TypeError n_words must be an int, got float
    #> ValueError n_words must be >= 1, got 0
    # --8<-- [end:checks_demo]

    # --8<-- [start:distance]
    # 20 words between "it" and "cat": 21 positions apart
    keep = 0.9  # say each step keeps 90% of the message (a made-up rate)
    message, steps = 1.0, 0
    for position in range(21):  # the relay: word to word
        message *= keep
        steps += 1

    print(f"relay: {steps} steps, {message:.0%} left")
    #> relay: 21 steps, 11% left
    print("attention: 1 step, nothing handed on")  # a direct look
    #> attention: 1 step, nothing handed on
    # --8<-- [end:distance]


if __name__ == "__main__":
    main()
