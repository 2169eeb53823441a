import type { Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';

/**
 * Replies are Markdown, and what they quote (course, module and lesson titles, passages of
 * lesson text) is written by admins: it goes into a reply as text, never as Markdown, so a
 * title like `[phish](https://…)` shows as written instead of becoming a link.
 * The reply is built as a Markdown syntax tree (mdast) and written out by
 * mdast-util-to-markdown, which escapes every character of a text node that would start a
 * construct where it stands (links, images, emphasis, code, autolinks, HTML, entities,
 * headings and lists at the start of a line). The only links are the link nodes built here.
 */

export const text = (value: string): Text => ({ type: 'text', value });

export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

/** Blocks as Markdown, separated by blank lines. */
export function markdown(blocks: RootContent[]): string {
  const root: Root = { type: 'root', children: blocks };
  return toMarkdown(root).trimEnd();
}

/** A value as Markdown that renders exactly as written. */
export const markdownText = (value: string): string => markdown([paragraph(text(value))]);
