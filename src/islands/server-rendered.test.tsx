import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCourse } from '../schemas/admin';
import type { CourseWithContent, PlayerLesson } from '../schemas/player';
import { playbackRateKey } from '../features/player/player-watch';
import { queryClient } from '../lib/query-client';
import { fetchMock } from '../testing/fetch';
import { testUser } from '../testing/render';
import Admin from './Admin';
import CoursePlayer from './CoursePlayer';
import Dashboard, { type DashboardData } from './Dashboard';

/**
 * The islands the player, /admin and the dashboard render on the server hydrate their
 * own server markup without a single warning, with React's development build (which, unlike the
 * production build that tests/e2e/server-rendered.spec.ts runs, also reports attribute
 * mismatches), and without asking the API for the data they were given.
 */

// act() outside Testing Library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  queryClient.clear();
  fetchMock.mockReset();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** Renders `element` as the server does, then hydrates that markup; returns what React complained about. */
async function hydrate(element: ReactElement): Promise<{ container: HTMLElement; complaints: unknown[][] }> {
  // The server has no localStorage (where the player keeps the learner's speed).
  const storage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')!;
  Object.defineProperty(globalThis, 'localStorage', { value: undefined, configurable: true });
  let html: string;
  try {
    html = renderToString(element);
  } finally {
    Object.defineProperty(globalThis, 'localStorage', storage);
  }
  queryClient.clear();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const complaints: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => complaints.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => complaints.push(args));
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => complaints.push([error]) });
  });
  return { container, complaints };
}

const lesson = (id: string, orderIndex: number, extra: Partial<PlayerLesson>): PlayerLesson => ({
  id,
  title: `Leksjon ${id}`,
  description: 'Om leksjonen',
  orderIndex,
  contentType: 'task',
  estimatedMinutes: 5,
  content: { instructions: 'Gjør oppgaven', questions: [{ question: 'Hva er KI?', answer: 'Kunstig intelligens' }], placeholder: 'Skriv her' },
  completed: false,
  watch: null,
  locked: false,
  preview: false,
  ...extra,
});

const course: CourseWithContent = {
  course: { id: 'kurs', title: 'KI for Kontoret', description: 'Bruk KI på jobben', level: 'Nybegynner' },
  enrolled: true,
  access: 'grant',
  purchasePath: '/kasse/kurs',
  modules: [
    {
      module: { id: 'm1', title: 'Modul 1', orderIndex: 1 },
      lessons: [
        lesson('v1', 1, {
          contentType: 'video',
          content: { videoUrl: '/media/demo-leksjon.mp4', captionsUrl: '/media/demo-leksjon.vtt', durationSeconds: 28, description: 'Om videoen' },
          watch: { positionSeconds: 12, furthestSeconds: 14, watched: false },
        }),
        lesson('t1', 2, { completed: true }),
        lesson('h1', 3, { contentType: 'html', content: { html: '<p>Trygg <strong>HTML</strong></p>' } }),
        lesson('l1', 4, { locked: true, content: null }),
      ],
    },
  ],
};

const data = { user: testUser(), course, progress: { completed: 1, total: 4, percentage: 25 } };

/** What the page adds for the lesson it shows (src/server/learning/page-data.ts): a task's saved answers, the last lesson's certificates. */
const pageData = (lessonId: string) => ({
  ...data,
  ...(lessonId === 't1'
    ? { taskAnswers: { lessonId, answers: { answers: [{ question: 1, answer: 'Et lagret svar', updatedAt: '2026-11-25T10:00:00.000Z' }] } } }
    : {}),
  ...(lessonId === 'l1' ? { certificates: [] } : {}),
});

describe('the course player island', () => {
  for (const lessonId of ['v1', 't1', 'h1', 'l1']) {
    it(`hydrates its server markup without a warning (lesson ${lessonId})`, async () => {
      // A remembered speed that differs from the server's default must not make a mismatch.
      localStorage.setItem(playbackRateKey(data.user.id), '1.5');
      const { container, complaints } = await hydrate(<CoursePlayer data={pageData(lessonId)} search={`?lessonId=${lessonId}`} />);
      expect(complaints).toEqual([]);
      expect(container.querySelector('h2#leksjon-tittel')?.textContent).toBe(`Leksjon ${lessonId}`);
      expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
      // Nothing it was given is asked for again (a video lesson's notes are read once it has hydrated).
      const asked = fetchMock.mock.calls.map(([url]) => String(url));
      expect(asked.filter((url) => !url.endsWith('/video-notes') && !url.endsWith('/study-time'))).toEqual([]);
      // A task lesson's saved answer is in the server's markup already.
      if (lessonId === 't1') expect([...container.querySelectorAll('textarea')].map((t) => t.value)).toContain('Et lagret svar');
    });
  }
});

describe('the admin island', () => {
  const courses: AdminCourse[] = [
    { id: 'grunnleggende-ki', title: 'KI Grunnkurs', description: 'Start her', level: 'Nybegynner', orderIndex: 1, students: 3 },
  ];
  for (const role of ['admin', 'superuser'] as const) {
    it(`hydrates its server markup without a warning (${role})`, async () => {
      const { container, complaints } = await hydrate(
        <Admin data={{ user: testUser({ role }), courses, publishing: { hookConfigured: false, last: null } }} />,
      );
      expect(complaints).toEqual([]);
      expect(container.textContent).toContain('3 studenter');
      // Nothing the page gave is asked for again; the superuser's publishing section reads the
      // build's own static file (when the site was built), which the server cannot know.
      const asked = fetchMock.mock.calls.map(([url]) => String(url));
      expect(asked.filter((url) => !url.endsWith('/site-build.json'))).toEqual([]);
    });
  }
});

describe('the dashboard island', () => {
  const catalogue = [
    {
      id: 'grunnleggende-ki',
      title: 'KI Grunnkurs',
      description: 'Start her',
      duration: '2 timer',
      level: 'Nybegynner',
      orderIndex: 1,
      previewLessons: 1,
    },
    {
      id: 'ki-for-kontoret',
      title: 'KI for Kontoret',
      description: 'Bruk KI på jobben',
      duration: '6 timer',
      level: 'Middels',
      orderIndex: 2,
      previewLessons: 1,
    },
  ];
  const dashboard = (enrolled: boolean): DashboardData => ({
    user: testUser(),
    enrollments: enrolled
      ? [
          {
            id: 'e1',
            courseId: 'grunnleggende-ki',
            enrolledAt: '2026-11-20T10:00:00.000Z',
            completedAt: null,
            lessonsTotal: 4,
            lessonsCompleted: 1,
            nextLessonId: 'l2',
          },
        ]
      : [],
    courses: catalogue.map((c, i) => ({ ...c, priceOre: i === 0 ? 0 : 149_900, onSale: true, access: enrolled && i === 0 ? 'free' : null })),
    figures: { completedLessons: 3, completedTasks: 1, minutesStudied: 25, modulesCompleted: 1 },
    certificates: [],
    modules: enrolled
      ? [
          {
            courseId: 'grunnleggende-ki',
            modules: [{ module: { id: 'm1', title: 'Modul 1', orderIndex: 1 }, progress: { percentage: 50, completed: 1, total: 2 } }],
          },
        ]
      : [],
  });
  for (const enrolled of [true, false]) {
    it(`hydrates its server markup without a warning or a request (${enrolled ? 'a course' : 'no course yet'})`, async () => {
      // The site header the dashboard's controls join once hydrated.
      const slot = document.createElement('div');
      slot.dataset.appHeaderSlot = '';
      document.body.append(slot);
      const { container, complaints } = await hydrate(<Dashboard data={dashboard(enrolled)} />);
      expect(complaints).toEqual([]);
      expect(container.querySelector('h1')?.textContent).toMatch(/^Hei /);
      expect(container.textContent).toContain(enrolled ? 'KI Grunnkurs' : 'KI for Kontoret');
      expect(container.textContent).not.toContain('Laster');
      expect(fetchMock).not.toHaveBeenCalled();
      // Hydrated, the assistant's button and the user menu are in the site header.
      expect(slot.querySelector('button[aria-pressed]')?.textContent).toContain('KI-assistent');
    });
  }
});
