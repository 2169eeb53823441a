import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest, isUnauthorizedError } from '../../lib/api';
import { NETWORK_ERROR } from '../../lib/form-errors';
import { sessionExpired } from '../../lib/session-expired';
import type { CurrentUser } from '../../schemas/auth';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';

export const needsEmailVerification = (user: CurrentUser): boolean => !user.emailVerified;

const resend = async () => {
  const response = await apiRequest('POST', '/api/auth/verify-email/resend', {});
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : 'Vi har sendt en ny lenke.';
};

const failureText = (error: unknown) => {
  if (!(error instanceof ApiError)) return NETWORK_ERROR;
  return error.bodyError ?? 'Kunne ikke sende lenken. Prøv igjen om litt.';
};

export function VerifyEmailBanner({ email, className }: { email: string; className?: string }) {
  const send = useMutation({
    mutationFn: resend,
    onError: (error) => {
      if (isUnauthorizedError(error)) sessionExpired();
    },
  });
  return (
    <div className="border-t border-amber-200 bg-amber-50">
      <div className={cn('flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between', className)}>
        <div className="min-w-0 text-sm text-ink">
          <p className="font-semibold">Bekreft e-postadressen din</p>
          <p>
            Vi har sendt en lenke til <strong className="break-all">{email}</strong>.
          </p>
          <div role="status">{send.isSuccess && <p className="mt-1">{send.data}</p>}</div>
          {send.isError && (
            <p role="alert" className="mt-1 text-danger">
              {failureText(send.error)}
            </p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start bg-white sm:self-center"
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {send.isPending ? 'Sender...' : 'Send lenken på nytt'}
        </Button>
      </div>
    </div>
  );
}
