import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Admin from '../../islands/Admin';
import type {
  AdminAuditEntry,
  AdminAuditPage,
  AdminCourse,
  AdminLessonListItem,
  AdminStatistics,
  AdminUser,
  AdminVideo,
  PublishingState,
} from './admin.queries';
import { queryClient } from '../../lib/query-client';
import type { CurrentUser } from '../../schemas/auth';
import type { CourseWithContent } from '../../schemas/player';
import { $toast } from '../../stores/toast';
import { bodyOf, calls, fetchMock, type Handler, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach, testUser } from '../../testing/render';
import AdminView from './AdminView';
import { filterUsers, formatCreated } from './UserGrid';

const me = (role: CurrentUser['role']): CurrentUser =>
  testUser({ id: '00000000-0000-4000-8000-00000000000a', email: `${role}@demo.no`, firstName: 'Ada', lastName: 'Admin', role });

const courses: AdminCourse[] = [
  { id: 'grunnleggende-ki', title: 'KI Grunnkurs', description: 'Start her', level: 'Nybegynner', orderIndex: 1, students: 3 },
  { id: 'ki-for-kontoret', title: 'KI for Kontoret', description: 'Jobb', level: 'Mellom', orderIndex: 2, students: 0 },
];

const content: CourseWithContent = {
  course: { id: 'grunnleggende-ki', title: 'KI Grunnkurs', description: 'Start her', level: 'Nybegynner' },
  enrolled: false,
  access: null,
  purchasePath: '/kurs',
  modules: [
    {
      module: { id: 'm1', title: 'Introduksjon', orderIndex: 1 },
      lessons: [
        {
          id: 'l1',
          title: 'Hva er KI?',
          description: null,
          orderIndex: 1,
          contentType: 'html',
          estimatedMinutes: 5,
          content: { html: '<p>Trygg</p>' },
          completed: false,
          watch: null,
          locked: false,
          preview: false,
        },
        {
          id: 'l2',
          title: 'Første video',
          description: null,
          orderIndex: 2,
          contentType: 'video',
          estimatedMinutes: 5,
          content: { videoUrl: '/media/demo-leksjon.mp4', durationSeconds: 28, description: 'Om' },
          completed: false,
          watch: null,
          locked: false,
          preview: false,
        },
      ],
    },
    { module: { id: 'm2', title: 'Verktøy', orderIndex: 2 }, lessons: [] },
  ],
};

const videos: AdminVideo[] = [
  { id: 'v1', title: 'Demovideo', url: '/media/demo-leksjon.mp4', description: null, durationSeconds: 28, createdAt: '2026-01-01T10:00:00Z' },
];

const toastText = () => {
  const t = $toast.get();
  return t ? [t.title, t.description].filter(Boolean).join(' / ') : null;
};

const noPublishing: PublishingState = { hookConfigured: false, last: null };

const contentRoutes: Record<string, Handler> = {
  'GET /api/admin/publishing': () => Response.json(noPublishing),
  'GET /api/admin/courses': () => Response.json(courses),
  'GET /api/courses/grunnleggende-ki/with-content': () => Response.json(content),
  'GET /api/admin/videos': () => Response.json(videos),
};

function renderView(role: CurrentUser['role'] = 'admin') {
  renderInApp(<AdminView user={me(role)} />);
}

const selectTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

async function openModules() {
  fireEvent.click(await screen.findByRole('button', { name: 'Velg kurs «KI Grunnkurs»' }));
  return screen.findByRole('heading', { name: 'Moduler for: KI Grunnkurs' });
}

resetAfterEach(() => queryClient.clear());

describe('the /admin island', () => {
  // Who may see /admin is the page's decision, on the server (src/server/learning/page-data.ts,
  // tests/integration/player-ssr.test.ts): the island gets an admin and the first tab's data.
  it('renders the first tab from the data the page read, asking the API nothing', () => {
    render(<Admin data={{ user: me('admin'), courses, publishing: { hookConfigured: false, last: null } }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Administrasjonsdashboard' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'KI Grunnkurs' })).toBeTruthy();
    expect(screen.getByText('3 studenter')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('AdminView tabs', () => {
  it("gives an admin 'Innholdsbehandling' only, and a superuser 'Statistikk' too", async () => {
    serve(contentRoutes);
    renderView('admin');
    expect(screen.getByRole('tab', { name: 'Innholdsbehandling' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Statistikk' })).toBeNull();
    expect(await screen.findByText('3 studenter')).toBeTruthy();
    expect(calls('GET /api/admin/statistics')).toHaveLength(0);
    expect(calls('GET /api/admin/users')).toHaveLength(0);
    cleanup();
    renderView('superuser');
    expect(screen.getByRole('tab', { name: 'Statistikk' })).toBeTruthy();
    // The dashboard's reads wait until its tab is opened.
    expect(calls('GET /api/admin/statistics')).toHaveLength(0);
  });
});

describe('Kurs', () => {
  it("lists courses with 'Laster kurs...', level and students", async () => {
    serve(contentRoutes);
    renderView();
    expect(screen.getByText('Laster kurs...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'KI Grunnkurs' })).toBeTruthy();
    expect(screen.getByText('Nybegynner')).toBeTruthy();
    expect(screen.getByText('0 studenter')).toBeTruthy();
  });

  it('renames inline: a blank name does nothing, a saved one toasts and leaves edit mode', async () => {
    serve({
      ...contentRoutes,
      'PUT /api/admin/courses/grunnleggende-ki/name': () =>
        Response.json({ id: 'grunnleggende-ki', title: 'KI Start', publishing: { status: 'skipped', at: '2026-11-23T10:15:00.000Z' } }),
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Endre navn på «KI Grunnkurs»' }));
    // The rename form loads on the first rename.
    const input = await screen.findByLabelText('Nytt navn på «KI Grunnkurs»');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Navnet må fylles ut')).toBeNull();
    expect(calls('PUT /api/admin/courses/grunnleggende-ki/name')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '  KI Start ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(toastText()).toBe('Kursnavn oppdatert'));
    expect(bodyOf('PUT /api/admin/courses/grunnleggende-ki/name')).toEqual({ name: 'KI Start' });
    await waitFor(() => expect(screen.queryByLabelText('Nytt navn på «KI Grunnkurs»')).toBeNull());
    // The list is read again.
    expect(calls('GET /api/admin/courses').length).toBeGreaterThanOrEqual(2);
  });

  it("cancels with 'Avbryt', and a failure says 'Kunne ikke oppdatere kursnavn.'", async () => {
    serve({ ...contentRoutes, 'PUT /api/admin/courses/grunnleggende-ki/name': () => Response.json({ error: 'x' }, { status: 500 }) });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Endre navn på «KI Grunnkurs»' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByLabelText('Nytt navn på «KI Grunnkurs»')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Endre navn på «KI Grunnkurs»' }));
    fireEvent.change(await screen.findByLabelText('Nytt navn på «KI Grunnkurs»'), { target: { value: 'Nytt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(toastText()).toBe('Feil / Kunne ikke oppdatere kursnavn.'));
    expect($toast.get()?.variant).toBe('destructive');
    expect(screen.getByLabelText('Nytt navn på «KI Grunnkurs»')).toBeTruthy();
  });
});

describe('Moduler and Leksjoner', () => {
  it('asks for a course first in Moduler', async () => {
    serve(contentRoutes);
    renderView();
    selectTab('Moduler');
    // Moduler, Leksjoner and Videoer are chunks of their own, loaded when their tab opens.
    expect(await screen.findByText('Velg et kurs i Kurs-fanen først for å se modulene.')).toBeTruthy();
  });

  it("shows 'Moduler for: {title}' with modules, lesson counts and lessons with their type", async () => {
    serve(contentRoutes);
    renderView();
    await openModules();
    const intro = screen.getByRole('article', { name: 'Introduksjon' });
    expect(within(intro).getByText('2 leksjoner')).toBeTruthy();
    const lessons = within(intro).getByRole('list', { name: 'Leksjoner i «Introduksjon»' });
    expect(within(lessons).getByText('Hva er KI?')).toBeTruthy();
    expect(within(lessons).getByText('HTML')).toBeTruthy();
    expect(within(lessons).getByText('Video')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Verktøy' })).getByText('0 leksjoner')).toBeTruthy();
    // The first module cannot move up, the last not down.
    expect(screen.getByRole('button', { name: 'Flytt modulen «Introduksjon» opp' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Flytt modulen «Verktøy» ned' }).hasAttribute('disabled')).toBe(true);
  });

  it("creates a module: disabled while blank, orderIndex 0, 'Modul opprettet'", async () => {
    serve({ ...contentRoutes, 'POST /api/admin/courses/grunnleggende-ki/modules': () => Response.json({ id: 'm3' }, { status: 201 }) });
    renderView();
    await openModules();
    fireEvent.click(screen.getByRole('button', { name: 'Ny modul' }));
    const dialog = screen.getByRole('dialog', { name: 'Opprett ny modul' });
    const submit = within(dialog).getByRole('button', { name: 'Opprett modul' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: '  ' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Ny del' } });
    fireEvent.change(within(dialog).getByLabelText('Beskrivelse (valgfritt)'), { target: { value: 'Om delen' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toastText()).toBe('Modul opprettet'));
    expect(bodyOf('POST /api/admin/courses/grunnleggende-ki/modules')).toEqual({ title: 'Ny del', description: 'Om delen', orderIndex: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('GET /api/courses/grunnleggende-ki/with-content').length).toBeGreaterThanOrEqual(2);
  });

  it("puts a refused module's title message under 'Tittel' and focuses it", async () => {
    serve({
      ...contentRoutes,
      'POST /api/admin/courses/grunnleggende-ki/modules': () =>
        Response.json(
          { error: 'Ugyldig forespørsel', issues: [{ path: 'title', message: 'Tittel kan ikke inneholde tegnene < og >' }] },
          { status: 400 },
        ),
    });
    renderView();
    await openModules();
    fireEvent.click(screen.getByRole('button', { name: 'Ny modul' }));
    const dialog = screen.getByRole('dialog', { name: 'Opprett ny modul' });
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Ny del' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opprett modul' }));
    const title = within(dialog).getByLabelText('Tittel');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Tittel kan ikke inneholde tegnene < og >');
    expect(screen.getByRole('dialog', { name: 'Opprett ny modul' })).toBeTruthy();
  });

  it('creates lessons by the storage rules: text, HTML (label changes), video with a registered video', async () => {
    serve({ ...contentRoutes, 'POST /api/admin/modules/m2/lessons': () => Response.json({ id: 'l9' }, { status: 201 }) });
    renderView();
    await openModules();
    const open = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ny leksjon i «Verktøy»' }));
      return screen.getByRole('dialog', { name: 'Opprett ny leksjon' });
    };
    let dialog = open();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Type').value).toBe('text');
    expect(within(dialog).queryByLabelText('Video-URL')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Tekst' } });
    fireEvent.change(within(dialog).getByLabelText('Innhold'), { target: { value: 'Hei' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opprett leksjon' }));
    await waitFor(() => expect(toastText()).toBe('Leksjon opprettet'));
    expect(bodyOf('POST /api/admin/modules/m2/lessons')).toEqual({
      title: 'Tekst',
      lessonType: 'text',
      content: { text: 'Hei' },
      videoUrl: null,
      orderIndex: 0,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = open();
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'html' } });
    const html = within(dialog).getByLabelText('HTML-innhold');
    expect(html.getAttribute('placeholder')).toContain('<h2>');
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Html' } });
    fireEvent.change(html, { target: { value: '<p>Hei</p>' } });
    // The draft preview runs no script.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vis forhåndsvisning' }));
    expect(within(dialog).getByTitle('Forhåndsvisning av HTML-innholdet').getAttribute('sandbox')).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opprett leksjon' }));
    await waitFor(() => expect(calls('POST /api/admin/modules/m2/lessons')).toHaveLength(2));
    expect(bodyOf('POST /api/admin/modules/m2/lessons', 1)).toMatchObject({ lessonType: 'html', content: { html: '<p>Hei</p>' }, videoUrl: null });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = open();
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'video' } });
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Video' } });
    const picker = await within(dialog).findByLabelText('Velg en registrert video');
    expect(within(picker).getByRole('option', { name: 'Demovideo' })).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'v1' } });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Video-URL').value).toBe('/media/demo-leksjon.mp4');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Varighet (sekunder)').value).toBe('28');
    fireEvent.change(within(dialog).getByLabelText('Innhold'), { target: { value: 'Se videoen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opprett leksjon' }));
    await waitFor(() => expect(calls('POST /api/admin/modules/m2/lessons')).toHaveLength(3));
    expect(bodyOf('POST /api/admin/modules/m2/lessons', 2)).toEqual({
      title: 'Video',
      lessonType: 'video',
      content: { text: 'Se videoen' },
      videoUrl: '/media/demo-leksjon.mp4',
      durationSeconds: 28,
      orderIndex: 0,
    });
  });

  it("edits a lesson: 'Rediger leksjon: {title}', the type, per-field 400 messages, then 'Leksjon oppdatert'", async () => {
    let fail = true;
    serve({
      ...contentRoutes,
      'PUT /api/admin/lessons/l1/content': () =>
        fail
          ? Response.json({ error: 'Ugyldig forespørsel', issues: [{ path: 'title', message: 'Tittelen kan ha høyst 400 tegn' }] }, { status: 400 })
          : Response.json({ id: 'l1' }),
    });
    renderView();
    await openModules();
    fireEvent.click(screen.getByRole('button', { name: 'Rediger leksjonen «Hva er KI?»' }));
    const dialog = screen.getByRole('dialog', { name: 'Rediger leksjon: Hva er KI?' });
    expect(within(dialog).getByText('Type: HTML')).toBeTruthy();
    const textarea = within(dialog).getByLabelText<HTMLTextAreaElement>('HTML-innhold');
    expect(textarea.value).toBe('<p>Trygg</p>');
    // The saved version, as learners see it.
    expect(within(dialog).getByRole('heading', { name: 'Lagret versjon, slik elevene ser den' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Ny tittel' } });
    fireEvent.change(textarea, { target: { value: '<p>Oppdatert</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oppdater leksjon' }));
    await waitFor(() => expect(toastText()).toBe('Feil / Kunne ikke oppdatere leksjon.'));
    expect(within(dialog).getByText('Tittelen kan ha høyst 400 tegn')).toBeTruthy();
    expect(within(dialog).getByLabelText('Tittel').getAttribute('aria-invalid')).toBe('true');
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oppdater leksjon' }));
    await waitFor(() => expect(toastText()).toBe('Leksjon oppdatert'));
    expect(bodyOf('PUT /api/admin/lessons/l1/content', 1)).toEqual({ title: 'Ny tittel', content: { html: '<p>Oppdatert</p>' }, videoUrl: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('renames a module and moves a lesson', async () => {
    serve({
      ...contentRoutes,
      'PUT /api/admin/modules/m1/name': () =>
        Response.json({
          id: 'm1',
          courseId: 'grunnleggende-ki',
          title: 'Start',
          publishing: { status: 'requested', at: '2026-11-23T10:15:00.000Z' },
        }),
      'POST /api/admin/lessons/l1/move': () => Response.json([]),
    });
    renderView();
    await openModules();
    fireEvent.click(screen.getByRole('button', { name: 'Endre navn på modulen «Introduksjon»' }));
    fireEvent.change(await screen.findByLabelText('Nytt navn på modulen «Introduksjon»'), { target: { value: 'Start' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(toastText()).toBe('Modulnavn oppdatert'));
    expect(bodyOf('PUT /api/admin/modules/m1/name')).toEqual({ name: 'Start' });
    fireEvent.click(screen.getByRole('button', { name: 'Flytt leksjonen «Hva er KI?» ned' }));
    await waitFor(() => expect(calls('POST /api/admin/lessons/l1/move')).toHaveLength(1));
    expect(bodyOf('POST /api/admin/lessons/l1/move')).toEqual({ direction: 'down' });
  });
});

describe('Videoer', () => {
  it("registers a video: disabled until URL and title, the spec's toast and the fields' own messages, 'Video registrert', cleared", async () => {
    serve({ ...contentRoutes, 'POST /api/admin/videos': () => Response.json(videos[0], { status: 201 }) });
    renderView();
    selectTab('Videoer');
    const submit = await screen.findByRole('button', { name: 'Registrer video' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    expect(toastText()).toBe('Feil / Video URL og tittel er påkrevd.');
    expect(await screen.findByText('Tittelen må fylles ut')).toBeTruthy();
    expect(screen.getByText('URL må fylles ut')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Videotittel')));
    expect(calls('POST /api/admin/videos')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Videotittel'), { target: { value: 'Intro' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Video-URL'), { target: { value: '/media/demo-leksjon.mp4' } });
    fireEvent.change(screen.getByLabelText('Beskrivelse (valgfritt)'), { target: { value: 'Kort' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toastText()).toBe('Video registrert'));
    expect(bodyOf('POST /api/admin/videos')).toEqual({ title: 'Intro', url: '/media/demo-leksjon.mp4', description: 'Kort' });
    expect(screen.getByLabelText<HTMLInputElement>('Videotittel').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Video-URL').value).toBe('');
    expect(await screen.findByText('Demovideo')).toBeTruthy();
  });

  it("says 'Kunne ikke registrere video.' on failure and deletes after confirmation", async () => {
    serve({
      ...contentRoutes,
      'POST /api/admin/videos': () => new Response('nede', { status: 503 }),
      'DELETE /api/admin/videos/v1': () => Response.json({ ok: true }),
    });
    renderView();
    selectTab('Videoer');
    fireEvent.change(await screen.findByLabelText('Videotittel'), { target: { value: 'Intro' } });
    fireEvent.change(screen.getByLabelText('Video-URL'), { target: { value: 'https://cdn.example.no/v.mp4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrer video' }));
    await waitFor(() => expect(toastText()).toBe('Feil / Kunne ikke registrere video.'));
    fireEvent.click(await screen.findByRole('button', { name: 'Slett videoen «Demovideo»' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Slette videoen?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Slett videoen' }));
    await waitFor(() => expect(calls('DELETE /api/admin/videos/v1')).toHaveLength(1));
  });
});

const stats: AdminStatistics = {
  computedAt: '2026-11-23T10:15:00.000Z',
  totalUsers: 7,
  activeUsers: 6,
  inactiveUsers: 1,
  totalCourses: 6,
  totalEnrollments: 4,
  completedEnrollments: 1,
  completionRate: 25,
  averageProgress: 41.6,
  totalCompanies: 1,
  usersByRole: { superuser: 1, admin: 1, company_admin: 1, individual: 4 },
  assistant: {
    month: { questions: 12, offlineAnswers: 10, modelAnswers: 2, tokens: 3400 },
    daily: Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      questions: i % 3,
      offlineAnswers: i % 3,
      modelAnswers: 0,
      tokens: i * 10,
    })),
    topUsers: [{ userId: 'u4', name: 'Emma Larsen', email: 'elev@demo.no', questions: 12, tokens: 3400 }],
  },
};

const person = (i: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  id: `u${i}`,
  firstName: `Fornavn${i}`,
  lastName: `Etternavn${i}`,
  email: `bruker${i}@demo.no`,
  role: 'individual',
  isActive: true,
  profileImageUrl: null,
  createdAt: '2026-03-05T12:00:00Z',
  audit: [],
  ...extra,
});

describe('Dashboard (superuser)', () => {
  const users = [
    person(1, {
      firstName: 'Emma',
      lastName: 'Larsen',
      email: 'elev@demo.no',
      audit: [
        {
          id: 'a1',
          action: 'role_changed',
          fromValue: 'individual',
          toValue: 'admin',
          actor: { id: 'x', name: 'Sara Super', email: 's@demo.no' },
          createdAt: '2026-11-01T10:00:00Z',
        },
      ],
    }),
    ...Array.from({ length: 29 }, (_, i) => person(i + 2, { createdAt: i === 0 ? '' : '2026-03-05T12:00:00Z' })),
  ];

  it('shows the figures, roles, progress, recent users, usage and a paged, searchable grid', async () => {
    serve({ ...contentRoutes, 'GET /api/admin/statistics': () => Response.json(stats), 'GET /api/admin/users': () => Response.json(users) });
    renderView('superuser');
    selectTab('Statistikk');
    const total = await screen.findByRole('region', { name: 'Brukere totalt' });
    expect(total.textContent).toContain('7');
    expect(total.textContent).toContain('6 aktive, 1 inaktive');
    expect(screen.getByRole('region', { name: 'Påmeldinger' }).textContent).toContain('1 fullført (25 %)');
    expect(screen.getByRole('region', { name: 'Bedrifter' }).textContent).toContain('1');
    expect(screen.getByLabelText('Individuell: 4')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Gjennomsnittlig fremdrift' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText(/^Denne måneden: 12 spørsmål, 10 besvart offline og 2 med KI-modell \(3\s400 tokens\)$/)).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(31);

    const recent = await screen.findByRole('region', { name: 'Siste brukere' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).getByText('Ukjent')).toBeTruthy();

    const grid = screen.getByRole('region', { name: 'Brukere' });
    expect(within(grid).getAllByRole('article')).toHaveLength(24);
    expect(within(grid).getByText('Side 1 av 2')).toBeTruthy();
    const emma = within(grid).getByRole('article', { name: 'Emma Larsen' });
    expect(within(emma).getByText('Aktiv')).toBeTruthy();
    expect(within(emma).getByText(/Rolle endret: Individuell → Administrator \(Sara Super/)).toBeTruthy();
    fireEvent.click(within(grid).getByRole('button', { name: 'Neste side' }));
    expect(within(grid).getAllByRole('article')).toHaveLength(6);
    fireEvent.change(within(grid).getByLabelText('Søk etter navn eller e-post'), { target: { value: 'ELEV@' } });
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(1));
  });

  it('deactivates after confirmation, changes a role, and shows a 409 refusal as a toast', async () => {
    serve({
      ...contentRoutes,
      'GET /api/admin/statistics': () => Response.json(stats),
      'GET /api/admin/users': () => Response.json([person(1), person(2, { id: me('superuser').id })]),
      'PUT /api/admin/users/u1/status': () => Response.json(person(1, { isActive: false })),
      'PUT /api/admin/users/u1/role': () =>
        Response.json({ error: 'Den siste superbrukeren kan ikke miste rollen.', errorType: 'last_superuser' }, { status: 409 }),
    });
    renderView('superuser');
    selectTab('Statistikk');
    const card = await screen.findByRole('article', { name: 'Fornavn1 Etternavn1' });
    // No actions on one's own card.
    expect(within(screen.getByRole('article', { name: 'Fornavn2 Etternavn2' })).queryByRole('button')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Deaktiver Fornavn1 Etternavn1' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deaktivere Fornavn1 Etternavn1?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deaktiver' }));
    await waitFor(() => expect(toastText()).toBe('Bruker deaktivert'));
    expect(bodyOf('PUT /api/admin/users/u1/status')).toEqual({ isActive: false });
    fireEvent.change(within(card).getByLabelText('Rolle for Fornavn1 Etternavn1'), { target: { value: 'admin' } });
    await waitFor(() => expect(toastText()).toBe('Feil / Den siste superbrukeren kan ikke miste rollen.'));
    expect(bodyOf('PUT /api/admin/users/u1/role')).toEqual({ role: 'admin' });
  });
});

describe('statistics freshness', () => {
  it('says when the figures were computed and fetches figures computed now on request', async () => {
    const fresh = { ...stats, computedAt: '2026-11-23T10:17:00.000Z', totalUsers: 9, activeUsers: 8 };
    serve({
      ...contentRoutes,
      'GET /api/admin/statistics': () => Response.json(stats),
      'GET /api/admin/statistics?fresh=1': () => Response.json(fresh),
      'GET /api/admin/users': () => Response.json([person(1)]),
    });
    renderView('superuser');
    selectTab('Statistikk');
    // 10:15 UTC is 11:15 in Oslo in November.
    expect((await screen.findByText(/Tallene er fra kl\./)).textContent).toBe('Tallene er fra kl. 11:15');
    fireEvent.click(screen.getByRole('button', { name: 'Oppdater tall' }));
    await waitFor(() => expect(screen.getByText(/Tallene er fra kl\./).textContent).toBe('Tallene er fra kl. 11:17'));
    expect(screen.getByRole('region', { name: 'Brukere totalt' }).textContent).toContain('8 aktive, 1 inaktive');
    expect(calls('GET /api/admin/statistics?fresh=1')).toHaveLength(1);
  });

  it('keeps the figures and shows a toast when computing them now fails', async () => {
    serve({
      ...contentRoutes,
      'GET /api/admin/statistics': () => Response.json(stats),
      'GET /api/admin/statistics?fresh=1': () => Response.json({ error: 'Databasen svarer ikke' }, { status: 503 }),
      'GET /api/admin/users': () => Response.json([person(1)]),
    });
    renderView('superuser');
    selectTab('Statistikk');
    fireEvent.click(await screen.findByRole('button', { name: 'Oppdater tall' }));
    await waitFor(() => expect(toastText()).toBe('Feil / Kunne ikke oppdatere statistikken.'));
    expect(screen.getByText(/Tallene er fra kl\./).textContent).toBe('Tallene er fra kl. 11:15');
    expect(screen.getByRole('button', { name: 'Oppdater tall' })).toBeTruthy();
  });
});

describe("'Siste endringer' (superuser)", () => {
  const ADA = { id: 'a1', name: 'Ada Admin', email: 'admin@demo.no' };
  const change = (i: number, extra: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
    id: `e${i}`,
    source: 'content',
    action: 'course.rename',
    createdAt: '2026-11-23T09:05:00Z',
    actor: ADA,
    target: { type: 'course', id: 'grunnleggende-ki', label: 'KI Grunnkurs', course: null },
    before: { title: `Gammelt navn ${i}` },
    after: { title: `Nytt navn ${i}` },
    ...extra,
  });
  const first: AdminAuditPage = {
    entries: [
      change(1),
      change(2, {
        action: 'lesson.update',
        target: { type: 'lesson', id: 'l1', label: 'Hva er KI?', course: 'KI Grunnkurs' },
        before: { 'content.html': `<p>${'Lang tekst '.repeat(20)}</p>` },
        after: { 'content.html': '<p>Kort</p>' },
      }),
      change(3, {
        source: 'user',
        action: 'user.role_changed',
        actor: { id: 's1', name: 'Sara Super', email: 'superbruker@demo.no' },
        target: { type: 'user', id: 'u1', label: 'Emma Larsen', course: null },
        before: { role: 'individual' },
        after: { role: 'admin' },
      }),
    ],
    nextCursor: 'c1',
  };
  const second: AdminAuditPage = {
    entries: [
      change(4, {
        action: 'video.delete',
        target: { type: 'video', id: 'v9', label: 'Gammel video', course: null },
        before: { title: 'Gammel video', url: '/media/gammel.mp4' },
        after: null,
      }),
    ],
    nextCursor: null,
  };
  const dashboard = (audit: Handler) =>
    serve({
      ...contentRoutes,
      'GET /api/admin/statistics': () => Response.json(stats),
      'GET /api/admin/users': () => Response.json([person(1)]),
      'GET /api/admin/audit?limit=10': audit,
      'GET /api/admin/audit?limit=10&cursor=c1': () => Response.json(second),
    });
  const section = () => screen.findByRole('region', { name: 'Siste endringer' });

  it('lists who did what to which row, when, and what changed, newest first; Vis flere adds the next page', async () => {
    dashboard(() => Response.json(first));
    renderView('superuser');
    selectTab('Statistikk');
    const region = await section();
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    const [rename, lesson, role] = within(region).getAllByRole('listitem');
    expect(within(rename!).getByRole('heading', { name: 'Endret kursnavn' })).toBeTruthy();
    expect(rename!.textContent).toContain('Kurs «KI Grunnkurs»');
    expect(rename!.textContent).toContain('Ada Admin');
    expect(rename!.textContent).toContain('admin@demo.no');
    expect(within(rename!).getByText('23.11.2026, 10:05').getAttribute('dateTime')).toBe('2026-11-23T09:05:00Z');
    expect(rename!.textContent).toContain('Tittel:Gammelt navn 1 → Nytt navn 1');

    expect(within(lesson!).getByRole('heading', { name: 'Endret leksjon' })).toBeTruthy();
    expect(lesson!.textContent).toContain('Leksjon «Hva er KI?» i «KI Grunnkurs»');
    // A long value is clipped.
    expect(lesson!.textContent).toMatch(/HTML:<p>Lang tekst (Lang tekst ){5,}[^→]*… → <p>Kort<\/p>/);
    expect(lesson!.textContent).not.toContain('Lang tekst '.repeat(9));

    expect(within(role!).getByRole('heading', { name: 'Endret rolle' })).toBeTruthy();
    expect(role!.textContent).toContain('Bruker «Emma Larsen»');
    expect(role!.textContent).toContain('Individuell → Administrator');
    expect(role!.textContent).toContain('Sara Super');

    fireEvent.click(within(region).getByRole('button', { name: 'Vis flere' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(4));
    const deleted = within(region).getAllByRole('listitem')[3]!;
    expect(within(deleted).getByRole('heading', { name: 'Slettet video' })).toBeTruthy();
    expect(deleted.textContent).toContain('Video «Gammel video»');
    expect(deleted.textContent).toContain('/media/gammel.mp4');
    expect(within(region).queryByRole('button', { name: 'Vis flere' })).toBeNull();
    expect(calls('GET /api/admin/audit?limit=10&cursor=c1')).toHaveLength(1);
  });

  it("says 'Laster endringer...', then 'Ingen endringer ennå.' when there are none", async () => {
    let answer: (response: Response) => void = () => {};
    dashboard(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderView('superuser');
    selectTab('Statistikk');
    const region = await section();
    expect(within(region).getByText('Laster endringer...')).toBeTruthy();
    answer(Response.json({ entries: [], nextCursor: null }));
    expect(await within(region).findByText('Ingen endringer ennå.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Vis flere' })).toBeNull();
  });

  it("says 'Kunne ikke hente endringene.' with 'Prøv igjen' when the read fails", async () => {
    let fail = true;
    dashboard(() => (fail ? Response.json({ error: 'Noe gikk galt' }, { status: 500 }) : Response.json(first)));
    renderView('superuser');
    selectTab('Statistikk');
    const region = await section();
    expect((await within(region).findByRole('alert')).textContent).toContain('Kunne ikke hente endringene.');
    fail = false;
    fireEvent.click(within(region).getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
  });

  it('is not asked for by an admin (no Dashboard tab)', async () => {
    dashboard(() => Response.json(first));
    renderView('admin');
    expect(await screen.findByText('3 studenter')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Siste endringer' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/admin/audit'))).toBe(false);
  });
});

describe('user helpers', () => {
  it("formats dates in nb-NO or 'Ukjent', and searches name and e-mail", () => {
    expect(formatCreated('2026-03-05T12:00:00Z')).toBe('5.3.2026');
    expect(formatCreated(null)).toBe('Ukjent');
    expect(formatCreated('ikke en dato')).toBe('Ukjent');
    const list = [person(1, { firstName: 'Åse', lastName: 'Ødegård' }), person(2)];
    expect(filterUsers(list, 'åse ød').map((u) => u.id)).toEqual(['u1']);
    expect(filterUsers(list, 'BRUKER2').map((u) => u.id)).toEqual(['u2']);
    expect(filterUsers(list, ' ')).toHaveLength(2);
  });
});

describe('the admin header (issue 29, point 9)', () => {
  it("shows the user's name, 'Til nettsiden' and 'Logg ut' in plain sight", () => {
    serve(contentRoutes);
    renderView();
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Ada Admin');
    const nav = within(header).getByRole('navigation', { name: 'Brukermeny' });
    expect(within(nav).getByRole('link', { name: 'Til nettsiden' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Logg ut' }).getAttribute('href')).toBe('/api/logout');
  });
});

describe('publishing the public pages (issue 29, point 8)', () => {
  const at = '2026-11-23T10:15:00.000Z';
  const status = () => screen.getByRole('status', { name: 'Publisering av nettsiden' });

  it('says which fields the public pages show, and after a rename without a build hook that they change with the next publishing', async () => {
    serve({
      ...contentRoutes,
      'PUT /api/admin/courses/grunnleggende-ki/name': () =>
        Response.json({ id: 'grunnleggende-ki', title: 'KI Start', publishing: { status: 'skipped', at } }),
    });
    renderView();
    await waitFor(() => expect(calls('GET /api/admin/publishing')).toHaveLength(1));
    // Nothing to say before an edit.
    expect(status().textContent).toBe('');
    fireEvent.click(await screen.findByRole('button', { name: 'Endre navn på «KI Grunnkurs»' }));
    const input = await screen.findByLabelText('Nytt navn på «KI Grunnkurs»');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Vises på nettsiden etter neste publisering');
    fireEvent.change(input, { target: { value: 'KI Start' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() =>
      expect(status().textContent).toBe(
        'Endringen er lagret og vises i kursene med en gang. Automatisk publisering er ikke satt opp, så de offentlige sidene viser den etter neste publisering.',
      ),
    );
    expect(within(status()).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Se kurssiden til «KI Grunnkurs»' }).getAttribute('href')).toBe('/grunnleggende-ki');
  });

  it("shows a failed request with 'Prøv igjen', which asks again and shows the new request with its time", async () => {
    serve({
      ...contentRoutes,
      'GET /api/admin/publishing': () => Response.json({ hookConfigured: true, last: null } satisfies PublishingState),
      'PUT /api/admin/modules/m1/name': () =>
        Response.json({ id: 'm1', courseId: 'grunnleggende-ki', title: 'Start', publishing: { status: 'failed', at } }),
      'POST /api/admin/publishing': () => Response.json({ status: 'requested', at: '2026-11-23T10:20:00.000Z' }),
    });
    renderView();
    await openModules();
    fireEvent.click(screen.getByRole('button', { name: 'Endre navn på modulen «Introduksjon»' }));
    const input = await screen.findByLabelText('Nytt navn på modulen «Introduksjon»');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Vises på nettsiden etter neste publisering');
    fireEvent.change(input, { target: { value: 'Start' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    const retry = await within(status()).findByRole('button', { name: 'Prøv igjen' });
    expect(status().textContent).toMatch(
      /^Kunne ikke be om ny publisering av nettsiden (23\.11\.2026 )?kl\. 11:15\. Endringen er lagret, men de offentlige sidene viser den ikke før nettsiden er publisert på nytt\.Prøv igjen$/,
    );
    fireEvent.click(retry);
    await waitFor(() => expect(toastText()).toBe('Ny publisering bestilt'));
    expect(calls('POST /api/admin/publishing')).toHaveLength(1);
    expect(status().textContent).toMatch(
      /^Ny publisering av nettsiden ble bestilt (23\.11\.2026 )?kl\. 11:20\. De offentlige sidene er oppdatert om noen minutter\.$/,
    );
    expect(within(status()).queryByRole('button')).toBeNull();
  });

  it('shows on arrival a last request that failed, so it is not lost on reload, but not an old one that went through', async () => {
    serve({ ...contentRoutes, 'GET /api/admin/publishing': () => Response.json({ hookConfigured: true, last: { status: 'failed', at } }) });
    renderView();
    expect(await within(status()).findByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
    cleanup();
    serve({ ...contentRoutes, 'GET /api/admin/publishing': () => Response.json({ hookConfigured: true, last: { status: 'requested', at } }) });
    renderView();
    await waitFor(() => expect(calls('GET /api/admin/publishing')).toHaveLength(2));
    expect(await screen.findByRole('heading', { name: 'KI Grunnkurs' })).toBeTruthy();
    expect(status().textContent).toBe('');
  });
});

describe("'Leksjoner' (issue 29, point 9)", () => {
  const listed: AdminLessonListItem[] = [
    {
      id: 'l1',
      title: 'Hva er KI?',
      contentType: 'html',
      orderIndex: 1,
      isPreview: true,
      module: { id: 'm1', title: 'Introduksjon', orderIndex: 1 },
      course: { id: 'grunnleggende-ki', title: 'KI Grunnkurs' },
    },
    {
      id: 'l2',
      title: 'Første video',
      contentType: 'video',
      orderIndex: 2,
      isPreview: false,
      module: { id: 'm1', title: 'Introduksjon', orderIndex: 1 },
      course: { id: 'grunnleggende-ki', title: 'KI Grunnkurs' },
    },
  ];

  it('lists lessons across courses, filters by course and type, and opens the lesson’s editor', async () => {
    serve({
      ...contentRoutes,
      'GET /api/admin/lessons': () => Response.json(listed),
      'GET /api/admin/lessons?courseId=grunnleggende-ki': () => Response.json(listed),
      'GET /api/admin/lessons?courseId=grunnleggende-ki&type=video': () => Response.json(listed.slice(1)),
      'GET /api/admin/lessons?courseId=ki-for-kontoret&type=video': () => Response.json([]),
      'PUT /api/admin/lessons/l1/content': () => Response.json({ id: 'l1' }),
    });
    renderView();
    selectTab('Leksjoner');
    expect(await screen.findByText('Laster leksjoner...')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Leksjoner' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 leksjoner')).toBeTruthy();
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Hva er KI?');
    expect(first.textContent).toContain('HTML');
    expect(first.textContent).toContain('Forhåndsvisning');
    expect(first.textContent).toContain('KI Grunnkurs · Introduksjon');

    // The course filter offers every course; the type filter the four types.
    const course = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Kurs' });
    await waitFor(() =>
      expect(
        within(course)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Alle kurs', 'KI Grunnkurs', 'KI for Kontoret']),
    );
    const type = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle typer', 'Tekst', 'HTML', 'Video', 'Oppgave']);
    fireEvent.change(course, { target: { value: 'grunnleggende-ki' } });
    fireEvent.change(type, { target: { value: 'video' } });
    await waitFor(() => expect(screen.getByText('1 leksjon')).toBeTruthy());
    expect(calls('GET /api/admin/lessons?courseId=grunnleggende-ki&type=video')).toHaveLength(1);
    fireEvent.change(course, { target: { value: 'ki-for-kontoret' } });
    expect(await screen.findByText('Ingen leksjoner passer filteret.')).toBeTruthy();
    fireEvent.change(course, { target: { value: 'grunnleggende-ki' } });
    fireEvent.change(type, { target: { value: '' } });
    await waitFor(() => expect(screen.getByText('2 leksjoner')).toBeTruthy());

    // 'Rediger' opens the editor the Moduler tab has, for the lesson's course.
    fireEvent.click(screen.getByRole('button', { name: 'Rediger leksjonen «Hva er KI?»' }));
    // The lesson's course is read first ('Laster leksjonen...'), then the editor replaces it.
    expect(await screen.findByText('Type: HTML')).toBeTruthy();
    const dialog = screen.getByRole('dialog', { name: 'Rediger leksjon: Hva er KI?' });
    fireEvent.change(within(dialog).getByLabelText('HTML-innhold'), { target: { value: '<p>Ny</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oppdater leksjon' }));
    await waitFor(() => expect(toastText()).toBe('Leksjon oppdatert'));
    expect(bodyOf('PUT /api/admin/lessons/l1/content')).toEqual({ content: { html: '<p>Ny</p>' }, videoUrl: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again after the edit.
    await waitFor(() => expect(calls('GET /api/admin/lessons?courseId=grunnleggende-ki').length).toBeGreaterThanOrEqual(2));
  });
});

describe('the assistant usage chart (issue 29, point 9)', () => {
  it('plots questions answered offline, and says nothing of tokens when no model was used', async () => {
    const offline: AdminStatistics = {
      ...stats,
      assistant: {
        month: { questions: 3, offlineAnswers: 3, modelAnswers: 0, tokens: 0 },
        daily: Array.from({ length: 30 }, (_, i) => ({
          date: `2026-11-${String(i + 1).padStart(2, '0')}`,
          questions: i === 29 ? 3 : 0,
          offlineAnswers: i === 29 ? 3 : 0,
          modelAnswers: 0,
          tokens: 0,
        })),
        topUsers: [{ userId: 'u4', name: 'Emma Larsen', email: 'elev@demo.no', questions: 3, tokens: 0 }],
      },
    };
    serve({ ...contentRoutes, 'GET /api/admin/statistics': () => Response.json(offline), 'GET /api/admin/users': () => Response.json([]) });
    renderView('superuser');
    selectTab('Statistikk');
    const card = await screen.findByRole('region', { name: 'KI-assistentens bruk' });
    expect(within(card).getByText('Denne måneden: 3 spørsmål, alle besvart offline')).toBeTruthy();
    const chart = within(card).getByRole('img', { name: 'Spørsmål per dag, siste 30 dager: flest 3 på én dag' });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars).toHaveLength(1);
    expect(Number(bars[0]!.getAttribute('height'))).toBeGreaterThan(0);
    expect(bars[0]!.getAttribute('data-date')).toBe('2026-11-30');
    expect(card.textContent).not.toMatch(/token/i);
    expect(within(card).getByText('3 spørsmål')).toBeTruthy();
  });
});
