// The signed-in app states of `npm run audit`: JavaScript downloaded, transfer, axe-core WCAG 2.1 AA violations, and the cookie Lighthouse signs in with.
import { chromium, type Page } from '@playwright/test';
import { axeViolations, recordFirstLoadScripts, recordScripts, waitForHydration } from '../../tests/e2e/helpers';
import { chromiumArgs, chromiumPath } from '../../tests/e2e/chromium';

type Account = 'elev@demo.no' | 'admin@demo.no' | 'superbruker@demo.no';

export interface AppState {
  name: string;
  account: Account;
  path: string;
  /** Brings the loaded page into the state (clicks); Lighthouse measures only the page load. */
  enter?: (page: Page) => Promise<void>;
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

export interface AppMeasure {
  state: AppState;
  available: boolean;
  cookie: string;
  jsRaw: number;
  jsGzip: number;
  /** First-load JavaScript: requested before the island hydrated, plus inline scripts. */
  jsFirstLoadGzip: number;
  transferred: number;
  violations: string[];
}

export async function signInCookie(origin: string, email: Account): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

async function playerLessons(origin: string, cookie: string): Promise<{ courseId: string; video: string; task: string }> {
  const get = async <T>(path: string) => (await (await fetch(`${origin}${path}`, { headers: { Cookie: cookie } })).json()) as T;
  const enrollments = await get<{ courseId: string }[]>('/api/users/me/enrollments');
  for (const { courseId } of enrollments) {
    const content = await get<{ modules: { lessons: { id: string; contentType: string }[] }[] }>(`/api/courses/${courseId}/with-content`);
    const lessons = content.modules.flatMap((m) => m.lessons);
    const video = lessons.find((l) => l.contentType === 'video')?.id;
    const task = lessons.find((l) => l.contentType === 'task')?.id ?? lessons.find((l) => l.contentType !== 'video')?.id;
    if (video && task) return { courseId, video, task };
  }
  throw new Error('no enrolled course of elev@demo.no has both a video and a task lesson');
}

export async function appStates(origin: string, learnerCookie: string): Promise<AppState[]> {
  const { courseId, video, task } = await playerLessons(origin, learnerCookie);
  return [
    { name: 'Dashboard', account: 'elev@demo.no', path: '/', ready: (p) => p.getByRole('heading', { level: 1 }) },
    {
      name: 'Dashboard, chat panel open',
      account: 'elev@demo.no',
      path: '/',
      enter: (p) => p.getByRole('button', { name: 'KI-assistent', exact: true }).click(),
      ready: (p) => p.getByRole('textbox').last(),
    },
    {
      name: 'Player, video lesson',
      account: 'elev@demo.no',
      path: `/course/${courseId}?lessonId=${video}`,
      ready: (p) => p.getByRole('heading', { level: 2 }),
    },
    {
      name: 'Player, task lesson',
      account: 'elev@demo.no',
      path: `/course/${courseId}?lessonId=${task}`,
      ready: (p) => p.getByRole('heading', { level: 2 }),
    },
    {
      name: 'Admin, Innholdsbehandling',
      account: 'admin@demo.no',
      path: '/admin',
      enter: (p) => p.getByRole('tab', { name: 'Innholdsbehandling' }).click(),
      ready: (p) => p.getByRole('tabpanel'),
    },
    {
      name: 'Superuser, Statistikk',
      account: 'superbruker@demo.no',
      path: '/admin',
      enter: (p) => p.getByRole('tab', { name: 'Statistikk' }).click(),
      ready: (p) => p.getByRole('tabpanel'),
    },
  ];
}

export async function measureAppStates(origin: string, states: AppState[], cookies: Record<Account, string>): Promise<AppMeasure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: AppMeasure[] = [];
  try {
    for (const state of states) {
      const cookie = cookies[state.account];
      const probe = await fetch(`${origin}${state.path}`, { headers: { Cookie: cookie } });
      if (probe.status === 404) {
        results.push({ state, available: false, cookie, jsRaw: 0, jsGzip: 0, jsFirstLoadGzip: 0, transferred: 0, violations: [] });
        continue;
      }
      const context = await browser.newContext({ baseURL: origin, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: origin };
        }),
      );
      const page = await context.newPage();
      let transferred = 0;
      page.on('requestfinished', (request) => {
        void request
          .sizes()
          .then((s) => (transferred += s.responseBodySize + s.responseHeadersSize))
          .catch(() => {});
      });
      const scripts = recordScripts(page);
      const firstLoad = await recordFirstLoadScripts(page);
      await page.goto(state.path, { waitUntil: 'networkidle' });
      // The island hydrates when the browser is idle (client:idle): a press before that is lost.
      await waitForHydration(page);
      const first = await firstLoad.measure();
      if (state.enter) await state.enter(page);
      await state.ready(page).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const measured = await scripts.measure();
      const violations = await axeViolations(page);
      results.push({
        state,
        available: true,
        cookie,
        jsRaw: measured.sources.reduce((n, s) => n + Buffer.byteLength(s), 0),
        jsGzip: measured.gzipBytes,
        jsFirstLoadGzip: first.gzipBytes,
        transferred,
        violations,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
