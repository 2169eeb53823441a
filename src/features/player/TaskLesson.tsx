import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { TaskContent } from '../../schemas/lesson-content';
import { answerLength, formatCount, TASK_ANSWER_MAX_LENGTH, taskAnswerMessages } from '../../schemas/task-answer-rules';
import type { TaskAnswer } from '../../schemas/task-answers';
import { ApiError, isUnauthorizedError } from '../../lib/api';
import { sessionExpired } from '../../lib/session-expired';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Label, Textarea } from '../../components/ui/Input';
import { cacheTaskAnswer, saveTaskAnswer, saveTaskAnswerOnLeave, taskAnswersQuery } from './task-answers.queries';

/** Quiet time after the last keystroke before an answer is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** From this length on, the field shows how much of the limit is used. */
const COUNT_FROM = TASK_ANSWER_MAX_LENGTH - 1_000;

/**
 * A practical task: the fields the content has, in a fixed order: the instructions, the scenarios,
 * the tasks and the requirements to read first, then the questions and the answer field. Each question has the learner's
 * own answer field before its model answer ('Vis svar'), and the lesson has its answer field when
 * the content gives one (`placeholder`). Answers are saved on the server as the learner types
 * and come back on reload and on another device; only the learner sees them.
 */
export function TaskLesson({ lessonId, content }: { lessonId: string; content: TaskContent }) {
  const id = useId();
  const answers = useQuery(taskAnswersQuery(lessonId));
  const byQuestion = new Map((answers.data?.answers ?? []).map((a) => [a.question, a]));
  const hasFields = content.placeholder !== undefined || Boolean(content.questions?.length);
  const field = (question: number) => ({
    lessonId,
    question,
    saved: byQuestion.get(question),
    loading: answers.isPending,
    unavailable: answers.isError,
  });

  return (
    <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 text-ink sm:p-6">
      {content.instructions && (
        <section aria-labelledby={`${id}-instr`}>
          <h3 id={`${id}-instr`} className="font-semibold">
            Instruksjoner
          </h3>
          <p className="mt-1 whitespace-pre-line leading-relaxed">{content.instructions}</p>
        </section>
      )}
      {/* What the learner reads comes before what they answer: the questions refer to the scenarios 'over' them. */}
      <TaskList title="Scenarioer" items={content.scenarios} />
      <TaskList title="Oppgaver" items={content.tasks} />
      <TaskList title="Krav" items={content.requirements} />
      {hasFields && (
        <p className="text-sm text-muted">
          Svarene dine lagres automatisk mens du skriver, og bare du kan se dem.
          {answers.isError && (
            <span className="mt-1 flex flex-wrap items-center gap-2 text-danger" role="alert">
              Kunne ikke hente svarene dine.
              <Button variant="outline" size="sm" onClick={() => void answers.refetch()}>
                Prøv igjen
              </Button>
            </span>
          )}
        </p>
      )}
      {content.questions && (
        <section aria-labelledby={`${id}-q`}>
          <h3 id={`${id}-q`} className="font-semibold">
            Spørsmål
          </h3>
          <ol className="mt-2 space-y-3">
            {content.questions.map((q, i) => (
              <Question key={`${lessonId}:${i + 1}`} number={i + 1} question={q.question} answer={q.answer} field={field(i + 1)} />
            ))}
          </ol>
        </section>
      )}
      {content.placeholder !== undefined && <AnswerField key={`${lessonId}:0`} label="Ditt svar" placeholder={content.placeholder} {...field(0)} />}
    </div>
  );
}

interface FieldState {
  lessonId: string;
  question: number;
  saved: TaskAnswer | undefined;
  loading: boolean;
  unavailable: boolean;
}

function Question({ number, question, answer, field }: { number: number; question: string; answer: string; field: FieldState }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <li className="space-y-2 rounded-lg bg-slate-50 p-3">
      <p className="font-medium">{question}</p>
      <AnswerField label={`Ditt svar på spørsmål ${number}`} compact {...field} />
      <Button variant="link" size="sm" className="px-0" aria-expanded={shown} aria-controls={id} onClick={() => setShown(!shown)}>
        {shown ? 'Skjul svar' : 'Vis svar'}
      </Button>
      <div id={id} hidden={!shown} className="whitespace-pre-line text-sm leading-relaxed">
        {answer}
      </div>
    </li>
  );
}

type Status = 'idle' | 'pending' | 'saved' | 'error' | 'tooLong';

/**
 * One answer field with autosave: a save runs when the learner pauses, leaves the field or leaves
 * the page (a keepalive request); one save at a time, the latest text last. The status beside it
 * says 'Lagrer...', 'Lagret', the length limit, or that saving failed with 'Prøv igjen'.
 */
function AnswerField({
  lessonId,
  question,
  saved,
  loading,
  unavailable,
  label,
  placeholder,
  compact = false,
}: FieldState & { label: string; placeholder?: string; compact?: boolean }) {
  const client = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState(saved?.answer ?? '');
  const [status, setStatus] = useState<Status>(saved ? 'saved' : 'idle');
  const [failure, setFailure] = useState('');
  const text = useRef(draft);
  /** What the server holds for this field (trimmed, as it stores it). */
  const stored = useRef(saved?.answer ?? '');
  const dirty = useRef(false);
  const saving = useRef(false);
  const again = useRef(false);
  const timer = useRef<number | null>(null);
  const synced = useRef(!loading);

  // The saved answer arrives after the field was drawn (first visit): show it once, before any typing.
  useEffect(() => {
    if (synced.current || loading) return;
    synced.current = true;
    const value = saved?.answer ?? '';
    text.current = value;
    stored.current = value;
    setDraft(value);
    setStatus(saved ? 'saved' : 'idle');
  }, [loading, saved]);

  const clearTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  const save = useCallback(async () => {
    clearTimer();
    const value = text.current;
    if (answerLength(value) > TASK_ANSWER_MAX_LENGTH) return setStatus('tooLong');
    if (value.trim() === stored.current) {
      dirty.current = false;
      return setStatus((s) => (s === 'pending' || s === 'error' ? 'saved' : s));
    }
    if (saving.current) {
      again.current = true;
      return;
    }
    saving.current = true;
    setStatus('pending');
    try {
      const result = await saveTaskAnswer(lessonId, question, value);
      stored.current = result.answer;
      cacheTaskAnswer(client, lessonId, result);
      if (text.current === value) {
        dirty.current = false;
        setStatus('saved');
      }
    } catch (error) {
      if (isUnauthorizedError(error)) sessionExpired();
      setFailure(error instanceof ApiError && error.status === 400 && error.bodyError ? error.bodyError : 'Kunne ikke lagre svaret.');
      setStatus('error');
    } finally {
      saving.current = false;
      if (again.current) {
        again.current = false;
        void save();
      }
    }
  }, [client, lessonId, question]);

  // Leaving the lesson or the page with unsaved text: it is sent on the way out.
  useEffect(() => {
    const flush = () => {
      if (!dirty.current || answerLength(text.current) > TASK_ANSWER_MAX_LENGTH || text.current.trim() === stored.current) return;
      dirty.current = false;
      clearTimer();
      saveTaskAnswerOnLeave(lessonId, question, text.current);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [lessonId, question]);

  const change = (value: string) => {
    setDraft(value);
    text.current = value;
    dirty.current = true;
    clearTimer();
    if (answerLength(value) > TASK_ANSWER_MAX_LENGTH) return setStatus('tooLong');
    setStatus('pending');
    timer.current = window.setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  };

  const length = answerLength(draft);
  const statusId = `${id}-status`;
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className={cn(compact && 'text-muted')}>
        {label}
      </Label>
      <Textarea
        id={id}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => change(e.target.value)}
        onBlur={() => {
          if (dirty.current) void save();
        }}
        disabled={loading || unavailable}
        aria-describedby={statusId}
        aria-invalid={status === 'tooLong' ? true : undefined}
        className={cn(compact && 'min-h-16')}
        data-task-answer={question}
      />
      <div id={statusId} aria-live="polite" className="flex min-h-5 flex-wrap items-center gap-x-2 text-xs">
        {loading ? (
          <span className="text-muted">Henter svaret ditt...</span>
        ) : status === 'pending' ? (
          <span className="text-muted">Lagrer...</span>
        ) : status === 'saved' ? (
          <span className="font-medium text-emerald-800" data-saved>
            <span aria-hidden="true">✓</span> Lagret
          </span>
        ) : status === 'tooLong' ? (
          <span className="text-danger">
            {taskAnswerMessages.tooLong}. Nå er det {formatCount(length)}.
          </span>
        ) : status === 'error' ? (
          <>
            <span className="text-danger">{failure}</span>
            <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={() => void save()}>
              Prøv igjen
            </Button>
          </>
        ) : null}
        {status !== 'tooLong' && length >= COUNT_FROM && (
          <span className="text-muted">
            {formatCount(length)} av {formatCount(TASK_ANSWER_MAX_LENGTH)} tegn
          </span>
        )}
      </div>
    </div>
  );
}

function TaskList({ title, items }: { title: string; items: string[] | undefined }) {
  if (!items) return null;
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
