/** Every row full at every width; the class names are written out in full so Tailwind finds them. */
export function cardColumns(count: number): string {
  if (count <= 1) return '';
  if (count === 2) return 'sm:grid-cols-2';
  if (count === 3) return 'md:grid-cols-3';
  if (count === 4) return 'sm:grid-cols-2 lg:grid-cols-4';
  if (count % 3 === 0) return 'sm:grid-cols-2 lg:grid-cols-3';
  if (count % 4 === 0) return 'sm:grid-cols-2 lg:grid-cols-4';
  if (count % 2 === 0) return 'sm:grid-cols-2';
  // An odd count that no column count divides: the last row is as full as it can be.
  return 'sm:grid-cols-2 lg:grid-cols-3';
}

/** Key figures (a `<dl>` of value and label): short, so two fit side by side on a phone when the count is even. */
export function statColumns(count: number): string {
  if (count === 2) return 'grid-cols-2';
  if (count === 3) return 'sm:grid-cols-3';
  if (count === 4) return 'grid-cols-2 lg:grid-cols-4';
  return cardColumns(count);
}
