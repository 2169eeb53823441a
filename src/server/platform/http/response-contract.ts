import { z } from 'zod';

/**
 * What a route answers when it succeeds, declared next to its request schemas. A zod schema is
 * the JSON body of a 2xx answer; a marker names an answer that is not JSON data. The handler's
 * JSON is typed from the schema (`jsonOf`, `pageOf` in ./respond.ts), the browser's queries take
 * their types from the same schema, and under vitest the pipeline parses every 2xx JSON answer
 * with it, so each integration test also checks the contracts.
 */

/** An answer that is not JSON data: no body, a redirect, an HTML page, a file or a stream. */
export interface NonJsonAnswer {
  readonly answer: 'noContent' | 'redirect' | 'html' | 'file' | 'stream';
  /** The Content-Type of a file or a stream. */
  readonly contentType?: string;
  /** A stream's JSON answer when the client did not ask for the stream (the chat's reply without a model). */
  readonly json?: z.ZodType;
}

/** A 302/303 to a page (the mailed links, the checkout's return). */
export const redirectOnly: NonJsonAnswer = { answer: 'redirect' };
/** A small HTML page of its own (the sign-out confirmation). */
export const htmlPage: NonJsonAnswer = { answer: 'html' };
/** A download (a PDF). */
export const file = (contentType: string): NonJsonAnswer => ({ answer: 'file', contentType });
/** A body written while it is sent (server-sent events), or, given `json`, that answer as JSON instead. */
export const stream = (contentType: string, json?: z.ZodType): NonJsonAnswer => ({ answer: 'stream', contentType, ...(json ? { json } : {}) });

export type ResponseContract = z.ZodType | NonJsonAnswer;

declare const answerBody: unique symbol;

/** A JSON response whose body the type system knows: what a route with a schema must return. */
export type JsonAnswer<T> = Response & { readonly [answerBody]: T };

/** What a route's handler returns: a `JsonAnswer` of its schema's input, or any response for a marker. */
export type AnswerFor<RS> = RS extends z.ZodType ? JsonAnswer<z.input<RS>> : Response;

const isJson = (response: Response) => /^application\/json\b/i.test(response.headers.get('Content-Type') ?? '');

/**
 * Why `response` breaks its route's contract, or null when it keeps it. Only successful answers
 * are checked: errors have the pipeline's own `{error}` shape.
 */
export async function contractProblem(contract: ResponseContract, response: Response): Promise<string | null> {
  if (response.status < 200 || response.status >= 300) {
    if (response.status >= 300 && response.status < 400 && contract instanceof z.ZodType) return `a ${response.status} redirect instead of JSON`;
    return null;
  }
  if (contract instanceof z.ZodType) {
    if (!isJson(response)) return `a ${response.headers.get('Content-Type') ?? 'bodiless'} answer instead of JSON`;
    const result = contract.safeParse(await response.clone().json());
    return result.success ? null : z.prettifyError(result.error);
  }
  if (contract.json && isJson(response)) {
    const result = contract.json.safeParse(await response.clone().json());
    return result.success ? null : z.prettifyError(result.error);
  }
  // A download may be JSON (the account's data as a file); any other JSON answer needs a schema.
  if (isJson(response) && !(contract.answer === 'file' && contract.contentType && /json/i.test(contract.contentType))) {
    return `JSON data, but the contract says '${contract.answer}'`;
  }
  return null;
}
