import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Form, FormError, FormStatus, TextField, useSchemaForm } from '../../components/ui/form';
import { expireOnUnauthorized } from '../../lib/session-expired';
import { emailChangeBody } from '../../schemas/account';
import { EMAIL_MAX, PASSWORD_MAX } from '../../schemas/auth';
import { type Account, changeEmailMutation, confirmByMailMutation } from './account.queries';
import { AccountSection } from './AccountSection';

type EmailChange = z.input<typeof emailChangeBody>;
/** Without a password only the new address is asked for: the link to the current one confirms it. */
const byMailBody: typeof emailChangeBody = emailChangeBody.extend({ password: z.string() });

/**
 * 'E-post': the address, whether it is confirmed, a change waiting for its link, and the form
 * that asks for a new one (with the password). The address changes only when the link in the
 * mail to the new address is opened (/bekreft-epost). An account without a password confirms the
 * change with a link to its current address first (/bekreft-konto) instead of the password.
 */
export function EmailCard({ account }: { account: Account }) {
  const client = useQueryClient();
  const form = useSchemaForm(account.hasPassword ? emailChangeBody : byMailBody, { newEmail: '', password: '' });
  const withPassword = useMutation(changeEmailMutation(client));
  const byMail = useMutation(confirmByMailMutation());
  const change = account.hasPassword ? withPassword : byMail;

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
      <Form
        form={form}
        fields={account.hasPassword ? ['newEmail', 'password'] : ['newEmail']}
        onError={expireOnUnauthorized}
        onSubmit={async ({ newEmail, password }) => {
          if (account.hasPassword) await withPassword.mutateAsync({ newEmail, password });
          else await byMail.mutateAsync({ action: 'change_email', newEmail });
          form.reset();
        }}
        className="mt-5 grid gap-4 border-t border-slate-200 pt-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<EmailChange> label="Ny e-postadresse" name="newEmail" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
          {account.hasPassword ? (
            <TextField<EmailChange>
              label="Passord"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
              hint="Passordet du logger inn med nå."
            />
          ) : (
            <p className="text-sm text-muted sm:self-end">
              Kontoen din har ikke passord. Vi sender en lenke til {account.email} som du bekrefter endringen med.
            </p>
          )}
        </div>
        <FormError />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sender...' : account.hasPassword ? 'Endre e-post' : 'Send lenke for å endre e-post'}
          </Button>
        </div>
        <FormStatus>{change.isSuccess && change.data.message}</FormStatus>
      </Form>
    </AccountSection>
  );
}
