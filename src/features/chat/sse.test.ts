import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSse, type SseEvent, SseParser } from './sse';

/** Parses text fed in the given pieces. */
function parse(...pieces: string[]): SseEvent[] {
  const parser = new SseParser();
  return pieces.flatMap((piece) => parser.feed(piece));
}

/** A body that delivers the given byte chunks. */
function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSse(stream)) events.push(event);
  return events;
}

const sample =
  'event: delta\ndata: {"content":"Hei"}\n\n' +
  ': a comment\n' +
  'event: delta\r\ndata: {"content":" på deg"}\r\n\r\n' +
  'event: done\rdata: {"ok":true}\r\r';
const sampleEvents: SseEvent[] = [
  { event: 'delta', data: '{"content":"Hei"}' },
  { event: 'delta', data: '{"content":" på deg"}' },
  { event: 'done', data: '{"ok":true}' },
];

describe('SseParser', () => {
  it('reads events separated by LF, CRLF and CR, skipping comments', () => {
    expect(parse(sample)).toEqual(sampleEvents);
  });

  it('gives the same events however the text is split, also between CR and LF', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: sample.length - 1 }), { maxLength: 12 }), (cuts) => {
        const sorted = [...cuts].sort((a, b) => a - b);
        const pieces = [0, ...sorted].map((start, i) => sample.slice(start, sorted[i] ?? sample.length));
        expect(parse(...pieces)).toEqual(sampleEvents);
      }),
    );
    expect(parse('data: a\r', '\n', '\r\n')).toEqual([{ event: 'message', data: 'a' }]);
    // A CR at a chunk's end followed by another line, not an LF.
    expect(parse('data: a\r', 'data: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('joins data lines with a newline and keeps the rest of the line as it is', () => {
    expect(parse('data: første\ndata:andre\ndata:  to mellomrom\ndata\ndata: a: b\n\n')).toEqual([
      { event: 'message', data: 'første\nandre\n to mellomrom\n\na: b' },
    ]);
  });

  it('dispatches nothing for an event without data, and resets the type after each event', () => {
    expect(parse('event: ping\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('keeps the last id and ignores retry and unknown fields', () => {
    expect(parse('id: 7\nretry: 100\nfoo: bar\ndata: x\n\ndata: y\n\n')).toEqual([
      { event: 'message', data: 'x', id: '7' },
      { event: 'message', data: 'y', id: '7' },
    ]);
  });

  it('holds back an event until its blank line, and drops a leading byte order mark', () => {
    const parser = new SseParser();
    expect(parser.feed('\uFEFFevent: delta\ndata: {}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'delta', data: '{}' }]);
  });
});

describe('readSse', () => {
  it('decodes UTF-8 split inside a character and yields the events', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"content":"Blåbær å spise"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of 'å'
    expect(await collect(body([bytes.slice(0, cut), bytes.slice(cut)]))).toEqual([{ event: 'delta', data: '{"content":"Blåbær å spise"}' }]);
  });

  it('drops an event that the end of the stream cut off', async () => {
    const enc = new TextEncoder();
    expect(await collect(body([enc.encode('data: hel\n\n'), enc.encode('event: done\ndata: {"half"')]))).toEqual([{ event: 'message', data: 'hel' }]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: a\n\ndata: b\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSse(stream)) {
      expect(event.data).toBe('a');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
