// `npm run fuzz`: 3000 fast-check cases per API route (FUZZ_RUNS) with a random seed (FUZZ_SEED); replay with the same FUZZ_SEED and FUZZ_RUNS.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { env } from '../src/server/platform/env';

const runs = process.env.FUZZ_RUNS ? env.FUZZ_RUNS : 3000;
const seed = env.FUZZ_SEED ?? randomInt(1, 2 ** 31 - 1);
const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`;

console.log(`Fuzzing every API route: ${runs} cases each, seed ${seed} (replay: ${replay})`);
const started = Date.now();
const result = spawnSync(
  'npx',
  ['vitest', 'run', 'tests/integration/fuzz.test.ts', '--project', 'integration', '--project', 'integration-pg', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) } },
);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`Fuzz ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s: seed ${seed}, ${runs} cases per route (replay: ${replay})`);
process.exit(result.status ?? 1);
