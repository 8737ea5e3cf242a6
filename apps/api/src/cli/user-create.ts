import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Email, NewPassword, Role } from '@hls/contract';
import { openCliApp } from './cli-context.ts';

const usage = `Usage: npm run user:create -- --email <e-mail> --role <customer|author|editor|admin>
       [--password <password>] [--first-name <name>] [--last-name <name>] [--language fr|en]
Without --password a strong one is generated and printed.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      language: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const email = Email.safeParse(values.email);
if (!email.success) fail('A valid --email is required.');
const role = Role.safeParse(values.role);
if (!role.success) fail('--role must be one of customer, author, editor, admin.');
const generated = values.password === undefined;
const password = values.password ?? `${randomBytes(12).toString('base64url')}7a`;
if (!NewPassword.safeParse(password).success)
  fail('The password needs 8+ characters with a letter and a digit.');
const language = values.language === 'en' ? 'en' : 'fr';

const { app, close } = await openCliApp();
try {
  if (await app.accounts.findUserByEmail(email.data)) fail(`An account already exists for ${email.data}.`);
  const user = await app.accounts.createUser({
    email: email.data,
    role: role.data,
    password,
    firstName: values['first-name'] ?? role.data.charAt(0).toUpperCase() + role.data.slice(1),
    lastName: values['last-name'] ?? 'HLS',
    language,
  });
  console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
  if (generated) console.log(`Password: ${password}`);
} finally {
  await close();
}
