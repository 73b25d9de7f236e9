// @ts-check
// Just enough of a DOM for a panel under Node: elements by id that keep their text,
// attributes, dataset, inline style and listeners, elements made by createElement and put in
// another (children, a table's body and cells), a dialog that opens and closes, a window that
// never scrolls, and animation frames run at once. install() puts it on globalThis and returns
// the elements and the remover.

class FakeElement {
  constructor(id, tagName = "div") {
    this.id = id;
    this.tagName = tagName.toUpperCase();
    this.className = "";
    this.textContent = "";
    this.title = "";
    this.hidden = false;
    this.disabled = false;
    this.value = "";
    this.dataset = {};
    this.attributes = new Map();
    this.listeners = new Map();
    /** @type {Record<string, string>} the inline style set through the CSSOM (element.style.width = …) */
    this.style = {};
    /** @type {FakeElement[]} */
    this.children = [];
    this.parentElement = null;
    this.open = false; // a dialog's
    this.isConnected = true;
  }

  append(...nodes) {
    for (const node of nodes) {
      node.parentElement = this;
      this.children.push(node);
    }
  }

  replaceChildren(...nodes) {
    for (const node of this.children) node.parentElement = null;
    this.children = [];
    this.append(...nodes);
  }

  /** A table's bodies: one, made on first use. */
  get tBodies() {
    if (this.children.length === 0) this.append(new FakeElement(null, "tbody"));
    return this.children;
  }

  /** A row's new cell. */
  insertCell() {
    const cell = new FakeElement(null, "td");
    this.append(cell);
    return cell;
  }

  showModal() { this.open = true; }
  close() {
    this.open = false;
    this.fire("close");
  }

  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** Run the element's `type` listeners, as a click or a key would. */
  fire(type, event = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener({ preventDefault() {}, ...event });
  }

  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  toggleAttribute(name, force = !this.attributes.has(name)) {
    if (force) this.attributes.set(name, "");
    else this.attributes.delete(name);
    return force;
  }

  getBoundingClientRect() { return { top: 0, bottom: 10, left: 0, right: 10 }; } // always in view
  closest() { return this; }
  scrollIntoView() {}
  focus() {}
  get scrollHeight() { return 0; }
  get clientHeight() { return 0; }
}

/** Put a fake document and window on globalThis; returns {element(id), remove()}. */
export function installFakeDom() {
  const elements = new Map();
  const element = (id) => {
    if (!elements.has(id)) elements.set(id, new FakeElement(id));
    return elements.get(id);
  };
  const saved = Object.fromEntries(["document", "window", "requestAnimationFrame", "cancelAnimationFrame"]
    .map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
  Object.assign(globalThis, {
    document: {
      getElementById: element, querySelectorAll: () => [], querySelector: () => null, activeElement: null,
      createElement: (tagName) => new FakeElement(null, tagName),
    },
    window: { innerHeight: 1000, addEventListener() {}, matchMedia: () => ({ matches: true }) },
    requestAnimationFrame: (callback) => { callback(); return 0; },
    cancelAnimationFrame() {},
  });
  return {
    element,
    remove() {
      for (const [name, descriptor] of Object.entries(saved)) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete globalThis[name];
      }
    },
  };
}
