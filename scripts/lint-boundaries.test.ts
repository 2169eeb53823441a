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
    const errors = await boundaryErrors('src/components/dashboard/Probe.tsx', code);
    expect(errors).toEqual([
      expect.stringContaining('Boundary "browser code never imports src/server"'),
      expect.stringContaining('Boundary "browser code never imports db/"'),
    ]);
  });

  it('db/ that imports src/server fails lint', async () => {
    const errors = await boundaryErrors('db/probe.ts', "import { env } from '../src/server/env';\nexport const url = env.SITE_URL;\n");
    expect(errors).toEqual([expect.stringContaining('Boundary "db/ never imports src/server"')]);
  });

  it('a service that imports the HTTP pipeline fails lint', async () => {
    const errors = await boundaryErrors('src/server/probe.service.ts', "import { HttpError } from './http';\nexport const e = HttpError;\n");
    expect(errors).toEqual([expect.stringContaining('Boundary "services never import the HTTP pipeline')]);
  });

  it('allowed imports pass: an island importing src/lib and src/schemas, a service importing db/', async () => {
    expect(
      await boundaryErrors(
        'src/islands/Probe.tsx',
        "import { formatPrice } from '../lib/format';\nimport type { CurrentUser } from '../schemas/auth';\nexport const Probe = (p: { user: CurrentUser }) => <p>{formatPrice(1, false)}{p.user.email}</p>;\n",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('src/server/probe.service.ts', "import { users } from '../../db/schema';\nexport const t = users;\n")).toEqual([]);
  });
});
