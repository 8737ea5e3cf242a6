import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id; OWASP's minimum profile (19 MiB, 2 passes) keeps logins fast on small machines.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown e-mails cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
