import type { AssistantUsage } from './admin.queries';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';

const numberFormat = new Intl.NumberFormat('nb-NO');
const dayFormat = new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * The assistant's usage (beyond the spec): messages and tokens this month, 30 days
 * as a small bar chart (plain SVG, hidden from assistive technology) with the same
 * figures in a table, and the top users by tokens.
 */
export function AssistantUsageCard({ usage }: { usage: AssistantUsage }) {
  const max = Math.max(1, ...usage.daily.map((d) => d.tokens));
  const width = 300;
  const height = 80;
  const bar = width / Math.max(1, usage.daily.length);
  return (
    <Card asChild>
      <section aria-labelledby="assistant-usage-heading">
        <CardHeader>
          <CardTitle id="assistant-usage-heading">KI-assistentens bruk</CardTitle>
          <CardDescription>
            Denne måneden: {numberFormat.format(usage.month.messages)} meldinger og {numberFormat.format(usage.month.tokens)} tokens
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <svg viewBox={`0 0 ${width} ${height}`} className="h-24 w-full" aria-hidden="true" preserveAspectRatio="none">
            {usage.daily.map((d, i) => {
              const h = (d.tokens / max) * (height - 2);
              return <rect key={d.date} x={i * bar + 1} y={height - h} width={Math.max(1, bar - 2)} height={h} className="fill-brand-600" />;
            })}
          </svg>
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Vis tallene per dag (siste 30 dager)</summary>
            <div className="mt-2 max-h-64 overflow-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Meldinger og tokens per dag, siste 30 dager</caption>
                <thead>
                  <tr>
                    <th scope="col">Dag</th>
                    <th scope="col">Meldinger</th>
                    <th scope="col">Tokens</th>
                  </tr>
                </thead>
                <tbody>
                  {usage.daily.map((d) => (
                    <tr key={d.date}>
                      <th scope="row" className="font-normal">
                        {day(d.date)}
                      </th>
                      <td>{numberFormat.format(d.messages)}</td>
                      <td>{numberFormat.format(d.tokens)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold text-ink">Mest brukt av (denne måneden)</h3>
            {usage.topUsers.length === 0 ? (
              <p className="text-sm text-muted">Ingen bruk denne måneden.</p>
            ) : (
              <ol className="grid gap-1 text-sm">
                {usage.topUsers.map((u) => (
                  <li key={u.userId} className="flex flex-wrap justify-between gap-2">
                    <span className="break-all text-ink">
                      {u.name} ({u.email})
                    </span>
                    <span className="text-muted">
                      {numberFormat.format(u.messages)} meldinger, {numberFormat.format(u.tokens)} tokens
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </CardContent>
      </section>
    </Card>
  );
}
