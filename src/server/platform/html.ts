import xss from 'xss';
import { isMediaUrl } from '../../schemas/media';

/**
 * Allow-list sanitiser over `xss`: every output tag is written from scratch by `onTag`, links are http(s) or relative
 * only (judged as the browser will parse them), and tags are balanced so a lesson cannot close or swallow the page.
 */

// CommonJS: parseAttr is a property of the default export only, and the typings describe that export as the bare function.
const { FilterXSS, parseAttr } = xss as unknown as typeof import('xss');

const allowedAttributes: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title', 'rel'],
  strong: [],
  b: [],
  em: [],
  i: [],
  code: [],
  pre: [],
  blockquote: [],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

const voidTags = new Set(['br', 'hr', 'img']);

const droppedWithContent = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math']);
/** Of those, the ones whose content a browser reads as raw text: only their own end tag ends them. */
const rawText = new Set(['script', 'style', 'textarea', 'noscript', 'iframe']);
const endsOption = new Set(['option', 'optgroup', 'select', 'datalist']);

const escapeText = (text: string) =>
  text
    .replace(/&(?![#a-zA-Z0-9])/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const escapeRawValue = (value: string) => value.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const encodeValue = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Decoded values are re-encoded on output, so the browser sees exactly what was checked; unlisted references stay literal. */
const namedReferences: Record<string, string> = {
  amp: '&',
  AMP: '&',
  lt: '<',
  LT: '<',
  gt: '>',
  GT: '>',
  quot: '"',
  QUOT: '"',
  apos: "'",
  colon: ':',
  sol: '/',
  bsol: '\\',
  Tab: '\t',
  NewLine: '\n',
  period: '.',
  quest: '?',
  num: '#',
  commat: '@',
  percnt: '%',
  excl: '!',
  lpar: '(',
  rpar: ')',
  plus: '+',
  comma: ',',
  semi: ';',
  equals: '=',
  lowbar: '_',
  nbsp: '\u00a0',
  aring: 'å',
  Aring: 'Å',
  aelig: 'æ',
  AElig: 'Æ',
  oslash: 'ø',
  Oslash: 'Ø',
};
/** Without `;` only these old ones count, and in an attribute not before an alphanumeric or `=`. */
const legacyReferences = new Set(['amp', 'AMP', 'lt', 'LT', 'gt', 'GT', 'quot', 'QUOT']);

function codePoint(n: number): string {
  if (n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(n);
}

export function decodeAttributeValue(value: string): string {
  return value.replace(
    /&(?:#(\d+);?|#[xX]([0-9a-fA-F]+);?|([a-zA-Z][a-zA-Z0-9]*)(;?))/g,
    (match, dec?: string, hex?: string, name?: string, semi?: string, offset?: number) => {
      if (dec !== undefined) return codePoint(Math.min(Number(dec), 0x110000));
      if (hex !== undefined) return codePoint(Math.min(parseInt(hex, 16), 0x110000));
      const decoded = name !== undefined ? namedReferences[name] : undefined;
      if (decoded === undefined) return match;
      if (semi) return decoded;
      const next = value.charAt((offset ?? 0) + match.length);
      return legacyReferences.has(name!) && !/[=a-zA-Z0-9]/.test(next) ? decoded : match;
    },
  );
}

const BASE = 'https://base.invalid/';

export function isSafeHref(href: string): boolean {
  // What the WHATWG URL parser does first: strip leading/trailing C0 controls and spaces, drop tabs and newlines.
  const cleaned = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (!URL.canParse(cleaned, BASE)) return false;
  const url = new URL(cleaned, BASE);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // Relative: it must stay on the page's host (so `//host`, `/\host`, `\\host` are refused).
  const hasScheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(cleaned);
  return hasScheme || url.host === 'base.invalid';
}

/** Tag names end at whitespace, `/` or `>` as in a browser: `<p/onclick=x>` is a `p` with an attribute. */
function splitTag(tagHtml: string): { name: string; attributes: string } {
  const name = /^<\/?([a-zA-Z][^\s/>]*)/.exec(tagHtml)?.[1] ?? '';
  const rest = tagHtml
    .slice(tagHtml.indexOf(name) + name.length, -1)
    .replace(/^[\s/]+/, '')
    .trim();
  return { name: name.toLowerCase(), attributes: rest.endsWith('/') ? rest.slice(0, -1).trim() : rest };
}

/** The first of duplicate attributes wins, as in a browser. */
function readAttributes(tag: string, source: string): Map<string, string> {
  const allowed = allowedAttributes[tag] ?? [];
  const attributes = new Map<string, string>();
  parseAttr(source, (name, value) => {
    if (allowed.includes(name) && !attributes.has(name)) attributes.set(name, value);
    return '';
  });
  return attributes;
}

function startTag(tag: string, source: string, refused: string[]): string {
  const attributes = readAttributes(tag, source);
  const parts: string[] = [];
  for (const [name, value] of attributes) {
    if (name === 'href') {
      const href = decodeAttributeValue(value).trim();
      if (isSafeHref(href)) parts.push(`href="${encodeValue(href)}"`);
    } else if (name !== 'rel' && name !== 'src') {
      parts.push(`${name}="${escapeRawValue(value)}"`);
    }
  }
  if (tag === 'a') parts.push('rel="noopener"');
  if (tag === 'img') {
    const src = decodeAttributeValue(attributes.get('src') ?? '').trim();
    if (!src || !isMediaUrl(src)) {
      if (src) refused.push(src);
      return '';
    }
    parts.push(`src="${encodeValue(src)}"`);
  }
  const attrs = parts.length ? ` ${parts.join(' ')}` : '';
  return voidTags.has(tag) ? `<${tag}${attrs} />` : `<${tag}${attrs}>`;
}

const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const closesParagraph = new Set(['p', 'ul', 'ol', 'pre', 'blockquote', 'table', 'hr', ...headings]);
const paragraphScope = new Set(['table', 'td', 'th', 'caption']);

function impliedEnd(open: string[], tag: string): number {
  const lastOf = (names: string[], within: string[]) => {
    for (let i = open.length - 1; i >= 0; i--) {
      if (names.includes(open[i]!)) return i;
      if (within.includes(open[i]!)) return -1;
    }
    return -1;
  };
  if (tag === 'li') return lastOf(['li'], ['ul', 'ol']);
  if (tag === 'td' || tag === 'th') return lastOf(['td', 'th'], ['tr', 'table']);
  if (tag === 'tr') return lastOf(['tr'], ['thead', 'tbody', 'tfoot', 'table']);
  if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') return lastOf(['thead', 'tbody', 'tfoot'], ['table']);
  if (headings.has(tag) && headings.has(open.at(-1) ?? '')) return open.length - 1;
  if (closesParagraph.has(tag)) return lastOf(['p'], [...paragraphScope]);
  return -1;
}

const closeFrom = (open: string[], from: string | number) =>
  open
    .splice(typeof from === 'number' ? from : open.lastIndexOf(from))
    .reverse()
    .map((t) => `</${t}>`)
    .join('');

export function sanitizeLessonHtml(html: string): string {
  return sanitize(html).html;
}

/** The admin's save refuses HTML holding one rather than storing a lesson that silently loses its images. */
export function refusedImageSources(html: string): string[] {
  return sanitize(html).refusedImages;
}

function sanitize(html: string): { html: string; refusedImages: string[] } {
  const refusedImages: string[] = [];
  const open: string[] = [];
  const dropping: string[] = [];

  const filter = new FilterXSS({
    whiteList: allowedAttributes,
    css: false,
    escapeHtml: (text) => (dropping.length ? '' : escapeText(text)),
    onTag: (_xssName, tagHtml, info) => {
      const closing = info.isClosing;
      const { name: tag, attributes } = splitTag(tagHtml);
      const selfClosed = tagHtml.endsWith('/>');
      const top = dropping.at(-1);
      if (top !== undefined) {
        if (rawText.has(top)) {
          if (closing && tag === top) dropping.pop();
          return '';
        }
        if (top === 'option' && endsOption.has(tag)) dropping.pop();
        if (closing) {
          const at = dropping.lastIndexOf(tag);
          if (at >= 0) dropping.length = at;
        } else if (droppedWithContent.has(tag) && tag !== 'embed' && !selfClosed) {
          dropping.push(tag);
        }
        return '';
      }
      // `<` not followed by a letter (`a < b >`) is text to a browser; `<!…>`, `<?…>`, `</…>` that are not tags are dropped.
      if (!tag) return /^<[!?/]/.test(tagHtml) ? '' : escapeText(tagHtml);
      if (!tagHtml.endsWith('>')) return '';
      if (droppedWithContent.has(tag)) {
        if (!closing && tag !== 'embed' && !selfClosed) dropping.push(tag);
        return '';
      }
      if (!Object.hasOwn(allowedAttributes, tag)) return '';
      if (closing) return open.includes(tag) ? closeFrom(open, tag) : '';
      const start = startTag(tag, attributes, refusedImages);
      if (!start) return '';
      const implied = impliedEnd(open, tag);
      const ends = implied >= 0 ? closeFrom(open, implied) : '';
      if (!voidTags.has(tag)) open.push(tag);
      return ends + start;
    },
  });
  const clean = filter.process(html) + closeFrom(open, 0);
  return { html: clean, refusedImages };
}
