import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AnyColumn, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CatalogueCourse, CatalogueLesson } from '../src/schemas/catalogue';
import { type LessonContent, lessonContentSchema } from '../src/schemas/lesson-content';
import { loadCatalogue } from './catalogue';
import { atomically, type Db } from './client';
import { videoDurationSeconds } from './media';
import { seedId, seedLessonId as lessonId, seedModuleId as moduleId } from './seed-ids';
import {
  certificates,
  chatConversations,
  chatMessages,
  companies,
  companyMemberships,
  companySeats,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  modules,
  orderEvents,
  orders,
  productCourses,
  products,
  taskAnswers,
  users,
  videoNotes,
} from './schema';
import { parse as parseYaml } from 'yaml';
import { PACKAGE_PRODUCT } from '../src/lib/company-package';

/** Catalogue rows are upserted so git's fields reach a deployed database while an admin's edits (`admin_edited_at`) survive; one transaction, deterministic ids. */

export { seedId };

const SEED_TIME = new Date('2025-09-01T08:00:00.000Z');
const at = (days: number, hours = 0) => new Date(SEED_TIME.getTime() + (days * 24 + hours) * 3_600_000);

export const DEMO_PASSWORD = 'demo1234';
/** Precomputed Argon2id hash of DEMO_PASSWORD so db/ needs no hashing; src/server/auth/password.test.ts checks it. Demo accounts only. */
export const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$PqfxDq6E6pROdIhKfaQNbg$OMNl5OTVeMXZD0zvUcYmOmMdksBeE+8A4kp0IjmDAzA';

export const demoUsers = [
  { email: 'superbruker@demo.no', firstName: 'Ingrid', lastName: 'Solberg', role: 'superuser', isActive: true },
  { email: 'admin@demo.no', firstName: 'Lars', lastName: 'Hansen', role: 'admin', isActive: true },
  { email: 'bedrift@demo.no', firstName: 'Marte', lastName: 'Johansen', role: 'company_admin', isActive: true },
  { email: 'elev@demo.no', firstName: 'Emma', lastName: 'Larsen', role: 'individual', isActive: true },
  { email: 'ny@demo.no', firstName: 'Jonas', lastName: 'Berg', role: 'individual', isActive: true },
  { email: 'inaktiv@demo.no', firstName: 'Knut', lastName: 'Dahl', role: 'individual', isActive: false },
] as const;

export const demoCompany = {
  id: seedId('company:fjordtech'),
  name: 'Fjordtech AS',
  // A made-up number with a valid check digit, not a real company's.
  orgNumber: '315999804',
  invoiceEmail: 'faktura@fjordtech.example',
  invoiceAddress: 'Fjordveien 1, 5003 Bergen',
};

export const demoSeatOrder = { id: seedId('order:fjordtech-seats'), quantity: 10 };

export const demoEmployees = [
  { email: 'ansatt@demo.no', firstName: 'Sofie', lastName: 'Nilsen', lessonsDone: 3 },
  { email: 'ansatt2@demo.no', firstName: 'Henrik', lastName: 'Moe', lessonsDone: 0 },
] as const;

const userId = (email: string) => seedId(`user:${email}`);

const excluded = (column: AnyColumn) => sql.raw(`excluded."${column.name}"`);

const gitUnlessEdited = (editedAt: AnyColumn, column: AnyColumn) => sql`CASE WHEN ${editedAt} IS NULL THEN ${excluded(column)} ELSE ${column} END`;

/** Writes only when a value differs, so an unchanged row keeps its `updated_at`. */
function upsertChanged(table: PgTable, values: [AnyColumn, SQL][], condition?: SQL) {
  const keyOf = new Map<AnyColumn, string>(Object.entries(getTableColumns(table)).map(([key, column]) => [column, key]));
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const [column, value] of values) set[keyOf.get(column) ?? column.name] = value;
  const differs = sql`(${sql.join(
    values.map(([, value]) => value),
    sql`, `,
  )}) IS DISTINCT FROM (${sql.join(
    values.map(([column]) => column),
    sql`, `,
  )})`;
  return { set, setWhere: condition ? sql`${condition} AND ${differs}` : differs };
}

function seedLessonContent(lesson: CatalogueLesson): LessonContent {
  const value =
    lesson.type === 'video'
      ? {
          type: lesson.type,
          content: { ...lesson.content, durationSeconds: lesson.content.durationSeconds ?? videoDurationSeconds(lesson.content.videoUrl) },
        }
      : { type: lesson.type, content: lesson.content };
  const parsed = lessonContentSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`Lesson '${lesson.title}': ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export function webVttText(vtt: string): string {
  const cues = vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/u);
  const lines: string[] = [];
  for (const cue of cues) {
    const cueLines = cue.split('\n');
    const timing = cueLines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue; // the WEBVTT header, NOTE and STYLE blocks
    for (const line of cueLines.slice(timing + 1)) {
      const plain = line.replace(/<[^>]*>/g, '').trim();
      if (plain) lines.push(plain);
    }
  }
  return lines.join(' ');
}

function catalogueCaptions(catalogue: CatalogueCourse[]): { url: string; text: string }[] {
  const urls = new Set<string>();
  for (const lesson of catalogue.flatMap((c) => c.modules.flatMap((m) => m.lessons))) {
    if (lesson.type === 'video' && lesson.content.captionsUrl?.startsWith('/')) urls.add(lesson.content.captionsUrl);
  }
  return [...urls].flatMap((url) => {
    const file = fileURLToPath(new URL(`../public${url}`, import.meta.url));
    if (!existsSync(file)) return [];
    const text = webVttText(readFileSync(file, 'utf8'));
    return text ? [{ url, text }] : [];
  });
}

export async function seedCatalogue(db: Db, catalogue: CatalogueCourse[] = loadCatalogue()): Promise<void> {
  if (catalogue.length === 0) return;
  const courseRows = catalogue.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    duration: c.duration,
    level: c.level,
    orderIndex: c.order,
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  }));
  const courseUpdate = upsertChanged(courses, [
    [courses.title, gitUnlessEdited(courses.adminEditedAt, courses.title)],
    [courses.description, excluded(courses.description)],
    [courses.duration, excluded(courses.duration)],
    [courses.level, excluded(courses.level)],
    [courses.orderIndex, excluded(courses.orderIndex)],
  ]);
  await db
    .insert(courses)
    .values(courseRows)
    .onConflictDoUpdate({ target: courses.id, ...courseUpdate });

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
  const moduleUpdate = upsertChanged(modules, [
    [modules.title, gitUnlessEdited(modules.adminEditedAt, modules.title)],
    [modules.description, excluded(modules.description)],
    [modules.orderIndex, gitUnlessEdited(modules.adminOrderedAt, modules.orderIndex)],
  ]);
  await db
    .insert(modules)
    .values(moduleRows)
    .onConflictDoUpdate({ target: modules.id, ...moduleUpdate });

  const lessonRows = catalogue.flatMap((c) =>
    c.modules.flatMap((m, mi) =>
      m.lessons.map((l, li) => ({
        id: lessonId(c.id, mi, li),
        moduleId: moduleId(c.id, mi),
        title: l.title,
        description: l.description,
        orderIndex: li,
        ...seedLessonContent(l),
        estimatedMinutes: l.estimatedMinutes,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
      })),
    ),
  );
  const lessonUpdate = upsertChanged(
    lessons,
    [
      [lessons.title, excluded(lessons.title)],
      [lessons.description, excluded(lessons.description)],
      [lessons.orderIndex, gitUnlessEdited(lessons.adminOrderedAt, lessons.orderIndex)],
      [lessons.type, excluded(lessons.type)],
      [lessons.content, excluded(lessons.content)],
      [lessons.estimatedMinutes, excluded(lessons.estimatedMinutes)],
    ],
    sql`${lessons.adminEditedAt} IS NULL`,
  );
  await db
    .insert(lessons)
    .values(lessonRows)
    .onConflictDoUpdate({ target: lessons.id, ...lessonUpdate });

  await seedCaptions(db, catalogueCaptions(catalogue));
  await seedProducts(db, catalogue);
  await seedPackage(db, catalogue);
}

/** Price and courses come from the package page in git, so the page and the checkout read one figure. */
async function seedPackage(db: Db, catalogue: CatalogueCourse[]): Promise<void> {
  const page = parseYaml(readFileSync(fileURLToPath(new URL('../src/content/pages/nettbasert-pakke.yaml', import.meta.url)), 'utf8')) as {
    hero: { title: string };
    price: { priceNok: number };
    includedCourses: { items: { href: string }[] };
    learningPath: { stages: { course?: string }[] };
  };
  const known = new Set(catalogue.map((c) => c.id));
  const courseIds = page.includedCourses.items.map((item) => item.href.replace(/^\//, '')).filter((id) => known.has(id));
  const pathOrder = page.learningPath.stages.flatMap((stage) => (stage.course ? [stage.course.replace(/^\//, '')] : []));
  const position = (courseId: string) => {
    const i = pathOrder.indexOf(courseId);
    return i >= 0 ? i : pathOrder.length + courseIds.indexOf(courseId);
  };
  const row = {
    id: PACKAGE_PRODUCT,
    kind: 'package',
    courseId: null,
    title: page.hero.title,
    priceOre: page.price.priceNok * 100,
    currency: 'NOK',
    vat: 'standard_25' as const,
    onSale: true,
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  };
  const update = upsertChanged(products, [
    [products.title, excluded(products.title)],
    [products.priceOre, excluded(products.priceOre)],
    [products.vat, excluded(products.vat)],
    [products.onSale, excluded(products.onSale)],
  ]);
  await db
    .insert(products)
    .values(row)
    .onConflictDoUpdate({ target: products.id, ...update });
  await db.delete(productCourses).where(sql`${productCourses.productId} = ${PACKAGE_PRODUCT}`);
  if (courseIds.length)
    await db.insert(productCourses).values(courseIds.map((courseId) => ({ productId: PACKAGE_PRODUCT, courseId, position: position(courseId) })));
}

export const courseProductId = (courseId: string) => `course:${courseId}`;

/** Prices are git's, stored in øre; catalogue courses are self-study e-learning, so 25 % VAT. */
async function seedProducts(db: Db, catalogue: CatalogueCourse[]): Promise<void> {
  const rows = catalogue.map((c) => ({
    id: courseProductId(c.id),
    kind: 'course',
    courseId: c.id,
    priceOre: c.marketing.priceNok * 100,
    currency: 'NOK',
    vat: 'standard_25' as const,
    onSale: true,
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  }));
  const update = upsertChanged(products, [
    [products.priceOre, excluded(products.priceOre)],
    [products.currency, excluded(products.currency)],
    [products.vat, excluded(products.vat)],
    [products.onSale, excluded(products.onSale)],
  ]);
  await db
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({ target: products.id, ...update });
}

/** Derived data, like the search document: `updated_at` is left alone. */
async function seedCaptions(db: Db, captions: { url: string; text: string }[]): Promise<void> {
  const url = sql`${lessons.content}->>'captionsUrl'`;
  for (const file of captions) {
    await db
      .update(lessons)
      .set({ captionsText: file.text, updatedAt: sql`${lessons.updatedAt}` })
      .where(sql`${url} = ${file.url} AND ${lessons.captionsText} IS DISTINCT FROM ${file.text}`);
  }
  const known = captions.map((c) => c.url);
  await db
    .update(lessons)
    .set({ captionsText: null, updatedAt: sql`${lessons.updatedAt}` })
    .where(
      known.length > 0
        ? sql`${lessons.captionsText} IS NOT NULL AND (${url} IS NULL OR ${url} NOT IN (${sql.join(
            known.map((u) => sql`${u}`),
            sql`, `,
          )}))`
        : sql`${lessons.captionsText} IS NOT NULL`,
    );
}

async function seedDemoEmployees(db: Db, catalogue: CatalogueCourse[]): Promise<void> {
  const packageCourses = (
    await db
      .select({ courseId: productCourses.courseId })
      .from(productCourses)
      .where(sql`${productCourses.productId} = ${PACKAGE_PRODUCT}`)
  ).map((r) => r.courseId);
  const byId = new Map(catalogue.map((c) => [c.id, c]));
  for (const [i, person] of demoEmployees.entries()) {
    const id = userId(person.email);
    await db
      .insert(users)
      .values({
        id,
        email: person.email,
        passwordHash: DEMO_PASSWORD_HASH,
        firstName: person.firstName,
        lastName: person.lastName,
        role: 'individual',
        emailVerifiedAt: at(30 + i),
        createdAt: at(30 + i),
        updatedAt: at(30 + i),
      })
      .onConflictDoNothing();
    const seatId = seedId(`seat:fjordtech:${person.email}`);
    await db
      .insert(companySeats)
      .values({ id: seatId, companyId: demoCompany.id, userId: id, productId: PACKAGE_PRODUCT, assignedAt: at(30 + i) })
      .onConflictDoNothing();
    await db
      .insert(companyMemberships)
      .values({ companyId: demoCompany.id, userId: id, role: 'member', createdAt: at(30 + i), updatedAt: at(30 + i) })
      .onConflictDoNothing();
    if (packageCourses.length) {
      await db
        .insert(enrollments)
        .values(
          packageCourses.map((courseId) => ({
            id: seedId(`enrollment:${id}:${courseId}`),
            userId: id,
            courseId,
            source: 'seat' as const,
            sourceRef: seatId,
            createdAt: at(30 + i),
            updatedAt: at(30 + i),
          })),
        )
        .onConflictDoNothing();
    }
    const first = packageCourses.map((c) => byId.get(c)).find((c) => c !== undefined);
    const lessonsDone = first ? first.modules.flatMap((m, mi) => m.lessons.map((_, li) => ({ mi, li }))).slice(0, person.lessonsDone) : [];
    if (first && lessonsDone.length) {
      await db
        .insert(lessonProgress)
        .values(
          lessonsDone.map(({ mi, li }, k) => ({
            id: seedId(`progress:${id}:${first.id}:${mi}:${li}`),
            userId: id,
            lessonId: lessonId(first.id, mi, li),
            completed: true,
            completedAt: at(31 + i, k),
            createdAt: at(31 + i, k),
            updatedAt: at(31 + i, k),
          })),
        )
        .onConflictDoNothing();
    }
  }
}

/** A finished video is saved at position 0: a position at the very end would open the player at the end. */
function seededTimeSpent(lesson: CatalogueLesson) {
  if (lesson.type === 'video') {
    const { durationSeconds = videoDurationSeconds(lesson.content.videoUrl) } = lesson.content;
    return { watchPositionSeconds: 0, watchFurthestSeconds: durationSeconds };
  }
  return { studySeconds: lesson.estimatedMinutes * 60 };
}

/** Local and test databases only. */
export async function seedDemoData(db: Db, catalogue: CatalogueCourse[] = loadCatalogue()): Promise<void> {
  await db
    .insert(companies)
    .values({ ...demoCompany, approvedAt: SEED_TIME, createdAt: SEED_TIME, updatedAt: SEED_TIME })
    .onConflictDoNothing();

  await db
    .insert(users)
    .values(
      demoUsers.map((u, i) => ({
        id: userId(u.email),
        email: u.email,
        passwordHash: DEMO_PASSWORD_HASH,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        isActive: u.isActive,
        emailVerifiedAt: at(i),
        createdAt: at(i),
        updatedAt: at(i),
      })),
    )
    .onConflictDoNothing();

  const buyer = demoUsers.find((u) => u.role === 'company_admin')!;
  await db
    .insert(companyMemberships)
    .values({ companyId: demoCompany.id, userId: userId(buyer.email), role: 'manager', createdAt: SEED_TIME, updatedAt: SEED_TIME })
    .onConflictDoNothing();
  const [seatOrder] = await db
    .insert(orders)
    .values({
      id: demoSeatOrder.id,
      reference: 'ka-demo-fjordtech',
      userId: userId(buyer.email),
      buyerFirstName: buyer.firstName,
      buyerLastName: buyer.lastName,
      buyerEmail: buyer.email,
      productId: PACKAGE_PRODUCT,
      companyId: demoCompany.id,
      title: 'Nettbaserte Kurspakker',
      quantity: demoSeatOrder.quantity,
      listPriceOre: 299_000 * demoSeatOrder.quantity,
      totalOre: 299_000 * demoSeatOrder.quantity,
      vat: 'standard_25',
      vatRateBp: 2500,
      vatOre: (299_000 * demoSeatOrder.quantity) / 5,
      provider: 'invoice',
      status: 'invoiced',
      consentVersion: 'bedrift',
      consentText: 'Kjøp til bedrift: angrerettloven gjelder ikke (§ 1), ingen samtykke etter § 22 n.',
      consentAt: SEED_TIME,
      idempotencyKey: seedId('order-key:fjordtech-seats'),
      expiresAt: new Date(SEED_TIME.getTime() + 14 * 86_400_000),
      createdAt: SEED_TIME,
      updatedAt: SEED_TIME,
    })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (seatOrder) {
    await db.insert(orderEvents).values({ orderId: seatOrder.id, fromStatus: null, toStatus: 'invoiced', trigger: 'checkout', createdAt: SEED_TIME });
  }

  await seedDemoEmployees(db, catalogue);

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
      source: 'grant' as const,
      completedAt: p.completed ? at(20 + i) : null,
      createdAt: at(10 + i),
      updatedAt: at(10 + i),
    }));
  if (enrollmentRows.length > 0) await db.insert(enrollments).values(enrollmentRows).onConflictDoNothing();
  // Its code comes from a hash so that reseeding keeps it; demo accounts never reach production.
  const certificateRows = enrollmentRows.flatMap((e) => {
    const course = byId.get(e.courseId);
    if (!e.completedAt || !course) return [];
    const code = createHash('sha256').update(`certificate:${learner}:${e.courseId}`).digest('hex').slice(0, 20).toUpperCase();
    const completedAt = e.completedAt;
    return [
      {
        code,
        userId: learner,
        courseId: e.courseId,
        learnerName: 'Emma Larsen',
        courseTitle: course.title,
        courseHours: course.duration,
        completedAt,
        issuedAt: completedAt,
      },
    ];
  });
  if (certificateRows.length > 0) await db.insert(certificates).values(certificateRows).onConflictDoNothing();

  const progressRows = plan.flatMap((p) => {
    const course = byId.get(p.courseId);
    if (!course) return [];
    return course.modules.flatMap((m, mi) =>
      m.lessons.flatMap((lesson, li) =>
        p.done(mi, li)
          ? [
              {
                id: seedId(`progress:${learner}:${p.courseId}:${mi}:${li}`),
                userId: learner,
                lessonId: lessonId(p.courseId, mi, li),
                ...seededTimeSpent(lesson),
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

  const office = byId.get('ki-for-kontoret');
  const firstVideo = office?.modules.flatMap((m, mi) => m.lessons.map((l, li) => ({ l, mi, li }))).find((x) => x.l.type === 'video');
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

  const basics = byId.get('grunnleggende-ki');
  const firstTask = basics?.modules.flatMap((m, mi) => m.lessons.map((l, li) => ({ l, mi, li }))).find((x) => x.l.type === 'task');
  if (basics && firstTask) {
    await db
      .insert(taskAnswers)
      .values({
        userId: learner,
        lessonId: lessonId(basics.id, firstTask.mi, firstTask.li),
        question: 1,
        answer: 'Den siste: ChatGPT lager et nytt utkast til stillingsannonsen.',
        createdAt: at(13, 5),
        updatedAt: at(13, 5),
      })
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

export async function seedDatabase(db: Db, options: { demoData: boolean; catalogue?: CatalogueCourse[] }): Promise<void> {
  const catalogue = options.catalogue ?? loadCatalogue();
  await atomically(db, async (tx) => {
    await seedCatalogue(tx, catalogue);
    if (options.demoData) await seedDemoData(tx, catalogue);
  });
}
