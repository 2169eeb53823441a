/**
 * JSON for a `<script>` element in HTML (JSON-LD, inline data): the one way JSON goes into
 * markup. `JSON.stringify` leaves `</script>` and `<!--` as they are, and the HTML parser ends
 * the element at the first `</script`, whatever the JSON means: a title such as
 * `</script><script>…` would run as a script of its own. Here `<`, `>` and `&` become the
 * JSON escapes `\u003c`, `\u003e` and `\u0026`, so no tag, comment or entity can form, and
 * U+2028/U+2029 become `\u2028`/`\u2029` (raw, they end a line in older JavaScript parsers).
 * The result is still JSON and parses back to the same value.
 */

const escapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForHtml(value: unknown): string {
  const json = JSON.stringify(value);
  // undefined, a function or a symbol: JSON.stringify gives no text at all.
  if (typeof json !== 'string') throw new TypeError('jsonForHtml: the value has no JSON form');
  return json.replace(/[<>&\u2028\u2029]/g, (c) => escapes[c]!);
}
