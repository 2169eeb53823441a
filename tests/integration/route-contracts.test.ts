import { describe, expect, it } from 'vitest';
import type { Routes } from '../../src/server/http';
import type { Handler } from '../helpers';

/**
 * Every route declares what it answers (src/server/response-contract.ts): a zod schema of its
 * JSON, or a marker for an answer that is not JSON data. The routes come from the function
 * files' own tables, so a new endpoint without a contract fails here. The pipeline checks each
 * 2xx answer against its schema in every integration test.
 */

type FunctionModule = { default: Handler & { definitions?: Routes }; config: { schedule?: string } };
const everyFunction = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });

const routes = Object.entries(everyFunction)
  .filter(([, mod]) => !mod.config.schedule)
  .flatMap(([file, mod]) => Object.entries(mod.default.definitions ?? {}).map(([key, definition]) => ({ file, key, definition })));

/** Routes still waiting for their contract. This list only shrinks; an endpoint added later is never on it. */
const withoutContractYet = new Set<string>([
  'GET /api/admin/courses',
  'GET /api/admin/lessons',
  'POST /api/admin/courses/:courseId/modules',
  'POST /api/admin/modules/:moduleId/lessons',
  'PUT /api/admin/lessons/:lessonId/content',
  'GET /api/admin/statistics',
  'GET /api/admin/audit',
]);

describe('response contracts', () => {
  it('reads the route tables', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('every route has one', () => {
    const missing = routes.filter((r) => !r.definition.response && !withoutContractYet.has(r.key)).map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it('the waiting list names only routes that still wait', () => {
    const done = routes.filter((r) => r.definition.response && withoutContractYet.has(r.key)).map((r) => r.key);
    const unknown = [...withoutContractYet].filter((key) => !routes.some((r) => r.key === key));
    expect({ done, unknown }).toEqual({ done: [], unknown: [] });
  });
});
