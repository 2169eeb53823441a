import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * What every form says about a failed request, React forms and static pages alike: one sentence for
 * a server that cannot be reached, one for a refusal without a sentence of its own, and the 400's
 * `issues` (`src/server/platform/http/errors.ts` `invalidRequest`) placed on the fields they name. Only types come
 * from react-hook-form, so a plain page script can import this module.
 */

/** The network failure's sentence: fetch itself throws only when the server cannot be reached. */
export const NETWORK_ERROR = 'Kunne ikke kontakte serveren. Sjekk nettforbindelsen og prøv igjen.';
/** A refusal without a sentence of its own (a proxy's HTML page, an empty body). */
export const GENERAL_ERROR = 'Noe gikk galt. Prøv igjen om litt.';

/** An expired session's sentence, shown while the page goes to sign in again. */
export const SIGNED_OUT_ERROR = 'Du er logget ut. Logger inn på nytt...';

/** The name of a form-level message in react-hook-form's errors (`errors.root.server`). */
export const SERVER_ERROR = 'root.server';

export interface ServerIssues {
  /** The messages for each field, joined when a field has several. */
  fields: Record<string, string>;
  /** The message for the whole form: issues for no field, the body's `error`, or the network sentence. */
  form: string | null;
}

/** The field among `fields` that an issue's path names: itself or a part of it ('content' for 'content.html'). */
export function fieldOfPath(path: string, fields: readonly string[]): string | undefined {
  const matches = fields.filter((field) => path === field || path.startsWith(`${field}.`));
  return matches.sort((a, b) => b.length - a.length)[0];
}

/**
 * A failed request split into messages: each 400 issue to the field its path names, issues for no
 * field to the form; without issues, the body's `error` (a 409's or a 429's sentence) or the
 * general sentence; anything but an `ApiError` (fetch threw) is the network sentence.
 */
export function serverIssues(error: unknown, fields: readonly string[]): ServerIssues {
  if (!(error instanceof ApiError)) return { fields: {}, form: NETWORK_ERROR };
  const byField: Record<string, string[]> = {};
  const others: string[] = [];
  for (const issue of error.issues) {
    const field = fieldOfPath(issue.path, fields);
    if (field) (byField[field] ??= []).push(issue.message);
    else others.push(issue.message);
  }
  const placed = Object.fromEntries(Object.entries(byField).map(([field, messages]) => [field, messages.join(' ')]));
  if (error.issues.length > 0) return { fields: placed, form: others.length > 0 ? others.join(' ') : null };
  if (error.status === 401) return { fields: {}, form: SIGNED_OUT_ERROR };
  return { fields: {}, form: error.bodyError ?? GENERAL_ERROR };
}

/** A 400: the refusal a form shows on its fields (other failures may be said elsewhere, in a toast). */
export const isBadRequest = (error: unknown): boolean => error instanceof ApiError && error.status === 400;

/** A failed request's one sentence, for a control that is not a form (a switch, a button in a list). */
export const failureMessage = (error: unknown): string | null => serverIssues(error, []).form;

/**
 * Puts a failed request's messages into a react-hook-form form: each issue on its field (the
 * fields are the form's values unless `fields` names them), the rest as the form's own message
 * (`errors.root.server`). Returns whether any field got a message.
 */
export function applyServerIssues<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  fields: readonly string[] = Object.keys(form.getValues()),
): boolean {
  const issues = serverIssues(error, fields);
  for (const [field, message] of Object.entries(issues.fields)) form.setError(field as Path<T>, { type: 'server', message });
  if (issues.form) form.setError(SERVER_ERROR as Path<T>, { type: 'server', message: issues.form });
  return Object.keys(issues.fields).length > 0;
}
