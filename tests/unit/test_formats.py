import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lightsout import BoardFormatError, format_board, format_solution, parse_board
from lightsout.model.board import Board
from lightsout.text.formats import GridStyle, detect_format, format_game_id, parse_game_id

STYLES = [
    GridStyle("#", "."),
    GridStyle("1", "0"),
    GridStyle("1", "0", " "),
    GridStyle("X", "O"),
    GridStyle("x", "o", " "),
    GridStyle("*", "."),
]


@st.composite
def boards(draw, max_side=9):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    flat = draw(st.integers(0, (1 << rows * cols) - 1))
    return Board.from_flat(rows, cols, flat)


@given(boards(), st.sampled_from(STYLES))
def test_grid_round_trips_in_every_style(board, style):
    text = format_board(board, "grid", style)
    parsed = parse_board(text)
    assert parsed.board == board
    assert parsed.format == "grid"
    if board.lit_count:  # an all-dark board cannot tell '#' from '*'
        assert (parsed.style.on, parsed.style.off) == (style.on, style.off)
    if board.cols > 1:  # a single column has no separators to see
        assert parsed.style.separator == style.separator


@given(boards())
def test_loj_round_trips(board):
    square = Board(board.rows, board.rows, [row & ((1 << board.rows) - 1) for row in board.lights]) if board.cols >= board.rows else None
    if square is None:
        return
    text = format_board(square, "loj")
    parsed = parse_board(text)
    assert (parsed.board, parsed.format) == (square, "loj")


@given(boards(max_side=40))
def test_game_id_round_trips(board):
    game_id = format_game_id(board)
    assert game_id.startswith(f"{board.rows}x{board.cols}:")
    assert set(game_id.split(":")[1]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert parse_game_id(game_id) == board
    assert parse_board(game_id) == parse_board(game_id, "id")
    assert parse_board(game_id).board == board


@given(boards())
def test_indices_round_trip(board):
    text = format_board(board, "indices")
    parsed = parse_board(text)
    assert (parsed.board, parsed.format) == (board, "indices")


def test_game_id_known_value():
    assert format_game_id(Board.from_cells(2, 2, [(0, 1)])) == "2x2:Ag"
    assert format_game_id(Board.all_on(3, 3)) == "3x3:_wE"


def test_seed_002_indices():
    board = parse_board("5x5: 1 7 13 19 25").board
    assert set(board.cells()) == {(i, i) for i in range(5)}
    assert parse_board("3: [1, 9]").board == Board.from_cells(3, 3, [(0, 0), (2, 2)])
    assert parse_board("2x3:").board == Board(2, 3)


def test_blank_lines_and_trailing_spaces_are_tolerated():
    board = parse_board("\n\n  #.#  \n\n  .#.\t\n\n").board
    assert board == Board(2, 3, [0b101, 0b010])


def test_spaced_binary_grid():
    parsed = parse_board("0 1 1 0 1 0")
    assert parsed.board == Board(1, 6, [0b010110])
    assert parsed.style == GridStyle("1", "0", " ")


def test_x_o_either_case():
    assert parse_board("Xo\noX").board == Board(2, 2, [1, 2])


def test_loj_detection_vs_binary_grid():
    assert detect_format("3\n#..\n...\n..#") == "loj"
    assert detect_format("2\n01\n10") == "loj"
    assert detect_format("10\n01") == "grid"
    assert detect_format("5x5: 1 2") == "indices"
    assert detect_format("2x2:Ag") == "id"
    assert detect_format("#.\n.#") == "grid"


def test_solution_uses_the_symbols_of_the_board():
    parsed = parse_board("1 0 0\n0 0 0")
    solution = Board(2, 3, [0b011, 0])
    assert format_solution(solution, parsed) == "1 1 0\n0 0 0"
    loj = parse_board("2\n#.\n..")
    assert format_solution(Board(2, 2, [1, 2]), loj) == "#.\n.#"
    assert format_solution(None, loj) == "No solution"


@pytest.mark.parametrize(
    "text,line,column,words",
    [
        ("", 1, 1, "the text holds no board"),
        ("   \n\n", 1, 1, "the text holds no board"),
        ("#.#\n#.\n", 2, 3, "row 2 has 2 lights; the others have 3"),
        ("#.#\n#.##\n", 2, 4, "row 2 has 4 lights; the others have 3"),
        ("#.#\n.q.\n", 2, 2, "unknown symbol “q”"),
        ("#.#\n.0.\n", 2, 2, "unknown symbol “0”"),
        ("?!.\n", 1, 1, "unknown symbol “?”"),  # two symbols of no meaning first (?.. is a grid: ? lit)
        ("  ..#\n..x\n", 2, 3, "unknown symbol “x”"),
        ("1 0 1\n1 0\n", 2, 4, "row 2 has 2 lights; the others have 3"),
        ("1 0 1\n1 00 1\n", 2, 3, "one cell symbol"),
        ("3\n#..\n...\n", 1, 1, "says 3 rows, but there are 2"),  # at the size line: line 4 is past the text
        ("2\n#..\n...\n", 2, 1, "says 2 columns"),
        ("3\n#..\n...\n...\n...\n", 5, 1, "says 3 rows, but there are 4"),
        ("5x5: 1 7 26", 1, 10, "outside 1 to 25"),
        ("5x5: 1 seven", 1, 8, "expected a cell number"),
        ("5x5: 1\n 2 0", 2, 4, "outside 1 to 25"),
    ],
)
def test_bad_input_names_line_and_column(text, line, column, words):
    with pytest.raises(BoardFormatError) as caught:
        parse_board(text)
    error = caught.value
    assert words in str(error)
    assert (error.line, error.column) == (line, column)
    if line is not None:
        assert str(error).startswith(f"line {line}")


@pytest.mark.parametrize("text", ["2x2:A", "2x2:AgA", "2x2:/g", "2x2:EA"])
def test_bad_game_ids(text):
    with pytest.raises(BoardFormatError):
        parse_game_id(text)


@settings(max_examples=300)
@given(st.text(max_size=60))
def test_any_text_parses_or_raises_board_format_error(text):
    try:
        parsed = parse_board(text)
    except BoardFormatError as error:
        assert str(error)
    else:
        assert parsed.board.rows >= 1 and parsed.board.cols >= 1
