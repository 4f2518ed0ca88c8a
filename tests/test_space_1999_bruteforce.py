"""Space: 1999 legal moves checked against an independent brute-force generator.

The brute force rebuilds the board from its drawn *lines* (spoke diameters through the hub, ring
circles, optional diagonals) without touching the engine's step and hop tables, enumerates every
hop chain by depth-first search over simple paths, and applies the launch, landing and passing
rules (options ``forced_move`` and ``forced_launch`` included) from their statements. Engine and
brute force must agree on every destination of every eagle, in random games and in dense random
positions that games seldom reach; every offered route and hop count is checked hop by hop.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import isslab
from isslab.games.space_1999 import COLOURS, Game1999, Move, State1999

Dot = tuple[int, int]
HUB: Dot = (0, 0)
PAD = -1


def drawn_lines(rings: int, spokes: int, diagonal: bool) -> list[list[Dot]]:
    """Every straight line of the disc as a list of consecutive dots (rings are closed loops)."""
    half = spokes // 2
    lines: list[list[Dot]] = []
    for s in range(half):  # a diameter: out along spoke s+half, through the hub, out along spoke s
        lines.append(
            [(r, s + half) for r in range(rings, 0, -1)] + [HUB] + [(r, s) for r in range(1, rings + 1)]
        )
    for r in range(1, rings + 1):  # a ring, written twice round so that wrap-around triples appear
        lines.append([(r, s % spokes) for s in range(spokes + 2)])
    if diagonal:
        for s in range(spokes):
            for ds in (1, -1):
                lines.append([(r, (s + ds * (r - 1)) % spokes) for r in range(1, rings + 1)])
    return lines


def line_pairs_and_triples(
    rings: int, spokes: int, diagonal: bool
) -> tuple[set[tuple[Dot, Dot]], set[tuple[Dot, Dot, Dot]]]:
    """Adjacent pairs (steps, drawn lines only) and (from, over, to) hop triples, both directions."""
    pairs: set[tuple[Dot, Dot]] = set()
    triples: set[tuple[Dot, Dot, Dot]] = set()
    for line in drawn_lines(rings, spokes, False):
        for a, b in zip(line, line[1:], strict=False):
            pairs |= {(a, b), (b, a)}
    for line in drawn_lines(rings, spokes, diagonal):
        for a, b, c in zip(line, line[1:], line[2:], strict=False):
            triples |= {(a, b, c), (c, b, a)}
    return pairs, triples


class Brute:
    """Legal-move destinations computed from first principles for one game."""

    def __init__(self, game: Game1999) -> None:
        o = game.options
        self.game = game
        self.R, self.S = o["rings"], o["spokes"]
        self.E = o["eagles"]
        self.forced = o["forced_move"]
        self.forced_launch = o["forced_launch"]
        pairs, triples = line_pairs_and_triples(self.R, self.S, o["diagonal_jumps"])
        self.nbr: dict[Dot, set[Dot]] = {}
        for a, b in pairs:
            self.nbr.setdefault(a, set()).add(b)
        self.hop: dict[Dot, set[tuple[Dot, Dot]]] = {}
        for a, b, c in triples:
            self.hop.setdefault(a, set()).add((b, c))
        offsets = (-1, 0, 1) if o["lines_per_corner"] == 3 else (0,)
        # corners NE, NW, SW, SE at 45, 135, 225, 315 degrees: in marks (2c+1) * S/8
        self.lines = {c: [((2 * c + 1) * self.S // 8 + k) % self.S for k in offsets] for c in range(4)}
        n = o["players"]
        self.corner = {2: (0, 2), 3: (0, 3, 2), 4: (0, 3, 2, 1)}[n]

    def chains(self, start: Dot, occupied: set[Dot], visited: set[Dot]) -> set[Dot]:
        """Every end dot of a non-empty simple chain of hops from ``start`` (DFS over all paths)."""
        out: set[Dot] = set()

        def dfs(x: Dot, seen: set[Dot]) -> None:
            for over, to in self.hop.get(x, ()):
                if over in occupied and to not in occupied and to not in seen:
                    out.add(to)
                    dfs(to, seen | {to})

        dfs(start, visited | {start})
        return out

    def moves(self, st: State1999) -> dict[tuple[str, Dot], set[Dot]]:
        """(kind, from) -> destinations; launches keyed by ('launch', (PAD, direction))."""
        g = self.game
        seat = st.current_player
        occ = {g.dot_rs(i) for i, v in enumerate(st.board) if v}
        out: dict[tuple[str, Dot], set[Dot]] = {}
        theta = st.theta
        if st.home[seat]:
            for d in self.lines[self.corner[seat]]:
                s = (d - theta) % self.S
                outer = (self.R, s)
                if outer not in occ:
                    out[("launch", (PAD, d))] = {outer}
                else:  # a hop from the pad over the outer dot onto the next dot of the same line
                    inner = (self.R - 1, s)
                    if inner not in occ:
                        out[("launch", (PAD, d))] = {inner} | self.chains(inner, occ, {inner})
        if out and self.forced_launch:  # the launch is compulsory while one is legal
            return out
        target = (self.corner[seat] + 2) % 4
        owner = self.corner.index(target) if target in self.corner else None
        free = self.E - st.landed[seat] - (st.home[owner] if owner is not None else 0)
        for i in st.pos[seat]:
            a = g.dot_rs(i)
            rest = occ - {a}  # the moving eagle has left its dot: it is not there to be jumped
            dests = {b for b in self.nbr[a] if b not in rest} | self.chains(a, rest, {a})
            if dests:
                out[("move", a)] = dests
            if a[0] == self.R and free > 0 and (a[1] + theta) % self.S in self.lines[target]:
                out[("land", a)] = {(PAD, target)}
        return out


def engine_moves(st: State1999) -> tuple[dict[tuple[str, Dot], set[Dot]], bool]:
    """The engine's legal moves in the brute force's shape, and whether a pass is offered."""
    g = st.game
    out: dict[tuple[str, Dot], set[Dot]] = {}
    passes = False
    dirs = {label: d for c in range(4) for d, label in g.corner_lines(c)}
    for m in st.legal_actions():
        if m.kind == "pass":
            passes = True
            continue
        if m.kind == "launch":
            key = ("launch", (PAD, dirs[m.line]))
        elif m.kind == "land":
            key = ("land", m.path[0])
        else:
            key = ("move", m.path[0])
        out.setdefault(key, set()).add(m.path[-1])
    return out, passes


def check_path(brute: Brute, st: State1999, m: Move) -> None:
    """Every hop of an offered chain is a legal hop of the brute-force model, and hops are counted."""
    g = st.game
    occ = {g.dot_rs(i) for i, v in enumerate(st.board) if v}
    path = list(m.path)
    chain = []
    if m.kind == "launch" and path[1][0] < brute.R:  # a launch over the taken rim dot, then on
        assert (brute.R, path[1][1]) in occ and path[1] not in occ and m.hops == len(path) - 1, m
        chain = path[1:]
    elif m.kind == "launch":
        assert m.hops == 0 and len(path) == 2 and path[1] not in occ, m
    elif m.kind == "jump":
        assert m.hops == len(path) - 1, m
        chain = path
    if chain:
        occ.discard(chain[0])  # the moving eagle has left its dot
        assert len(set(chain)) == len(chain), m
        for x, y in zip(chain, chain[1:], strict=False):
            assert any(over in occ and to == y for over, to in brute.hop[x]) and y not in occ, m
    if m.kind == "step":
        assert path[1] in brute.nbr[path[0]] and path[1] not in occ and m.hops == 0, m


def compare(brute: Brute, st: State1999) -> None:
    """The engine's and the brute force's legal moves agree exactly."""
    want = brute.moves(st)
    got, passes = engine_moves(st)
    assert got == want, f"\n{st}\nengine {got}\nbrute  {want}"
    launching = brute.forced_launch and any(k[0] == "launch" for k in want)
    assert passes == (not want or (not brute.forced and not launching))
    for m in st.legal_actions():
        check_path(brute, st, m)
    acts = st.legal_actions()
    assert len(set(acts)) == len(acts)


def random_positions(game: Game1999, rng: random.Random, count: int) -> Iterator[State1999]:
    """Dense random positions (many eagles, random rotation), which random games seldom reach."""
    n = game.num_players
    dots = ["hub"] + [f"r{r}s{s}" for r in range(1, game.rings + 1) for s in range(game.spokes)]
    for _ in range(count):
        rng.shuffle(dots)
        taken = 0
        disc: dict[int, list[str]] = {}
        landed = []
        home = []
        for seat in range(n):
            k = rng.randint(0, min(game.eagles, len(dots) - taken))
            disc[seat] = dots[taken : taken + k]
            taken += k
            lnd = rng.randint(0, game.eagles - k)
            landed.append(lnd)
            home.append(game.eagles - k - lnd)
        if any(landed[s] == game.eagles for s in range(n)):
            continue  # a won game has no moves to compare
        owners = game.target_owner
        if any(landed[s] + (home[owners[s]] if owners[s] >= 0 else 0) > game.eagles for s in range(n)):
            continue  # more eagles than circles on a target pad
        yield game.position(
            disc={COLOURS[s]: names for s, names in disc.items()},
            home=tuple(home),
            landed=tuple(landed),
            theta=rng.randrange(game.spokes),
            first=0,
            turn=(mover := rng.randrange(n)),
            to_move=mover,
        )


def option_id(options: dict[str, object]) -> str:
    """A short test id for an option set."""
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


OPTION_SETS = [
    {},
    {"players": 2},
    {"players": 3},
    {"players": 2, "spokes": 8, "rings": 3},
    {"players": 4, "spokes": 24, "rings": 6, "eagles": 6},
    {"players": 4, "spokes": 8, "rings": 2, "eagles": 6},
    {"players": 3, "lines_per_corner": 1, "diagonal_jumps": True},
    {"players": 4, "diagonal_jumps": True, "eagles": 6, "forced_move": False},
    {"players": 2, "spokes": 24, "lines_per_corner": 1, "green_turns": "clockwise"},
    {"players": 4, "forced_launch": True},
    {"players": 3, "forced_launch": True, "forced_move": False, "eagles": 6},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_legal_moves_match_a_brute_force_generator_in_random_games(options):
    game = isslab.make("space-1999", **options)
    brute = Brute(game)
    rng = random.Random(1999)
    checked = 0
    for _ in range(12):
        rec = isslab.play(
            game, ["random", "greedy", "random", "greedy"][: game.num_players], seed=rng.randrange(10**9)
        )
        for st in rec.states()[::7]:
            if st.current_player >= 0:
                compare(brute, st)
                checked += 1
    assert checked > 30


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_legal_moves_match_a_brute_force_generator_in_dense_positions(options):
    game = isslab.make("space-1999", **options)
    brute = Brute(game)
    for st in random_positions(game, random.Random(2024), 300):
        compare(brute, st)
