/** The SQL of the account calls. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** Null when the email is taken (the unique constraint decides, so concurrent sign-ups cannot both win). */
export async function createUser(db: Db, values: { email: string; passwordHash: string; name: string; apellido: string }): Promise<UserRow | null> {
  const [user] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return user ?? null;
}

export async function markConfirmed(db: Db, id: string): Promise<void> {
  await db.update(users).set({ confirmed: true }).where(eq(users.id, id));
}

/** New password; the token version moves on so every JWT issued before stops working. */
export async function setPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, confirmed: true })
    .where(eq(users.id, id));
}

/** Logout: the token version moves on, so the token (and any other issued before) stops working. */
export async function revokeTokens(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

export async function setPlan(db: Db, id: string, miPlan: number): Promise<void> {
  await db.update(users).set({ miPlan }).where(eq(users.id, id));
}
