import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL server of a test's own, to stop and start at will (fault tests).
 * Same recipe as .ci/run: Debian's server binaries, initdb into a temporary
 * folder, trust auth, loopback only, a free port, the Unix socket inside that
 * folder. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 */

const run = promisify(execFile);

/** The newest `/usr/lib/postgresql/<version>/bin` with initdb and pg_ctl; undefined when not installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((version) => join(root, version, 'bin'))
    .filter((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')))
    .at(-1);
}

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url(database?: string): string;
  port: number;
  /** `pg_ctl stop` (default `fast`: disconnects clients, as a restart or failover does). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (immediate) and deletes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
  const dir = mkdtempSync(join(tmpdir(), 'kia-pg-'));
  const asRoot = process.getuid?.() === 0;
  const shell = async (command: string) => {
    // cwd: the postgres user may not be allowed into the repository folder.
    if (asRoot) await run('su', ['postgres', '-s', '/bin/bash', '-c', command], { cwd: dir });
    else await run('/bin/bash', ['-c', command], { cwd: dir });
  };
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    chownSync(dir, await id('-u'), await id('-g'));
  }

  const port = await freePort();
  const data = join(dir, 'data');
  const pgCtl = `${quote(join(bin, 'pg_ctl'))} -D ${quote(data)}`;
  const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`;
  let destroyed = false;

  const server: ThrowawayPostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: (mode = 'fast') => shell(`${pgCtl} -m ${mode} -w stop`),
    start: () => shell(`${pgCtl} -l ${quote(join(dir, 'server.log'))} -w -o ${quote(serverOptions)} start`),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await shell(`${pgCtl} -m immediate stop`).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    await shell(`${quote(join(bin, 'initdb'))} -D ${quote(data)} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
    await server.start();
  } catch (error) {
    await server.destroy();
    throw error;
  }
  return server;
}
