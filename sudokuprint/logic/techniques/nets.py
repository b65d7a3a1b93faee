"""Dynamic forcing chains (forcing nets): Sudoku Explainer's 8.5 up.

An *assumption* ("r1c2 is 5", or "r1c2 is not 5") is followed on a copy of
the pencil marks: a placed digit leaves its cell's other candidates and its
peers; a cell left with one candidate, or a digit left with one place in a
house, is placed.  Unlike a static chain, every step sees the marks as the
earlier steps left them, so one conclusion may rest on several earlier ones
(a net).  From these the technique concludes:

- *contradiction*: assuming a candidate false breaks a rule (a cell or a
  house runs out of room), so it is true; assuming it true breaks one, so it
  is false;
- *double implication*: a candidate true and false both force the same
  candidate on (or off), so that holds;
- *cell / region forcing net*: each candidate of a cell (each place of a
  digit in a house), assumed true, forces the same candidate on or off.

Every fact remembers the facts it follows from; a conclusion's *complexity*
is how many facts it rests on (over all branches), Explainer's chain size.
The simplest conclusion found is taken, with every other conclusion whose
size gets the same length bonus (so the step's rating is theirs too).  The rating is 8.5 plus the length
bonus of :func:`~sudokuprint.logic.techniques.rating.length_bonus`.  The work is
bounded: branches of cells and
regions with at most :data:`MAX_BRANCHES` candidates, and on grids above 9x9
:data:`LARGE_GRID_ASSUMPTIONS` candidates followed.

The nets are followed, sized and compared compiled when the extension is built
(``kernels.dynamic_offers``); :func:`_offers` and :class:`_Net` are the readable
oracle and the fallback.
"""

from __future__ import annotations

from ...shape import digit_symbol
from .. import kernels
from ..state import State, cells_of, popcount
from ..step import ChainLength, Step, StepKind, cell_list, changes_text, details_of
from .rating import length_bonus

DYNAMIC_FORCING = StepKind("Dynamic Forcing Chains")
DYNAMIC_CELL = StepKind("Dynamic Cell Forcing Chains")
DYNAMIC_REGION = StepKind("Dynamic Region Forcing Chains")
MAX_BRANCHES = 3
LARGE_GRID_ASSUMPTIONS = 160
"""On grids above 9x9, how many candidates (fewest-candidate cells first) are followed."""


class _Net:
    """One assumption followed with singles; facts are candidate numbers ``cell * side + digit - 1``."""

    __slots__ = ("tables", "base", "base_spots", "values", "cands", "spots", "on", "off", "broken", "blame", "queue")

    def __init__(self, state: State, candidate: int, true: bool) -> None:
        t = state.tables
        self.tables = t
        self.on: dict[int, tuple[int, ...]]
        self.off: dict[int, int]
        self.blame: tuple[int, ...]
        if kernels.ENABLED and t.cell_count <= 256:  # the same facts, followed by the compiled net
            self.on, self.off, self.broken, self.blame = kernels.follow_net(state, candidate, true)
            return
        self.base = state.cands
        self.values = state.values[:]
        self.cands = state.cands[:]
        # for each digit (index d), the cell set of its positions: in the state, and as followed
        self.base_spots = state.digit_sets()
        self.spots = list(self.base_spots)
        self.on = {}
        self.off = {}
        self.broken = False
        self.blame = ()
        self.queue: list[tuple[int, int, tuple[int, ...]]] = []
        cell, d = divmod(candidate, t.side)
        if true:
            self._place(cell, d + 1, ())
        else:
            self.off[candidate] = -1
            self.cands[cell] &= ~(1 << d)
            self.spots[d] &= ~(1 << cell)
            self._check_cell(cell)
            for house in t.houses_of[cell]:
                self._check_house(house, d)
        self._follow()

    def _place(self, cell: int, digit: int, parents: tuple[int, ...]) -> None:
        """Place a digit, note what it removes, and queue the singles that follow."""
        t = self.tables
        n = t.side
        me = cell * n + digit - 1
        self.on[me] = parents
        cands = self.cands
        spots = self.spots
        others = cands[cell] & ~(1 << (digit - 1))
        self.values[cell] = digit
        mask = cands[cell]
        cands[cell] = 0
        keep = ~(1 << cell)
        while mask:
            low = mask & -mask
            mask ^= low
            spots[low.bit_length() - 1] &= keep
        bit = 1 << (digit - 1)
        touched = []
        off = self.off
        seen = spots[digit - 1] & t.peer_set[cell]
        spots[digit - 1] ^= seen
        while seen:
            low = seen & -seen
            seen ^= low
            peer = low.bit_length() - 1
            cands[peer] ^= bit
            off[peer * n + digit - 1] = me
            touched.append(peer)
        own_houses = t.houses_of[cell]
        houses = 0  # the touched cells' houses but the placed cell's own, as bits by house number
        for peer in touched:
            self._check_cell(peer)
            for house in t.houses_of[peer]:
                houses |= 1 << house
        for house in own_houses:
            houses &= ~(1 << house)
        while houses:  # in ascending house order: the singles found, so the facts, do not depend on hashing
            low = houses & -houses
            houses ^= low
            self._check_house(low.bit_length() - 1, digit - 1)
        while others:
            low = others & -others
            others ^= low
            d = low.bit_length() - 1
            self.off[cell * n + d] = me
            for house in own_houses:
                self._check_house(house, d)

    def _check_cell(self, cell: int) -> None:
        mask = self.cands[cell]
        if self.values[cell] or self.broken:
            return
        n = self.tables.side
        base = self.base[cell]
        if not mask:
            self._fail(tuple(cell * n + d for d in range(n) if base >> d & 1))
        elif not mask & (mask - 1):
            digit = mask.bit_length()
            self.queue.append((cell, digit, tuple(cell * n + d for d in range(n) if base >> d & 1 and d != digit - 1)))

    def _check_house(self, house: int, d: int) -> None:
        if self.broken:
            return
        t = self.tables
        n = t.side
        house_set = t.house_set[house]
        here = self.spots[d] & house_set
        if here & (here - 1):
            return
        before = self.base_spots[d] & house_set & ~here
        if not here:
            if any(self.values[c] == d + 1 for c in t.houses[house]):
                return
            self._fail(tuple(c * n + d for c in cells_of(before)))
        else:
            self.queue.append((here.bit_length() - 1, d + 1, tuple(c * n + d for c in cells_of(before))))

    def _fail(self, blame: tuple[int, ...]) -> None:
        if not self.broken:
            self.broken = True
            self.blame = blame

    def _follow(self) -> None:
        """Place the queued singles until none is left or a rule breaks."""
        n = self.tables.side
        queue = self.queue
        while queue and not self.broken:
            cell, digit, why = queue.pop()
            if self.values[cell]:
                if self.values[cell] != digit:
                    self._fail(why + self.on_blame(cell, digit))
                continue
            if not self.cands[cell] >> (digit - 1) & 1:
                self._fail(why + (cell * n + digit - 1,))
                continue
            self._place(cell, digit, why)

    def on_blame(self, cell: int, digit: int) -> tuple[int, ...]:
        """Why ``digit`` cannot go in a filled ``cell``: it was removed there by the placement."""
        return (cell * self.tables.side + digit - 1,)

    def size(self, facts: tuple[int, ...], on: bool | None = None) -> int:
        """How many facts (placements and removals) the given facts rest on, themselves included."""
        seen_on: set[int] = set()
        seen_off: set[int] = set()
        todo: list[tuple[int, bool]] = [(f, on if on is not None else False) for f in facts]
        while todo:
            fact, is_on = todo.pop()
            if is_on:
                if fact in seen_on or fact not in self.on:
                    continue
                seen_on.add(fact)
                todo.extend((p, False) for p in self.on[fact])
            else:
                if fact in seen_off or fact not in self.off:
                    continue
                seen_off.add(fact)
                parent = self.off[fact]
                if parent >= 0:
                    todo.append((parent, True))
        return len(seen_on) + len(seen_off)

    def on_set(self) -> set[int]:
        return set(self.on)

    def off_set(self) -> set[int]:
        return set(self.off)


TRUE_BROKEN, FALSE_BROKEN, BOTH_WAYS, CELL_BRANCHES, REGION_BRANCHES = range(5)
"""Where a conclusion comes from (an offer's ``origin``): an assumption made true, or false, that
breaks a rule; a candidate true and false; each candidate of a cell; each place of a digit in a house."""

_KIND = (DYNAMIC_FORCING, DYNAMIC_FORCING, DYNAMIC_FORCING, DYNAMIC_CELL, DYNAMIC_REGION)

Offer = tuple[int, int, int, int, bool]
"""A conclusion: (cost, origin, where, fact, on): the facts it rests on, where it comes from (the
assumed candidate; the cell; ``house * side + digit index`` for a region), and the candidate it
places (``on``) or removes."""


def find_dynamic_forcing(state: State) -> Step | None:
    """The simplest dynamic forcing chain or net conclusion, with every other one rated the
    same, or None (see the module text)."""
    t = state.tables
    n = t.side
    cands = state.cands
    alive = [cell * n + d for cell, mask in enumerate(cands) for d in range(n) if mask >> d & 1]
    if len(alive) < 2:
        return None
    if n > 9:  # fewest-candidate cells first, a bounded number (as the trial does)
        alive = sorted(alive, key=lambda x: (popcount(cands[x // n]), x))[:LARGE_GRID_ASSUMPTIONS]
    max_off = MAX_BRANCHES + 1 if n <= 9 else 2  # the cells whose candidates are also assumed false
    if kernels.ENABLED and t.cell_count <= 256:
        offers = kernels.dynamic_offers(state, alive, MAX_BRANCHES, max_off)
    else:
        offers = _offers(state, alive, max_off)
    if not offers:
        return None
    # the simplest conclusion, with every other one its length rates the same
    offers.sort(key=lambda o: o[0])
    bonus = length_bonus(offers[0][0])
    same = [o for o in offers if length_bonus(o[0]) == bonus]
    cost = max(o[0] for o in same)
    placed = {o[3] for o in same if o[4]}
    removed = {o[3] for o in same if not o[4]}
    source = _source(state, offers[0])
    kind = _KIND[offers[0][1]]
    if len(same) > 1:
        source += f" (and {len(same) - 1} more conclusion(s) as simple)"
        kind = kind if all(_KIND[o[1]] is kind for o in same) else DYNAMIC_FORCING
    placements = tuple(sorted((x // n, x % n + 1) for x in placed))
    eliminations = tuple(sorted((x // n, x % n + 1) for x in removed if x not in placed))
    changes = changes_text(t.shape, placements, eliminations)
    return Step(
        kind,
        f"{source}; following each assumption with singles (every step on the marks the earlier ones left) "
        f"gives {changes} every way, through {cost} placements and removals in all, so that holds",
        placements=placements,
        eliminations=eliminations,
        cells=tuple(sorted({x // n for x in placed | removed})),
        digits=tuple(sorted({x % n + 1 for x in placed | removed})),
        details=ChainLength(length=cost),
    )


def _offers(state: State, alive: list[int], max_off: int) -> list[Offer]:
    """Every conclusion of the nets of the ``alive`` candidates, in the order they are found
    (the oracle of the compiled ``dynamic_offers``)."""
    t = state.tables
    n = t.side
    cands = state.cands
    ons = {x: _Net(state, x, True) for x in alive}
    offers: list[Offer] = []
    for x in alive:
        net = ons[x]
        if net.broken:
            offers.append((net.size(net.blame), TRUE_BROKEN, x, x, False))
    for x in alive:
        if popcount(cands[x // n]) > max_off:
            continue
        off = _Net(state, x, False)
        on = ons[x]
        if off.broken:
            offers.append((off.size(off.blame) + 1, FALSE_BROKEN, x, x, True))
            continue
        if on.broken:
            continue
        _common(offers, BOTH_WAYS, x, [on, off], {x})
    for cell, mask in enumerate(cands):
        if 2 <= popcount(mask) <= MAX_BRANCHES:
            _branches(offers, ons, CELL_BRANCHES, cell, [cell * n + d for d in range(n) if mask >> d & 1])
    for house, cells in enumerate(t.houses):
        for d in range(n):
            spots = [c * n + d for c in cells if cands[c] >> d & 1]
            if 2 <= len(spots) <= MAX_BRANCHES:
                _branches(offers, ons, REGION_BRANCHES, house * n + d, spots)
    return offers


def _source(state: State, offer: Offer) -> str:
    """Where a conclusion comes from, in words."""
    t = state.tables
    n = t.side
    _, origin, where, _, _ = offer
    if origin == TRUE_BROKEN:
        return f"assuming {_name(t, where)} leads to a contradiction"
    if origin == FALSE_BROKEN:
        return f"assuming {_name(t, where)} false leads to a contradiction"
    if origin == BOTH_WAYS:
        return f"{_name(t, where)} true and {_name(t, where)} false both force it"
    if origin == CELL_BRANCHES:
        mask = state.cands[where]
        return f"{t.cell_name(where)} holds one of {_names(t, [where * n + d for d in range(n) if mask >> d & 1])}"
    house, d = divmod(where, n)
    cells = [c for c in t.houses[house] if state.cands[c] >> d & 1]
    return f"{digit_symbol(d + 1)} goes in one of {cell_list(t.shape, cells)} ({t.house_names[house]})"


def _branches(offers: list[Offer], ons: dict[int, _Net], origin: int, where: int, branches: list[int]) -> None:
    if any(b not in ons for b in branches):
        return
    nets = [ons[b] for b in branches]
    live = [net for net in nets if not net.broken]
    if len(live) < len(nets) or not live:
        return  # a broken branch is a contradiction, offered on its own
    _common(offers, origin, where, nets, set(branches))


def _common(offers: list[Offer], origin: int, where: int, nets: list[_Net], own: set[int]) -> None:
    """Offer the fact every net reaches (but the assumptions themselves), the simplest."""
    on = set.intersection(*(net.on_set() for net in nets)) - own
    off = set.intersection(*(net.off_set() for net in nets)) - own
    if not on and not off:
        return
    facts = [(sum(net.size((f,), True) for net in nets), f, True) for f in on]
    facts += [(sum(net.size((f,), False) for net in nets), f, False) for f in off]
    cost, fact, is_on = min(facts)
    offers.append((cost, origin, where, fact, is_on))


def _name(t, x: int) -> str:
    return f"{t.cell_name(x // t.side)}={digit_symbol(x % t.side + 1)}"


def _names(t, xs: list[int]) -> str:
    return ", ".join(_name(t, x) for x in xs)


def rate_dynamic(step: Step) -> float:
    """8.5 plus the length bonus of the facts the conclusion rests on."""
    return round(8.5 + length_bonus(details_of(step, ChainLength).length), 1)
