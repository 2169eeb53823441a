import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { type Account, saveProfileMutation } from './account.queries';
import { AccountSection } from './AccountSection';
import { Field, FormError, FormStatus, useFormFailure } from './form';

const fields = ['firstName', 'lastName'] as const;

/** 'Profil': first and last name. Saved, the name replaces the one in the header's user menu at once. */
export function ProfileCard({ account }: { account: Account }) {
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [firstName, setFirstName] = useState(account.firstName);
  const [lastName, setLastName] = useState(account.lastName);
  const save = useMutation(saveProfileMutation(client));
  const failure = useFormFailure(save.error, fields, form);

  return (
    <AccountSection title="Profil" description="Navnet ditt slik det vises i kursene og på kvitteringer.">
      <form
        ref={form}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!save.isPending) save.mutate({ firstName, lastName });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Fornavn"
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={100}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={failure.fields.firstName}
          />
          <Field
            label="Etternavn"
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={100}
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={failure.fields.lastName}
          />
        </div>
        <FormError message={failure.message} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Lagrer...' : 'Lagre'}
          </Button>
        </div>
        <FormStatus>{save.isSuccess && 'Navnet er lagret.'}</FormStatus>
      </form>
    </AccountSection>
  );
}
