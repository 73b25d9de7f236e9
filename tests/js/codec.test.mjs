// @ts-check
// The one codec (static/model/codec.js): exact strings, round trips, refusals.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  CodecError, bitsPerCell, bytesAt, decodeBase64url, encodeBase64url, formatBoardId, packCells, packPayload,
  packedLength, parseBoardId, unpackCells,
} from "../../static/model/codec.js";

test("bits per cell is bit_length(k − 1)", () => {
  assert.deepEqual([2, 3, 4, 5, 8, 9, 16, 17, 255].map(bitsPerCell), [1, 2, 2, 3, 3, 4, 4, 5, 8]);
});

test("base64url of known bytes, no padding", () => {
  assert.equal(encodeBase64url(new Uint8Array([])), "");
  assert.equal(encodeBase64url(new Uint8Array([0xff])), "_w");
  assert.equal(encodeBase64url(new Uint8Array([0xfb, 0xff])), "-_8");
  assert.equal(encodeBase64url(new TextEncoder().encode("Lights")), "TGlnaHRz");
  assert.deepEqual([...decodeBase64url("-_8")], [0xfb, 0xff]);
});

test("base64url round-trips every length and refuses non-canonical text", () => {
  for (let length = 0; length < 40; length++) {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length) & 0xff);
    assert.deepEqual(decodeBase64url(encodeBase64url(bytes)), bytes);
  }
  assert.equal(decodeBase64url("A"), null); // length ≡ 1 mod 4
  assert.equal(decodeBase64url("_x"), null); // unused low bits set
  assert.equal(decodeBase64url("a+b/"), null); // not the URL alphabet
  assert.equal(decodeBase64url("AA=="), null); // no padding
});

test("packing: cell i at bits i·b…, LSB first, little-endian bytes (exact bytes)", () => {
  // k = 2: cells 0 and 9 lit in a 2×5 board → byte 0 bit 0, byte 1 bit 1.
  assert.deepEqual([...packCells([1, 0, 0, 0, 0, 0, 0, 0, 0, 1], 2)], [0x01, 0x02]);
  // k = 3 (2 bits): states 1, 2, 0, 2 → 0b10_00_10_01 = 0x89.
  assert.deepEqual([...packCells([1, 2, 0, 2], 3)], [0x89]);
  // k = 5 (3 bits): 4, 3, 1 → bits 100 011 001 → 0b1_011_100 = 0x5c, then 0 (bit 8 = 0).
  assert.deepEqual([...packCells([4, 3, 1], 5)], [0x5c, 0x00]);
  assert.equal(formatBoardId(5, 5, packCells([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1], 2)), "5x5:VVVVAQ");
});

test("pack and unpack are inverse for every k and size", () => {
  for (const k of [2, 3, 4, 5, 7, 16, 17, 255]) {
    for (const count of [1, 3, 8, 9, 25, 63]) {
      const states = Uint8Array.from({ length: count }, (_, i) => (i * 31 + k) % k);
      const bytes = packCells(states, k);
      assert.equal(bytes.length, packedLength(count, k));
      assert.deepEqual(unpackCells(bytes, count, k), states);
    }
  }
});

test("board IDs: parse refuses wrong lengths, padding bits and states ≥ k", () => {
  const { rows, cols, bytes } = parseBoardId("3x3:VQE");
  assert.deepEqual([rows, cols, [...bytes]], [3, 3, [0x55, 0x01]]);
  assert.throws(() => parseBoardId("3x3:VQ"), CodecError);
  assert.throws(() => parseBoardId("3x3:VQM"), CodecError); // bit 9 is no cell
  assert.throws(() => parseBoardId("not an id"), CodecError);
  assert.throws(() => parseBoardId(formatBoardId(1, 2, packCells([3, 0], 4)), 3), CodecError); // 3 ≥ k
  assert.deepEqual([...parseBoardId(formatBoardId(1, 2, packCells([2, 1], 3)), 3).bytes], [0x06]);
});

test("payload references: boards back to back, read back by reference", () => {
  const a = { rows: 3, cols: 3, bytes: Uint8Array.of(1, 2) };
  const b = { rows: 1, cols: 4, bytes: Uint8Array.of(0x0f) };
  const { payload, references } = packPayload([a, b]);
  assert.deepEqual(references, ["3x3@0", "1x4@2"]);
  assert.deepEqual([...bytesAt("1x4@2", payload).bytes], [0x0f]);
  assert.throws(() => bytesAt("3x3@2", payload), CodecError);
});
