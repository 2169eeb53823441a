import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { Form, FormError, FormStatus, TextField, useSchemaForm } from '../../components/ui/form';
import { expireOnUnauthorized } from '../../lib/session-expired';
import { passwordChangeBody } from '../../schemas/account';
import { PASSWORD_MAX } from '../../schemas/auth';
import { changePasswordMutation, confirmByMailMutation } from './account.queries';
import { AccountSection } from './AccountSection';

type PasswordChange = z.input<typeof passwordChangeBody>;
/** The request for a link has no fields: the account's own address gets it. */
const noFields = z.strictObject({});

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
  const form = useSchemaForm(noFields, {});
  const send = useMutation(confirmByMailMutation());
  return (
    <AccountSection title="Lag et passord" description="Kontoen din ble laget da du kjøpte et kurs, og har ikke passord ennå.">
      <Form form={form} onSubmit={() => send.mutateAsync({ action: 'set_password' })} onError={expireOnUnauthorized} className="grid gap-4">
        <p className="text-sm text-muted">
          Vi sender en lenke til <span className="break-all font-medium text-ink">{email}</span>. Der velger du et passord, og etterpå logger du inn
          med e-postadressen og passordet.
        </p>
        <FormError />
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sender...' : 'Send lenke for å lage passord'}
          </Button>
        </div>
        <FormStatus>{send.isSuccess && send.data.message}</FormStatus>
      </Form>
    </AccountSection>
  );
}

function ChangePasswordCard({ email }: { email: string }) {
  const client = useQueryClient();
  const form = useSchemaForm(passwordChangeBody, { currentPassword: '', newPassword: '' });
  const change = useMutation(changePasswordMutation(client));

  return (
    <AccountSection title="Passord" description="Når du endrer passordet, blir du logget ut på alle andre enheter.">
      <Form
        form={form}
        onSubmit={async (values) => {
          await change.mutateAsync(values);
          form.reset();
        }}
        onError={expireOnUnauthorized}
        className="grid gap-4"
      >
        {/* Tells a password manager which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<PasswordChange>
            label="Nåværende passord"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
          />
          <TextField<PasswordChange>
            label="Nytt passord"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            hint="Minst 8 tegn. Gjerne en setning du husker."
          />
        </div>
        <FormError />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Endrer...' : 'Endre passord'}
          </Button>
        </div>
        <FormStatus>{change.isSuccess && change.data.message}</FormStatus>
      </Form>
    </AccountSection>
  );
}
