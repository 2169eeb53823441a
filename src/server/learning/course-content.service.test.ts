import { describe, expect, it } from 'vitest';
import { sanitisedHtmlMemo } from './course-content.service';
import { sanitizeLessonHtml } from '../platform/html';

describe('sanitisedHtmlMemo', () => {
  it('answers what the sanitiser answers, from memory the second time', () => {
    const memo = sanitisedHtmlMemo();
    const raw = '<p onclick="x()">Hei</p><script>alert(1)</script>';
    expect(memo.sanitise(raw)).toBe(sanitizeLessonHtml(raw));
    expect(memo.sanitise(raw)).toBe('<p>Hei</p>');
    expect(memo.size).toBe(1);
  });

  it('keeps at most maxEntries lessons, the least recently used leaving first', () => {
    const memo = sanitisedHtmlMemo({ maxEntries: 2 });
    memo.sanitise('<p>a</p>');
    memo.sanitise('<p>b</p>');
    memo.sanitise('<p>a</p>'); // a is now the most recent
    memo.sanitise('<p>c</p>'); // b leaves
    expect(memo.size).toBe(2);
    expect(memo.sanitise('<p>b</p>')).toBe('<p>b</p>'); // sanitised again, a leaves
    expect(memo.size).toBe(2);
  });

  it('keeps at most maxChars characters and never stores a lesson bigger than that', () => {
    const memo = sanitisedHtmlMemo({ maxChars: 40 });
    memo.sanitise('<p>aaaa</p>'); // 11 + 11
    memo.sanitise('<p>bbbb</p>'); // 44 in all: the first leaves
    expect(memo.size).toBe(1);
    expect(memo.sanitise(`<p>${'x'.repeat(30)}</p>`)).toBe(`<p>${'x'.repeat(30)}</p>`);
    expect(memo.size).toBe(1);
  });
});
