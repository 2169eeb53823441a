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

describe('Toaster placement (issue 29)', () => {
  const rect = (top: number, bottom: number, left: number, right: number) =>
    ({ top, bottom, left, right, width: right - left, height: bottom - top, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

  it('moves to the other edge when the usual one would cover the buttons the toast is about, and back when it would not', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    vi.stubGlobal('innerHeight', 800);
    const buttons = document.createElement('div');
    buttons.dataset.toastAvoid = '';
    document.body.append(buttons);
    let buttonsAt = rect(720, 760, 0, 1024);
    buttons.getBoundingClientRect = () => buttonsAt;
    const original = HTMLOListElement.prototype.getBoundingClientRect;
    HTMLOListElement.prototype.getBoundingClientRect = () => rect(0, 120, 640, 1024);
    try {
      render(<Toaster />);
      const viewport = () => screen.getByRole('region').querySelector('ol')!;
      show('Video fullført!', 'Du kan nå fullføre leksjonen og gå videre.');
      // Bottom right would cover Fullfør/Neste at the foot of the screen: the toast goes to the top.
      expect(viewport().className).toContain('top-0 bottom-auto');
      // Scrolled so the buttons sit at the top: the usual bottom edge is clear again.
      buttonsAt = rect(10, 50, 0, 1024);
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
      expect(viewport().className).toContain('bottom-0 top-auto');
    } finally {
      HTMLOListElement.prototype.getBoundingClientRect = original;
      buttons.remove();
      vi.unstubAllGlobals();
    }
  });
});
