import { afterEach, describe, expect, it } from 'vitest';
import { mediaCspDirectives } from '../server/auth/app-page';
import { isMediaUrl, judgeMediaUrl, lessonImageMessage, mediaOrigins, mediaUrlMessage, parseMediaOrigin, setMediaOrigins } from './media';

afterEach(() => setMediaOrigins([]));

describe('parseMediaOrigin (one MEDIA_HOSTS entry)', () => {
  it.each([
    ['https://media.example.no', 'https://media.example.no'],
    ['https://media.example.no/', 'https://media.example.no'],
    ['https://CDN.Example.no:8443', 'https://cdn.example.no:8443'],
    ['https://cdn.example.no:443', 'https://cdn.example.no'],
  ])('%s → %s', (entry, origin) => {
    expect(parseMediaOrigin(entry)).toEqual({ origin });
  });

  it.each([
    ['media.example.no', '"media.example.no" is not a URL'],
    ['http://media.example.no', '"http://media.example.no" must use https'],
    ['https://u:p@media.example.no', '"https://u:p@media.example.no" must not hold a user name or password'],
    ['https://media.example.no/videoer', '"https://media.example.no/videoer" must be an origin only, such as https://media.example.no'],
    ['https://media.example.no?x=1', '"https://media.example.no?x=1" must be an origin only, such as https://media.example.no'],
  ])('refuses %s', (entry, error) => {
    expect(parseMediaOrigin(entry)).toEqual({ error });
  });
});

describe('the media rule', () => {
  it('without media hosts accepts only paths on the site', () => {
    expect(mediaOrigins()).toEqual([]);
    expect(judgeMediaUrl('/media/v.mp4')).toBe('site');
    expect(judgeMediaUrl('https://cdn.example.no/v.mp4')).toBe('host');
    expect(isMediaUrl('https://cdn.example.no/v.mp4')).toBe(false);
  });

  it('accepts https on an allowed origin only (scheme, host and port)', () => {
    setMediaOrigins(['https://cdn.example.no', 'https://media.example.no:8443']);
    expect(isMediaUrl('https://cdn.example.no/v/leksjon-1.mp4')).toBe(true);
    expect(isMediaUrl('https://media.example.no:8443/a.vtt')).toBe(true);
    expect(judgeMediaUrl('https://media.example.no/a.vtt')).toBe('host');
    expect(judgeMediaUrl('https://cdn.example.no.evil.example/v.mp4')).toBe('host');
    expect(judgeMediaUrl('http://cdn.example.no/v.mp4')).toBe('malformed');
    expect(judgeMediaUrl('https://user:pw@cdn.example.no/v.mp4')).toBe('malformed');
    expect(judgeMediaUrl('//cdn.example.no/v.mp4')).toBe('malformed');
    expect(judgeMediaUrl('javascript:alert(1)')).toBe('malformed');
  });

  it('names the field and the refused host in Norwegian, and says what is accepted', () => {
    expect(mediaUrlMessage('Video-URL', 'https://evil.example/v.mp4')).toBe(
      'Video-URL kan ikke hentes fra evil.example. Den må være en sti på nettstedet, for eksempel /media/video.mp4 (nettstedet har ingen godkjente eksterne medieverter)',
    );
    setMediaOrigins(['https://cdn.example.no', 'https://media.example.no']);
    expect(mediaUrlMessage('Teksting-URL', 'https://evil.example:444/v.vtt')).toBe(
      'Teksting-URL kan ikke hentes fra evil.example:444. Den må være en sti på nettstedet (for eksempel /media/video.mp4) eller en https-adresse hos en av de godkjente mediavertene https://cdn.example.no, https://media.example.no',
    );
    expect(mediaUrlMessage('Video-URL', 'ftp://x/v.mp4')).toMatch(/^Video-URL må være en sti på nettstedet/);
    expect(lessonImageMessage('https://evil.example/a.png')).toBe(
      'Innhold (HTML) har et bilde fra evil.example. Bilder må være en sti på nettstedet (for eksempel /media/bilde.png) eller en https-adresse hos en av de godkjente mediavertene https://cdn.example.no, https://media.example.no',
    );
  });

  it('gives the CSP directives that let the player load exactly these hosts', () => {
    expect(mediaCspDirectives([])).toEqual([]);
    expect(mediaCspDirectives(['https://cdn.example.no', 'https://media.example.no:8443'])).toEqual([
      "media-src 'self' https://cdn.example.no https://media.example.no:8443",
      "img-src 'self' data: https://cdn.example.no https://media.example.no:8443",
    ]);
  });
});
