import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '../../schemas/chat';
import { $toast } from '../../stores/toast';
import { $chatOpen, toggleChat } from '../../stores/ui';
import { AppRoot } from '../app/AppRoot';
import ChatPanel from './ChatPanel';
import { ChatPanelHost } from './ChatPanelHost';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers by "METHOD path"; anything else is a 500. */
function serve(routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const handler = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    return handler ? handler(init) : new Response('ukjent', { status: 500 });
  });
}
const calls = (key: string) => fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key);

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const message = (id: string, conversationId: string, role: ChatMessage['role'], content: string): ChatMessage => ({
  id,
  conversationId,
  role,
  content,
  createdAt: '2026-11-23T10:00:00.000Z',
});

let conversations: Conversation[];
let messagesA: ChatMessage[];

/** A deferred response, to look at the panel while a request is under way. */
function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

function renderPanel(props: { context?: { courseId?: string; lessonId?: string } } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const onClose = vi.fn();
  render(
    <AppRoot client={client}>
      <ChatPanel onClose={onClose} {...props} />
    </AppRoot>,
  );
  return { onClose };
}

const messageLog = () => screen.getByRole('log', { name: 'Meldinger' });
const input = () => screen.getByPlaceholderText('Skriv en melding...') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

async function selectA() {
  fireEvent.click(await screen.findByRole('button', { name: 'Om prompting' }));
  await within(messageLog()).findByText('Hei');
}

beforeEach(() => {
  $toast.set(null);
  conversations = [
    { id: A, title: 'Om prompting' },
    { id: B, title: '' },
  ];
  messagesA = [message('m1', A, 'user', 'Hei'), message('m2', A, 'assistant', 'Hei! Se [Leksjon 1](/course/kurs?lessonId=l1).')];
  serve({
    'GET /api/chat/conversations': () => Response.json(conversations),
    [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
    [`GET /api/chat/conversations/${B}/messages`]: () => Response.json([]),
  });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  $chatOpen.set(false);
});

describe('ChatPanel', () => {
  it('shows the title, the conversations with the fallback title, and the hint with nothing selected', async () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'KI Assistent' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Samtaler (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ny samtale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Slett samtale Om prompting' })).toBeTruthy();
    expect(within(messageLog()).getByText('Klikk på "Ny Chat" for å starte en samtale')).toBeTruthy();
    // No conversation selected: no messages are read.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/messages'))).toHaveLength(0);
  });

  it('selects a conversation on click and renders replies as Markdown with plain lesson links and no raw HTML', async () => {
    messagesA.push(message('m3', A, 'assistant', 'Trygt <img src="x" onerror="alert(1)"> svar'));
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Om prompting' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Om prompting' }));
    expect(await within(messageLog()).findByText('Laster meldinger...')).toBeTruthy();
    const link = await within(messageLog()).findByRole('link', { name: 'Leksjon 1' });
    expect(link.getAttribute('href')).toBe('/course/kurs?lessonId=l1');
    expect(link.getAttribute('target')).toBeNull();
    expect(messageLog().querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Om prompting' }).getAttribute('aria-current')).toBe('true');
    const user = within(messageLog()).getByText('Hei').closest('li');
    expect(user?.className).toContain('justify-end');
    expect(link.closest('li')?.className).toContain('justify-start');
  });

  it("says 'Ingen meldinger ennå. Start en samtale!' for an empty conversation", async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Ny samtale' }));
    expect(await within(messageLog()).findByText('Ingen meldinger ennå. Start en samtale!')).toBeTruthy();
  });

  it("'Ny Chat' reads 'Oppretter...' while creating, then refreshes the list and selects the new one", async () => {
    const created = deferred();
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      'POST /api/chat/conversations': () => created.promise,
      [`GET /api/chat/conversations/${C}/messages`]: () => Response.json([]),
    });
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.click(screen.getByRole('button', { name: 'Ny Chat' }));
    expect(await screen.findByRole('button', { name: 'Oppretter...' })).toBeTruthy();
    expect(JSON.parse(String(calls('POST /api/chat/conversations')[0]?.[1]?.body))).toEqual({ title: 'Ny samtale' });
    conversations = [{ id: C, title: 'Ny samtale' }, ...conversations];
    created.resolve(Response.json(conversations[0], { status: 201 }));
    expect(await screen.findByRole('button', { name: 'Samtaler (3)' })).toBeTruthy();
    expect(await within(messageLog()).findByText('Ingen meldinger ennå. Start en samtale!')).toBeTruthy();
    expect(calls(`GET /api/chat/conversations/${C}/messages`)).toHaveLength(1);
    expect(calls('GET /api/chat/conversations')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Ny Chat' })).toBeTruthy();
  });

  it("shows 'Kunne ikke opprette ny samtale' when creating fails", async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.click(screen.getByRole('button', { name: 'Ny Chat' }));
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke opprette ny samtale', variant: 'destructive' }));
  });

  it('sending adds the message at once and clears the draft, shows Tenker..., then reloads the messages; the context is sent', async () => {
    const reply = deferred();
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
      [`POST /api/chat/conversations/${A}/messages`]: () => reply.promise,
    });
    renderPanel({ context: { courseId: 'kurs', lessonId: 'l1' } });
    await selectA();
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '  Hva er en prompt?  ' } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.submit(input().closest('form') as HTMLFormElement);

    expect(await within(messageLog()).findByText('Hva er en prompt?')).toBeTruthy();
    expect(within(messageLog()).getByText('Tenker...')).toBeTruthy();
    expect(input().value).toBe('');
    expect(input().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    const [, init] = calls(`POST /api/chat/conversations/${A}/messages`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ content: 'Hva er en prompt?', context: { courseId: 'kurs', lessonId: 'l1' } });

    const userMessage = message('m4', A, 'user', 'Hva er en prompt?');
    const assistantMessage = message('m5', A, 'assistant', 'En prompt er en instruks.');
    messagesA = [...messagesA, userMessage, assistantMessage];
    reply.resolve(Response.json({ userMessage, assistantMessage }));
    expect(await within(messageLog()).findByText('En prompt er en instruks.')).toBeTruthy();
    expect(within(messageLog()).queryByText('Tenker...')).toBeNull();
    expect(calls(`GET /api/chat/conversations/${A}/messages`)).toHaveLength(2);
    expect(input().disabled).toBe(false);
  });

  it('a failed send puts the list back, restores the draft and shows the server text', async () => {
    const failure = deferred();
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
      [`POST /api/chat/conversations/${A}/messages`]: () => failure.promise,
    });
    renderPanel();
    await selectA();
    fireEvent.change(input(), { target: { value: 'Blir dette borte?' } });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    expect(await within(messageLog()).findByText('Blir dette borte?')).toBeTruthy();
    expect(input().value).toBe('');

    failure.resolve(Response.json({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.' }, { status: 500 }));
    await waitFor(() => expect(input().value).toBe('Blir dette borte?'));
    expect(within(messageLog()).queryByText('Blir dette borte?')).toBeNull();
    await waitFor(() => expect(within(messageLog()).queryByText('Tenker...')).toBeNull());
    expect(within(messageLog()).getAllByRole('listitem')).toHaveLength(2);
    expect(input().disabled).toBe(false);
    expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Noe gikk galt hos oss. Prøv igjen om litt.', variant: 'destructive' });
  });

  it('shows the rate-limit and quota toasts', async () => {
    let answer = Response.json({ error: 'For mange', errorType: 'rate_limit' }, { status: 429 });
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
      [`POST /api/chat/conversations/${A}/messages`]: () => answer,
    });
    renderPanel();
    await selectA();
    fireEvent.change(input(), { target: { value: 'Én' } });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect($toast.get()).toMatchObject({ title: 'For mange forespørsler', description: 'Vennligst vent litt før du sender neste melding.' }),
    );
    await waitFor(() => expect(input().value).toBe('Én'));

    answer = Response.json({ error: 'Tomt', errorType: 'quota_exceeded', provider: 'Azure OpenAI' }, { status: 402 });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    await waitFor(() => expect($toast.get()?.title).toBe('Azure OpenAI-kvoten er brukt opp'));
    expect($toast.get()?.description).toMatch(/administrator må fylle på kreditt/);
  });

  it("sending with no conversation selected fails with 'Ingen samtale valgt': nothing is posted and the draft comes back", async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.change(input(), { target: { value: 'Hallo' } });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke sende melding' }));
    expect(input().value).toBe('Hallo');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('deleting a conversation refreshes the list and clears the selection, even when another one was selected', async () => {
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
      [`DELETE /api/chat/conversations/${B}`]: () => {
        conversations = conversations.filter((c) => c.id !== B);
        return Response.json({ ok: true });
      },
    });
    renderPanel();
    await selectA();
    fireEvent.click(screen.getByRole('button', { name: 'Slett samtale Ny samtale' }));
    expect(await screen.findByRole('button', { name: 'Samtaler (1)' })).toBeTruthy();
    expect(within(messageLog()).getByText('Klikk på "Ny Chat" for å starte en samtale')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Om prompting' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows 'Kunne ikke slette samtale' when deleting fails", async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Slett samtale Om prompting' }));
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke slette samtale' }));
  });

  it('the list collapses and opens again', async () => {
    renderPanel();
    const trigger = await screen.findByRole('button', { name: 'Samtaler (2)' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Om prompting' })).toBeNull();
  });
});

describe('ChatPanelHost', () => {
  it('loads the panel only once opened, focuses it, and Escape closes it and returns focus to the toggle', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppRoot client={client}>
        <button type="button" onClick={toggleChat}>
          Chat
        </button>
        <ChatPanelHost />
      </AppRoot>,
    );
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    const toggle = screen.getByRole('button', { name: 'Chat' });
    toggle.focus();
    act(() => toggle.click());
    const heading = await screen.findByRole('heading', { name: 'KI Assistent' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(calls('GET /api/chat/conversations')).toHaveLength(1));
    fireEvent.keyDown(heading, { key: 'Escape' });
    expect($chatOpen.get()).toBe(false);
    expect(screen.queryByRole('heading', { name: 'KI Assistent' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
