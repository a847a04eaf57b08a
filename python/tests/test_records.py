"""The records' dicts are built in C (pgnarbiter/_records.c), equal to
json.loads of each line - key order, types, escapes, numbers - and what that
reader leaves (surrogate escapes, bad UTF-8, NaN, malformed text) goes to
json.loads itself.  _core._loads is the same path as check()'s."""

import json
import math

import pytest

from pgnarbiter import _core

LINES = [
    b'{"type":"game","file":"a.pgn","game":1,"ply":null,"judged":true,"variation":false}',
    b'{"a":1,"b":{"c":[1,2,{"d":[]}],"e":{}},"f":[],"g":""}',
    b'  {"a" : 1 ,\n "b"\t: [ 1 , 2 ] }  ',
    b'{"s":"quote \\" backslash \\\\ slash \\/ \\b\\f\\n\\r\\t end"}',
    b'{"s":"\\u00e9\\u20ac\\u0000\\u001f x","t":"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"}',
    b'{"s":"\\ud83d\\ude00 pair","lone":"\\udc80"}',
    b'{"i":0,"n":-7,"big":123456789012345678901234567890,"edge":-999999999999999999,'
    b'"e18":1000000000000000000}',
    b'{"f":0.5,"g":-1.25e-3,"h":1E+20,"k":12345678901234567.0,"z":-0.0}',
    b'{"dup":1,"x":2,"dup":3}',
    b'{"k\\u00e9y":"v","long key that is longer than sixteen bytes":"and a value longer than that"}',
    b'["not","an","object"]',
    b'"a string"',
    b'42',
    b'{"nan":NaN,"inf":-Infinity}',
]


@pytest.mark.parametrize("line", LINES)
def test_equal_to_json_loads(line):
    got = _core._loads(line)
    want = json.loads(line)
    assert got == want or (math.isnan(got["nan"]) and math.isnan(want["nan"]))
    assert repr(type(got)) == repr(type(want))
    if isinstance(want, dict):
        assert list(got) == list(want)
        assert [type(v) for v in got.values()] == [type(v) for v in want.values()]


def test_cached_strings_stay_right():
    lines = [b'{"r":"%s","w":"%s"}' % (r, w) for r in (b"1-0", b"0-1", b"*") for w in (b"A", b"B")]
    for _ in range(3):
        assert [_core._loads(x) for x in lines] == [json.loads(x) for x in lines]
    many = [b'{"k%d":"v%d"}' % (i, i) for i in range(5000)]  # more than the caches hold
    assert [_core._loads(x) for x in many] == [json.loads(x) for x in many]


@pytest.mark.parametrize("line", [b'{"a":1', b'{"a":01}', b'{"a":1}x', b"", b'{"a":"\x01"}', b"{'a':1}"])
def test_malformed_raises_as_json_loads(line):
    with pytest.raises(ValueError):
        json.loads(line)
    with pytest.raises(ValueError):
        _core._loads(line)


def test_bad_utf8_replaced():
    assert _core._loads(b'{"a":"x\xffy"}') == {"a": "x\ufffdy"}
