import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, toast } from '../../stores/toast';
import { TOAST_DURATION_MS, Toaster } from './Toaster';

beforeAll(() => {
  // Pointer capture is not simulated by happy-dom; Radix calls it while swiping.
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  $toast.set(null);
  vi.useRealTimers();
});

const show = (title: string, description?: string, variant?: 'destructive') =>
  act(() => {
    toast({ title, description, variant });
  });

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);
    show('Første');
    expect(screen.getAllByText('Første').length).toBeGreaterThan(0);
    show('Andre', 'Mer tekst');
    expect(screen.queryAllByText('Første')).toHaveLength(0);
    expect(screen.getByRole('listitem').textContent).toContain('AndreMer tekst');
  });

  it(`closes by itself after ${TOAST_DURATION_MS} ms`, () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    render(<Toaster />);
    show('Lagret');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByRole('listitem')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect($toast.get()).toBeNull();
  });

  it('is dismissed by a swipe of more than 50 px to the right, not by a shorter one', () => {
    render(<Toaster />);
    show('Sveip meg');
    const item = screen.getByRole('listitem');
    const swipe = (to: number) => {
      fireEvent.pointerDown(item, { button: 0, clientX: 0, clientY: 0, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 5, clientY: 0, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: to, clientY: 0, pointerId: 1 });
      fireEvent.pointerUp(item, { clientX: to, clientY: 0, pointerId: 1 });
    };
    swipe(30);
    expect(screen.queryByRole('listitem')).not.toBeNull();
    swipe(80);
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('moves focus to the notification area on F8', () => {
    render(<Toaster />);
    show('Hei');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement?.closest('[aria-label="Varsler (F8)"]')).not.toBeNull();
  });

  it('marks errors with the destructive style', () => {
    render(<Toaster />);
    show('Feil', 'Kunne ikke oppdatere fremdrift', 'destructive');
    expect(screen.getByRole('listitem').className).toContain('bg-red-700');
  });
});
