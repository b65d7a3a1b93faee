"""Single-digit chains: simple colouring and X-chains.

A *strong link* joins the two cells of a house where a digit fits in exactly
two places (one of them holds it); a *weak link* joins any two cells that
see each other (at most one holds it).

- Simple colouring: colour each chain of strong links in two alternating
  colours; one colour is true.  Two cells of one colour that see each other
  make that colour false (wrap); an uncoloured cell seeing both colours
  cannot hold the digit (trap).
- X-chain: strong and weak links alternating, strong at both ends; one end
  holds the digit, so cells seeing both ends lose it.  Found by a
  breadth-first search, so each X-chain step is a shortest one.  The table
  tries them in tiers by their number of strong links (:func:`x_chain_finder`):
  two strong links are the Skyscraper (parallel lines), the 2-String Kite (a
  row and a column joined in a box) and the Turbot Fish (the rest, e.g. two
  parallel lines joined through a box).

Colouring steps carry their length in links
(:class:`~sudokuprint.logic.step.ChainLength`), X-chains also their strong
links and the kinds of houses of those
(:class:`~sudokuprint.logic.step.XChainDetails`), which the ratings use:
:func:`rate_x_chain` and :func:`rate_colouring`.
"""

from __future__ import annotations

from collections import deque

from ...shape import HouseKind, digit_symbol
from .. import kernels
from ..state import State, cells_of
from ..step import ChainLength, Step, StepKind, XChainDetails, cell_list, details_of
from .rating import STRONG_LINK_BASE, length_bonus

MAX_CHAIN_LINKS = 16

COLOURING_WRAP = StepKind("Simple Colouring (wrap)")
COLOURING_TRAP = StepKind("Simple Colouring (trap)")
SKYSCRAPER = StepKind("Skyscraper")
TWO_STRING_KITE = StepKind("2-String Kite")
TURBOT_FISH = StepKind("Turbot Fish")
X_CHAIN = StepKind("X-Chain")
X_CHAIN_KINDS = (SKYSCRAPER, TWO_STRING_KITE, TURBOT_FISH, X_CHAIN)
"""What an X-chain step is called: three names for two strong links, one for more."""


def strong_partners(state: State, digit: int) -> dict[int, list[tuple[int, int]]]:
    """For each cell, the (partner cell, house) pairs it is strongly linked to for ``digit``
    (kept in the state's memo: do not change the lists)."""
    memo = state.memo()
    key = ("strong_partners", digit)
    partners = memo.get(key)
    if partners is None:
        partners = memo[key] = {}
        spots_of_digit = state.digit_sets()[digit - 1]
        for house, house_cells in enumerate(state.tables.house_set):
            spots = spots_of_digit & house_cells
            first = spots & -spots
            rest = spots ^ first
            if rest and not rest & (rest - 1):  # exactly two cells
                a, b = first.bit_length() - 1, rest.bit_length() - 1
                partners.setdefault(a, []).append((b, house))
                partners.setdefault(b, []).append((a, house))
    return partners


def find_simple_colouring(state: State, max_length: int | None = None) -> Step | None:
    """The shortest colour wrap or trap (over every digit), of at most ``max_length`` links."""
    best: Step | None = None
    for step in _colourings(state):
        length = details_of(step, ChainLength).length
        if max_length is not None and length > max_length:
            continue
        if best is None or length < details_of(best, ChainLength).length:
            best = step
    return best


def _colourings(state: State) -> list[Step]:
    """Every colour wrap and trap of the state (digit by digit, chain by chain), found once
    per state: the colouring tiers of the table all choose among them."""
    memo = state.memo()
    found = memo.get("colourings")
    if found is not None:
        return found
    found = memo["colourings"] = []
    shape = state.tables.shape
    for digit, all_cells in enumerate(state.digit_sets(), start=1):
        key = (shape, digit, all_cells)
        steps = _DIGIT_COLOURINGS.get(key)
        if steps is None:
            if len(_DIGIT_COLOURINGS) >= 4096:
                _DIGIT_COLOURINGS.clear()
            steps = _DIGIT_COLOURINGS[key] = _digit_colourings(state, digit)
        found += steps
    return found


_DIGIT_COLOURINGS: dict[tuple, list[Step]] = {}
"""The colourings of one digit by its positions (they depend on nothing else), kept across
states: a step changes the positions of few digits."""


def _digit_colourings(state: State, digit: int) -> list[Step]:
    """Every colour wrap and trap of one digit, chain by chain."""
    found: list[Step] = []
    partners = strong_partners(state, digit)
    seen: set[int] = set()
    all_cells = state.digit_cells(digit)
    for root in sorted(partners):
        if root in seen:
            continue
        colour = {root: 0}
        depth = {root: 0}
        queue = deque([root])
        while queue:
            cell = queue.popleft()
            for other, _ in partners[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    depth[other] = depth[cell] + 1
                    queue.append(other)
        seen.update(colour)
        if len(colour) < 3:
            continue
        for step in (_wrap(state, digit, colour, depth), _trap(state, digit, colour, depth, all_cells)):
            if step is not None:
                found.append(step)
    return found


def _wrap(state: State, digit: int, colour: dict[int, int], depth: dict[int, int]) -> Step | None:
    t = state.tables
    cells = sorted(colour)
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            if colour[a] == colour[b] and t.sees(a, b):
                false_cells = tuple(c for c in cells if colour[c] == colour[a])
                return Step(
                    COLOURING_WRAP,
                    f"{t.cell_name(a)} and {t.cell_name(b)} have the same colour in a chain of strong links on "
                    f"{digit_symbol(digit)} and see each other, so that colour is false",
                    eliminations=tuple((c, digit) for c in false_cells),
                    cells=tuple(cells),
                    digits=(digit,),
                    details=ChainLength(length=depth[a] + depth[b] + 1),
                )
    return None


def _trap(state: State, digit: int, colour: dict[int, int], depth: dict[int, int], all_cells: int) -> Step | None:
    t = state.tables
    on = [0, 0]
    for cell, c in colour.items():
        on[c] |= 1 << cell
    removed = []
    length = 0
    for cell in cells_of(all_cells):
        if cell in colour:
            continue
        sees = t.peer_set[cell]
        if sees & on[0] and sees & on[1]:
            removed.append((cell, digit))
            a = min((c for c in cells_of(sees & on[0])), key=depth.__getitem__)
            b = min((c for c in cells_of(sees & on[1])), key=depth.__getitem__)
            length = max(length, depth[a] + depth[b] + 2)
    if not removed:
        return None
    return Step(
        COLOURING_TRAP,
        f"one of the two colours of a chain of strong links on {digit_symbol(digit)} is true, and "
        f"{cell_list(t.shape, [c for c, _ in removed])} see both colours",
        eliminations=tuple(removed),
        cells=tuple(sorted(colour)),
        digits=(digit,),
        details=ChainLength(length=length),
    )


def colouring_finder(strong_links: int):
    """A finder of colourings whose chain has at most ``strong_links`` strong links, so that
    colouring fires in the tier of the X-chain of the same length (it is one)."""

    def find(state: State) -> Step | None:
        return find_simple_colouring(state, 2 * strong_links - 1)

    find.__name__ = f"find_simple_colouring_{strong_links}"
    return find


def find_x_chain(state: State, max_strong_links: int = (MAX_CHAIN_LINKS + 1) // 2) -> Step | None:
    """The shortest X-chain that removes a candidate (over every digit and start),
    with at most ``max_strong_links`` strong links; the first one found (digits and
    starts in increasing order) among the shortest.

    The breadth-first search from each start is kept in the state's memo and
    resumed, so the tiers of the table (2, 3, ... strong links) tried one after
    another on a state search each level once."""
    memo = state.memo()
    searches = memo.get("x_chain")
    if searches is None:
        searches = memo["x_chain"] = {}
    best: Step | None = None
    shorter_than = 2 * max_strong_links
    # a digit's chains depend on its positions alone: skip those unchanged since this tier found nothing
    tier = f"X-Chain {max_strong_links}"
    changed = state.changed_digits_since(tier)
    for digit in range(1, state.tables.side + 1):
        if not changed >> (digit - 1) & 1:
            continue
        if kernels.ENABLED and state.tables.cell_count <= 256:
            _native_searches(state, digit, searches)
        partners = strong_partners(state, digit)
        for start in sorted(partners):
            search = searches.get((digit, start))
            if search is None:
                search = searches[(digit, start)] = _XChainSearch(state, digit, start, partners)
            step = search.first_chain(shorter_than)
            if step is not None:
                best = step
                shorter_than = details_of(step, XChainDetails).length
    if best is None:
        state.searched_in_vain(tier)
    return best


class _Found:
    """A finished search (the compiled one, :func:`_native_searches`): the chain it found, if any,
    as the step's parts (the step is made when first asked for)."""

    __slots__ = ("tables", "digit", "start", "parts", "found")

    def __init__(self, tables, digit: int, start: int, parts: tuple | None) -> None:
        self.tables, self.digit, self.start, self.parts = tables, digit, start, parts
        self.found: Step | None = None

    def first_chain(self, shorter_than: int) -> Step | None:
        parts = self.parts
        if parts is None or parts[0] >= shorter_than:
            return None
        if self.found is None:
            self.found = _x_chain_step(self.tables, self.digit, self.start, *parts)
        return self.found


def _native_searches(state: State, digit: int, searches: dict) -> None:
    """Every start's search of one digit, run to the end by the compiled search (the chain a
    breadth-first search finds first does not depend on how far it is let go), unless run already."""
    if ("native", digit) in searches:
        return
    searches[("native", digit)] = None
    t = state.tables
    chains = kernels.x_chains(state, state.digit_cells(digit), MAX_CHAIN_LINKS)
    by_start = {start: tuple(parts) for start, *parts in chains}
    for start in strong_partners(state, digit):
        searches[(digit, start)] = _Found(t, digit, start, by_start.get(start))


def x_chain_finder(strong_links: int):
    """A finder of X-chains with at most ``strong_links`` strong links (one tier of the table)."""

    def find(state: State) -> Step | None:
        return find_x_chain(state, strong_links)

    find.__name__ = f"find_x_chain_{strong_links}"
    return find


def strong_link_kind(
    strong_links: int, kinds: tuple[HouseKind, ...], weak: tuple[int, ...] = (), houses_of=None
) -> StepKind:
    """Skyscraper, 2-String Kite, Turbot Fish, or X-Chain for longer ones.

    Two strong links make a Skyscraper when they are on parallel lines and the
    weak link between them (the cells ``weak``) is along the crossing line; a
    2-String Kite when they are a row and a column joined in a box; any other
    two-link chain (e.g. parallel lines joined only through a box) is a
    Turbot Fish.
    """
    if strong_links != 2:
        return X_CHAIN
    shared = None
    if len(weak) == 2 and houses_of is not None:
        a, b = houses_of[weak[0]], houses_of[weak[1]]
        shared = {("row", "column", "box")[i] for i in range(3) if a[i] == b[i]}
    if kinds[0] == kinds[1] and kinds[0] != "box":
        crossing = "column" if kinds[0] == "row" else "row"
        if shared is None or crossing in shared:
            return SKYSCRAPER
        return TURBOT_FISH
    if set(kinds) == {"row", "column"} and (shared is None or "box" in shared):
        return TWO_STRING_KITE
    return TURBOT_FISH


class _XChainSearch:
    """The breadth-first search for X-chains from one start on one digit, one level of
    links at a time, stopping at the first chain that removes something.

    A node is ``(cell, on)``: "on" means that if the start is not the digit,
    this cell is.  ``parent[node]`` is ``(previous node, links so far, house of
    the link or -1 for a weak link)``.
    """

    __slots__ = ("state", "digit", "start", "partners", "positions", "parent", "frontier", "links", "found")

    def __init__(self, state: State, digit: int, start: int, partners: dict[int, list[tuple[int, int]]]) -> None:
        self.state, self.digit, self.start, self.partners = state, digit, start, partners
        self.positions = state.digit_cells(digit)
        self.parent: dict[tuple[int, bool], tuple[tuple[int, bool], int, int] | None] = {(start, False): None}
        self.frontier: list[tuple[int, bool]] = [(start, False)]
        self.links = 0
        self.found: Step | None = None

    def first_chain(self, shorter_than: int) -> Step | None:
        """The first chain of fewer than ``shorter_than`` links, searching further if needed."""
        while self.found is None and self.frontier and self.links + 1 < shorter_than:
            self._next_level()
        found = self.found
        return found if found is not None and details_of(found, XChainDetails).length < shorter_than else None

    def _next_level(self) -> None:
        t = self.state.tables
        peer_set = t.peer_set
        start, positions, parent, partners = self.start, self.positions, self.parent, self.partners
        self.links = links = self.links + 1
        next_frontier = []
        for cell, is_on in self.frontier:
            if is_on:  # a weak link to every other position the cell sees
                weak = peer_set[cell] & positions
                while weak:
                    low = weak & -weak
                    weak ^= low
                    node = (low.bit_length() - 1, False)
                    if node not in parent:
                        parent[node] = ((cell, True), links, -1)
                        next_frontier.append(node)
                continue
            for other, house in partners.get(cell, ()):  # a strong link
                node = (other, True)
                if node in parent:
                    continue
                parent[node] = ((cell, False), links, house)
                next_frontier.append(node)
                if other != start and links >= 3:
                    seen = peer_set[start] & peer_set[other] & positions
                    if seen:
                        self.found = self._step(node, seen)
                        return
        self.frontier = next_frontier

    def _step(self, node: tuple[int, bool], seen: int) -> Step:
        chain, houses = _path(self.parent, node)
        return _x_chain_step(self.state.tables, self.digit, self.start, self.links, chain, houses, seen)


def _x_chain_step(t, digit: int, start: int, links: int, chain: list[int], houses: list[int], seen: int) -> Step:
    """The step of the X-chain ``chain`` (its cells from the start; ``houses``: of its strong
    links) of ``links`` links, removing the digit from the cells of ``seen``."""
    other = chain[-1]
    removed = tuple((c, digit) for c in cells_of(seen))
    kinds = tuple(t.house_kinds[h] for h in houses)
    strong = len(houses)
    return Step(
        strong_link_kind(strong, kinds, tuple(chain[1:3]), t.houses_of),
        f"a chain of {links} alternating links ({strong} strong) on {digit_symbol(digit)} "
        f"from {t.cell_name(start)} to {t.cell_name(other)} puts {digit_symbol(digit)} at "
        f"one end, so {cell_list(t.shape, [c for c, _ in removed])} cannot hold it",
        eliminations=removed,
        cells=tuple(chain),
        digits=(digit,),
        houses=tuple(t.house_names[h] for h in houses),
        details=XChainDetails(length=links, strong_links=strong, link_kinds=kinds),
    )


def _path(parent: dict, node: tuple[int, bool] | None) -> tuple[list[int], list[int]]:
    """The cells of the chain ending at ``node`` and the houses of its strong links, from the start."""
    cells: list[int] = []
    houses: list[int] = []
    while node is not None:
        cells.append(node[0])
        link = parent[node]
        if link and link[2] >= 0:
            houses.append(link[2])
        node = link[0] if link else None
    return cells[::-1], houses[::-1]


def rate_x_chain(step: Step) -> float:
    """An X-chain by its number of strong links and the kinds of houses they are in."""
    details = details_of(step, XChainDetails)
    kinds = details.link_kinds
    lines = {k for k in kinds if k != "box"}
    if details.strong_links <= 2:
        return {SKYSCRAPER: 4.0, TWO_STRING_KITE: 4.1}.get(step.kind, 4.2)
    base = STRONG_LINK_BASE.get(details.strong_links, 7.4)
    if "box" not in kinds and len(lines) == 1:
        return base
    return round(base + (0.2 if "box" in kinds and len(lines) == 2 else 0.1), 1)


def rate_colouring(step: Step) -> float:
    """Colouring is an X-chain (trap) or a forcing X-chain (wrap): up to 6 strong links it is
    rated as the mixed-house X-chain of as many strong links, beyond as a forcing X-chain
    (6.6 plus the length bonus)."""
    length = details_of(step, ChainLength).length
    strong = max(2, (length + 1) // 2)
    if strong == 2:
        return 4.2
    if strong <= 6:
        return round(STRONG_LINK_BASE[strong] + 0.1, 1)
    return round(6.6 + length_bonus(length), 1)
