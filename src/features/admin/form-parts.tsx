import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Input, Label } from '../../components/ui/Input';

/**
 * Small parts the admin forms share: field errors from a 400's `issues`, a labelled
 * field, the inline rename form and the move up/down buttons.
 */

/** The look of the admin forms' native selects (type, filters), beside `Input`. */
export const selectClass = 'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink';

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
        // Announced when it appears: the server's message for this field.
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

/**
 * Inline rename (spec section 4): an input with save and cancel. Saving a blank
 * name does nothing; Escape cancels. `onSave` resolves true when saved, which ends
 * edit mode and clears the input. `hint` says more about the field under it (a name
 * the public pages show: 'Vises på nettsiden etter neste publisering').
 */
export function InlineRename({
  label,
  hint,
  initial,
  pending,
  onSave,
  onCancel,
}: {
  label: string;
  hint?: string;
  initial: string;
  pending: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  // The user just asked to edit this name: put the caret there.
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      className="flex w-full flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const name = value.trim();
        if (name === '' || pending) return;
        onSave(name);
      }}
    >
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <Label htmlFor={id}>{label}</Label>
        <Input
          ref={input}
          id={id}
          aria-describedby={hint ? hintId : undefined}
          value={value}
          maxLength={400}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onCancel();
            }
          }}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Lagrer...' : 'Lagre'}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Avbryt
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="basis-full text-xs text-muted">
          {hint}
        </p>
      )}
    </form>
  );
}

function Arrow({ up }: { up: boolean }) {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
      <path d={up ? 'M10 15V5M5 10l5-5 5 5' : 'M10 5v10M5 10l5 5 5-5'} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Move up / move down, each named for the item ('Flytt modulen «X» opp'); the first cannot go up, the last not down. */
export function MoveButtons({
  what,
  title,
  index,
  count,
  pending,
  onMove,
}: {
  what: 'modulen' | 'leksjonen';
  title: string;
  index: number;
  count: number;
  pending: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  return (
    <div className="flex gap-1">
      <Button size="icon" variant="ghost" aria-label={`Flytt ${what} «${title}» opp`} disabled={pending || index === 0} onClick={() => onMove('up')}>
        <Arrow up />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Flytt ${what} «${title}» ned`}
        disabled={pending || index === count - 1}
        onClick={() => onMove('down')}
      >
        <Arrow up={false} />
      </Button>
    </div>
  );
}
