import { z } from 'zod';

/**
 * The one text schema every request field goes through, and the Norwegian
 * locale for zod's own messages (type errors, unknown keys, formats), so no
 * English validation text reaches a user. Importing this module configures
 * the locale; every schema module imports it.
 */
z.config(z.locales.no());
// In the browser, no `new Function` probe for zod's JIT: the pages' CSP has no 'unsafe-eval',
// so the probe is refused and reported as a CSP violation (tests/e2e/security.spec.ts). The
// server keeps the faster JIT parsing.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** C0 and C1 control characters and DEL; newline and tab are told apart below. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
const LINE_BREAK_OR_TAB = /[\n\r\t]/u;

export const textMessages = {
  control: 'Teksten inneholder tegn som ikke er tillatt',
  lineBreak: 'Teksten kan ikke inneholde linjeskift eller tabulator',
} as const;

export interface TextOptions {
  /** Largest length in characters (code points), after trimming. */
  max: number;
  /** Smallest length after trimming; 1 (the default) means required and non-blank. */
  min?: number;
  /** Allow newline, carriage return and tab (multi-line text such as notes or messages). */
  multiline?: boolean;
  /** Trim surrounding whitespace (default). Passwords keep theirs. */
  trim?: boolean;
  /** Messages for the common failures, in the words of the field. */
  messages?: { required?: string; tooLong?: string };
}

const length = (value: string) => [...value].length;

/**
 * A bounded string without control characters: trimmed, at least `min` and at
 * most `max` characters. A NUL byte or an escape sequence never reaches the
 * database or a log line; it is a 400 at the boundary.
 */
export function text(options: TextOptions) {
  const { max, min = 1, multiline = false, trim = true, messages = {} } = options;
  const base = z.string({ error: messages.required });
  return (trim ? base.trim() : base)
    .refine((value) => !CONTROL.test(value), { error: textMessages.control, abort: true })
    .refine((value) => multiline || !LINE_BREAK_OR_TAB.test(value), { error: textMessages.lineBreak, abort: true })
    .refine((value) => length(value) >= min, {
      error: messages.required ?? (min <= 1 ? 'Feltet må fylles ut' : `Må ha minst ${min} tegn`),
      abort: true,
    })
    .refine((value) => length(value) <= max, { error: messages.tooLong ?? `Kan ha høyst ${max} tegn` });
}
