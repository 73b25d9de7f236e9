// @ts-check
// The one codec of packed boards, shared by game IDs, share links, the worker's binary
// payloads and the Game's own storage (docs/api.md, "Packing"). Pure, no DOM.
//
// Packing: with b = bit_length(k − 1) bits per cell (1 for k = 2), cell i = r·C + c
// occupies bits i·b … i·b + b − 1, least significant bit first, in little-endian bytes;
// the unused high bits of the last byte are 0. Text is base64url without padding, and a
// board is named "RxC:<base64url>" (for k = 2 this is the game ID) or "RxC@N" (the same
// bytes at byte offset N of a request's or reply's binary payload).

export class CodecError extends Error {
  constructor(message) {
    super(message);
    this.name = "CodecError";
  }
}

/** Bits a cell takes with k states: bit_length(k − 1), at least 1. */
export function bitsPerCell(k = 2) {
  return Math.max(1, 32 - Math.clz32(k - 1));
}

/** Bytes that hold `cellCount` cells of k states. */
export function packedLength(cellCount, k = 2) {
  return Math.ceil((cellCount * bitsPerCell(k)) / 8);
}

// Set bits per byte value, for counting lit cells without a loop over every bit.
const BITS_IN_BYTE = new Uint8Array(256);
for (let value = 1; value < 256; value++) BITS_IN_BYTE[value] = (value & 1) + BITS_IN_BYTE[value >> 1];

/** The number of set bits in `bytes` (≈ 10 ms for the 12.5 MB of a 10000×10000 board). */
export function countBits(bytes) {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) count += BITS_IN_BYTE[bytes[i]];
  return count;
}

/** `states` (one state 0..k−1 per cell, index r·C + c) packed at bitsPerCell(k) bits a cell. */
export function packCells(states, k = 2) {
  const bits = bitsPerCell(k);
  const bytes = new Uint8Array(packedLength(states.length, k));
  for (let i = 0; i < states.length; i++) {
    const value = states[i];
    if (value === 0) continue;
    for (let b = 0; b < bits; b++) {
      if ((value >> b) & 1) {
        const bit = i * bits + b;
        bytes[bit >> 3] |= 1 << (bit & 7);
      }
    }
  }
  return bytes;
}

/** The inverse of packCells: `cellCount` states (a Uint8Array) from packed `bytes`. */
export function unpackCells(bytes, cellCount, k = 2) {
  const bits = bitsPerCell(k);
  const states = new Uint8Array(cellCount);
  for (let i = 0; i < cellCount; i++) {
    let value = 0;
    for (let b = 0; b < bits; b++) {
      const bit = i * bits + b;
      value |= ((bytes[bit >> 3] >> (bit & 7)) & 1) << b;
    }
    states[i] = value;
  }
  return states;
}

/** True when some cell of packed `bytes` holds a state above `highest` (a bad board for k = highest + 1). */
export function hasStateAbove(bytes, cellCount, k) {
  const bits = bitsPerCell(k);
  if (1 << bits === k) return false; // every b-bit value is a state
  for (let i = 0; i < cellCount; i++) {
    let value = 0;
    for (let b = 0; b < bits; b++) {
      const bit = i * bits + b;
      value |= ((bytes[bit >> 3] >> (bit & 7)) & 1) << b;
    }
    if (value >= k) return true;
  }
  return false;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i;

const CODES = Uint8Array.from(ALPHABET, (symbol) => symbol.charCodeAt(0));
const ASCII = new TextDecoder("latin1"); // every code written is below 128: one byte is one character

/**
 * bytes → base64url without padding. The characters are written as bytes and read as
 * text at once: 2 MB of text in a few milliseconds (a share link of a 1000×1000 board
 * with its moves), where building it from character codes took 100–200 ms.
 */
export function encodeBase64url(bytes) {
  const whole = bytes.length - (bytes.length % 3);
  const rest = bytes.length - whole;
  const out = new Uint8Array((whole / 3) * 4 + (rest ? rest + 1 : 0));
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const chunk = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out[o++] = CODES[chunk >> 18];
    out[o++] = CODES[(chunk >> 12) & 63];
    out[o++] = CODES[(chunk >> 6) & 63];
    out[o++] = CODES[chunk & 63];
  }
  if (rest) {
    const chunk = (bytes[whole] << 16) | ((rest > 1 ? bytes[whole + 1] : 0) << 8);
    out[o++] = CODES[chunk >> 18];
    out[o++] = CODES[(chunk >> 12) & 63];
    if (rest > 1) out[o] = CODES[(chunk >> 6) & 63];
  }
  return ASCII.decode(out);
}

/**
 * base64url without padding → bytes, or null unless the text is the one canonical
 * encoding of its bytes (alphabet only, length ≢ 1 mod 4, unused low bits zero): the
 * same strings Python's decode-then-re-encode check accepts.
 */
export function decodeBase64url(text) {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUE_OF[code] : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  if (bits > 0 && (buffer & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

/** Characters of the base64url (no padding) of `byteCount` bytes. */
export function base64urlLength(byteCount) {
  return Math.ceil((byteCount * 8) / 6);
}

/** "RxC:<base64url>" of packed `bytes` (the game ID for k = 2). */
export function formatBoardId(rows, cols, bytes) {
  return `${rows}x${cols}:${encodeBase64url(bytes)}`;
}

/**
 * {rows, cols, bytes} of "RxC:<base64url>" read with k states. Throws CodecError when the
 * text is not such a string, or its bytes are not exactly the R×C board's.
 */
export function parseBoardId(text, k = 2) {
  const match = /^(\d+)x(\d+):([A-Za-z0-9_-]*)$/.exec(String(text).trim());
  if (!match) throw new CodecError(`"${text}" is not a game ID like 5x5:AAAAAA`);
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  const bytes = decodeBase64url(match[3]);
  if (bytes === null) throw new CodecError(`"${match[3]}" is not valid base64url`);
  const length = packedLength(rows * cols, k);
  if (bytes.length !== length) {
    throw new CodecError(`a ${rows}x${cols} game ID needs ${length} bytes, found ${bytes.length}`);
  }
  const spare = length * 8 - rows * cols * bitsPerCell(k);
  if (spare > 0 && bytes[length - 1] >> (8 - spare)) throw new CodecError("the game ID sets bits beyond its cells");
  if (k > 2 && hasStateAbove(bytes, rows * cols, k)) throw new CodecError(`the game ID has a state outside 0..${k - 1}`);
  return { rows, cols, bytes };
}

/**
 * One binary payload holding `boards` ({rows, cols, bytes}) back to back, and each
 * one's "RxC@N" reference.
 */
export function packPayload(boards) {
  const payload = new Uint8Array(boards.reduce((total, board) => total + board.bytes.length, 0));
  const references = [];
  let offset = 0;
  for (const board of boards) {
    payload.set(board.bytes, offset);
    references.push(`${board.rows}x${board.cols}@${offset}`);
    offset += board.bytes.length;
  }
  return { payload, references };
}

/** {rows, cols, bytes} that `reference` ("RxC@N") names in `payload`, read with k states (bytes copied). */
export function bytesAt(reference, payload, k = 2) {
  const match = /^(\d+)x(\d+)@(\d+)$/.exec(String(reference));
  if (!match) throw new CodecError(`"${reference}" is not a payload reference like 5x5@0`);
  const [rows, cols, offset] = match.slice(1).map(Number);
  const length = packedLength(rows * cols, k);
  if (offset + length > payload.length) throw new CodecError(`the payload holds no ${rows}x${cols} board at byte ${offset}`);
  return { rows, cols, bytes: payload.slice(offset, offset + length) };
}
