import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoleBadge, roleBadgeVariant } from './Badge';
import { Button } from './Button';
import { buttonVariants } from './button-variants';
import { Card, CardContent, CardHeader, CardTitle } from './Card';
import { cn } from './cn';
import { Input, Label } from './Input';
import { type QueryLike, QueryState } from './QueryState';

afterEach(cleanup);

describe('cn', () => {
  it('joins conditional classes and lets the later of two conflicting utilities win', () => {
    expect(cn('px-4 py-2', false, null, undefined, { 'font-bold': true, hidden: false })).toBe('px-4 py-2 font-bold');
    expect(cn('px-4 bg-brand-600 text-white', 'px-2 bg-white text-brand-900')).toBe('px-2 bg-white text-brand-900');
    expect(cn('text-sm text-muted', 'text-danger')).toBe('text-sm text-danger');
  });
});

describe('buttonVariants', () => {
  it('gives the primary look by default and lets className override a size', () => {
    const primary = buttonVariants();
    expect(primary).toContain('bg-brand-600');
    expect(primary).toContain('hover:bg-brand-700');
    expect(buttonVariants({ variant: 'primary' })).toBe(primary);
    const wide = buttonVariants({ size: 'lg', className: 'w-full px-4 py-2.5' }).split(' ');
    expect(wide).toEqual(expect.arrayContaining(['w-full', 'px-4', 'py-2.5', 'text-base']));
    expect(wide).not.toContain('px-5');
    expect(wide).not.toContain('py-3');
  });
});

describe('Button', () => {
  it('is a type="button" button unless asked otherwise, and lends its look to a link with asChild', () => {
    const onClick = vi.fn();
    render(
      <>
        <Button onClick={onClick}>Lagre</Button>
        <Button type="submit" variant="destructive">
          Slett
        </Button>
        <Button asChild size="sm">
          <a href="/course/x">Fortsett</a>
        </Button>
      </>,
    );
    const save = screen.getByRole('button', { name: 'Lagre' });
    expect(save.getAttribute('type')).toBe('button');
    fireEvent.click(save);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Slett' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Slett' }).className).toContain('bg-danger');
    const link = screen.getByRole('link', { name: 'Fortsett' });
    expect(link.getAttribute('href')).toBe('/course/x');
    expect(link.hasAttribute('type')).toBe(false);
    expect(link.className).toContain('px-3');
  });
});

describe('RoleBadge', () => {
  it('labels and styles each role as the admin spec says', () => {
    expect(roleBadgeVariant('superuser')).toBe('destructive');
    expect(roleBadgeVariant('admin')).toBe('default');
    expect(roleBadgeVariant('company_admin')).toBe('secondary');
    expect(roleBadgeVariant('individual')).toBe('outline');
    render(
      <>
        <RoleBadge userRole="superuser" />
        <RoleBadge userRole="admin" />
        <RoleBadge userRole="company_admin" />
        <RoleBadge userRole="individual" />
      </>,
    );
    expect(screen.getByText('Superbruker').className).toContain('bg-danger');
    expect(screen.getByText('Administrator').className).toContain('bg-brand-600');
    expect(screen.getByText('Bedriftsadmin').className).toContain('bg-brand-50');
    expect(screen.getByText('Individuell').className).toContain('ring-1');
  });
});

describe('Card', () => {
  it('can be a labelled region with its title as the heading', () => {
    render(
      <Card asChild>
        <section aria-labelledby="kurs-tittel">
          <CardHeader>
            <CardTitle id="kurs-tittel">Kurs</CardTitle>
          </CardHeader>
          <CardContent>Innhold</CardContent>
        </section>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Kurs' });
    expect(region.className).toContain('rounded-xl');
    expect(screen.getByRole('heading', { level: 2, name: 'Kurs' })).toBeTruthy();
  });
});

describe('Input and Label', () => {
  it('names the field by its label', () => {
    render(
      <>
        <Label htmlFor="epost">E-post</Label>
        <Input id="epost" aria-invalid />
      </>,
    );
    const input = screen.getByLabelText('E-post');
    expect(input.getAttribute('type')).toBe('text');
    expect(input.className).toContain('aria-invalid:border-danger');
  });
});

describe('QueryState', () => {
  const query = <T,>(state: Partial<QueryLike<T>>): QueryLike<T> => ({
    isPending: false,
    isError: false,
    data: undefined,
    error: null,
    refetch: vi.fn(),
    ...state,
  });
  const renderState = (q: QueryLike<string[]>) =>
    render(
      <QueryState query={q} loading="Loading..." error="Kunne ikke hente kursene dine." isEmpty={(d) => d.length === 0} empty="Ingen kurs">
        {(data) => (
          <ul>
            {data.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </QueryState>,
    );

  it('shows the loading text while pending', () => {
    renderState(query({ isPending: true }));
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it("shows the error with 'Prøv igjen', which refetches", () => {
    const q = query<string[]>({ isError: true, error: new Error('500: x') });
    renderState(q);
    expect(screen.getByRole('alert').textContent).toContain('Kunne ikke hente kursene dine.');
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('renders a custom error, the empty text, or the data', () => {
    render(
      <QueryState query={query<string[]>({ isError: true, error: new Error('503: nede') })} loading="…" error={(e) => <p>{(e as Error).message}</p>}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByText('503: nede')).toBeTruthy();
    cleanup();
    renderState(query({ data: [] }));
    expect(screen.getByText('Ingen kurs')).toBeTruthy();
    cleanup();
    renderState(query({ data: ['KI Grunnkurs'] }));
    expect(screen.getByRole('listitem').textContent).toBe('KI Grunnkurs');
  });
});
