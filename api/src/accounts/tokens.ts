/**
 * Email-confirmation and password-reset tokens: 32 random bytes (hex) sent by email, only their
 * SHA-256 stored. A token is tied to its user and kind, expires (confirmation 48 h, reset 1 h) and
 * is consumed by one atomic UPDATE, so two concurrent uses cannot both succeed. Used tokens stay
 * (marked used), so opening a link again can be answered as already done.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';

export type TokenKind = 'confirm' | 'reset';
const HOUR = 3600_000;
export const TOKEN_TTL_MS: Record<TokenKind, number> = { confirm: 48 * HOUR, reset: 1 * HOUR };

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Issues a fresh token; earlier unused ones of the same kind stop working (only the newest link is valid). */
export async function issueToken(db: Db, userId: string, kind: TokenKind, now: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('hex');
  await db.transaction(async (tx) => {
    await tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
    await tx.insert(accountTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + TOKEN_TTL_MS[kind]),
      createdAt: new Date(now),
    });
  });
  return token;
}

const usable = (userId: string, token: string, kind: TokenKind, now: number) =>
  and(
    eq(accountTokens.userId, userId),
    eq(accountTokens.kind, kind),
    eq(accountTokens.tokenHash, hashToken(token)),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date(now)),
  );

/** Whether the token would be accepted now, without using it (a cheap check before costly work). */
export async function tokenIsUsable(db: Db, userId: string, token: string, kind: TokenKind, now: number): Promise<boolean> {
  const rows = await db.select({ id: accountTokens.id }).from(accountTokens).where(usable(userId, token, kind, now)).limit(1);
  return rows.length === 1;
}

/** Marks the token used and answers true when it was valid, unused, unexpired and the user's. */
export async function consumeToken(db: Db, userId: string, token: string, kind: TokenKind, now: number): Promise<boolean> {
  const used = await db
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(usable(userId, token, kind, now))
    .returning({ id: accountTokens.id });
  return used.length === 1;
}

/**
 * Whether this very token was already used (issue 39: a link opened twice is answered "already
 * done", not "invalid"). Only the holder of the emailed token learns it; a used token never
 * becomes usable again.
 */
export async function tokenWasUsed(db: Db, userId: string, token: string, kind: TokenKind): Promise<boolean> {
  const rows = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), eq(accountTokens.tokenHash, hashToken(token)), isNotNull(accountTokens.usedAt)))
    .limit(1);
  return rows.length === 1;
}
