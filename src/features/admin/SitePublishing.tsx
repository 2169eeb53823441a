import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { formatLongDateTime } from '../../lib/format';
import { publishingQuery } from './admin.queries';
import { siteBuildQuery, startBuildMutation } from './shop.queries';

/** How the site is published when no build hook is set (the same words as the API's 409). */
const NO_HOOK_TEXT =
  'Automatisk publisering er ikke satt opp. Nettsiden publiseres på nytt når en ny versjon legges ut fra git, eller når noen starter en ny publisering i Netlify.';

/**
 * For the superuser, above the tabs: when the public pages were last built (the live build's own
 * file), the last request for a new build, and 'Publiser nettsiden nå' through the build hook, or,
 * without a hook, how the site is published instead. A superuser-only lazy chunk.
 */
export default function SitePublishing() {
  const client = useQueryClient();
  const build = useQuery(siteBuildQuery);
  const state = useQuery(publishingQuery);
  const start = useMutation(startBuildMutation(client));
  const last = state.data?.last ?? null;
  return (
    <section aria-labelledby="site-publishing-heading" className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 id="site-publishing-heading" className="text-base font-semibold text-ink">
        Publisering av nettsiden
      </h2>
      <p className="text-ink">
        {build.data ? (
          <>
            Nettsiden ble sist bygget <time dateTime={build.data.builtAt}>{formatLongDateTime(new Date(build.data.builtAt))}</time>.
          </>
        ) : build.isError ? (
          'Fant ikke når nettsiden sist ble bygget.'
        ) : (
          'Henter når nettsiden sist ble bygget …'
        )}
        {last && (
          <>
            {' '}
            {last.status === 'requested' ? 'Ny publisering sist bestilt' : 'Siste forsøk på å bestille publisering mislyktes'}{' '}
            <time dateTime={last.at}>{formatLongDateTime(new Date(last.at))}</time>.
          </>
        )}
      </p>
      {state.data && !state.data.hookConfigured && <p className="text-muted">{NO_HOOK_TEXT}</p>}
      {state.data?.hookConfigured && (
        <div>
          <Button size="sm" disabled={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? 'Bestiller...' : 'Publiser nettsiden nå'}
          </Button>
        </div>
      )}
    </section>
  );
}
