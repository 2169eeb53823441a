import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { generate } from 'selfsigned';
import { env } from '../../src/server/platform/env';

/**
 * TEST SETUP ONLY. A media host on another origin than the site (issue 20, point 3): an https
 * server on its own port with a self-signed certificate made at start, serving the sample video
 * and its captions with CORS and byte ranges, as a CDN would. playwright.config.ts lists its
 * origin in MEDIA_HOSTS for the server under test; the spec that plays from it trusts the
 * certificate (`ignoreHTTPSErrors`). Started once for the run by playwright.config.ts
 * (`npx tsx tests/e2e/media-host-server.ts`), since both projects' workers use the same port.
 */

/** Beside the site's port (SERVE_PORT, 4322 → 4391), so runs on other ports do not collide. */
export const MEDIA_HOST_PORT = env.SERVE_PORT + 69;
export const MEDIA_HOST_ORIGIN = `https://localhost:${MEDIA_HOST_PORT}`;

const files: Record<string, { path: string; type: string }> = {
  '/kurs/ekstern-video.mp4': { path: 'public/media/demo-leksjon.mp4', type: 'video/mp4' },
  '/kurs/ekstern-video.vtt': { path: 'public/media/demo-leksjon.vtt', type: 'text/vtt; charset=utf-8' },
};

export async function startMediaHost(): Promise<void> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const path = new URL(req.url ?? '/', MEDIA_HOST_ORIGIN).pathname;
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Accept-Ranges', 'bytes');
    const file = files[path];
    if (!file) return void res.writeHead(404).end();
    const body = readFileSync(file.path);
    res.setHeader('Content-Type', file.type);
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) return void res.writeHead(200, { 'Content-Length': body.length }).end(body);
    const start = range[1] ? Number(range[1]) : body.length - Number(range[2]);
    const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    if (start > end || start >= body.length) return void res.writeHead(416, { 'Content-Range': `bytes */${body.length}` }).end();
    res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${body.length}`, 'Content-Length': end - start + 1 });
    res.end(body.subarray(start, end + 1));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(MEDIA_HOST_PORT, 'localhost', resolve);
  });
  console.log(`Media host for the end-to-end tests on ${MEDIA_HOST_ORIGIN}`);
}
