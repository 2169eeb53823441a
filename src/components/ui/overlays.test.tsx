import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './AlertDialog';
import { Button } from './Button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './Dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
import { Tooltip, TooltipContent, TooltipTrigger } from './Tooltip';

afterEach(cleanup);

describe('Dialog', () => {
  it('opens as a named modal dialog and closes with Lukk', () => {
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Rediger</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Rediger kurs</DialogTitle>
          <DialogDescription>Endre tittel og beskrivelse.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rediger' }));
    const dialog = screen.getByRole('dialog', { name: 'Rediger kurs' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lukk' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('AlertDialog', () => {
  it('asks before acting: cancel does nothing, the action runs once', () => {
    const onDelete = vi.fn();
    render(
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">Slett</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Slette samtalen?</AlertDialogTitle>
          <AlertDialogDescription>Dette kan ikke angres.</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Avbryt</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onDelete}>
              Slett samtalen
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Slett' }));
    expect(screen.getByRole('alertdialog', { name: 'Slette samtalen?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Slett' }));
    fireEvent.click(screen.getByRole('button', { name: 'Slett samtalen' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('Tabs', () => {
  it('shows the panel of the selected tab, labelled by it', () => {
    render(
      <Tabs defaultValue="dashboard">
        <TabsList aria-label="Administrasjon">
          <TabsTrigger value="dashboard">Dashboard</TabsTrigger>
          <TabsTrigger value="innhold">Innhold</TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">Statistikk</TabsContent>
        <TabsContent value="innhold">Kursene</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel', { name: 'Dashboard' }).textContent).toBe('Statistikk');
    const content = screen.getByRole('tab', { name: 'Innhold' });
    // Radix selects on mousedown (pointer) and on focus via the keyboard.
    fireEvent.mouseDown(content, { button: 0 });
    expect(content.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Innhold' }).textContent).toBe('Kursene');
  });
});

describe('Tooltip', () => {
  it('describes its trigger while focused', async () => {
    render(
      <Tooltip>
        <TooltipTrigger asChild>
          <Button size="icon" aria-label="Ny Chat">
            +
          </Button>
        </TooltipTrigger>
        <TooltipContent>Start en ny samtale</TooltipContent>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Ny Chat' });
    await act(async () => {
      trigger.focus();
    });
    expect((await screen.findByRole('tooltip')).textContent).toContain('Start en ny samtale');
  });
});
