import { z } from 'zod';

/** Under vitest the pipeline parses every 2xx JSON answer with its route's schema, so each integration test checks the contracts. */

export interface NonJsonAnswer {
  readonly answer: 'noContent' | 'redirect' | 'html' | 'file' | 'stream';
  readonly contentType?: string;
  readonly json?: z.ZodType;
}

export const redirectOnly: NonJsonAnswer = { answer: 'redirect' };
export const htmlPage: NonJsonAnswer = { answer: 'html' };
export const file = (contentType: string): NonJsonAnswer => ({ answer: 'file', contentType });
export const stream = (contentType: string, json?: z.ZodType): NonJsonAnswer => ({ answer: 'stream', contentType, ...(json ? { json } : {}) });

export type ResponseContract = z.ZodType | NonJsonAnswer;

declare const answerBody: unique symbol;

export type JsonAnswer<T> = Response & { readonly [answerBody]: T };

export type AnswerFor<RS> = RS extends z.ZodType ? JsonAnswer<z.input<RS>> : Response;

const isJson = (response: Response) => /^application\/json\b/i.test(response.headers.get('Content-Type') ?? '');

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
