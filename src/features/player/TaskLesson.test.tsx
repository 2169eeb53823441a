import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskContent } from '../../schemas/lesson-content';
import { TASK_ANSWER_MAX_LENGTH, type TaskAnswers } from '../../schemas/task-answers';
import { bodyOf, calls, serve } from '../../testing/fetch';
import { renderInApp, resetAfterEach } from '../../testing/render';
import { TaskLesson } from './TaskLesson';

resetAfterEach();

const content: TaskContent = {
  instructions: 'Gjør oppgaven',
  questions: [
    { question: 'Hva er KI?', answer: 'Kunstig intelligens' },
    { question: 'Hva er en prompt?', answer: 'En instruksjon' },
  ],
  placeholder: 'Skriv her',
};

const saved: TaskAnswers = { answers: [{ question: 2, answer: 'Mitt lagrede svar', updatedAt: '2026-11-25T10:00:00.000Z' }] };

function serveAnswers(put = (init: RequestInit | undefined) => Response.json({ ...(JSON.parse(String(init?.body)) as object), updatedAt: 'nå' })) {
  serve({
    'GET /api/lessons/t1/answers': () => Response.json(saved),
    'PUT /api/lessons/t1/answers/0': (init) => put(init),
    'PUT /api/lessons/t1/answers/1': (init) => put(init),
  });
}

describe('TaskLesson', () => {
  it('puts the scenarios, tasks and requirements before the questions that refer to them', () => {
    serveAnswers();
    renderInApp(
      <TaskLesson
        lessonId="t1"
        content={{
          instructions: 'Les situasjonene og svar.',
          scenarios: ['En saksbehandler skriver svarbrev.'],
          tasks: ['Skriv opp ti oppgaver.'],
          requirements: ['Bruk egne eksempler.'],
          questions: [{ question: 'Hvilken av situasjonene over krever mest kontroll?', answer: 'Svarbrevene.' }],
          placeholder: 'Skriv her',
        }}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Instruksjoner', 'Scenarioer', 'Oppgaver', 'Krav', 'Spørsmål']);
    const scenario = screen.getByText('En saksbehandler skriver svarbrev.');
    const question = screen.getByText('Hvilken av situasjonene over krever mest kontroll?');
    expect(scenario.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the saved answers in their fields, with a field per question and the lesson’s own', async () => {
    serveAnswers();
    renderInApp(<TaskLesson lessonId="t1" content={content} />);
    const second = screen.getByLabelText('Ditt svar på spørsmål 2');
    expect((second as HTMLTextAreaElement).disabled).toBe(true);
    await waitFor(() => expect((second as HTMLTextAreaElement).value).toBe('Mitt lagrede svar'));
    expect((second as HTMLTextAreaElement).disabled).toBe(false);
    expect((screen.getByLabelText('Ditt svar på spørsmål 1') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByLabelText('Ditt svar').getAttribute('placeholder')).toBe('Skriv her');
    expect(screen.getByText('Svarene dine lagres automatisk mens du skriver, og bare du kan se dem.')).toBeTruthy();
    expect(screen.queryByText(/lagres ikke/)).toBeNull();
  });

  it('saves as the learner types, and says Lagret', async () => {
    serveAnswers();
    renderInApp(<TaskLesson lessonId="t1" content={content} />);
    const field = screen.getByLabelText('Ditt svar') as HTMLTextAreaElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: 'Mitt svar' } });
    expect(await screen.findByText('Lagrer...')).toBeTruthy();
    await waitFor(() => expect(calls('PUT /api/lessons/t1/answers/0')).toHaveLength(1), { timeout: 3_000 });
    expect(bodyOf('PUT /api/lessons/t1/answers/0')).toEqual({ answer: 'Mitt svar' });
    await waitFor(() => expect(field.parentElement?.querySelector('[data-saved]')?.textContent).toContain('Lagret'));
  });

  it('saves at once when the learner leaves the field', async () => {
    serveAnswers();
    renderInApp(<TaskLesson lessonId="t1" content={content} />);
    const field = screen.getByLabelText('Ditt svar på spørsmål 1') as HTMLTextAreaElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: 'Kunstig intelligens' } });
    fireEvent.blur(field);
    await waitFor(() => expect(calls('PUT /api/lessons/t1/answers/1')).toHaveLength(1));
  });

  it('says the limit in Norwegian and sends nothing over it', async () => {
    serveAnswers();
    renderInApp(<TaskLesson lessonId="t1" content={content} />);
    const field = screen.getByLabelText('Ditt svar') as HTMLTextAreaElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: 'a'.repeat(TASK_ANSWER_MAX_LENGTH + 2) } });
    expect(await screen.findByText('Svaret kan ha høyst 10 000 tegn. Nå er det 10 002.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(field);
    expect(calls('PUT /api/lessons/t1/answers/0')).toHaveLength(0);
  });

  it('says when saving failed, and Prøv igjen saves again', async () => {
    let fail = true;
    serveAnswers((init) =>
      fail ? new Response('nei', { status: 503 }) : Response.json({ ...(JSON.parse(String(init?.body)) as object), question: 0, updatedAt: 'nå' }),
    );
    renderInApp(<TaskLesson lessonId="t1" content={content} />);
    const field = screen.getByLabelText('Ditt svar') as HTMLTextAreaElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: 'Svar' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Kunne ikke lagre svaret.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(field.parentElement?.querySelector('[data-saved]')).not.toBeNull());
    expect(calls('PUT /api/lessons/t1/answers/0')).toHaveLength(2);
  });
});
