import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { resetAfterEach } from '../../testing/render';
import { playbackRateKey } from './player-watch';
import { type VideoHandle, VideoPlayer } from './VideoPlayer';

resetAfterEach(() => localStorage.clear());

const content = { videoUrl: '/media/demo-leksjon.mp4', captionsUrl: '/media/demo-leksjon.vtt', durationSeconds: 28 };

function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const handle = createRef<VideoHandle>();
  render(<VideoPlayer lessonId="l1" title="Intro" content={content} userId="u1" watch={null} handleRef={handle} onWatched={() => {}} {...props} />);
  return handle;
}

describe('VideoPlayer', () => {
  it('starts with the overlay play button, captions on, and the learner’s remembered speed', () => {
    localStorage.setItem(playbackRateKey('u1'), '1.5');
    renderPlayer();
    expect(screen.getByRole('button', { name: 'Spill av video' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Teksting' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Hastighet' }) as HTMLSelectElement).value).toBe('1.5');
    expect(screen.getByRole('slider', { name: 'Posisjon i videoen' }).getAttribute('max')).toBe('100');
    expect(screen.getByText('00:00 / 00:28')).toBeTruthy();
    expect(document.querySelector('track')?.getAttribute('kind')).toBe('captions');
  });

  it('has no captions button when the lesson has no captions', () => {
    renderPlayer({ content: { videoUrl: '/media/demo-leksjon.mp4', durationSeconds: 28 } });
    expect(screen.queryByRole('button', { name: 'Teksting' })).toBeNull();
  });

  it('keys: > and < step the speed and remember it, C toggles captions; typing in a field is left alone', () => {
    renderPlayer();
    const group = screen.getByRole('group', { name: 'Videospiller: Intro' });
    const speed = screen.getByRole('combobox', { name: 'Hastighet' }) as HTMLSelectElement;
    const pause = screen.getByRole('button', { name: 'Spill av' });
    fireEvent.keyDown(pause, { key: '>' });
    expect(speed.value).toBe('1.25');
    expect(localStorage.getItem(playbackRateKey('u1'))).toBe('1.25');
    fireEvent.keyDown(pause, { key: '<' });
    fireEvent.keyDown(pause, { key: '<' });
    expect(speed.value).toBe('0.75');
    fireEvent.keyDown(group, { key: 'c' });
    expect(screen.getByRole('button', { name: 'Teksting' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(speed, { key: 'c' });
    expect(screen.getByRole('button', { name: 'Teksting' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('the speed control offers 0.75× to 2×', () => {
    renderPlayer();
    const options = [...(screen.getByRole('combobox', { name: 'Hastighet' }) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['0,75×', '1×', '1,25×', '1,5×', '1,75×', '2×']);
  });

  it('exposes the playhead to the notes', () => {
    const handle = renderPlayer();
    expect(handle.current?.currentTime()).toBe(0);
  });
});
