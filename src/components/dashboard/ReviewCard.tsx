import { Card } from './Card';

const rows = [
  { title: 'Dagens repetisjon', text: '5 leksjoner klare for repetisjon', button: 'Start' },
  { title: 'Fullførte moduler', text: undefined, button: 'Se alle' },
  { title: 'Ukens utfordring', text: undefined, button: 'Delta' },
];

/** 'Repetisjonsmodul': three static rows, not wired to anything (spec). */
export function ReviewCard() {
  return (
    <Card title="Repetisjonsmodul">
      <ul className="mt-4 divide-y divide-slate-100">
        {rows.map((row) => (
          <li key={row.title} className="flex items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-ink">{row.title}</p>
              {row.text && <p className="text-sm text-muted">{row.text}</p>}
            </div>
            <button type="button" className="shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-ink hover:bg-slate-50">
              {row.button}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
