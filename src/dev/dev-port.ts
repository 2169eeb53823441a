import { createServer } from 'node:net';

/** The port in a local SITE_URL, so canonical URLs and robots.txt name where the dev server listens. */
export function devPort(siteUrl: string): number {
  const url = new URL(siteUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return local && url.port ? Number(url.port) : 4321;
}

export async function portInUse(port: number): Promise<boolean> {
  for (const host of ['127.0.0.1', '::1']) {
    const taken = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES'));
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
    });
    if (taken) return true;
  }
  return false;
}

export function portInUseMessage(port: number): string {
  return [
    `Port ${port} is in use (another \`npm start\`?).`,
    `Stop that process, or run the dev server on another port by setting SITE_URL=http://localhost:<port> in .env.`,
    `The dev server does not move to a free port by itself: canonical URLs, og:url, robots.txt and sign-in use SITE_URL.`,
  ].join('\n');
}
