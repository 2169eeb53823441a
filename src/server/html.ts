import sanitizeHtml from 'sanitize-html';
import { isMediaUrl } from '../schemas/lesson-content';

/**
 * The one HTML sanitiser: an allow-list over sanitize-html (a maintained parser-based
 * library, not regular expressions). The course player sends HTML lessons through it
 * (decision 11), and the admin can run it when a lesson is saved. Anything not listed is
 * dropped: script, style, iframe, object, forms, every `on*` handler, `style` and `class`.
 *
 * - links: `href` with http, https or a relative address only (no `javascript:`, `data:`,
 *   protocol-relative `//host`); every link gets `rel="noopener"`;
 * - images: `src` an https URL or a path on the site (the lesson-content rule for media), plus `alt`;
 *   an image without an acceptable `src` is removed;
 * - text structure: headings, paragraphs, lists, emphasis, code, quotes and simple tables.
 */

const allowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'code',
  'pre',
  'blockquote',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Dropped with their content, not just their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener' } }),
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src !== undefined && isMediaUrl(src.trim()) ? { ...rest, src: src.trim() } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** HTML written by an admin, made safe to insert into a page. */
export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, options);
}
