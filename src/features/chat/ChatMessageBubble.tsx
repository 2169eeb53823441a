import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { isAssistantLink } from '../../lib/assistant-links';
import { isUserMessage } from './chat.queries';
import type { ChatMessage } from '../../schemas/chat';
import { cn } from '../../components/ui/cn';

/**
 * Only links to this site's lessons (`/course/…`, the links the assistant builds) and the few pages
 * its answers point to (prices, buying for a company, receipts, withdrawal, contact:
 * src/lib/assistant-links.ts) are links. Any other link in a reply (another site, `//host`, another
 * page) is shown as its text: titles and lesson text come from admins and a model, and a reply
 * must never send a learner elsewhere.
 */
function MarkdownLink({ href, children, node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  if (!isAssistantLink(href)) return <span>{children}</span>;
  return (
    <a {...props} href={href} className="font-medium text-brand-700 underline underline-offset-2">
      {children}
    </a>
  );
}

/** An image is shown as its description: a reply never loads anything from elsewhere. */
function MarkdownImage({ alt }: ComponentProps<'img'> & { node?: unknown }) {
  return alt ? <span>{alt}</span> : null;
}

const components: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  p: ({ node: _node, ...props }) => <p className="my-1 first:mt-0 last:mb-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-1 list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-1 list-decimal space-y-1 pl-5" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-1 border-l-2 border-slate-300 pl-2 text-slate-700" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-slate-200 px-1 text-[0.9em]" {...props} />,
  pre: ({ node: _node, ...props }) => <pre className="my-1 overflow-x-auto whitespace-pre-wrap" {...props} />,
};

/**
 * One message: the learner's on the right as plain text, the assistant's on the left as safe Markdown
 * (no raw HTML, no images, links only to lessons). `streaming`: a reply still arriving, rendered as it grows.
 */
export function ChatMessageBubble({ message, streaming = false }: { message: ChatMessage; streaming?: boolean }) {
  const mine = isUserMessage(message);
  return (
    <li
      className={cn('flex', mine ? 'justify-end' : 'justify-start')}
      data-role={mine ? 'user' : 'assistant'}
      data-streaming={streaming ? 'true' : undefined}
    >
      <div
        className={cn(
          'max-w-[80%] rounded-lg px-3 py-2 text-sm [overflow-wrap:anywhere]',
          mine ? 'whitespace-pre-wrap bg-brand-700 text-white' : 'bg-slate-100 text-ink',
        )}
      >
        <span className="sr-only">{mine ? 'Du: ' : 'KI-assistent: '}</span>
        {mine ? (
          message.content
        ) : (
          <Markdown skipHtml components={components}>
            {message.content}
          </Markdown>
        )}
      </div>
    </li>
  );
}
