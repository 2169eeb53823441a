import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/AlertDialog';
import { Button } from '../../components/ui/Button';
import { buttonVariants } from '../../components/ui/button-variants';
import { Form, FormError, FormStatus, TextField, useSchemaForm } from '../../components/ui/form';
import { expireOnUnauthorized } from '../../lib/session-expired';
import { deleteAccountBody } from '../../schemas/account';
import { PASSWORD_MAX } from '../../schemas/auth';
import { confirmByMailMutation, deleteAccountMutation, EXPORT_URL } from './account.queries';
import { AccountSection } from './AccountSection';

type Deletion = z.input<typeof deleteAccountBody>;
/** Without a password nothing is asked for: the link to the account's address confirms it. */
const byMailBody: typeof deleteAccountBody = deleteAccountBody.extend({ password: z.string() });

/** 'Dine data': the download of everything the account holds, and 'Slett kontoen'. */
export function DataCard({ email, hasPassword = true, signedOut }: { email: string; hasPassword?: boolean; signedOut: () => void }) {
  return (
    <AccountSection title="Dine data" description="Du kan når som helst laste ned en kopi av dataene dine, eller slette kontoen.">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {/* A plain download: the server names the file (Content-Disposition) and sends the session's own data only. */}
        <a href={EXPORT_URL} download className={buttonVariants({ variant: 'outline' })}>
          Last ned mine data
        </a>
        <DeleteAccount email={email} hasPassword={hasPassword} signedOut={signedOut} />
      </div>
      <p className="mt-3 text-sm text-muted">
        Nedlastingen er en JSON-fil med profilen, innloggingene, kursene, fremdriften, notatene, samtalene og kjøpene dine.
      </p>
    </AccountSection>
  );
}

/**
 * 'Slett kontoen': a confirmation that says what goes and what stays, and asks for the password.
 * On success the server has ended the session; the browser leaves for '/' signed out. An account
 * without a password gets a link at its address instead, and the deletion happens when it is opened.
 */
function DeleteAccount({ email, hasPassword, signedOut }: { email: string; hasPassword: boolean; signedOut: () => void }) {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(hasPassword ? deleteAccountBody : byMailBody, { password: '' });
  const withPassword = useMutation(deleteAccountMutation(signedOut));
  const byMail = useMutation(confirmByMailMutation());
  const remove = hasPassword ? withPassword : byMail;

  const onOpenChange = (next: boolean) => {
    // Closing while the deletion runs would hide its outcome.
    if (remove.isPending) return;
    if (next) {
      form.reset();
      remove.reset();
    }
    setOpen(next);
  };

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-danger hover:bg-red-50">
          Slett kontoen
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Slette kontoen din?</AlertDialogTitle>
          {/* All of it describes the dialog, so a screen reader reads what goes and what stays on opening. */}
          <AlertDialogDescription asChild>
            <div className="grid gap-3">
              <p>Kontoen slettes for godt og kan ikke gjenopprettes. Last ned dataene dine først hvis du vil ha en kopi.</p>
              <div className="text-ink">
                <p className="font-semibold">Dette slettes:</p>
                <p>
                  Navnet og e-postadressen din, passordet, innloggingene, kursene du er påmeldt, fremdriften, notatene og samtalene med
                  KI-assistenten.
                </p>
              </div>
              <div className="text-ink">
                <p className="font-semibold">Dette beholder vi:</p>
                <p>
                  Ordrer og kvitteringer beholder vi i fem år etter bokføringsreglene, uten navnet eller e-postadressen din. Les mer i{' '}
                  <a href="/personvern" className="font-semibold text-brand-700 underline">
                    personvernerklæringen
                  </a>
                  .
                </p>
              </div>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <Form
          form={form}
          fields={hasPassword ? ['password'] : []}
          onError={expireOnUnauthorized}
          onSubmit={({ password }) => (hasPassword ? withPassword.mutateAsync({ password }) : byMail.mutateAsync({ action: 'delete' }))}
          className="grid gap-4"
        >
          {hasPassword ? (
            <>
              <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
              <TextField<Deletion>
                label="Passord"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={PASSWORD_MAX}
                hint="Skriv inn passordet ditt for å bekrefte."
              />
            </>
          ) : (
            <p className="text-sm text-ink">
              Kontoen din har ikke passord. Vi sender en lenke til <span className="break-all font-medium">{email}</span>, og kontoen slettes når du
              åpner lenken og bekrefter.
            </p>
          )}
          <FormError />
          {!hasPassword && <FormStatus>{byMail.isSuccess && byMail.data.message}</FormStatus>}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{!hasPassword && byMail.isSuccess ? 'Lukk' : 'Avbryt'}</AlertDialogCancel>
            {hasPassword ? (
              <Button type="submit" variant="destructive" disabled={withPassword.isPending}>
                {withPassword.isPending || withPassword.isSuccess ? 'Sletter...' : 'Slett kontoen min'}
              </Button>
            ) : (
              <Button type="submit" variant="destructive" disabled={byMail.isPending || byMail.isSuccess}>
                {byMail.isPending ? 'Sender...' : 'Send lenke for å slette'}
              </Button>
            )}
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
