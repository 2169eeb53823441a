import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonType } from '../../db/schema';
import { type LessonContent, lessonContentSchema, lessonTypes } from './lesson-content';
import { setMediaOrigins } from './media';

// The media rule's allowed host for this file (MEDIA_HOSTS; src/schemas/media.test.ts tests the rule).
beforeAll(() => setMediaOrigins(['https://cdn.example.no']));
afterAll(() => setMediaOrigins([]));

const valid: [string, LessonContent][] = [
  [
    'a video on this site with captions',
    {
      type: 'video',
      content: {
        videoUrl: '/media/demo-leksjon.mp4',
        captionsUrl: '/media/demo-leksjon.vtt',
        durationSeconds: 28,
        description: 'Om videoen.\nTo linjer.',
      },
    },
  ],
  [
    'a video on an allowed media host without the optional fields',
    { type: 'video', content: { videoUrl: 'https://cdn.example.no/v/leksjon-1.mp4', durationSeconds: 1 } },
  ],
  ['a task with instructions only', { type: 'task', content: { instructions: 'Skriv tre prompter.' } }],
  [
    'a task with every field',
    {
      type: 'task',
      content: {
        instructions: 'Les og svar.',
        questions: [{ question: 'Hva er KI?', answer: 'Kunstig intelligens.' }],
        tasks: ['Første oppgave'],
        requirements: ['Minst 100 ord'],
        scenarios: ['Du er på kontoret'],
        placeholder: 'Skriv svaret ditt her …',
      },
    },
  ],
  ['a text lesson', { type: 'text', content: { text: 'Første avsnitt.\n\nAndre avsnitt.' } }],
  ['an html lesson', { type: 'html', content: { html: '<p>Hei <strong>verden</strong></p>' } }],
];

const invalid: [string, unknown][] = [
  ['an unknown type', { type: 'quiz', content: { text: 'x' } }],
  ['a video without a URL', { type: 'video', content: { durationSeconds: 28 } }],
  ['a video on a host MEDIA_HOSTS does not list', { type: 'video', content: { videoUrl: 'https://evil.example/v.mp4', durationSeconds: 28 } }],
  [
    'captions on a host MEDIA_HOSTS does not list',
    { type: 'video', content: { videoUrl: '/media/v.mp4', captionsUrl: 'https://evil.example/v.vtt', durationSeconds: 28 } },
  ],
  ['a video on plain http', { type: 'video', content: { videoUrl: 'http://cdn.example.no/v.mp4', durationSeconds: 28 } }],
  ['a javascript: URL', { type: 'video', content: { videoUrl: 'javascript:alert(1)', durationSeconds: 28 } }],
  ['a protocol-relative URL', { type: 'video', content: { videoUrl: '//evil.example/v.mp4', durationSeconds: 28 } }],
  ['a URL with credentials', { type: 'video', content: { videoUrl: 'https://user:pw@cdn.example.no/v.mp4', durationSeconds: 28 } }],
  ['bad captions', { type: 'video', content: { videoUrl: '/media/v.mp4', captionsUrl: 'data:text/vtt,x', durationSeconds: 28 } }],
  ['a video without a length', { type: 'video', content: { videoUrl: '/media/v.mp4' } }],
  ['a zero length', { type: 'video', content: { videoUrl: '/media/v.mp4', durationSeconds: 0 } }],
  ['a fractional length', { type: 'video', content: { videoUrl: '/media/v.mp4', durationSeconds: 27.8 } }],
  ['a video with an unknown field', { type: 'video', content: { videoUrl: '/media/v.mp4', durationSeconds: 28, autoplay: true } }],
  ['the type inside the content', { type: 'text', content: { type: 'text', text: 'x' } }],
  ['an empty task', { type: 'task', content: {} }],
  ['a task question without an answer', { type: 'task', content: { questions: [{ question: 'Hva?' }] } }],
  ['a task with an empty list', { type: 'task', content: { tasks: [] } }],
  ['a task list item with a line break', { type: 'task', content: { tasks: ['to\nlinjer'] } }],
  ['an empty text', { type: 'text', content: { text: '   ' } }],
  ['a text with a NUL byte', { type: 'text', content: { text: 'a\u0000b' } }],
  ['an html lesson with text instead of html', { type: 'html', content: { text: '<p>x</p>' } }],
  ['a text lesson with html content', { type: 'text', content: { html: '<p>x</p>' } }],
  ['content of the wrong type', { type: 'video', content: { text: 'x' } }],
];

describe('lessonContentSchema', () => {
  it.each(valid)('accepts %s', (_, value) => {
    const parsed = lessonContentSchema.safeParse(value);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toEqual(value);
  });

  it.each(invalid)('refuses %s', (_, value) => {
    expect(lessonContentSchema.safeParse(value).success).toBe(false);
  });

  it('trims texts and gives Norwegian messages', () => {
    const parsed = lessonContentSchema.safeParse({ type: 'text', content: { text: '  Hei  ' } });
    expect(parsed.data).toEqual({ type: 'text', content: { text: 'Hei' } });
    const bad = lessonContentSchema.safeParse({ type: 'video', content: { videoUrl: 'ftp://x/v.mp4', durationSeconds: 5 } });
    expect(bad.error?.issues[0]?.message).toBe(
      'Video-URL må være en sti på nettstedet (for eksempel /media/video.mp4) eller en https-adresse hos den godkjente mediaverten https://cdn.example.no',
    );
  });

  it('has exactly the lesson types of the database enum', () => {
    expect([...lessonTypes]).toEqual(lessonType.enumValues);
    expect(lessonContentSchema.options.map((o) => o.shape.type.value)).toEqual(lessonType.enumValues);
  });
});
