"""Reading back what a PDF page paints: text runs, strokes, fills, colours, transparency.

A small interpreter of page content streams, enough for preflight: it
follows the graphics state (``q``/``Q``, ``cm``, ``w``, colours, ``gs``) and
the text state (``Tf``, ``Tm``, ``Td``, ...) and reports every painted mark
with its box in default user space (points, origin bottom-left), its colour
space and its weight or size.  The file is opened with pypdf; the content
streams are tokenised here, which is several times faster than pypdf's
general parser on long books.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector convention)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def scale_of(m: Matrix) -> float:
    """How much ``m`` scales lengths (the square root of its determinant)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


@dataclass(frozen=True)
class Colour:
    """A colour as painted: its space (``DeviceGray``, ``DeviceRGB``, ``DeviceCMYK`` or a named one) and values."""

    space: str
    values: tuple[float, ...]

    def is_black_and_white(self) -> bool:
        """True for grey, and for CMYK with no cyan, magenta or yellow (pure K)."""
        if self.space == "DeviceGray":
            return True
        if self.space == "DeviceCMYK":
            return len(self.values) == 4 and not any(self.values[:3])
        return False

    def describe(self) -> str:
        names = {"DeviceGray": "grey", "DeviceRGB": "RGB", "DeviceCMYK": "CMYK"}
        return f"{names.get(self.space, self.space)} {' '.join(f'{v:g}' for v in self.values)}".strip()


BLACK = Colour("DeviceGray", (0.0,))


@dataclass(frozen=True)
class Mark:
    """One painted thing: ``text``, ``stroke``, ``fill`` or ``image``, with its box (x0, y0, x1, y1)."""

    kind: str
    box: tuple[float, float, float, float]
    colour: Colour
    weight: float = 0.0
    """Line width of a stroke, font size of a text, in points as printed."""
    text: str = ""
    font: str = ""


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    line_width: float = 1.0
    fill: Colour = BLACK
    stroke: Colour = BLACK
    font: Any = None
    font_name: str = ""
    font_size: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    scaling: float = 1.0
    leading: float = 0.0
    rise: float = 0.0

    def copy(self) -> "_State":
        return _State(**self.__dict__)


@dataclass
class PageScan:
    """Everything preflight needs to know about one page's content."""

    marks: list[Mark] = field(default_factory=list)
    fonts: dict[str, Any] = field(default_factory=dict)
    """Name → font dictionary of every font a visible text is drawn with."""
    transparency: list[str] = field(default_factory=list)
    """What makes the page use transparency (``gs`` with alpha, soft masks, blend modes)."""


_TOKEN = re.compile(rb"(/[^\s/\[\]()<>{}%]*)|([+-]?(?:\d+\.?\d*|\.\d+))|(\((?:[^()\\]|\\.)*\))|(<[0-9A-Fa-f\s]*>)|"
                    rb"(\[|\])|([A-Za-z'\"*]+\d*)|(\()|%[^\r\n]*|<<|>>", re.S)
_LITERAL = re.compile(rb"\((?:[^()\\]|\\.)*\)", re.S)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f", b"\n": b"", b"\r": b"", b"\r\n": b""}


def _unescape(body: bytes) -> bytes:
    """The bytes of a literal string's body (escapes resolved)."""
    if b"\\" not in body:
        return body

    def one(match: re.Match) -> bytes:
        code = match.group(1)
        if code[:1].isdigit() and code[:1] < b"8":
            return bytes([int(code, 8) & 0xFF])
        return _ESCAPES.get(code, code)

    return _ESCAPE.sub(one, body)


def _nested(data: bytes, start: int) -> tuple[bytes, int]:
    """A literal string with unescaped nested parentheses, from after its '(' at ``start``."""
    depth, i = 1, start
    while i < len(data) and depth:
        ch = data[i]
        if ch == 0x5C:
            i += 1
        elif ch == 0x28:
            depth += 1
        elif ch == 0x29:
            depth -= 1
        i += 1
    return _unescape(data[start:i - 1]), i


_NUMBER = rb"([+-]?(?:\d+\.?\d*|\.\d+))"
_ONE_TEXT = re.compile(rb"(?<![^\s])BT\s+1\s+0\s+0\s+1\s+" + _NUMBER + rb"\s+" + _NUMBER + rb"\s+Tm\s+"
                       rb"(/[^\s/\[\]()<>{}%]+)\s+" + _NUMBER + rb"\s+Tf\s+" + _NUMBER + rb"\s+TL\s+"
                       rb"\(((?:[^()\\]|\\.)*)\)\s*Tj\s+ET(?=\s|$)", re.S)
ONE_TEXT = "BT Tm Tf TL Tj ET"
"""The operator :func:`tokens` gives a whole text object of one string as reportlab writes them (``BT 1 0 0 1 x y Tm
/F1 size Tf leading TL (string) Tj ET``), most of a book's page: operands x, y, font, size, leading and string."""


def tokens(data: bytes) -> Iterator[tuple[list[Any], str]]:
    """(operands, operator) of a content stream; strings are bytes, names str with '/', arrays lists; a text
    object of one string as :data:`ONE_TEXT` (one regular expression reads it, not six operators' worth of
    tokens: a long book's preflight spends its time here)."""
    if b"BI" in data:  # inline images: their data is not content to search
        yield from _slow_tokens(data)
        return
    pieces = _ONE_TEXT.split(data)
    for start in range(0, len(pieces), 7):
        yield from _tokens_of(pieces[start])
        if start + 1 < len(pieces):
            x, y, font, size, leading, string = pieces[start + 1 : start + 7]
            yield [float(x), float(y), font.decode("latin-1"), float(size), float(leading), _unescape(string)], \
                ONE_TEXT


def _tokens_of(data: bytes) -> Iterator[tuple[list[Any], str]]:
    """(operands, operator) of the content between two text objects read whole, token by token."""
    if b"(" in _LITERAL.sub(b"", data):  # nested parentheses: token by token
        yield from _slow_tokens(data)
        return
    operands: list[Any] = []
    stack: list[list[Any]] = []
    for name, number, literal, hexstring, bracket, operator, _paren in _TOKEN.findall(data):
        if number:
            (stack[-1] if stack else operands).append(float(number))
        elif operator:
            yield operands, operator.decode("latin-1")
            operands = []
        elif name:
            (stack[-1] if stack else operands).append(name.decode("latin-1"))
        elif literal:
            (stack[-1] if stack else operands).append(_unescape(literal[1:-1]))
        elif hexstring:
            digits = re.sub(rb"\s", b"", hexstring[1:-1])
            (stack[-1] if stack else operands).append(bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode()))
        elif bracket == b"[":
            stack.append([])
        elif bracket == b"]" and stack:
            done = stack.pop()
            (stack[-1] if stack else operands).append(done)


def _slow_tokens(data: bytes) -> Iterator[tuple[list[Any], str]]:
    operands: list[Any] = []
    stack: list[list[Any]] = []
    position = 0
    while position < len(data):
        resume = None
        for match in _TOKEN.finditer(data, position):
            name, number, literal, hexstring, bracket, operator, paren = match.groups()
            target = stack[-1] if stack else operands
            if number is not None:
                target.append(float(number))
            elif operator is not None:
                word = operator.decode("latin-1")
                if word == "BI":  # inline image: skip to its end
                    end = data.find(b"EI", match.end())
                    resume = len(data) if end < 0 else end + 2
                    operands = []
                    yield [], "BI"
                    break
                yield operands, word
                operands = []
            elif name is not None:
                target.append(name.decode("latin-1"))
            elif literal is not None:
                target.append(_unescape(literal[1:-1]))
            elif hexstring is not None:
                digits = re.sub(rb"\s", b"", hexstring[1:-1])
                target.append(bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode()))
            elif bracket == b"[":
                stack.append([])
            elif bracket == b"]" and stack:
                done = stack.pop()
                (stack[-1] if stack else operands).append(done)
            elif paren is not None:
                text, resume = _nested(data, match.end())
                target.append(text)
                break
        else:
            return
        position = resume if resume is not None else len(data)


_COLOUR_OPS = {"g": ("DeviceGray", False), "G": ("DeviceGray", True), "rg": ("DeviceRGB", False),
               "RG": ("DeviceRGB", True), "k": ("DeviceCMYK", False), "K": ("DeviceCMYK", True)}
_SPACE_COMPONENTS = {"DeviceGray": 1, "DeviceRGB": 3, "DeviceCMYK": 4}


_WIDTHS: dict[int, tuple[Any, int, list[float]]] = {}


def _font_widths(font: Any) -> tuple[int, list[float], float]:
    """(first code, widths in 1/1000 em, default width) of a simple font (read once per font)."""
    cached = _WIDTHS.get(id(font))
    if cached is None or cached[0] is not font:
        cached = (font, int(font.get("/FirstChar", 0)), [float(w) for w in font.get("/Widths", [])])
        if len(_WIDTHS) > 256:
            _WIDTHS.clear()
        _WIDTHS[id(font)] = cached
    return cached[1], cached[2], 500.0


def _text_width(font: Any, string: bytes, state: _State) -> float:
    """Advance of ``string`` in text space units."""
    if font is None:
        return len(string) * 0.5 * state.font_size
    subtype = str(font.get("/Subtype", ""))
    if subtype == "/Type0":
        return len(string) / 2 * 0.5 * state.font_size
    first, widths, default = _font_widths(font)
    total = 0.0
    for code in string:
        index = code - first
        width = widths[index] if 0 <= index < len(widths) else default
        total += width / 1000 * state.font_size + state.char_spacing + (state.word_spacing if code == 32 else 0.0)
    return total * state.scaling


def scan_page(content: bytes, resources: Any) -> PageScan:
    """The marks painted by one page's content stream."""
    scan = PageScan()
    fonts = resources.get("/Font", {}) if resources else {}
    states = resources.get("/ExtGState", {}) if resources else {}
    xobjects = resources.get("/XObject", {}) if resources else {}
    spaces = resources.get("/ColorSpace", {}) if resources else {}
    state = _State()
    saved: list[_State] = []
    path: list[tuple[float, float]] = []
    tm = tlm = IDENTITY

    def paint(kind: str) -> None:
        if not path:
            return
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        if kind == "stroke":
            width = state.line_width * scale_of(state.ctm)
            half = width / 2
            box = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
            scan.marks.append(Mark("stroke", box, state.stroke, width))
        else:
            scan.marks.append(Mark("fill", (min(xs), min(ys), max(xs), max(ys)), state.fill))

    def show(string: bytes) -> None:
        nonlocal tm
        width = _text_width(state.font, string, state)
        text = string.decode("latin-1")
        if text.strip():
            matrix = multiply(tm, state.ctm) if state.ctm != IDENTITY else tm
            size = state.font_size * scale_of(matrix)
            low, high = -0.25 * state.font_size, 0.8 * state.font_size
            xs: tuple[float, ...]
            ys: tuple[float, ...]
            if matrix[1] == 0 and matrix[2] == 0:  # upright text: the box directly
                a, d, e, f = matrix[0], matrix[3], matrix[4] + matrix[2] * state.rise, matrix[5] + matrix[3] * state.rise
                xs = (e, e + a * width)
                ys = (f + d * low, f + d * high)
            else:
                corners = [apply(matrix, x, y + state.rise) for x, y in ((0, low), (width, low), (0, high), (width, high))]
                xs, ys = tuple(c[0] for c in corners), tuple(c[1] for c in corners)
            if state.font is not None:
                scan.fonts[state.font_name] = state.font
            scan.marks.append(Mark("text", (min(xs), min(ys), max(xs), max(ys)), state.fill, size, text,
                                   state.font_name))
        tm = (tm[0], tm[1], tm[2], tm[3], tm[0] * width + tm[4], tm[1] * width + tm[5])

    font_objects: dict[str, Any] = {}

    def set_font(name: str, size: float) -> None:
        state.font_name = name
        if name not in font_objects:
            entry = fonts.get(name)
            font_objects[name] = entry.get_object() if entry is not None else None
        state.font = font_objects[name]
        state.font_size = size

    for operands, op in tokens(content):
        try:
            if op == ONE_TEXT:
                x, y, name, size, state.leading, string = operands
                tm = tlm = (1.0, 0.0, 0.0, 1.0, x, y)
                set_font(name, size)
                show(string)
            elif op == "Tj":
                show(operands[0])
            elif op == "Tf":
                set_font(str(operands[0]), float(operands[1]))
            elif op == "Tm":
                tm = tlm = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif op == "BT":
                tm = tlm = IDENTITY
            elif op == "q":
                saved.append(state.copy())
            elif op == "Q":
                state = saved.pop() if saved else _State()
            elif op == "cm" and len(operands) == 6:
                state.ctm = multiply(tuple(operands), state.ctm)  # type: ignore[arg-type]
            elif op == "w":
                state.line_width = float(operands[0])
            elif op in _COLOUR_OPS:
                space, stroking = _COLOUR_OPS[op]
                colour = Colour(space, tuple(float(v) for v in operands))
                if stroking:
                    state.stroke = colour
                else:
                    state.fill = colour
            elif op in ("cs", "CS"):
                name = str(operands[0]).lstrip("/")
                if f"/{name}" in spaces:
                    name = _space_name(spaces[f"/{name}"])
                colour = Colour(name, (0.0,) * _SPACE_COMPONENTS.get(name, 1))
                if op == "CS":
                    state.stroke = colour
                else:
                    state.fill = colour
            elif op in ("sc", "scn", "SC", "SCN"):
                values = tuple(float(v) for v in operands if isinstance(v, float))
                if op.isupper():
                    state.stroke = Colour(state.stroke.space, values)
                else:
                    state.fill = Colour(state.fill.space, values)
            elif op == "gs":
                _transparency(states.get(operands[0]), str(operands[0]), scan)
            elif op == "m" or op == "l":
                path.append(apply(state.ctm, float(operands[0]), float(operands[1])))
            elif op in ("c", "v", "y"):
                numbers = [float(v) for v in operands]
                for i in range(0, len(numbers) - 1, 2):
                    path.append(apply(state.ctm, numbers[i], numbers[i + 1]))
            elif op == "re":
                x, y, w, h = (float(v) for v in operands)
                path.extend(apply(state.ctm, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)))
            elif op in ("S", "s"):
                paint("stroke")
                path = []
            elif op in ("f", "F", "f*"):
                paint("fill")
                path = []
            elif op in ("B", "B*", "b", "b*"):
                paint("fill")
                paint("stroke")
                path = []
            elif op == "n":
                path = []
            elif op == "Tc":
                state.char_spacing = float(operands[0])
            elif op == "Tw":
                state.word_spacing = float(operands[0])
            elif op == "Tz":
                state.scaling = float(operands[0]) / 100
            elif op == "TL":
                state.leading = float(operands[0])
            elif op == "Ts":
                state.rise = float(operands[0])
            elif op in ("Td", "TD"):
                if op == "TD":
                    state.leading = -float(operands[1])
                tm = tlm = multiply((1, 0, 0, 1, float(operands[0]), float(operands[1])), tlm)
            elif op == "T*":
                tm = tlm = multiply((1, 0, 0, 1, 0, -state.leading), tlm)
            elif op in ("'", '"'):
                tm = tlm = multiply((1, 0, 0, 1, 0, -state.leading), tlm)
                show(operands[-1])
            elif op == "TJ":
                for part in operands[0]:
                    if isinstance(part, bytes):
                        show(part)
                    else:
                        tm = multiply((1, 0, 0, 1, -float(part) / 1000 * state.font_size * state.scaling, 0), tm)
            elif op == "Do":
                _image(xobjects.get(operands[0]), state, scan)
        except (IndexError, ValueError, TypeError):
            continue  # a malformed operator: skip it, as viewers do
    return scan


def _space_name(space: Any) -> str:
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, list) and space:
        first = str(space[0]).lstrip("/")
        if first == "ICCBased":
            components = int(space[1].get_object().get("/N", 1))
            return {1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK"}.get(components, first)
        return first
    return str(space).lstrip("/")


def _transparency(entry: Any, name: str, scan: PageScan) -> None:
    if entry is None:
        return
    entry = entry.get_object()
    for key in ("/CA", "/ca"):
        if key in entry and float(entry[key]) < 1:
            scan.transparency.append(f"graphics state {name} sets {key[1:]} = {float(entry[key]):g}")
    if "/SMask" in entry and str(entry["/SMask"]) != "/None":
        scan.transparency.append(f"graphics state {name} has a soft mask")
    if "/BM" in entry and str(entry["/BM"]) not in ("/Normal", "/Compatible"):
        scan.transparency.append(f"graphics state {name} blends with {entry['/BM']}")


def _image(entry: Any, state: _State, scan: PageScan) -> None:
    if entry is None:
        return
    entry = entry.get_object()
    if str(entry.get("/Subtype")) != "/Image":
        return
    corners = [apply(state.ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    space = _space_name(entry.get("/ColorSpace", "/DeviceGray"))
    if "/SMask" in entry:
        scan.transparency.append("an image has a soft mask (alpha channel)")
    scan.marks.append(Mark("image", (min(xs), min(ys), max(xs), max(ys)), Colour(space, ())))
