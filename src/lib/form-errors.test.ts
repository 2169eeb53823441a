import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { GENERAL_ERROR, NETWORK_ERROR, serverIssues } from './form-errors';

const refused = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), body);

describe('serverIssues', () => {
  it('puts each issue on the field its path names, a nested path on its field, the rest on the form', () => {
    const error = refused(400, {
      error: 'Ugyldig',
      issues: [
        { path: 'content.html', message: 'HTML mangler' },
        { path: 'content', message: 'Innhold er feil' },
        { path: 'title', message: 'Tittel mangler' },
        { path: 'orderIndex', message: 'Rekkefølge er feil' },
      ],
    });
    expect(serverIssues(error, ['title', 'content'])).toEqual({
      fields: { content: 'HTML mangler Innhold er feil', title: 'Tittel mangler' },
      form: 'Rekkefølge er feil',
    });
  });

  it('names the most precise field a path fits', () => {
    const error = refused(400, { issues: [{ path: 'content.html', message: 'HTML mangler' }] });
    expect(serverIssues(error, ['content', 'content.html']).fields).toEqual({ 'content.html': 'HTML mangler' });
  });

  it("says the body's own sentence without issues, else the general one, and the network sentence when fetch threw", () => {
    expect(serverIssues(refused(409, { error: 'Adressen er i bruk' }), ['email'])).toEqual({ fields: {}, form: 'Adressen er i bruk' });
    expect(serverIssues(refused(401, { error: 'Unauthorized' }), []).form).toBe('Du er logget ut. Logger inn på nytt...');
    expect(serverIssues(new ApiError(502, 'Bad Gateway', null), [])).toEqual({ fields: {}, form: GENERAL_ERROR });
    expect(serverIssues(new TypeError('Failed to fetch'), [])).toEqual({ fields: {}, form: NETWORK_ERROR });
  });
});
