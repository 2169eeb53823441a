import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, resetAfterEach } from '../../testing/render';
import { VideoLesson } from './VideoLesson';
import type { PlayerLesson } from '../../schemas/player';
import type { VideoHandle } from './VideoPlayer';

// The notes editor's chunk cannot be fetched (an old deploy's file, a dropped connection).
vi.mock('./VideoNotes', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

resetAfterEach();

const content = { videoUrl: '/media/demo-leksjon.mp4', durationSeconds: 28 };
const lesson: PlayerLesson = {
  id: 'l1',
  title: 'Intro',
  description: null,
  orderIndex: 1,
  contentType: 'video',
  estimatedMinutes: 1,
  content,
  completed: false,
  watch: null,
  locked: false,
  preview: false,
};

describe('VideoLesson', () => {
  it('says so, with Prøv igjen, when the notes editor cannot be loaded; the video still plays', async () => {
    renderInApp(
      <VideoLesson
        lesson={lesson}
        content={content}
        courseId="kurs"
        userId="u1"
        watched={false}
        onWatched={() => {}}
        handleRef={createRef<VideoHandle>()}
      />,
    );
    // First the placeholder, then (the browser idle, the chunk refused) the message.
    expect(screen.getByText('Laster notater...')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Kunne ikke laste notatene.');
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spill av video' })).toBeTruthy();
  });
});
