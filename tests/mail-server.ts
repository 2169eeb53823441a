import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the mail tests (the `smtp-server` package), on a free loopback port:
 * it parses every message it accepts (`mailparser`) into `received`, and can refuse the next
 * messages with a temporary (451) or permanent (550) error, as a mail server does.
 */
export interface TestMailServer {
  url: string;
  received: ParsedMail[];
  /** Refuse the next `count` messages with this SMTP code. */
  refuseNext(count: number, code?: 451 | 550): void;
  close(): Promise<void>;
}

/** Starts the server on `port` (0: a free one). */
export async function startMailServer(options: { port?: number } = {}): Promise<TestMailServer> {
  const received: ParsedMail[] = [];
  let refusals = 0;
  let refusalCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (refusals > 0) {
            refusals--;
            callback(Object.assign(new Error(refusalCode === 451 ? 'Try again later' : 'No such mailbox'), { responseCode: refusalCode }));
            return;
          }
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code = 451) {
      refusals = count;
      refusalCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
