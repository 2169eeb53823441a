import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { previewLessonCondition } from '../access/entitlements';
import { sentenceExcerpt } from './excerpt';
import { cachedLexicon, LESSONS_VERSION, Lexicon, LEXICON_JSON, rememberLexicon } from './lexicon';
import { questionParts, questionTerms, type Term, termWords } from './query';

/** Terms are weighed by rarity so 'KI' counts little; a message's questions are searched one at a time and taken in turn. */

export interface SearchContext {
  courseId?: string | undefined;
  lessonId?: string | undefined;
}

/** Nothing outside these is retrieved, so no answer quotes a locked lesson. */
export interface SearchScope {
  readableCourseIds: string[];
}

export interface Passage {
  courseId: string;
  courseTitle: string;
  moduleTitle: string | null;
  lessonId: string | null;
  lessonTitle: string | null;
  excerpt: string;
  score: number;
  access?: PassageAccess;
}

export type PassageAccess = 'open' | 'preview' | 'purchase';

export const passageAccess = (p: Passage): PassageAccess => p.access ?? (p.lessonId === null ? 'purchase' : 'open');

const MAX_PARTS = 3;

/** Stems shorter than this match only exactly: a prefix `ki:*` would match 'kilde' and 'kino'. */
const PREFIX_MIN = 4;
/** A passage must score at least this much: a lone common word is no answer. */
const MIN_SCORE = 0.05;

/** A lexeme in tsquery syntax: quoted, so nothing in it is an operator. */
const lexeme = (value: string, prefix: boolean) => `'${value.replace(/'/g, "''")}'${prefix ? ':*' : ''}`;

interface WordAnalysis {
  word: string;
  stem: string | null;
  compounds: string[];
}

async function analyse(db: Db, words: string[]): Promise<Map<string, WordAnalysis>> {
  if (words.length === 0) return new Map();
  const stemmed = await db.execute(sql`
    SELECT ${sql.raw(LESSONS_VERSION)} AS version,
      (SELECT json_agg(json_build_array(w, (ts_lexize('norwegian_stem', w))[1]))
       FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) AS w) AS stems`);
  const { version, stems } = (stemmed as unknown as { rows: { version: string; stems: [string, string | null][] }[] }).rows[0]!;
  const lexicon = cachedLexicon(version) ?? (await readLexicon(db));
  return new Map(
    stems.map(([word, stem]) => [word, { word, stem, compounds: stem !== null && [...stem].length >= PREFIX_MIN ? lexicon.compounds(stem) : [] }]),
  );
}

async function readLexicon(db: Db): Promise<Lexicon> {
  const result = await db.execute(sql`SELECT ${sql.raw(LESSONS_VERSION)} AS version, ${sql.raw(LEXICON_JSON)} AS lexicon`);
  const row = (result as unknown as { rows: { version: string; lexicon: [string, number, boolean][] }[] }).rows[0]!;
  const entries = row.lexicon.map(([word, ndoc, plain]) => ({ word, ndoc, plain }));
  return rememberLexicon(new Lexicon(row.version, entries));
}

function termQuery(term: Term, analysis: Map<string, WordAnalysis>): string | null {
  const alternatives = term.flatMap((alternative) => {
    // A phrase that loses a word to the stop list says too little ('finner på' is not 'finner').
    if (alternative.words.length > 1 && alternative.words.some((word) => !analysis.get(word)?.stem)) return [];
    const parts = alternative.words.flatMap((word, i) => {
      const a = analysis.get(word);
      if (!a?.stem) return []; // a stop word
      const last = i === alternative.words.length - 1;
      const prefix = a.stem.length >= PREFIX_MIN || (last && alternative.prefix && a.stem.length >= 2);
      const forms = [lexeme(a.stem, prefix), ...a.compounds.map((c) => lexeme(c, false))];
      return [forms.length > 1 ? `(${forms.join(' | ')})` : forms[0]!];
    });
    return parts.length > 0 ? [parts.length > 1 ? `(${parts.join(' & ')})` : parts[0]!] : [];
  });
  const distinct = [...new Set(alternatives)];
  return distinct.length > 0 ? `(${distinct.join(' | ')})` : null;
}

export async function questionQueries(db: Db, question: string): Promise<string[]> {
  const terms = questionTerms(question);
  const analysis = await analyse(db, termWords(terms));
  return [...new Set(terms.map((term) => termQuery(term, analysis)).filter((q) => q !== null))];
}

export async function searchCourseContent(db: Db, question: string, scope: SearchScope, context: SearchContext = {}, limit = 4): Promise<Passage[]> {
  const parts = questionParts(question).slice(0, MAX_PARTS);
  if (parts.length < 2) {
    const found = await searchQuestion(db, question, scope, context, limit);
    return [...found.lessons, ...found.courses];
  }
  // One search per part (one after another: a connection runs one statement at a time).
  const found: { lessons: Passage[]; courses: Passage[] }[] = [];
  for (const part of parts) found.push(await searchQuestion(db, part, scope, context, limit));
  const key = (p: Passage) => `${p.courseId}:${p.lessonId ?? ''}`;
  const inTurn = (lists: Passage[][], max: number) => {
    const taken = new Map<string, Passage>();
    for (let rank = 0; taken.size < max && lists.some((list) => rank < list.length); rank++) {
      for (const list of lists) {
        const passage = list[rank];
        if (passage && !taken.has(key(passage)) && taken.size < max) taken.set(key(passage), passage);
      }
    }
    return [...taken.values()];
  };
  const lessons = inTurn(
    found.map((f) => f.lessons),
    Math.max(limit, 2 * parts.length),
  );
  return [
    ...lessons,
    ...inTurn(
      found.map((f) => f.courses),
      MAX_COURSE_PASSAGES,
    ),
  ];
}

async function searchQuestion(
  db: Db,
  question: string,
  scope: SearchScope,
  context: SearchContext,
  limit: number,
): Promise<{ lessons: Passage[]; courses: Passage[] }> {
  const queries = await questionQueries(db, question);
  if (queries.length === 0) return { lessons: [], courses: [] };
  const readable = JSON.stringify(scope.readableCourseIds);
  const all = queries.join(' | ');
  const lessonId = context.lessonId ?? null;
  const courseId = context.courseId ?? null;
  const result = await db.execute(sql`
    WITH terms AS MATERIALIZED (
      -- Parsed once: a cast in a join condition would parse the query again for every lesson.
      SELECT t.term, t.query::tsquery AS query FROM jsonb_array_elements_text(${JSON.stringify(queries)}::jsonb) WITH ORDINALITY AS t(query, term)
    ),
    -- Each lesson's document is matched and ranked against each term once.
    readable AS MATERIALIZED (SELECT jsonb_array_elements_text(${readable}::jsonb) AS course_id),
    -- Only what the asker may read: the lessons of their courses and the previews.
    matches AS MATERIALIZED (
      SELECT l.id, terms.term, ts_rank_cd(l.search_document, terms.query, 1) AS rank
      FROM terms JOIN lessons l ON l.search_document @@ terms.query
      JOIN modules lm ON lm.id = l.module_id
      WHERE lm.course_id IN (SELECT course_id FROM readable)
        OR ${previewLessonCondition(sql`l.id`, sql`l.is_preview`, sql`lm.course_id`)}
    ),
    rarity AS (
      SELECT term, ln(((SELECT count(*) FROM lessons) + 1.0) / (count(*) + 0.5)) AS idf FROM matches GROUP BY term
    ),
    scored AS (
      SELECT matches.id,
        sum(rarity.idf * matches.rank)
          * CASE WHEN matches.id = ${lessonId}::uuid THEN 1.5 WHEN m.course_id = ${courseId} THEN 1.2 ELSE 1 END AS score
      FROM matches
      JOIN rarity ON rarity.term = matches.term
      JOIN lessons l ON l.id = matches.id
      JOIN modules m ON m.id = l.module_id
      GROUP BY matches.id, m.course_id
      ORDER BY score DESC, matches.id
      LIMIT ${limit}
    )
    SELECT l.id AS "lessonId", l.title AS "lessonTitle", m.title AS "moduleTitle",
      m.course_id AS "courseId", co.title AS "courseTitle", scored.score::float8 AS score, doc.text AS document,
      ts_headline('norwegian', doc.text, ${all}::tsquery,
        'MaxWords=32, MinWords=14, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""') AS excerpt
    FROM scored
    JOIN lessons l ON l.id = scored.id
    JOIN modules m ON m.id = l.module_id
    JOIN courses co ON co.id = m.course_id
    CROSS JOIN LATERAL (
      SELECT coalesce(l.description, '') || ' ' || regexp_replace(coalesce((
          SELECT string_agg(v #>> '{}', ' ') FROM jsonb_path_query(l.content, 'strict $.**') AS v
          WHERE jsonb_typeof(v) = 'string' AND left(v #>> '{}', 1) <> '/' AND left(v #>> '{}', 8) <> 'https://'
        ), ''), '<[^>]*>', ' ', 'g') AS text
    ) doc
    WHERE scored.score >= ${MIN_SCORE}
    ORDER BY scored.score DESC, l.id`);
  const readableIds = new Set(scope.readableCourseIds);
  const lessons = (result as unknown as { rows: (Passage & { document: string })[] }).rows.map((row) => ({
    ...toPassage(row),
    access: readableIds.has(row.courseId) ? ('open' as const) : ('preview' as const),
  }));
  return { lessons, courses: await searchLockedCourses(db, queries, scope) };
}

const MAX_COURSE_PASSAGES = 2;

/** So 'which course teaches X' is answered for every course; the passage names the course, never a locked lesson. */
async function searchLockedCourses(db: Db, queries: string[], scope: SearchScope): Promise<Passage[]> {
  const all = queries.join(' | ');
  const result = await db.execute(sql`
    WITH q AS MATERIALIZED (SELECT ${all}::tsquery AS query),
    docs AS (
      SELECT c.id, c.title, c.description,
        setweight(to_tsvector('norwegian', c.title), 'A') || setweight(to_tsvector('norwegian', c.description), 'B') AS document
      FROM courses c
      WHERE c.id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.readableCourseIds)}::jsonb))
    )
    SELECT docs.id AS "courseId", docs.title AS "courseTitle", NULL AS "moduleTitle", NULL AS "lessonId", NULL AS "lessonTitle",
      ts_rank_cd(docs.document, q.query, 1)::float8 AS score, docs.description AS document,
      ts_headline('norwegian', docs.description, q.query, 'MaxWords=32, MinWords=14, StartSel="", StopSel=""') AS excerpt
    FROM docs, q
    WHERE docs.document @@ q.query
    ORDER BY score DESC, docs.id
    LIMIT ${MAX_COURSE_PASSAGES}`);
  return (result as unknown as { rows: (Passage & { document: string })[] }).rows.map((row) => ({ ...toPassage(row), access: 'purchase' as const }));
}

function toPassage({ document, ...row }: Passage & { document: string }): Passage {
  return { ...row, excerpt: sentenceExcerpt(document, row.excerpt) };
}
