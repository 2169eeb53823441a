// `npm run bench [-- --quick] [-- --write]`: the API under load on the production build against a real PostgreSQL (docs/performance.md).
// Options: --quick, --duration=S, --connections=N, --mixed-connections=N, --mixed-duration=S, --scales=1,10,100, --learners=N, --only=a,b, --no-mixed, --no-build, --write, --profile=DIR.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client';
import { migrateAndSeed } from '../db/prepare';
import { env } from '../src/server/platform/env';
import { randomBytes, randomUUID } from 'node:crypto';
import { hashToken } from '../src/server/account/tokens';
import { newCertificateCode } from '../src/server/certificates/codes';
import { unsubscribeToken } from '../src/server/reminders/unsubscribe';
import { CONSENT } from '../src/server/checkout/checkout.service';
import { peopleCursor } from '../src/server/company/company.service';
import { signTestPaymentsDelivery } from '../src/server/payments/test-provider-webhook';
import { benchDatabase } from './bench/database';
import { load, type LoadResult, type RequestSpec } from './bench/load';
import { gitRevision, machine, table, today, writeBlock } from './bench/report';
import { addUsers, type Fixture, newSession, prepareFixture, seatCompanies, seatPeople, tableCounts, trialStarters } from './bench/seed';
import { NO_PASSWORD } from '../src/server/auth/password';
import { sessions } from '../db/schema';
import { isValidOrgNumber } from '../src/lib/org-number';
import { PAID_STATES, SEAT_STATES } from '../src/lib/order-states';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const value = args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return value === undefined ? fallback : Number(value);
};
const quick = flag('quick');
const settings = {
  duration: option('duration', quick ? 3 : 20),
  connections: option('connections', 10),
  mixedConnections: option('mixed-connections', 200),
  mixedDuration: option('mixed-duration', quick ? 10 : 60),
  learners: option('learners', 200),
  scales: (args.find((a) => a.startsWith('--scales='))?.split('=')[1] ?? '1,10,100').split(',').map(Number),
};
const only = (args.find((a) => a.startsWith('--only='))?.split('=')[1] ?? '').split(',').filter(Boolean);
const skipMixed = flag('no-mixed');
const profileDir = args.find((a) => a.startsWith('--profile='))?.split('=')[1];
const port = env.BENCH_PORT;
const counterPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const run = Date.now().toString(36);

if (!flag('no-build') || !existsSync('dist/404.html')) {
  console.log('Building the production site (npm run build)…');
  const buildEnv = { ...process.env };
  delete buildEnv.DATABASE_URL;
  delete buildEnv.NETLIFY_DATABASE_URL;
  const built = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: buildEnv });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const database = await benchDatabase();
console.log(`Database: ${database.describe}`);
let server: ChildProcess | undefined;

async function startServer(): Promise<void> {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  server = spawn('npx', ['tsx', ...profile, '--import', './scripts/bench/statement-counter.ts', 'scripts/serve.ts'], {
    env: {
      ...process.env,
      ...database.serverEnv,
      SERVE_PORT: String(port),
      BENCH_COUNTER_PORT: String(counterPort),
      AI_DAILY_MESSAGE_LIMIT: '100000',
      // Measure the capped note insert, not a wall of 409s.
      NOTES_PER_LESSON_MAX: '100000',
      OPENAI_API_KEY: '',
      LOG_LEVEL: 'error',
      // The checkout runs pay with the built-in test provider, whose webhooks are not delivered here.
      PAYMENT_TEST_PROVIDER: 'on',
      PAYMENT_TEST_WEBHOOK_URL: 'off',
      // The forgotten-password run comes from one address, like every run here.
      PASSWORD_RESET_LIMIT_PER_ADDRESS: '100000',
      CONTACT_LIMIT_PER_HOUR: '100000',
      // The quote run prices with one coupon from one address: measure the quote, not the guessing brake.
      COUPON_TRIES_PER_ADDRESS: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not start within 120 s')), 120_000);
    server!.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Serving the production build')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server!.once('exit', (code) => reject(new Error(`The server exited (${code})`)));
  });
  server.stdout!.resume();
}

async function stopServer(): Promise<void> {
  if (!server?.pid) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await exited;
  server = undefined;
}

let db: Database | undefined;
const openDb = async () => (db ??= await openDatabase(database.options));
const closeDb = async () => {
  await db?.close();
  db = undefined;
};

async function cleanUp() {
  await stopServer().catch(() => {});
  await closeDb().catch(() => {});
  await database.destroy().catch(() => {});
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const created = {
  notes: new Map<string, string>(), // id → text it was created with
  updated: new Set<string>(),
  deleted: new Set<string>(),
  messages: new Set<string>(), // marker texts answered 200
  progress: new Set<string>(), // user ids whose task lesson completion answered 200
  watch: new Set<string>(), // user ids whose watch position save answered 200
  answers: new Set<string>(), // 'user id:question' of task answers saved with 200
  webhookEvents: new Set<string>(), // test provider event ids answered 200
  orders: new Map<string, { cookie: string; reference: string }>(), // orders answered 201: the buyer's cookie, the reference
  returned: new Set<string>(), // order ids whose return answered 200
  refunds: new Map<string, string>(), // refunds answered 201: idempotency key → order id
  seatsTakenBack: new Set<string>(), // seat ids whose DELETE answered 200
  trialCompanies: new Set<string>(), // companies whose trial start answered 201
  coupons: [] as string[], // ids of the coupons made by the run
  invoicesCancelled: new Set<string>(), // order ids whose invoice-cancelled answered 200
};
/** A new course per scale, so no learner has it already (409) and no second payment is refunded at once. */
let purchaseCourse = '';
const purchaseCourses: string[] = [];
/** Where this scale's orders start in `created.orders` (the return run pays this scale's orders). */
let ordersOfScaleFrom = 0;
/** The orders the return run walks through, paid at the test provider before it starts (then read by the order runs). */
let returnQueue: [string, string][] = [];
/** The orders the return run paid (200): the receipt's PDF needs a paid order. */
let paidQueue: [string, string][] = [];
/** A cookie for the order reads before any order exists (they answer [] or 404 then). */
let anyCookie = '';
/** A coupon the quote run prices with (no use is counted by a quote). */
const BENCH_COUPON = 'BENCH10';
let sequence = 0;

const PACKAGE = 'package:nettbasert-pakke';
interface Refund {
  orderId: string;
  amountOre: number;
  idempotencyKey: string;
}
let refundQueue: Refund[] = [];
let refundNext = 0;
/** The take-back companies: each has 4 seats paid with the test provider, 3 on invoice and 7 people holding seats. */
const SEAT_COMPANIES = 100;
const SEAT_PEOPLE = 7;
let seatTakeBackQueue: [string, string, string][] = [];
let seatRefundQueue: Refund[] = [];
let invoiceCancelQueue: string[] = [];
let seatNext = 0;
let seatCompaniesScale = -1;
const TRIAL_STARTERS = 500;
let trialQueue: string[] = [];
let trialNext = 0;
/** Organisation numbers no run has used (one trial per number, ever): from the run's start time on. */
let trialOrgSeed = 10_000_000 + (Date.now() % 80_000_000);
function nextTrialOrgNumber(): string {
  for (;;) {
    const base = String(++trialOrgSeed % 100_000_000).padStart(8, '0');
    for (let check = 0; check <= 9; check++) if (isValidOrgNumber(`${base}${check}`)) return `${base}${check}`;
  }
}

async function api(method: string, path: string, cookie: string | undefined, body?: unknown): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, body: parsed };
}

/** Each take-back company buys 4 seats through the real checkout with the test provider (paying approves the company) and 3 on invoice. */
async function prepareSeatCompanies(scale: number): Promise<void> {
  if (seatCompaniesScale === scale) return;
  seatCompaniesScale = scale;
  const d = (await openDb()).db;
  const tag = `s${scale}`;
  const made = await seatCompanies(d, run, tag, SEAT_COMPANIES);
  const paidOrders: string[] = [];
  const invoices: string[] = [];
  for (let i = 0; i < made.length; i += 10) {
    await Promise.all(
      made.slice(i, i + 10).map(async (c, j) => {
        const order = (
          await api('POST', '/api/checkout/orders', c.cookie, {
            productId: PACKAGE,
            provider: 'test',
            quantity: 4,
            companyId: c.companyId,
            idempotencyKey: randomUUID(),
          })
        ).body as { orderId: string; reference: string };
        await api('POST', `/api/test-payments/${order.reference}/approve`, undefined, {});
        await api('POST', `/api/checkout/orders/${order.orderId}/return`, c.cookie, {});
        const invoice = (
          await api('POST', '/api/checkout/orders', c.cookie, {
            productId: PACKAGE,
            provider: 'invoice',
            quantity: 3,
            companyId: c.companyId,
            idempotencyKey: randomUUID(),
          })
        ).body as { orderId: string };
        paidOrders[i + j] = order.orderId;
        invoices[i + j] = invoice.orderId;
      }),
    );
  }
  await seatPeople(
    d,
    run,
    tag,
    made.map((c) => c.companyId),
    SEAT_PEOPLE,
  );
  const seats = (await d.execute(sql`
    select company_id::text as company_id, id::text as id from (
      select company_id, id, row_number() over (partition by company_id order by assigned_at, id) as n
      from company_seats where company_id in ${made.map((c) => c.companyId)} and revoked_at is null) s
    where n <= 2 order by company_id, n`)) as unknown as { rows: { company_id: string; id: string }[] };
  const cookieOf = new Map(made.map((c) => [c.companyId, c.cookie]));
  seatTakeBackQueue = seats.rows.map((r) => [r.company_id, r.id, cookieOf.get(r.company_id)!]);
  const totals = (await d.execute(sql`select id::text as id, total_ore, quantity, status from orders where id in ${paidOrders}`)) as unknown as {
    rows: { id: string; total_ore: number; quantity: number; status: string }[];
  };
  const byId = new Map(totals.rows.map((r) => [r.id, r]));
  seatRefundQueue = paidOrders.flatMap((id, n) => {
    const order = byId.get(id);
    if (order?.status !== 'paid') return [];
    const perSeat = Math.floor(Number(order.total_ore) / Number(order.quantity));
    return [{ orderId: id, amountOre: n % 2 === 0 ? Number(order.total_ore) : 3 * perSeat + 1, idempotencyKey: randomUUID() }];
  });
  invoiceCancelQueue = invoices;
  seatNext = 0;
}

/** The load's paid course orders with money left, each refunded once in this run (in full, or a third), every fifth sent twice. */
async function prepareRefunds(): Promise<void> {
  const d = (await openDb()).db;
  const returned = [...created.returned];
  refundQueue = [];
  refundNext = 0;
  if (!returned.length) return;
  const result = (await d.execute(sql`
    select id::text as id, captured_ore - refunded_ore as left_ore from orders
    where id in ${returned} and status in ('paid', 'partly_refunded') and captured_ore > refunded_ore
    order by id limit 1000`)) as unknown as { rows: { id: string; left_ore: number }[] };
  for (const [i, row] of result.rows.entries()) {
    const left = Number(row.left_ore);
    const refund = { orderId: row.id, amountOre: i % 2 === 0 ? left : Math.max(1, Math.floor(left / 3)), idempotencyKey: randomUUID() };
    refundQueue.push(refund);
    if (i % 5 === 0) refundQueue.push(refund);
  }
}

const refundRequest = (refund: Refund, cookie: string): RequestSpec => ({
  method: 'POST',
  path: `/api/admin/orders/${refund.orderId}/refunds`,
  cookie,
  body: { amountOre: refund.amountOre, reason: 'Benk', idempotencyKey: refund.idempotencyKey },
});
const onRefund = (request: RequestSpec, status: number) => {
  if (status === 201) created.refunds.set((request.body as { idempotencyKey: string }).idempotencyKey, request.path.split('/')[4]!);
};

interface Endpoint {
  name: string;
  read: boolean;
  next(fixture: Fixture): RequestSpec;
  onResponse?(request: RequestSpec, status: number, body: string): void;
  /** A fixed number of requests (deletes: each note once). */
  amount?(): number;
  optional?: boolean;
  /** Statuses of 400 and over that are this endpoint's right answer on the bench's server. */
  expectedStatuses?: readonly number[];
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const learnerOf = new Map<string, string>();
let grantQueue: string[] | null = null;
let grantRevokeQueue: string[] = [];
const standingGrants = new Set<string>();
const anyLearner = (f: Fixture) => pick(f.learners);

const endpoints: Endpoint[] = [
  { name: 'GET /api/health', read: true, next: () => ({ method: 'GET', path: '/api/health' }) },
  { name: 'GET /api/auth/user', read: true, next: (f) => ({ method: 'GET', path: '/api/auth/user', cookie: anyLearner(f).cookie }) },
  { name: 'GET /api/courses', read: true, next: (f) => ({ method: 'GET', path: '/api/courses', cookie: anyLearner(f).cookie }) },
  {
    name: 'GET /api/users/me/enrollments',
    read: true,
    next: (f) => ({ method: 'GET', path: '/api/users/me/enrollments', cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET /api/users/me/progress',
    read: true,
    next: (f) => ({ method: 'GET', path: '/api/users/me/progress', cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET …/modules-with-progress',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/courses/${f.courseIds[0]}/modules-with-progress`, cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET …/with-content',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/courses/${f.courseIds[0]}/with-content`, cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET /api/courses/:id/progress',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/courses/${f.courseIds[0]}/progress`, cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET /api/lessons/:id/video-notes',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/lessons/${f.videoLessonId}/video-notes`, cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET /api/lessons/:id/answers',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/lessons/${f.taskLessonId}/answers`, cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET …/messages (a page)',
    read: true,
    next: (f) => {
      const learner = anyLearner(f);
      return { method: 'GET', path: `/api/chat/conversations/${learner.conversationId}/messages`, cookie: learner.cookie };
    },
  },
  {
    name: 'GET /api/chat/conversations',
    read: true,
    next: (f) => ({ method: 'GET', path: '/api/chat/conversations?limit=20', cookie: anyLearner(f).cookie }),
  },
  {
    name: 'GET /api/admin/statistics',
    read: true,
    optional: true,
    next: (f) => ({ method: 'GET', path: '/api/admin/statistics', cookie: f.adminCookie }),
  },
  {
    // 'Oppdater tall': every request aggregates the whole database (what the snapshot saves the others from).
    name: 'GET /api/admin/statistics?fresh=1',
    read: true,
    optional: true,
    next: (f) => ({ method: 'GET', path: '/api/admin/statistics?fresh=1', cookie: f.adminCookie }),
  },
  {
    name: 'GET /api/admin/audit',
    read: true,
    optional: true,
    next: (f) => ({ method: 'GET', path: '/api/admin/audit?limit=20', cookie: f.adminCookie }),
  },
  {
    name: 'GET /api/admin/lessons',
    read: true,
    optional: true,
    next: (f) => ({ method: 'GET', path: '/api/admin/lessons', cookie: f.adminCookie }),
  },
  {
    name: 'GET /api/admin/publishing',
    read: true,
    optional: true,
    next: (f) => ({ method: 'GET', path: '/api/admin/publishing', cookie: f.adminCookie }),
  },
  {
    // 'Prøv igjen' as served here, without a build hook: the last request is read, Netlify is not asked.
    name: 'POST /api/admin/publishing',
    read: false,
    optional: true,
    next: (f) => ({ method: 'POST', path: '/api/admin/publishing', cookie: f.adminCookie }),
  },
  {
    // The bench serves without a build hook, so every press is refused (409) after the session and role are read.
    name: 'POST /api/admin/publishing/build',
    read: false,
    optional: true,
    expectedStatuses: [409],
    next: (f) => ({ method: 'POST', path: '/api/admin/publishing/build', cookie: f.adminCookie }),
  },
  {
    name: 'POST …/watch-position',
    read: false,
    next: (f) => {
      const learner = anyLearner(f);
      learnerOf.set(learner.cookie, learner.userId);
      return { method: 'POST', path: `/api/lessons/${f.videoLessonId}/watch-position`, cookie: learner.cookie, body: { positionSeconds: 5 } };
    },
    onResponse: (request, status) => {
      if (status === 200) created.watch.add(learnerOf.get(request.cookie!)!);
    },
  },
  {
    name: 'POST …/study-time',
    read: false,
    next: (f) => ({ method: 'POST', path: `/api/lessons/${f.taskLessonId}/study-time`, cookie: anyLearner(f).cookie, body: {} }),
  },
  {
    name: 'POST /api/lessons/:id/progress',
    read: false,
    next: (f) => {
      const learner = anyLearner(f);
      learnerOf.set(learner.cookie, learner.userId);
      return { method: 'POST', path: `/api/lessons/${f.taskLessonId}/progress`, cookie: learner.cookie, body: { completed: true } };
    },
    onResponse: (request, status) => {
      if (status === 200) created.progress.add(learnerOf.get(request.cookie!)!);
    },
  },
  {
    name: 'PUT /api/lessons/:id/answers/:q',
    read: false,
    next: (f) => {
      const learner = anyLearner(f);
      const question = (sequence % 3) + 1;
      const answer = `Benchsvar ${run} ${++sequence}`;
      learnerOf.set(learner.cookie, learner.userId);
      return { method: 'PUT', path: `/api/lessons/${f.taskLessonId}/answers/${question}`, cookie: learner.cookie, body: { answer } };
    },
    onResponse: (request, status) => {
      if (status === 200) created.answers.add(`${learnerOf.get(request.cookie!)!}:${request.path.split('/').at(-1)!}`);
    },
  },
  {
    name: 'POST /api/video-notes',
    read: false,
    next: (f) => ({
      method: 'POST',
      path: '/api/video-notes',
      cookie: anyLearner(f).cookie,
      body: { lessonId: f.noteLessonId, timestamp: 12, noteText: `Benchnotat ${run} ${++sequence}` },
    }),
    onResponse: (request, status, body) => {
      if (status === 201) created.notes.set((JSON.parse(body) as { id: string }).id, (request.body as { noteText: string }).noteText);
    },
  },
  {
    name: 'PUT /api/video-notes/:id',
    read: false,
    next: () => {
      const [id, text] = pick(updateQueue);
      return { method: 'PUT', path: `/api/video-notes/${id}`, cookie: noteOwner.get(id), body: { noteText: `${text} (endret)` } };
    },
    onResponse: (request, status) => {
      if (status === 200) created.updated.add(request.path.split('/').at(-1)!);
    },
  },
  {
    name: 'DELETE /api/video-notes/:id',
    read: false,
    amount: () => Math.floor(notesLeft().length / 2),
    next: () => {
      const id = deleteQueue.pop()!;
      return { method: 'DELETE', path: `/api/video-notes/${id}`, cookie: noteOwner.get(id) };
    },
    onResponse: (request, status) => {
      if (status === 200) created.deleted.add(request.path.split('/').at(-1)!);
    },
  },
  {
    name: 'PATCH /api/chat/conversations/:id',
    read: false,
    next: (f) => {
      const learner = anyLearner(f);
      return {
        method: 'PATCH',
        path: `/api/chat/conversations/${learner.conversationId}`,
        cookie: learner.cookie,
        body: { title: `Benchnavn ${++sequence}` },
      };
    },
  },
  {
    name: 'POST …/messages (offline)',
    read: false,
    next: (f) => {
      const learner = anyLearner(f);
      return {
        method: 'POST',
        path: `/api/chat/conversations/${learner.conversationId}/messages`,
        cookie: learner.cookie,
        body: { content: `Hva er kunstig intelligens? (${run}-${++sequence})` },
      };
    },
    onResponse: (request, status) => {
      if (status === 200) created.messages.add((request.body as { content: string }).content);
    },
  },
  {
    // A provider's signed delivery; every other one delivers the previous event again.
    name: 'POST /api/webhooks/test-payments',
    read: false,
    next: () => {
      const n = ++sequence;
      const rawBody = JSON.stringify({ id: `evt_bench_${run}_${n - (n % 2)}`, type: 'payment.captured', data: { orderId: `ord_${n}` } });
      return { method: 'POST', path: '/api/webhooks/test-payments', rawBody, headers: signTestPaymentsDelivery(rawBody) };
    },
    onResponse: (request, status) => {
      if (status === 200) created.webhookEvents.add((JSON.parse(request.rawBody!) as { id: string }).id);
    },
  },
  {
    name: 'GET /api/checkout/products/:id',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/checkout/products/${purchaseCourse}`, cookie: anyLearner(f).cookie }),
  },
  {
    name: 'POST /api/checkout/quote',
    read: true,
    next: () => ({ method: 'POST', path: '/api/checkout/quote', body: { productId: `course:${purchaseCourse}`, couponCode: BENCH_COUPON } }),
  },
  {
    name: 'POST /api/checkout/orders',
    read: false,
    next: (f) => {
      const learner = anyLearner(f);
      return {
        method: 'POST',
        path: '/api/checkout/orders',
        cookie: learner.cookie,
        body: {
          productId: `course:${purchaseCourse}`,
          provider: 'test',
          consent: { accepted: true, version: CONSENT.version },
          idempotencyKey: randomUUID(),
        },
      };
    },
    onResponse: (request, status, body) => {
      if (status !== 201) return;
      const { orderId, reference } = JSON.parse(body) as { orderId: string; reference: string };
      created.orders.set(orderId, { cookie: request.cookie!, reference });
    },
  },
  {
    // The first call per order captures, grants, numbers the receipt and queues the mail; the next ones find it paid.
    name: 'POST …/orders/:id/return',
    read: false,
    next: () => {
      const [orderId, cookie] = returnQueue[sequence++ % Math.max(returnQueue.length, 1)] ?? ['00000000-0000-4000-8000-000000000000', ''];
      return { method: 'POST', path: `/api/checkout/orders/${orderId}/return`, cookie, body: {} };
    },
    onResponse: (request, status) => {
      if (status === 200) created.returned.add(request.path.split('/')[4]!);
    },
  },
  {
    name: 'GET /api/orders',
    read: true,
    next: () => {
      const [, o] = pick(returnQueue.length ? returnQueue : [['', anyCookie]]);
      return { method: 'GET', path: '/api/orders', cookie: o };
    },
  },
  {
    name: 'GET /api/orders/:id',
    read: true,
    next: () => {
      const [id, cookie] = pick(returnQueue.length ? returnQueue : [['00000000-0000-4000-8000-000000000000', anyCookie]]);
      return { method: 'GET', path: `/api/orders/${id}`, cookie };
    },
  },
  {
    name: 'GET /api/orders/:id/receipt.pdf',
    read: true,
    next: () => {
      const [id, cookie] = pick(paidQueue.length ? paidQueue : [['00000000-0000-4000-8000-000000000000', anyCookie]]);
      return { method: 'GET', path: `/api/orders/${id}/receipt.pdf`, cookie };
    },
  },
  {
    name: 'GET /api/admin/orders',
    read: true,
    next: (f) => ({ method: 'GET', path: '/api/admin/orders?limit=50', cookie: f.adminCookie }),
  },
  {
    name: 'GET /api/admin/revenue',
    read: true,
    next: (f) => ({ method: 'GET', path: '/api/admin/revenue', cookie: f.adminCookie }),
  },
  {
    // Each paid order once, in full or a third; every fifth request is sent twice with its key (a double click: one refund).
    name: 'POST /api/admin/orders/:id/refunds',
    read: false,
    amount: () => refundQueue.length,
    next: (f) => refundRequest(refundQueue[refundNext++ % Math.max(refundQueue.length, 1)]!, f.adminCookie),
    onResponse: onRefund,
  },
  // The manager's view of a company of 500 people.
  { name: 'GET /api/companies', read: true, next: (f) => ({ method: 'GET', path: '/api/companies', cookie: f.companyAdminCookie }) },
  {
    name: 'GET /api/companies/:id',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/companies/${f.companyId}`, cookie: f.companyAdminCookie }),
  },
  {
    name: 'GET /api/companies/:id/people',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/companies/${f.companyId}/people`, cookie: f.companyAdminCookie }),
  },
  {
    name: 'GET /api/companies/:id/people?filter=inactive',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/companies/${f.companyId}/people?filter=inactive`, cookie: f.companyAdminCookie }),
  },
  {
    name: 'GET /api/companies/:id/people.csv',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/companies/${f.companyId}/people.csv`, cookie: f.companyAdminCookie }),
  },
  {
    name: 'GET /api/companies/:id/invitations',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/companies/${f.companyId}/invitations`, cookie: f.companyAdminCookie }),
  },
  {
    name: 'GET /api/companies/:id/managers',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/companies/${f.companyId}/managers`, cookie: f.companyAdminCookie }),
  },
  {
    name: 'GET /api/companies/:id/people (page 2)',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/companies/${f.companyId}/people?cursor=${peopleCursor.encode([50])}`, cookie: f.companyAdminCookie }),
  },
  {
    name: 'POST /api/companies/:id/invitations/preview',
    read: false,
    next: (f) => ({
      method: 'POST',
      path: `/api/companies/${f.companyId}/invitations/preview`,
      cookie: f.companyAdminCookie,
      body: { text: Array.from({ length: 50 }, (_, i) => (i === 7 ? 'ikke-en-adresse' : `forhand-${i}@bench.test`)).join('\n') },
    }),
  },
  {
    name: 'POST /api/companies/:id/invitations',
    read: false,
    next: (f) => ({
      method: 'POST',
      path: `/api/companies/${f.companyId}/invitations`,
      cookie: f.companyAdminCookie,
      body: { emails: [`invitert-${process.pid}-${++sequence}@bench.test`] },
    }),
  },
  {
    name: 'POST /api/companies/:id/invitations/:id/resend',
    read: false,
    next: (f) => ({
      method: 'POST',
      path: `/api/companies/${f.companyId}/invitations/${f.invitationId}/resend`,
      cookie: f.companyAdminCookie,
      body: {},
    }),
  },
  // Seats taken back by the managers, each once; then each company's paid seat order refunded and its invoice cancelled.
  {
    name: 'DELETE /api/companies/:id/seats/:id',
    read: false,
    amount: () => seatTakeBackQueue.length,
    next: () => {
      const [companyId, seatId, cookie] = seatTakeBackQueue[seatNext++ % Math.max(seatTakeBackQueue.length, 1)]!;
      return { method: 'DELETE', path: `/api/companies/${companyId}/seats/${seatId}`, cookie };
    },
    onResponse: (request, status) => {
      if (status === 200) created.seatsTakenBack.add(request.path.split('/').at(-1)!);
    },
  },
  {
    name: 'POST …/refunds (seat orders)',
    read: false,
    amount: () => seatRefundQueue.length,
    next: (f) => refundRequest(seatRefundQueue[seatNext++ % Math.max(seatRefundQueue.length, 1)]!, f.adminCookie),
    onResponse: onRefund,
  },
  {
    name: 'POST …/invoice-cancelled (seats)',
    read: false,
    amount: () => invoiceCancelQueue.length,
    next: (f) => ({
      method: 'POST',
      path: `/api/admin/orders/${invoiceCancelQueue[seatNext++ % Math.max(invoiceCancelQueue.length, 1)]}/invoice-cancelled`,
      cookie: f.adminCookie,
      body: {},
    }),
    onResponse: (request, status) => {
      if (status === 200) created.invoicesCancelled.add(request.path.split('/')[4]!);
    },
  },
  {
    // A free trial of the package for a new company: each starter once, with a number no one has tried.
    name: 'POST /api/company-trials',
    read: false,
    amount: () => trialQueue.length,
    next: () => ({
      method: 'POST',
      path: '/api/company-trials',
      cookie: trialQueue[trialNext++ % Math.max(trialQueue.length, 1)]!,
      body: {
        company: {
          name: `Bench prøve ${trialNext} AS`,
          orgNumber: nextTrialOrgNumber(),
          invoiceEmail: 'faktura@bench.test',
          invoiceAddress: 'Storgata 1, 0155 Oslo',
        },
      },
    }),
    onResponse: (_request, status, body) => {
      if (status === 201) created.trialCompanies.add((JSON.parse(body) as { companyId: string }).companyId);
    },
  },
  { name: 'GET /api/admin/companies', read: true, next: (f) => ({ method: 'GET', path: '/api/admin/companies', cookie: f.adminCookie }) },
  {
    name: 'GET /api/admin/companies/:id',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/admin/companies/${f.companyId}`, cookie: f.adminCookie }),
  },
  {
    name: 'POST /api/admin/companies',
    read: false,
    next: (f) => ({
      method: 'POST',
      path: '/api/admin/companies',
      cookie: f.adminCookie,
      body: {
        name: `Bench kunde ${process.pid}-${++sequence} AS`,
        orgNumber: '974 760 673',
        invoiceEmail: 'faktura@bench.test',
        invoiceAddress: 'Storgata 1, 0155 Oslo',
      },
    }),
  },
  {
    name: 'PATCH /api/admin/companies/:id',
    read: false,
    next: (f) => ({
      method: 'PATCH',
      path: `/api/admin/companies/${f.companyId}`,
      cookie: f.adminCookie,
      body: {
        name: `Bench ${process.pid} AS`,
        orgNumber: '974760673',
        invoiceEmail: `faktura-${++sequence}@bench.test`,
        invoiceAddress: 'Storgata 1, 0155 Oslo',
      },
    }),
  },
  { name: 'GET /api/account', read: true, next: (f) => ({ method: 'GET', path: '/api/account', cookie: anyLearner(f).cookie }) },
  { name: 'GET /api/account/sessions', read: true, next: (f) => ({ method: 'GET', path: '/api/account/sessions', cookie: anyLearner(f).cookie }) },
  { name: 'GET /api/account/export', read: true, next: (f) => ({ method: 'GET', path: '/api/account/export', cookie: anyLearner(f).cookie }) },
  {
    name: 'PATCH /api/account/profile',
    read: false,
    next: (f) => ({
      method: 'PATCH',
      path: '/api/account/profile',
      cookie: anyLearner(f).cookie,
      body: { firstName: 'Bench', lastName: `Læring ${++sequence}` },
    }),
  },
  {
    name: 'PUT /api/account/preferences',
    read: false,
    next: (f) => ({ method: 'PUT', path: '/api/account/preferences', cookie: anyLearner(f).cookie, body: { reminders: sequence++ % 2 === 0 } }),
  },
  {
    name: 'POST /api/auth/password-reset',
    read: false,
    next: () => ({ method: 'POST', path: '/api/auth/password-reset', body: { email: `glemt-${run}-${++sequence % 500}@example.no` } }),
  },
  {
    name: 'POST /api/contact',
    read: false,
    next: () => ({
      method: 'POST',
      path: '/api/contact',
      body: {
        name: 'Bench Kontakt',
        email: `kontakt-${run}-${++sequence % 500}@example.no`,
        message: 'Hei! Vi vil gjerne vite mer om kursene for bedrifter.',
      },
    }),
  },
  {
    // The verification link from the mail: each token once (made before the run, like the paid orders).
    name: 'POST /api/auth/confirm-email',
    read: false,
    amount: () => confirmTokens.length,
    next: () => ({ method: 'POST', path: '/api/auth/confirm-email', body: { token: confirmTokens[sequence++ % Math.max(confirmTokens.length, 1)] } }),
  },
  {
    // An account without a password (a guest buyer's) asks for the link that confirms deleting it: each account once (throttled per account).
    name: 'POST /api/account/confirm-by-mail',
    read: false,
    amount: () => passwordlessCookies.length,
    next: () => ({
      method: 'POST',
      path: '/api/account/confirm-by-mail',
      cookie: passwordlessCookies[sequence++ % Math.max(passwordlessCookies.length, 1)],
      body: { action: 'delete' },
    }),
  },
  {
    name: 'POST /api/auth/account-confirm',
    read: false,
    amount: () => accountConfirmTokens.length,
    next: () => ({
      method: 'POST',
      path: '/api/auth/account-confirm',
      body: { token: accountConfirmTokens[sequence++ % Math.max(accountConfirmTokens.length, 1)] },
    }),
  },
  // A certificate per learner, made before the first run.
  {
    name: 'GET /api/certificates',
    read: true,
    next: () => {
      const [, cookie] = pick(certificateQueue.length ? certificateQueue : [['', anyCookie, '']]);
      return { method: 'GET', path: '/api/certificates', cookie };
    },
  },
  {
    // Anyone, from one address: found codes give their throttle attempt back, so the load is never refused.
    name: 'GET /api/certificate-verifications/:code',
    read: true,
    next: () => ({ method: 'GET', path: `/api/certificate-verifications/${pick(certificateQueue)?.[2] ?? '00000000000000000000'}` }),
  },
  {
    name: 'GET /api/certificates/:id/pdf',
    read: true,
    next: () => {
      const [id, cookie] = pick(certificateQueue.length ? certificateQueue : [['00000000-0000-4000-8000-000000000000', anyCookie, '']]);
      return { method: 'GET', path: `/api/certificates/${id}/pdf`, cookie };
    },
  },
  { name: 'GET /api/admin/coupons', read: true, next: (f) => ({ method: 'GET', path: '/api/admin/coupons', cookie: f.adminCookie }) },
  {
    name: 'POST /api/admin/coupons',
    read: false,
    amount: () => 500,
    next: (f) => ({
      method: 'POST',
      path: '/api/admin/coupons',
      cookie: f.adminCookie,
      body: { code: `BENK-${run}-${sequence++}`, kind: 'percent', percentOff: 10, maxUses: 100 },
    }),
    onResponse: (_request, status, body) => {
      if (status === 201) created.coupons.push((JSON.parse(body) as { id: string }).id);
    },
  },
  {
    name: 'GET /api/admin/coupons/:couponId',
    read: true,
    optional: true,
    next: (f) => ({ method: 'GET', path: `/api/admin/coupons/${pick(created.coupons)}`, cookie: f.adminCookie }),
  },
  {
    name: 'PUT /api/admin/coupons/:couponId',
    read: false,
    optional: true,
    next: (f) => ({
      method: 'PUT',
      path: `/api/admin/coupons/${pick(created.coupons)}`,
      cookie: f.adminCookie,
      body: { maxUses: 100 + (sequence++ % 50) },
    }),
  },
  {
    // Each learner without a standing grant once. Queues, not counters: autocannon prepares a
    // request per connection that is never sent, so only the answers say what was granted.
    name: 'POST /api/admin/people/:userId/access',
    read: false,
    optional: true,
    amount: () => {
      grantQueue = null;
      return settings.learners - standingGrants.size;
    },
    next: (f) => ({
      method: 'POST',
      path: `/api/admin/people/${(grantQueue ??= f.learners.map((l) => l.userId).filter((id) => !standingGrants.has(id))).shift() ?? f.learners[0]!.userId}/access`,
      cookie: f.adminCookie,
      body: { courseId: f.courseIds.at(-1), reason: 'Benk' },
    }),
    onResponse: (request, status) => {
      if (status === 201) standingGrants.add(request.path.split('/')[4]!);
    },
  },
  {
    name: 'POST /api/admin/people/:userId/access/:courseId/revoke',
    read: false,
    optional: true,
    amount: () => {
      grantRevokeQueue = [...standingGrants];
      return grantRevokeQueue.length;
    },
    next: (f) => ({
      method: 'POST',
      path: `/api/admin/people/${grantRevokeQueue.shift() ?? f.learners[0]!.userId}/access/${f.courseIds.at(-1)}/revoke`,
      cookie: f.adminCookie,
      body: { reason: 'Benk' },
    }),
    onResponse: (request, status) => {
      if (status === 200) standingGrants.delete(request.path.split('/')[4]!);
    },
  },
  {
    name: 'GET /api/admin/certificates',
    read: true,
    next: (f) => ({ method: 'GET', path: `/api/admin/certificates?q=${sequence++ % 2 === 0 ? 'bench' : ''}`, cookie: f.adminCookie }),
  },
  {
    // Each certificate of its own queue once (made for the run, without a course, so the learners' own stay valid).
    name: 'POST /api/admin/certificates/:id/revoke',
    read: false,
    amount: () => revokeQueue.length,
    next: (f) => ({
      method: 'POST',
      path: `/api/admin/certificates/${revokeQueue[sequence++ % Math.max(revokeQueue.length, 1)]}/revoke`,
      cookie: f.adminCookie,
      body: { reason: 'Benk' },
    }),
  },
  {
    name: 'POST /api/reminders/unsubscribe',
    read: false,
    next: (f) => ({ method: 'POST', path: `/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(anyLearner(f).userId))}` }),
  },
];

let certificateQueue: [string, string, string][] = [];
let revokeQueue: string[] = [];

let confirmTokens: string[] = [];
let passwordlessCookies: string[] = [];
let accountConfirmTokens: string[] = [];

// Notes belong to whoever created them: remember the cookie per note.
const noteOwner = new Map<string, string>();
const notesLeft = () => [...created.notes].filter(([id]) => !created.deleted.has(id));
let deleteQueue: string[] = [];
/** The notes the PUT run picks from, listed once before it (not per request: the list grows to tens of thousands). */
let updateQueue: [string, string][] = [];
const createNote = endpoints.find((e) => e.name === 'POST /api/video-notes')!;
const originalOnResponse = createNote.onResponse!;
createNote.onResponse = (request, status, body) => {
  originalOnResponse(request, status, body);
  if (status === 201) noteOwner.set((JSON.parse(body) as { id: string }).id, request.cookie!);
};

type Row = { endpoint: Endpoint; result: LoadResult };

async function runEndpoints(fixture: Fixture, scale: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const endpoint of endpoints) {
    if (only.length && !only.some((o) => endpoint.name.includes(o)) && endpoint.name !== 'GET /api/health') continue;
    if (endpoint.optional) {
      const probe = await fetch(base + endpoint.next(fixture).path, { headers: { Cookie: endpoint.next(fixture).cookie ?? '' } });
      if (probe.status === 404) {
        console.log(`  ${endpoint.name}: answers 404 (not in this build), skipped`);
        continue;
      }
    }
    if (endpoint.name.startsWith('DELETE')) deleteQueue = notesLeft().map(([id]) => id);
    if (endpoint.name.startsWith('PUT')) updateQueue = notesLeft();
    if (endpoint.name === 'POST …/orders/:id/return') {
      const orders = [...created.orders].slice(ordersOfScaleFrom, ordersOfScaleFrom + 2_000);
      for (let i = 0; i < orders.length; i += 20) {
        await Promise.all(
          orders.slice(i, i + 20).map(([, o]) =>
            fetch(`${base}/api/test-payments/${o.reference}/approve`, {
              method: 'POST',
              headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
              body: '{}',
            }),
          ),
        );
      }
      returnQueue = orders.map(([id, o]) => [id, o.cookie]);
    }
    if (endpoint.name === 'POST /api/auth/confirm-email') confirmTokens = await verificationTokens(fixture, 3_000);
    if (endpoint.name === 'POST /api/account/confirm-by-mail') passwordlessCookies = await passwordlessAccounts(scale, 2_000);
    if (endpoint.name === 'POST /api/auth/account-confirm') accountConfirmTokens = await emailChangeLinks(fixture, scale, 2_000);
    if (endpoint.name === 'GET /api/certificates') certificateQueue = await learnerCertificates(fixture);
    if (endpoint.name === 'POST /api/admin/certificates/:id/revoke') revokeQueue = await certificatesToRevoke(fixture, 2_000);
    if (endpoint.name === 'GET /api/orders/:id/receipt.pdf') paidQueue = returnQueue.filter(([id]) => created.returned.has(id));
    if (endpoint.name === 'POST /api/admin/orders/:id/refunds') await prepareRefunds();
    if (['DELETE /api/companies/:id/seats/:id', 'POST …/refunds (seat orders)', 'POST …/invoice-cancelled (seats)'].includes(endpoint.name)) {
      await prepareSeatCompanies(scale);
      seatNext = 0;
    }
    if (endpoint.name === 'POST /api/company-trials') {
      trialQueue = await trialStarters((await openDb()).db, run, `s${scale}`, TRIAL_STARTERS);
      trialNext = 0;
    }
    const amount = endpoint.amount?.();
    if (amount === 0) continue;
    const result = await load({
      url: base,
      counterUrl: `http://127.0.0.1:${counterPort}/`,
      connections: settings.connections,
      duration: settings.duration,
      amount,
      expectedStatuses: endpoint.expectedStatuses,
      next: () => endpoint.next(fixture),
      onResponse: endpoint.onResponse,
    });
    rows.push({ endpoint, result });
    console.log(
      `  ${scale}× ${endpoint.name.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${Math.round(result.p50)} ms  p95 ${Math.round(result.p95)} ms  p99 ${Math.round(result.p99)} ms  errors ${result.errors}  SQL/req ${result.statementsPerRequest.toFixed(2)}  CPU ${result.cpuMsPerRequest.toFixed(2)} ms/req`,
    );
    if (result.errors) console.log(`    statuses: ${JSON.stringify(result.statuses)}`);
  }
  return rows;
}

async function verificationTokens(fixture: Fixture, count: number): Promise<string[]> {
  const d = (await openDb()).db;
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  for (let i = 0; i < tokens.length; i += 500) {
    const rows = tokens.slice(i, i + 500).map((token, j) => {
      const learner = fixture.learners[(i + j) % fixture.learners.length]!;
      return sql`(${learner.userId}::uuid, 'verify_email', ${hashToken(token)}, (SELECT email FROM users WHERE id = ${learner.userId}::uuid), now() + interval '1 day')`;
    });
    await d.execute(sql`INSERT INTO user_tokens (user_id, purpose, token_hash, email, expires_at) VALUES ${sql.join(rows, sql`, `)}`);
  }
  return tokens;
}

async function passwordlessAccounts(scale: number, count: number): Promise<string[]> {
  const d = (await openDb()).db;
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from(
      { length: Math.min(500, count - i) },
      (_, j) => sql`(${`gjest-${run}-${scale}-${i + j}@bench.test`}, ${NO_PASSWORD}, 'Bench', 'Gjest')`,
    );
    const made = await d.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name) VALUES ${sql.join(rows, sql`, `)} RETURNING id`);
    const ids = ((made as { rows?: { id: string }[] }).rows ?? (made as unknown as { id: string }[])).map((row) => row.id);
    const madeSessions = ids.map((id) => newSession(id));
    await d.insert(sessions).values(madeSessions.map((s) => s.row));
    cookies.push(...madeSessions.map((s) => s.cookie));
  }
  return cookies;
}

async function emailChangeLinks(fixture: Fixture, scale: number, count: number): Promise<string[]> {
  const d = (await openDb()).db;
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  for (let i = 0; i < tokens.length; i += 500) {
    const rows = tokens.slice(i, i + 500).map((token, j) => {
      const learner = fixture.learners[(i + j) % fixture.learners.length]!;
      return sql`(${learner.userId}::uuid, 'confirm_email_change', ${hashToken(token)}, ${`ny-${run}-${scale}-${i + j}@bench.test`}, now() + interval '1 hour')`;
    });
    await d.execute(sql`INSERT INTO user_tokens (user_id, purpose, token_hash, email, expires_at) VALUES ${sql.join(rows, sql`, `)}`);
  }
  return tokens;
}

async function learnerCertificates(fixture: Fixture): Promise<[string, string, string][]> {
  const d = (await openDb()).db;
  const cookieOf = new Map(fixture.learners.map((l) => [l.userId, l.cookie]));
  for (let i = 0; i < fixture.learners.length; i += 500) {
    const rows = fixture.learners
      .slice(i, i + 500)
      .map(
        (learner) =>
          sql`(${newCertificateCode()}, ${learner.userId}::uuid, ${fixture.courseIds[0]}, 'Bench Læring', 'Benkkurs med æøå', '6 timer', now())`,
      );
    await d.execute(
      sql`INSERT INTO certificates (code, user_id, course_id, learner_name, course_title, course_hours, completed_at) VALUES ${sql.join(rows, sql`, `)} ON CONFLICT DO NOTHING`,
    );
  }
  const result = (await d.execute(
    sql`SELECT id::text AS id, user_id::text AS user_id, code FROM certificates WHERE course_id = ${fixture.courseIds[0]} AND revoked_at IS NULL`,
  )) as unknown as { rows: { id: string; user_id: string; code: string }[] };
  return result.rows.flatMap((r) => (cookieOf.has(r.user_id) ? [[r.id, cookieOf.get(r.user_id)!, r.code] as [string, string, string]] : []));
}

/** Certificates without a course (the unique index allows any number), for the revoke run to revoke once each. */
async function certificatesToRevoke(fixture: Fixture, count: number): Promise<string[]> {
  const d = (await openDb()).db;
  const ids: string[] = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => {
      const learner = fixture.learners[(i + j) % fixture.learners.length]!;
      return sql`(${newCertificateCode()}, ${learner.userId}::uuid, NULL, 'Bench Læring', 'Benk', '1 time', now())`;
    });
    const result = (await d.execute(
      sql`INSERT INTO certificates (code, user_id, course_id, learner_name, course_title, course_hours, completed_at) VALUES ${sql.join(rows, sql`, `)} RETURNING id::text AS id`,
    )) as unknown as { rows: { id: string }[] };
    ids.push(...result.rows.map((r) => r.id));
  }
  return ids;
}

async function runMixed(fixture: Fixture): Promise<LoadResult> {
  const mix: [string, number][] = [
    ['GET /api/auth/user', 10],
    ['GET /api/courses', 10],
    ['GET /api/users/me/enrollments', 10],
    ['GET …/modules-with-progress', 15],
    ['GET …/with-content', 10],
    ['GET /api/courses/:id/progress', 10],
    ['GET /api/lessons/:id/video-notes', 10],
    ['GET …/messages (a page)', 3],
    ['POST …/watch-position', 15],
    ['POST …/study-time', 5],
    ['POST /api/lessons/:id/progress', 3],
    ['POST /api/video-notes', 5],
    ['GET /api/lessons/:id/answers', 3],
    ['PUT /api/lessons/:id/answers/:q', 3],
    ['POST …/messages (offline)', 2],
  ];
  const weighted = mix.flatMap(([name, weight]) => Array.from({ length: weight }, () => endpoints.find((e) => e.name === name)!));
  const byRequest = new WeakMap<RequestSpec, Endpoint>();
  return load({
    url: base,
    counterUrl: `http://127.0.0.1:${counterPort}/`,
    connections: settings.mixedConnections,
    duration: settings.mixedDuration,
    next: () => {
      const endpoint = pick(weighted);
      const spec = endpoint.next(fixture);
      byRequest.set(spec, endpoint);
      return spec;
    },
    onResponse: (request, status, body) => byRequest.get(request)?.onResponse?.(request, status, body),
  });
}

async function consistency(fixture: Fixture): Promise<[string, string, string][]> {
  const d = (await openDb()).db;
  const value = async (query: ReturnType<typeof sql>) =>
    Number(Object.values(((await d.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!)[0]);
  const kept = notesLeft().map(([id]) => id);
  const deleted = [...created.deleted];
  const texts = [...created.messages];
  const updated = [...created.updated].filter((id) => !created.deleted.has(id));
  const conversations = fixture.learners.map((l) => l.conversationId);
  // Timed runs end with requests in flight that the server completes but the client never
  // sees answered, so the checks are about acknowledged writes: each is there exactly once,
  // and nothing is there twice.
  const checks: [string, number, number][] = [
    [
      'notes acknowledged (201), not deleted: rows',
      kept.length,
      kept.length ? await value(sql`select count(*) from video_notes where id in ${kept}`) : 0,
    ],
    ['notes deleted (200): rows left', 0, deleted.length ? await value(sql`select count(*) from video_notes where id in ${deleted}`) : 0],
    [
      'note texts of the load stored more than once',
      0,
      await value(
        sql`select count(*) from (select note_text from video_notes where note_text like ${`Benchnotat ${run} %`} group by note_text having count(*) > 1) x`,
      ),
    ],
    [
      'notes updated (200): rows with the new text',
      updated.length,
      updated.length ? await value(sql`select count(*) from video_notes where id in ${updated} and note_text like '% (endret)'`) : 0,
    ],
    [
      'questions acknowledged (200): user messages',
      texts.length,
      texts.length ? await value(sql`select count(*) from chat_messages where role = 'user' and content in ${texts}`) : 0,
    ],
    [
      'questions stored more than once',
      0,
      await value(
        sql`select count(*) from (select content from chat_messages where role = 'user' and content like ${`%(${run}-%`} group by content having count(*) > 1) x`,
      ),
    ],
    [
      'conversations where questions ≠ replies',
      0,
      await value(sql`select count(*) from (
        select conversation_id from chat_messages where conversation_id in ${conversations}
        group by conversation_id having count(*) filter (where role = 'user') <> count(*) filter (where role = 'assistant')) x`),
    ],
    [
      'webhook events acknowledged (200): recorded and processed',
      created.webhookEvents.size,
      created.webhookEvents.size
        ? await value(
            sql`select count(*) from webhook_events where provider = 'test-payments' and processed_at is not null and event_id in ${[...created.webhookEvents]}`,
          )
        : 0,
    ],
    [
      'task lesson completed: progress rows',
      created.progress.size,
      created.progress.size
        ? await value(
            sql`select count(*) from lesson_progress where lesson_id = ${fixture.taskLessonId} and completed and user_id in ${[...created.progress]}`,
          )
        : 0,
    ],
    [
      'task answers saved (200): one row per learner and question',
      created.answers.size,
      created.answers.size
        ? await value(
            sql`select count(*) from task_answers where lesson_id = ${fixture.taskLessonId} and answer like ${`Benchsvar ${run} %`} and (user_id::text || ':' || question) in ${[...created.answers]}`,
          )
        : 0,
    ],
    [
      'watch position saved: progress rows',
      created.watch.size,
      created.watch.size
        ? await value(
            sql`select count(*) from lesson_progress where lesson_id = ${fixture.videoLessonId} and watch_saved_at is not null and user_id in ${[...created.watch]}`,
          )
        : 0,
    ],
  ];
  const orderIds = [...created.orders.keys()];
  const returned = [...created.returned];
  checks.push(
    ['orders acknowledged (201): rows', orderIds.length, orderIds.length ? await value(sql`select count(*) from orders where id in ${orderIds}`) : 0],
    [
      // Paid, or refunded since: at once, for a buyer who had the course already (two orders), or by the refund run.
      'returned orders (200): paid (or refunded since)',
      returned.length,
      returned.length ? await value(sql`select count(*) from orders where id in ${returned} and status in ${[...PAID_STATES]}`) : 0,
    ],
    [
      'paid orders: receipt numbers repeated',
      0,
      await value(sql`select count(*) from (select receipt_number from orders where receipt_number is not null group by 1 having count(*) > 1) x`),
    ],
    ['paid orders: gaps in the receipt numbers', 0, await value(sql`select coalesce(max(receipt_number), 0) - count(receipt_number) from orders`)],
    [
      'paid orders (refunded ones too): a receipt number',
      await value(sql`select count(*) from orders where status in ${[...PAID_STATES]}`),
      await value(sql`select count(*) from orders where status in ${[...PAID_STATES]} and receipt_number is not null`),
    ],
    [
      'orders with a receipt number: receipt mails (one each)',
      await value(sql`select count(*) from orders where receipt_number is not null`),
      await value(sql`select count(*) from mail_outbox where template = 'receipt'`),
    ],
    [
      'buyers with a paid or partly refunded order: open purchase enrollments',
      await value(
        sql`select count(distinct (user_id, course_id)) from orders where course_id in ${purchaseCourses} and status in ('paid', 'partly_refunded')`,
      ),
      await value(sql`select count(*) from enrollments where source = 'purchase' and course_id in ${purchaseCourses} and revoked_at is null`),
    ],
  );
  // Refunds: what the superuser acknowledged is there once; every order's refunded amount is its refunds' sum.
  const refundKeys = [...created.refunds.keys()];
  checks.push(
    [
      'refunds acknowledged (201): one refund row per key',
      refundKeys.length,
      refundKeys.length ? await value(sql`select count(*) from order_refunds where idempotency_key in ${refundKeys}`) : 0,
    ],
    [
      'orders whose refunded_ore ≠ the sum of their refunds',
      0,
      await value(sql`select count(*) from orders o left join (select order_id, sum(amount_ore) as refunded from order_refunds group by 1) r
        on r.order_id = o.id where o.refunded_ore <> coalesce(r.refunded, 0)`),
    ],
    [
      'orders whose state does not match the refunded amount',
      0,
      await value(sql`select count(*) from orders where refunded_ore > captured_ore
        or (status = 'refunded' and refunded_ore < captured_ore)
        or (status = 'partly_refunded' and (refunded_ore = 0 or refunded_ore >= captured_ore))
        or (status = 'paid' and refunded_ore <> 0)`),
    ],
    [
      'refunded course orders: the access they gave still open',
      0,
      await value(sql`select count(*) from orders o join enrollments e
        on e.user_id = o.user_id and e.course_id = o.course_id and e.source = 'purchase' and e.source_ref = o.id::text
        where o.status = 'refunded' and e.revoked_at is null`),
    ],
  );
  // Seats: never more in use than bought (or usable, unapproved), none taken back with access left, no member without a seat.
  const seatsOfOrder = sql.raw(
    `CASE WHEN o.total_ore > 0 THEN o.quantity - (o.refunded_ore::bigint * o.quantity / o.total_ore)::int ELSE o.quantity END`,
  );
  const takenBack = [...created.seatsTakenBack];
  const cancelled = [...created.invoicesCancelled];
  checks.push(
    [
      'seats taken back by managers (200): revoked',
      takenBack.length,
      takenBack.length ? await value(sql`select count(*) from company_seats where id in ${takenBack} and revoked_at is not null`) : 0,
    ],
    [
      'invoices cancelled (200): cancelled',
      cancelled.length,
      cancelled.length ? await value(sql`select count(*) from orders where id in ${cancelled} and status = 'cancelled'`) : 0,
    ],
    [
      'companies with more active seats than seats bought',
      0,
      await value(sql`with used as (select company_id, count(*) as n from company_seats where revoked_at is null group by 1),
        bought as (select o.company_id, sum(${seatsOfOrder}) as n from orders o where o.company_id is not null and o.status in ${[...SEAT_STATES]} group by 1)
        select count(*) from used u left join bought b on b.company_id = u.company_id where u.n > coalesce(b.n, 0)`),
    ],
    [
      `unapproved companies with more active seats than paid for (or ${env.COMPANY_UNAPPROVED_SEAT_LIMIT})`,
      0,
      await value(sql`with used as (select company_id, count(*) as n from company_seats where revoked_at is null group by 1),
        paid as (select o.company_id, sum(${seatsOfOrder}) as n from orders o where o.company_id is not null and o.status in ${[...PAID_STATES]} group by 1)
        select count(*) from used u join companies c on c.id = u.company_id left join paid p on p.company_id = u.company_id
        where c.approved_at is null and u.n > greatest(${env.COMPANY_UNAPPROVED_SEAT_LIMIT}::int, coalesce(p.n, 0))`),
    ],
    [
      'seats taken back: a course still open by the seat',
      0,
      await value(sql`select count(*) from enrollments e join company_seats s on e.source = 'seat' and e.source_ref = s.id::text
        where s.revoked_at is not null and e.revoked_at is null`),
    ],
    [
      'members without an active seat of their company',
      0,
      await value(sql`select count(*) from company_memberships m where m.role = 'member' and not exists (
        select 1 from company_seats s where s.company_id = m.company_id and s.user_id = m.user_id and s.revoked_at is null)`),
    ],
    [
      'trials started (201): one active trial each, its starter the manager',
      created.trialCompanies.size,
      created.trialCompanies.size === 0
        ? 0
        : await value(sql`select count(*) from company_trials t join company_memberships m on m.company_id = t.company_id
            and m.user_id = t.started_by and m.role = 'manager' where t.status = 'active' and t.company_id in ${[...created.trialCompanies]}`),
    ],
    [
      'seats given back by a refund or cancellation while a newer one stays',
      0,
      await value(sql`select count(*) from company_audit_log l join company_seats r on r.id = (l.detail->>'seatId')::uuid
        where l.action = 'seat_revoked' and l.actor_id is null and exists (
          select 1 from company_seats a where a.company_id = r.company_id and a.revoked_at is null and a.assigned_at > r.assigned_at)`),
    ],
  );
  return checks.map(([what, expected, actual]) => [what, `${expected} → ${actual}`, expected === actual ? 'ok' : 'MISMATCH']);
}

const fmtMs = (n: number) => `${Math.round(n)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '–');
let failed = false;

try {
  await migrateAndSeed(database.options);
  const d = (await openDb()).db;
  const fixture = await prepareFixture(d, run, settings.learners);
  anyCookie = fixture.learners[0]!.cookie;
  await d.execute(sql`insert into coupons (code, kind, percent_off) values (${BENCH_COUPON}, 'percent', 10) on conflict (code) do nothing`);
  const buyable = (
    (await d.execute(sql`select id from courses where id not in ${fixture.courseIds} order by order_index, id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);
  const pgVersion = String(
    Object.values(((await d.execute(sql`show server_version`)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!)[0],
  ).split(' ')[0];
  const byScale = new Map<number, Row[]>();
  const counts = new Map<number, Record<string, number>>();
  let users = settings.learners;
  for (const [i, scale] of settings.scales.entries()) {
    purchaseCourse = buyable[i % buyable.length]!;
    if (!purchaseCourses.includes(purchaseCourse)) purchaseCourses.push(purchaseCourse);
    ordersOfScaleFrom = created.orders.size;
    const target = settings.learners * scale;
    await addUsers((await openDb()).db, run, users, target, fixture.courseIds);
    users = Math.max(users, target);
    counts.set(scale, await tableCounts((await openDb()).db));
    if (database.kind === 'PGlite') await closeDb();
    console.log(`\n${scale}× data: ${JSON.stringify(counts.get(scale))}`);
    await startServer();
    byScale.set(scale, await runEndpoints(fixture, scale));
    await stopServer();
  }

  let mixed: LoadResult | undefined;
  if (!skipMixed) {
    console.log(`\nMixed: ${settings.mixedConnections} concurrent learners for ${settings.mixedDuration} s (${settings.scales.at(-1)}× data)…`);
    await startServer();
    mixed = await runMixed(fixture);
    await stopServer();
  }
  const checks = await consistency(fixture);

  const first = byScale.get(settings.scales[0]!)!;
  const healthP99 = (rows: Row[]) => rows.find((r) => r.endpoint.name === 'GET /api/health')?.result.p99 ?? 0;
  const perEndpoint = table(
    ['Endpoint', 'req/s', 'p50', 'p95', 'p99', 'errors', 'SQL/req', 'CPU/req', 'p99 ÷ health'],
    first.map(({ endpoint, result: r }) => [
      endpoint.name,
      r.rps.toFixed(0),
      fmtMs(r.p50),
      fmtMs(r.p95),
      fmtMs(r.p99),
      r.errors,
      r.statementsPerRequest.toFixed(2),
      `${r.cpuMsPerRequest.toFixed(2)} ms`,
      ratio(r.p99, healthP99(first)),
    ]),
  );
  const growth = table(
    ['Endpoint', ...settings.scales.flatMap((s) => [`p99 ${s}×`, `÷ health ${s}×`]), `p99 ${settings.scales.at(-1)}× ÷ ${settings.scales[0]}×`],
    first.map(({ endpoint, result }) => {
      const cells = settings.scales.flatMap((s) => {
        const rows = byScale.get(s)!;
        const r = rows.find((x) => x.endpoint.name === endpoint.name)?.result;
        return r ? [fmtMs(r.p99), ratio(r.p99, healthP99(rows))] : ['–', '–'];
      });
      const last = byScale.get(settings.scales.at(-1)!)!.find((x) => x.endpoint.name === endpoint.name)?.result;
      return [endpoint.name, ...cells, last ? ratio(last.p99, result.p99) : '–'];
    }),
  );
  const sizes = table(
    ['Data', 'users', 'sessions', 'enrollments', 'progress', 'notes', 'messages', 'audit'],
    settings.scales.map((s) => {
      const c = counts.get(s)!;
      return [`${s}×`, c.users!, c.sessions!, c.enrollments!, c.progress!, c.notes!, c.messages!, c.audit!];
    }),
  );
  const mixedTable = !mixed
    ? '(mixed run skipped: --no-mixed)'
    : table(
        ['Run', 'requests', 'req/s', 'p50', 'p95', 'p99', 'errors', 'SQL/req'],
        [
          [
            `${settings.mixedConnections} learners × ${settings.mixedDuration} s, mixed`,
            mixed.requests,
            mixed.rps.toFixed(0),
            fmtMs(mixed.p50),
            fmtMs(mixed.p95),
            fmtMs(mixed.p99),
            mixed.errors,
            mixed.statementsPerRequest.toFixed(2),
          ],
        ],
      );
  const consistencyTable = table(['After the load', 'expected → found', ''], checks, 3);
  const shownArgs = args.filter((a) => a !== '--write');
  const header = [
    `Measured ${today()} at ${gitRevision()} with \`npm run bench${shownArgs.length ? ` -- ${shownArgs.join(' ')}` : ''}\``,
    `on ${machine([`PostgreSQL ${pgVersion}`])}.`,
    `Database: ${database.kind}. Per endpoint: ${settings.connections} connections for ${settings.duration} s (deletes: each note once),`,
    `${settings.learners} signed-in learners picked at random per request. The machine is shared: compare ratios, not absolute numbers.`,
  ].join(' ');
  const markdown = [
    header,
    `#### Per endpoint (${settings.scales[0]}× data)`,
    perEndpoint,
    '#### Data growth (p99, and p99 ÷ /api/health of the same run)',
    sizes,
    growth,
    '#### Mixed load and consistency',
    mixedTable,
    consistencyTable,
  ].join('\n\n');
  console.log(`\n${markdown}\n`);
  if (flag('write')) {
    writeBlock('bench', markdown);
    console.log('Written to docs/performance.md.');
  }
  failed = (mixed?.errors ?? 0) > 0 || checks.some((c) => c[2] !== 'ok') || [...byScale.values()].flat().some((r) => r.result.errors > 0);
  if (failed) console.error('Errors under load or a consistency mismatch: see above.');
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
