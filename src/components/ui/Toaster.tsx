import { useStore } from '@nanostores/react';
import { Toast } from 'radix-ui';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { $toast, dismissToast } from '../../stores/toast';
import { cn } from './cn';

/** Closes by itself after this long (spec, section 9). */
export const TOAST_DURATION_MS = 5000;

/** Mount once per page, in the root island. */
export function Toaster() {
  const current = useStore($toast);
  const viewport = useRef<HTMLOListElement>(null);
  const edge = useClearEdge(viewport, current?.id);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Varsel">
      {current && (
        <Toast.Root
          key={current.id}
          defaultOpen
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          className={cn(
            'toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            current.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
            {current.description && <Toast.Description className="text-sm opacity-90">{current.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Lukk" className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100">
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Toast.Close>
        </Toast.Root>
      )}
      {/* Top on phones, where a dialog's buttons sit at the bottom of the screen; bottom right from 640 px; the other edge when that one would cover the buttons a toast is about. */}
      <Toast.Viewport
        ref={viewport}
        label="Varsler ({hotkey})"
        className={cn(
          'fixed right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none',
          edge === null && 'top-0 sm:bottom-0 sm:top-auto',
          edge === 'top' && 'top-0 bottom-auto',
          edge === 'bottom' && 'bottom-0 top-auto',
        )}
      />
    </Toast.Provider>
  );
}

type Edge = 'top' | 'bottom';
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Keeps toasts off the buttons they are about (`data-toast-avoid`); null: the usual edge, which CSS decides by width. */
function useClearEdge(viewport: RefObject<HTMLOListElement | null>, toastId: number | undefined): Edge | null {
  const [placed, setPlaced] = useState<{ toastId: number; edge: Edge } | null>(null);
  useLayoutEffect(() => {
    if (toastId === undefined) return;
    const place = () => {
      const list = viewport.current;
      const avoid = [...document.querySelectorAll('[data-toast-avoid]')].map((el) => el.getBoundingClientRect());
      if (!list || avoid.length === 0) return;
      const box = list.getBoundingClientRect();
      const usual: Edge = window.matchMedia('(min-width: 40rem)').matches ? 'bottom' : 'top';
      const at = (e: Edge): Box =>
        e === 'top'
          ? { left: box.left, right: box.right, top: 0, bottom: box.height }
          : { left: box.left, right: box.right, top: innerHeight - box.height, bottom: innerHeight };
      const covers = (e: Edge) => avoid.some((rect) => overlaps(at(e), rect));
      const other: Edge = usual === 'top' ? 'bottom' : 'top';
      setPlaced({ toastId, edge: covers(usual) && !covers(other) ? other : usual });
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [viewport, toastId]);
  // A placement belongs to its toast: the next one starts at the usual edge.
  return placed !== null && placed.toastId === toastId ? placed.edge : null;
}
