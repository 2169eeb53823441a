import type { z } from 'zod';
import { jsonNestsDeeperThan } from '../json-depth';
import { HttpError, httpMessages, invalidRequest } from './errors';
import type { Schema } from './route';

export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > limit) throw new HttpError(413, httpMessages.tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, httpMessages.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function validation<S extends Schema>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidRequest(result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

export function requireJson(request: Request): void {
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new HttpError(415, httpMessages.notJson);
  }
}

/** The nesting is measured on the text first, so nothing that walks the value recursively can run out of stack. */
export function parseJson(bytes: Uint8Array, schema: Schema): unknown {
  const text = new TextDecoder().decode(bytes);
  if (jsonNestsDeeperThan(text)) throw new HttpError(400, httpMessages.tooDeep);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, httpMessages.invalidJson);
  }
  return validation(schema, data);
}

export async function parseBody(request: Request, schema: Schema, limit: number): Promise<unknown> {
  requireJson(request);
  return parseJson(await readBodyBytes(request, limit), schema);
}
