import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Netlify reads each function's `config` statically, so paths and methods are written
 * out literally next to the routes the handler dispatches. This test keeps them equal.
 */
const files = readdirSync('netlify/functions').filter((f) => f.endsWith('.ts'));

type FunctionModule = { default: { routes?: string[] }; config: { path?: string | string[]; method?: string | string[]; schedule?: string } };
/** Scheduled functions (the mail sender) have a schedule instead of routes: Netlify gives them no URL. */
const scheduled = ['mail-sender.ts', 'order-sweeper.ts', 'learning-reminders.ts'];

describe.each(scheduled)('netlify/functions/%s (scheduled)', (file) => {
  it('runs on a schedule, with no path and no routes', async () => {
    const mod = (await import(`../../../netlify/functions/${file}`)) as FunctionModule;
    expect(mod.config.schedule).toMatch(/^(\S+ ){4}\S+$/);
    expect(mod.config.path).toBeUndefined();
    expect(mod.default.routes).toBeUndefined();
  });
});

describe.each(files.filter((f) => !scheduled.includes(f)))('netlify/functions/%s', (file) => {
  it('declares exactly the paths and methods its routes use', async () => {
    const mod = (await import(`../../../netlify/functions/${file}`)) as {
      default: { routes: string[] };
      config: { path: string | string[]; method?: string | string[] };
    };
    const routes = mod.default.routes.map((r) => r.split(' ') as [string, string]);
    expect([...new Set(routes.map(([, path]) => path))].sort()).toEqual([mod.config.path].flat().sort());
    expect([...new Set(routes.map(([method]) => method))].sort()).toEqual([mod.config.method ?? []].flat().sort());
  });

  it('puts every route under /api/', async () => {
    const mod = (await import(`../../../netlify/functions/${file}`)) as { config: { path: string | string[] } };
    for (const path of [mod.config.path].flat()) expect(path).toMatch(/^\/api\//);
  });
});
