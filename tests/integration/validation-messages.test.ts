import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldLabels, REQUEST_LABEL } from '../../src/schemas/issues';
import type { Routes } from '../../src/server/platform/http';
import { call, type Handler, signIn, webhookSignature } from '../helpers';
import { matrix } from './authorization-matrix';

/**
 * Issue 20, point 6: every 400 a route's schemas produce speaks plain Norwegian. Each route's
 * params, query and body schemas (taken from the function files' own route tables, as the fuzz
 * test does) run over wrong values: wrong types, missing fields, too long, negative, 1e309
 * (Infinity after JSON.parse), 'NaN', lists, objects, null and unknown keys. No issue text may
 * carry an English or type word ('number', 'undefined', 'expected' …), and each must name its
 * field with a label of the table in src/schemas/issues.ts. Then each route, called for real,
 * must say the same in the body's `error`.
 */

type FunctionModule = { default: Handler & { definitions?: Routes } };
const modules = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });
const routes = Object.entries(modules).flatMap(([, mod]) =>
  Object.entries(mod.default.definitions ?? {}).map(([key, definition]) => ({ key, handler: mod.default, definition })),
);

const ENGLISH = /\b(number|string|undefined|boolean|object|array|expected|received|nan|infinity|invalid|required)\b/i;
const labels = [REQUEST_LABEL, ...Object.values(fieldLabels).flatMap((f) => [f.label, ...('also' in f ? f.also : [])])];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label at the start of a word, in any case and with any ending ('Navnet' names 'Navn'). */
const NAMES_A_FIELD = new RegExp(`(?:^|[^\\p{L}])(?:${labels.map(escape).join('|')})`, 'iu');

/** Values no field accepts as they are, as JSON.parse hands them over (1e309 is Infinity). */
const badValues: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['1e309', Infinity],
  ['-1e309', -Infinity],
  ['1e20', 1e20],
  ["'NaN'", 'NaN'],
  ["''", ''],
  ["' '", ' '],
  ["'x'", 'x'],
  ['100 001 characters', 'a'.repeat(100_001)],
  ['[]', []],
  ['[1]', [1]],
  ['{}', {}],
  ['{a: 1}', { a: 1 }],
];
const badParams = ['', 'x', 'NaN', '-1', '1e309', 'a'.repeat(300), '\u0000', 'ÆØÅ'];
const badBodies: [string, unknown][] = [
  ['null', null],
  ['[]', []],
  ["'x'", 'x'],
  ['1', 1],
  ['true', true],
  ['1e309', Infinity],
  ['{}', {}],
];

function shape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
}

const matrixBody = (key: string): Record<string, unknown> => {
  const body = matrix.find((r) => r.route === key)?.body;
  const value = typeof body === 'function' ? (body as () => unknown)() : body;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
};

interface Sample {
  what: string;
  schema: z.ZodType;
  value: unknown;
}

function samples(route: (typeof routes)[number]): Sample[] {
  const out: Sample[] = [];
  const { params, query, body } = route.definition;
  for (const [part, schema] of [
    ['params', params],
    ['query', query],
  ] as const) {
    if (!schema) continue;
    for (const name of Object.keys(shape(schema))) {
      for (const bad of badParams) out.push({ what: `${part}.${name} = ${JSON.stringify(bad.slice(0, 10))}`, schema, value: { [name]: bad } });
    }
    out.push({ what: `${part} with an unknown key`, schema, value: { ekstra: 'x' } });
  }
  if (body) {
    const base = matrixBody(route.key);
    for (const name of Object.keys(shape(body))) {
      for (const [label, bad] of badValues) out.push({ what: `body.${name} = ${label}`, schema: body, value: { ...base, [name]: bad } });
      const without = { ...base };
      delete without[name];
      out.push({ what: `body without ${name}`, schema: body, value: without });
    }
    for (const [label, bad] of badBodies) out.push({ what: `body = ${label}`, schema: body, value: bad });
    out.push({ what: 'body with an unknown key', schema: body, value: { ...base, ekstra: 1 } });
  }
  return out;
}

function problems(messages: string[]): string[] {
  return messages.flatMap((m) => [
    ...(ENGLISH.test(m) ? [`English or a type word: '${m}'`] : []),
    ...(NAMES_A_FIELD.test(m) ? [] : [`names no field: '${m}'`]),
  ]);
}

const withSchemas = routes.filter((r) => r.definition.params || r.definition.query || r.definition.body);

describe('validation messages: plain Norwegian, naming the field', () => {
  it('covers every route that validates something', () => {
    expect(withSchemas.length).toBeGreaterThanOrEqual(25);
  });

  it.each(withSchemas.map((r) => [r.key, r] as const))('%s: every issue of its schemas', (_key, route) => {
    const found: string[] = [];
    for (const sample of samples(route)) {
      const result = sample.schema.safeParse(sample.value);
      if (result.success) continue;
      for (const problem of problems(result.error.issues.map((i) => i.message))) found.push(`${sample.what} → ${problem}`);
    }
    expect(found).toEqual([]);
  });

  describe('through the real handlers', () => {
    let superuser = '';
    beforeAll(async () => {
      superuser = await signIn('superbruker@demo.no', 'demo1234', '192.0.2.201');
    });

    const requests = withSchemas.flatMap((route) => {
      const [method, path] = route.key.split(' ') as [string, string];
      const row = matrix.find((r) => r.route === route.key);
      const validPath = typeof row?.path === 'string' ? row.path : undefined;
      const out: [string, string, string, string | undefined][] = [];
      if (route.definition.params) out.push([`${route.key} with a bad param`, method, path.replace(/:(\w+)/g, 'IKKE_GYLDIG'), undefined]);
      if (route.definition.query) {
        for (const name of Object.keys(shape(route.definition.query)))
          out.push([`${route.key} with a bad ${name}`, method, `${path}?${name}=%00`, undefined]);
      }
      if (route.definition.body && validPath) {
        const fields = Object.keys(shape(route.definition.body));
        // 1e309 can only be sent as JSON text: JSON.stringify turns Infinity into null.
        // (A body without fields, as a heartbeat's `{}`, has no field to fill.)
        if (fields.length > 0)
          out.push([`${route.key} with 1e309 in every field`, method, validPath, `{${fields.map((f) => `"${f}":1e309`).join(',')}}`]);
        out.push([`${route.key} with a null body`, method, validPath, 'null']);
        out.push([`${route.key} with a list as body`, method, validPath, '[]']);
      }
      return out;
    });

    it.each(requests)('%s: error and issues in plain Norwegian', async (_name, method, path, body) => {
      const route = withSchemas.find(
        (r) => r.key.startsWith(`${method} `) && new URLPattern({ pathname: r.key.split(' ')[1] }).test({ pathname: path.split('?')[0] }),
      );
      // A webhook's body is signed, so it reaches validation (decision 27).
      const provider = route!.definition.webhook?.verifier.provider;
      const signature = provider && body !== undefined ? await webhookSignature(provider, body) : {};
      const result = await call(route!.handler, path, {
        method,
        cookie: superuser,
        ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/json', ...signature } }),
      });
      expect(result.status, result.text).toBe(400);
      const { error, issues } = result.body as { error: string; issues: { path: string; message: string }[] };
      expect(issues.length).toBeGreaterThan(0);
      expect(problems([error, ...issues.map((i) => i.message)])).toEqual([]);
      // `error` says what is wrong, in the words of the first issue.
      expect(error).toContain(issues[0]!.message);
    });
  });
});
