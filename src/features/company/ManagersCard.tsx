import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
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
import { Button } from '../../components/ui/Button';
import { QueryState } from '../../components/ui/QueryState';
import { type Manager, managersQuery, removeManagerMutation } from './company.queries';
import { LAST_MANAGER } from './company-rules';
import { CompanySection } from './CompanySection';
import { EmailAddress } from '../../components/ui/EmailAddress';

/**
 * 'Ledere': the company's managers, each removable after a confirmation, the last one not (the
 * server refuses it too, with the same sentence). A person becomes a manager from 'Ansatte'.
 */
export function ManagersCard({ companyId, companyName, userId }: { companyId: string; companyName: string; userId: string }) {
  const hintId = useId();
  const query = useQuery(managersQuery(companyId));
  const client = useQueryClient();
  const remove = useMutation(removeManagerMutation(client, companyId));
  const [removing, setRemoving] = useState<Manager | null>(null);
  const self = removing?.userId === userId;
  return (
    <CompanySection
      title="Ledere"
      description="Ledere administrerer plassene: de inviterer ansatte, tar tilbake plasser, kjøper flere og gjør andre til ledere."
    >
      <QueryState query={query} loading="Laster lederne …" error="Kunne ikke hente lederne.">
        {({ managers }) => {
          const last = managers.length <= 1;
          return (
            <>
              <ul className="divide-y divide-slate-100">
                {managers.map((manager) => (
                  <li key={manager.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-medium text-ink [overflow-wrap:anywhere]">
                        {manager.name}
                        {manager.userId === userId && <span className="font-normal text-muted"> (deg)</span>}
                      </p>
                      <p className="text-sm text-muted">
                        <EmailAddress email={manager.email} />
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="shrink-0 self-start text-danger sm:self-center"
                      disabled={last || (remove.isPending && remove.variables === manager.userId)}
                      aria-describedby={last ? hintId : undefined}
                      onClick={() => setRemoving(manager)}
                    >
                      Fjern som leder<span className="sr-only"> ({manager.name})</span>
                    </Button>
                  </li>
                ))}
              </ul>
              {last && (
                <p id={hintId} className="mt-2 text-sm text-muted">
                  {LAST_MANAGER}
                </p>
              )}
              <p className="mt-3 text-sm text-muted">Gjør en ansatt til leder med «Gjør til leder» i listen over ansatte.</p>
            </>
          );
        }}
      </QueryState>
      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{self ? 'Fjerne deg selv som leder?' : <>Fjerne {removing?.name} som leder?</>}</AlertDialogTitle>
            <AlertDialogDescription>
              {self ? (
                <>Du kan ikke lenger administrere plassene til {companyName}. En plass du har i bedriften, beholder du.</>
              ) : (
                <>
                  {removing?.name} kan ikke lenger administrere plassene til {companyName}. En plass i bedriften beholder {removing?.name}.
                </>
              )}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Avbryt</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => removing && remove.mutate(removing.userId)}>
              Fjern som leder
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </CompanySection>
  );
}
