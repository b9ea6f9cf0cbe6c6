from overlord.engine.hexgrid import DIRECTIONS, Grid, direction_to, distance, neighbour


def test_directions_on_an_even_row():
    # 1 NW, 2 NE, 3 E, 4 SE, 5 SW, 6 W: on even rows the diagonals lean left
    assert neighbour((5, 4), 1) == (4, 3)
    assert neighbour((5, 4), 2) == (5, 3)
    assert neighbour((5, 4), 3) == (6, 4)
    assert neighbour((5, 4), 4) == (5, 5)
    assert neighbour((5, 4), 5) == (4, 5)
    assert neighbour((5, 4), 6) == (4, 4)


def test_directions_on_an_odd_row():
    # odd rows are shifted half a hex right, so their diagonals lean right
    assert neighbour((5, 3), 1) == (5, 2)
    assert neighbour((5, 3), 2) == (6, 2)
    assert neighbour((5, 3), 3) == (6, 3)
    assert neighbour((5, 3), 4) == (6, 4)
    assert neighbour((5, 3), 5) == (5, 4)
    assert neighbour((5, 3), 6) == (4, 3)


def test_every_neighbour_is_at_distance_one_and_comes_back():
    for hex_ in [(0, 0), (5, 4), (5, 3), (10, 11), (21, 6)]:
        for d in DIRECTIONS:
            n = neighbour(hex_, d)
            assert distance(hex_, n) == 1
            assert direction_to(hex_, n) == d
            back = direction_to(n, hex_)  # the way back: the opposite side of the compass
            assert neighbour(n, back) == hex_ and back == {1: 4, 2: 5, 3: 6, 4: 1, 5: 2, 6: 3}[d]


def test_distance():
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (3, 0)) == 3
    assert distance((0, 0), (0, 2)) == 2
    assert distance((0, 0), (1, 2)) == 2
    assert distance((0, 0), (2, 2)) == 3
    assert distance((4, 0), (17, 8)) == 17  # Cherbourg to Caen
    assert distance((17, 8), (4, 0)) == 17
    assert direction_to((0, 0), (5, 5)) is None


def test_edges_and_on_map():
    g = Grid(22, 12)
    assert g.on_map((0, 0)) and g.on_map((21, 11))
    assert not g.on_map((-1, 0)) and not g.on_map((22, 0)) and not g.on_map((0, 12))
    assert g.on_edge((0, 5)) and g.on_edge((21, 5)) and g.on_edge((7, 0)) and g.on_edge((7, 11))
    assert not g.on_edge((7, 5))
    corner = dict(g.adjacent((0, 0)))
    assert set(corner) == {3, 4}  # only E and SE of the top-left corner are on the map
    assert len(g.adjacent((10, 5))) == 6
    assert set(g.within((10, 5), 1)) == {(10, 5)} | set(g.neighbours((10, 5)))
    assert len(g.within((10, 5), 2)) == 19
