/** `<`, `>`, `&` and U+2028/U+2029 become JSON escapes, so no value can end the `<script>` element; the result parses back to the same value. */

const escapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForHtml(value: unknown): string {
  const json = JSON.stringify(value);
  if (typeof json !== 'string') throw new TypeError('jsonForHtml: the value has no JSON form');
  return json.replace(/[<>&\u2028\u2029]/g, (c) => escapes[c]!);
}
