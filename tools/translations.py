"""`make translations` and `make translations-sync`: the command line of attention_site/translations.py.

    python -m tools.translations check              # make translations
    python -m tools.translations sync PAGE [PAGE…]  # make translations-sync PAGE=weights
    python -m tools.translations sync --all         # after a reviewed update of every page
    python -m tools.translations sync PAGE --only en  # a wording fix in en that zh does not need

`check` fails, naming the page and section, when one language's section changed
since the last sync (or exists in one language only). `--only LANG` records the
new state of one language alone: "this change needs nothing in the other one".
"""
import argparse
import sys

from attention_site.languages import LANGS
from attention_site.translations import ROOT, pages, problems, sync


def main(argv=None, root=ROOT):
    parser = argparse.ArgumentParser(prog="python -m tools.translations")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check")
    syncing = sub.add_parser("sync")
    syncing.add_argument("pages", nargs="*")
    syncing.add_argument("--all", action="store_true")
    syncing.add_argument("--only", choices=LANGS)
    args = parser.parse_args(argv)
    known = pages(root)
    if args.command == "sync":
        names = known if args.all else args.pages
        unknown = sorted(set(names) - set(known))
        if unknown or not names:
            parser.error(f"unknown page(s) {unknown}; pages: {', '.join(known)}" if unknown else "name a PAGE or --all")
        sync(names, root, args.only)
        print(f"translations: recorded {', '.join(names)} as in line" + (f" ({args.only} only)" if args.only else ""))
        return 0
    failures = [(page, message) for page in known for _, _, message in problems(page, root)]
    for page, message in failures:
        print(f"docs/{{zh,en}}/{page}.md {message}", file=sys.stderr)
    if failures:
        print("translations: update the other language, then `make translations-sync PAGE=<page>` "
              "(README: Translations)", file=sys.stderr)
        return 1
    print(f"translations: {len(known)} page pairs in line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
