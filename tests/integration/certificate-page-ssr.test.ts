import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, users } from '../../db/schema';
import { DEMO_PASSWORD_HASH } from '../../db/seed';
import CertificatePage from '../../src/pages/bevis/[code].astro';
import { formatCode, newCertificateCode } from '../../src/server/certificates/codes';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { ORIGIN } from '../helpers';

/**
 * /bevis/{code} answered on the server: the page (src/pages/bevis/[code].astro) rendered through
 * Astro's container API against this file's own database, as the SSR function renders it. The
 * answer is in the HTML and the status line, with no script needed: 200 with the name, course and
 * date (and the score when there is one), 410 for a revoked certificate, 404 for an unknown or
 * malformed code, 429 with Retry-After once one address has tried too many unknown codes, and the
 * link preview's og:title and og:description.
 */

const db = async () => (await acquireAppDb()).db;
let container: AstroContainer;
let people = 0;

beforeAll(async () => {
  container = await AstroContainer.create({ astroConfig: { site: ORIGIN } });
});

/** A learner's certificate, written as the completion step writes it. */
async function certificate(options: { name?: [string, string]; score?: number | null; revoked?: boolean } = {}) {
  const [first, last] = options.name ?? ['Ærlend', 'Øvrebø'];
  const database = await db();
  const [user] = await database
    .insert(users)
    .values({ email: `bevis-side-${++people}-${process.pid}@example.no`, passwordHash: DEMO_PASSWORD_HASH, firstName: first, lastName: last })
    .returning({ id: users.id });
  const code = newCertificateCode();
  await database.insert(certificates).values({
    code,
    userId: user!.id,
    learnerName: `${first} ${last}`,
    courseTitle: 'KI Markedsføring',
    courseHours: '6 timer',
    completedAt: new Date('2026-11-20T10:00:00Z'),
    score: options.score ?? null,
    ...(options.revoked ? { revokedAt: new Date('2026-11-27T09:00:00Z'), revokedReason: 'Utstedt ved en feil' } : {}),
  });
  return formatCode(code);
}

async function open(code: string, ip = '203.0.113.90') {
  const response = await container.renderToResponse(CertificatePage, {
    request: new Request(`${ORIGIN}/bevis/${code}`, { headers: { 'x-nf-client-connection-ip': ip } }),
    params: { code },
    partial: false,
  });
  const html = await response.text();
  /** The page's visible text, tags removed and white space made single. */
  const text = html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ');
  const meta = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
  return { response, html, text, meta };
}

describe('/bevis/{code} on the server', () => {
  it('a valid certificate: 200 with the name, course, hours, date and code in the HTML, and the link preview says so', async () => {
    const code = await certificate();
    const { response, html, text, meta } = await open(code);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(text).toContain('Kursbeviset er gyldig.');
    expect(text).toContain('Utstedt til Ærlend Øvrebø');
    expect(text).toContain('Kurs KI Markedsføring');
    expect(text).toContain('Omfang 6 timer');
    expect(text).toContain('Fullført 20. november 2026');
    expect(text).toContain(`Kode ${code}`);
    // No score on a course without a graded test: the field is left out, not shown empty.
    expect(text).not.toContain('Resultat');
    expect(meta('og:title')).toBe('Kursbevis: Ærlend Øvrebø – KI Markedsføring | KI Akademiet');
    expect(meta('og:description')).toBe('Ærlend Øvrebø fullførte kurset KI Markedsføring hos KI Akademiet 20. november 2026. Kursbeviset er gyldig.');
    expect(html).toContain('<meta name="robots" content="noindex');
    // The answer needs no script: nothing on the page asks the API.
    expect(html).not.toContain('/api/certificate-verifications');
    // Typed by hand: lower case and without dashes finds it too.
    expect((await open(code.replace(/-/g, '').toLowerCase())).response.status).toBe(200);
  });

  it('shows the score when the certificate has one', async () => {
    const { response, text, meta } = await open(await certificate({ name: ['Åse', 'Ås'], score: 87 }));
    expect(response.status).toBe(200);
    expect(text).toContain('Resultat 87 %');
    expect(meta('og:description')).toContain('med resultat 87');
  });

  it('a revoked certificate: 410, says so in Norwegian, and shows no longer as valid', async () => {
    const { response, text, meta } = await open(await certificate({ name: ['Per', 'Trukket'], revoked: true }));
    expect(response.status).toBe(410);
    expect(text).toContain('Kursbeviset er trukket tilbake og er ikke lenger gyldig.');
    expect(text).toContain('Trukket tilbake 27. november 2026');
    expect(text).not.toContain('Kursbeviset er gyldig.');
    // The reason is the superuser's note, not the public's.
    expect(text).not.toContain('Utstedt ved en feil');
    expect(meta('og:title')).toBe('Kursbeviset er trukket tilbake | KI Akademiet');
  });

  it('an unknown or malformed code: 404 in Norwegian', async () => {
    for (const code of ['00000-00000-00000-00000', 'ikke-en-kode']) {
      const { response, text, meta } = await open(code, '203.0.113.91');
      expect(response.status).toBe(404);
      expect(text).toContain('Vi finner ikke noe kursbevis med denne koden.');
      expect(meta('og:title')).toBe('Fant ikke kursbeviset | KI Akademiet');
    }
  });

  it('keeps the rate limit: after too many unknown codes from one address, 429 with Retry-After, even for a valid code; another address is not affected', async () => {
    const valid = await certificate({ name: ['Liv', 'Dæhli'] });
    const ip = '203.0.113.92';
    for (let i = 0; i < env.CERTIFICATE_LOOKUPS_PER_ADDRESS + 3; i++) expect((await open(valid, ip)).response.status).toBe(200);
    for (let i = 0; i < env.CERTIFICATE_LOOKUPS_PER_ADDRESS; i++) {
      expect((await open(newCertificateCode(), ip)).response.status).toBe(404);
    }
    const blocked = await open(valid, ip);
    expect(blocked.response.status).toBe(429);
    expect(Number(blocked.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(blocked.text).toContain('Du har slått opp mange ukjente koder. Vent litt og prøv igjen.');
    expect(blocked.text).not.toContain('Liv Dæhli');
    expect((await open(valid, '203.0.113.93')).response.status).toBe(200);
  });

  it('the data model: a score outside 0–100 is refused', async () => {
    const code = await certificate({ name: ['Ola', 'Grense'] });
    const raw = code.replace(/-/g, '');
    await expect((await db()).update(certificates).set({ score: 101 }).where(eq(certificates.code, raw))).rejects.toThrow();
  });
});
