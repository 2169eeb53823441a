import { useQuery } from '@tanstack/react-query';
import { revenueQuery } from './orders.queries';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { QueryState } from '../../components/ui/QueryState';
import { formatCount, formatKroner, formatMonth } from '../../lib/format';

/**
 * 'Omsetning per måned' on the superuser's Dashboard: paid orders by month of payment,
 * the last 12 months, newest first. Part of the dashboard's lazy chunk, so it is read only when
 * that tab is open.
 */
export function RevenueTable() {
  const revenue = useQuery(revenueQuery);
  return (
    <Card asChild className="min-w-0">
      <section aria-labelledby="revenue-heading">
        <CardHeader>
          <CardTitle id="revenue-heading">Omsetning per måned</CardTitle>
          <CardDescription>Betalte ordrer etter betalingsmåned, siste 12 måneder. Beløpene er inklusive mva.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={revenue}
            loading="Laster omsetning..."
            error="Kunne ikke hente omsetningen."
            isEmpty={(months) => months.length === 0}
            empty="Ingen salg ennå."
          >
            {(months) => (
              // Narrow phones scroll the table inside its own region.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              <div role="region" aria-label="Tabell: Omsetning per måned" tabIndex={0} className="overflow-x-auto">
                <table className="w-full min-w-[30rem] text-sm">
                  <caption className="sr-only">Omsetning per måned, nyeste først</caption>
                  <thead className="border-b border-slate-200 text-muted">
                    <tr>
                      <th scope="col" className="py-2 pr-3 text-left font-medium">
                        Måned
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Ordrer
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Brutto
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Refundert
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Netto
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {months.map((m) => (
                      <tr key={m.month} className="border-b border-slate-100 last:border-0">
                        <th scope="row" className="py-2 pr-3 text-left font-normal text-ink">
                          {formatMonth(m.month)}
                        </th>
                        <td className="py-2 pr-3 text-right">{formatCount(m.orders)}</td>
                        <td className="py-2 pr-3 text-right whitespace-nowrap">{formatKroner(m.grossOre)}</td>
                        <td className="py-2 pr-3 text-right whitespace-nowrap">{formatKroner(m.refundedOre)}</td>
                        <td className="py-2 text-right font-semibold whitespace-nowrap text-ink">{formatKroner(m.netOre)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </QueryState>
        </CardContent>
      </section>
    </Card>
  );
}
