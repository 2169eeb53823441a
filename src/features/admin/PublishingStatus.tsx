import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { publishAgainMutation, publishingQuery, type PublishingView } from './admin.queries';
import { formatClock, formatNumericDate } from '../../lib/format';

/** On arrival it shows the last request if it failed, so a failure is not lost on reload; a live region announces the outcome. */

/** Shown beside every field the prerendered pages read (course and module titles). */
export const PUBLISHED_FIELD_HINT = 'Vises på nettsiden etter neste publisering';

/** 'kl. 14:03' today, '24.11.2026 kl. 14:03' on another day (Oslo time). */
export function publishingTime(iso: string, now = new Date()): string {
  const day = formatNumericDate(iso);
  const time = `kl. ${formatClock(iso)}`;
  return day === formatNumericDate(now) ? time : `${day} ${time}`;
}

/** What the status says: a sentence, its time (ISO, shown in Oslo time) and the rest, and whether 'Prøv igjen' is offered. */
export interface PublishingMessage {
  tone: 'info' | 'warning';
  /** The first sentence, without its time. */
  lead: string;
  at?: string;
  rest: string;
  retry: boolean;
}

/** The sentences for a state, or null when there is nothing to say (no edit in this visit and no failure on record). */
export function publishingMessage(view: PublishingView): PublishingMessage | null {
  if (!view.hookConfigured) {
    if (!view.changedAt) return null;
    return {
      tone: 'info',
      lead: 'Endringen er lagret og vises i kursene med en gang.',
      rest: 'Automatisk publisering er ikke satt opp, så de offentlige sidene viser den etter neste publisering.',
      retry: false,
    };
  }
  if (!view.last) return null;
  if (view.last.status === 'requested') {
    // On arrival a request on record is old news; a failure is not (it still waits to be asked again).
    if (!view.changedAt) return null;
    return {
      tone: 'info',
      lead: 'Ny publisering av nettsiden ble bestilt',
      at: view.last.at,
      rest: 'De offentlige sidene er oppdatert om noen minutter.',
      retry: false,
    };
  }
  return {
    tone: 'warning',
    lead: 'Kunne ikke be om ny publisering av nettsiden',
    at: view.last.at,
    rest: 'Endringen er lagret, men de offentlige sidene viser den ikke før nettsiden er publisert på nytt.',
    retry: true,
  };
}

export function PublishingStatus() {
  const client = useQueryClient();
  const query = useQuery(publishingQuery);
  const again = useMutation(publishAgainMutation(client));
  const shown = query.data ? publishingMessage(query.data) : null;
  return (
    // Always in the page (empty until there is something to say), so a change is announced.
    <div role="status" aria-label="Publisering av nettsiden">
      {shown && (
        <div
          className={cn(
            'mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm',
            shown.tone === 'warning' ? 'border-amber-300 bg-amber-50 text-ink' : 'border-brand-100 bg-brand-50 text-ink',
          )}
        >
          <p className="min-w-0 flex-1 basis-64">
            {shown.lead}
            {shown.at && (
              <>
                {' '}
                <time dateTime={shown.at}>{publishingTime(shown.at)}</time>.
              </>
            )}{' '}
            {shown.rest}
          </p>
          {shown.retry && (
            <Button size="sm" variant="outline" className="bg-white" disabled={again.isPending} onClick={() => again.mutate()}>
              {again.isPending ? 'Prøver igjen...' : 'Prøv igjen'}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
