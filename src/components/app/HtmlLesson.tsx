import type { HtmlContent } from '../../schemas/lesson-content';

/**
 * An admin's HTML, already sanitised by the server (the with-content endpoint): the
 * only HTML the player ever injects. Inserted as markup, a <script> would not run
 * anyway; the server's sanitiser is what removes event-handler attributes, and the
 * page's CSP (no 'unsafe-inline') is the second line. Shared ground: the player shows it, and
 * the admin's lesson dialog shows a saved HTML lesson with it, as learners see it.
 */
export function HtmlLesson({ content }: { content: HtmlContent }) {
  return (
    <div
      data-lesson-html
      className="lesson-html space-y-3 rounded-xl border border-slate-200 bg-white p-4 leading-relaxed text-ink sm:p-6"
      // biome-ignore lint: server-sanitised HTML (see above)
      dangerouslySetInnerHTML={{ __html: content.html }}
    />
  );
}
