import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { VideoNote } from '../../schemas/player';
import { bodyOf, calls, refusedAt, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import type { VideoHandle } from './VideoPlayer';
import { VideoNotes } from './VideoNotes';

const LESSON = '00000000-0000-4000-8000-0000000000a1';
const note: VideoNote = {
  id: '00000000-0000-4000-8000-0000000000b1',
  lessonId: LESSON,
  timestamp: 12,
  noteText: 'Husk eksempelet',
  transcription: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const LIST = `GET /api/lessons/${LESSON}/video-notes`;
const CREATE = 'POST /api/video-notes';
const UPDATE = `PUT /api/video-notes/${note.id}`;

function renderNotes() {
  const player = createRef<VideoHandle>();
  (player as { current: Partial<VideoHandle> }).current = { currentTime: () => 42.7, seekAndPlay: () => {} };
  renderInApp(<VideoNotes lessonId={LESSON} player={player} />);
}

resetAfterEach();

describe('the notes on a video', () => {
  it("stamps a new note with the playhead's time and puts the server's message under the field with focus there", async () => {
    serve({ [LIST]: () => Response.json([note]), [CREATE]: refusedAt('noteText', 'Notatet inneholder tegn som ikke er tillatt') });
    renderNotes();
    const field = screen.getByLabelText('Nytt notat');
    const save = screen.getByRole('button', { name: 'Lagre notat' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(field, { target: { value: ' Viktig poeng ' } });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText('Notatet inneholder tegn som ikke er tillatt')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${field.id}-error`)?.textContent).toBe('Notatet inneholder tegn som ikke er tillatt');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect((field as HTMLTextAreaElement).value).toBe(' Viktig poeng ');
    expect(bodyOf(CREATE)).toEqual({ lessonId: LESSON, timestamp: 42, noteText: 'Viktig poeng' });
  });

  it("edits a note in place and puts the server's message under the field with focus there", async () => {
    serve({ [LIST]: () => Response.json([note]), [UPDATE]: refusedAt('noteText', 'Notatet kan ha høyst 5000 tegn') });
    renderNotes();
    const item = (await screen.findByText('Husk eksempelet')).closest('li') as HTMLElement;
    fireEvent.click(within(item).getByRole('button', { name: 'Rediger' }));
    const field = within(item).getByRole('textbox', { name: 'Rediger notat' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect((field as HTMLTextAreaElement).value).toBe('Husk eksempelet');

    fireEvent.change(field, { target: { value: 'Husk eksempelet om prompter' } });
    const save = within(item).getByRole('button', { name: 'Lagre' });
    save.focus();
    fireEvent.click(save);
    expect(await within(item).findByText('Notatet kan ha høyst 5000 tegn')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(bodyOf(UPDATE)).toEqual({ noteText: 'Husk eksempelet om prompter' });
    expect(calls(UPDATE)).toHaveLength(1);
  });
});
