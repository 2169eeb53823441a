import { type ComponentProps, createContext, type ReactNode, useContext, useEffect, useId, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  FormProvider,
  get,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerIssues } from '../../lib/form-errors';
import { cn } from './cn';
import { Input, Label, Textarea } from './Input';

/**
 * The forms layer over react-hook-form: `Form` (validation by the schema's resolver, the server's
 * 400 issues on their fields, focus on the first invalid field), `Field` (label, control, hint and
 * error wired together), `FormError` (the form's own message) and `FormStatus` (a success sentence).
 */

/**
 * A form checked by the same zod schema the server uses. Its values are sent as typed (the
 * server trims and lower-cases as it parses), and focus after a refusal is `Form`'s to move.
 */
export function useSchemaForm<S extends z.ZodType<unknown, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.input<S>>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues,
    shouldFocusError: false,
  });
}

interface FormProps<T extends FieldValues> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'onError'> {
  form: UseFormReturn<T>;
  /** Sends the checked values; a rejection becomes messages on the fields or the form. */
  onSubmit: (values: T) => unknown;
  /** Sees a failed request first; returning true means it was dealt with and shows nothing here. */
  onError?: (error: unknown) => boolean | void;
  /** The fields a server issue may land on, when not every value is a field of its own. */
  fields?: readonly string[];
}

/**
 * A `<form noValidate>` whose submit checks the values, then calls `onSubmit`. After a refused
 * submit, by the schema or by the server, focus moves to the first invalid field in the page's order.
 */
export function Form<T extends FieldValues>({ form, onSubmit, onError, fields, children, ...props }: FormProps<T>) {
  const element = useRef<HTMLFormElement>(null);
  // react-hook-form counts a submit once it is over, with the errors it ended with (the schema's or
  // the server's), so after that render the first field with `aria-invalid` is the one to focus.
  const { submitCount } = useFormState({ control: form.control });
  useEffect(() => {
    if (submitCount > 0) element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (onError?.(error) === true) return;
      applyServerIssues(form, error, fields);
    }
  });
  return (
    <FormProvider {...form}>
      <form ref={element} noValidate onSubmit={(event) => void submit(event)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/** What `Field` hands its control: the ids that tie it to its label, hint and error, and the registration. */
export type FieldControlProps = UseFormRegisterReturn & {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

const FieldContext = createContext<FieldControlProps | null>(null);

/** The control props of the `Field` around a custom control (a select, a checkbox list). */
export function useFieldControl(): FieldControlProps {
  const control = useContext(FieldContext);
  if (!control) throw new Error('useFieldControl must be used inside a Field');
  return control;
}

interface FieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** The control, given its props; a text input when absent. */
  children?: (control: FieldControlProps) => ReactNode;
}

/** A labelled control with its hint and its message: `aria-invalid` and `aria-describedby` follow the error. */
export function Field<T extends FieldValues = FieldValues>({ name, label, hint, className, children }: FieldProps<T>) {
  const form = useFormContext<T>();
  const { errors } = useFormState({ control: form.control, name });
  const error = (get(errors, name) as { message?: string } | undefined)?.message;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    ...form.register(name),
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={cn('grid gap-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <FieldContext.Provider value={control}>{children ? children(control) : <Input {...control} />}</FieldContext.Provider>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A `Field` with a text input; the input's own attributes (type, autocomplete, maxLength) pass through. */
export function TextField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  ...input
}: Omit<FieldProps<T>, 'children'> & Omit<ComponentProps<'input'>, 'name' | 'id'>) {
  return (
    <Field<T> name={name} label={label} hint={hint} className={className}>
      {(control) => <Input {...input} {...control} />}
    </Field>
  );
}

/** A `Field` with a textarea. */
export function TextareaField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  ...textarea
}: Omit<FieldProps<T>, 'children'> & Omit<ComponentProps<'textarea'>, 'name' | 'id'>) {
  return (
    <Field<T> name={name} label={label} hint={hint} className={className}>
      {(control) => <Textarea {...textarea} {...control} />}
    </Field>
  );
}

/** The form's own message (not about one field: a 409, a 429, the network), announced when it appears. */
export function FormError({ className }: { className?: string }) {
  const form = useFormContext();
  const { errors } = useFormState({ control: form.control });
  return <FormAlert className={className} message={errors.root?.server?.message} />;
}

/** A failure's sentence in the forms' look, for a control outside a `Form` too. */
export function FormAlert({ className, message }: { className?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn('rounded-md border border-red-300 bg-red-50 p-3 text-sm text-danger', className)}>
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

/** A text field's limit and messages, as a schema without zod exports them (`src/schemas/*-rules.ts`). */
export interface TextLimit {
  max: number;
  messages: { required: string; tooLong: string };
}

/**
 * A resolver for a plain `useForm` where zod may not load (the player and its chat panel): each
 * named text must hold something once trimmed and at most `max` characters, counted as the
 * server's `text()` counts them. The server's schema still decides; its 400 lands on the fields.
 */
export function limitsResolver<T extends FieldValues>(limits: Partial<Record<FieldPath<T>, TextLimit>>): Resolver<T> {
  return (values) => {
    const errors: Record<string, FieldError> = {};
    for (const [name, limit] of Object.entries(limits) as [string, TextLimit][]) {
      const value = String(get(values, name) ?? '').trim();
      if (value === '') errors[name] = { type: 'required', message: limit.messages.required };
      else if ([...value].length > limit.max) errors[name] = { type: 'maxLength', message: limit.messages.tooLong };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<T> } : { values, errors: {} };
  };
}
