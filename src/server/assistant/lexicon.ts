/** Kept in memory by the lessons' version (a hash of every row's ctid and xmin), so any change to a lesson is seen at once. */

export interface LexiconEntry {
  word: string;
  ndoc: number;
  /** Letters and digits only, as the database's `[[:alnum:]]` tells (locale-dependent, so asked there). */
  plain: boolean;
}

/** `xmin` alone would not tell two updates of one row in one transaction apart; `ctid` does. */
export const LESSONS_VERSION = `current_database() || ' ' || pg_postmaster_start_time()::text || ' ' || (
  SELECT md5(coalesce(string_agg(l.ctid::text || ':' || l.xmin::text, ',' ORDER BY l.ctid), '')) FROM lessons l
)`;

/** `ts_stat`'s snapshot is no older than the statement's, so the lexicon is never older than its version. */
export const LEXICON_JSON = `(
  SELECT coalesce(json_agg(json_build_array(s.word, s.ndoc, s.word ~ '^[[:alnum:]]+$') ORDER BY s.ndoc DESC, s.word), '[]'::json)
  FROM ts_stat('SELECT search_document FROM lessons') AS s
)`;

/** Heads shorter than this do not make a compound ('teksting' is not 'teks' + 'ting'). */
const HEAD_MIN = 3;
/** A head may be followed by this many linking letters ('arbeid' + 's' + 'flyt'). */
const LINK_MAX = 2;
export const COMPOUNDS_MAX = 12;

const codePoints = (value: string) => [...value].length;

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
  private readonly literalHeads = new Set<string>();
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

  private hasHead(prefix: string): boolean {
    const chars = [...prefix];
    for (let length = Math.max(HEAD_MIN, chars.length - LINK_MAX); length <= chars.length; length++) {
      if (this.literalHeads.has(chars.slice(0, length).join(''))) return true;
    }
    return this.patternHeads.some((head) => chars.length - head.length <= LINK_MAX && head.pattern.test(prefix));
  }

  /** Compounds ending in `stem` whose prefix is a word of its own ('teksting' is not found for 'ting'). */
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
