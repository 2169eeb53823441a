import { useId, useState } from 'react';
import type { TaskContent } from '../../schemas/lesson-content';
import { Button } from '../../components/ui/Button';
import { Label, Textarea } from '../../components/ui/Input';

/**
 * A practical task: the fields the content has, in a fixed order. Answers show on
 * request; what the learner writes stays in the page and is never sent (spec, section 4).
 */
export function TaskLesson({ content }: { content: TaskContent }) {
  const answerId = useId();
  const [answer, setAnswer] = useState('');
  return (
    <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 text-ink sm:p-6">
      {content.instructions && (
        <section aria-labelledby={`${answerId}-instr`}>
          <h3 id={`${answerId}-instr`} className="font-semibold">
            Instruksjoner
          </h3>
          <p className="mt-1 whitespace-pre-line leading-relaxed">{content.instructions}</p>
        </section>
      )}
      {content.questions && (
        <section aria-labelledby={`${answerId}-q`}>
          <h3 id={`${answerId}-q`} className="font-semibold">
            Spørsmål
          </h3>
          <ol className="mt-2 space-y-3">
            {content.questions.map((q, i) => (
              <Question key={i} question={q.question} answer={q.answer} />
            ))}
          </ol>
        </section>
      )}
      <TaskList title="Oppgaver" items={content.tasks} />
      <TaskList title="Krav" items={content.requirements} />
      <TaskList title="Scenarioer" items={content.scenarios} />
      {content.placeholder !== undefined && (
        <div className="space-y-1">
          <Label htmlFor={answerId}>Ditt svar</Label>
          <Textarea id={answerId} placeholder={content.placeholder} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          <p className="text-xs text-muted">Svaret ditt lagres ikke; det er bare til deg selv.</p>
        </div>
      )}
    </div>
  );
}

function Question({ question, answer }: { question: string; answer: string }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <li className="rounded-lg bg-slate-50 p-3">
      <p className="font-medium">{question}</p>
      <Button variant="link" size="sm" className="mt-1 px-0" aria-expanded={shown} aria-controls={id} onClick={() => setShown(!shown)}>
        {shown ? 'Skjul svar' : 'Vis svar'}
      </Button>
      <div id={id} hidden={!shown} className="mt-1 whitespace-pre-line text-sm leading-relaxed">
        {answer}
      </div>
    </li>
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
