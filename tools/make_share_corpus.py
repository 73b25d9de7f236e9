"""Write tests/data/share-links.json: a fixed fuzz corpus of share links and what lightsout.share.links makes of each.

    PYTHONPATH=py python3 tools/make_share_corpus.py > tests/data/share-links.json

Python is the reference (lightsout.share.links.parse_share): each link's outcome is ``ok`` and the canonical
string it reads as (``format_share`` of what was read), or its first problem (column, code, params);
``reader`` says who reads it in the page.  Two tests
read the file: tests/unit/test_share_corpus.py (Python still gives every outcome, and every link it
accepts is already the one string of its state) and tests/js/share-corpus.test.mjs (static/model/share.js
gives the same outcome for every link the page reads itself, a grid's; a preset's or a graph's link
goes to Python, as share-link.js's isGraphLink says).

The links, from a fixed seed: the writer's own links of every kind (grids of every k, rule and
surface; presets with their goals; levels; user graphs with coordinates and names); each written in
the other forms of the same state the readers must refuse (a size, k or level with a leading zero,
a goal of all off or all on as a payload, a coordinate in exponent form, with a zero too many or as
-0, a name with % unescaped, an escape in small letters or an unreserved character escaped); moves
on holes; two problems in one link (a mask and p=, a goal and m=: which is first); random edits of
all of these; random strings; links with characters outside the BMP (emoji: two UTF-16 units, one code
point), which both readers count as code points (:func:`astral_links`).  Regenerate it after a
deliberate change to the grammar.
"""

from __future__ import annotations

import json
import random
import re
import sys

from lightsout.errors import BoardFormatError
from lightsout.presets.presets import PRESETS
from lightsout.model.graph import Graph
from lightsout.presets.levels import LEVEL_SETS
from lightsout.model.rules import MOORE, PLUS, X_RULE
from lightsout.share.links import ShareState, format_share, parse_share

SEED = 39
STENCILS = [PLUS.stencil, PLUS.stencil, MOORE.stencil, X_RULE.stencil, frozenset({(0, 0), (-2, 1), (2, 2)}), frozenset({(-1, -1)})]
KINDS = [None, None, None, "daily", "random", "lit-4", "presses-9", "sample-tv"]
ALPHABET = "0123456789x:;=#ABCDEFQgwabcdefgkmrwhdonplustvjecGs_-+/%.,<>\"' "
GRAPH_HEAD = re.compile(r"^#?(G[0-9]+|[a-z][a-z0-9-]*):")


def reader(text: str) -> str:
    """Who reads the link in the page: "python" for a preset's or a graph's (share-link.js: isGraphLink), else "js"."""
    head = GRAPH_HEAD.match(text)
    return "python" if head is not None and (head.group(1).startswith("G") or head.group(1) in PRESETS) else "js"


def outcome(text: str) -> dict[str, object]:
    try:
        return {"ok": True, "canonical": format_share(parse_share(text))}
    except BoardFormatError as error:
        return {"ok": False, "column": error.column, "code": error.code, "params": error.params}


def cells_of(rng: random.Random, cells: int, k: int) -> int:
    bits = (k - 1).bit_length()
    return sum(rng.randrange(k) << (i * bits) for i in range(cells))


def mask(rng: random.Random, cells: int, density: float) -> int:
    return sum(1 << i for i in range(cells) if rng.random() < density)


def moves(rng: random.Random, cells: int, holes: int) -> tuple[int, ...]:
    buttons = [i for i in range(cells) if not holes >> i & 1]
    return tuple(rng.choice(buttons) for _ in range(rng.choice([0, 0, 1, 3, 7]))) if buttons else ()


def grid_state(rng: random.Random) -> ShareState:
    rows, cols = rng.randint(1, 6), rng.randint(1, 6)
    if rng.random() < 0.05:
        rows, cols = rng.randint(1, 40), rng.randint(1, 40)
    cells = rows * cols
    k = rng.choice([2, 2, 2, 3, 4, 5, 16, 200, 255])
    goal = rng.choice(["off", "off", "on", cells_of(rng, cells, k)]) or "off"
    holes = mask(rng, cells, 0.25) if rng.random() < 0.3 else 0
    dont_care = mask(rng, cells, 0.25) if rng.random() < 0.2 else 0
    return ShareState(rows, cols, cells_of(rng, cells, k), k, rng.choice(STENCILS), rng.choice(["plane", "plane", "torus", "klein", "projective"]),
                      goal, holes, dont_care, moves(rng, cells, holes), rng.choice(KINDS))


def preset_state(rng: random.Random) -> ShareState:
    name = rng.choice(list(PRESETS))
    base = PRESETS[name].puzzle
    cells = base.cells
    goal = rng.choice([base.target, base.target, "off", "on", cells_of(rng, cells, base.k)])
    holes = mask(rng, cells, 0.2) if rng.random() < 0.2 else 0
    return ShareState(base.rows, base.cols, cells_of(rng, cells, base.k), base.k, goal=goal, holes=holes,
                      moves=moves(rng, cells, holes), challenge_kind=rng.choice(KINDS), preset=name)


def level_state(rng: random.Random) -> ShareState:
    entry = rng.choice(list(LEVEL_SETS.values()))
    number = rng.randint(1, len(entry.levels))
    base = PRESETS[entry.preset].puzzle
    return ShareState(base.rows, base.cols, entry.level(number).board, base.k, goal=base.target, moves=moves(rng, base.cells, 0),
                      challenge_kind=f"level-{entry.name}", preset=entry.preset, level=number)


def coordinate(rng: random.Random) -> float:
    return rng.choice([
        float(rng.randint(-1000, 1000)), rng.uniform(-1e9, 1e9), rng.uniform(-1, 1), rng.choice([1e-7, 2.5e-5, 1e-300, -0.0, 0.1, 1e9, 1 / 3]),
    ])


def name(rng: random.Random) -> str:
    return "".join(rng.choice("ab Z09-._~%,;=#&?/éü中😀\u00a0") for _ in range(rng.randint(0, 5)))


def graph_state(rng: random.Random) -> ShareState:
    cells = rng.randint(1, 8)
    presses = tuple(mask(rng, cells, 0.4) | (1 << i if rng.random() < 0.7 else 0) for i in range(cells))
    coords = tuple((coordinate(rng), coordinate(rng)) for _ in range(cells)) if rng.random() < 0.5 else None
    names = tuple(name(rng) for _ in range(cells)) if rng.random() < 0.4 else None
    graph = Graph(presses, coords, names, rng.choice(["circle", "circle", "square", "hex"]))
    k = rng.choice([2, 2, 3, 7])
    goal = rng.choice(["off", "off", "on", cells_of(rng, cells, k)]) or "off"
    holes = mask(rng, cells, 0.2) if rng.random() < 0.25 else 0
    dont_care = mask(rng, cells, 0.2) if rng.random() < 0.2 else 0
    return ShareState(1, cells, cells_of(rng, cells, k), k, goal=goal, holes=holes, dont_care=dont_care,
                      moves=moves(rng, cells, holes), challenge_kind=rng.choice(KINDS), graph=graph)


def other_forms(rng: random.Random, text: str, state: ShareState) -> list[str]:
    """The same state written in forms the readers refuse (each one change), and links with two problems."""
    out = []
    head, _, rest = text.partition(":")
    grid = re.fullmatch(r"[0-9]+x[0-9]+", head) is not None
    if grid:
        rows, cols = head.split("x")
        out += [f"0{rows}x{cols}:{rest}", f"{rows}x0{cols}:{rest}"]
    elif head.startswith("G"):
        out.append(f"G0{head[1:]}:{rest}")
    out += [re.sub(r";k=(\d+)", r";k=0\1", text), re.sub(r";l=(\d+)", r";l=0\1", text)]
    cells = state.rows * state.cols
    bits = (state.k - 1).bit_length()
    from lightsout.model import codec

    all_on = codec.pack([state.k - 1] * cells, bits)
    payload_on, payload_off = codec.encode(all_on, cells * bits), codec.encode(0, cells * bits)
    if ";g=on" in text:
        out.append(text.replace(";g=on", f";g={payload_on}"))
    if ";g=off" in text:
        out.append(text.replace(";g=off", f";g={payload_off}"))
    if ";g=" not in text:  # the default goal, written out: as the word and as a payload
        head_and_fields = text.split(";")
        order = ["e", "c", "n", "s", "k"]
        at = 1 + sum(1 for part in head_and_fields[1:] if part[:1] in order)
        for value in ("on", "off", payload_on, payload_off):
            out.append(";".join([*head_and_fields[:at], f"g={value}", *head_and_fields[at:]]))
    coords = re.search(r";c=([^;]*)", text)
    if coords:
        numbers = coords.group(1).split(",")
        index = rng.randrange(len(numbers))
        number = numbers[index]
        for form in (f"{float(number):e}", number + ("0" if "." in number else ".0"), "-0" if number == "0" else "0" + number.lstrip("-"), f"{float(number)!r}"):
            changed = numbers[:index] + [form] + numbers[index + 1 :]
            out.append(text.replace(coords.group(0), ";c=" + ",".join(changed)))
    names = re.search(r";n=([^;]*)", text)
    if names:
        out += [text.replace(names.group(0), names.group(0) + "%"), text.replace(names.group(0), names.group(0) + "%2a"),
                text.replace(names.group(0), names.group(0) + "%41"), text.replace(names.group(0), names.group(0) + "%C3"),
                text.replace(names.group(0), names.group(0) + "é")]
    if state.holes and cells:
        hole = next(i for i in range(cells) if state.holes >> i & 1)
        from lightsout.share.fields import encode_moves

        moved = encode_moves((*state.moves, hole))
        out.append(re.sub(r";m=[^;]*", "", text) + f";m={moved}")
    # Two problems: an empty mask and a bad puzzle name, an all-off goal and moves outside.
    if grid:
        out.append(f"{head}:{rest.split(';')[0]};h={payload_off if state.k == 2 else codec.encode(0, cells)};p=Daily")
        out.append(f"{head}:{rest.split(';')[0]};d={codec.encode(0, cells)};p=-x;m=gICAgAE")
        out.append(f"{head}:{rest.split(';')[0]};g={payload_off};m=____Dw")
    return [form for form in out if form != text]


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(chars) + 1)
        kind = rng.randrange(3)
        if kind == 0 and chars:
            chars[min(at, len(chars) - 1)] = rng.choice(ALPHABET)
        elif kind == 1:
            chars.insert(at, rng.choice(ALPHABET))
        elif chars:
            del chars[min(at, len(chars) - 1)]
    return "".join(chars)


def corpus() -> list[str]:
    rng = random.Random(SEED)
    fixed = [
        "1x2:AA;g=AA", "classic:AAAAAA;g=AAAAAA", "2x2:AA;h=AQ;m=AA", "1x2:AA;g=Aw", "05x5:AAAAAA", "5x05:AAAAAA", "2x2:AA;k=03",
        "2x2:AA;h=AA;p=Daily", "2x2:AA;d=AA;p=Daily", "2x2:AA;h=AQ;p=-;m=AA", "G1:AA;e=AQA;c=1e5,0", "G1:AA;e=AQA;n=a%b",
        "G01:AA;e=AQA", "xl25:AAAAAA;g=AAAAAA", "xl25:AAAAAA;g=____Hw", "G2:AA;e=AQABAQ;g=AA", "G2:AA;e=AQABAQ;g=Aw",
        "#3x3:AAA;g=_wE", "10000x10000:", "1x1:;k=999", "", "#", "G0:", "G3:BQ", "classic:AAAAAA;p=level-classic;l=01",
    ]
    links = list(fixed)
    valid = []
    for _ in range(320):
        maker = rng.choices([grid_state, preset_state, level_state, graph_state], weights=[5, 2, 1, 3])[0]
        state = maker(rng)
        text = format_share(state)
        valid.append(text)
        links.append(text)
        links += other_forms(rng, text, state)
    while len(links) < 2900:
        links.append(mutate(rng, rng.choice(valid)))
    while len(links) < 3200:
        links.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30))))
    links += astral_links(valid)
    seen: set[str] = set()
    return [link for link in links if not (link in seen or seen.add(link))]  # type: ignore[func-returns-value]


ASTRAL = ["😀", "𝔸", "🇫🇷", "\U00010000", "\U0010ffff"]
"""Characters outside the BMP (two UTF-16 units each in JavaScript, one code point in Python; a flag is two)."""


def astral_links(valid: list[str]) -> list[str]:
    """Links with characters outside the BMP (issue 49: Python counts code points, share.js counted UTF-16 units,
    so columns, found and even codes differed): in the size, a field's name and value, a payload (as long in
    code points as it should be, or in UTF-16 units), where ``found`` is cut at 20 characters, before a later
    field's problem, and lone surrogates; then valid links with such characters put in at random (their own
    seed, so the links before them stay as they were)."""
    rng = random.Random(SEED + 49)
    out = [
        "1x1:AA;d=😀", "1x1:AA;h=😀", "1x1:AA;k=3;g=😀", "2x2:Ag;g=😀😀", "2x3:AAA;g=A😀", "2x3:AAA;g=😀A", "2x2:Ag;m=😀", "2x2:Ag;m=A😀",
        "2x2:Ag;m=gICA😀", "2😀x2:Ag", "😀2x2:AA", "2x2😀:Ag", "2x2:Ag😀", "#😀", "😀", "#2x2:Ag;😀=1", "2x2:Ag;k😀=3",
        "2x2:Ag;g=😀;z=1", "2x2:Ag;d=😀;k=3", "2x2:Ag;h=😀😀;h=AA", "2x2:Ag;p=😀;m=gB", "2x2:Ag;p=a😀", "2x2:Ag;w=t😀rus",
        "2x2:Ag;r=s😀", "2x2:Ag;k=😀", "2x2:Ag;k=3😀", "1x1:AA;d=\ud83d", "1x1:AA;d=\ude00A", "2x2:Ag;\ud83d=1", "2x2:Ag;p=\ud83d;m=AA",
    ]
    for before in (18, 19, 20, 21):  # found cut at 20 characters: an emoji just before, at and after the cut
        out += [f"2x2:Ag;{'z' * before}😀xyz=1", f"2x2:Ag;r={'x' * before}😀yz", f"2x2:Ag;{'z' * before}🇫🇷=1"]
    for field in ("k", "r", "w", "g", "h", "d", "p", "m"):  # an emoji as the value of every field, then a problem after it
        out += [f"2x2:Ag;{field}=😀", f"2x2:Ag;{field}=😀;q=1"]
    grids = [link for link in valid if re.match(r"[0-9]+x[0-9]+:", link)]
    for _ in range(160):
        chars = list(rng.choice(grids))
        for _ in range(rng.randint(1, 3)):
            chars.insert(rng.randrange(len(chars) + 1), rng.choice(ASTRAL + ["é", "中", ";", "="]))
        out.append("".join(chars))
    return out


def main() -> int:
    links = corpus()
    data = {
        "about": "Share links and what lightsout.share.links makes of each: ok and the canonical string, or the first problem "
        "(column, code, params); reader: who reads it in the page (js: static/model/share.js, python: the share op). Written by "
        "tools/make_share_corpus.py (its docstring says what is in it); read by tests/unit/test_share_corpus.py and "
        "tests/js/share-corpus.test.mjs.",
        "presets": list(PRESETS),
        "links": [{"text": text, "reader": reader(text), **outcome(text)} for text in links],
    }
    # One link a line: a diff after a change to the grammar shows the links whose outcome changed.
    head = json.dumps({key: value for key, value in data.items() if key != "links"}, ensure_ascii=False)[:-1]
    lines = ",\n".join(json.dumps(link, ensure_ascii=not _utf8(link["text"])) for link in data["links"])
    sys.stdout.write(f'{head}, "links": [\n{lines}\n]}}\n')
    return 0


def _utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (a lone surrogate cannot: its line is written with \\u escapes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


if __name__ == "__main__":
    raise SystemExit(main())
