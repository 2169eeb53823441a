import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, courses, lessons, modules } from '../../db/schema';
import { seedModuleId } from '../../db/seed-ids';
import chat from '../../netlify/functions/chat';
import type { Conversation, SendMessageResult } from '../../src/schemas/chat';
import { offlineAnswer, type Passage, passagesMessage } from '../../src/server/assistant';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, makeCatalogueFree, signIn } from '../helpers';

/**
 * Titles and lesson text are the admins' words: the offline assistant quotes them as text,
 * never as Markdown (issue 20). A course renamed to contain a link must not put a link to
 * another site into every learner's reply; the only links are the ones the assistant
 * builds to this site's lessons. The stored reply is rendered here with react-markdown
 * alone (none of the chat bubble's own guards), so this checks the escaping on the server.
 */

const db = async () => (await acquireAppDb()).db;

const MARKDOWN =
  '[phish](https://evil.example/login) **fet** _kursiv_ `kode` ![img](https://evil.example/x.png) <https://evil.example> <b>rå</b> &amp; \\*';
const COURSE_TITLE = `KI for Kontoret ${MARKDOWN}`;
const MODULE_TITLE = `Modul [her](https://evil.example/m) ~~borte~~`;
const LESSON_TITLE = `Kvanteregnskap ${MARKDOWN}`;
/** Line-start constructs: a heading, a list, a link definition and a quote at the start of a value. */
const LESSON_DESCRIPTION = '# Kvanteregnskap [lenke](https://evil.example/d) og ![bilde](https://evil.example/y.png) fører fotosyntesen i balansen.';

let cookie: string;
let lessonId: string;
beforeAll(async () => {
  // Learners read what the admin wrote: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  cookie = await signIn('ny@demo.no');
  const d = await db();
  const moduleId = seedModuleId('ki-for-kontoret', 0);
  await d.update(courses).set({ title: COURSE_TITLE }).where(eq(courses.id, 'ki-for-kontoret'));
  await d.update(modules).set({ title: MODULE_TITLE }).where(eq(modules.id, moduleId));
  const [row] = await d
    .insert(lessons)
    .values({
      moduleId,
      title: LESSON_TITLE,
      description: LESSON_DESCRIPTION,
      type: 'text',
      content: { text: '[x]: https://evil.example/ref\n\n- Kvanteregnskapet **skal** [x] stemme <img src=x onerror=alert(1)>' },
      orderIndex: 99,
    })
    .returning({ id: lessons.id });
  lessonId = row!.id;
});

async function ask(content: string): Promise<string> {
  const created = await call(chat, '/api/chat/conversations', { cookie, json: { title: 'Markdown' } });
  const conversationId = (created.body as Conversation).id;
  const result = await call(chat, `/api/chat/conversations/${conversationId}/messages`, { cookie, json: { content } });
  expect(result.status, result.text).toBe(200);
  const { assistantMessage } = result.body as SendMessageResult;
  const [stored] = await (await db()).select().from(chatMessages).where(eq(chatMessages.id, assistantMessage.id));
  expect(stored?.content).toBe(assistantMessage.content);
  return stored!.content;
}

/** The reply as react-markdown renders it (no raw HTML, as in the chat), and its visible text. */
function render(markdown: string) {
  const html = renderToStaticMarkup(createElement(Markdown, { skipHtml: true }, markdown));
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  return { html, text, hrefs };
}

describe('the offline assistant quotes titles and lesson text as text', () => {
  it('shows a course, module and lesson title full of Markdown as written, with the lesson link as the only link', async () => {
    const reply = await ask('Hva er kvanteregnskap?');
    const { html, text, hrefs } = render(reply);
    expect(hrefs).toEqual([`/course/ki-for-kontoret?lessonId=${lessonId}`]);
    expect(html).not.toContain('evil.example"');
    expect(html).not.toMatch(/<img|<code|<em|<del|<h1|<ul|<li|<b>/);
    // The only bold is the assistant's own around its lesson link.
    expect(html.match(/<strong>/g)).toHaveLength(1);
    expect(text).toContain(LESSON_TITLE);
    expect(text).toContain(COURSE_TITLE);
    expect(text).toContain(MODULE_TITLE);
    expect(text).toContain('Kvanteregnskap [lenke](https://evil.example/d) og ![bilde](https://evil.example/y.png)');
    expect(text).toContain('[x]: https://evil.example/ref - Kvanteregnskapet **skal** [x] stemme');
  });

  it('names the courses as written when nothing matches', async () => {
    const reply = await ask('xyzzy plugh qwertz');
    const { html, text, hrefs } = render(reply);
    expect(reply).toContain('Jeg fant ikke noe i kursinnholdet');
    expect(hrefs).toEqual([]);
    expect(html).not.toMatch(/<img|<code|<em|<strong|<b>/);
    expect(text).toContain(COURSE_TITLE);
  });

  it('escapes what would start a heading, a list or a quote at the start of a line', () => {
    const passage = (excerpt: string, lessonTitle: string): Passage => ({
      courseId: 'ki-for-kontoret',
      courseTitle: '1. kurs',
      moduleTitle: '- modul',
      lessonId,
      lessonTitle,
      excerpt,
      score: 1,
    });
    const excerpts = ['# Overskrift', '1. punkt', '- punkt', '> sitat', '    kode', '```', '***', '<div>blokk</div>', '+ punkt'];
    // Three lessons an answer, each with the construct as its excerpt and (after '= ') in its title.
    for (let i = 0; i < excerpts.length; i += 3) {
      const group = excerpts.slice(i, i + 3);
      const { html, text, hrefs } = render(
        offlineAnswer(
          group.map((e) => passage(e, i === 0 ? e : `= ${e}`)),
          [],
        ),
      );
      expect(html).not.toMatch(/<h\d|<ol|<ul|<li|<pre|<code|<hr|<div|<blockquote>\s*<blockquote/);
      expect(hrefs).toHaveLength(3);
      for (const href of hrefs) expect(href).toMatch(/^\/course\//);
      for (const e of group) expect(text).toContain(e.trim());
    }
    const noMatch = offlineAnswer([], ['# Kurs', '1. Kurs', '<b>Kurs</b>']);
    expect(render(noMatch).html).not.toMatch(/<h\d|<ol|<b>/);
    expect(render(noMatch).text).toContain('Kursene tar for seg: # Kurs, 1. Kurs, <b>Kurs</b>.');
  });

  it('gives the model the titles and excerpts escaped too, with the lesson links as they are', async () => {
    const message = passagesMessage([
      {
        courseId: 'ki-for-kontoret',
        courseTitle: COURSE_TITLE,
        moduleTitle: MODULE_TITLE,
        lessonId,
        lessonTitle: LESSON_TITLE,
        excerpt: LESSON_DESCRIPTION,
        score: 1,
      },
    ]);
    const { hrefs, text, html } = render(message);
    expect(hrefs).toEqual([]);
    expect(html).not.toMatch(/<img|<code|<em|<strong|<h1|<b>/);
    expect(text).toContain(LESSON_DESCRIPTION);
    expect(text).toContain(LESSON_TITLE);
    expect(text).toContain(COURSE_TITLE);
    expect(message).toContain(`Lenke: /course/ki-for-kontoret?lessonId=${lessonId}`);
  });
});
