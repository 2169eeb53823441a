/**
 * A small parser for server-sent events (the `text/event-stream` format of the HTML standard,
 * "Parsing an event stream"), for a `fetch` body: `EventSource` cannot POST. Lines end in CRLF,
 * LF or CR, even when a chunk ends between CR and LF; `data` lines join with '\n'; comments
 * (':') and unknown fields are ignored; a field without a colon has an empty value; one space
 * after the colon is dropped. An event is dispatched at a blank line only, so an event cut off
 * by the end of the stream is discarded, as the standard says.
 */

export interface SseEvent {
  /** The `event` field, 'message' when there is none. */
  event: string;
  /** The `data` lines joined with '\n'. */
  data: string;
  /** The last `id` seen so far, if any. */
  id?: string;
}

export class SseParser {
  private buffer = '';
  /** The previous chunk ended in CR: an LF at the start of the next one belongs to that line end. */
  private skipLf = false;
  private started = false;
  private eventType = '';
  private data: string[] = [];
  private lastId: string | undefined;

  /** Feeds decoded text; returns the events completed by it. */
  feed(text: string): SseEvent[] {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
    }
    if (this.skipLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.skipLf = false;
    this.buffer += chunk;

    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      const event = this.line(this.buffer.slice(start, i));
      if (event) events.push(event);
      if (char === '\r') {
        if (i + 1 === this.buffer.length) this.skipLf = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const type = this.eventType;
    const data = this.data;
    this.eventType = '';
    this.data = [];
    if (data.length === 0) return undefined;
    return { event: type || 'message', data: data.join('\n'), ...(this.lastId === undefined ? {} : { id: this.lastId }) };
  }
}

/** The events of a response body as they arrive. Ends with the body; a half-sent last event is dropped. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent, void, undefined> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.feed(decoder.decode(value, { stream: true }));
    }
    yield* parser.feed(decoder.decode());
  } finally {
    // Stops the download when the caller leaves early (a `done` or `error` event, or an abort).
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
