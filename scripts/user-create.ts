// `npm run user:create -- --role superuser --email ola@example.no`: how a real deployment gets its first superuser (demo accounts never reach production).
// The password is never an argument, where it would land in the shell history and the process list: typed without echo, or one piped line.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { userRoles } from '../src/schemas/admin';
import { registerBody } from '../src/schemas/auth';
import { appDatabaseOptions } from '../src/server/platform/db';
import { DomainError } from '../src/server/platform/errors';
import { hashPassword } from '../src/server/auth/password';
import { createOrPromoteUser, findUserByEmail } from '../src/server/admin/users.service';

const usage =
  'Usage: npm run user:create -- --role <superuser|admin|company_admin|individual> --email <address> [--first-name <name>] [--last-name <name>]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.some((a) => a === '-p' || a.startsWith('--password') || a.startsWith('--pass='))) {
  fail(
    'The password is never taken as an argument (it would stay in the shell history and the process list). ' +
      'Leave it out: the command asks for it, or reads one line from stdin when it is piped.',
  );
}

let values: { role?: string | undefined; email?: string | undefined; 'first-name'?: string | undefined; 'last-name'?: string | undefined };
try {
  ({ values } = parseArgs({
    args,
    options: { role: { type: 'string' }, email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
}

const role = userRoles.find((r) => r === values.role);
if (!role) fail(`--role must be one of ${userRoles.join(', ')}.\n${usage}`);
const email = registerBody.shape.email.safeParse(values.email ?? '');
if (!email.success) fail(`--email: ${email.error.issues[0]?.message ?? 'invalid'}.\n${usage}`);
const fallbackName = email.data.split('@')[0] ?? 'Bruker';
const firstName = registerBody.shape.firstName.safeParse(values['first-name'] ?? fallbackName);
if (!firstName.success) fail(`--first-name: ${firstName.error.issues[0]?.message ?? 'invalid'}`);
const lastName =
  values['last-name'] === undefined ? { success: true as const, data: '' } : registerBody.shape.lastName.safeParse(values['last-name']);
if (!lastName.success) fail(`--last-name: ${lastName.error.issues[0]?.message ?? 'invalid'}`);

/** One line typed on the terminal without echo (raw mode); Ctrl-C aborts. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          process.stdout.write('\n');
          fail('Aborted.', 130);
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

function readPipedLine(): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, terminal: false });
    let done = false;
    lines.once('line', (line) => {
      done = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => {
      if (!done) resolve('');
    });
  });
}

async function readPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden('Password (at least 8 characters): ');
    const again = await askHidden('Repeat the password: ');
    if (again !== password) fail('The two passwords differ. Nothing was changed.');
  } else {
    password = await readPipedLine();
  }
  const checked = registerBody.shape.password.safeParse(password);
  if (!checked.success) fail(`Password: ${checked.error.issues[0]?.message ?? 'invalid'}. Nothing was changed.`);
  return checked.data;
}

const options = appDatabaseOptions('migrate');
const database = await openDatabase(options);
try {
  const existing = await findUserByEmail(database.db, email.data);
  // A new user needs a password before anything is written; an existing one keeps theirs.
  const password = existing ? null : await readPassword();
  const result = await createOrPromoteUser(database.db, { email: email.data, role, firstName: firstName.data, lastName: lastName.data }, () =>
    hashPassword(password ?? ''),
  );
  const where = `${database.driver}${options.url ? '' : `, ${options.pgliteDataDir}`}`;
  if (result.outcome === 'created') console.log(`Created ${email.data} as ${role} (${where}).`);
  else if (result.outcome === 'promoted')
    console.log(`${email.data} is now an active ${role} (was ${result.from.role}${result.from.isActive ? '' : ', inactive'}; ${where}).`);
  else console.log(`${email.data} is already an active ${role}; nothing changed (${where}).`);
} catch (error) {
  // A refusal of the service (the last active superuser, an e-mail taken meanwhile): its sentence, no stack.
  if (error instanceof DomainError) {
    process.exitCode = 1;
    console.error(`${error.message} Nothing was changed.`);
  } else throw error;
} finally {
  await database.close();
}
