import { z } from 'zod';
import { fieldLabel, issueMessage } from './issues';

/** Importing this installs `issueMessage` as zod's global `customError`, so every unworded issue is a Norwegian sentence. */
z.config({ customError: issueMessage });
// The browser skips zod's JIT probe: the pages' CSP has no 'unsafe-eval'.
if (typeof document !== 'undefined') z.config({ jitless: true });

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
const LINE_BREAK_OR_TAB = /[\n\r\t]/u;
const LONE_SURROGATE = /\p{Cs}/u;
/** Bidi overrides and isolates turn text around ('Trojan Source'); the marks U+200E, U+200F and U+061C stay allowed. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** What shows nothing on screen; only a text of nothing else is refused (a ZWJ inside an emoji is ordinary text). */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;
const ANGLE_BRACKETS = /[<>]/u;

type Issue = { path?: readonly PropertyKey[] | undefined };
const label = (issue: Issue) => fieldLabel(issue.path);

export const textMessages = {
  control: (issue: Issue) => `${label(issue)} inneholder tegn som ikke er tillatt`,
  lineBreak: (issue: Issue) => `${label(issue)} kan ikke inneholde linjeskift eller tabulator`,
  bidi: (issue: Issue) => `${label(issue)} kan ikke inneholde tegn som snur skriveretningen`,
  invisible: (issue: Issue) => `${label(issue)} kan ikke bestå bare av usynlige tegn`,
  angleBrackets: (issue: Issue) => `${label(issue)} kan ikke inneholde tegnene < og >`,
  required: (issue: Issue) => `${label(issue)} må fylles ut`,
  tooShort: (min: number) => (issue: Issue) => `${label(issue)} må ha minst ${min} tegn`,
  tooLong: (max: number) => (issue: Issue) => `${label(issue)} kan ha høyst ${max} tegn`,
} as const;

export interface TextOptions {
  /** Largest length in characters (code points), after trimming. */
  max: number;
  min?: number;
  multiline?: boolean;
  plain?: boolean;
  /** Kept exactly as typed, not trimmed (NIST SP 800-63B); control characters and lone surrogates are still refused. */
  secret?: boolean;
  messages?: { required?: string; tooLong?: string };
}

const length = (value: string) => [...value].length;
const isInvisible = (value: string) => value.replace(INVISIBLE, '') === '';

/** A NUL byte, an escape sequence or text that reads backwards is a 400 at the boundary, never stored or logged. */
export function text(options: TextOptions) {
  const { max, min = 1, multiline = false, plain = false, secret = false, messages = {} } = options;
  const base = z.string({ error: messages.required });
  const checked = (secret ? base : base.trim())
    .refine((value) => !CONTROL.test(value) && !LONE_SURROGATE.test(value), { error: textMessages.control, abort: true })
    .refine((value) => multiline || !LINE_BREAK_OR_TAB.test(value), { error: textMessages.lineBreak, abort: true })
    .refine((value) => secret || !BIDI_CONTROL.test(value), { error: textMessages.bidi, abort: true })
    .refine((value) => !plain || !ANGLE_BRACKETS.test(value), { error: textMessages.angleBrackets, abort: true })
    .refine((value) => length(value) >= min, {
      error: messages.required ?? (min <= 1 ? textMessages.required : textMessages.tooShort(min)),
      abort: true,
    })
    .refine((value) => secret || value === '' || !isInvisible(value), {
      error: min >= 1 ? (messages.required ?? textMessages.required) : textMessages.invisible,
      abort: true,
    });
  return checked.refine((value) => length(value) <= max, { error: messages.tooLong ?? textMessages.tooLong(max) });
}
