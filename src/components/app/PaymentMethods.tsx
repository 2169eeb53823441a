import { type ReactNode, useId } from 'react';
import { Badge } from '../ui/Badge';

export function PaymentMethods<T extends string>({
  providers,
  value,
  onChange,
  alwaysChoose = false,
  note,
}: {
  providers: { id: T; label: string }[];
  value: T | null;
  onChange: (provider: T) => void;
  alwaysChoose?: boolean;
  note?: ReactNode;
}) {
  const id = useId();
  const testNote = providers.some((p) => p.id === 'test') && (
    <p className="mt-2 text-sm text-muted">Testbetaling er bare for utvikling og testing: ingen penger trekkes.</p>
  );
  const [only] = providers;
  if (providers.length === 1 && only && !alwaysChoose) {
    return (
      <div>
        <p className="text-ink">
          Betalingsmåte: <strong>{only.label}</strong> {only.id === 'test' && <TestBadge silent={only.label === 'Testbetaling'} />}
        </p>
        {note}
        {testNote}
      </div>
    );
  }
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-ink">Betalingsmåte</legend>
      <div className="mt-3 space-y-2">
        {providers.map((p) => (
          <div
            key={p.id}
            className="flex items-center gap-3 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              id={`${id}-${p.id}`}
              name="provider"
              value={p.id}
              checked={value === p.id}
              onChange={() => onChange(p.id)}
              className="size-4 accent-brand-600"
            />
            <label htmlFor={`${id}-${p.id}`} className="flex flex-1 flex-wrap items-center gap-2 text-ink">
              {p.label} {p.id === 'test' && <TestBadge silent={p.label === 'Testbetaling'} />}
            </label>
          </div>
        ))}
      </div>
      {note}
      {testNote}
    </fieldset>
  );
}

/** The visible mark of the test provider; silent to screen readers when the label already says it. */
export function TestBadge({ silent }: { silent: boolean }) {
  return (
    <Badge className="bg-amber-100 text-amber-900" aria-hidden={silent || undefined}>
      Testbetaling
    </Badge>
  );
}
