import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { isUnauthorizedError } from '../../lib/api';
import { sessionExpired } from '../../lib/session-expired';
import { type Account, savePreferencesMutation } from './account.queries';
import { AccountSection } from './AccountSection';
import { FormAlert, FormStatus } from '../../components/ui/form';
import { failureMessage } from '../../lib/form-errors';

/**
 * 'E-postvarsler' (/konto#innstillinger, the user menu's 'Innstillinger'): one switch, saved as
 * soon as it is flipped (PUT /api/account/preferences), then 'Lagret'. While the request runs the
 * switch shows the new state; a failure puts the saved one back.
 */
export function RemindersCard({ account }: { account: Account }) {
  const id = useId();
  const client = useQueryClient();
  const save = useMutation(savePreferencesMutation(client));
  const checked = save.isPending ? save.variables.reminders : account.preferences.reminders;

  return (
    <AccountSection id="innstillinger" title="E-postvarsler">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { ...account.preferences, reminders: event.target.checked },
              {
                onError: (error) => {
                  if (isUnauthorizedError(error)) sessionExpired();
                },
              },
            )
          }
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={id} className="text-ink">
          Påminnelser når jeg ikke har vært innom på en uke
        </label>
      </div>
      <div className="mt-3 grid gap-2">
        <FormAlert message={save.isError ? (failureMessage(save.error) ?? 'Kunne ikke lagre innstillingen.') : null} />
        <FormStatus>{save.isSuccess && 'Lagret'}</FormStatus>
      </div>
    </AccountSection>
  );
}
