import { useStore } from '@nanostores/react';
import { Toast } from 'radix-ui';
import { $toast, dismissToast } from '../../stores/toast';
import { cn } from './cn';

/** Closes by itself after this long (spec, section 9). */
export const TOAST_DURATION_MS = 5000;

/**
 * The notification area (Radix Toast): one toast at a time, closes after 5 s,
 * swipe right 50 px to dismiss, F8 focuses it. Mount once per page, in the root island.
 */
export function Toaster() {
  const current = useStore($toast);
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
      {/* Top on phones, where a dialog's buttons sit at the bottom of the screen; bottom right from 640 px. */}
      <Toast.Viewport
        label="Varsler ({hotkey})"
        className="fixed right-0 top-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:bottom-0 sm:top-auto"
      />
    </Toast.Provider>
  );
}
