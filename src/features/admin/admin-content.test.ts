import { describe, expect, it } from 'vitest';
import { durationBody, editableContent, lessonContentBody, videoFields, videoUrlBody } from './admin-content';

describe('lessonContentBody (spec section 5)', () => {
  it('stores html as the html field and text as the text field', () => {
    expect(lessonContentBody('html', '<p>Hei</p>')).toEqual({ html: '<p>Hei</p>' });
    expect(lessonContentBody('text', '{"not":"parsed"}')).toEqual({ text: '{"not":"parsed"}' });
  });

  it('parses other types as JSON and falls back to the text field', () => {
    expect(lessonContentBody('video', '{"description":"Om videoen"}')).toEqual({ description: 'Om videoen' });
    expect(lessonContentBody('video', 'Om videoen')).toEqual({ text: 'Om videoen' });
    expect(lessonContentBody('video', '')).toEqual({ text: '' });
    // JSON that is not an object is plain text too.
    expect(lessonContentBody('task', '[1,2]')).toEqual({ text: '[1,2]' });
    expect(lessonContentBody('task', '42')).toEqual({ text: '42' });
  });
});

describe('videoUrlBody', () => {
  it('sends an empty URL as null and trims the rest', () => {
    expect(videoUrlBody('')).toBeNull();
    expect(videoUrlBody('   ')).toBeNull();
    expect(videoUrlBody(' /media/demo-leksjon.mp4 ')).toBe('/media/demo-leksjon.mp4');
  });
});

describe('durationBody', () => {
  it('reads whole positive seconds', () => {
    expect(durationBody('')).toBeUndefined();
    expect(durationBody('27.8')).toBe(28);
    expect(durationBody('0')).toBeUndefined();
    expect(durationBody('abc')).toBeUndefined();
  });
});

describe('editableContent', () => {
  it('shows the stored html, text, video description or JSON', () => {
    expect(editableContent('html', { html: '<p>x</p>' })).toBe('<p>x</p>');
    expect(editableContent('text', { text: 'Hei' })).toBe('Hei');
    expect(editableContent('video', { videoUrl: '/v.mp4', durationSeconds: 3, description: 'Om' })).toBe('Om');
    expect(JSON.parse(editableContent('video', { videoUrl: '/v.mp4', durationSeconds: 3, captionsUrl: '/v.vtt' }))).toEqual({
      description: '',
      captionsUrl: '/v.vtt',
    });
    expect(JSON.parse(editableContent('task', { instructions: 'Gjør' }))).toEqual({ instructions: 'Gjør' });
  });

  it('round-trips through the storage rule', () => {
    const video = { videoUrl: '/v.mp4', durationSeconds: 3, description: 'Om', captionsUrl: '/v.vtt' };
    expect(lessonContentBody('video', editableContent('video', video))).toEqual({ description: 'Om', captionsUrl: '/v.vtt' });
    expect(lessonContentBody('video', editableContent('video', { ...video, captionsUrl: undefined }))).toEqual({ text: 'Om' });
    expect(videoFields(video)).toEqual({ videoUrl: '/v.mp4', durationSeconds: 3 });
    expect(videoFields(null)).toEqual({ videoUrl: '', durationSeconds: undefined });
  });
});
