import { describe, expect, it } from 'vitest';
import type { Routes } from '../../src/server/platform/http';
import type { Handler } from '../helpers';

/**
 * Every route declares what it answers (src/server/platform/http/response-contract.ts): a zod schema of its
 * JSON, or a marker for an answer that is not JSON data. The routes come from the function
 * files' own tables, so a new endpoint without a contract fails here. The pipeline checks each
 * 2xx answer against its schema in every integration test.
 */

type FunctionModule = { default: Handler & { definitions?: Routes }; config: { schedule?: string } };
const everyFunction = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });

const routes = Object.entries(everyFunction)
  .filter(([, mod]) => !mod.config.schedule)
  .flatMap(([file, mod]) => Object.entries(mod.default.definitions ?? {}).map(([key, definition]) => ({ file, key, definition })));

describe('response contracts', () => {
  it('reads the route tables', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('every route has one', () => {
    const missing = routes.filter((r) => !r.definition.response).map((r) => r.key);
    expect(missing).toEqual([]);
  });
});
