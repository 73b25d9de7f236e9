// Every string the UI shows, in one table. Placeholders are written {name}.
// To add a language, add a table with the same keys and pick it in `t`.

const STRINGS = {
  en: {
    title: "Lights Out",
    tagline: "Press a light to toggle it and its neighbours. Turn them all off.",
    board: "Board",
    rows: "Rows",
    columns: "Columns",
    litCells: "Lit cells",
    litCellsHint: "any",
    goal: "Goal",
    allOff: "All off",
    allOn: "All on",
    newPuzzle: "New puzzle",
    clear: "Clear",
    solve: "Solve",
    hint: "Hint",
    playSolution: "Play solution",
    undo: "Undo",
    redo: "Redo",
    load: "Load",
    copyBoard: "Copy board",
    copySolution: "Copy solution",
    copyLink: "Copy link",
    retry: "Retry",
    openFile: "Open file…",
    downloadSolution: "Download solution",
    fit: "Fit",
    zoomIn: "+",
    zoomInLabel: "Zoom in",
    zoomOut: "−",
    zoomOutLabel: "Zoom out",
    working: "Working…",
    cancel: "Cancel",
    cancelled: "Cancelled; the solver is restarting.",
    bigBoardHelp: "Boards above 64×64 are drawn on a canvas: the wheel or a pinch zooms, dragging pans, a click presses, Fit shows it all.",
    tooManyToPlay: "{count} presses are too many to play one by one; download the solution instead.",
    bigNeedsSolver: "Boards above 64×64 are made by the solver; it is still loading.",
    moves: "Moves: {count}",
    pasteHelp: "Paste a board (# and . grid, 0/1 rows, LOJ text, cell indices or a game ID), open a file or drop one on the page.",
    cell: "Row {row}, column {col}, {state}",
    cellLit: "lit",
    cellDark: "dark",
    cellMarked: "press here",

    loadingPython: "Loading Python…",
    installingSolver: "Installing solver…",
    ready: "Ready",
    loadFailed: "The solver could not start: {message}",
    loadTimedOut: "The solver did not start within {seconds} s.",
    requestTimedOut: "The solver did not answer within {seconds} s; it was stopped.",
    solverError: "Solver error: {message}",
    notReady: "The solver is still loading; try again in a moment.",
    runtimeMissing: "The solver could not start: the file {file} is missing on the server (HTTP {status}).",
    runtimeWrongType: "The solver could not start: the server sends {file} as “{type}”, not application/wasm.",
    runtimeCorrupt: "The solver could not start: the file {file} is damaged ({message}).",
    pythonCrashed: "Python stopped working ({message}); press Retry to restart it.",
    workerCrashed: "The solver stopped unexpectedly ({message}); press Retry to restart it.",
    noReason: "no reason given",

    solved: "Solved in {count} moves!",
    solvedStart: "The board already meets the goal.",
    playing: "Press the lights to reach the goal.",
    newBoard: "New {rows}×{cols} puzzle.",
    cleared: "Board cleared.",
    solving: "Solving…",
    solution: "Press the {count} marked cells to solve it.",
    solutionOne: "Press the marked cell to solve it.",
    solutionMinimal: "Press the {count} marked cells to solve it — the proven fewest.",
    solutionMinimalOne: "Press the marked cell to solve it — the proven fewest.",
    solutionCount: "{solutions} different solutions exist.",
    alreadySolved: "Nothing to press: the board already meets the goal.",
    hintShown: "Hint: press the marked cell.",
    unsolvable: "This board cannot reach the goal. A {rows}×{cols} board has nullity {nullity}, so only 1 in {fraction} boards is solvable.",
    unsolvableNullityZero: "This board cannot reach the goal.",
    marksCleared: "The board changed, so the solution marks were cleared.",
    loaded: "Loaded a {rows}×{cols} board ({format}).",
    parseError: "Line {line}, column {column}: {message}",
    pasteEmpty: "Paste a board into the box first.",
    bigTextSent: "({megabytes} MB of pasted text were sent to the parser.)",
    bigTextHeld: "({megabytes} MB pasted: too much to show here. Press Load to read it.)",
    textTooLarge: "The text is larger than {megabytes} MB, the most this page reads; open a smaller board.",
    fileTooLarge: "The file is {size} MB; this page reads at most {megabytes} MB.",
    loadedTooLarge: "That is a {rows}×{cols} board; this page shows at most {max} rows and {max} columns.",
    dropNotText: "Drop a plain-text (.txt) file.",
    copied: "Copied to the clipboard.",
    copyFallback: "The clipboard is not available; the text is in the Board box.",
    noSolutionToCopy: "Solve first, then copy the solution.",
    impossibleLit: "Could not make that puzzle: {message}",
    sizeInvalid: "Rows and columns must be whole numbers from 1 to 10000.",

    linkOpened: "Opened a shared {rows}×{cols} game with {count} moves.",
    linkError: "This link cannot be opened — column {column} ({field}): {message}. The board was kept.",
    linkField_size: "board size",
    linkField_board: "board",
    linkFieldUnknown: "field name",
    linkTooLarge: "A {rows}×{cols} board is too large to share as a link; use Copy board instead.",
  },
};

let language = "en";

export function setLanguage(code) {
  if (!(code in STRINGS)) throw new RangeError(`no strings for language ${code}`);
  language = code;
}

export function t(key, params = {}) {
  const template = STRINGS[language][key] ?? STRINGS.en[key];
  if (template === undefined) throw new RangeError(`no string for ${key}`);
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
