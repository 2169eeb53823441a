import { useId } from 'react';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';

const rows = [
  { title: 'Dagens repetisjon', text: '5 leksjoner klare for repetisjon', button: 'Start' },
  { title: 'Fullførte moduler', text: undefined, button: 'Se alle' },
  { title: 'Ukens utfordring', text: undefined, button: 'Delta' },
];

/** 'Repetisjonsmodul': three static rows, not wired to anything (spec). */
export function ReviewCard() {
  const titleId = useId();
  return (
    <Card asChild>
      <section aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>Repetisjonsmodul</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-100">
            {rows.map((row) => (
              <li key={row.title} className="flex items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-ink">{row.title}</p>
                  {row.text && <p className="text-sm text-muted">{row.text}</p>}
                </div>
                <Button variant="outline" size="sm" className="shrink-0">
                  {row.button}
                </Button>
              </li>
            ))}
          </ul>
        </CardContent>
      </section>
    </Card>
  );
}
