import type { AstroGlobal } from 'astro';
import { site } from '../../config/site';
import { formatLongDate } from '../../lib/format';
import type { CertificateVerification } from '../../schemas/certificates';
import { acquireAppDb } from '../platform/db';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../platform/db-errors';
import { ThrottledError, UnavailableError } from '../platform/errors';
import { logRequestError } from '../platform/log';
import { certificateTexts, verifyCertificate } from './certificates.service';

/** Answered in the page's own request so mail previews and LinkedIn's crawler need no JavaScript; a malformed code is a 404. */

type Found = Extract<CertificateVerification, { status: 'valid' | 'revoked' }>;

export type CertificatePage =
  | { status: 200; kind: 'valid'; certificate: Found }
  | { status: 410; kind: 'revoked'; certificate: Found }
  | { status: 404; kind: 'unknown'; code: string }
  | { status: 429; kind: 'throttled'; message: string; retryAfterSeconds: number }
  | { status: 503; kind: 'unavailable'; message: string };

export const certificatePageTexts = {
  heading: 'Kontroller kursbevis',
  valid: 'Kursbeviset er gyldig.',
  revoked: 'Kursbeviset er trukket tilbake og er ikke lenger gyldig.',
  unknown: 'Vi finner ikke noe kursbevis med denne koden.',
  unknownHelp: 'Kontroller at hele adressen er med, eller skann QR-koden på kursbeviset på nytt.',
  issuedBy: `Kursbeviset er utstedt av ${site.productName} da kurset var fullført.`,
  throttled: certificateTexts.throttled,
} as const;

function clientIp(astro: AstroGlobal): string {
  let address = '';
  try {
    address = astro.clientAddress;
  } catch {
    // Astro throws where the adapter gives no address; the headers below still may.
  }
  const headers = astro.request.headers;
  return address || headers.get('x-nf-client-connection-ip') || headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}

function codeOf(astro: AstroGlobal): string {
  const raw = astro.params.code ?? '';
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}

export async function certificatePage(astro: AstroGlobal): Promise<CertificatePage> {
  const page = await lookUp(codeOf(astro), clientIp(astro), astro.url.pathname);
  astro.response.status = page.status;
  if (page.kind === 'throttled') astro.response.headers.set('Retry-After', String(page.retryAfterSeconds));
  if (page.kind === 'unavailable') astro.response.headers.set('Retry-After', '5');
  // Every answer is looked up afresh: a revocation shows at once, and each lookup counts for the rate limit.
  astro.response.headers.set('Cache-Control', 'no-store');
  return page;
}

async function lookUp(code: string, ip: string, path: string): Promise<CertificatePage> {
  const requestId = crypto.randomUUID();
  let release: (() => Promise<void>) | undefined;
  try {
    const acquired = await acquireAppDb();
    release = acquired.release;
    const verification = await verifyCertificate(acquired.db, code, ip);
    if (verification.status === 'unknown') return { status: 404, kind: 'unknown', code: verification.code };
    if (verification.status === 'revoked') return { status: 410, kind: 'revoked', certificate: verification };
    return { status: 200, kind: 'valid', certificate: verification };
  } catch (error) {
    if (error instanceof ThrottledError)
      return { status: 429, kind: 'throttled', message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    if (error instanceof UnavailableError) return { status: 503, kind: 'unavailable', message: error.message };
    logRequestError(requestId, `page ${path}`, error);
    if (isDatabaseUnavailable(error)) return { status: 503, kind: 'unavailable', message: databaseUnavailableMessage };
    throw error;
  } finally {
    await release?.().catch((e: unknown) => logRequestError(requestId, `page ${path} (releasing the database)`, e));
  }
}

export function certificateDate(iso: string): string {
  return formatLongDate(new Date(iso));
}

export function formatScore(score: number): string {
  return `${score}\u00a0%`;
}

export function certificatePageMeta(page: CertificatePage): { title: string; description: string } {
  switch (page.kind) {
    case 'valid': {
      const { learnerName, courseTitle, completedAt, score } = page.certificate;
      const result = score === null ? '' : ` med resultat ${formatScore(score)}`;
      return {
        title: `Kursbevis: ${learnerName} – ${courseTitle}`,
        description: `${learnerName} fullførte kurset ${courseTitle} hos ${site.productName} ${certificateDate(completedAt)}${result}. Kursbeviset er gyldig.`,
      };
    }
    case 'revoked':
      return {
        title: 'Kursbeviset er trukket tilbake',
        description: `Kursbeviset for ${page.certificate.courseTitle} fra ${site.productName} er trukket tilbake og er ikke lenger gyldig.`,
      };
    case 'unknown':
      return { title: 'Fant ikke kursbeviset', description: `Vi finner ikke noe kursbevis fra ${site.productName} med denne koden.` };
    case 'throttled':
      return { title: certificatePageTexts.heading, description: page.message };
    case 'unavailable':
      return { title: certificatePageTexts.heading, description: page.message };
  }
}
