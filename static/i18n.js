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
    cellHole: "hole",
    cellDontCare: "don't care",
    cellProof: "in the proof",
    cellNearest: "toggle to make solvable",
    cellQuiet: "in the quiet pattern",

    // Click rules
    clickRule: "Click rule",
    rule: "Rule",
    rulePlus: "Plus",
    ruleMoore: "8-neighbour (Moore)",
    ruleX: "X (diagonals)",
    ruleCustom: "Custom…",
    torus: "Wrap around (torus)",
    stencil: "Stencil",
    stencilHelp: "Click squares to choose which lights a press toggles; the ringed square is the pressed cell.",
    stencilCell: "Offset {dr}, {dc}",
    stencilCentre: "Centre (the pressed cell)",
    stencilEmpty: "Draw at least one square; the rule stays {rule} until then.",
    ruleChanged: "Presses now follow the {rule} rule{torus}. The lights stay; the history starts afresh.",
    ruleOnTorus: " on a torus",
    ruleNamePlus: "plus",
    ruleNameMoore: "8-neighbour",
    ruleNameX: "X",
    ruleNameCustom: "custom {stencil}",

    // Shape: holes and don't-care cells
    shape: "Shape",
    editShape: "Edit shape",
    toolCell: "Cell",
    toolHole: "Hole",
    toolDontCare: "Don't care",
    tools: "Shape tool",
    presets: "Presets",
    presetRing: "Ring",
    presetCross: "Cross",
    presetHeart: "Heart",
    presetNone: "Full board",
    shapeHelp: "Edit shape, pick a tool and click cells: a hole is not part of the board; a don't-care light (?) may end on or off.",
    shapeEditing: "Editing the shape: clicks change cells, they do not press. Press Edit shape again to play.",
    shapeDone: "Shape set: {holes} holes, {dontCare} don't-care cells.",
    shapeTooBig: "Holes and don't-care cells need a board of at most 64×64.",
    presetApplied: "{name} shape on a {rows}×{cols} board.",
    presetTooSmall: "A {name} needs a board of at least 3×3.",

    // Analysis
    analysis: "Analysis",
    analysisRank: "Rank",
    analysisNullity: "Nullity",
    analysisSolutions: "Solutions per solvable board",
    analysisFraction: "Boards that are solvable",
    analysisFractionValue: "1 in {fraction}",
    analysisWorst: "Most presses any board needs",
    analysisWorstValue: "{count}",
    analysisWorstUnknown: "computed for boards up to 36 cells",
    analysisWorstSkipped: "not computed: too many quiet patterns to search here",
    quietBasis: "A basis: every quiet pattern is a sum of some of these.",
    quietLightest: "The {shown} lightest of the {total} quiet patterns (not a basis).",
    analysisLoading: "Analysing…",
    analysisFor: "{rows}×{cols}, {rule} rule{torus}{shape}",
    analysisShaped: ", shaped",
    quietGallery: "Quiet patterns: pressing every cell of one changes no light",
    quietNone: "No quiet patterns: every board of this kind has exactly one solution.",
    quietMore: "Showing {shown} of the {nullity} basis patterns.",
    quietPattern: "Quiet pattern {number}",
    quietShown: "Quiet pattern {number} is outlined: pressing all {count} of its cells changes no light.",
    hideOverlay: "Hide pattern",

    // Unsolvable, explained
    proofLegendOff: "Outlined: an odd number of these lights are on, and every press changes an even number of them — so they can never all be off.",
    proofLegendOn: "Outlined: an odd number of these lights are off, and every press changes an even number of them — so they can never all be on.",
    nearestLegend: "Toggling the {count} lights marked ± makes the board solvable (no fewer will do).",
    nearestLegendOne: "Toggling the light marked ± makes the board solvable (no fewer will do).",
    nearestUnknown: "The nearest solvable board is too costly to search for here.",
    makeSolvable: "Make solvable",
    madeSolvable: "Toggled {count} lights (Undo takes them back). Now Solve.",
    tooLarge: "Too large for this solver: {message}. Other rules, the torus with narrow boards, and shaped boards are solved as one linear system of at most 64×64 = 4096 cells.",

    // Fewest presses, all solutions
    optimalCount: "{count} solutions share that fewest count.",
    optimalOne: "It is the only solution with that few presses.",
    notProven: "(Not proven the fewest.)",
    solutionOf: "Solution {index} of {total} ({presses} presses)",
    solutionOfOne: "Solution {index} of {total} (1 press)",
    solutionOfZero: "Solution {index} of {total} (no presses)",
    allSolutions: "All solutions",
    previousSolution: "Previous solution",
    nextSolution: "Next solution",

    linkOpened: "Opened a shared {rows}×{cols} game with {count} moves.",
    linkError: "This link cannot be opened — column {column} ({field}): {message}. The board was kept.",
    linkField_size: "board size",
    linkField_board: "board",
    linkFieldUnknown: "field name",
    linkTooLarge: "A {rows}×{cols} board is too large to share as a link; use Copy board instead.",

    // Accessibility, languages, themes
    language: "Language",
    help: "Help",
    close: "Close",
    helpTitle: "Keyboard shortcuts",
    helpIntro: "Shortcuts work anywhere except while typing in a field.",
    keyUndo: "Undo",
    keyRedo: "Redo",
    keyHint: "Hint",
    keyNewPuzzle: "New puzzle",
    keySolve: "Solve",
    keyHelp: "Show this help",
    keyGridMove: "Move between cells (on the board)",
    keyGridPress: "Press the focused cell",
    keyEscape: "Close this dialog",
    keyOr: "or",
    highContrast: "High contrast",
    announcePress: "Pressed row {row}, column {col}. {lit} lights on.",
    announcePressOne: "Pressed row {row}, column {col}. 1 light on.",
    noScript: "Lights Out needs JavaScript.",
  },
  zh: {
    title: "关灯游戏",
    tagline: "按下一盏灯会切换它和相邻的灯。把所有灯都关掉。",
    board: "棋盘",
    rows: "行数",
    columns: "列数",
    litCells: "亮灯数",
    litCellsHint: "任意",
    goal: "目标",
    allOff: "全部熄灭",
    allOn: "全部点亮",
    newPuzzle: "新谜题",
    clear: "清空",
    solve: "求解",
    hint: "提示",
    playSolution: "演示解法",
    undo: "撤销",
    redo: "重做",
    load: "载入",
    copyBoard: "复制棋盘",
    copySolution: "复制解法",
    copyLink: "复制链接",
    retry: "重试",
    openFile: "打开文件…",
    downloadSolution: "下载解法",
    fit: "适应",
    zoomIn: "+",
    zoomInLabel: "放大",
    zoomOut: "−",
    zoomOutLabel: "缩小",
    working: "计算中…",
    cancel: "取消",
    cancelled: "已取消；求解器正在重启。",
    bigBoardHelp: "大于 64×64 的棋盘画在画布上：滚轮或双指缩放，拖动平移，单击按下，“适应”显示全部。",
    tooManyToPlay: "{count} 次按下太多，无法逐一演示；请下载解法。",
    bigNeedsSolver: "大于 64×64 的棋盘由求解器生成；它仍在加载。",
    moves: "步数：{count}",
    pasteHelp: "粘贴棋盘（# 和 . 网格、0/1 行、LOJ 文本、格子编号或游戏 ID），打开文件或把文件拖到页面上。",
    cell: "第 {row} 行，第 {col} 列，{state}",
    cellLit: "亮",
    cellDark: "暗",
    cellMarked: "按这里",

    loadingPython: "正在加载 Python…",
    installingSolver: "正在安装求解器…",
    ready: "就绪",
    loadFailed: "求解器无法启动：{message}",
    loadTimedOut: "求解器未能在 {seconds} 秒内启动。",
    requestTimedOut: "求解器未在 {seconds} 秒内回答，已停止。",
    solverError: "求解器错误：{message}",
    notReady: "求解器仍在加载，请稍后再试。",
    runtimeMissing: "求解器无法启动：服务器上缺少文件 {file}（HTTP {status}）。",
    runtimeWrongType: "求解器无法启动：服务器以“{type}”而不是 application/wasm 发送 {file}。",
    runtimeCorrupt: "求解器无法启动：文件 {file} 已损坏（{message}）。",
    pythonCrashed: "Python 停止工作（{message}）；按“重试”重新启动。",
    workerCrashed: "求解器意外停止（{message}）；按“重试”重新启动。",
    noReason: "未给出原因",

    solved: "用 {count} 步解开了！",
    solvedStart: "棋盘已经达到目标。",
    playing: "按下灯，达到目标。",
    newBoard: "新的 {rows}×{cols} 谜题。",
    cleared: "棋盘已清空。",
    solving: "求解中…",
    solution: "按下 {count} 个标记的格子即可解开。",
    solutionOne: "按下标记的格子即可解开。",
    solutionMinimal: "按下 {count} 个标记的格子即可解开——已证明是最少的。",
    solutionMinimalOne: "按下标记的格子即可解开——已证明是最少的。",
    solutionCount: "共有 {solutions} 种不同的解法。",
    alreadySolved: "无需按下：棋盘已经达到目标。",
    hintShown: "提示：按下标记的格子。",
    unsolvable: "这个棋盘无法达到目标。{rows}×{cols} 棋盘的零化度为 {nullity}，所以每 {fraction} 个棋盘中只有 1 个可解。",
    unsolvableNullityZero: "这个棋盘无法达到目标。",
    marksCleared: "棋盘变了，解法标记已清除。",
    loaded: "已载入 {rows}×{cols} 棋盘（{format}）。",
    parseError: "第 {line} 行，第 {column} 列：{message}",
    pasteEmpty: "请先把棋盘粘贴到文本框中。",
    bigTextSent: "（已把 {megabytes} MB 的粘贴文本发送给解析器。）",
    bigTextHeld: "（已粘贴 {megabytes} MB：太多，无法在此显示。按“载入”读取。）",
    textTooLarge: "文本超过 {megabytes} MB，这是本页能读取的上限；请打开更小的棋盘。",
    fileTooLarge: "文件大小为 {size} MB；本页最多读取 {megabytes} MB。",
    loadedTooLarge: "这是一个 {rows}×{cols} 的棋盘；本页最多显示 {max} 行和 {max} 列。",
    dropNotText: "请拖入纯文本（.txt）文件。",
    copied: "已复制到剪贴板。",
    copyFallback: "剪贴板不可用；文本在“棋盘”框中。",
    noSolutionToCopy: "请先求解，再复制解法。",
    impossibleLit: "无法生成该谜题：{message}",
    sizeInvalid: "行数和列数必须是 1 到 10000 之间的整数。",
    cellHole: "空洞",
    cellDontCare: "无所谓",
    cellProof: "属于证明",
    cellNearest: "切换以使其可解",
    cellQuiet: "属于静默图案",

    // Click rules
    clickRule: "点击规则",
    rule: "规则",
    rulePlus: "十字",
    ruleMoore: "八邻域（摩尔）",
    ruleX: "X 形（对角线）",
    ruleCustom: "自定义…",
    torus: "首尾相接（环面）",
    stencil: "模板",
    stencilHelp: "点击方块选择一次按下会切换哪些灯；带圈的方块是被按下的格子。",
    stencilCell: "偏移 {dr}, {dc}",
    stencilCentre: "中心（被按下的格子）",
    stencilEmpty: "至少画一个方块；在此之前规则保持为{rule}。",
    ruleChanged: "现在按下遵循{rule}规则{torus}。灯保持不变；历史重新开始。",
    ruleOnTorus: "（环面）",
    ruleNamePlus: "十字",
    ruleNameMoore: "八邻域",
    ruleNameX: "X 形",
    ruleNameCustom: "自定义 {stencil}",

    // Shape: holes and don't-care cells
    shape: "形状",
    editShape: "编辑形状",
    toolCell: "格子",
    toolHole: "空洞",
    toolDontCare: "无所谓",
    tools: "形状工具",
    presets: "预设",
    presetRing: "圆环",
    presetCross: "十字",
    presetHeart: "心形",
    presetNone: "完整棋盘",
    shapeHelp: "点“编辑形状”，选择工具后点击格子：空洞不属于棋盘；“无所谓”的灯（?）最后亮或灭都可以。",
    shapeEditing: "正在编辑形状：点击会改变格子，而不是按下。再按“编辑形状”继续游戏。",
    shapeDone: "形状已设定：{holes} 个空洞，{dontCare} 个无所谓格子。",
    shapeTooBig: "空洞和无所谓格子需要不超过 64×64 的棋盘。",
    presetApplied: "{rows}×{cols} 棋盘上的{name}形状。",
    presetTooSmall: "{name}需要至少 3×3 的棋盘。",

    // Analysis
    analysis: "分析",
    analysisRank: "秩",
    analysisNullity: "零化度",
    analysisSolutions: "每个可解棋盘的解数",
    analysisFraction: "可解棋盘的比例",
    analysisFractionValue: "{fraction} 分之 1",
    analysisWorst: "任何棋盘最多需要的按下次数",
    analysisWorstValue: "{count}",
    analysisWorstUnknown: "仅对不超过 36 格的棋盘计算",
    analysisWorstSkipped: "未计算：静默图案太多，无法在此搜索",
    quietBasis: "一组基：每个静默图案都是其中若干个之和。",
    quietLightest: "{total} 个静默图案中最轻的 {shown} 个（不是一组基）。",
    analysisLoading: "分析中…",
    analysisFor: "{rows}×{cols}，{rule}规则{torus}{shape}",
    analysisShaped: "，有形状",
    quietGallery: "静默图案：按下其中每个格子不会改变任何灯",
    quietNone: "没有静默图案：这类棋盘都恰好有一个解。",
    quietMore: "显示 {nullity} 个基图案中的 {shown} 个。",
    quietPattern: "静默图案 {number}",
    quietShown: "已勾勒静默图案 {number}：按下它的全部 {count} 个格子不会改变任何灯。",
    hideOverlay: "隐藏图案",

    // Unsolvable, explained
    proofLegendOff: "勾勒部分：其中亮着的灯是奇数个，而每次按下都会改变其中偶数个——所以它们永远不能全部熄灭。",
    proofLegendOn: "勾勒部分：其中熄灭的灯是奇数个，而每次按下都会改变其中偶数个——所以它们永远不能全部点亮。",
    nearestLegend: "切换标有 ± 的 {count} 盏灯即可使棋盘可解（不能更少）。",
    nearestLegendOne: "切换标有 ± 的灯即可使棋盘可解（不能更少）。",
    nearestUnknown: "最近的可解棋盘搜索代价太高，无法在此计算。",
    makeSolvable: "使其可解",
    madeSolvable: "已切换 {count} 盏灯（撤销可恢复）。现在求解。",
    tooLarge: "超出此求解器的范围：{message}。其他规则、窄棋盘上的环面以及有形状的棋盘作为一个线性方程组求解，最多 64×64 = 4096 格。",

    // Fewest presses, all solutions
    optimalCount: "有 {count} 个解都是这个最少次数。",
    optimalOne: "这是唯一按下次数这么少的解。",
    notProven: "（未证明是最少的。）",
    solutionOf: "第 {index} 个解，共 {total} 个（按 {presses} 次）",
    solutionOfOne: "第 {index} 个解，共 {total} 个（按 1 次）",
    solutionOfZero: "第 {index} 个解，共 {total} 个（无需按下）",
    allSolutions: "所有解",
    previousSolution: "上一个解",
    nextSolution: "下一个解",

    linkOpened: "已打开分享的 {rows}×{cols} 游戏，共 {count} 步。",
    linkError: "无法打开此链接——第 {column} 列（{field}）：{message}。棋盘保持不变。",
    linkField_size: "棋盘大小",
    linkField_board: "棋盘",
    linkFieldUnknown: "字段名",
    linkTooLarge: "{rows}×{cols} 的棋盘太大，无法作为链接分享；请改用“复制棋盘”。",

    // Accessibility, languages, themes
    language: "语言",
    help: "帮助",
    close: "关闭",
    helpTitle: "键盘快捷键",
    helpIntro: "除了在输入框中打字时，快捷键在任何地方都有效。",
    keyUndo: "撤销",
    keyRedo: "重做",
    keyHint: "提示",
    keyNewPuzzle: "新谜题",
    keySolve: "求解",
    keyHelp: "显示此帮助",
    keyGridMove: "在格子之间移动（在棋盘上）",
    keyGridPress: "按下当前格子",
    keyEscape: "关闭此对话框",
    keyOr: "或",
    highContrast: "高对比度",
    announcePress: "按下第 {row} 行第 {col} 列。{lit} 盏灯亮着。",
    announcePressOne: "按下第 {row} 行第 {col} 列。1 盏灯亮着。",
    noScript: "关灯游戏需要 JavaScript。",
  },
};

/** The languages offered, each named in its own language (the switch shows these). */
export const LANGUAGES = Object.freeze({ en: "English", zh: "中文" });
const LANGUAGE_KEY = "lightsout.language"; // localStorage: the reader's explicit choice

let language = "en";

export function setLanguage(code) {
  if (!(code in STRINGS)) throw new RangeError(`no strings for language ${code}`);
  language = code;
}

export function currentLanguage() {
  return language;
}

/**
 * The language to start in: the one chosen before (localStorage), else the first of
 * `navigator.languages` this page has ("zh", "zh-CN", "zh-Hant"… → zh), else English.
 */
export function preferredLanguage() {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (saved && saved in STRINGS) return saved;
  } catch { /* storage blocked: fall through */ }
  for (const tag of navigator.languages ?? [navigator.language ?? ""]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary in STRINGS) return primary;
  }
  return "en";
}

/** Remember an explicit choice of language. */
export function saveLanguage(code) {
  try { localStorage.setItem(LANGUAGE_KEY, code); } catch { /* storage blocked: not remembered */ }
}

/**
 * Fill the markup's strings from the table: `data-i18n` (text), `data-i18n-label`
 * (aria-label), `data-i18n-placeholder`, `data-i18n-title`; sets `<html lang>` and the
 * document title. Run at start and after every switch of language.
 */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
  for (const element of root.querySelectorAll("[data-i18n-placeholder]")) {
    element.placeholder = t(element.dataset.i18nPlaceholder);
  }
  for (const element of root.querySelectorAll("[data-i18n-title]")) element.title = t(element.dataset.i18nTitle);
  document.documentElement.lang = language === "zh" ? "zh-Hans" : language;
  document.title = t("title");
}

export function t(key, params = {}) {
  const template = STRINGS[language][key] ?? STRINGS.en[key];
  if (template === undefined) throw new RangeError(`no string for ${key}`);
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
