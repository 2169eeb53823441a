import { inflateSync } from 'node:zlib';

/** Node's zlib unwraps WOFF 1.0 once per process; fontkit would inflate its tables in JavaScript on every embed. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.byteLength < 44 || input.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font');
  const flavor = input.readUInt32BE(4);
  const count = input.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = input.readUInt32BE(entry + 4);
    const compressed = input.readUInt32BE(entry + 8);
    const original = input.readUInt32BE(entry + 12);
    if (offset + compressed > input.byteLength) throw new Error('A WOFF table lies outside the file');
    const stored = input.subarray(offset, offset + compressed);
    const data = compressed < original ? inflateSync(stored) : stored;
    if (data.byteLength !== original) throw new Error('A WOFF table has the wrong length');
    return { tag: input.readUInt32BE(entry), checksum: input.readUInt32BE(entry + 16), data };
  });

  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * count;
  const output = Buffer.alloc(tables.reduce((sum, table) => sum + padded(table.data.byteLength), headerLength));
  const entrySelector = Math.floor(Math.log2(Math.max(count, 1)));
  const searchRange = 2 ** entrySelector * 16;
  output.writeUInt32BE(flavor, 0);
  output.writeUInt16BE(count, 4);
  output.writeUInt16BE(searchRange, 6);
  output.writeUInt16BE(entrySelector, 8);
  output.writeUInt16BE(count * 16 - searchRange, 10);
  let at = headerLength;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    output.writeUInt32BE(table.tag, record);
    output.writeUInt32BE(table.checksum, record + 4);
    output.writeUInt32BE(at, record + 8);
    output.writeUInt32BE(table.data.byteLength, record + 12);
    output.set(table.data, at);
    at += padded(table.data.byteLength);
  });
  return output;
}
