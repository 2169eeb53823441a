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

/** Computed by Postgres on every write, so an edited lesson is searchable in the same transaction; HTML tags are not indexed. */
const lessonSearchDocument = sql`setweight(to_tsvector('norwegian'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('norwegian'::regconfig, coalesce(description, '')), 'B') || setweight(jsonb_to_tsvector('norwegian'::regconfig, content, '["string"]'::jsonb), 'C') || setweight(to_tsvector('norwegian'::regconfig, coalesce(captions_text, '')), 'D')`;

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

/** Its seats are the sum of its paid or invoiced package orders. */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  orgNumber: text('org_number'),
  invoiceEmail: text('invoice_email'),
  invoiceAddress: text('invoice_address'),
  poReference: text('po_reference'),
  /** Anyone can type a valid org number, so until approval unpaid invoice seats give access only up to COMPANY_UNAPPROVED_SEAT_LIMIT. */
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  ...timestamps,
});

export const companyRole = pgEnum('company_role', ['manager', 'member']);

/** The only source of a manager's rights; the last manager can never be removed. */
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

export const companyAuditLog = pgTable(
  'company_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
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
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    emailReminders: boolean('email_reminders').notNull().default(true),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

/** Only the SHA-256 of the cookie's secret is stored (hex), compared in constant time. */
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
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const userTokenPurpose = pgEnum('user_token_purpose', [
  'verify_email',
  'reset_password',
  'change_email',
  'set_password',
  'confirm_email_change',
  'confirm_deletion',
]);

/** Only the token's SHA-256 is stored; one conditional update (`used_at IS NULL AND expires_at > now()`) makes a link work once. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
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
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    duration: text('duration').notNull(),
    level: text('level').notNull(),
    orderIndex: integer('order_index').notNull().default(0),
    /** Once an admin renamed the course, the seed leaves its title alone. */
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
    adminEditedAt: timestamp('admin_edited_at', { withTimezone: true }),
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
    /** Written only after validation against `lessonContentSchema`. */
    content: jsonb('content').$type<LessonContentValue>().notNull(),
    estimatedMinutes: integer('estimated_minutes').notNull().default(10),
    /** Once an admin edited a seeded lesson, the seed leaves the whole lesson alone. */
    adminEditedAt: timestamp('admin_edited_at', { withTimezone: true }),
    adminOrderedAt: timestamp('admin_ordered_at', { withTimezone: true }),
    isPreview: boolean('is_preview').notNull().default(false),
    captionsText: text('captions_text'),
    /** Generated by Postgres; never written. */
    searchDocument: tsvector('search_document').generatedAlwaysAs(lessonSearchDocument),
    ...timestamps,
  },
  (t) => [index('lessons_module_order_idx').on(t.moduleId, t.orderIndex), index('lessons_search_document_idx').using('gin', t.searchDocument)],
);

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
    /** The default only covers rows older than entitlements; every insert names its source. */
    source: enrollmentSource('source').notNull().default('grant'),
    sourceRef: text('source_ref'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId), index('enrollments_course_id_idx').on(t.courseId)],
);

/** Price and on-sale come from git (seeded); no price ever comes from the browser. A price of 0 makes the course free. */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'cascade' }),
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
    watchPositionSeconds: doublePrecision('watch_position_seconds').notNull().default(0),
    /** Grows no faster than the time between two saves allows, so completion means the video was played. */
    watchFurthestSeconds: doublePrecision('watch_furthest_seconds').notNull().default(0),
    watchSavedAt: timestamp('watch_saved_at', { withTimezone: true }),
    /** Within one viewing the furthest point can reach at most `base + MAX_PLAYBACK_RATE × (now − start) + slack`. */
    watchViewingStartedAt: timestamp('watch_viewing_started_at', { withTimezone: true }),
    watchViewingBaseSeconds: doublePrecision('watch_viewing_base_seconds').notNull().default(0),
    /** Text, task and HTML lessons: seconds in view, measured between the player's heartbeats (each bounded, capped per lesson). */
    studySeconds: doublePrecision('study_seconds').notNull().default(0),
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

/** `question` 0 is the lesson's own answer field; n ≥ 1 answers the lesson's n-th question. */
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

/** In Postgres so every serverless instance sees the same counts. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('rate_limits_updated_at_idx').on(t.updatedAt)],
);

export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' })
      .notNull()
      .default(sql`CURRENT_DATE`),
    requests: integer('requests').notNull().default(0),
    modelAnswers: integer('model_answers').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A lesson keeps its own copy of the URL and duration, so deleting a library video never breaks a lesson. */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
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
  'email_changed',
  'password_set',
]);

/** Never updated or deleted by the app. */
export const userAuditLog = pgTable(
  'user_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: userAuditAction('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_audit_log_user_created_idx').on(t.userId, t.createdAt),
    index('user_audit_log_actor_id_idx').on(t.actorId),
    index('user_audit_log_created_idx').on(t.createdAt, t.id),
  ],
);

/** Written in the transaction of the change; never updated or deleted by the app. */
export const contentAuditLog = pgTable(
  'content_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** No foreign key: the row may be gone. */
    targetId: text('target_id').notNull(),
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

/** One row, so the statistics need not aggregate every table per request; a stale read lets one request recompute (`refreshing_until`). */
export const adminStatisticsSnapshot = pgTable(
  'admin_statistics_snapshot',
  {
    id: smallint('id').primaryKey().default(1),
    data: jsonb('data').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
  },
  (t) => [check('admin_statistics_snapshot_one_row', sql`${t.id} = 1`)],
);

/** Written in the handler's transaction, keyed by provider and event id: a redelivery, even a concurrent one, finds or waits for the first row and is not handled twice. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type'),
    payload: jsonb('payload'),
    deliveries: integer('deliveries').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_key').on(t.provider, t.eventId), index('webhook_events_received_idx').on(t.receivedAt)],
);

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'kept', 'failed']);

/** Queued with `queueMail(tx, …)` in the transaction of the change, so a rollback sends nothing and a commit is never forgotten. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    data: jsonb('data').notNull(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claiming sender's token: only that sender may record the outcome of its attempt. */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    subject: text('subject'),
    html: text('html'),
    textBody: text('text_body'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

export const couponKind = pgEnum('coupon_kind', ['percent', 'amount']);

/** Uses are counted in one conditional update (`used_count < max_uses`), so concurrent buyers can never pass the limit. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: couponKind('kind').notNull(),
    percentOff: integer('percent_off'),
    /** Øre off, VAT included (kind 'amount'). */
    amountOffOre: integer('amount_off_ore'),
    productId: text('product_id').references(() => products.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
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
  'invoiced',
]);

/** Receipt fields are copied here when ordered, so a later price change never changes an order; only `reconcile` and refunds move `status`. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerFirstName: text('buyer_first_name').notNull(),
    buyerLastName: text('buyer_last_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    guest: boolean('guest').notNull().default(false),
    accountCreated: boolean('account_created').notNull().default(false),
    /** Hash of the guest's checkout token (a cookie): proves the return page is the buyer's browser. */
    checkoutTokenHash: text('checkout_token_hash'),
    /** RESTRICT: a product that was sold is never deleted (the orders are kept five years for the books). */
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull().default(1),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    buyerCompanyName: text('buyer_company_name'),
    buyerOrgNumber: text('buyer_org_number'),
    buyerPoReference: text('buyer_po_reference'),
    /** The price before the coupon, VAT included, in øre. */
    listPriceOre: integer('list_price_ore').notNull(),
    discountOre: integer('discount_ore').notNull().default(0),
    totalOre: integer('total_ore').notNull(),
    vat: productVat('vat').notNull(),
    /** Basis points: 2500 = 25 %, 0 for exempt. */
    vatRateBp: integer('vat_rate_bp').notNull(),
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
    receiptNumber: integer('receipt_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
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

export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    trigger: text('trigger').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail'),
    /** The moment of the move, not of its transaction's start: two moves in one transaction (paid, then refunded) keep their order. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** One row per refund asked for; its key makes a retry the same refund. */
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

/** In the database so every function instance sees the same payment, as a real provider's API would. */
export const testPayments = pgTable('test_payments', {
  reference: text('reference').primaryKey(),
  amountOre: integer('amount_ore').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  state: testPaymentState('state').notNull().default('pending'),
  capturedOre: integer('captured_ore').notNull().default(0),
  refundedOre: integer('refunded_ore').notNull().default(0),
  keys: jsonb('keys')
    .notNull()
    .default(sql`'{}'::jsonb`),
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

export const productCourses = pgTable(
  'product_courses',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.courseId] })],
);

/** Seat grants carry this row as `source_ref`, so taking the seat back revokes exactly those grants. */
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

/** One trial per organisation number and per person, ever (the unique indexes are the rule); mails are claimed by their columns, so a sweep run twice sends each once. */
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
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
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

/** A single-use link valid 14 days; only its SHA-256 is stored. */
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

/** Computed at most a minute ago; a change of who holds a seat deletes it in its own transaction. */
export const companyViewSnapshots = pgTable('company_view_snapshots', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  counts: text('counts').notNull(),
  refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
});

/** `user_id` has no foreign key on purpose: a cache, not the person's data; deleting an account deletes every snapshot that lists them. */
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

/** Fields are copied when issued, so a certificate stays as issued when the course changes; `code` is 80 random bits. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    courseHours: text('course_hours').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
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

/** Only the sender's name and address are stored: the reply's only way back. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

/** Kept apart from `enrollments` so a refund or a seat taken back hands the enrollment over to a standing hand grant instead of ending it. */
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
    uniqueIndex('access_grants_standing_key')
      .on(t.userId, t.courseId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('access_grants_user_idx').on(t.userId, t.createdAt),
    check('access_grants_revoked_with_reason', sql`(${t.revokedAt} IS NULL) = (${t.revokedReason} IS NULL)`),
  ],
);
