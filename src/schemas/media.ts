import { fieldLabel } from './issues.ts';

/** Media come from a site path or an https origin in `MEDIA_HOSTS`; until src/server/platform/env.ts sets the origins none are allowed, so external media are refused. */

let origins: ReadonlySet<string> = new Set();

export function setMediaOrigins(list: readonly string[]): void {
  origins = new Set(list);
}

export function mediaOrigins(): readonly string[] {
  return [...origins];
}

/** Errors are in English: they are for the developer who set `MEDIA_HOSTS`. */
export function parseMediaOrigin(entry: string): { origin: string } | { error: string } {
  if (!URL.canParse(entry)) return { error: `"${entry}" is not a URL` };
  const url = new URL(entry);
  if (url.protocol !== 'https:') return { error: `"${entry}" must use https` };
  if (url.username || url.password) return { error: `"${entry}" must not hold a user name or password` };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || /[?#]/.test(entry)) {
    return { error: `"${entry}" must be an origin only, such as https://media.example.no` };
  }
  return { origin: url.origin };
}

/** A path on this site ('/media/x.mp4'), not a protocol-relative '//host/…'. */
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/u;

export type MediaUrlVerdict = 'site' | 'allowed' | 'host' | 'malformed';

export function judgeMediaUrl(value: string): MediaUrlVerdict {
  if (SITE_PATH.test(value)) return 'site';
  if (!URL.canParse(value)) return 'malformed';
  const url = new URL(value);
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return 'malformed';
  return origins.has(url.origin) ? 'allowed' : 'host';
}

export function isMediaUrl(value: string): boolean {
  const verdict = judgeMediaUrl(value);
  return verdict === 'site' || verdict === 'allowed';
}

function accepted(example = '/media/video.mp4'): string {
  const list = mediaOrigins();
  return list.length === 0
    ? `en sti på nettstedet, for eksempel ${example} (nettstedet har ingen godkjente eksterne medieverter)`
    : `en sti på nettstedet (for eksempel ${example}) eller en https-adresse hos ${list.length === 1 ? 'den godkjente mediaverten' : 'en av de godkjente mediavertene'} ${list.join(', ')}`;
}

export function mediaUrlMessage(label: string, value: unknown): string {
  if (typeof value === 'string' && judgeMediaUrl(value) === 'host') {
    return `${label} kan ikke hentes fra ${new URL(value).host}. Den må være ${accepted()}`;
  }
  return `${label} må være ${accepted()}`;
}

export const mediaUrlError = (issue: { path?: readonly PropertyKey[] | undefined; input?: unknown }) =>
  mediaUrlMessage(fieldLabel(issue.path), issue.input);

export function lessonImageMessage(src: string): string {
  const where = URL.canParse(src) ? new URL(src).host : src;
  return `Innhold (HTML) har et bilde fra ${where}. Bilder må være ${accepted('/media/bilde.png')}`;
}
