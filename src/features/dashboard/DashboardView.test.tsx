import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEffects } from '../../lib/session-expired';
import type { CatalogueCourse, LearnerProgress, ListedEnrollment, ModuleWithProgress } from '../../schemas/learning';
import { $toast } from '../../stores/toast';
import { requested, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import { ClampedText } from './ClampedText';
import { DashboardView } from './DashboardView';

const user = testUser({ id: 'u1', email: 'ny@demo.no', firstName: 'Jonas', lastName: 'Berg' });

const course = (id: string, title: string, orderIndex: number, priceOre: number | null = 129000): CatalogueCourse => ({
  id,
  title,
  description: `${title}: en beskrivelse.`,
  duration: '6 timer',
  level: 'Nybegynner',
  orderIndex,
  priceOre,
  onSale: true,
  access: priceOre === 0 ? 'free' : null,
  previewLessons: 1,
});
const courses = [
  course('grunnleggende-ki', 'KI Grunnkurs', 1),
  course('ki-for-kontoret', 'KI for Kontoret', 2),
  course('ki-markedsforing', 'KI Markedsføring', 3),
  course('ki-chatgpt-mester', 'ChatGPT Mester', 4),
];
const enrollment = (courseId: string): ListedEnrollment => ({
  id: `e-${courseId}`,
  courseId,
  enrolledAt: '2026-11-01T10:00:00.000Z',
  completedAt: null,
  lessonsTotal: 4,
  lessonsCompleted: 0,
  nextLessonId: `${courseId}-l1`,
});
const modules = (courseId: string, completed = 0): ModuleWithProgress[] => [
  { module: { id: `${courseId}-m1`, title: `Modul 1 i ${courseId}`, orderIndex: 1 }, progress: { percentage: completed * 25, completed, total: 4 } },
];
const figures = (completedTasks: number): LearnerProgress => ({
  completedLessons: completedTasks + 3,
  completedTasks,
  minutesStudied: 42,
  modulesCompleted: 0,
});

function renderDashboard() {
  renderInApp(<DashboardView user={user} />);
}

resetAfterEach();

describe('a learner without enrollments', () => {
  it("sees an empty state that leads to 'Flere kurs', no figures, and each course's price with 'Kjøp kurset' to its checkout", async () => {
    serve({
      'GET /api/users/me/enrollments': () => Response.json([]),
      'GET /api/courses': () => Response.json(courses),
      'GET /api/users/me/progress': () => Response.json(figures(0)),
    });
    renderDashboard();
    const card = within(await screen.findByRole('region', { name: 'Kurs' }));
    expect(await card.findByText('Du har ingen kurs ennå.')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Finn et kurs' }).getAttribute('href')).toBe('#flere-kurs');
    // No invented numbers: neither the figures nor the review card.
    expect(document.querySelector('[data-stat]')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Repetisjonsmodul' })).toBeNull();
    expect(screen.queryByText(/klare for repetisjon/)).toBeNull();

    const more = within(screen.getByRole('region', { name: 'Flere kurs' }));
    expect(more.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(courses.map((c) => c.title));
    expect(more.getAllByText(/^1\s290\skr$/)).toHaveLength(4);
    expect(more.getByRole('link', { name: 'Kjøp kurset: KI for Kontoret' }).getAttribute('href')).toBe('/kasse/ki-for-kontoret');
    // Each course's previews are a click away, without buying it.
    const preview = more.getByRole('link', { name: 'Prøv gratis: 1 leksjon i KI for Kontoret' });
    expect(preview.textContent).toBe('Prøv gratis: 1 leksjon');
    expect(preview.getAttribute('href')).toBe('/course/ki-for-kontoret');
  });

  it("starts a free course with 'Start kurset': enrolls, then opens the player", async () => {
    let enrolled: ListedEnrollment[] = [];
    const navigate = vi.spyOn(browserEffects, 'navigate').mockImplementation(() => {});
    serve({
      'GET /api/users/me/enrollments': () => Response.json(enrolled),
      'GET /api/courses': () => Response.json([course('gratis', 'Gratiskurset', 1, 0), ...courses.slice(1)]),
      'GET /api/users/me/progress': () => Response.json(figures(0)),
      'POST /api/enrollments': (init) => {
        const { courseId } = JSON.parse(String(init?.body)) as { courseId: string };
        enrolled = [enrollment(courseId)];
        return Response.json(enrolled[0], { status: 201 });
      },
      'GET /api/courses/gratis/modules-with-progress': () => Response.json(modules('gratis')),
    });
    renderDashboard();
    const more = within(await screen.findByRole('region', { name: 'Flere kurs' }));
    expect(more.getByText('Gratis')).toBeTruthy();
    fireEvent.click(more.getByRole('button', { name: 'Start kurset Gratiskurset' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/course/gratis'));
    expect($toast.get()).toMatchObject({ title: 'Påmeldt' });
    expect(requested()).toContain('POST /api/enrollments');
    navigate.mockRestore();
  });

  it("shows the spec's error toast in Norwegian when starting fails, and keeps the button", async () => {
    serve({
      'GET /api/users/me/enrollments': () => Response.json([]),
      'GET /api/courses': () => Response.json([course('gratis', 'Gratiskurset', 1, 0)]),
      'GET /api/users/me/progress': () => Response.json(figures(0)),
      'POST /api/enrollments': () => Response.json({ error: 'Intern feil' }, { status: 500 }),
    });
    renderDashboard();
    const button = await screen.findByRole('button', { name: 'Start kurset Gratiskurset' });
    fireEvent.click(button);
    await waitFor(() =>
      expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke melde deg på kurset. Prøv igjen.', variant: 'destructive' }),
    );
    await waitFor(() => expect((screen.getByRole('button', { name: 'Start kurset Gratiskurset' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("with an empty catalogue shows the spec's empty text", async () => {
    serve({
      'GET /api/users/me/enrollments': () => Response.json([]),
      'GET /api/courses': () => Response.json([]),
      'GET /api/users/me/progress': () => Response.json(figures(0)),
    });
    renderDashboard();
    expect(await screen.findByText('Ingen kurs tilgjengelig for øyeblikket.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Flere kurs' })).toBeNull();
  });
});

describe('a learner with courses', () => {
  it("shows the server's figures, 'Start' for a module not begun, and asks again when the page turns visible", async () => {
    let tasks = 0;
    serve({
      'GET /api/users/me/enrollments': () => Response.json([enrollment('ki-for-kontoret')]),
      'GET /api/courses': () => Response.json(courses),
      'GET /api/users/me/progress': () => Response.json(figures(tasks)),
      'GET /api/courses/ki-for-kontoret/modules-with-progress': () => Response.json(modules('ki-for-kontoret', tasks)),
    });
    renderDashboard();
    await waitFor(() => expect(document.querySelector('[data-stat="completedTasks"]')?.textContent).toBe('0'));
    expect(screen.getByText('Oppgaver besvart')).toBeTruthy();
    const card = within(screen.getByRole('region', { name: 'Kurs' }));
    // The card's main button opens the next lesson, without expanding the row.
    expect(card.getByRole('link', { name: 'Start kurset – KI for Kontoret' }).getAttribute('href')).toBe(
      '/course/ki-for-kontoret?lessonId=ki-for-kontoret-l1',
    );
    fireEvent.click(await card.findByRole('button', { name: /Påmeldt\s*KI for Kontoret/ }));
    expect(await card.findByRole('link', { name: 'Start: Modul 1 i ki-for-kontoret' })).toBeTruthy();
    expect(card.getByText('0 av 4 leksjoner fullført')).toBeTruthy();
    // 'Flere kurs' lists the other three.
    expect(within(screen.getByRole('region', { name: 'Flere kurs' })).getAllByRole('heading', { level: 3 })).toHaveLength(3);

    // A lesson completed in another tab: coming back moves the figures without a reload.
    tasks = 1;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(document.querySelector('[data-stat="completedTasks"]')?.textContent).toBe('1'));
    expect(await card.findByRole('link', { name: 'Fortsett: Modul 1 i ki-for-kontoret' })).toBeTruthy();
    expect(card.getByText('1 av 4 leksjoner fullført')).toBeTruthy();
  });
});

describe('a learner with four enrolled courses', () => {
  it('prefetches the modules of the first three only, and loads the fourth on expand with the loading text', async () => {
    let releaseFourth: (r: Response) => void = () => {};
    const fourth = new Promise<Response>((resolve) => (releaseFourth = resolve));
    serve({
      'GET /api/users/me/enrollments': () => Response.json(courses.map((c) => enrollment(c.id))),
      'GET /api/courses': () => Response.json(courses),
      'GET /api/courses/grunnleggende-ki/modules-with-progress': () => Response.json(modules('grunnleggende-ki')),
      'GET /api/courses/ki-for-kontoret/modules-with-progress': () => Response.json(modules('ki-for-kontoret')),
      'GET /api/courses/ki-markedsforing/modules-with-progress': () => Response.json(modules('ki-markedsforing')),
      'GET /api/courses/ki-chatgpt-mester/modules-with-progress': () => fourth,
      'GET /api/users/me/progress': () => Response.json(figures(0)),
    });
    renderDashboard();
    const card = within(await screen.findByRole('region', { name: 'Kurs' }));
    const chatgpt = await card.findByRole('button', { name: /Påmeldt\s*ChatGPT Mester/ });
    await waitFor(() => expect(requested().filter((r) => r.endsWith('/modules-with-progress'))).toHaveLength(3));
    expect(requested()).not.toContain('GET /api/courses/ki-chatgpt-mester/modules-with-progress');

    fireEvent.click(chatgpt);
    expect(await card.findByText('Laster...')).toBeTruthy();
    expect(requested()).toContain('GET /api/courses/ki-chatgpt-mester/modules-with-progress');
    await act(async () => releaseFourth(Response.json(modules('ki-chatgpt-mester'))));
    expect(await card.findByRole('link', { name: 'Start: Modul 1 i ki-chatgpt-mester' })).toBeTruthy();
    expect(card.queryByText('Ingen moduler tilgjengelig')).toBeNull();
  });
});

describe('ClampedText', () => {
  /** happy-dom lays nothing out: give every element the heights a browser would measure. */
  const sizes = (scrollHeight: number, clientHeight: number) => {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => scrollHeight });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => clientHeight });
  };
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });

  it("offers no 'Vis mer' when the text fits in two lines", () => {
    sizes(40, 40);
    render(<ClampedText text="Kort." />);
    expect(screen.getByText('Kort.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("toggles a clamped text with 'Vis mer' / 'Vis mindre' and aria-expanded", () => {
    sizes(120, 40);
    render(<ClampedText text="En lang beskrivelse som ikke får plass på to linjer." />);
    const text = screen.getByText(/^En lang beskrivelse/);
    expect(text.className).toContain('line-clamp-2');
    const more = screen.getByRole('button', { name: 'Vis mer' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(text.id);
    fireEvent.click(more);
    const less = screen.getByRole('button', { name: 'Vis mindre' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    expect(text.className).not.toContain('line-clamp-2');
    fireEvent.click(less);
    expect(screen.getByRole('button', { name: 'Vis mer' }).getAttribute('aria-expanded')).toBe('false');
    expect(text.className).toContain('line-clamp-2');
  });
});
