/** argon2id hashing (the library's default algorithm, stated explicitly in the options). */
import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm is a const enum in the typings; 2 = Argon2id. OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A fixed hash to verify against when the email is unknown, so both cases cost the same time. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
