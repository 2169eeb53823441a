import type { Config } from '@netlify/functions';
import { lessonParams } from '../../src/schemas/player';
import { saveTaskAnswerBody, taskAnswerParams, taskAnswerResponse, taskAnswersResponse } from '../../src/schemas/task-answers';
import { createHandler, route } from '../../src/server/platform/http';
import { listTaskAnswers, saveTaskAnswer } from '../../src/server/learning/task-answers.service';
import { jsonOf } from '../../src/server/platform/http/respond';

/**
 * A learner's answers in task lessons (issue 29, decision 36), private to the learner.
 *   GET /api/lessons/:id/answers             signed in   {answers: [{question, answer, updatedAt}]}: the caller's own
 *   PUT /api/lessons/:id/answers/:question   signed in   {answer} → {question, answer, updatedAt}; question 0 is the
 *                                                        lesson's answer field, n its n-th question; a blank answer
 *                                                        deletes it (updatedAt null); at most 10 000 characters
 * Both ask the entitlements like the lesson's content: 404 unknown lesson, 403 locked lesson;
 * 400 for a lesson that is not a task or a field it does not have. Anonymous callers get 401.
 */
export default createHandler({
  'GET /api/lessons/:id/answers': route({
    access: 'user',
    params: lessonParams,
    response: taskAnswersResponse,
    async handler({ db, user, params }) {
      return jsonOf(taskAnswersResponse, await listTaskAnswers(db, user.id, params.id));
    },
  }),

  'PUT /api/lessons/:id/answers/:question': route({
    access: 'user',
    params: taskAnswerParams,
    body: saveTaskAnswerBody,
    response: taskAnswerResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(taskAnswerResponse, await saveTaskAnswer(db, user.id, params.id, params.question, body.answer));
    },
  }),
});

export const config: Config = {
  path: ['/api/lessons/:id/answers', '/api/lessons/:id/answers/:question'],
  method: ['GET', 'PUT'],
};
