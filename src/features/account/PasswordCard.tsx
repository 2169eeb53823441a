import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { changePasswordMutation, confirmByMailMutation } from './account.queries';
import { AccountSection } from './AccountSection';
import { Field, FormError, FormStatus, useFormFailure } from './form';

const fields = ['currentPassword', 'newPassword'] as const;
const noFields = [] as const;

/** 'Passord': the current and a new one. The server ends every other session; this one stays. */
export function PasswordCard({ email, hasPassword = true }: { email: string; hasPassword?: boolean }) {
  if (!hasPassword) return <CreatePasswordCard email={email} />;
  return <ChangePasswordCard email={email} />;
}

/**
 * 'Lag et passord' for an account made by a guest's purchase: there is no current password to
 * give, so the link to choose one goes to the account's address (/lag-passord).
 */
function CreatePasswordCard({ email }: { email: string }) {
  const form = useRef<HTMLFormElement>(null);
  const send = useMutation(confirmByMailMutation());
  const failure = useFormFailure(send.error, noFields, form);
  return (
    <AccountSection title="Lag et passord" description="Kontoen din ble laget da du kjøpte et kurs, og har ikke passord ennå.">
      <form
        ref={form}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!send.isPending) send.mutate({ action: 'set_password' });
        }}
      >
        <p className="text-sm text-muted">
          Vi sender en lenke til <span className="break-all font-medium text-ink">{email}</span>. Der velger du et passord, og etterpå logger du inn
          med e-postadressen og passordet.
        </p>
        <FormError message={failure.message} />
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sender...' : 'Send lenke for å lage passord'}
          </Button>
        </div>
        <FormStatus>{send.isSuccess && send.data.message}</FormStatus>
      </form>
    </AccountSection>
  );
}

function ChangePasswordCard({ email }: { email: string }) {
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useMutation(changePasswordMutation(client));
  const failure = useFormFailure(change.error, fields, form);

  return (
    <AccountSection title="Passord" description="Når du endrer passordet, blir du logget ut på alle andre enheter.">
      <form
        ref={form}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (change.isPending) return;
          change.mutate(
            { currentPassword, newPassword },
            {
              onSuccess: () => {
                setCurrentPassword('');
                setNewPassword('');
              },
            },
          );
        }}
      >
        {/* Tells a password manager which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Nåværende passord"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={failure.fields.currentPassword}
          />
          <Field
            label="Nytt passord"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            hint="Minst 8 tegn. Gjerne en setning du husker."
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={failure.fields.newPassword}
          />
        </div>
        <FormError message={failure.message} />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Endrer...' : 'Endre passord'}
          </Button>
        </div>
        <FormStatus>{change.isSuccess && change.data.message}</FormStatus>
      </form>
    </AccountSection>
  );
}
