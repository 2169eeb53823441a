import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import { type MailTemplateName, type MailTemplateProps, mailTemplates } from './templates';

/** Loaded on demand by `renderMail` (sender.ts), never imported statically. */

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export async function renderTemplate<N extends MailTemplateName>(template: N, props: MailTemplateProps[N]): Promise<RenderedMail> {
  const definition = mailTemplates[template] as (typeof mailTemplates)[MailTemplateName] | undefined;
  if (!definition) throw new Error(`Unknown mail template: ${template}`);
  const { subject, Component, headers } = definition as unknown as {
    subject(p: MailTemplateProps[N]): string;
    Component(p: MailTemplateProps[N]): ReactElement;
    headers?(p: MailTemplateProps[N]): Record<string, string>;
  };
  const html = await render(createElement(Component, props));
  return { subject: subject(props), html, text: toPlainText(html), headers: headers?.(props) ?? {} };
}
