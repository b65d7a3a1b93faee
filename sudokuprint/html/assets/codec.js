/* sudokuprint HTML edition: reading the page's data. No dependencies, no network.
   Secrets are XORed with the collection's key and written in base64; hint chunks are
   raw-deflated first, and inflated here with the browser's own DecompressionStream. */
"use strict";
function sudokuprintCodec(DATA) {
  const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const chunkCache = new Map();
  function bytesOf(b64) {
    const text = atob(b64);
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  function reveal(b64) {
    const data = bytesOf(b64);
    for (let i = 0; i < data.length; i++) data[i] ^= KEY[i % KEY.length];
    return data;
  }
  function digitOf(symbol) {
    const i = SYMBOLS.indexOf(symbol.toUpperCase());
    return i < 0 ? 0 : i + 1;
  }
  function parseValues(text) {
    return Array.from(text, (ch) => digitOf(ch));
  }
  function loadChunk(index) {
    if (!chunkCache.has(index)) {
      if (typeof DecompressionStream === "undefined") {
        return Promise.reject(new Error("this browser cannot read the hints (no DecompressionStream)"));
      }
      const stream = new Blob([reveal(DATA.chunks[index])]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      chunkCache.set(index, new Response(stream).text().then(JSON.parse));
    }
    return chunkCache.get(index);
  }
  const KEY = bytesOf(DATA.key);
  return { SYMBOLS: SYMBOLS, reveal: reveal, loadChunk: loadChunk, digitOf: digitOf, parseValues: parseValues };
}
