import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useEffectEvent } from 'react';
import { currentUserQuery } from '../../lib/learning.queries';
import { goToSignIn } from '../../lib/session-expired';
import type { CurrentUser } from '../../schemas/auth';
import { QueryError } from '../ui/QueryState';

export type Role = CurrentUser['role'];

export type Access = 'user' | readonly Role[];

/** The admin spec's sentence for anyone else on /admin (section 6). */
export const ADMIN_NO_ACCESS_TEXT = 'Kun administratorer og superbrukere har tilgang til administrasjonsdashboardet.';

export function hasAccess(user: CurrentUser, allow: Access): boolean {
  return allow === 'user' || allow.includes(user.role);
}

export interface AccessGateProps {
  allow: Access;
  /** Default: a full-page trip to `/api/login?next=…`. */
  onAnonymous?: () => void;
  /** Rendered for an anonymous visitor; default: the placeholder (a redirect is under way). */
  anonymous?: ReactNode;
  pending?: ReactNode;
  /** Rendered when the user could not be read (not a 401); default: a message with 'Prøv igjen'. */
  failed?: ReactNode;
  noAccessText?: string;
  /** The page, given the signed-in user. Never rendered before the user is known and allowed. */
  children: (user: CurrentUser) => ReactNode;
}

/** Until the server has answered, only a placeholder renders, so a protected page never flashes its markup to an anonymous visitor. */
export function AccessGate({
  allow,
  onAnonymous = goToSignIn,
  anonymous,
  pending = <AccessPending />,
  failed,
  noAccessText = 'Du har ikke tilgang til denne siden.',
  children,
}: AccessGateProps) {
  const query = useQuery(currentUserQuery);
  const isAnonymous = query.isSuccess && query.data === null;

  // Once per change to anonymous; a new callback on a re-render must not repeat it.
  const leave = useEffectEvent(onAnonymous);
  useEffect(() => {
    if (isAnonymous) leave();
  }, [isAnonymous]);

  if (query.isPending) return pending;
  if (query.isError) {
    return failed === undefined ? <QueryError text="Kunne ikke sjekke hvem som er logget inn." onRetry={() => void query.refetch()} /> : failed;
  }
  const user = query.data;
  if (!user) return anonymous === undefined ? pending : anonymous;
  if (!hasAccess(user, allow)) return <NoAccess text={noAccessText} />;
  return children(user);
}

export function AccessPending() {
  return <div data-access="pending" aria-busy="true" className="min-h-[50vh]" />;
}

export function NoAccess({ title = 'Ingen tilgang', text }: { title?: string; text: string }) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-2 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <p className="text-muted">{text}</p>
    </main>
  );
}
