import type { HtmlContent } from '../../schemas/lesson-content';

/** Sanitised by the server, which removes event-handler attributes; the page's CSP (no 'unsafe-inline') is the second line. */
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
