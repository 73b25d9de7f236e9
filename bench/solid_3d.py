"""On-demand benchmark of the 3D view of the cube and the Orbix (not collected by pytest):

    python3 build.py && python3 bench/solid_3d.py [--seconds 3] [--dist DIR]

For each game: deals it in the built site (the Games choice; the 3D view is the default),
then turns it for --seconds by a drag, one pointer move a frame (pointer events dispatched
on the board in a requestAnimationFrame loop, so the moves come as fast as frames do), and
prints the frames drawn, the longest gap between animation frames while turning (each frame
runs the turn: every cell's transform and the body's faces, then style, layout and paint)
and the mean, and the time the view's own turn code takes in each frame (the longest and
the mean: on a machine shared with other work the gaps also hold other processes' time). It checks the view did turn (the rotation changed) and pressed nothing.
Then prints the bytes the 3D adds: solid-view.js and solid-geometry.js (files of their own,
fetched only when a game on a solid is first shown in 3D) and solid-choice.js (in the bundle),
as served and gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))

from conftest import CHROMIUM_FLAGS, DIST, READY_TIMEOUT_MS, chromium_path, serve_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

# Drag across the board for `seconds`: a pointer move every frame, round and round; the gaps between frames.
TURN = """async (seconds) => {
  const grid = document.querySelector('[role="grid"][aria-label="Board"]');
  const box = grid.getBoundingClientRect();
  const [cx, cy] = [box.left + box.width / 2, box.top + box.height / 2];
  const event = (type, x, y) => grid.dispatchEvent(new PointerEvent(type, {
    bubbles: true, pointerId: 7, pointerType: 'mouse', button: 0, buttons: 1, clientX: x, clientY: y,
  }));
  const before = JSON.stringify(window.lightsOut.view().turn);
  const moves = window.lightsOut.statesSnapshot().moves;
  event('pointerdown', cx, cy);
  const frames = [];
  const work = []; // ms of the view's own turn code in each frame (the move's handler: cells' transforms, faces)
  await new Promise((resolve) => {
    const started = performance.now();
    const tick = (now) => {
      frames.push(now);
      const t = (now - started) / 1000;
      const before = performance.now();
      event('pointermove', cx + 80 * Math.sin(t * 3), cy + 60 * Math.sin(t * 2));
      work.push(performance.now() - before);
      if (now - started < seconds * 1000) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
  event('pointerup', cx, cy);
  const gaps = frames.slice(1).map((time, i) => time - frames[i]);
  return {
    frames: frames.length, longest: Math.max(...gaps), mean: gaps.reduce((a, b) => a + b, 0) / gaps.length,
    over: gaps.filter((gap) => gap > 17).length, work: Math.max(...work), workMean: work.reduce((a, b) => a + b, 0) / work.length,
    turned: JSON.stringify(window.lightsOut.view().turn) !== before, pressed: window.lightsOut.statesSnapshot().moves - moves,
  };
}"""


def added_bytes(dist: Path) -> list[tuple[str, int, int]]:
    """(name, bytes, gzipped bytes) of the 3D's code: its own module as served, and its part of the bundle (its source)."""
    out = []
    for name, path in (("static/views/solid-view.js (own file, on demand)", dist / "static" / "views" / "solid-view.js"),
                       ("static/views/solid-geometry.js (own file, on demand)", dist / "static" / "views" / "solid-geometry.js"),
                       ("static/panels/solid-choice.js (in app.js)", ROOT / "static" / "panels" / "solid-choice.js")):
        data = path.read_bytes()
        out.append((name, len(data), len(gzip.compress(data, 9))))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--dist", type=Path, default=DIST)
    args = parser.parse_args()
    failed = False
    with serve_site(args.dist) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block", bypass_csp=True)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.querySelector('[role=status]').dataset.state === 'ready'", timeout=READY_TIMEOUT_MS)
        page.evaluate("() => { document.querySelector('#games').open = true; }")
        for name in ("cube", "orbix"):
            page.locator("#game-select").select_option(name)
            page.wait_for_function("(name) => window.lightsOut.statesSnapshot().puzzle?.preset === name"
                                   " && window.lightsOut.view().kind === 'solid'", arg=name, timeout=20_000)
            page.wait_for_timeout(3000)  # the worker's background work after its start (keeping its snapshot) is over
            result = page.evaluate(TURN, args.seconds)
            ok = result["turned"] and result["pressed"] == 0 and result["longest"] < 16.7 * 1.5
            failed |= not (result["turned"] and result["pressed"] == 0)
            print(f"{name}: turned for {args.seconds:g} s, {result['frames']} frames, longest frame gap {result['longest']:.1f} ms, "
                  f"mean {result['mean']:.1f} ms, {result['over']} gaps over 17 ms; the turn's own code a frame: longest "
                  f"{result['work']:.2f} ms, mean {result['workMean']:.2f} ms; presses {result['pressed']}{'' if ok else '  <-- check'}")
        browser.close()
    for name, size, packed in added_bytes(args.dist):
        print(f"{name}: {size} bytes, {packed} gzipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
