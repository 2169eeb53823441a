import { z } from 'zod';
import { fieldLabel, issueMessage } from './issues';

/**
 * The one text schema every request field goes through, and zod's Norwegian texts: importing
 * this module installs `issueMessage` (src/schemas/issues.ts) as zod's global `customError`,
 * so every issue a schema does not word itself (a wrong type, an unknown key, a number out of
 * range) is a plain Norwegian sentence naming the field. Every schema module imports it.
 */
z.config({ customError: issueMessage });
// In the browser, no `new Function` probe for zod's JIT: the pages' CSP has no 'unsafe-eval',
// so the probe is refused and reported as a CSP violation (tests/e2e/security.spec.ts). The
// server keeps the faster JIT parsing.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** C0 and C1 control characters and DEL; newline and tab are told apart below. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
const LINE_BREAK_OR_TAB = /[\n\r\t]/u;
/** A UTF-16 surrogate without its partner: not a character, and stored as U+FFFD. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they turn
 * the text around it ('Trojan Source', file names that read backwards). The marks U+200E,
 * U+200F and U+061C stay allowed: right-to-left text needs them and they reorder nothing else.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * What shows nothing on screen. A text made only of these is empty:
 *   - White_Space (spaces of every width, U+00A0, U+2028/2029, U+3000 …);
 *   - Default_Ignorable_Code_Point (zero-width space, joiners U+200B–U+200D, U+2060 word joiner,
 *     U+FEFF, soft hyphen U+00AD, variation selectors, Hangul fillers U+115F/U+1160/U+3164/U+FFA0,
 *     tag characters, the bidi marks and controls);
 *   - the other format characters, \p{Cf} (U+0600–U+0605, U+FFF9–U+FFFB …);
 *   - U+2800 BRAILLE PATTERN BLANK, which renders as a blank cell.
 * Only a text with nothing else is refused: a zero-width joiner inside an emoji sequence or a
 * ZWNJ between letters is ordinary text.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;
/** Refused in names and titles (`plain`): they are what markup is made of. */
const ANGLE_BRACKETS = /[<>]/u;

type Issue = { path?: readonly PropertyKey[] | undefined };
const label = (issue: Issue) => fieldLabel(issue.path);

/** The refusals of `text()`, each naming the field ('Navn kan ikke inneholde tegnene < og >'). */
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
  /** Smallest length after trimming; 1 (the default) means required and non-blank. */
  min?: number;
  /** Allow newline, carriage return and tab (multi-line text such as notes or messages). */
  multiline?: boolean;
  /** A name or a title: `<` and `>` are refused, so markup never gets in as a name. */
  plain?: boolean;
  /**
   * A secret (a password): kept exactly as typed, not trimmed, and any visible or invisible
   * character counts (NIST SP 800-63B); control characters and lone surrogates are still refused.
   */
  secret?: boolean;
  /** Messages for the common failures, in the words of the field. */
  messages?: { required?: string; tooLong?: string };
}

const length = (value: string) => [...value].length;
/** True when nothing would show: empty once every invisible character is taken out. */
const isInvisible = (value: string) => value.replace(INVISIBLE, '') === '';

/**
 * A bounded string of real text: trimmed, at least `min` and at most `max` characters, without
 * control characters, lone surrogates or bidi overrides, and not made only of invisible
 * characters. A NUL byte, an escape sequence or a text that reads backwards never reaches the
 * database or a log line; it is a 400 at the boundary, naming the field.
 */
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
    // A text that shows nothing is empty: a required field's own message, else its own refusal.
    .refine((value) => secret || value === '' || !isInvisible(value), {
      error: min >= 1 ? (messages.required ?? textMessages.required) : textMessages.invisible,
      abort: true,
    });
  return checked.refine((value) => length(value) <= max, { error: messages.tooLong ?? textMessages.tooLong(max) });
}
