import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LockedLesson } from './LockedLesson';

describe('LockedLesson', () => {
  it('says how many lessons are free to open, as the course has them', () => {
    const text = (openLessons: number) => {
      const { unmount } = render(<LockedLesson purchasePath="/kasse/kurs" openLessons={openLessons} />);
      const said = screen.getByText(/^Kjøp kurset for å åpne alle leksjonene\./).textContent;
      unmount();
      return said;
    };
    expect(text(1)).toBe('Kjøp kurset for å åpne alle leksjonene. Den første leksjonen kan du se gratis.');
    expect(text(3)).toBe('Kjøp kurset for å åpne alle leksjonene. 3 av leksjonene kan du se gratis.');
    expect(text(0)).toBe('Kjøp kurset for å åpne alle leksjonene.');
  });

  it('leads to the checkout', () => {
    render(<LockedLesson purchasePath="/kasse/kurs" openLessons={1} />);
    expect(screen.getByRole('heading', { name: 'Denne leksjonen er låst' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kjøp kurset' }).getAttribute('href')).toBe('/kasse/kurs');
  });
});
