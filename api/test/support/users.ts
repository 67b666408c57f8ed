/** Users made directly in the database (for the listing suites, which do not test sign-up). */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/accounts/passwords';
import { users, type UserRow } from '../../src/db/schema';

let cachedHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'Secreta1!';

export async function createUser(app: FastifyInstance, values: Partial<typeof users.$inferInsert> = {}): Promise<{ user: UserRow; token: string; auth: { authorization: string } }> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await app.db
    .insert(users)
    .values({
      email: `u-${crypto.randomBytes(5).toString('hex')}@example.com`,
      name: 'Ana',
      apellido: 'Pérez',
      passwordHash: await cachedHash,
      confirmed: true,
      ...values,
    })
    .returning();
  const token = app.signToken(user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
