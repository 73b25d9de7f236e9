// @ts-check
// The three browser engines the page's players use, behind one small page interface, for
// the cross-engine flows (flows.mjs): Chromium and Firefox through puppeteer-core (Chromium
// over the DevTools protocol, Firefox over its own WebDriver BiDi), and WebKit — WebKitGTK,
// of the engine family every iPhone browser is — through selenium-webdriver and WebKitGTK's
// WebKitWebDriver on a virtual X screen (Xvfb). The browsers are Debian's packages
// (tests/run.sh installs them); no test tool downloads a browser here.
//
// A page: open(url) (a new document, so a link arrives as it does from another app),
// evaluate(fn, ...args), waitFor(fn, arg, ms), click(selector), clickAt(x, y), drag(points),
// setFiles(selector, path), screenshot(path), reload(), errors(), close(). Coordinates are CSS
// pixels of the viewport. Waits are on conditions the page reaches, never on fixed sleeps.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ENGINES = ["chromium", "firefox", "webkit"];
const CHROMIUM_CANDIDATES = [process.env.CHROMIUM, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const CHROMIUM_FLAGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const FIREFOX = "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
const CLICK_ARRIVES_MS = 10_000; // a click event comes within milliseconds; this is a busy machine's bound
export const WAIT_MS = 60_000; // the longest a condition is waited for (a cold start is 1–5 s here; a busy machine is slower)
export const START_WAIT_MS = 300_000; // the longest a solver's start is waited for: WebKit's takes 20–50 s on a busy machine

/**
 * `url` with the solver's start-up deadline lifted to START_WAIT_MS (page-options.js: the
 * ?load-timeout test knob, honoured on 127.0.0.1 only): the product gives up on a start that
 * makes no step for 30 s, which a busy machine's WebKit crossed while compiling the wasm. The
 * flows test what the page does, not the machine's speed; the deadline itself is tested in
 * tests/e2e/test_failures.py and tests/js/solver-client.test.mjs.
 */
export function patient(url) {
  const parsed = new URL(url);
  if (!parsed.searchParams.has("load-timeout")) parsed.searchParams.set("load-timeout", String(START_WAIT_MS));
  return parsed.href;
}

/** Why `engine` cannot run here (its browser is not installed), or null. */
export function missing(engine) {
  if (engine === "chromium") return CHROMIUM_CANDIDATES.some((path) => path && existsSync(path)) ? null : "no Chromium";
  if (engine === "firefox") return existsSync(FIREFOX) ? null : `no ${FIREFOX} (apt-get install firefox-esr)`;
  if (!existsSync(WEBKIT_DRIVER)) return `no ${WEBKIT_DRIVER} (apt-get install webkit2gtk-driver)`;
  return existsSync("/usr/bin/Xvfb") ? null : "no Xvfb (apt-get install xvfb)";
}

/** Launch `engine`: {name, newPage({width, height}), close()}. */
export async function launch(engine) {
  const problem = missing(engine);
  if (problem) throw new Error(`${engine} cannot run here: ${problem}`);
  return engine === "webkit" ? launchWebKit() : launchPuppeteer(engine);
}

// ---------------------------------------------------------------------------------
// Chromium and Firefox: puppeteer-core

async function launchPuppeteer(engine) {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = engine === "firefox"
    ? await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true })
    : await puppeteer.launch({
      executablePath: CHROMIUM_CANDIDATES.find((path) => path && existsSync(path)),
      headless: "shell", args: CHROMIUM_FLAGS,
    });
  return {
    name: engine,
    async newPage({ width = 1280, height = 800 } = {}) {
      const page = await browser.newPage();
      await page.setViewport({ width, height });
      return new PuppeteerPage(page);
    },
    close: () => browser.close(),
  };
}

class PuppeteerPage {
  constructor(page) {
    this.page = page;
    this.logged = [];
    page.on("console", (message) => { if (message.type() === "error") this.logged.push(message.text()); });
    page.on("pageerror", (error) => this.logged.push(String(error?.message ?? error)));
  }

  async open(url) {
    await this.page.goto("about:blank");
    await this.page.goto(patient(url), { waitUntil: "load" });
  }

  evaluate(fn, ...args) {
    return this.page.evaluate(fn, ...args);
  }

  async waitFor(fn, arg = null, ms = WAIT_MS) {
    try {
      const handle = await this.page.waitForFunction(fn, { timeout: ms, polling: "raf" }, arg);
      return await handle.jsonValue();
    } catch (error) {
      throw new Error(`the page did not reach: ${fn.toString().slice(0, 160)} (${error.message})`, { cause: error });
    }
  }

  async click(selector) {
    const [x, y] = await this.evaluate(centreOf, selector);
    await this.clickAt(x, y);
  }

  clickAt(x, y) {
    return this.page.mouse.click(x, y);
  }

  async drag(points, { holdMs = 0 } = {}) {
    const { mouse } = this.page;
    await mouse.move(...points[0]);
    await mouse.down();
    for (const point of points.slice(1)) await mouse.move(...point, { steps: 4 });
    if (holdMs) await this.page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), holdMs);
    await mouse.up();
  }

  async setFiles(selector, path) {
    const input = await this.page.$(selector);
    await input.uploadFile(path);
  }

  screenshot(path) {
    return this.page.screenshot({ path });
  }

  reload() {
    return this.page.reload({ waitUntil: "load" });
  }

  errors() {
    return [...this.logged];
  }

  close() {
    return this.page.close();
  }
}

// ---------------------------------------------------------------------------------
// WebKit: WebKitGTK's WebDriver (MiniBrowser) on Xvfb, through selenium-webdriver

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address()); // listening on a port, not a pipe
      server.close(() => resolve(port));
    });
  });
}

/** Start Xvfb on a free display (it writes the display's number to fd 3); {display, stop()}. */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
      { stdio: ["ignore", "ignore", "pipe", "pipe"] });
    let text = "";
    xvfb.once("error", reject);
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
    xvfb.stdio[3].on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) resolve({ display: `:${text.trim()}`, stop: () => xvfb.kill() });
    });
  });
}

/** Wait until WebKitWebDriver answers on `port`. */
async function driverUp(port, exited) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("WebKitWebDriver exited");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("WebKitWebDriver did not start");
}

async function launchWebKit() {
  const { Builder, Origin } = await import("selenium-webdriver");
  const xvfb = await startXvfb();
  const port = await freePort();
  let exited = false;
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: xvfb.display }, stdio: "ignore" });
  driverProcess.once("exit", () => { exited = true; });
  try {
    await driverUp(port, () => exited);
  } catch (error) {
    driverProcess.kill();
    xvfb.stop();
    throw error;
  }
  const drivers = [];
  return {
    name: "webkit",
    async newPage({ width = 1280, height = 800 } = {}) {
      // One WebDriver session per page: each its own MiniBrowser, with its own storage (as a new visitor).
      const capabilities = { browserName: "MiniBrowser", "webkitgtk:browserOptions": { args: ["--automation"] } };
      const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
      drivers.push(driver);
      await driver.manage().setTimeouts({ script: WAIT_MS, pageLoad: WAIT_MS });
      await driver.manage().window().setRect({ width, height });
      return new WebKitPage(driver, Origin);
    },
    async close() {
      for (const driver of drivers) await driver.quit().catch(() => {});
      driverProcess.kill();
      xvfb.stop();
    },
  };
}

// WebKitGTK's driver reports no console messages: a collector put into each document as soon
// as it is loaded records its uncaught errors and console.error calls (those of the page's
// start before that moment are not seen; Chromium's and Firefox's are).
const COLLECT_ERRORS = `
  if (!window.__engineErrors) {
    window.__engineErrors = [];
    const record = (text) => window.__engineErrors.push(String(text));
    window.addEventListener("error", (event) => record(event.message));
    window.addEventListener("unhandledrejection", (event) => record(event.reason?.message ?? event.reason));
    const error = console.error.bind(console);
    console.error = (...args) => { record(args.join(" ")); error(...args); };
  }`;

class WebKitPage {
  constructor(driver, Origin) {
    this.driver = driver;
    this.Origin = Origin;
    this.earlier = []; // errors of documents left
  }

  async keepErrors() {
    this.earlier.push(...(await this.driver.executeScript("return window.__engineErrors || []").catch(() => [])));
  }

  async open(url) {
    await this.keepErrors();
    await this.driver.get("about:blank");
    await this.driver.get(patient(url));
    await this.driver.executeScript(COLLECT_ERRORS);
  }

  /** Run `fn(...args)` in the page (awaiting a promise it returns); its JSON result. */
  async evaluate(fn, ...args) {
    const result = await this.driver.executeAsyncScript(`
      const done = arguments[arguments.length - 1];
      const args = JSON.parse(arguments[0]);
      Promise.resolve().then(() => (${fn.toString()})(...args))
        .then((value) => done({ value: value === undefined ? null : value }), (error) => done({ error: String(error?.stack ?? error) }));
    `, JSON.stringify(args));
    if (result.error) throw new Error(`in the page: ${result.error}`);
    return result.value;
  }

  async waitFor(fn, arg = null, ms = WAIT_MS) {
    let value = null;
    await this.driver.wait(async () => {
      value = await this.evaluate(fn, arg);
      return Boolean(value);
    }, ms, `the page did not reach: ${fn.toString().slice(0, 160)}`, 50);
    return value;
  }

  /**
   * Click `selector` (WebDriver's element click for an HTML element: scrolled into view, or a
   * loud error if covered; SVG, which WebKitGTK refuses, at its centre) and wait for the click
   * event to reach it. Under load WebKitGTK's driver at times delivers none — the button takes
   * the focus, but no click event comes (a listener on the button saw nothing in 60 s, twice
   * in ten loaded runs) — and only then is the click given again, up to three times. What the
   * page does with a click that did arrive is never retried: the flows wait for it.
   */
  async click(selector) {
    for (let attempt = 1; ; attempt++) {
      const html = await this.evaluate((css) => {
        const element = document.querySelector(css);
        window.clickArrived = false;
        element.addEventListener("click", () => { window.clickArrived = true; }, { once: true, capture: true });
        return element instanceof HTMLElement;
      }, selector);
      if (html) {
        await (await this.driver.findElement({ css: selector })).click();
      } else {
        const [x, y] = await this.evaluate(centreOf, selector);
        await this.clickAt(x, y);
      }
      const arrived = await this.waitFor(() => window.clickArrived, null, CLICK_ARRIVES_MS).then(() => true, () => false);
      if (arrived) return;
      if (attempt === 3) throw new Error(`WebKit delivered no click event to ${selector}, three times`);
      console.log(`# webkit: no click event reached ${selector} in ${CLICK_ARRIVES_MS} ms; clicking again`);
    }
  }

  // Pointer actions at coordinates: WebKitGTK refuses element clicks on SVG <g> cells
  // (ElementNotInteractable), and a player's click is a position anyway.
  clickAt(x, y) {
    return this.driver.actions().move({ x: Math.round(x), y: Math.round(y), origin: this.Origin.VIEWPORT })
      .press().release().perform();
  }

  async drag(points, { holdMs = 0 } = {}) {
    const at = ([x, y]) => ({ x: Math.round(x), y: Math.round(y), origin: this.Origin.VIEWPORT, duration: 60 });
    let actions = this.driver.actions().move(at(points[0])).press();
    for (const point of points.slice(1)) actions = actions.move(at(point));
    if (holdMs) actions = actions.pause(holdMs);
    await actions.release().perform();
  }

  async setFiles(selector, path) {
    const input = await this.driver.findElement({ css: selector });
    await input.sendKeys(path);
  }

  async screenshot(path) {
    writeFileSync(path, Buffer.from(await this.driver.takeScreenshot(), "base64"));
  }

  async reload() {
    await this.keepErrors();
    await this.driver.navigate().refresh();
    await this.driver.executeScript(COLLECT_ERRORS);
  }

  async errors() {
    const now = await this.driver.executeScript("return window.__engineErrors || []").catch(() => []);
    return [...this.earlier, ...now];
  }

  close() {
    return this.driver.quit();
  }
}

/** The centre of the element `selector` in viewport pixels, scrolled into view first (runs in the page). */
function centreOf(selector) {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`no element ${selector}`);
  element.scrollIntoView({ block: "center", inline: "center" });
  const box = element.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

/** A fresh folder for a flow's files (pictures, screenshots), removed by the returned function. */
export function scratchFolder() {
  const folder = mkdtempSync(join(tmpdir(), "lightsout-engines-"));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
