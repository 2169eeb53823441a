import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '../../schemas/chat';
import { $toast } from '../../stores/toast';
import { $chatDraft, $chatOpen, $chatSelectedId, toggleChat } from '../../stores/ui';
import { calls, fetchMock, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import ChatPanel from './ChatPanel';
import { ChatPanelHost } from './ChatPanelHost';

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

/**
 * A `text/event-stream` response whose chunks the test pushes. Aborting the request errors the
 * body, as a browser's fetch does.
 */
function sseStream(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => controller?.error(new DOMException('Der ble avbrutt', 'AbortError')));
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    push: (text: string) => controller?.enqueue(encoder.encode(text)),
    close: () => controller?.close(),
  };
}
type SseStream = ReturnType<typeof sseStream>;

function renderPanel(props: { context?: { courseId?: string; lessonId?: string } } = {}) {
  const onClose = vi.fn();
  renderInApp(<ChatPanel onClose={onClose} {...props} />);
  return { onClose };
}

const messageLog = () => screen.getByRole('log', { name: 'Meldinger' });
const input = () => screen.getByPlaceholderText('Skriv en melding...') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
/** The header's 'Ny samtale' (an untitled conversation in the list is called that too, after it). */
const newButton = () => screen.getAllByRole('button', { name: 'Ny samtale' })[0]!;
/** Confirms the delete dialog a row's delete button opened. */
async function confirmDelete() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Slette samtalen?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Slett samtalen' }));
}

async function selectA() {
  fireEvent.click(await screen.findByRole('button', { name: 'Om prompting' }));
  await within(messageLog()).findByText('Hei');
}

beforeEach(() => {
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
resetAfterEach(() => {
  $chatOpen.set(false);
  $chatSelectedId.set(null);
  $chatDraft.set('');
});

describe('ChatPanel', () => {
  it('shows the title, the conversations with the fallback title, and the hint with nothing selected', async () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'KI-assistent' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Samtaler (2)' })).toBeTruthy();
    expect(newButton().closest('li')).toBeNull();
    expect(screen.getByRole('button', { name: 'Slett samtale Om prompting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gi nytt navn til samtalen Om prompting' })).toBeTruthy();
    expect(within(messageLog()).getByText('Skriv et spørsmål nedenfor, så starter en ny samtale.')).toBeTruthy();
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
    const list = await screen.findByRole('list', { name: 'Samtaler' });
    fireEvent.click(within(list).getByRole('button', { name: 'Ny samtale' }));
    expect(await within(messageLog()).findByText('Ingen meldinger ennå. Start en samtale!')).toBeTruthy();
  });

  it("'Ny samtale' reads 'Oppretter...' while creating, then refreshes the list and selects the new one", async () => {
    const created = deferred();
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      'POST /api/chat/conversations': () => created.promise,
      [`GET /api/chat/conversations/${C}/messages`]: () => Response.json([]),
    });
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.click(newButton());
    expect(await screen.findByRole('button', { name: 'Oppretter...' })).toBeTruthy();
    expect(JSON.parse(String(calls('POST /api/chat/conversations')[0]?.[1]?.body))).toEqual({ title: 'Ny samtale' });
    conversations = [{ id: C, title: 'Ny samtale' }, ...conversations];
    created.resolve(Response.json(conversations[0], { status: 201 }));
    expect(await screen.findByRole('button', { name: 'Samtaler (3)' })).toBeTruthy();
    expect(await within(messageLog()).findByText('Ingen meldinger ennå. Start en samtale!')).toBeTruthy();
    expect(calls(`GET /api/chat/conversations/${C}/messages`)).toHaveLength(1);
    expect(calls('GET /api/chat/conversations')).toHaveLength(2);
    expect(newButton().textContent).toBe('Ny samtale');
  });

  it("shows 'Kunne ikke opprette ny samtale' when creating fails", async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.click(newButton());
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke opprette ny samtale', variant: 'destructive' }));
  });

  it("shows the server's message when the cap on conversations is reached", async () => {
    const limit = 'Du har nådd grensen på 100 samtaler. Slett noen før du starter en ny.';
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      'POST /api/chat/conversations': () => Response.json({ error: limit, errorType: 'conversation_limit' }, { status: 409 }),
    });
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.click(newButton());
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Samtalegrensen er nådd', description: limit, variant: 'destructive' }));
    expect(screen.getByRole('button', { name: 'Samtaler (2)' })).toBeTruthy();
  });

  it("pages the conversations: 'Vis flere samtaler' reads the next page while the server has one", async () => {
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations, { headers: { 'X-Next-Cursor': 'side-2' } }),
      'GET /api/chat/conversations?cursor=side-2': () => Response.json([{ id: C, title: 'Eldre samtale' }]),
    });
    renderPanel();
    // More may follow: the count says so.
    expect(await screen.findByRole('button', { name: 'Samtaler (2+)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vis flere samtaler' }));
    expect(await screen.findByRole('button', { name: 'Eldre samtale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Samtaler (3)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vis flere samtaler' })).toBeNull();
    expect(calls('GET /api/chat/conversations?cursor=side-2')).toHaveLength(1);
  });

  it("pages the messages: the newest first, 'Vis eldre meldinger' puts older ones above, a sent message goes last", async () => {
    const older = [message('o1', A, 'user', 'Første spørsmål'), message('o2', A, 'assistant', 'Første svar')];
    const reply = deferred();
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA, { headers: { 'X-Next-Cursor': 'eldre' } }),
      [`GET /api/chat/conversations/${A}/messages?cursor=eldre`]: () => Response.json(older),
      [`POST /api/chat/conversations/${A}/messages`]: () => reply.promise,
    });
    renderPanel();
    await selectA();
    const inOrder = (...parts: string[]) => parts.map((part) => expect.stringContaining(part) as unknown);
    const texts = () =>
      within(messageLog())
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(texts()).toHaveLength(2);
    fireEvent.click(within(messageLog()).getByRole('button', { name: 'Vis eldre meldinger' }));
    expect(await within(messageLog()).findByText('Første spørsmål')).toBeTruthy();
    expect(texts()).toEqual(inOrder('Første spørsmål', 'Første svar', 'Hei', 'Hei! Se'));
    expect(within(messageLog()).queryByRole('button', { name: 'Vis eldre meldinger' })).toBeNull();

    fireEvent.change(input(), { target: { value: 'Nytt spørsmål' } });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    expect(await within(messageLog()).findByText('Nytt spørsmål')).toBeTruthy();
    expect(texts().slice(0, 5)).toEqual(inOrder('Første spørsmål', 'Første svar', 'Hei', 'Hei! Se', 'Nytt spørsmål'));
    reply.resolve(Response.json({ error: 'Stopp' }, { status: 500 }));
    await waitFor(() => expect(input().value).toBe('Nytt spørsmål'));
    expect(texts()).toHaveLength(4);
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
    // While the reply is pending, Stop takes the send button's place.
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stopp svar' })).toBeTruthy();
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
    expect(screen.queryByRole('button', { name: 'Stopp svar' })).toBeNull();
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

  it('the first question starts a conversation: made, selected, sent, and named in the list from the server', async () => {
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      'POST /api/chat/conversations': () => Response.json({ id: C, title: 'Ny samtale' }, { status: 201 }),
      [`GET /api/chat/conversations/${C}/messages`]: () => Response.json(messagesC),
      [`POST /api/chat/conversations/${C}/messages`]: (init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: string };
        messagesC = [message('c1', C, 'user', content), message('c2', C, 'assistant', 'Et svar')];
        return Response.json({ conversation: { id: C, title: 'Hva er en prompt?' }, userMessage: messagesC[0], assistantMessage: messagesC[1] });
      },
    });
    let messagesC: ChatMessage[] = [];
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.change(input(), { target: { value: 'Hva er en prompt?' } });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    expect(await within(messageLog()).findByText('Et svar')).toBeTruthy();
    expect(calls('POST /api/chat/conversations')).toHaveLength(1);
    expect(JSON.parse(String(calls(`POST /api/chat/conversations/${C}/messages`)[0]?.[1]?.body))).toEqual({ content: 'Hva er en prompt?' });
    expect($chatSelectedId.get()).toBe(C);
    expect(screen.getByRole('button', { name: 'Hva er en prompt?' }).getAttribute('aria-current')).toBe('true');
    expect($toast.get()).toBeNull();
  });

  it('a first question whose conversation cannot be made keeps the question and says why', async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    fireEvent.change(input(), { target: { value: 'Hallo' } });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    await waitFor(() => expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke opprette ny samtale' }));
    await waitFor(() => expect(input().value).toBe('Hallo'));
    expect(calls('POST /api/chat/conversations')).toHaveLength(1);
  });

  it('renames a conversation in place: Enter saves, Escape cancels without closing the panel, focus returns', async () => {
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`PATCH /api/chat/conversations/${A}`]: (init) =>
        Response.json({ id: A, title: (JSON.parse(String(init?.body)) as { title: string }).title.trim() }),
    });
    const { onClose } = renderPanel();
    const renameButton = await screen.findByRole('button', { name: 'Gi nytt navn til samtalen Om prompting' });
    fireEvent.click(renameButton);
    // The rename form is its own chunk, loaded on the first rename.
    const field = (await screen.findByRole('textbox', { name: 'Nytt navn på samtalen' })) as HTMLInputElement;
    expect(field.value).toBe('Om prompting');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Nytt navn på samtalen' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Gi nytt navn til samtalen Om prompting' })));

    fireEvent.click(screen.getByRole('button', { name: 'Gi nytt navn til samtalen Om prompting' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nytt navn på samtalen' }), { target: { value: '  Gode prompter ' } });
    fireEvent.submit(screen.getByRole('textbox', { name: 'Nytt navn på samtalen' }).closest('form') as HTMLFormElement);
    expect(await screen.findByRole('button', { name: 'Gode prompter' })).toBeTruthy();
    expect(JSON.parse(String(calls(`PATCH /api/chat/conversations/${A}`)[0]?.[1]?.body))).toEqual({ title: 'Gode prompter' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Gi nytt navn til samtalen Gode prompter' })));
  });

  it("puts the server's refusal of a new name under the field, with focus there and no toast", async () => {
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`PATCH /api/chat/conversations/${A}`]: () =>
        Response.json(
          { error: 'Ugyldig forespørsel', issues: [{ path: 'title', message: 'Navnet kan ikke inneholde tegnene < og >' }] },
          { status: 400 },
        ),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Gi nytt navn til samtalen Om prompting' }));
    const field = await screen.findByRole('textbox', { name: 'Nytt navn på samtalen' });
    fireEvent.change(field, { target: { value: '<b>Prompter</b>' } });
    const save = screen.getByRole('button', { name: 'Lagre' });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText('Navnet kan ikke inneholde tegnene < og >')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${field.id}-error`)?.textContent).toBe('Navnet kan ikke inneholde tegnene < og >');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect($toast.get()).toBeNull();
  });

  it('asks before deleting; Avbryt keeps the conversation', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Slett samtale Om prompting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Slette samtalen?' });
    expect(dialog.textContent).toContain('«Om prompting» og alle meldingene i den blir slettet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
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
    await confirmDelete();
    expect(await screen.findByRole('button', { name: 'Samtaler (1)' })).toBeTruthy();
    expect(within(messageLog()).getByText('Skriv et spørsmål nedenfor, så starter en ny samtale.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Om prompting' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows 'Kunne ikke slette samtale' when deleting fails", async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Slett samtale Om prompting' }));
    await confirmDelete();
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

describe('ChatPanel streaming', () => {
  const POST_A = `POST /api/chat/conversations/${A}/messages`;
  let stream: SseStream | undefined;
  const streamingBubble = () => messageLog().querySelector('[data-streaming="true"]');

  beforeEach(() => {
    stream = undefined;
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
      [POST_A]: (init) => {
        stream = sseStream(init?.signal);
        return stream.response;
      },
    });
  });

  /** Selects A, sends a message from the focused input, and waits for the request. */
  async function sendFromInput(text: string): Promise<SseStream> {
    renderPanel();
    await selectA();
    fireEvent.change(input(), { target: { value: text } });
    input().focus();
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    expect(await within(messageLog()).findByText(text)).toBeTruthy();
    await waitFor(() => expect(stream).toBeDefined());
    return stream as SseStream;
  }

  it("asks for a stream, shows 'Tenker...' until the first piece, grows the reply in its bubble, and reloads on done", async () => {
    const sse = await sendFromInput('Hva er en prompt?');
    const [, init] = calls(POST_A)[0] ?? [];
    expect(new Headers(init?.headers).get('Accept')).toMatch(/text\/event-stream/);
    expect(within(messageLog()).getByText('Tenker...')).toBeTruthy();
    // Focus waits on Stop while the input is disabled.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stopp svar' })));

    // Chunks cut inside a field name, inside the JSON, and between CR and LF.
    act(() => sse.push('event: del'));
    act(() => sse.push('ta\r\ndata: {"content":"En pro'));
    expect(within(messageLog()).getByText('Tenker...')).toBeTruthy();
    act(() => sse.push('mpt"}\r\n\r'));
    await waitFor(() => expect(streamingBubble()?.textContent).toContain('En prompt'));
    expect(within(messageLog()).queryByText('Tenker...')).toBeNull();
    expect(streamingBubble()?.className).toContain('justify-start');
    expect(messageLog().getAttribute('aria-busy')).toBe('true');

    act(() => sse.push('\nevent: delta\ndata: {"content":" er **en instruks**"}\n\nevent: delta\n'));
    act(() => sse.push('data: {"content":"."}\n\n'));
    await waitFor(() => expect(streamingBubble()?.textContent).toContain('En prompt er en instruks.'));
    expect(streamingBubble()?.querySelector('strong')?.textContent).toBe('en instruks');
    expect(calls(`GET /api/chat/conversations/${A}/messages`)).toHaveLength(1);

    const userMessage = message('m4', A, 'user', 'Hva er en prompt?');
    const assistantMessage = message('m5', A, 'assistant', 'En prompt er en instruks, lagret.');
    messagesA = [...messagesA, userMessage, assistantMessage];
    act(() => sse.push(`event: done\ndata: ${JSON.stringify({ userMessage, assistantMessage })}\n\n`));
    expect(await within(messageLog()).findByText('En prompt er en instruks, lagret.')).toBeTruthy();
    expect(calls(`GET /api/chat/conversations/${A}/messages`)).toHaveLength(2);
    await waitFor(() => expect(streamingBubble()).toBeNull());
    expect(messageLog().getAttribute('aria-busy')).toBeNull();
    expect(input().disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect($toast.get()).toBeNull();
  });

  it('an error event after some pieces reverts the list, restores the draft and shows the toast of its errorType', async () => {
    const sse = await sendFromInput('Hva koster det?');
    act(() => sse.push('event: delta\ndata: {"content":"Det kos"}\n\n'));
    await waitFor(() => expect(streamingBubble()?.textContent).toContain('Det kos'));
    act(() => sse.push('event: error\ndata: {"error":"Kvoten er brukt opp.","errorType":"quota_exceeded","provider":"Mistral"}\n\n'));
    await waitFor(() => expect(input().value).toBe('Hva koster det?'));
    expect($toast.get()).toMatchObject({ title: 'Mistral-kvoten er brukt opp', variant: 'destructive' });
    expect(within(messageLog()).queryByText('Hva koster det?')).toBeNull();
    expect(streamingBubble()).toBeNull();
    expect(within(messageLog()).getAllByRole('listitem')).toHaveLength(2);
    expect(calls(`GET /api/chat/conversations/${A}/messages`)).toHaveLength(1);
  });

  it('an error event with a rate limit shows the rate-limit toast', async () => {
    const sse = await sendFromInput('Én til');
    act(() => sse.push('event: delta\ndata: {"content":"Ja"}\n\nevent: error\ndata: {"error":"Vent.","errorType":"rate_limit"}\n\n'));
    await waitFor(() =>
      expect($toast.get()).toMatchObject({ title: 'For mange forespørsler', description: 'Vennligst vent litt før du sender neste melding.' }),
    );
    expect(input().value).toBe('Én til');
  });

  it('a stream that ends without done or error is a failed send', async () => {
    const sse = await sendFromInput('Brutt forbindelse');
    act(() => sse.push('event: delta\ndata: {"content":"Halve svar"}\n\nevent: done\ndata: {"userMes'));
    await waitFor(() => expect(streamingBubble()?.textContent).toContain('Halve svar'));
    act(() => sse.close());
    await waitFor(() => expect(input().value).toBe('Brutt forbindelse'));
    expect($toast.get()).toMatchObject({ title: 'Feil', description: 'Kunne ikke sende melding' });
    expect(within(messageLog()).queryByText('Brutt forbindelse')).toBeNull();
    expect(streamingBubble()).toBeNull();
  });

  it('Stop while streaming aborts the request, reverts the list and restores the draft without a toast', async () => {
    const sse = await sendFromInput('Stopp meg');
    act(() => sse.push('event: delta\ndata: {"content":"Et langt svar"}\n\n'));
    await waitFor(() => expect(streamingBubble()?.textContent).toContain('Et langt svar'));
    fireEvent.click(screen.getByRole('button', { name: 'Stopp svar' }));
    await waitFor(() => expect(input().value).toBe('Stopp meg'));
    expect(calls(POST_A)[0]?.[1]?.signal?.aborted).toBe(true);
    expect(within(messageLog()).queryByText('Stopp meg')).toBeNull();
    expect(streamingBubble()).toBeNull();
    expect($toast.get()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it("Stop before the first piece (while 'Tenker...' shows) does the same", async () => {
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
      [POST_A]: (init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Der ble avbrutt', 'AbortError'))),
        ),
    });
    renderPanel();
    await selectA();
    fireEvent.change(input(), { target: { value: 'Før første bit' } });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    expect(await within(messageLog()).findByText('Tenker...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stopp svar' }));
    await waitFor(() => expect(input().value).toBe('Før første bit'));
    expect(within(messageLog()).queryByText('Tenker...')).toBeNull();
    expect(within(messageLog()).queryByText('Før første bit')).toBeNull();
    expect($toast.get()).toBeNull();
  });
});

describe('ChatPanel state across openings', () => {
  it('keeps the selected conversation and the draft when the panel is closed and opened again', async () => {
    renderInApp(
      <>
        <button type="button" onClick={toggleChat}>
          Chat
        </button>
        <ChatPanelHost />
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Chat' }).click());
    await selectA();
    fireEvent.change(input(), { target: { value: 'Halvskrevet spørsmål' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lukk KI-assistent' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'KI-assistent' })).toBeNull());

    act(() => screen.getByRole('button', { name: 'Chat' }).click());
    expect(await within(messageLog()).findByText('Hei')).toBeTruthy();
    expect(input().value).toBe('Halvskrevet spørsmål');
    expect((await screen.findByRole('button', { name: 'Om prompting' })).getAttribute('aria-current')).toBe('true');
  });

  it('clears a kept selection whose conversation is gone from the list', async () => {
    $chatSelectedId.set(C);
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${C}/messages`]: () => Response.json({ error: 'Fant ikke samtalen' }, { status: 404 }),
    });
    renderPanel();
    expect(await within(messageLog()).findByText('Skriv et spørsmål nedenfor, så starter en ny samtale.')).toBeTruthy();
    expect($chatSelectedId.get()).toBeNull();
  });

  it('deleting the selected conversation clears the kept selection', async () => {
    serve({
      'GET /api/chat/conversations': () => Response.json(conversations),
      [`GET /api/chat/conversations/${A}/messages`]: () => Response.json(messagesA),
      [`DELETE /api/chat/conversations/${A}`]: () => {
        conversations = conversations.filter((c) => c.id !== A);
        return Response.json({ ok: true });
      },
    });
    renderPanel();
    await selectA();
    expect($chatSelectedId.get()).toBe(A);
    const deleteButton = screen.getByRole('button', { name: 'Slett samtale Om prompting' });
    deleteButton.focus();
    fireEvent.click(deleteButton);
    await confirmDelete();
    expect(await screen.findByRole('button', { name: 'Samtaler (1)' })).toBeTruthy();
    expect($chatSelectedId.get()).toBeNull();
    // Its row is gone: focus stays in the panel, on the heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'KI-assistent' })));
  });
});

describe('ChatPanel focus', () => {
  /** happy-dom's window size, which its matchMedia reads. */
  const setWidth = (width: number) =>
    (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM.setViewport({ width, height: 800 });
  afterEach(() => setWidth(1024));

  const tabFrom = (element: Element, shiftKey = false) => {
    (element as HTMLElement).focus();
    fireEvent.keyDown(element, { key: 'Tab', shiftKey });
  };

  it('below lg the sheet keeps Tab inside: from the last control to the first and back', async () => {
    setWidth(390);
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    const panel = screen.getByRole('complementary', { name: 'KI-assistent' });
    expect(panel.getAttribute('data-modal')).toBe('true');
    fireEvent.change(input(), { target: { value: 'x' } });
    const first = newButton();
    tabFrom(sendButton());
    expect(document.activeElement).toBe(first);
    tabFrom(first, true);
    expect(document.activeElement).toBe(sendButton());
  });

  it('from lg the column is not modal: Tab leaves it', async () => {
    setWidth(1280);
    renderPanel();
    await screen.findByRole('button', { name: 'Samtaler (2)' });
    expect(screen.getByRole('complementary', { name: 'KI-assistent' }).getAttribute('data-modal')).toBeNull();
    fireEvent.change(input(), { target: { value: 'x' } });
    tabFrom(sendButton());
    expect(document.activeElement).toBe(sendButton());
  });
});

describe('ChatPanelHost', () => {
  it('loads the panel only once opened, focuses it, and Escape closes it and returns focus to the toggle', async () => {
    renderInApp(
      <>
        <button type="button" onClick={toggleChat}>
          Chat
        </button>
        <ChatPanelHost />
      </>,
    );
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    const toggle = screen.getByRole('button', { name: 'Chat' });
    toggle.focus();
    act(() => toggle.click());
    const heading = await screen.findByRole('heading', { name: 'KI-assistent' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(calls('GET /api/chat/conversations')).toHaveLength(1));
    fireEvent.keyDown(heading, { key: 'Escape' });
    expect($chatOpen.get()).toBe(false);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'KI-assistent' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });
});
