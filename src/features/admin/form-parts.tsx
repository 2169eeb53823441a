import { type ReactNode, useId } from 'react';
import { ApiError } from '../../lib/api';
import { cn } from '../../components/ui/cn';
import { Label } from '../../components/ui/Input';

/** Field errors from a 400's `issues` and a labelled field, for the admin forms not yet on the forms layer. */

export { selectClass } from '../../components/ui/Input';

/** The messages of a rejected request's issues whose path starts with `field` ('content' matches 'content.html'). */
export function fieldIssues(error: unknown, field: string): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return error.issues.filter((i) => i.path === field || i.path.startsWith(`${field}.`)).map((i) => i.message);
}

/** The 400's messages that belong to none of `fields` (and its `error` when there are no issues at all). */
export function otherIssues(error: unknown, fields: readonly string[]): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  if (error.issues.length === 0) return error.bodyError ? [error.bodyError] : [];
  return error.issues.filter((i) => !fields.some((f) => i.path === f || i.path.startsWith(`${f}.`))).map((i) => i.message);
}

/** A label, the control (given its id and describedby) and its error messages. */
export function Field({
  label,
  hint,
  errors = [],
  className,
  children,
}: {
  label: string;
  hint?: string;
  errors?: string[];
  className?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', errors.length ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': errors.length > 0 || undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {errors.length > 0 && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** Messages for the whole form (e.g. a 400 on a field the form has no input for). */
export function FormErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p role="alert" className="text-sm text-danger">
      {messages.join(' ')}
    </p>
  );
}
