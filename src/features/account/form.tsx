import { type ComponentProps, type ReactNode, type RefObject, useEffect, useId, useMemo } from 'react';
import { Input, Label } from '../../components/ui/Input';
import { cn } from '../../components/ui/cn';
import { ApiError, isUnauthorizedError } from '../../lib/api';
import { sessionExpired } from '../../lib/session-expired';

/**
 * The account forms' shared parts: a failed request split into messages per field (the 400's
 * `issues`) and one for the whole form (the body's `error`: a 429, a 409, a network failure),
 * focus on the first field the server refused, and a labelled field with its hint and error.
 */

export interface FormFailure<F extends string> {
  fields: Partial<Record<F, string>>;
  message: string | null;
}

export const NETWORK_ERROR = 'Kunne ikke kontakte serveren. Sjekk nettforbindelsen og prøv igjen.';
export const GENERAL_ERROR = 'Noe gikk galt. Prøv igjen om litt.';

const noFailure = { fields: {}, message: null };

/** Each issue to its field (the first message per field); anything else is the form's message. */
export function formFailure<F extends string>(error: unknown, fields: readonly F[]): FormFailure<F> {
  if (!error) return noFailure;
  if (!(error instanceof ApiError)) return { fields: {}, message: NETWORK_ERROR };
  const byField: Partial<Record<F, string>> = {};
  let placed = false;
  for (const issue of error.issues) {
    const field = fields.find((f) => f === issue.path);
    if (field && !byField[field]) {
      byField[field] = issue.message;
      placed = true;
    }
  }
  if (placed) return { fields: byField, message: null };
  if (error.status === 401) return { fields: {}, message: 'Du er logget ut. Logger inn på nytt...' };
  return { fields: {}, message: error.bodyError ?? error.issues[0]?.message ?? GENERAL_ERROR };
}

/**
 * The failure of a form's request as messages, with its side effects: focus on the first field
 * the server refused, and an expired session sent to sign in (as every read does).
 */
export function useFormFailure<F extends string>(error: unknown, fields: readonly F[], form: RefObject<HTMLFormElement | null>): FormFailure<F> {
  // `fields` is a module constant per form, so this runs once per error.
  const failure = useMemo(() => formFailure(error, fields), [error, fields]);
  useEffect(() => {
    if (!error) return;
    if (isUnauthorizedError(error)) sessionExpired();
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, form]);
  return failure;
}

/** A labelled input with its hint and the server's message for it. */
export function Field({ label, hint, error, className, ...input }: ComponentProps<typeof Input> & { label: string; hint?: string; error?: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's own message (not about one field), announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-danger">
      {message}
    </p>
  );
}

/** A success sentence in a polite status region that is always there, so it is announced. */
export function FormStatus({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="text-sm">
      {children && <p className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-ink">{children}</p>}
    </div>
  );
}
