import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../schemas/chat';
import { ChatMessageBubble } from './ChatMessageBubble';

afterEach(cleanup);

const LESSON = '/course/ki-for-kontoret?lessonId=00000000-0000-4000-8000-000000000001';

const reply = (content: string): ChatMessage => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  conversationId: '00000000-0000-4000-8000-0000000000bb',
  role: 'assistant',
  content,
  createdAt: '2026-11-25T10:00:00.000Z',
});

function show(content: string) {
  const { container } = render(
    <ul>
      <ChatMessageBubble message={reply(content)} />
    </ul>,
  );
  return container;
}

describe('ChatMessageBubble', () => {
  it('links the lessons of this site, and shows any other link as plain text', () => {
    const container = show(
      [
        `Se **[Møtereferat med KI](${LESSON})**.`,
        'Logg inn her: [phish](https://evil.example/login), <https://evil.example/auto>, [rel](//evil.example/x) og [skript](javascript:alert(1)).',
        '[ref]: https://evil.example/ref',
        'Og [denne][ref], og [en annen side](/admin).',
      ].join('\n\n'),
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([LESSON]);
    expect(links[0]?.textContent).toBe('Møtereferat med KI');
    expect(links[0]?.hasAttribute('target')).toBe(false);
    // The other links' texts are still there, as text.
    expect(container.textContent).toContain('Logg inn her: phish, https://evil.example/auto, rel og skript.');
    expect(container.textContent).toContain('Og denne, og en annen side.');
    expect(container.innerHTML).not.toContain('evil.example/login');
  });

  it('links the few site pages the assistant’s answers point to, and no other page', () => {
    const container = show(
      'Se [Nettbaserte kurspakker](/nettbasert-pakke), [KI for Kontoret](/ki-for-kontoret), [Kontakt oss](/kontakt), [Mine kjøp](/kjop), [Angrerett](/angrekrav), [kursoversikten](/#kurs), [konto](/konto) og [logg ut](/api/logout).',
    );
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/nettbasert-pakke',
      '/ki-for-kontoret',
      '/kontakt',
      '/kjop',
      '/angrekrav',
      '/#kurs',
    ]);
    expect(container.textContent).toContain('konto og logg ut.');
  });

  it('shows an image as its description, never loading it', () => {
    const container = show('Se ![et bilde](https://evil.example/pixel.png) her.');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('Se et bilde her.');
  });

  it('shows raw HTML as nothing, never as markup', () => {
    const container = show('Hei <img src=x onerror="alert(1)"> og <a href="https://evil.example">klikk</a>');
    expect(container.querySelector('img, a[href^="https"]')).toBeNull();
  });
});
