/** Whole seconds, measured from each mp4's `mvhd` box; db/media.test.ts fails when a file disagrees. */
export const videoDurations: Readonly<Record<string, number>> = {
  '/media/demo-leksjon.mp4': 28,
};

export function videoDurationSeconds(videoUrl: string): number {
  const seconds = videoDurations[videoUrl];
  if (seconds === undefined) {
    throw new Error(`No length known for ${videoUrl}: add it to db/media.ts or give the lesson durationSeconds`);
  }
  return seconds;
}

/** Version 0 stores timescale and duration as 32-bit numbers, version 1 the duration as 64-bit. */
export function mp4DurationSeconds(file: Uint8Array): number {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const type = (at: number) => String.fromCharCode(...file.subarray(at + 4, at + 8));
  const find = (start: number, end: number, name: string): { at: number; size: number } => {
    for (let at = start; at + 8 <= end;) {
      let size = view.getUint32(at);
      if (size === 1) size = Number(view.getBigUint64(at + 8));
      else if (size === 0) size = end - at;
      if (size < 8) break;
      if (type(at) === name) return { at, size };
      at += size;
    }
    throw new Error(`mp4: no '${name}' box`);
  };
  const moov = find(0, file.byteLength, 'moov');
  const mvhd = find(moov.at + 8, moov.at + moov.size, 'mvhd');
  const body = mvhd.at + 8;
  const version = view.getUint8(body);
  const timescale = view.getUint32(body + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(view.getBigUint64(body + 24)) : view.getUint32(body + 16);
  if (timescale === 0) throw new Error('mp4: timescale 0');
  return duration / timescale;
}
