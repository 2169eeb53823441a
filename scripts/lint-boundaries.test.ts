import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries in eslint.config.js, shown failing: each case lints a small file
 * as if it lived at `filePath` (nothing is written to disk). Type information is switched
 * off here; the boundary rules do not need it and the test stays fast.
 */
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('an island that imports src/server fails lint', async () => {
    const errors = await boundaryErrors(
      'src/islands/Probe.tsx',
      "import { env } from '../server/env';\nexport const Probe = () => <p>{env.SITE_URL}</p>;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Boundary "browser code never imports src/server"')]);
  });

  it('browser code at any depth that imports src/server or db/ fails lint', async () => {
    const code =
      "import { hashPassword } from '../../server/password';\nimport { users } from '../../../db/schema';\nexport const x = [hashPassword, users];\n";
    const errors = await boundaryErrors('src/features/dashboard/Probe.tsx', code);
    expect(errors).toEqual([
      expect.stringContaining('Boundary "browser code never imports src/server"'),
      expect.stringContaining('Boundary "browser code never imports db/"'),
    ]);
  });

  it('browser code that imports the assistant (src/server/assistant) fails lint, at any depth', async () => {
    const cases: [string, string][] = [
      ['src/islands/Probe.tsx', '../server/assistant/index'],
      ['src/features/chat/Probe.tsx', '../../server/assistant/markdown'],
      ['src/features/chat/parts/Probe.tsx', '../../../server/assistant/provider'],
      ['src/components/app/Probe.tsx', '../../server/assistant'],
      ['src/lib/Probe.ts', '../server/assistant/offline.ts'],
    ];
    for (const [filePath, from] of cases) {
      const errors = await boundaryErrors(filePath, `import * as assistant from '${from}';\nexport const a = assistant;\n`);
      expect(errors, `${filePath} importing ${from}`).toEqual([expect.stringContaining('Boundary "browser code never imports src/server"')]);
    }
  });

  it('a feature that imports another feature fails lint, however the path is written', async () => {
    const cases: [string, string, string][] = [
      ['src/features/player/Probe.tsx', '../chat/ChatPanelHost', 'src/features/player imports src/features/chat'],
      ['src/features/dashboard/Probe.tsx', '../player', 'src/features/dashboard imports src/features/player'],
      ['src/features/admin/parts/Probe.tsx', '../../player/LessonContent', 'src/features/admin imports src/features/player'],
      ['src/features/chat/Probe.tsx', '../../features/admin/admin.queries', 'src/features/chat imports src/features/admin'],
    ];
    for (const [filePath, from, names] of cases) {
      const errors = await boundaryErrors(filePath, `import * as other from '${from}';\nexport const o = other;\n`);
      expect(errors, `${filePath} importing ${from}`).toEqual([
        expect.stringContaining(`Boundary "a feature never imports another feature": ${names}.`),
      ]);
    }
  });

  it('shared code that imports a feature, and src/server that imports browser code, fail lint', async () => {
    const shared = await boundaryErrors(
      'src/components/app/Probe.tsx',
      "import { ChatPanelHost } from '../../features/chat/ChatPanelHost';\nexport const c = ChatPanelHost;\n",
    );
    expect(shared).toEqual([expect.stringContaining('Boundary "shared code never imports a feature"')]);
    const fromLib = await boundaryErrors(
      'src/lib/probe.ts',
      "import { adminCoursesQuery } from '../features/admin/admin.queries';\nexport const q = adminCoursesQuery;\n",
    );
    expect(fromLib).toEqual([expect.stringContaining('Boundary "shared code never imports a feature"')]);
    const server = await boundaryErrors(
      'src/server/notes/probe.service.ts',
      "import { orderLessons } from '../../features/player/player-lessons';\nexport const o = orderLessons;\n",
    );
    expect(server).toEqual([expect.stringContaining('Boundary "src/server never imports browser code"')]);
  });

  it('db/ that imports src/server fails lint', async () => {
    const errors = await boundaryErrors('db/probe.ts', "import { env } from '../src/server/platform/env';\nexport const url = env.SITE_URL;\n");
    expect(errors).toEqual([expect.stringContaining('Boundary "db/ never imports src/server"')]);
  });

  it('a service in any server folder that imports the HTTP pipeline or one of its parts fails lint', async () => {
    const cases: [string, string][] = [
      ['src/server/notes/probe.service.ts', '../platform/http'],
      ['src/server/learning/probe.service.ts', '../platform/http/errors'],
      ['src/server/admin/parts/probe.service.ts', '../../platform/http/index.ts'],
      ['src/server/platform/webhooks/probe.service.ts', '../http/router'],
      ['src/server/platform/probe.service.ts', './http'],
    ];
    for (const [filePath, from] of cases) {
      const errors = await boundaryErrors(filePath, `import * as http from '${from}';\nexport const h = http;\n`);
      expect(errors, `${filePath} importing ${from}`).toEqual([expect.stringContaining('Boundary "services never import the HTTP pipeline')]);
    }
  });

  it('platform that imports a server feature fails lint, except the pipeline reading the session', async () => {
    const cases: [string, string][] = [
      ['src/server/platform/probe.ts', '../learning/learning.service'],
      ['src/server/platform/http/probe.ts', '../../admin/users.service.ts'],
      ['src/server/platform/http/probe.ts', '../../auth/device'],
      ['src/server/platform/webhooks/probe.ts', '../../../server/checkout/reconcile'],
      ['src/server/platform/probe.service.ts', '../mail/outbox'],
    ];
    for (const [filePath, from] of cases) {
      const errors = await boundaryErrors(filePath, `import * as feature from '${from}';\nexport const f = feature;\n`);
      expect(errors, `${filePath} importing ${from}`).toEqual([expect.stringContaining('Boundary "platform never imports a feature"')]);
    }
    expect(
      await boundaryErrors(
        'src/server/platform/http/probe.ts',
        "import { SESSION_COOKIE } from '../../auth/session';\nimport { env } from '../env';\nexport const parts = [SESSION_COOKIE, env];\n",
      ),
    ).toEqual([]);
  });

  it('checkout and company that import each other fail lint, however the path is written', async () => {
    const cases: [string, string, string][] = [
      ['src/server/checkout/probe.ts', '../company/seats.service', 'src/server/checkout imports src/server/company'],
      ['src/server/checkout/probe.service.ts', '../../server/company/company.service', 'src/server/checkout imports src/server/company'],
      ['src/server/checkout/parts/probe.ts', '../../company', 'src/server/checkout imports src/server/company'],
      ['src/server/company/probe.ts', '../checkout/pricing', 'src/server/company imports src/server/checkout'],
      ['src/server/company/probe.service.ts', '../checkout/checkout.service.ts', 'src/server/company imports src/server/checkout'],
      ['src/server/company/parts/probe.ts', '../../checkout/order-change', 'src/server/company imports src/server/checkout'],
    ];
    for (const [filePath, from, names] of cases) {
      const errors = await boundaryErrors(filePath, `import * as other from '${from}';\nexport const o = other;\n`);
      expect(errors, `${filePath} importing ${from}`).toEqual([
        expect.stringContaining(`Boundary "checkout and company never import each other": ${names}.`),
      ]);
    }
  });

  it("checkout and company keep the server's other boundaries", async () => {
    const http = await boundaryErrors(
      'src/server/checkout/probe.service.ts',
      "import { HttpError } from '../platform/http';\nexport const e = HttpError;\n",
    );
    expect(http).toEqual([expect.stringContaining('Boundary "services never import the HTTP pipeline')]);
    const companyHttp = await boundaryErrors(
      'src/server/company/probe.service.ts',
      "import { json } from '../platform/http/responses.ts';\nexport const j = json;\n",
    );
    expect(companyHttp).toEqual([expect.stringContaining('Boundary "services never import the HTTP pipeline')]);
    const browser = await boundaryErrors(
      'src/server/company/probe.ts',
      "import { orderLessons } from '../../features/player/player-lessons';\nexport const o = orderLessons;\n",
    );
    expect(browser).toEqual([expect.stringContaining('Boundary "src/server never imports browser code"')]);
  });

  it('allowed imports pass: checkout and company importing src/server/products, their own files, the rest of the server and db/', async () => {
    expect(
      await boundaryErrors(
        'src/server/checkout/probe.service.ts',
        "import { productKind } from '../products/registry';\nimport type { ProductKind } from '../products/kinds';\nimport { priceFor } from './pricing';\nimport { env } from '../platform/env';\nimport { orders } from '../../../db/schema';\nexport const parts = [productKind, priceFor, env, orders];\nexport type K = ProductKind;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/server/company/parts/probe.ts',
        "import { productKind } from '../../products/registry';\nimport { seats } from '../seats.service';\nexport const parts = [productKind, seats];\n",
      ),
    ).toEqual([]);
    // The HTTP pipeline stays open to what is not a service (a route helper in the folder).
    expect(await boundaryErrors('src/server/checkout/probe.ts', "import { json } from '../platform/http';\nexport const j = json;\n")).toEqual([]);
  });

  it('allowed imports pass: an island importing src/lib and src/schemas, a service importing db/', async () => {
    expect(
      await boundaryErrors(
        'src/islands/Probe.tsx',
        "import { formatPrice } from '../lib/format';\nimport type { CurrentUser } from '../schemas/auth';\nexport const Probe = (p: { user: CurrentUser }) => <p>{formatPrice(1, false)}{p.user.email}</p>;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/server/notes/probe.service.ts', "import { users } from '../../../db/schema';\nexport const t = users;\n"),
    ).toEqual([]);
  });

  it('allowed imports pass: an island mounting two features, a feature importing its own files and the shared ground', async () => {
    expect(
      await boundaryErrors(
        'src/islands/Probe.tsx',
        "import { ChatPanelHost } from '../features/chat/ChatPanelHost';\nimport { DashboardView } from '../features/dashboard/DashboardView';\nexport const parts = [ChatPanelHost, DashboardView];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/features/player/Probe.tsx',
        "import { orderLessons } from './player-lessons';\nimport { AppHeader } from '../../components/app/AppHeader';\nimport { Button } from '../../components/ui/Button';\nimport { apiRequest } from '../../lib/api';\nimport { toast } from '../../stores/toast';\nimport type { ChatMessage } from '../../schemas/chat';\nexport const parts = [orderLessons, AppHeader, Button, apiRequest, toast];\nexport type M = ChatMessage;\n",
      ),
    ).toEqual([]);
  });
});
