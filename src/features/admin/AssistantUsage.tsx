import type { AssistantUsage } from './admin.queries';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { countOf, formatCalendarDayShort, formatCount } from '../../lib/format';

const tokens = (n: number) => countOf(n, 'token', 'tokens');

/** The two kinds of answer, as the chart colours and the legend name them. */
const SERIES = [
  { key: 'offlineAnswers', label: 'Besvart offline', fill: 'fill-brand-600', swatch: 'bg-brand-600' },
  { key: 'modelAnswers', label: 'Besvart med KI-modell', fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
] as const;

/** 'Denne måneden: 12 spørsmål, 10 besvart offline og 2 med KI-modell (3 400 tokens)'; tokens only when a model answered. */
export function monthSummary(month: AssistantUsage['month']): string {
  const split =
    month.questions === 0
      ? ''
      : month.modelAnswers === 0
        ? ', alle besvart offline'
        : month.offlineAnswers === 0
          ? ', alle besvart med KI-modell'
          : `, ${formatCount(month.offlineAnswers)} besvart offline og ${formatCount(month.modelAnswers)} med KI-modell`;
  const used = month.tokens > 0 ? ` (${tokens(month.tokens)})` : '';
  return `Denne måneden: ${formatCount(month.questions)} spørsmål${split}${used}`;
}

/** Plain SVG named as an image, with the figures in a table for screen readers; tokens only when a model answered. */
export function AssistantUsageCard({ usage }: { usage: AssistantUsage }) {
  const max = Math.max(1, ...usage.daily.map((d) => d.questions));
  const width = 300;
  const height = 80;
  const bar = width / Math.max(1, usage.daily.length);
  const withTokens = usage.month.tokens > 0 || usage.daily.some((d) => d.tokens > 0);
  const busiest = usage.daily.reduce((a, d) => Math.max(a, d.questions), 0);
  return (
    <Card asChild>
      <section aria-labelledby="assistant-usage-heading">
        <CardHeader>
          <CardTitle id="assistant-usage-heading">KI-assistentens bruk</CardTitle>
          <CardDescription>{monthSummary(usage.month)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="h-24 w-full"
            role="img"
            aria-label={`Spørsmål per dag, siste 30 dager: ${busiest === 0 ? 'ingen ennå' : `flest ${formatCount(busiest)} på én dag`}`}
            preserveAspectRatio="none"
          >
            {usage.daily.map((d, i) => {
              let top = height;
              return SERIES.map((series) => {
                const h = (d[series.key] / max) * (height - 2);
                if (h <= 0) return null;
                top -= h;
                return (
                  <rect
                    key={`${d.date}-${series.key}`}
                    data-date={d.date}
                    x={i * bar + 1}
                    y={top}
                    width={Math.max(1, bar - 2)}
                    height={h}
                    className={series.fill}
                  />
                );
              });
            })}
          </svg>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-label="Forklaring">
            {SERIES.map((series) => (
              <li key={series.key} className="flex items-center gap-2">
                <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${series.swatch}`} />
                {series.label}
              </li>
            ))}
          </ul>
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Vis tallene per dag (siste 30 dager)</summary>
            {/* Scrolls on its own: reachable by keyboard, and named for it (as the other admin tables). */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <div role="region" aria-label="Tabell: Spørsmål per dag" tabIndex={0} className="mt-2 max-h-64 overflow-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Spørsmål per dag, siste 30 dager, og hvordan de ble besvart</caption>
                <thead>
                  <tr>
                    <th scope="col">Dag</th>
                    <th scope="col">Spørsmål</th>
                    <th scope="col">Offline</th>
                    <th scope="col">Med KI-modell</th>
                    {withTokens && <th scope="col">Tokens</th>}
                  </tr>
                </thead>
                <tbody>
                  {usage.daily.map((d) => (
                    <tr key={d.date}>
                      <th scope="row" className="font-normal">
                        {formatCalendarDayShort(d.date)}
                      </th>
                      <td>{formatCount(d.questions)}</td>
                      <td>{formatCount(d.offlineAnswers)}</td>
                      <td>{formatCount(d.modelAnswers)}</td>
                      {withTokens && <td>{formatCount(d.tokens)}</td>}
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
                      {formatCount(u.questions)} spørsmål
                      {u.tokens > 0 && `, ${tokens(u.tokens)}`}
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
