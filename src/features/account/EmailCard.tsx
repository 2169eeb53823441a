import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { type Account, changeEmailMutation, confirmByMailMutation } from './account.queries';
import { AccountSection } from './AccountSection';
import { Field, FormError, FormStatus, useFormFailure } from './form';

const fields = ['newEmail', 'password'] as const;

/**
 * 'E-post': the address, whether it is confirmed, a change waiting for its link, and the form
 * that asks for a new one (with the password). The address changes only when the link in the
 * mail to the new address is opened (/bekreft-epost). An account without a password confirms the
 * change with a link to its current address first (/bekreft-konto) instead of the password.
 */
export function EmailCard({ account }: { account: Account }) {
  const client = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const withPassword = useMutation(changeEmailMutation(client));
  const byMail = useMutation(confirmByMailMutation());
  const change = account.hasPassword ? withPassword : byMail;
  const failure = useFormFailure(change.error, fields, form);
  const clear = {
    onSuccess: () => {
      setNewEmail('');
      setPassword('');
    },
  };

  return (
    <AccountSection title="E-post">
      <div className="grid gap-3">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-ink">
          <span className="break-all font-medium">{account.email}</span>
          {account.emailVerified ? (
            <Badge className="bg-emerald-50 text-emerald-900">Bekreftet</Badge>
          ) : (
            <Badge className="bg-amber-50 text-amber-900">Ikke bekreftet</Badge>
          )}
        </p>
        {account.pendingEmail && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-ink">
            Venter på bekreftelse: <strong className="break-all">{account.pendingEmail}</strong>. E-postadressen endres når du åpner lenken vi sendte
            dit.
          </p>
        )}
      </div>
      <form
        ref={form}
        noValidate
        className="mt-5 grid gap-4 border-t border-slate-200 pt-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (change.isPending) return;
          if (account.hasPassword) withPassword.mutate({ newEmail, password }, clear);
          else byMail.mutate({ action: 'change_email', newEmail }, clear);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Ny e-postadresse"
            name="newEmail"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            error={failure.fields.newEmail}
          />
          {account.hasPassword ? (
            <Field
              label="Passord"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={256}
              hint="Passordet du logger inn med nå."
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={failure.fields.password}
            />
          ) : (
            <p className="text-sm text-muted sm:self-end">
              Kontoen din har ikke passord. Vi sender en lenke til {account.email} som du bekrefter endringen med.
            </p>
          )}
        </div>
        <FormError message={failure.message} />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sender...' : account.hasPassword ? 'Endre e-post' : 'Send lenke for å endre e-post'}
          </Button>
        </div>
        <FormStatus>{change.isSuccess && change.data.message}</FormStatus>
      </form>
    </AccountSection>
  );
}
