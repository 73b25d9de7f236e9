"""The shared fuzz corpus of share links (tests/data/share-links.json, written by tools/make_share_corpus.py).

lightsout.share.links gives every link the outcome the corpus holds (its canonical string, or its first
problem: column, code and params), and every link it accepts is already that canonical string: no
other form of a state is read (issue #39).  tests/js/share-corpus.test.mjs holds static/model/share.js to
the same outcomes, so the two readers name the same first problem for every grid link."""

import json
from pathlib import Path

from lightsout.errors import BoardFormatError
from lightsout.share.links import format_share, parse_share

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "data" / "share-links.json").read_text(encoding="utf-8"))


def outcome(text):
    try:
        return {"ok": True, "canonical": format_share(parse_share(text))}
    except BoardFormatError as error:
        return {"ok": False, "column": error.column, "code": error.code, "params": error.params}


def test_python_gives_every_link_of_the_corpus_its_outcome():
    links = CORPUS["links"]
    assert len(links) > 3000
    mismatches = []
    for link in links:
        expected = {key: value for key, value in link.items() if key not in ("text", "reader")}
        found = outcome(link["text"])
        if found != expected:
            mismatches.append((link["text"], expected, found))
    assert mismatches[:5] == []


def test_every_link_read_is_the_one_string_of_its_state():
    # Whatever the reader accepts, of the corpus's 3 000 forms, is already the string the writer writes for it.
    accepted = 0
    for link in CORPUS["links"]:
        found = outcome(link["text"])
        if found["ok"]:
            accepted += 1
            text = link["text"]
            assert found["canonical"] == (text[1:] if text.startswith("#") else text), link
    assert accepted > 300


def test_the_corpus_holds_every_other_form_the_issue_named():
    codes = {link.get("code") for link in CORPUS["links"]}
    for code in ("leading_zero", "goal_word", "goal_own", "goal_default", "coord_form", "name_form", "move_on_hole", "mask_default"):
        assert code in codes, code
    by_text = {link["text"]: link for link in CORPUS["links"]}
    # The issue's links: a goal equal to the default, a move on a hole, and the first of two problems in the fields' order.
    assert by_text["1x2:AA;g=AA"]["code"] == "goal_default" and by_text["classic:AAAAAA;g=AAAAAA"]["code"] == "goal_own"
    assert by_text["2x2:AA;h=AQ;m=AA"]["code"] == "move_on_hole"
    assert by_text["2x2:AA;h=AA;p=Daily"]["code"] == "mask_default"  # h= before p= (Python named p= first)


def test_the_corpus_holds_links_with_characters_outside_the_bmp():
    """Issue 49: columns, found and codes count code points (share.js counted UTF-16 units): an emoji is one."""
    by_text = {link["text"]: link for link in CORPUS["links"]}
    astral = [link for link in CORPUS["links"] if any(ord(character) > 0xFFFF for character in link["text"])]
    assert len(astral) > 150
    assert {link.get("code") for link in astral} >= {"head", "unknown_field", "id_length", "bad_base64", "field_order"}
    assert by_text["1x1:AA;d=😀"]["code"] == "id_length" and by_text["1x1:AA;d=😀"]["params"]["found"] == 1  # bad_base64 in share.js before
    assert by_text["2x2:Ag;g=😀;z=1"]["column"] == 12  # after g=😀, four characters, not five
    found = by_text["2x2:Ag;" + "z" * 19 + "😀xyz=1"]["params"]["found"]
    assert found == "z" * 19 + "😀"  # cut at 20 characters, the emoji whole
