import { Button } from '../../components/ui/Button';

function Arrow({ up }: { up: boolean }) {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
      <path d={up ? 'M10 15V5M5 10l5-5 5 5' : 'M10 5v10M5 10l5 5 5-5'} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Move up / move down, each named for the item ('Flytt modulen «X» opp'); the first cannot go up, the last not down. */
export function MoveButtons({
  what,
  title,
  index,
  count,
  pending,
  onMove,
}: {
  what: 'modulen' | 'leksjonen';
  title: string;
  index: number;
  count: number;
  pending: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  return (
    <div className="flex gap-1">
      <Button size="icon" variant="ghost" aria-label={`Flytt ${what} «${title}» opp`} disabled={pending || index === 0} onClick={() => onMove('up')}>
        <Arrow up />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Flytt ${what} «${title}» ned`}
        disabled={pending || index === count - 1}
        onClick={() => onMove('down')}
      >
        <Arrow up={false} />
      </Button>
    </div>
  );
}
