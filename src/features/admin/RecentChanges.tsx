import { useInfiniteQuery } from '@tanstack/react-query';
import { actionLabels, actorText, changeLines, targetText } from './admin-audit';
import { type AdminAuditEntry, adminAuditQuery } from './admin.queries';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { QueryError, QueryState } from '../../components/ui/QueryState';
import { formatShortDateTime } from '../../lib/format';

/**
 * 'Siste endringer' on the superuser's Dashboard: the latest content and user changes,
 * newest first, from GET /api/admin/audit; 'Vis flere' reads the next page. Each entry is a list
 * item with its own heading (what was done), so a screen reader can jump between them.
 */
export function RecentChanges() {
  const audit = useInfiniteQuery(adminAuditQuery);
  // A failed 'Vis flere' keeps the pages already shown (react-query then reports an error with data).
  const list = {
    isPending: audit.isPending,
    isError: audit.isError && audit.data === undefined,
    data: audit.data,
    error: audit.error,
    refetch: audit.refetch,
  };
  return (
    <Card asChild>
      <section aria-labelledby="recent-changes-heading">
        <CardHeader>
          <CardTitle id="recent-changes-heading">Siste endringer</CardTitle>
          <CardDescription>Endringer i kurs, moduler, leksjoner, videoer og brukere, nyeste først.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryState
            query={list}
            loading="Laster endringer..."
            error="Kunne ikke hente endringene."
            isEmpty={(data) => data.pages.every((page) => page.entries.length === 0)}
            empty="Ingen endringer ennå."
          >
            {(data) => (
              <ol className="grid gap-3">
                {data.pages
                  .flatMap((page) => page.entries)
                  .map((entry) => (
                    <Change key={`${entry.source}:${entry.id}`} entry={entry} />
                  ))}
              </ol>
            )}
          </QueryState>
          {audit.isFetchNextPageError && <QueryError text="Kunne ikke hente flere endringer." onRetry={() => void audit.fetchNextPage()} />}
          {audit.hasNextPage && (
            <div>
              <Button variant="outline" size="sm" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                {audit.isFetchingNextPage ? 'Laster...' : 'Vis flere'}
              </Button>
            </div>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

function Change({ entry }: { entry: AdminAuditEntry }) {
  const who = actorText(entry);
  const lines = changeLines(entry);
  return (
    <li className="grid min-w-0 gap-1 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-ink">{actionLabels[entry.action] ?? entry.action}</h3>
        <time dateTime={entry.createdAt} className="text-sm text-muted">
          {formatShortDateTime(entry.createdAt)}
        </time>
      </div>
      {/* Titles may hold long unbroken tokens (an admin can write anything): wrap anywhere on a phone. */}
      <p className="text-sm text-ink [overflow-wrap:anywhere]">{targetText(entry.target)}</p>
      <p className="text-sm text-muted [overflow-wrap:anywhere]">
        av {who.name}
        {who.email && <span className="break-all"> ({who.email})</span>}
      </p>
      {lines.length > 0 && (
        <dl className="grid gap-0.5 text-sm">
          {lines.map((line) => (
            <div key={line.field} className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-ink">{line.label}:</dt>
              <dd className="min-w-0 text-muted [overflow-wrap:anywhere]">{line.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
