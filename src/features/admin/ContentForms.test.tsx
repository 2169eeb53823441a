import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCourse, AdminVideo } from './admin.queries';
import type { CourseWithContent, PlayerLesson } from '../../schemas/player';
import { bodyOf, calls, refusedAt, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import { CourseList } from './CourseList';
import { CreateLessonDialog, EditLessonDialog } from './LessonDialogs';
import { ModuleList } from './ModuleList';
import { VideoLibrary } from './VideoLibrary';

const course: AdminCourse = {
  id: 'grunnleggende-ki',
  title: 'KI Grunnkurs',
  description: 'Start her',
  level: 'Nybegynner',
  orderIndex: 1,
  students: 3,
};
const video: AdminVideo = {
  id: 'v1',
  title: 'Demovideo',
  url: '/media/demo-leksjon.mp4',
  description: null,
  durationSeconds: 28,
  createdAt: '2026-01-01T10:00:00Z',
};
const lesson: PlayerLesson = {
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
};

/** The field holds the message among the texts that describe it, is marked invalid and has focus. */
async function expectRefused(field: HTMLElement, message: string) {
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ');
  expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message);
}

resetAfterEach();

describe("'Ny leksjon'", () => {
  const CREATE = 'POST /api/admin/modules/m1/lessons';

  it('puts a refused video URL under Video-URL with focus there', async () => {
    serve({ 'GET /api/admin/videos': () => Response.json([video]), [CREATE]: refusedAt('videoUrl', 'Video-URL må fylles ut for en videoleksjon') });
    renderInApp(<CreateLessonDialog courseId="grunnleggende-ki" moduleId="m1" moduleTitle="Introduksjon" />);
    fireEvent.click(screen.getByRole('button', { name: 'Ny leksjon i «Introduksjon»' }));
    const dialog = screen.getByRole('dialog', { name: 'Opprett ny leksjon' });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'video' } });
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Video' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opprett leksjon' }));
    await expectRefused(within(dialog).getByLabelText('Video-URL'), 'Video-URL må fylles ut for en videoleksjon');
    expect(bodyOf(CREATE)).toEqual({ title: 'Video', lessonType: 'video', content: { text: '' }, videoUrl: null, orderIndex: 0 });
  });

  it("refuses a length that is not a positive number in the schema's words, asking nothing", async () => {
    serve({ 'GET /api/admin/videos': () => Response.json([]) });
    renderInApp(<CreateLessonDialog courseId="grunnleggende-ki" moduleId="m1" moduleTitle="Introduksjon" />);
    fireEvent.click(screen.getByRole('button', { name: 'Ny leksjon i «Introduksjon»' }));
    const dialog = screen.getByRole('dialog', { name: 'Opprett ny leksjon' });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'video' } });
    fireEvent.change(within(dialog).getByLabelText('Tittel'), { target: { value: 'Video' } });
    fireEvent.change(within(dialog).getByLabelText('Varighet (sekunder)'), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opprett leksjon' }));
    await expectRefused(within(dialog).getByLabelText('Varighet (sekunder)'), 'Varigheten må være et positivt antall sekunder (høyst 24 timer)');
    expect(calls(CREATE)).toHaveLength(0);
  });
});

describe("'Rediger leksjon'", () => {
  it('puts a refused HTML content under HTML-innhold with focus there', async () => {
    const UPDATE = 'PUT /api/admin/lessons/l1/content';
    serve({ 'GET /api/admin/videos': () => Response.json([]), [UPDATE]: refusedAt('content.html', 'Innhold (HTML) mangler') });
    renderInApp(<EditLessonDialog courseId="grunnleggende-ki" lesson={lesson} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rediger leksjonen «Hva er KI?»' }));
    const dialog = screen.getByRole('dialog', { name: 'Rediger leksjon: Hva er KI?' });
    const html = within(dialog).getByLabelText('HTML-innhold');
    fireEvent.change(html, { target: { value: '<p></p>' } });
    fireEvent.click(within(dialog).getByLabelText(/^Forhåndsvisning/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oppdater leksjon' }));
    await expectRefused(html, 'Innhold (HTML) mangler');
    expect(bodyOf(UPDATE)).toEqual({ content: { html: '<p></p>' }, videoUrl: null, isPreview: true });
    expect(screen.getByRole('dialog', { name: 'Rediger leksjon: Hva er KI?' })).toBeTruthy();
  });
});

describe("'Registrer video'", () => {
  it('puts a refused URL under Video-URL with focus there, and keeps what was typed', async () => {
    const REGISTER = 'POST /api/admin/videos';
    const message = 'URL kan ikke hentes fra cdn.example.no. Den må være en sti på nettstedet, for eksempel /media/video.mp4';
    serve({ 'GET /api/admin/videos': () => Response.json([]), [REGISTER]: refusedAt('url', message) });
    renderInApp(<VideoLibrary />);
    fireEvent.change(screen.getByLabelText('Videotittel'), { target: { value: 'Intro' } });
    const url = screen.getByLabelText('Video-URL');
    fireEvent.change(url, { target: { value: 'https://cdn.example.no/v.mp4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrer video' }));
    await expectRefused(url, message);
    expect(bodyOf(REGISTER)).toEqual({ title: 'Intro', url: 'https://cdn.example.no/v.mp4' });
    expect(screen.getByLabelText<HTMLInputElement>('Videotittel').value).toBe('Intro');
  });
});

describe("'Endre navn'", () => {
  it("refuses markup in the schema's words, puts the server's refusal under the input with focus back in it", async () => {
    const RENAME = 'PUT /api/admin/courses/grunnleggende-ki/name';
    serve({
      'GET /api/admin/courses': () => Response.json([course]),
      [RENAME]: refusedAt('name', 'Navnet kan ha høyst 400 tegn'),
    });
    renderInApp(<CourseList selectedId={null} onSelect={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Endre navn på «KI Grunnkurs»' }));
    const input = await screen.findByLabelText('Nytt navn på «KI Grunnkurs»');
    await waitFor(() => expect(document.activeElement).toBe(input));

    fireEvent.change(input, { target: { value: 'KI <b>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await expectRefused(input, 'Navn kan ikke inneholde tegnene < og >');
    expect(calls(RENAME)).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'KI Start' } });
    const save = screen.getByRole('button', { name: 'Lagre' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(calls(RENAME)).toHaveLength(1));
    await expectRefused(input, 'Navnet kan ha høyst 400 tegn');
    expect(bodyOf(RENAME)).toEqual({ name: 'KI Start' });
  });

  it("puts a refused module name under the module's input with focus back in it", async () => {
    const content: CourseWithContent = {
      course: { id: 'grunnleggende-ki', title: 'KI Grunnkurs', description: 'Start her', level: 'Nybegynner' },
      enrolled: false,
      access: null,
      purchasePath: '/kurs',
      modules: [{ module: { id: 'm1', title: 'Introduksjon', orderIndex: 1 }, lessons: [lesson] }],
    };
    const RENAME = 'PUT /api/admin/modules/m1/name';
    serve({
      'GET /api/courses/grunnleggende-ki/with-content': () => Response.json(content),
      [RENAME]: refusedAt('name', 'Navnet kan ha høyst 400 tegn'),
    });
    renderInApp(<ModuleList courseId="grunnleggende-ki" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Endre navn på modulen «Introduksjon»' }));
    const input = await screen.findByLabelText('Nytt navn på modulen «Introduksjon»');
    fireEvent.change(input, { target: { value: 'Start' } });
    const save = screen.getByRole('button', { name: 'Lagre' });
    save.focus();
    fireEvent.click(save);
    await expectRefused(input, 'Navnet kan ha høyst 400 tegn');
    expect(bodyOf(RENAME)).toEqual({ name: 'Start' });
  });
});
