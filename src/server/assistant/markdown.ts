import type { Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';

/** Admin-written titles and passages go in as text nodes, so `[phish](https://…)` shows as written, never as a link. */

export const text = (value: string): Text => ({ type: 'text', value });

export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

export function markdown(blocks: RootContent[]): string {
  const root: Root = { type: 'root', children: blocks };
  return toMarkdown(root).trimEnd();
}

export const markdownText = (value: string): string => markdown([paragraph(text(value))]);
