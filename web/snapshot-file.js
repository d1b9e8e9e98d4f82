// The file web/interpreter.js keeps an interpreter's memory snapshot in (in the build's cache):
// Pyodide's snapshot without its runs of zero bytes, checked by its SHA-256 and the build's key.
//
// [u32 magic][u32 length of the JSON header][JSON header][one bit per block: stored or zero][blocks]
// The header: {format, key, total (bytes of Pyodide's snapshot), block, sha256 (hex, of all after it)}.
const FORMAT = 1;
const MAGIC = 0x504e5350; // "PSNP", little-endian
const BLOCK = 4096; // runs of zero bytes this long are left out of the stored file

function zeroBlock(words, from, to) {
  for (let i = from; i < to; i++) if (words[i] !== 0) return false;
  return true;
}

export async function pack(snapshot, key) {
  // Pyodide's snapshot is a whole number of 16-byte units long; its last block may be short.
  const total = snapshot.length;
  const blocks = Math.ceil(total / BLOCK);
  const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, total / 4);
  const map = new Uint8Array(Math.ceil(blocks / 8));
  let kept = 0;
  for (let b = 0; b < blocks; b++) {
    if (!zeroBlock(words, b * BLOCK / 4, Math.min((b + 1) * BLOCK, total) / 4)) {
      map[b >> 3] |= 1 << (b & 7);
      kept++;
    }
  }
  const body = new Uint8Array(map.length + kept * BLOCK);
  body.set(map);
  let at = map.length;
  for (let b = 0; b < blocks; b++) {
    if (map[b >> 3] & (1 << (b & 7))) {
      body.set(snapshot.subarray(b * BLOCK, Math.min((b + 1) * BLOCK, total)), at);
      at += BLOCK;
    }
  }
  const header = new TextEncoder().encode(JSON.stringify({ format: FORMAT, key, total, block: BLOCK, sha256: await sha256(body) }));
  const start = new Uint32Array([MAGIC, header.length]);
  return new Blob([start, header, body]);
}

async function sha256(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function unpack(buffer, key) {
  if (buffer.byteLength < 8) throw new Error("the stored snapshot is truncated");
  const [magic, length] = new Uint32Array(buffer, 0, 2);
  if (magic !== MAGIC || 8 + length > buffer.byteLength) throw new Error("the stored snapshot is not one");
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, length)));
  if (header.format !== FORMAT || header.key !== key) {
    throw new Error(`the stored snapshot is another build's (${header.key}, this build wants ${key})`);
  }
  const body = new Uint8Array(buffer, 8 + length);
  if (await sha256(body) !== header.sha256) throw new Error("the stored snapshot is corrupt (its SHA-256 differs)");
  performance.mark("pasur:snapshot-checked");
  const blocks = Math.ceil(header.total / header.block);
  const map = body.subarray(0, Math.ceil(blocks / 8));
  const out = new Uint8Array(blocks * header.block);
  let at = map.length;
  for (let b = 0; b < blocks;) {
    if (!(map[b >> 3] & (1 << (b & 7)))) { b++; continue; }
    let end = b + 1; // a run of stored blocks is copied at once
    while (end < blocks && (map[end >> 3] & (1 << (end & 7)))) end++;
    const size = (end - b) * header.block;
    if (at + size > body.length) throw new Error("the stored snapshot is truncated");
    out.set(body.subarray(at, at + size), b * header.block);
    at += size;
    b = end;
  }
  if (at !== body.length) throw new Error("the stored snapshot has extra bytes");
  return out.subarray(0, header.total);
}
