// @ts-check
// The cross-engine suite of one engine (chromium.test.mjs, firefox.test.mjs, webkit.test.mjs
// each run it for theirs, so `node --test` runs the engines side by side): the flows of
// flows.mjs in order on one page of one browser, against the site as GitHub Pages serves it
// (site.mjs); no console error may appear. Screenshots go to test-results/engines/, and the
// start's figures (cold and repeat ready) are printed at the end.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ROOT } from "../js/python.mjs";
import { launch, scratchFolder } from "./browsers.mjs";
import { FLOWS, REFUSALS } from "./flows.mjs";
import { serveSite } from "./site.mjs";

export const SHOTS = join(process.env.SHOTS_DIR ?? join(ROOT, "test-results"), "engines");

export function engineSuite(engine) {
  describe(`the player's flows in ${engine}`, () => {
    const context = { engine, figures: {}, shots: SHOTS };
    let browser = null;
    let scratch = null;
    before(async () => {
      mkdirSync(SHOTS, { recursive: true });
      scratch = scratchFolder();
      context.scratch = scratch.folder;
      context.site = await serveSite();
      browser = await launch(engine);
      context.page = await browser.newPage({ width: 1280, height: 800 });
    });
    after(async () => {
      await browser?.close();
      await context.site?.stop();
      scratch?.remove();
      const { cold, repeat } = context.figures;
      const figure = (start) => (start ? `${start.wallMs} ms (worker ${start.workerMs} ms, ${start.path})` : "—");
      console.log(`# ${engine}: ready cold ${figure(cold)}, repeat ${figure(repeat)}`);
    });
    for (const flow of FLOWS) {
      test(flow.name, async () => {
        const refused = REFUSALS[engine]?.[flow.name];
        const errorsBefore = (await context.page.errors()).length;
        if (refused) {
          await assert.rejects(flow.run(context), refused.error, `${engine} refuses: ${refused.reason}`);
          return;
        }
        try {
          await flow.run(context);
        } catch (error) {
          const name = flow.name.replace(/[^A-Za-z0-9]+/g, "-").slice(0, 60);
          await context.page.screenshot(join(SHOTS, `${engine}-FAILED-${name}.png`)).catch(() => {});
          throw error;
        }
        assert.deepEqual((await context.page.errors()).slice(errorsBefore), [], "console errors");
      });
    }
  });
}
