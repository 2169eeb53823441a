import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/AlertDialog';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { QueryState } from '../../components/ui/QueryState';
import { cancelInvitationMutation, type Invitation, invitationsQuery, resendInvitationMutation } from './company.queries';
import { formatDay, invitationStatusLabels } from './company-rules';
import { CompanySection } from './CompanySection';
import { EmailAddress } from '../../components/ui/EmailAddress';

const tone: Record<Invitation['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  accepted: 'bg-emerald-50 text-emerald-900',
  cancelled: 'bg-slate-100 text-ink',
  expired: 'bg-slate-100 text-ink',
};

/**
 * 'Invitasjoner': every invitation with its status; a pending or expired one can be sent again, a
 * pending one withdrawn after a confirmation (its link stops working at once).
 */
export function InvitationsCard({ companyId }: { companyId: string }) {
  const query = useQuery(invitationsQuery(companyId));
  const client = useQueryClient();
  const resend = useMutation(resendInvitationMutation(client, companyId));
  const cancel = useMutation(cancelInvitationMutation(client, companyId));
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  return (
    <CompanySection title="Invitasjoner">
      <QueryState
        query={query}
        loading="Laster invitasjonene …"
        error="Kunne ikke hente invitasjonene."
        isEmpty={(data) => data.invitations.length === 0}
        empty="Ingen invitasjoner ennå."
      >
        {({ invitations }) => (
          <ul className="divide-y divide-slate-100">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    <EmailAddress email={invitation.email} />
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                    <Badge className={tone[invitation.status]}>{invitationStatusLabels[invitation.status]}</Badge>
                    <span>Sendt {formatDay(invitation.lastSentAt)}</span>
                    {invitation.status === 'pending' && <span>Gyldig til {formatDay(invitation.expiresAt)}</span>}
                  </p>
                </div>
                {(invitation.status === 'pending' || invitation.status === 'expired') && (
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={resend.isPending && resend.variables === invitation.id}
                      onClick={() => resend.mutate(invitation.id)}
                    >
                      Send på nytt<span className="sr-only"> til {invitation.email}</span>
                    </Button>
                    {invitation.status === 'pending' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={cancel.isPending && cancel.variables === invitation.id}
                        onClick={() => setWithdrawing(invitation)}
                      >
                        Trekk tilbake<span className="sr-only"> invitasjonen til {invitation.email}</span>
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <AlertDialog open={withdrawing !== null} onOpenChange={(open) => !open && setWithdrawing(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Trekke tilbake invitasjonen til {withdrawing?.email}?</AlertDialogTitle>
            <AlertDialogDescription>Lenken i e-posten slutter å virke med en gang. Du kan invitere adressen på nytt senere.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Avbryt</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => withdrawing && cancel.mutate(withdrawing.id)}>
              Trekk tilbake invitasjonen
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </CompanySection>
  );
}
