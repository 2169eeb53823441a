import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../components/ui/cn';

/**
 * A description clamped to two lines, with a 'Vis mer' / 'Vis mindre' toggle that appears
 * only when the text does not fit (measured once mounted, and again when the width changes).
 */
export function ClampedText({ text, className }: { text: string; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  // Rendered on the server, the text cannot be measured: the toggle is there from the first paint
  // (course descriptions rarely fit two lines) and goes if the text turns out to fit, rather than
  // appearing after hydration and pushing everything below it down.
  const [overflows, setOverflows] = useState(true);

  useEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, text]);

  return (
    <div className={className}>
      <p id={id} ref={ref} className={cn('text-sm text-muted', !expanded && 'line-clamp-2')}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
          className="relative mt-1 rounded-sm text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {expanded ? 'Vis mindre' : 'Vis mer'}
        </button>
      )}
    </div>
  );
}
