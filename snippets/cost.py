"""What attention costs and what it buys: n² comparisons, but a path of length 1.

Pages: "Why this fixes the pain points of part 1" and the FAQ (docs/*/why.md, faq.md).
Run ``python -m snippets.cost``.
"""

# --8<-- [start:cost]
def comparisons(n_words):
    """Attention: every word compares its query with every word's key: n * n."""
    _check_length(n_words)
    return n_words * n_words


def chain_steps(n_words):
    """Passing a message down the line: n - 1 steps, one after another."""
    _check_length(n_words)
    return n_words - 1


def path_length(distance, *, attention=True):
    """How many steps separate two words `distance` apart."""
    if isinstance(distance, bool) or not isinstance(distance, int):
        raise TypeError(
            f"distance must be an int, got {type(distance).__name__}")
    if distance < 1:
        raise ValueError(f"distance must be >= 1, got {distance}")
    return 1 if attention else distance


def _check_length(n_words):
    if isinstance(n_words, bool) or not isinstance(n_words, int):
        raise TypeError(f"n_words must be an int, got {type(n_words).__name__}")
    if n_words < 1:
        raise ValueError(f"n_words must be >= 1, got {n_words}")
# --8<-- [end:cost]


def main():
    # --8<-- [start:table]
    print("words  comparisons  chain steps")
    for n in [4, 8, 16, 1000]:
        print(f"{n:>5}  {comparisons(n):>11}  {chain_steps(n):>11}")
    #> words  comparisons  chain steps
    #>     4           16            3
    #>     8           64            7
    #>    16          256           15
    #>  1000      1000000          999
    # --8<-- [end:table]

    # --8<-- [start:distance]
    # 它 and 猫, 20 words apart
    print(path_length(20), path_length(20, attention=False))
    #> 1 20
    # --8<-- [end:distance]


if __name__ == "__main__":
    main()
