"""requirements.txt is a full lock of requirements.in: every direct pin is in it, every line is pinned."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pins(name):
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    found = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            match = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)==(\S+)", line)
            assert match, f"{name}: {line!r} is not pinned with =="
            found[match.group(1).lower().replace("_", "-")] = match.group(2)
    return found


def test_lock_contains_every_direct_pin():
    lock = pins("requirements.txt")
    for package, version in pins("requirements.in").items():
        assert lock.get(package) == version, f"{package}=={version} in requirements.in, {lock.get(package)} in the lock"
