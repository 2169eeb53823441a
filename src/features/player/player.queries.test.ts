import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseWithContent } from '../../schemas/player';
import type { BrowserEffects } from '../../lib/session-expired';
import { beaconWatchPosition, completeLessonMutation, courseProgressQuery, courseWithContentQuery, deleteNoteMutation } from './player.queries';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', fetchMock);
});

function effects() {
  return { toast: vi.fn(), navigate: vi.fn(), later: (fn: () => void) => fn() } satisfies BrowserEffects;
}

const course: CourseWithContent = {
  course: { id: 'kurs', title: 'Kurs', description: '', level: 'Nybegynner' },
  enrolled: true,
  access: 'grant',
  purchasePath: '/kurs',
  modules: [
    {
      module: { id: 'm', title: 'Modul', orderIndex: 1 },
      lessons: [
        {
          id: 'l1',
          title: 'L1',
          description: null,
          orderIndex: 1,
          contentType: 'text',
          estimatedMinutes: 1,
          content: { text: 'x' },
          completed: false,
          watch: null,
          locked: false,
          preview: false,
        },
      ],
    },
  ],
};

async function run<T>(client: QueryClient, options: object, variables: T) {
  const observer = new MutationObserver(client, options as never);
  return observer.mutate(variables as never).catch(() => undefined);
}

describe('completeLessonMutation', () => {
  it('posts {completed: true} and puts the answer in the cache', async () => {
    const client = new QueryClient();
    client.setQueryData(courseWithContentQuery('kurs').queryKey, course);
    fetchMock.mockResolvedValue(
      Response.json({ lessonId: 'l1', completed: true, courseProgress: { completed: 1, total: 1, percentage: 100 }, courseCompleted: true }),
    );
    await run(client, completeLessonMutation(client, 'kurs', effects()), 'l1');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/lessons/l1/progress');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ completed: true });
    expect(client.getQueryData(courseProgressQuery('kurs').queryKey)).toEqual({ completed: 1, total: 1, percentage: 100 });
    expect(client.getQueryData(courseWithContentQuery('kurs').queryKey)?.modules[0]?.lessons[0]?.completed).toBe(true);
  });

  it("says 'Video ikke fullført' when the server has not seen the video played", async () => {
    const client = new QueryClient();
    const fx = effects();
    fetchMock.mockResolvedValue(Response.json({ error: 'Se videoen først', errorType: 'video_not_watched' }, { status: 409 }));
    await run(client, completeLessonMutation(client, 'kurs', fx), 'l1');
    expect(fx.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Video ikke fullført', description: 'Du må se hele videoen før du kan gå videre' }),
    );
  });

  it("says 'Feil' / 'Kunne ikke oppdatere fremdrift' otherwise, and signs in again on 401", async () => {
    const client = new QueryClient();
    const fx = effects();
    fetchMock.mockResolvedValueOnce(new Response('feil', { status: 500 }));
    await run(client, completeLessonMutation(client, 'kurs', fx), 'l1');
    expect(fx.toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Feil', description: 'Kunne ikke oppdatere fremdrift' }));
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Unauthorized' }, { status: 401 }));
    await run(client, completeLessonMutation(client, 'kurs', fx), 'l1');
    expect(fx.toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Ikke innlogget' }));
    expect(fx.navigate).toHaveBeenCalledWith('/api/login');
  });
});

describe('deleteNoteMutation', () => {
  it("deletes, says 'Notat slettet!' and reads the notes again", async () => {
    const client = new QueryClient();
    const fx = effects();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await run(client, deleteNoteMutation(client, 'l1', fx), 'n1');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/video-notes/n1');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(fx.toast).toHaveBeenCalledWith({ title: 'Notat slettet!' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/lessons', 'l1', 'video-notes'] });
  });
});

describe('beaconWatchPosition', () => {
  it('sends a JSON Blob with sendBeacon', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    beaconWatchPosition('l1', 12.345);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/lessons/l1/watch-position');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({ positionSeconds: 12.3 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch', () => {
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    beaconWatchPosition('l1', 3);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/lessons/l1/watch-position',
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"positionSeconds":3}' }),
    );
  });
});
