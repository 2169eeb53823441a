import { loadCatalogue } from '../../db/catalogue';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';

/**
 * TEST SETUP ONLY. What `prepare-db.ts` adds to the end-to-end database for the
 * course player's spec (no admin API exists yet), and the seeded lessons it uses.
 * Importing this module writes nothing.
 */

/** An HTML lesson whose markup tries to run code: the server must strip it, the player must not run it. */
export const hostileHtmlLesson = {
  id: seedId('e2e:html-lesson'),
  courseId: 'ki-automatisering',
  moduleId: seedModuleId('ki-automatisering', 0),
  title: 'E2E: HTML-leksjon med skript',
  html: [
    '<h2>Trygg overskrift</h2>',
    '<p>Dette avsnittet skal vises.</p>',
    '<script>window.__e2eXss = "script";</script>',
    '<img src="/finnes-ikke.png" alt="Bilde som ikke finnes" onerror="window.__e2eXss = \'onerror\'">',
    '<p><a href="javascript:window.__e2eXss=\'lenke\'">Farlig lenke</a></p>',
  ].join('\n'),
};

/**
 * Learners without enrollments, one per Playwright project, so enrolling in a test
 * does not change what `ny@demo.no` shows in the dashboard spec, nor what the other
 * project sees. Same password as the demo accounts.
 */
export const notEnrolledLearners = {
  desktop: { email: 'uten-kurs-desktop@demo.no', firstName: 'Nora', lastName: 'Dekstop' },
  mobile: { email: 'uten-kurs-mobil@demo.no', firstName: 'Nils', lastName: 'Mobil' },
} as const;

/**
 * A learner granted the two courses the admin spec edits (ki-filmproduksjon, ki-automatisering), in
 * which no demo learner is enrolled: it opens the lessons the admin makes, which are locked to
 * anyone without access since the courses cost money (decision 26).
 */
export const contentLearner = {
  email: 'e2e-innhold@demo.no',
  firstName: 'Ine',
  lastName: 'Innhold',
  courses: ['ki-filmproduksjon', 'ki-automatisering'],
} as const;

/**
 * Learners granted KI for Kontoret with no progress, one per Playwright project: the dashboard
 * spec completes a task lesson as them and watches the figures move (issue 29).
 */
export const figuresLearners = {
  desktop: { email: 'tall-desktop@demo.no', firstName: 'Tone', lastName: 'Tall', courseId: 'ki-for-kontoret' },
  mobile: { email: 'tall-mobil@demo.no', firstName: 'Tore', lastName: 'Tall', courseId: 'ki-for-kontoret' },
} as const;

/**
 * Learners granted ChatGPT Mester with no progress, one per Playwright project: the course-player
 * spec completes a lesson as them, so elev@demo.no keeps the seeded figures the dashboard spec checks.
 */
export const playerLearners = {
  desktop: { email: 'spiller-desktop@demo.no', firstName: 'Siri', lastName: 'Spiller', courseId: 'ki-chatgpt-mester' },
  mobile: { email: 'spiller-mobil@demo.no', firstName: 'Sverre', lastName: 'Spiller', courseId: 'ki-chatgpt-mester' },
} as const;

const catalogue = loadCatalogue();

/** A seeded lesson's id and title. */
export function seededLesson(courseId: string, m: number, l: number) {
  const lesson = catalogue.find((c) => c.id === courseId)?.modules[m]?.lessons[l];
  if (!lesson) throw new Error(`No lesson ${courseId} ${m}/${l} in the catalogue`);
  return { id: seedLessonId(courseId, m, l), title: lesson.title, type: lesson.type };
}

export const seededModule = (courseId: string, m: number) => {
  const module = catalogue.find((c) => c.id === courseId)?.modules[m];
  if (!module) throw new Error(`No module ${courseId} ${m}`);
  return { id: seedModuleId(courseId, m), title: module.title };
};

export const courseTitle = (courseId: string) => catalogue.find((c) => c.id === courseId)?.title ?? courseId;
