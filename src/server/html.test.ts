import { describe, expect, it } from 'vitest';
import { sanitizeLessonHtml } from './html';

describe('sanitizeLessonHtml', () => {
  it('keeps the allowed structure', () => {
    const html =
      '<h2>Tittel</h2><p>Tekst med <strong>fet</strong>, <em>kursiv</em> og <code>kode</code>.</p><ul><li>En</li></ul><ol><li>To</li></ol>' +
      '<blockquote>Sitat</blockquote><pre><code>a &lt; b</code></pre><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>';
    expect(sanitizeLessonHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<style>p{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="x()" style="color:red" class="c" id="i">ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<img src="https://cdn.example/a.png" alt="A" onload="x()">', '<img alt="A" src="https://cdn.example/a.png" />'],
    ['<img src="/media/a.png">', '<img src="/media/a.png" />'],
    ['<img src="http://cdn.example/a.png">', ''],
    ['<img src="//evil.example/a.png">', ''],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="data:text/html,x">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="//evil.example">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="https://example.no" target="_blank" rel="opener">x</a>', '<a href="https://example.no" rel="noopener">x</a>'],
    ['<a href="http://example.no">x</a>', '<a href="http://example.no" rel="noopener">x</a>'],
    ['<a href="/kurs/grunnleggende-ki">x</a>', '<a href="/kurs/grunnleggende-ki" rel="noopener">x</a>'],
    ['<svg><script>alert(1)</script></svg><form action="/x"><input></form>', ''],
  ])('%s → %s', (input, output) => {
    expect(sanitizeLessonHtml(input)).toBe(output);
  });
});
