import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Course, Enrollment, ModuleWithProgress } from '../../schemas/learning';
import { $toast } from '../../stores/toast';
import { requested, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import { ClampedText } from './ClampedText';
import { DashboardView } from './DashboardView';

const user = testUser({ id: 'u1', email: 'ny@demo.no', firstName: 'Jonas', lastName: 'Berg' });

const course = (id: string, title: string, orderIndex: number): Course => ({
  id,
  title,
  description: `${title}: en beskrivelse.`,
  duration: '6 timer',
  level: 'Nybegynner',
  orderIndex,
});
const courses = [
  course('grunnleggende-ki', 'KI Grunnkurs', 1),
  course('ki-for-kontoret', 'KI for Kontoret', 2),
  course('ki-markedsforing', 'KI Markedsføring', 3),
  course('ki-chatgpt-mester', 'ChatGPT Mester', 4),
];
const enrollment = (courseId: string): Enrollment => ({ id: `e-${courseId}`, courseId, enrolledAt: '2026-11-01T10:00:00.000Z', completedAt: null });
const modules = (courseId: string): ModuleWithProgress[] => [
  { module: { id: `${courseId}-m1`, title: `Modul 1 i ${courseId}`, orderIndex: 1 }, progress: { percentage: 0, completed: 0, total: 4 } },
];

function renderDashboard() {
  renderInApp(<DashboardView user={user} />);
}

resetAfterEach();

describe('a learner without enrollments', () => {
  it("sees the catalogue, enrolls with 'Meld deg på', gets the success toast and the course as enrolled", async () => {
    let enrolled: Enrollment[] = [];
    serve({
      'GET /api/users/me/enrollments': () => Response.json(enrolled),
      'GET /api/courses': () => Response.json(courses),
      'POST /api/enrollments': (init) => {
        const { courseId } = JSON.parse(String(init?.body)) as { courseId: string };
        enrolled = [enrollment(courseId)];
        return Response.json(enrolled[0], { status: 201 });
      },
      'GET /api/courses/ki-for-kontoret/modules-with-progress': () => Response.json(modules('ki-for-kontoret')),
    });
    renderDashboard();
    const card = within(await screen.findByRole('region', { name: 'Kurs' }));
    expect(await card.findByText('Du er ikke påmeldt noen kurs ennå. Velg et kurs for å komme i gang.')).toBeTruthy();
    expect(card.getAllByRole('button', { name: /^Meld deg på / })).toHaveLength(courses.length);

    fireEvent.click(card.getByRole('button', { name: 'Meld deg på KI for Kontoret' }));
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Påmeldt', description: 'Du er nå påmeldt kurset.' }));
    const row = await card.findByRole('button', { name: /Påmeldt\s*KI for Kontoret/ });
    expect(card.queryAllByRole('button', { name: /^Meld deg på / })).toHaveLength(0);
    expect(requested()).toContain('POST /api/enrollments');
    fireEvent.click(row);
    expect(await card.findByRole('link', { name: 'Fortsett: Modul 1 i ki-for-kontoret' })).toBeTruthy();
  });

  it("shows the spec's error toast in Norwegian when enrolling fails, and keeps the catalogue", async () => {
    serve({
      'GET /api/users/me/enrollments': () => Response.json([]),
      'GET /api/courses': () => Response.json(courses),
      'POST /api/enrollments': () => Response.json({ error: 'Intern feil' }, { status: 500 }),
    });
    renderDashboard();
    const button = await screen.findByRole('button', { name: 'Meld deg på KI Grunnkurs' });
    fireEvent.click(button);
    await waitFor(() =>
      expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke melde deg på kurset. Prøv igjen.', variant: 'destructive' }),
    );
    await waitFor(() => expect((screen.getByRole('button', { name: 'Meld deg på KI Grunnkurs' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("with an empty catalogue shows the spec's empty text", async () => {
    serve({ 'GET /api/users/me/enrollments': () => Response.json([]), 'GET /api/courses': () => Response.json([]) });
    renderDashboard();
    expect(await screen.findByText('Ingen kurs tilgjengelig for øyeblikket.')).toBeTruthy();
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
    expect(await card.findByRole('link', { name: 'Fortsett: Modul 1 i ki-chatgpt-mester' })).toBeTruthy();
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
