import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CourseWithContent, PlayerLesson, VideoNote } from '../../schemas/player';
import { $toast } from '../../stores/toast';
import { calls, fetchMock, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import { PlayerView } from './PlayerView';

const user = testUser();

const lesson = (id: string, orderIndex: number, extra: Partial<PlayerLesson>): PlayerLesson => ({
  id,
  title: `Leksjon ${id}`,
  description: null,
  orderIndex,
  contentType: 'task',
  estimatedMinutes: 5,
  content: { instructions: 'Les dette' },
  completed: false,
  watch: null,
  locked: false,
  preview: false,
  ...extra,
});

const video = lesson('v1', 1, {
  contentType: 'video',
  content: { videoUrl: '/media/demo-leksjon.mp4', captionsUrl: '/media/demo-leksjon.vtt', durationSeconds: 28, description: 'Om videoen' },
});
const task = lesson('t1', 2, {
  content: {
    instructions: 'Gjør oppgaven',
    questions: [{ question: 'Hva er KI?', answer: 'Kunstig intelligens' }],
    tasks: ['Skriv en prompt'],
    placeholder: 'Skriv her',
  },
});
const html = lesson('h1', 3, { contentType: 'html', content: { html: '<p>Trygg <strong>HTML</strong></p>' } });
const text = lesson('x1', 1, { contentType: 'text', content: { text: 'Linje én\nLinje to' } });

function courseWith(lessons: PlayerLesson[][], enrolled = true): CourseWithContent {
  return {
    course: { id: 'kurs', title: 'KI for Kontoret', description: 'Bruk KI på jobben', level: 'Nybegynner' },
    enrolled,
    access: enrolled ? 'grant' : 'free',
    purchasePath: '/kurs',
    modules: lessons.map((ls, i) => ({ module: { id: `m${i + 1}`, title: `Modul ${i + 1}`, orderIndex: i + 1 }, lessons: ls })),
  };
}

const note: VideoNote = {
  id: 'n1',
  lessonId: 'v1',
  timestamp: 83,
  noteText: 'Husk personvern',
  transcription: null,
  createdAt: '2025-09-14T10:00:00.000Z',
  updatedAt: '2025-09-14T10:00:00.000Z',
};

function renderPlayer(search = '') {
  window.history.replaceState(null, '', `/course/kurs${search}`);
  renderInApp(<PlayerView courseId="kurs" user={user} />);
}

const progress = { completed: 1, total: 3, percentage: 33 };

resetAfterEach();

describe('PlayerView states', () => {
  it("says 'Laster kurs...' while loading", async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    renderPlayer();
    expect(await screen.findByText('Laster kurs...')).toBeTruthy();
  });

  it("shows 'Kurs ikke funnet' with a way back to the overview for a 404", async () => {
    serve({ 'GET /api/courses/kurs/with-content': () => Response.json({ error: 'Fant ikke kurset' }, { status: 404 }) });
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Kurs ikke funnet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tilbake til oversikten' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Kunne ikke hente kursinnholdet' and retries", async () => {
    serve({});
    renderPlayer();
    expect(await screen.findByRole('heading', { name: 'Kunne ikke hente kursinnholdet' })).toBeTruthy();
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[text]])),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Leksjon x1' })).toBeTruthy();
  });

  it("shows 'Ingen leksjoner tilgjengelig' for a course without lessons", async () => {
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[]])),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
    });
    renderPlayer();
    expect(await screen.findByText('Ingen leksjoner tilgjengelig')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'KI for Kontoret' })).toBeTruthy();
  });
});

describe('PlayerView lessons', () => {
  beforeEach(() => {
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[video, task], [html]])),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
      'GET /api/lessons/v1/video-notes': () => Response.json([note]),
      'POST /api/lessons/t1/progress': () =>
        Response.json({ lessonId: 't1', completed: true, courseProgress: { completed: 2, total: 3, percentage: 67 }, courseCompleted: false }),
      'POST /api/video-notes': (init) => Response.json({ ...note, id: 'n2', ...(JSON.parse(String(init?.body)) as object) }, { status: 201 }),
    });
  });

  it('shows the header: back link, title, description, level, assistant toggle and progress', async () => {
    renderPlayer();
    expect(await screen.findByRole('heading', { level: 1, name: 'KI for Kontoret' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Tilbake til oversikten/ }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Bruk KI på jobben')).toBeTruthy();
    expect(screen.getByText('Nybegynner')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'KI-assistent' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Kursfremdrift' }).getAttribute('aria-valuenow')).toBe('33'));
  });

  it('holds an unwatched video back: Previous disabled, Complete and Next aria-disabled with a reason and a toast', async () => {
    renderPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Leksjon v1' })).toBeTruthy();
    expect((screen.getByRole('button', { name: /Forrige/ }) as HTMLButtonElement).disabled).toBe(true);
    const complete = screen.getByRole('button', { name: 'Fullfør' });
    const next = screen.getByRole('button', { name: /Neste/ });
    expect(complete.getAttribute('aria-disabled')).toBe('true');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Se minst 95 % av videoen før du fullfører leksjonen eller går videre.')).toBeTruthy();
    fireEvent.click(next);
    expect($toast.get()).toMatchObject({ title: 'Video ikke fullført', description: 'Du må se hele videoen før du kan gå videre' });
    expect(screen.getByRole('heading', { level: 2, name: 'Leksjon v1' })).toBeTruthy();
    expect(calls('POST /api/lessons/v1/progress')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Spill av video' })).toBeTruthy();
  });

  it('lists notes with time, text and date; a new note is saved with the playhead time', async () => {
    renderPlayer();
    const notes = await screen.findByRole('list', { name: 'Dine notater' });
    expect(within(notes).getByRole('button', { name: /Gå til 01:23/ })).toBeTruthy();
    expect(within(notes).getByText('Husk personvern')).toBeTruthy();
    expect(within(notes).getByText(/14\. sep/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Lagre notat' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nytt notat'), { target: { value: '  Viktig poeng  ' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect($toast.get()?.title).toBe('Notat lagret!'));
    expect(JSON.parse(String(calls('POST /api/video-notes')[0]?.[1]?.body))).toEqual({ lessonId: 'v1', timestamp: 0, noteText: 'Viktig poeng' });
    expect((screen.getByLabelText('Nytt notat') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the draft when saving a note fails', async () => {
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[video]])),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
      'GET /api/lessons/v1/video-notes': () => Response.json([]),
    });
    renderPlayer();
    expect(await screen.findByText('Ingen notater ennå.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nytt notat'), { target: { value: 'Ikke mist meg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre notat' }));
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Feil', variant: 'destructive' }));
    expect((screen.getByLabelText('Nytt notat') as HTMLTextAreaElement).value).toBe('Ikke mist meg');
  });

  it("shows the server's message when the note cap is reached, and keeps the draft", async () => {
    const limit = 'Du har nådd grensen på 200 notater for denne leksjonen. Slett noen før du lager nye.';
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[video]])),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
      'GET /api/lessons/v1/video-notes': () => Response.json([note]),
      'POST /api/video-notes': () => Response.json({ error: limit, errorType: 'note_limit' }, { status: 409 }),
    });
    renderPlayer();
    await screen.findByRole('list', { name: 'Dine notater' });
    fireEvent.change(screen.getByLabelText('Nytt notat'), { target: { value: 'Ett til' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre notat' }));
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Notatgrensen er nådd', description: limit, variant: 'destructive' }));
    expect((screen.getByLabelText('Nytt notat') as HTMLTextAreaElement).value).toBe('Ett til');
  });

  it("pages the notes: 'Vis flere notater' reads the next page while the server has one", async () => {
    const later: VideoNote = { ...note, id: 'n9', timestamp: 600, noteText: 'Fra neste side' };
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[video]])),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
      'GET /api/lessons/v1/video-notes': () => Response.json([note], { headers: { 'X-Next-Cursor': 'side-2' } }),
      'GET /api/lessons/v1/video-notes?cursor=side-2': () => Response.json([later]),
    });
    renderPlayer();
    const notes = await screen.findByRole('list', { name: 'Dine notater' });
    expect(within(notes).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Vis flere notater' }));
    expect(await within(notes).findByText('Fra neste side')).toBeTruthy();
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Husk personvern'), expect.stringContaining('Fra neste side')]);
    expect(screen.queryByRole('button', { name: 'Vis flere notater' })).toBeNull();
    expect(calls('GET /api/lessons/v1/video-notes?cursor=side-2')).toHaveLength(1);
  });

  it('a task lesson shows its fields, reveals an answer, and Complete posts before advancing', async () => {
    renderPlayer('?lessonId=t1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Leksjon t1' })).toBeTruthy();
    expect(screen.getByText('Gjør oppgaven')).toBeTruthy();
    expect(screen.getByText('Skriv en prompt')).toBeTruthy();
    expect(screen.getByLabelText('Ditt svar').getAttribute('placeholder')).toBe('Skriv her');
    const answer = screen.getByText('Kunstig intelligens');
    expect(answer.hidden).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Vis svar' }));
    expect(answer.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Skjul svar' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Fullfør' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Leksjon h1' })).toBeTruthy();
    expect(JSON.parse(String(calls('POST /api/lessons/t1/progress')[0]?.[1]?.body))).toEqual({ completed: true });
    expect(window.location.search).toBe('?lessonId=h1');
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Kursfremdrift' }).getAttribute('aria-valuenow')).toBe('67'));
    expect(screen.getByRole('link', { name: /Leksjon t1 \(fullført\)/ })).toBeTruthy();
    // An HTML lesson renders the server's markup.
    expect(document.querySelector('[data-lesson-html] strong')?.textContent).toBe('HTML');
    expect((screen.getByRole('button', { name: /Neste/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a completed lesson says 'Fullført' on a disabled button instead of offering 'Fullfør' again", async () => {
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[video, { ...task, completed: true }], [html]])),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
    });
    renderPlayer('?lessonId=t1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Leksjon t1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fullfør' })).toBeNull();
    const done = screen.getByRole('button', { name: 'Fullført' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    // Next still moves on.
    expect((screen.getByRole('button', { name: /Neste/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a failed completion shows the spec toast and stays', async () => {
    renderPlayer('?lessonId=t1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Leksjon t1' })).toBeTruthy();
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[video, task], [html]])),
      'POST /api/lessons/t1/progress': () => new Response('nei', { status: 500 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fullfør' }));
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke oppdatere fremdrift' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Leksjon t1' })).toBeTruthy();
  });

  it('the outline lists modules and lessons and moves to a lesson', async () => {
    renderPlayer();
    const outline = await screen.findByRole('navigation', { name: 'Kursinnhold' });
    expect(
      within(outline)
        .getByRole('button', { name: /Kursinnhold/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    const link = within(outline).getByRole('link', { name: 'Leksjon h1' });
    expect(link.getAttribute('href')).toBe('?lessonId=h1');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 2, name: 'Leksjon h1' })).toBeTruthy();
    expect(within(outline).getByRole('link', { name: 'Leksjon h1' }).getAttribute('aria-current')).toBe('true');
  });
});

describe('enroll banner', () => {
  it("offers 'Meld deg på kurset' to a learner who is not enrolled, then reads the course again", async () => {
    let enrolled = false;
    serve({
      'GET /api/courses/kurs/with-content': () => Response.json(courseWith([[text]], enrolled)),
      'GET /api/courses/kurs/progress': () => Response.json(progress),
      'POST /api/enrollments': () => {
        enrolled = true;
        return Response.json({ courseId: 'kurs', completedAt: null }, { status: 201 });
      },
      'GET /api/users/me/enrollments': () => Response.json([]),
    });
    renderPlayer();
    fireEvent.click(await screen.findByRole('button', { name: 'Meld deg på kurset' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Meld deg på kurset' })).toBeNull());
    expect(JSON.parse(String(calls('POST /api/enrollments')[0]?.[1]?.body))).toEqual({ courseId: 'kurs' });
    expect($toast.get()?.title).toBe('Påmeldt');
    // Text lessons keep their line breaks as plain text.
    expect(screen.getByText(/Linje én/).className).toContain('whitespace-pre-line');
  });
});
