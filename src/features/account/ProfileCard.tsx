import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { Form, FormError, FormStatus, TextField, useSchemaForm } from '../../components/ui/form';
import { expireOnUnauthorized } from '../../lib/session-expired';
import { profileBody } from '../../schemas/account';
import { NAME_MAX } from '../../schemas/auth';
import { type Account, saveProfileMutation } from './account.queries';
import { AccountSection } from './AccountSection';

type Profile = z.input<typeof profileBody>;

/** 'Profil': first and last name. Saved, the name replaces the one in the header's user menu at once. */
export function ProfileCard({ account }: { account: Account }) {
  const client = useQueryClient();
  const form = useSchemaForm(profileBody, { firstName: account.firstName, lastName: account.lastName });
  const save = useMutation(saveProfileMutation(client));

  return (
    <AccountSection title="Profil" description="Navnet ditt slik det vises i kursene og på kvitteringer.">
      <Form form={form} onSubmit={(values) => save.mutateAsync(values)} onError={expireOnUnauthorized} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<Profile> label="Fornavn" name="firstName" autoComplete="given-name" required maxLength={NAME_MAX} />
          <TextField<Profile> label="Etternavn" name="lastName" autoComplete="family-name" required maxLength={NAME_MAX} />
        </div>
        <FormError />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Lagrer...' : 'Lagre'}
          </Button>
        </div>
        <FormStatus>{save.isSuccess && 'Navnet er lagret.'}</FormStatus>
      </Form>
    </AccountSection>
  );
}
