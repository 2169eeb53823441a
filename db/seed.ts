import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { hashPassword } from '../src/server/password';
import type { CatalogueCourse } from '../src/schemas/catalogue';
import { loadCatalogue } from './catalogue';
import type { Db } from './client';
import {
  chatConversations,
  chatMessages,
  companies,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  modules,
  users,
  videoNotes,
} from './schema';

/**
 * Idempotent seed. Every row has a deterministic id (a name-based UUID) and a
 * fixed timestamp, and every insert is ON CONFLICT DO NOTHING, so running the
 * seed again changes nothing and never overwrites edits made through the app.
 */

/** A stable UUID (version 8, RFC 9562) derived from a name. */
export function seedId(name: string): string {
  const bytes = sha256(new TextEncoder().encode(`ki-akademiet-seed:${name}`)).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = encodeHexLowerCase(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const SEED_TIME = new Date('2025-09-01T08:00:00.000Z');
const at = (days: number, hours = 0) => new Date(SEED_TIME.getTime() + (days * 24 + hours) * 3_600_000);

export const DEMO_PASSWORD = 'demo1234';

export const demoUsers = [
  { email: 'superbruker@demo.no', firstName: 'Ingrid', lastName: 'Solberg', role: 'superuser', isActive: true },
  { email: 'admin@demo.no', firstName: 'Lars', lastName: 'Hansen', role: 'admin', isActive: true },
  { email: 'bedrift@demo.no', firstName: 'Marte', lastName: 'Johansen', role: 'company_admin', isActive: true },
  { email: 'elev@demo.no', firstName: 'Emma', lastName: 'Larsen', role: 'individual', isActive: true },
  { email: 'ny@demo.no', firstName: 'Jonas', lastName: 'Berg', role: 'individual', isActive: true },
  { email: 'inaktiv@demo.no', firstName: 'Knut', lastName: 'Dahl', role: 'individual', isActive: false },
] as const;

export const demoCompany = { id: seedId('company:fjordtech'), name: 'Fjordtech AS', orgNumber: '000 000 000' };

const moduleId = (courseId: string, m: number) => seedId(`module:${courseId}:${m}`);
const lessonId = (courseId: string, m: number, l: number) => seedId(`lesson:${courseId}:${m}:${l}`);
const userId = (email: string) => seedId(`user:${email}`);

export async function seedCatalogue(db: Db, catalogue: CatalogueCourse[] = loadCatalogue()): Promise<void> {
  await db
    .insert(courses)
    .values(
      catalogue.map((c) => ({
        id: c.id,
        title: c.title,
        description: c.description,
        duration: c.duration,
        level: c.level,
        orderIndex: c.order,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
      })),
    )
    .onConflictDoNothing();

  const moduleRows = catalogue.flatMap((c) =>
    c.modules.map((m, i) => ({
      id: moduleId(c.id, i),
      courseId: c.id,
      title: m.title,
      description: m.description,
      orderIndex: i,
      createdAt: SEED_TIME,
      updatedAt: SEED_TIME,
    })),
  );
  await db.insert(modules).values(moduleRows).onConflictDoNothing();

  const lessonRows = catalogue.flatMap((c) =>
    c.modules.flatMap((m, mi) =>
      m.lessons.map((l, li) => ({
        id: lessonId(c.id, mi, li),
        moduleId: moduleId(c.id, mi),
        title: l.title,
        description: l.description,
        orderIndex: li,
        type: l.type,
        content: l.content,
        videoUrl: l.type === 'video' ? l.content.videoUrl : null,
        estimatedMinutes: l.estimatedMinutes,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
      })),
    ),
  );
  await db.insert(lessons).values(lessonRows).onConflictDoNothing();
}

/** Demo accounts and their learning history. Local and test databases only. */
export async function seedDemoData(db: Db, catalogue: CatalogueCourse[] = loadCatalogue()): Promise<void> {
  await db
    .insert(companies)
    .values({ ...demoCompany, createdAt: SEED_TIME, updatedAt: SEED_TIME })
    .onConflictDoNothing();

  const existing = new Set(
    (await db.select({ email: users.email }).from(users)).map((u) => u.email),
  );
  const missing = demoUsers.filter((u) => !existing.has(u.email));
  if (missing.length > 0) {
    const rows = await Promise.all(
      missing.map(async (u, i) => ({
        id: userId(u.email),
        email: u.email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        isActive: u.isActive,
        companyId: u.role === 'company_admin' ? demoCompany.id : null,
        createdAt: at(i),
        updatedAt: at(i),
      })),
    );
    await db.insert(users).values(rows).onConflictDoNothing();
  }

  // elev@demo.no: four enrollments; the first course finished, the others partly done.
  const learner = userId('elev@demo.no');
  const byId = new Map(catalogue.map((c) => [c.id, c]));
  const plan: { courseId: string; done: (m: number, l: number) => boolean; completed: boolean }[] = [
    { courseId: 'grunnleggende-ki', done: () => true, completed: true },
    { courseId: 'ki-for-kontoret', done: (m, l) => m === 0 || (m === 1 && l < 2), completed: false },
    { courseId: 'ki-markedsforing', done: (m, l) => m === 0 && l < 2, completed: false },
    { courseId: 'ki-chatgpt-mester', done: () => false, completed: false },
  ];
  const enrollmentRows = plan
    .filter((p) => byId.has(p.courseId))
    .map((p, i) => ({
      id: seedId(`enrollment:${learner}:${p.courseId}`),
      userId: learner,
      courseId: p.courseId,
      completedAt: p.completed ? at(20 + i) : null,
      createdAt: at(10 + i),
      updatedAt: at(10 + i),
    }));
  if (enrollmentRows.length > 0) await db.insert(enrollments).values(enrollmentRows).onConflictDoNothing();

  const progressRows = plan.flatMap((p) => {
    const course = byId.get(p.courseId);
    if (!course) return [];
    return course.modules.flatMap((m, mi) =>
      m.lessons.flatMap((_, li) =>
        p.done(mi, li)
          ? [
              {
                id: seedId(`progress:${learner}:${p.courseId}:${mi}:${li}`),
                userId: learner,
                lessonId: lessonId(p.courseId, mi, li),
                completed: true,
                completedAt: at(12, mi * 3 + li),
                createdAt: at(12, mi * 3 + li),
                updatedAt: at(12, mi * 3 + li),
              },
            ]
          : [],
      ),
    );
  });
  if (progressRows.length > 0) await db.insert(lessonProgress).values(progressRows).onConflictDoNothing();

  // A few timestamped notes on the first video lesson of 'KI for Kontoret'.
  const office = byId.get('ki-for-kontoret');
  const firstVideo = office?.modules
    .flatMap((m, mi) => m.lessons.map((l, li) => ({ l, mi, li })))
    .find((x) => x.l.type === 'video');
  if (office && firstVideo) {
    const notes = [
      { t: 4, text: 'Copilot i Outlook kan oppsummere lange e-posttråder – prøv på fredagens tråd med regnskap.' },
      { t: 12, text: 'Husk: ikke lim inn personopplysninger i verktøy som ikke er godkjent av bedriften.' },
      { t: 21, text: 'Spør alltid om kilder og dobbeltsjekk tall før de brukes i rapporter.' },
    ];
    await db
      .insert(videoNotes)
      .values(
        notes.map((n, i) => ({
          id: seedId(`note:${learner}:${i}`),
          userId: learner,
          lessonId: lessonId(office.id, firstVideo.mi, firstVideo.li),
          timestamp: n.t,
          noteText: n.text,
          createdAt: at(13, i),
          updatedAt: at(13, i),
        })),
      )
      .onConflictDoNothing();
  }

  const conversationId = seedId(`conversation:${learner}:0`);
  await db
    .insert(chatConversations)
    .values({
      id: conversationId,
      userId: learner,
      title: 'Hvordan skriver jeg en god prompt?',
      courseId: byId.has('grunnleggende-ki') ? 'grunnleggende-ki' : null,
      createdAt: at(14),
      updatedAt: at(14, 1),
    })
    .onConflictDoNothing();
  await db
    .insert(chatMessages)
    .values([
      {
        id: seedId(`message:${conversationId}:0`),
        conversationId,
        role: 'user' as const,
        content: 'Hvordan skriver jeg en god prompt når jeg skal lage et møtereferat?',
        createdAt: at(14),
      },
      {
        id: seedId(`message:${conversationId}:1`),
        conversationId,
        role: 'assistant' as const,
        content:
          'Gi modellen rolle, mål og format: «Du er referent. Lag et referat av notatene under med punktene Beslutninger, Oppgaver (ansvarlig og frist) og Neste møte. Skriv kort og nøytralt.» Lim deretter inn notatene uten personopplysninger som ikke trengs, og les gjennom resultatet før du sender det.',
        createdAt: at(14, 1),
      },
    ])
    .onConflictDoNothing();
}

export async function seedDatabase(db: Db, options: { demoData: boolean }): Promise<void> {
  const catalogue = loadCatalogue();
  await seedCatalogue(db, catalogue);
  if (options.demoData) await seedDemoData(db, catalogue);
}
