import type { NavigationState } from './player-lessons';
import { Button } from '../../components/ui/Button';

/**
 * Previous, Complete and Next. Previous is disabled on the first lesson, Next on the
 * last. An unwatched video holds Complete and Next back: they stay focusable
 * (aria-disabled) so a press can say why, and the reason is shown under them. A locked lesson
 * cannot be completed; Next still moves on through the course. A completed lesson
 * says so ('Fullført', disabled) instead of offering to complete it again.
 */
export function LessonNavigation({
  state,
  pending,
  onPrevious,
  onComplete,
  onNext,
}: {
  state: NavigationState;
  pending: boolean;
  onPrevious: () => void;
  onComplete: () => void;
  onNext: () => void;
}) {
  const held = state.blockedByVideo;
  const heldProps = held ? { 'aria-disabled': true as const, 'aria-describedby': 'video-krav', className: 'opacity-60' } : {};
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      {/* data-toast-avoid: the player's toasts are about these buttons, so they never cover them (Toaster.tsx). */}
      <div className="flex flex-wrap items-center justify-between gap-2" data-toast-avoid>
        <Button variant="outline" onClick={onPrevious} disabled={!state.hasPrevious}>
          <span aria-hidden="true">←</span> Forrige
        </Button>
        <div className="flex flex-wrap gap-2">
          {state.completed && !pending ? (
            <Button disabled>
              <span aria-hidden="true">✓</span> Fullført
            </Button>
          ) : (
            <Button onClick={onComplete} disabled={pending || state.locked} {...heldProps}>
              {pending ? 'Lagrer...' : 'Fullfør'}
            </Button>
          )}
          <Button variant="outline" onClick={onNext} disabled={!state.hasNext} {...(state.hasNext ? heldProps : {})}>
            Neste <span aria-hidden="true">→</span>
          </Button>
        </div>
      </div>
      {held && (
        <p id="video-krav" className="text-sm text-muted">
          Se minst 95 % av videoen før du fullfører leksjonen eller går videre.
        </p>
      )}
    </div>
  );
}
