import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LessonContentValue } from '../src/schemas/lesson-content';

/** Postgres full-text search document (drizzle has no built-in tsvector type). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The assistant's search document of a lesson, computed by Postgres on every
 * insert and update, so a new or edited lesson is searchable in the same transaction:
 * title (weight A), description (B), every string of the content (C) and what the video
 * says (`captions_text`, D), in the 'norwegian' configuration (stemming, stop words). HTML
 * tags and entities are token types that configuration does not index, so an HTML lesson is
 * searched as plain text.
 */
const lessonSearchDocument = sql`setweight(to_tsvector('norwegian'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce(description, '')), 'B') || setweight(jsonb_to_tsvector('norwegian'::regconfig, content, '["string"]'::jsonb), 'C') || setweight(to_tsvector('norwegian'::regconfig, coalesce(captions_text, '')), 'D')`;

/** Every table's audit columns. `updated_at` is refreshed by drizzle on every update. */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const userRole = pgEnum('user_role', ['superuser', 'admin', 'company_admin', 'individual']);
/** The lesson types of `lessonContentSchema` (src/schemas/lesson-content.ts); a unit test keeps them equal. */
export const lessonType = pgEnum('lesson_type', ['video', 'task', 'text', 'html']);
export const chatRole = pgEnum('chat_role', ['user', 'assistant', 'system']);

/**
 * A customer company (issue 24, decision 32): its organisation number (nine digits, mod-11 checked
 * by the schemas), where its invoices go, and an optional purchase-order reference. Its seats are
 * the sum of its paid or invoiced package orders; its people hold `company_seats`.
 */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  orgNumber: text('org_number'),
  invoiceEmail: text('invoice_email'),
  invoiceAddress: text('invoice_address'),
  poReference: text('po_reference'),
  /**
   * When a superuser vouched for the company, or its first invoice was paid. Until then seats on an
   * unpaid invoice give access only up to COMPANY_UNAPPROVED_SEAT_LIMIT: anyone can type a valid org
   * number, so an unchecked company must not unlock the whole package for nothing. Who made and
   * who approved it are in `company_audit_log` (a column here would make the company a user's row).
   */
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  ...timestamps,
});

export const companyRole = pgEnum('company_role', ['manager', 'member']);

/**
 * A person's place in a company: the only source of a manager's rights. A person may belong to
 * several companies and manage several; one row per company and person. A member has the row from
 * accepting an invitation and loses it when the seat is taken back; a manager keeps theirs until
 * another manager removes it (never the last one).
 */
export const companyMemberships = pgTable(
  'company_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: companyRole('role').notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('company_memberships_company_user_key').on(t.companyId, t.userId), index('company_memberships_user_idx').on(t.userId)],
);

/** Who changed a company's people or standing, and when: memberships, managers, seats taken back, approval. */
export const companyAuditLog = pgTable(
  'company_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'member_added', 'member_removed', 'manager_added', 'manager_removed', 'seat_revoked', 'approved', 'created', 'trial_started', 'trial_converted', 'trial_ended'. */
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_audit_log_company_idx').on(t.companyId, t.createdAt)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: userRole('role').notNull().default('individual'),
    profileImageUrl: text('profile_image_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** When the owner proved the address (a link from the mail); null: not yet. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** E-mail preference: reminders when the learner has not been back for a week. */
    emailReminders: boolean('email_reminders').notNull().default(true),
    /** When the weekly learning reminder last went to this user: at most one a week. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

/**
 * Sessions in Lucia's design: the cookie carries `<id>.<secret>`; only the
 * SHA-256 of the secret is stored (hex), compared in constant time.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last request with this session, at most an hour old (decision 31: the account page's list). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent when the session began (cut to 500 characters): the device in the list. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const userTokenPurpose = pgEnum('user_token_purpose', [
  'verify_email',
  'reset_password',
  'change_email',
  // An account without a password: the guest buyer's link that proves the address and sets the first password.
  'set_password',
  // An account without a password confirms by mail what another account confirms with its password.
  'confirm_email_change',
  'confirm_deletion',
]);

/**
 * One-time links sent by mail: verify the address, set a new password, confirm a
 * new address. Only the SHA-256 of the token is stored; a link is used by one conditional update
 * (`used_at IS NULL AND expires_at > now()`), so it works once.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurpose('purpose').notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: the account's (verify, reset) or the new one (change). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

export const courses = pgTable(
  'courses',
  {
    /** URL slug, e.g. 'grunnleggende-ki'. */
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Display text, e.g. '6 timer'. */
    duration: text('duration').notNull(),
    /** Display text, e.g. 'Nybegynner'. */
    level: text('level').notNull(),
    orderIndex: integer('order_index').notNull().default(0),
    /**
     * When an admin last renamed the course. From then on the title is the admin's and the
     * seed leaves it alone; the other fields stay git's.
     */
    adminEditedAt: timestamp('admin_edited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('courses_order_idx').on(t.orderIndex)],
);

export const modules = pgTable(
  'modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    orderIndex: integer('order_index').notNull().default(0),
    /** When an admin last renamed the module: the title is then the admin's. */
    adminEditedAt: timestamp('admin_edited_at', { withTimezone: true }),
    /** When an admin last reordered the course's modules: the order is then the admin's. */
    adminOrderedAt: timestamp('admin_ordered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('modules_course_order_idx').on(t.courseId, t.orderIndex)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    orderIndex: integer('order_index').notNull().default(0),
    type: lessonType('type').notNull(),
    /**
     * The content of the lesson's `type`, as `lessonContentSchema` describes it (the video's URL,
     * captions and length live here, nowhere else). Written only after validation.
     */
    content: jsonb('content').$type<LessonContentValue>().notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull().default(10),
    /**
     * When an admin last edited a seeded lesson: the whole lesson is then the admin's and the
     * seed leaves it alone. Lessons created in the admin are never seeded.
     */
    adminEditedAt: timestamp('admin_edited_at', { withTimezone: true }),
    /** When an admin last reordered the module's lessons: the order is then the admin's. */
    adminOrderedAt: timestamp('admin_ordered_at', { withTimezone: true }),
    /**
     * Entitlements (issue 21, decision 26): an admin marked the lesson as a preview, open to every
     * signed-in user like the first lesson of each course. The admin's, never seeded.
     */
    isPreview: boolean('is_preview').notNull().default(false),
    /**
     * What the lesson's video says: the text of its captions file (`content.captionsUrl`), which
     * the seed reads from `public/`. Only the search uses it.
     */
    captionsText: text('captions_text'),
    /** Generated: the assistant's search document (see `lessonSearchDocument`). Never written. */
    searchDocument: tsvector('search_document').generatedAlwaysAs(lessonSearchDocument),
    ...timestamps,
  },
  (t) => [index('lessons_module_order_idx').on(t.moduleId, t.orderIndex), index('lessons_search_document_idx').using('gin', t.searchDocument)],
);

// --- Entitlements and products (issue 21, decision 26) --------------------------------------
// Kept together: the enrollment's source and revocation, the lesson's preview flag (above) and
// the products table. src/server/access/entitlements.ts is the one module that reads them to
// decide who may read a course's lessons.

/** Why a learner holds a course: it is free, they bought it, a company seat, or an admin's grant. */
export const enrollmentSource = pgEnum('enrollment_source', ['free', 'purchase', 'seat', 'grant']);
/** VAT treatment of a product: 25 % (self-study e-learning) or exempt (teaching where a teacher takes part). */
export const productVat = pgEnum('product_vat', ['standard_25', 'exempt']);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * What gives the learner the course. The default only covers rows older than entitlements
     * (everyone could open everything then, so they keep their courses as grants); every insert
     * in the code names its source.
     */
    source: enrollmentSource('source').notNull().default('grant'),
    /** What granted it, when known: an order id (purchase), a seat id (seat), the admin's user id (grant). */
    sourceRef: text('source_ref'),
    /**
     * When the access ended (a refund, a seat taken back, a grant withdrawn). The row, the
     * progress and the notes stay; granting again clears it and the learner resumes.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId), index('enrollments_course_id_idx').on(t.courseId)],
);

/**
 * What can be sold: today one product per course (`kind` 'course'); the company
 * package later. Price, currency and on-sale are git's (the course file's `marketing.priceNok`,
 * seeded, decision 10), so the course page and the server read one figure; no price ever comes
 * from the browser. A course whose product costs 0 is free.
 */
export const products = pgTable(
  'products',
  {
    /** e.g. 'course:grunnleggende-ki'. */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The course the product gives access to (kind 'course'). */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** The title of a product that is not one course (kind 'package'); a course product shows its course's title. */
    title: text('title'),
    /** Price including VAT, in øre (integer: money is never a float). */
    priceOre: integer('price_ore').notNull(),
    currency: text('currency').notNull().default('NOK'),
    vat: productVat('vat').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_course_id_key').on(t.courseId),
    check('products_price_ore_not_negative', sql`${t.priceOre} >= 0`),
    check('products_currency_nok', sql`${t.currency} = 'NOK'`),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Video lessons: where the learner stopped, in seconds (the resume point on any device). */
    watchPositionSeconds: doublePrecision('watch_position_seconds').notNull().default(0),
    /**
     * Video lessons: the furthest point the server accepts as played. It grows no faster than
     * the time between two saves allows, so completion means the video was played.
     */
    watchFurthestSeconds: doublePrecision('watch_furthest_seconds').notNull().default(0),
    /** When the watch position was last saved; a gap longer than the pause limit starts a new viewing. */
    watchSavedAt: timestamp('watch_saved_at', { withTimezone: true }),
    /**
     * Video lessons: when the current viewing began (its first save) and the furthest point at
     * that moment. Within one viewing the furthest point can reach at most
     * `base + MAX_PLAYBACK_RATE × (now − start) + slack`, however many saves arrive.
     */
    watchViewingStartedAt: timestamp('watch_viewing_started_at', { withTimezone: true }),
    watchViewingBaseSeconds: doublePrecision('watch_viewing_base_seconds').notNull().default(0),
    /**
     * Text, task and HTML lessons: the seconds the learner spent with the lesson open and in view,
     * as the server measured between the player's heartbeats (each bounded, the sum capped per
     * lesson; player.service.ts `recordStudyTime`). Video lessons count their watched seconds instead.
     */
    studySeconds: doublePrecision('study_seconds').notNull().default(0),
    /** The last heartbeat's time: the next one counts the time since, when the gap is short. */
    studySeenAt: timestamp('study_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('lesson_progress_user_lesson_key').on(t.userId, t.lessonId), index('lesson_progress_lesson_id_idx').on(t.lessonId)],
);

export const videoNotes = pgTable(
  'video_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Seconds into the video. */
    timestamp: integer('timestamp_seconds').notNull(),
    noteText: text('note_text').notNull(),
    transcription: text('transcription'),
    ...timestamps,
  },
  (t) => [index('video_notes_user_lesson_idx').on(t.userId, t.lessonId, t.timestamp), index('video_notes_lesson_id_idx').on(t.lessonId)],
);

/**
 * A learner's answers in a task lesson (issue 29, decision 36): one row per learner, lesson and
 * field, saved as they type. `question` 0 is the lesson's own answer field ('Ditt svar'); n ≥ 1
 * is the answer to the lesson's n-th question. Private to the learner, exported and deleted with
 * the account (the foreign key to users).
 */
export const taskAnswers = pgTable(
  'task_answers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    question: smallint('question').notNull(),
    answer: text('answer').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId, t.question] }),
    index('task_answers_lesson_id_idx').on(t.lessonId),
    check('task_answers_question_range', sql`${t.question} BETWEEN 0 AND 50`),
    check('task_answers_answer_length', sql`char_length(${t.answer}) BETWEEN 1 AND 10000`),
  ],
);

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('Ny samtale'),
    /** Course the conversation was started from, if any (grounds the assistant). */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('chat_conversations_user_updated_idx').on(t.userId, t.updatedAt), index('chat_conversations_course_id_idx').on(t.courseId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: chatRole('role').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
);

/**
 * Failure counters for throttling (sign-in per account and per IP, sign-ups per IP).
 * Kept in Postgres so every serverless instance sees the same counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** e.g. 'login:account:ola@example.no' or 'login:ip:203.0.113.7'. */
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    /** Start of the current counting window. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('rate_limits_updated_at_idx').on(t.updatedAt)],
);

/** Per-user, per-day AI assistant usage, for quotas and cost control. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' })
      .notNull()
      .default(sql`CURRENT_DATE`),
    /** Questions counted against the daily limit (a failed reply gives its count back), so each was answered. */
    requests: integer('requests').notNull().default(0),
    /** Of those, the ones a model answered; the rest the offline assistant did. */
    modelAnswers: integer('model_answers').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The admin's video library: videos registered once, offered in the lesson dialogs
 * as a video lesson's URL. A lesson keeps its own copy of the URL and duration in its content,
 * so deleting a video from the library never breaks a lesson.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** An https URL or a site path (the lesson-content media rule). */
    url: text('url').notNull(),
    description: text('description'),
    durationSeconds: integer('duration_seconds'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('videos_created_at_idx').on(t.createdAt)],
);

export const userAuditAction = pgEnum('user_audit_action', [
  'created',
  'promoted',
  'deactivated',
  'reactivated',
  'role_changed',
  // The owner's own changes through a mailed link: a new address, a first password.
  'email_changed',
  'password_set',
]);

/**
 * Who changed whose account, what and when: a superuser's status and role changes,
 * the `user:create` command's (actor null), and the owner's address changes and first password
 * (the owner as actor). Never updated or deleted by the app.
 */
export const userAuditLog = pgTable(
  'user_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The superuser who acted; null for the command line (`npm run user:create`). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: userAuditAction('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_audit_log_user_created_idx').on(t.userId, t.createdAt),
    index('user_audit_log_actor_id_idx').on(t.actorId),
    // The superuser's change timeline pages both audit logs newest first.
    index('user_audit_log_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Every admin write to the content (courses, modules, lessons, the video library; issue 20): who,
 * what, which row and the changed fields before and after. Written in the transaction of the
 * change; never updated or deleted by the app. Shown to superusers in /admin.
 */
export const contentAuditLog = pgTable(
  'content_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin or superuser who acted; kept as null if that account is deleted. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'course.rename', 'module.create', 'lesson.update', 'lesson.delete', 'video.create'. */
    action: text('action').notNull(),
    /** 'course' | 'module' | 'lesson' | 'video'. */
    targetType: text('target_type').notNull(),
    /** The row's id (a course id is text, the others uuids); no foreign key, the row may be gone. */
    targetId: text('target_id').notNull(),
    /** The changed fields before the write (null for a create) and after it (null for a delete). */
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_audit_log_created_idx').on(t.createdAt, t.id),
    index('content_audit_log_actor_id_idx').on(t.actorId),
    index('content_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * The superuser's statistics as last computed: one row, read instead of aggregating
 * every table on each request, so the statistics stay fast however many users there are.
 * `computed_at` is the database clock; a read older than `ADMIN_STATS_MAX_AGE_SECONDS` lets one
 * request recompute (it sets `refreshing_until`, the others keep serving the last figures), and a
 * superuser's change of a user's status or role deletes the row (src/server/statistics/stats.service.ts).
 */
export const adminStatisticsSnapshot = pgTable(
  'admin_statistics_snapshot',
  {
    id: smallint('id').primaryKey().default(1),
    /** The `AdminStatistics` answer without `computedAt`. */
    data: jsonb('data').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    /** Set while one request recomputes a stale snapshot; others do not start a second computation before it passes. */
    refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
  },
  (t) => [check('admin_statistics_snapshot_one_row', sql`${t.id} = 1`)],
);

// --- Selling's plumbing (issue 21, sections 3 and 4): signed webhooks and the mail outbox ----

/**
 * Every webhook event a provider delivered and we handled. The row is written by
 * the request pipeline in the same transaction as the route's handler, keyed by the provider and
 * the provider's own event id: a second delivery of the same event, one after the other or at the
 * same time, finds (or waits for) the first one's row and is answered without running the handler
 * again. A handler that fails rolls its row back with its work, so the provider's next delivery
 * handles the event afresh.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The verifier's provider name, e.g. 'test-payments'. */
    provider: text('provider').notNull(),
    /** The provider's id of the event (not ours): what makes a redelivery the same event. */
    eventId: text('event_id').notNull(),
    /** The provider's event type, when the route records it (e.g. 'payment.captured'). */
    eventType: text('event_type'),
    /** What the route chose to keep of the verified event (the test provider keeps the whole body). */
    payload: jsonb('payload'),
    /** Deliveries of this event we received and verified, the first included. */
    deliveries: integer('deliveries').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the handler finished, in its transaction: a committed row always has it. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_key').on(t.provider, t.eventId), index('webhook_events_received_idx').on(t.receivedAt)],
);

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'kept', 'failed']);

/**
 * The transactional mail outbox. A service writes a row with `queueMail(tx, …)` in
 * the transaction of the change that causes the mail, so a change that rolls back sends nothing
 * and a committed one is never forgotten. The sender (src/server/mail/sender.ts, run every minute
 * and right after the request) claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, renders
 * the template, sends it over SMTP and marks it `sent`; a failure schedules the next attempt with
 * exponential backoff until `MAIL_MAX_ATTEMPTS`, then `failed`. Without `SMTP_URL` outside
 * production the mail is `kept` (rendered, not sent) for the development page /dev/e-post.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One recipient address. */
    toAddress: text('to_address').notNull(),
    /** The template's name in src/server/mail/templates (e.g. 'password-reset'). */
    template: text('template').notNull(),
    /** The template's props, rendered when the mail is sent. */
    data: jsonb('data').notNull(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The row is due from then on: now when queued, later after a failed attempt (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender claimed the row until then; after it passes (a sender that died) another may. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claiming sender's token: only that sender may record the outcome of its attempt. */
    claimToken: uuid('claim_token'),
    /** The last failure, one line without the message's content. */
    lastError: text('last_error'),
    /** What was sent (or kept): filled in by the sender. */
    subject: text('subject'),
    html: text('html'),
    textBody: text('text_body'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The sender's question: pending rows due now, oldest first.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

// --- selling (issue 22, decision 30) ------------------------------------------------------

export const couponKind = pgEnum('coupon_kind', ['percent', 'amount']);

/**
 * A discount code: a percentage or an amount in øre off the price, valid in a window, at most
 * `max_uses` times. A use is counted when an order takes the coupon, in one conditional update
 * (`used_count < max_uses`), so concurrent buyers can never pass the limit; an order that ends
 * unpaid gives its use back.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case, e.g. 'HØST25'. */
    code: text('code').notNull(),
    kind: couponKind('kind').notNull(),
    /** 1–100 (kind 'percent'). */
    percentOff: integer('percent_off'),
    /** Øre off, VAT included (kind 'amount'). */
    amountOffOre: integer('amount_off_ore'),
    /** The one product it applies to; null: every product. */
    productId: text('product_id').references(() => products.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check(
      'coupons_kind_value',
      sql`(${t.kind} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffOre} IS NULL) OR (${t.kind} = 'amount' AND ${t.amountOffOre} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check('coupons_used_within_max', sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`),
  ],
);

export const orderStatus = pgEnum('order_status', [
  'created',
  'awaiting_payment',
  'paid',
  'refunded',
  'partly_refunded',
  'cancelled',
  'expired',
  'failed',
  /** A company's order on invoice ('fakturert', issue 24): its seats work at once; a superuser marks it paid or cancels it. */
  'invoiced',
]);

/**
 * An order: what was bought, by whom, at which price, under which consent, and how the payment
 * stands. Everything the receipt shows is copied here when the order is made (title, price, VAT,
 * coupon), so a later price change never changes an order. Only `reconcile` (and a refund) moves
 * `status`; every move is a row in `order_events`.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Our reference at the provider and on the receipt, e.g. 'ka-3f9c2a7e1b4d4c0f'. */
    reference: text('reference').notNull(),
    /** The buyer's account: null until a guest's order is paid (the account is made then), or after the account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The buyer as ordered (kept for the receipt, also after the account is gone). */
    buyerFirstName: text('buyer_first_name').notNull(),
    buyerLastName: text('buyer_last_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    /** True when the order was made without an account (a guest checkout). */
    guest: boolean('guest').notNull().default(false),
    /** True when the paying transaction made the guest's account (the return page may then sign that browser in, once). */
    accountCreated: boolean('account_created').notNull().default(false),
    /** Hash of the guest's checkout token (a cookie): proves the return page is the buyer's browser. */
    checkoutTokenHash: text('checkout_token_hash'),
    /** RESTRICT: a product that was sold is never deleted (the orders are kept five years for the books). */
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The product's title when ordered. */
    title: text('title').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** The company a package order buys seats for. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /** The company as it was when a package order was made: on its receipt, also after the company is edited. */
    buyerCompanyName: text('buyer_company_name'),
    buyerOrgNumber: text('buyer_org_number'),
    /** The company's purchase-order reference, if it gave one ('Deres ref.' on the receipt). */
    buyerPoReference: text('buyer_po_reference'),
    /** The price before the coupon, VAT included, in øre. */
    listPriceOre: integer('list_price_ore').notNull(),
    discountOre: integer('discount_ore').notNull().default(0),
    /** What the buyer pays, VAT included. */
    totalOre: integer('total_ore').notNull(),
    vat: productVat('vat').notNull(),
    /** Basis points: 2500 = 25 %, 0 for exempt. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** The VAT contained in `total_ore`. */
    vatOre: integer('vat_ore').notNull(),
    currency: text('currency').notNull().default('NOK'),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    redirectUrl: text('redirect_url'),
    status: orderStatus('status').notNull().default('created'),
    /** The consent to immediate delivery (angrerettloven § 22 n): the text's version, when, from where. */
    consentVersion: text('consent_version').notNull(),
    consentText: text('consent_text').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentIp: text('consent_ip'),
    consentUserAgent: text('consent_user_agent'),
    /** The client's key for this checkout attempt: a double click makes one order. */
    idempotencyKey: text('idempotency_key').notNull(),
    capturedOre: integer('captured_ore').notNull().default(0),
    refundedOre: integer('refunded_ore').notNull().default(0),
    /** Numbered without gaps when the order is paid (`receipt_counter`). */
    receiptNumber: integer('receipt_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last reconcile's trouble (a provider that did not answer), for the admin. */
    lastError: text('last_error'),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_reference_key').on(t.reference),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('orders_receipt_number_key').on(t.receiptNumber),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_buyer_email_idx').on(t.buyerEmail),
    index('orders_created_idx').on(t.createdAt),
    index('orders_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('created', 'awaiting_payment')`),
    check(
      'orders_amounts',
      sql`${t.listPriceOre} >= 0 AND ${t.discountOre} >= 0 AND ${t.totalOre} = ${t.listPriceOre} - ${t.discountOre} AND ${t.vatOre} >= 0 AND ${t.vatOre} <= ${t.totalOre}`,
    ),
    check('orders_refund_within_capture', sql`${t.refundedOre} >= 0 AND ${t.refundedOre} <= ${t.capturedOre}`),
    check('orders_currency_nok', sql`${t.currency} = 'NOK'`),
    check('orders_paid_has_receipt', sql`(${t.status} IN ('paid', 'refunded', 'partly_refunded')) = (${t.receiptNumber} IS NOT NULL)`),
  ],
);

/** Every move of an order (and every refund), who made it and why: the order's audit trail. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    /** What moved it: 'checkout', 'return', 'webhook', 'sweep', 'admin'. */
    trigger: text('trigger').notNull(),
    /** The admin who did it (refunds). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail'),
    /** The moment of the move, not of its transaction's start: two moves in one transaction (paid, then refunded) keep their order. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Refunds through the provider, one row per refund the admin asked for (its key makes a retry the same refund). */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountOre: integer('amount_ore').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_refunds_idempotency_key').on(t.idempotencyKey), check('order_refunds_positive', sql`${t.amountOre} > 0`)],
);

/** The receipts' number series: one row, advanced in the paying transaction, so numbers have no gaps. */
export const receiptCounter = pgTable(
  'receipt_counter',
  {
    id: smallint('id').primaryKey().default(1),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [check('receipt_counter_single_row', sql`${t.id} = 1`)],
);

export const testPaymentState = pgEnum('test_payment_state', ['pending', 'authorized', 'captured', 'cancelled', 'expired', 'failed']);

/**
 * The built-in test provider's payments (development and tests only, decision 30): kept in the
 * database so every function instance sees the same payment, as a real provider's API would.
 */
export const testPayments = pgTable('test_payments', {
  reference: text('reference').primaryKey(),
  amountOre: integer('amount_ore').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  state: testPaymentState('state').notNull().default('pending'),
  capturedOre: integer('captured_ore').notNull().default(0),
  refundedOre: integer('refunded_ore').notNull().default(0),
  /** Idempotency keys already used, with what they did. */
  keys: jsonb('keys')
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** The webhook event announcing the buyer's last choice, until it was delivered. */
  pendingEvent: jsonb('pending_event'),
  ...timestamps,
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type Role = (typeof userRole.enumValues)[number];
export type UserAuditAction = (typeof userAuditAction.enumValues)[number];
export type ContentAuditEntry = typeof contentAuditLog.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
export type EnrollmentSource = (typeof enrollmentSource.enumValues)[number];
export type ProductVat = (typeof productVat.enumValues)[number];
export type Product = typeof products.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderStatus = (typeof orderStatus.enumValues)[number];
export type Coupon = typeof coupons.$inferSelect;

/** The courses a package gives: the online package's five, from its page's list (seeded from git). */
export const productCourses = pgTable(
  'product_courses',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The package's recommended order (its learning path, git's): a seat's courses are listed in it. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.courseId] })],
);

/**
 * A seat of a company's package held by one person (issue 24, decision 32). Active while
 * `revoked_at` is null; at most one active seat per person and company. The person's courses are
 * granted with source 'seat' and this row as `source_ref`, so taking the seat back revokes exactly
 * those grants, and the person's progress stays theirs.
 */
export const companySeats = pgTable(
  'company_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_seats_active_person_key')
      .on(t.companyId, t.userId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('company_seats_company_idx').on(t.companyId, t.assignedAt),
  ],
);

export const companyTrialStatus = pgEnum('company_trial_status', ['active', 'converted', 'ended']);

/**
 * A company's free trial of the package: `seats` seats for the days between `started_at` and
 * `ends_at`, without an order. At most one trial per organisation number and one per person, ever
 * (the unique indexes are the rule, not only the check before the insert), and one per company.
 * While 'active' and not past `ends_at`, the seats count beside the ones its orders pay for. Buying
 * seats makes it 'converted' (the seats people hold stay); the sweep makes it 'ended' and takes the
 * seats back. The two mails to the managers are claimed by their columns, so a sweep run twice
 * sends each once.
 */
export const companyTrials = pgTable(
  'company_trials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Copied from the company when the trial starts: a company's number may change, the trial it had may not. */
    orgNumber: text('org_number').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    seats: integer('seats').notNull(),
    status: companyTrialStatus('status').notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The order that converted it. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** When it was converted or ended. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    endMailSentAt: timestamp('end_mail_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_trials_org_number_key').on(t.orgNumber),
    uniqueIndex('company_trials_started_by_key').on(t.startedBy),
    uniqueIndex('company_trials_company_key').on(t.companyId),
    index('company_trials_active_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'active'`),
    check('company_trials_seats_check', sql`${t.seats} > 0`),
  ],
);

export const invitationStatus = pgEnum('invitation_status', ['pending', 'accepted', 'cancelled']);

/**
 * An invitation to a company's seat: a single-use link valid 14 days, only its SHA-256
 * stored, mailed through the outbox. At most one pending invitation per company and address.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: invitationStatus('status').notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_invitations_token_key').on(t.tokenHash),
    uniqueIndex('company_invitations_pending_key')
      .on(t.companyId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index('company_invitations_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * The manager's view of a company, computed at most a minute ago (issue 24, decision 32; the same
 * idea as the statistics snapshot of decision 20): the counts per filter here, the people one row
 * each in `company_view_people`, so a page of the list is an index range read sent as text. A change
 * of who holds a seat deletes the row (and its people) in its own transaction; progress shows
 * within a minute.
 */
export const companyViewSnapshots = pgTable('company_view_snapshots', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  /** JSON text, stored as the answer sends it (no conversion on the hot path). */
  counts: text('counts').notNull(),
  /** Set by the one request that computes a stale view again; the others answer from this one meanwhile. */
  refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
});

/**
 * One person of a company's view snapshot, in the list's order (`position` from 1). `person` is
 * the JSON the API sends; `status` and `inactive` are copied out of it for the filters. `user_id`
 * has no foreign key on purpose: this is a cache of other tables (not the person's data, so not in
 * their export); deleting an account deletes every snapshot that lists the person.
 */
export const companyViewPeople = pgTable(
  'company_view_people',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companyViewSnapshots.companyId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status').notNull(),
    inactive: boolean('inactive').notNull(),
    person: text('person').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.position] }), index('company_view_people_user_idx').on(t.userId)],
);

/**
 * A course certificate, 'Kursbevis' (issue 25, decision 33): issued by the completion step in the
 * transaction that completes the course, at most one per learner and course (the unique index and
 * `ON CONFLICT DO NOTHING`). The learner's name, the course's title and hours and the completion
 * date are copied when it is issued, so the certificate stays as issued when the course later
 * changes; it stays valid until a superuser revokes it with a reason. `code` (80 random bits, hex)
 * is what the verification page /bevis/{code} and the PDF's QR code carry.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 20 upper-case hex digits (80 random bits); shown in groups of five. */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the course is deleted: the certificate keeps its copied title. */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    /** The course's hours as its page states them, e.g. '6 timer'. */
    courseHours: text('course_hours').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    /** The learner's result on the course's graded test, in percent; null while a course has none (shown only when set). */
    score: integer('score'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId),
    index('certificates_issued_idx').on(t.issuedAt, t.id),
    check('certificates_code_format', sql`${t.code} ~ '^[0-9A-F]{20}$'`),
    check('certificates_revoked_with_reason', sql`(${t.revokedAt} IS NULL) = (${t.revokedReason} IS NULL)`),
    check('certificates_score_percent', sql`${t.score} IS NULL OR ${t.score} BETWEEN 0 AND 100`),
  ],
);

export type Certificate = typeof certificates.$inferSelect;

/**
 * Messages sent with the contact form on /kontakt (issue 29, decision 37). Each is e-mailed to the
 * team through the outbox in the same transaction; the row is the record that it arrived. The
 * sender's name and address are the reply's only way back, so nothing else about them is stored
 * (no address of the request: the throttle keeps that, briefly, in `rate_limits`).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The sender's company, when given. */
    company: text('company'),
    message: text('message').notNull(),
    /** The outbox row that carries it to the team. */
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

/**
 * Access to a course given by hand by a superuser ('Gi tilgang' on a person's page in /admin), with
 * the reason, and when, by whom and why it was taken back. Kept apart from `enrollments` (one row
 * per person and course, whose source is the one thing that gives access now) so the order and seat
 * machinery can see that a hand grant still stands: a refund or a seat taken back then hands the
 * enrollment over to the grant instead of ending it, and taking the grant back hands it over to a
 * paid order or a seat that still gives the course (src/server/access/entitlements.ts).
 */
export const accessGrants = pgTable(
  'access_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    // At most one standing grant per person and course.
    uniqueIndex('access_grants_standing_key')
      .on(t.userId, t.courseId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('access_grants_user_idx').on(t.userId, t.createdAt),
    check('access_grants_revoked_with_reason', sql`(${t.revokedAt} IS NULL) = (${t.revokedReason} IS NULL)`),
  ],
);
