// `npm run assistant:eval`: the offline assistant's retrieval hit rates. Tune on what generalises (stemming, compounds, synonyms), not on these questions.
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed';
import { evaluateAssistant } from '../tests/assistant/evaluate';
import { questions } from '../tests/assistant/questions';

const database = await openDatabase({ driver: 'pglite', pgliteDataDir: 'memory://' });
try {
  await migrateDatabase(database);
  await seedDatabase(database.db, { demoData: false });
  const started = Date.now();
  const result = await evaluateAssistant(database.db, questions);
  const percent = (rate: number) => `${(rate * 100).toFixed(0)} %`;
  console.log(`Offline assistant on ${result.total} questions (${Math.round((Date.now() - started) / result.total)} ms a question):`);
  console.log(`  a lesson of the right course in the top 3 citations: ${percent(result.courseHitRate)}`);
  console.log(`  one of the right lessons in the top 3 citations:     ${percent(result.lessonHitRate)}`);
  for (const miss of result.misses) {
    console.log(
      `\nMISS${miss.courseHit ? ' (right course)' : ''}: ${miss.question}\n  expected: ${miss.expected}\n  cited:    ${miss.cited.join(' | ') || '(nothing)'}`,
    );
  }
} finally {
  await database.close();
}
