import { describe, expect, it } from 'vitest';
import { describeError } from './log';

describe('describeError', () => {
  it("keeps the driver's code and message and drops drizzle's query and parameters", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const wrapped = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: ola@example.no,$argon2id$v=19$...'), {
      name: 'DrizzleQueryError',
      cause,
    });
    const line = describeError(wrapped);
    expect(line).toBe('query failed: Error [22021]: invalid byte sequence for encoding "…": 0x00');
    expect(line).not.toMatch(/ola@|argon2|insert/);
  });

  it('keeps one line, without quoted values or a stack', () => {
    const error = new TypeError('invalid input syntax for type uuid: "ola@example.no"\n    at somewhere (file.ts:1:1)');
    expect(describeError(error)).toBe('TypeError: invalid input syntax for type uuid: "…"');
  });

  it("names Neon's WebSocket error event, whose message is empty", () => {
    expect(describeError(new Event('error'))).toBe('Error: WebSocket error event');
  });

  it('says what was thrown when it is not an error', () => {
    expect(describeError('secret text')).toBe('Error: (text)');
    expect(describeError(undefined)).toBe('Thrown undefined');
  });
});
