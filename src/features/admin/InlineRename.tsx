import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { Form, FormError, TextField, useSchemaForm } from '../../components/ui/form';
import { isBadRequest } from '../../lib/form-errors';
import { ADMIN_TITLE_MAX, renameBody } from '../../schemas/admin';

/** The spec: saving a blank name does nothing, so a blank value passes here and is dropped on submit. */
const renameForm = z.object({
  name: z.string().superRefine((value, context) => {
    if (value.trim() === '') return;
    const checked = renameBody.safeParse({ name: value });
    for (const issue of checked.error?.issues ?? []) context.addIssue({ code: 'custom', message: issue.message });
  }),
});
type Rename = z.input<typeof renameForm>;

/** A one-name form; Escape cancels. `onSave` rejects with the server's refusal, shown under the input. */
export default function InlineRenameForm({
  label,
  hint,
  initial,
  onSave,
  onCancel,
}: {
  label: string;
  hint?: string;
  initial: string;
  onSave: (name: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(renameForm, { name: initial });
  const { isSubmitting } = useFormState({ control: form.control });
  // The user just asked to edit this name: put the caret there.
  useEffect(() => form.setFocus('name'), [form]);
  return (
    <Form
      form={form}
      className="flex w-full flex-wrap items-start gap-2"
      // Anything but a 400 is the mutation's toast.
      onError={(error) => !isBadRequest(error)}
      onSubmit={(values) => (values.name.trim() === '' ? undefined : onSave(values.name.trim()))}
    >
      <TextField<Rename>
        name="name"
        label={label}
        hint={hint}
        className="min-w-0 flex-1 basis-48"
        maxLength={ADMIN_TITLE_MAX}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <div className="flex gap-2 pt-6">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Lagrer...' : 'Lagre'}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Avbryt
        </Button>
      </div>
      <FormError className="basis-full" />
    </Form>
  );
}
