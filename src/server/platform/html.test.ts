import fc from 'fast-check';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMediaUrl, setMediaOrigins } from '../../schemas/media';
import { decodeAttributeValue, isSafeHref, refusedImageSources, sanitizeLessonHtml } from './html';

// Images may come from the site and from this media host (MEDIA_HOSTS, decision 25).
beforeAll(() => setMediaOrigins(['https://cdn.example']));
afterAll(() => setMediaOrigins([]));

const allowed: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title', 'rel'],
  strong: [],
  b: [],
  em: [],
  i: [],
  code: [],
  pre: [],
  blockquote: [],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

// A real HTML parser (happy-dom's, a dev dependency) reads the output the way a page will.
const window = new Window({ url: 'https://akademiet.example/kurs/x' });
afterAll(() => window.close());

/** Every problem a browser would find in `html` inserted into a page; [] when it is safe. */
function problems(html: string): string[] {
  const host = window.document.createElement('div');
  host.innerHTML = html;
  const found: string[] = [];
  for (const el of host.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!(tag in allowed)) found.push(`element <${tag}>`);
    for (const attr of el.attributes) {
      if (!allowed[tag]?.includes(attr.name)) found.push(`attribute ${tag}[${attr.name}]`);
    }
    const href = el.getAttribute('href');
    if (tag === 'a') {
      if (el.getAttribute('rel') !== 'noopener') found.push('a without rel="noopener"');
      if (href !== null && !['http:', 'https:'].includes(new URL(href, 'https://akademiet.example/kurs/x').protocol)) found.push(`href ${href}`);
      if (href !== null && /^\s*[\\/]{2}/.test(href.replace(/[\t\n\r]/g, ''))) found.push(`protocol-relative href ${href}`);
    }
    if (tag === 'img' && !isMediaUrl(el.getAttribute('src') ?? '')) found.push(`img src ${el.getAttribute('src')}`);
  }
  return found;
}

describe('the parser-based check used below', () => {
  it('finds what the sanitiser must remove', () => {
    expect(
      problems('<img src=x onerror=alert(1)><a href="jav&#x09;ascript:x" rel="noopener">y</a><a href="//evil.example">z</a><svg></svg>'),
    ).toEqual([
      'attribute img[onerror]',
      'img src x',
      'href jav\tascript:x',
      'a without rel="noopener"',
      'protocol-relative href //evil.example',
      'element <svg>',
    ]);
  });
});

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
    ['<img src="https://evil.example/a.png" alt="A">', ''],
    ['<img src="https://cdn.example:8443/a.png">', ''],
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

  // Vectors from the usual XSS filter-evasion lists: each output is given exactly, and a real parser finds nothing unlisted in it.
  it.each([
    // nested and broken tags
    ['<scr<script>ipt>alert(1)</script>', '&lt;scr'],
    ['<script><script></script>alert(1)</script><p>ok</p>', 'alert(1)<p>ok</p>'],
    ['<script>alert(1)', ''],
    ['<p>ok<script>alert(1)</p>', '<p>ok</p>'],
    ['<SCRIPT>alert(1)</SCRIPT><P>ok</P>', '<p>ok</p>'],
    ['<ScRiPt src=https://evil.example/x.js></sCrIpT><H2>ok</H2>', '<h2>ok</h2>'],
    ['<p/onclick=alert(1)>x</p>', '<p>x</p>'],
    ['<img/src="x"/onerror=alert(1)>', ''],
    // obfuscated javascript: links
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="jav&#9;ascript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="&#0000106&#0000097vascript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="java&Tab;script:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="java\nscript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="java\rscript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href=" \u0001 javascript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="/\\evil.example">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="\\\\evil.example">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="&#47;/evil.example">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="mailto:x@example.no">x</a>', '<a rel="noopener">x</a>'],
    // attributes: unquoted, duplicated, breaking out of their quotes
    ['<a href=https://example.no title=hei>x</a>', '<a href="https://example.no" title="hei" rel="noopener">x</a>'],
    ['<a href="https://x" onmouseover=alert(1)>x</a>', '<a href="https://x" rel="noopener">x</a>'],
    ['<a href="https://example.no" href="javascript:alert(1)">x</a>', '<a href="https://example.no" rel="noopener">x</a>'],
    ['<a href="javascript:alert(1)" href="https://example.no">x</a>', '<a rel="noopener">x</a>'],
    ["<a title='\"><script>alert(1)</script>'>x</a>", '<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" rel="noopener">x</a>'],
    ['<a href="/x" title="a"onclick="alert(1)">x</a>', '<a href="/x" title="a" rel="noopener">x</a>'],
    ['<img src="/media/a.png" alt="x" onerror=alert(1)>', '<img alt="x" src="/media/a.png" />'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="/media/a.png"onerror="alert(1)">', '<img src="/media/a.png" />'],
    ['<img src=" /media/a.png ">', '<img src="/media/a.png" />'],
    ['<img src="&#47;/evil.example/a.png">', ''],
    ['<img src="https://cdn.example/a.png?w=1&amp;h=2" alt="A &amp; B">', '<img alt="A &amp; B" src="https://cdn.example/a.png?w=1&amp;h=2" />'],
    // comments, CDATA, processing instructions, doctype
    ['<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['<p>a<!-->b</p>', '<p>ab</p>'],
    ['<p>a</p><!-- unterminated <script>alert(1)</script>', '<p>a</p>'],
    ['<![CDATA[<script>alert(1)</script>]]><p>ok</p>', '&lt;![CDATA[]]&gt;<p>ok</p>'],
    ['<?xml version="1.0"?><!DOCTYPE html><p>ok</p>', '<p>ok</p>'],
    // foreign content and other containers dropped with what they hold
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>ok</p>', '<p>ok</p>'],
    ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg><p>ok</p>', '<p>ok</p>'],
    ['<svg/onload=alert(1)><p>ok</p>', ''],
    ['<template><img src=x onerror=alert(1)></template><p>ok</p>', '<p>ok</p>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>ok</p>', '<p>ok</p>'],
    ['<textarea><p>t</p></textarea>ok', 'ok'],
    ['<select><option>a<option>b</select><p>ok</p>', '<p>ok</p>'],
    ['<object data="x"><embed src="x"></object><embed src="y"><p>ok</p>', '<p>ok</p>'],
    ['<div><span>tekst</span></div><form><button formaction="javascript:alert(1)">x</button></form>', 'tekstx'],
    ['<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>ok</p>', '<p>ok</p>'],
    // text with < and &
    ['<p>1 < 2 & 3 > 2</p>', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
    ['a < b and c > d', 'a &lt; b and c &gt; d'],
    ['<p>a &lt;script&gt; &amp; &eacute; &#229;</p>', '<p>a &lt;script&gt; &amp; &eacute; &#229;</p>'],
    ['<p>x &</p>', '<p>x &amp;</p>'],
    ['<p>pil -> og <3</p>', '<p>pil -&gt; og &lt;3</p>'],
    // balance: nothing closes or swallows the page around the lesson
    ['<strong>uavsluttet <em>begge', '<strong>uavsluttet <em>begge</em></strong>'],
    ['</div></p></table>løs<p>x</p>', 'løs<p>x</p>'],
    ['<ul><li>a<li>b</ul>', '<ul><li>a</li><li>b</li></ul>'],
    ['<p>a<ul><li>b</li></ul>', '<p>a</p><ul><li>b</li></ul>'],
    ['<table><tr><td>1<td>2<tr><td>3</table>', '<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>'],
    ['<br/><hr></br>', '<br /><hr />'],
  ])('%j → %j', (input, output) => {
    const result = sanitizeLessonHtml(input);
    expect(result).toBe(output);
    expect(problems(result)).toEqual([]);
  });

  it('gives output a real parser reads as allowed elements and attributes only, and is stable (fuzzed)', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '</',
      '/>',
      '"',
      "'",
      '=',
      ' ',
      '\t',
      '\n',
      '&',
      '&#',
      '&#x',
      ';',
      ':',
      '/',
      '\\',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      'a',
      'p',
      'img',
      'script',
      'svg',
      'math',
      'style',
      'option',
      'select',
      'li',
      'td',
      'table',
      'href',
      'src',
      'rel',
      'title',
      'onerror',
      'onclick',
      'style',
      'javascript',
      'JaVaScRiPt:',
      'data:',
      'https://',
      '//',
      '106',
      '6A',
      '09',
      'alert(1)',
      'tekst',
    );
    const input = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(input, (html) => {
        const once = sanitizeLessonHtml(html);
        expect(problems(once)).toEqual([]);
        expect(sanitizeLessonHtml(once)).toBe(once);
      }),
      { seed: 20_261_123, numRuns: 3_000 },
    );
  });
});

describe('the attribute helpers', () => {
  it.each([
    ['&#106;avascript:', 'javascript:'],
    ['&#x6a;&#X61;', 'ja'],
    ['a&amp;b&lt;c&gt;&quot;', 'a&b<c>"'],
    ['?a=1&amp=2&copy;', '?a=1&amp=2&copy;'],
    ['x&ampy &amp z', 'x&ampy & z'],
    ['java&Tab;script&colon;', 'java\tscript:'],
    ['&#0;&#x110000;&#xD800;', '\ufffd\ufffd\ufffd'],
  ])('decodeAttributeValue(%j) → %j', (input, output) => {
    expect(decodeAttributeValue(input)).toBe(output);
  });

  it.each([
    ['https://example.no/a?b#c', true],
    ['http://example.no', true],
    ['/kurs', true],
    ['kurs/leksjon', true],
    ['#toppen', true],
    ['?side=2', true],
    ['javascript:alert(1)', false],
    [' java\tscript:alert(1)', false],
    ['data:text/html,x', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['\\/evil.example', false],
    ['ftp://example.no', false],
    ['mailto:x@example.no', false],
  ])('isSafeHref(%j) → %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });
});

describe('refusedImageSources', () => {
  it('lists the images the sanitiser drops for their address, as a browser reads them', () => {
    const html =
      '<p>a<img src="/media/a.png"><img src="https://cdn.example/b.png"><img src="https://evil.example/c.png"></p>' +
      '<img src="http&#58;//evil.example/d.png"><img src=x><script><img src="https://evil.example/in-script.png"></script>';
    expect(refusedImageSources(html)).toEqual(['https://evil.example/c.png', 'http://evil.example/d.png', 'x']);
  });

  it('finds nothing in HTML whose images all come from the site or a media host', () => {
    expect(refusedImageSources('<p><img src="/media/a.png" alt="A"><img src="https://cdn.example/b.png"></p>')).toEqual([]);
  });
});
