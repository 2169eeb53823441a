/**
 * The lessons' lexicon (every lexeme of `lessons.search_document`, with the number of lessons
 * that have it), kept in process memory so a message does not rebuild it with `ts_stat`, and
 * the compound matching over it.
 *
 * Freshness: each message's first statement reads the lessons' **version** (`LESSONS_VERSION`):
 * the database, the server's start time and a hash of every lesson row's tuple version
 * (`ctid` and `xmin`). Any insert, update or delete of a lesson — through the admin, the seed,
 * a test or by hand, whether or not it touches `updated_at` — makes a new tuple version, so the
 * version changes and the lexicon is read again before it is used: a new or edited lesson is
 * found at once. (A cascade from a module or course delete is a delete of lesson rows.) The
 * cache is shared by every connection of the process (Neon opens one per request), keyed by
 * the version, which names the database and the server run.
 */

/** One lexeme of the lessons' search documents. */
export interface LexiconEntry {
  word: string;
  /** How many lessons have the word. */
  ndoc: number;
  /** Letters and digits only, as the database's `[[:alnum:]]` tells (locale-dependent, so asked there). */
  plain: boolean;
}

/**
 * SQL for the lessons' version (see above). `xmin` alone would not tell two updates of one row
 * in the same transaction apart; `ctid` does. A rewrite of the table (VACUUM FULL) changes it
 * too, which only costs one more read of the lexicon.
 */
export const LESSONS_VERSION = `current_database() || ' ' || pg_postmaster_start_time()::text || ' ' || (
  SELECT md5(coalesce(string_agg(l.ctid::text || ':' || l.xmin::text, ',' ORDER BY l.ctid), '')) FROM lessons l
)`;

/**
 * SQL for the lexicon, as one JSON array of `[word, ndoc, plain]`, most common first (ties by
 * word in the database's collation, the order the compounds are picked in). `ts_stat` reads
 * the documents with a snapshot no older than the statement's, so a lexicon read together
 * with `LESSONS_VERSION` is never older than that version says (at worst newer: one more read).
 */
export const LEXICON_JSON = `(
  SELECT coalesce(json_agg(json_build_array(s.word, s.ndoc, s.word ~ '^[[:alnum:]]+$') ORDER BY s.ndoc DESC, s.word), '[]'::json)
  FROM ts_stat('SELECT search_document FROM lessons') AS s
)`;

/** Heads shorter than this do not make a compound ('teksting' is not 'teks' + 'ting'). */
const HEAD_MIN = 3;
/** A head may be followed by this many linking letters ('arbeid' + 's' + 'flyt'). */
const LINK_MAX = 2;
/** At most this many compounds per stem, the most common first. */
export const COMPOUNDS_MAX = 12;

const codePoints = (value: string) => [...value].length;

/** A LIKE pattern (backslash escapes, `%` any run, `_` any one character) as an anchored RegExp. */
export function likePattern(pattern: string): RegExp {
  let source = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) source += chars[++i]!.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su');
}

export class Lexicon {
  /** Heads without LIKE wildcards, looked up by the candidate's own prefixes. */
  private readonly literalHeads = new Set<string>();
  /** Heads with `%`, `_` or `\`: they match as LIKE patterns would (rare; none in the seed). */
  private readonly patternHeads: { pattern: RegExp; length: number }[] = [];

  constructor(
    readonly version: string,
    readonly entries: readonly LexiconEntry[],
  ) {
    for (const { word } of entries) {
      const length = codePoints(word);
      if (length < HEAD_MIN) continue;
      if (/[%_\\]/u.test(word)) this.patternHeads.push({ pattern: likePattern(`${word}%`), length });
      else this.literalHeads.add(word);
    }
  }

  /**
   * Whether `prefix` starts with a word of the lexicon of at least three letters, followed by
   * at most two more (a linking -e-/-s-): `prefix LIKE head || '%'` with
   * `length(prefix) - length(head) <= 2`.
   */
  private hasHead(prefix: string): boolean {
    const chars = [...prefix];
    for (let length = Math.max(HEAD_MIN, chars.length - LINK_MAX); length <= chars.length; length++) {
      if (this.literalHeads.has(chars.slice(0, length).join(''))) return true;
    }
    return this.patternHeads.some((head) => chars.length - head.length <= LINK_MAX && head.pattern.test(prefix));
  }

  /**
   * The content's compounds that end in `stem` ('referat' → 'møtereferat'): letters and
   * digits only, not the stem itself, and what comes before the stem is a word of its own
   * (so 'teksting' is not found for 'ting'). The most common first, at most twelve.
   * `stem` is a stem of a question word (letters and digits only).
   */
  compounds(stem: string): string[] {
    const found: string[] = [];
    for (const entry of this.entries) {
      if (!entry.plain || entry.word === stem || !entry.word.endsWith(stem)) continue;
      if (!this.hasHead(entry.word.slice(0, entry.word.length - stem.length))) continue;
      found.push(entry.word);
      if (found.length === COMPOUNDS_MAX) break;
    }
    return found;
  }
}

/** The latest lexicons read, by version (a few: tests and scripts may use several databases). */
const cache = new Map<string, Lexicon>();
const CACHE_MAX = 4;

export function cachedLexicon(version: string): Lexicon | undefined {
  return cache.get(version);
}

export function rememberLexicon(lexicon: Lexicon): Lexicon {
  cache.delete(lexicon.version);
  cache.set(lexicon.version, lexicon);
  while (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return lexicon;
}
