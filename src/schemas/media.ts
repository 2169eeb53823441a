import { fieldLabel } from './issues.ts';

/**
 * The one media rule (issue 20, point 3; decision 25): a lesson's video, captions and images
 * come from a path on this site (`/media/video.mp4`) or from an https origin listed in the
 * `MEDIA_HOSTS` setting. The admin's writes refuse anything else with a 400 naming the field,
 * the HTML sanitiser drops any other image, and the course player's and /admin's CSP allow
 * exactly these origins (src/server/auth/app-page.ts), so what is stored is what the player plays.
 *
 * The allowed origins are set once by src/server/platform/env.ts when the server starts (tests may set
 * their own with `setMediaOrigins`); until then none are allowed, so a caller that never loaded
 * the settings refuses external media rather than accepting it.
 */

let origins: ReadonlySet<string> = new Set();

/** Replaces the allowed media origins (`https://host[:port]`, as `URL.origin` writes them). */
export function setMediaOrigins(list: readonly string[]): void {
  origins = new Set(list);
}

/** The allowed media origins, in the order they were set. */
export function mediaOrigins(): readonly string[] {
  return [...origins];
}

/**
 * One `MEDIA_HOSTS` entry as its origin, or why not (for the developer who set it, so in English):
 * an https URL with nothing but a host and an optional port (`https://media.example.no`,
 * `https://cdn.example.no:8443`).
 */
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

/**
 * `site`: a path on this site; `allowed`: https on an allowed origin; `host`: a well-formed https
 * URL on any other host; `malformed`: anything else (http, `javascript:`, credentials, `//host`).
 */
export type MediaUrlVerdict = 'site' | 'allowed' | 'host' | 'malformed';

export function judgeMediaUrl(value: string): MediaUrlVerdict {
  if (SITE_PATH.test(value)) return 'site';
  if (!URL.canParse(value)) return 'malformed';
  const url = new URL(value);
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return 'malformed';
  return origins.has(url.origin) ? 'allowed' : 'host';
}

/** True for a site path or an https URL on an allowed media origin. */
export function isMediaUrl(value: string): boolean {
  const verdict = judgeMediaUrl(value);
  return verdict === 'site' || verdict === 'allowed';
}

/** What is accepted, in words: the end of every media message. */
function accepted(example = '/media/video.mp4'): string {
  const list = mediaOrigins();
  return list.length === 0
    ? `en sti på nettstedet, for eksempel ${example} (nettstedet har ingen godkjente eksterne medieverter)`
    : `en sti på nettstedet (for eksempel ${example}) eller en https-adresse hos ${list.length === 1 ? 'den godkjente mediaverten' : 'en av de godkjente mediavertene'} ${list.join(', ')}`;
}

/**
 * The message of a refused media URL, naming the field: 'Video-URL kan ikke hentes fra
 * evil.example. Den må være en sti på nettstedet …'.
 */
export function mediaUrlMessage(label: string, value: unknown): string {
  if (typeof value === 'string' && judgeMediaUrl(value) === 'host') {
    return `${label} kan ikke hentes fra ${new URL(value).host}. Den må være ${accepted()}`;
  }
  return `${label} må være ${accepted()}`;
}

/** A zod `error` for a media field: the message names the field by its path. */
export const mediaUrlError = (issue: { path?: readonly PropertyKey[] | undefined; input?: unknown }) =>
  mediaUrlMessage(fieldLabel(issue.path), issue.input);

/** The message of a lesson's HTML holding an image the media rule refuses (`http:` or another host). */
export function lessonImageMessage(src: string): string {
  const where = URL.canParse(src) ? new URL(src).host : src;
  return `Innhold (HTML) har et bilde fra ${where}. Bilder må være ${accepted('/media/bilde.png')}`;
}
