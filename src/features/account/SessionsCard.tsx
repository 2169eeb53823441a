import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { QueryState } from '../../components/ui/QueryState';
import { formatLongDate, formatLongDateTime } from '../../lib/format';
import { type AccountSession, endOtherSessionsMutation, endSessionMutation, sessionsQuery } from './account.queries';
import { AccountSection } from './AccountSection';
import { FormAlert, FormStatus } from '../../components/ui/form';
import { failureMessage } from '../../lib/form-errors';
import { isUnauthorizedError } from '../../lib/api';
import { sessionExpired } from '../../lib/session-expired';

const otherSessionsText = (count: number) => (count === 1 ? 'Du er logget ut på 1 annen enhet.' : `Du er logget ut på ${count} andre enheter.`);

/**
 * 'Innlogginger' (/konto#innlogginger): every browser signed in to the account, this one marked
 * 'Denne enheten', with 'Logg ut' on each of the others and 'Logg ut alle andre'.
 */
export function SessionsCard({ signedOut }: { signedOut: () => void }) {
  const client = useQueryClient();
  const query = useQuery(sessionsQuery);
  const heading = useRef<HTMLDivElement>(null);
  const [done, setDone] = useState<string | null>(null);
  const endOne = useMutation(endSessionMutation(client, signedOut));
  const endOthers = useMutation(endOtherSessionsMutation(client));
  const error = endOne.error ?? endOthers.error;
  const pending = endOne.isPending || endOthers.isPending;

  const onError = (caught: unknown) => {
    if (isUnauthorizedError(caught)) sessionExpired();
  };
  // The row (or the rows) that had focus are gone: focus goes to the list's top, before the message.
  const settle = (message: string) => {
    setDone(message);
    heading.current?.focus();
  };

  return (
    <AccountSection id="innlogginger" title="Innlogginger" description="Enhetene og nettleserne som er logget inn på kontoen din.">
      <div ref={heading} tabIndex={-1} className="outline-none" />
      <QueryState query={query} loading="Laster innlogginger …" error="Kunne ikke laste innloggingene." className="text-sm">
        {(sessions) => {
          const others = sessions.filter((session) => !session.current);
          return (
            <div className="grid gap-4">
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {sessions.map((session) => (
                  <SessionRow
                    key={session.id}
                    session={session}
                    pending={pending}
                    onEnd={() => {
                      setDone(null);
                      endOne.mutate(session, { onSuccess: () => settle(`${session.device} er logget ut.`), onError });
                    }}
                  />
                ))}
              </ul>
              {others.length === 0 ? (
                <p className="text-sm text-muted">Du er ikke logget inn på noen andre enheter.</p>
              ) : (
                <div>
                  <Button
                    variant="outline"
                    disabled={pending}
                    onClick={() => {
                      setDone(null);
                      endOthers.mutate(undefined, { onSuccess: ({ ended }) => settle(otherSessionsText(ended)), onError });
                    }}
                  >
                    {endOthers.isPending ? 'Logger ut...' : 'Logg ut alle andre'}
                  </Button>
                </div>
              )}
            </div>
          );
        }}
      </QueryState>
      <div className="mt-4 grid gap-2">
        <FormAlert message={error ? failureMessage(error) : null} />
        <FormStatus>{done}</FormStatus>
      </div>
    </AccountSection>
  );
}

function SessionRow({ session, pending, onEnd }: { session: AccountSession; pending: boolean; onEnd: () => void }) {
  const lastUsed = new Date(session.lastUsedAt);
  const signedIn = new Date(session.createdAt);
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <span className="break-words">{session.device}</span>
          {session.current && <Badge variant="secondary">Denne enheten</Badge>}
        </p>
        <p className="mt-1 text-sm text-muted">
          Sist brukt <time dateTime={lastUsed.toISOString()}>{formatLongDateTime(lastUsed)}</time>
          <span aria-hidden="true" className="max-sm:hidden">
            {' '}
            ·{' '}
          </span>
          <span className="max-sm:block">
            Logget inn <time dateTime={signedIn.toISOString()}>{formatLongDate(signedIn)}</time>
          </span>
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-center" disabled={pending} onClick={onEnd}>
          Logg ut
          <span className="sr-only">
            {' '}
            {session.device}, sist brukt {formatLongDateTime(lastUsed)}
          </span>
        </Button>
      )}
    </li>
  );
}
