import type { Config } from '@netlify/functions';
import { lessonParams } from '../../src/schemas/player';
import { saveTaskAnswerBody, taskAnswerParams, taskAnswerResponse, taskAnswersResponse } from '../../src/schemas/task-answers';
import { createHandler, route } from '../../src/server/platform/http';
import { listTaskAnswers, saveTaskAnswer } from '../../src/server/learning/task-answers.service';
import { jsonOf } from '../../src/server/platform/http/respond';

/** Private to the learner; question 0 is the lesson's answer field, and a blank answer deletes it. */
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
