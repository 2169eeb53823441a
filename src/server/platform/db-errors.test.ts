import { DrizzleQueryError } from 'drizzle-orm';
import { DatabaseError } from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableMessage, isDatabaseUnavailable } from './db-errors';

/** An error as node-postgres reports a server's ErrorResponse. */
function pgError(code: string, message: string, severity = 'ERROR'): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = severity;
  return error;
}

const nodeError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** As drizzle wraps a driver error: the SQL and its parameters in the message, the driver error in `cause`. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select "id" from "users" where "email" = $1', ['ola@example.no'], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['08006 connection_failure', pgError('08006', 'connection failure', 'FATAL')],
    ['08001 sqlclient_unable_to_establish_sqlconnection', pgError('08001', 'could not connect')],
    ['08P01 protocol_violation', pgError('08P01', 'protocol violation', 'FATAL')],
    ['57P01 admin_shutdown', pgError('57P01', 'terminating connection due to administrator command', 'FATAL')],
    ['57P02 crash_shutdown', pgError('57P02', 'terminating connection because of crash of another server process', 'FATAL')],
    ['57P03 starting up', pgError('57P03', 'the database system is starting up', 'FATAL')],
    ['57P03 shutting down', pgError('57P03', 'the database system is shutting down', 'FATAL')],
    ['53300 too_many_connections', pgError('53300', 'sorry, too many clients already', 'FATAL')],
    ['57014 statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['ECONNREFUSED', nodeError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', nodeError('ECONNRESET', 'read ECONNRESET')],
    ['ETIMEDOUT', nodeError('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.1:5432')],
    ['EAI_AGAIN', nodeError('EAI_AGAIN', 'getaddrinfo EAI_AGAIN ep-x.neon.tech')],
    ['Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['Connection terminated', new Error('Connection terminated')],
    [
      'pg-pool connect timeout',
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
    ],
    ['pg-pool waiting timeout', new Error('timeout exceeded when trying to connect')],
    ['pg query_timeout', new Error('Query read timeout')],
    ['a broken checked-out client', new Error('Client has encountered a connection error and is not queryable')],
    ['dual-stack connect (AggregateError)', new AggregateError([nodeError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], '')],
    ["Neon's WebSocket error event", new Event('error')],
    [
      'a ws-package ErrorEvent',
      new (class ErrorEvent {
        type = 'error';
        message = '';
      })(),
    ],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped(error) }))).toBe(true);
  });

  it.each([
    ['23505 unique violation', pgError('23505', 'duplicate key value violates unique constraint "users_email_unique"')],
    ['23503 foreign key violation', pgError('23503', 'insert or update on table "x" violates foreign key constraint')],
    ['42P01 undefined table', pgError('42P01', 'relation "nope" does not exist')],
    ['22P02 invalid text representation', pgError('22P02', 'invalid input syntax for type uuid: "x"')],
    ['TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a plain Error', new Error('something else went wrong')],
    ['a string', 'Connection terminated'],
    ['null', null],
    ['undefined', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('databaseUnavailableMessage', () => {
  it('is a Norwegian sentence', () => {
    expect(databaseUnavailableMessage).toBe('Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.');
  });
});
