// @ts-check
// localStorage's surface over a Map, for the stores' tests; `refuse` makes every call throw
// (a private mode, a full quota).
/** @implements {Storage} */
export class MemoryStorage {
  constructor(entries = {}, refuse = false) {
    this.map = new Map(Object.entries(entries));
    this.refuse = refuse;
  }

  getItem(key) {
    if (this.refuse) throw new Error("SecurityError");
    return this.map.has(key) ? this.map.get(key) : null;
  }

  setItem(key, value) {
    if (this.refuse) throw new Error("QuotaExceededError");
    this.map.set(key, String(value));
  }

  removeItem(key) {
    if (this.refuse) throw new Error("SecurityError");
    this.map.delete(key);
  }

  get length() {
    return this.map.size;
  }

  key(index) {
    return [...this.map.keys()][index] ?? null;
  }

  clear() {
    if (this.refuse) throw new Error("SecurityError");
    this.map.clear();
  }
}
