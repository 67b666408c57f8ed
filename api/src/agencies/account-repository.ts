/**
 * The SQL of agency accounts (issue 46, docs/decisions/0042-agency-accounts.md): an account's
 * agency (kind 'account'), its members (one administrator, agents) and the emailed invitations,
 * whose tokens are kept as their SHA-256 only (as accounts/tokens.ts does), used once, expiring.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { AGENCIA_INVITACION_HORAS, AGENCIA_SLUG, AGENCIA_SLUG_MAX, type AgenciaPerfil, type AgenciaRol } from 'shared-contracts';
import type { AgenciaPerfilBody } from 'shared-contracts/schemas';
import type { Db } from '../db/client';
import { agenciaInvitaciones, agenciaMiembros, agencias, anuncios, users, type AgenciaRow, type AnuncioRow } from '../db/schema';
import { hashToken } from '../accounts/tokens';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Membership {
  agencia: AgenciaRow;
  rol: AgenciaRol;
}

/** The SQLSTATE of a unique violation, also when drizzle wraps it. */
function isUniqueViolation(err: unknown): boolean {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return (code ?? cause?.code) === '23505';
}

export class AlreadyMember extends Error {}

export async function membershipOf(db: Db, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ agencia: agencias, rol: agenciaMiembros.role })
    .from(agenciaMiembros)
    .innerJoin(agencias, eq(agencias.id, agenciaMiembros.agenciaId))
    .where(eq(agenciaMiembros.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Whether the user administers the agency whose slug a listing carries (may manage its listings). */
export async function administers(db: Db | Tx, userId: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agencias.id })
    .from(agenciaMiembros)
    .innerJoin(agencias, eq(agencias.id, agenciaMiembros.agenciaId))
    .where(and(eq(agenciaMiembros.userId, userId), eq(agenciaMiembros.role, 'admin'), eq(agencias.slug, slug)))
    .limit(1);
  return row !== undefined;
}

/** "Inmobiliaria Caribe, S.R.L." -> "inmobiliaria-caribe-s-r-l": a slug AGENCIA_SLUG accepts ('' when nothing is left). */
export function slugOf(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return base.slice(0, AGENCIA_SLUG_MAX - 4).replace(/-+$/, '');
}

const columnsOf = (p: AgenciaPerfilBody) => ({
  name: p.nombre,
  logo: p.logo,
  phone: p.telefono,
  whatsapp: p.whatsapp,
  email: p.email,
  address: p.direccion,
  latitude: p.latitude,
  longitude: p.longitude,
  description: p.descripcion,
  rnc: p.rnc,
});

export const perfilOf = (a: AgenciaRow): AgenciaPerfil => ({
  slug: a.slug,
  nombre: a.name,
  logo: a.logo,
  telefono: a.phone,
  whatsapp: a.whatsapp,
  email: a.email,
  direccion: a.address,
  latitude: a.latitude,
  longitude: a.longitude,
  descripcion: a.description,
  rnc: a.rnc,
});

/**
 * Creates the agency and makes the user its administrator, in one transaction. The slug comes
 * from the name; a taken one gets -2, -3, …; the members' primary key (the user) makes "at most
 * one agency per account" hold under concurrent requests. Throws AlreadyMember.
 */
export async function createAccountAgency(db: Db, userId: string, perfil: AgenciaPerfilBody): Promise<AgenciaRow> {
  const base = slugOf(perfil.nombre) || 'inmobiliaria';
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ userId: agenciaMiembros.userId }).from(agenciaMiembros).where(eq(agenciaMiembros.userId, userId));
      if (taken) throw new AlreadyMember();
      let row: AgenciaRow | undefined;
      for (let n = 1; !row; n++) {
        const slug = n === 1 ? base : `${base}-${n}`;
        if (!AGENCIA_SLUG.test(slug) || n > 50) throw new Error(`no free slug for ${base}`);
        [row] = await tx
          .insert(agencias)
          .values({ slug, kind: 'account', ...columnsOf(perfil) })
          .onConflictDoNothing({ target: agencias.slug })
          .returning();
      }
      await tx.insert(agenciaMiembros).values({ userId, agenciaId: row.id, role: 'admin' });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AlreadyMember();
    throw err;
  }
}

export async function updateAgencyProfile(db: Db, agenciaId: string, perfil: AgenciaPerfilBody, now: Date): Promise<AgenciaRow> {
  const [row] = await db
    .update(agencias)
    .set({ ...columnsOf(perfil), updatedAt: now })
    .where(eq(agencias.id, agenciaId))
    .returning();
  return row;
}

export async function membersOf(db: Db, agenciaId: string) {
  return db
    .select({ _id: users.id, name: users.name, apellido: users.apellido, email: users.email, rol: agenciaMiembros.role })
    .from(agenciaMiembros)
    .innerJoin(users, eq(users.id, agenciaMiembros.userId))
    .where(eq(agenciaMiembros.agenciaId, agenciaId))
    .orderBy(asc(agenciaMiembros.role), asc(agenciaMiembros.createdAt));
}

export async function pendingInvitations(db: Db, agenciaId: string, now: Date) {
  return db
    .select({ email: agenciaInvitaciones.email, expiresAt: agenciaInvitaciones.expiresAt })
    .from(agenciaInvitaciones)
    .where(and(eq(agenciaInvitaciones.agenciaId, agenciaId), isNull(agenciaInvitaciones.usedAt), gt(agenciaInvitaciones.expiresAt, now)))
    .orderBy(desc(agenciaInvitaciones.createdAt))
    .limit(100);
}

export const INVITATION_TTL_MS = AGENCIA_INVITACION_HORAS * 3600_000;

/**
 * A fresh invitation for the email: 32 random bytes (hex) go in the email, their SHA-256 is kept.
 * Earlier unused invitations of the agency to the same email stop working (only the newest link is valid).
 */
export async function createInvitation(db: Db, agenciaId: string, email: string, invitedBy: string, now: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('hex');
  await db.transaction(async (tx) => {
    await tx
      .delete(agenciaInvitaciones)
      .where(and(eq(agenciaInvitaciones.agenciaId, agenciaId), eq(agenciaInvitaciones.email, email), isNull(agenciaInvitaciones.usedAt)));
    await tx.insert(agenciaInvitaciones).values({
      agenciaId,
      email,
      invitedBy,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + INVITATION_TTL_MS),
      createdAt: new Date(now),
    });
  });
  return token;
}

export type AcceptOutcome =
  | { ok: true; agencia: AgenciaRow }
  | { ok: false; why: 'invalid' | 'used' | 'already-member' | 'other-email'; email?: string };

/**
 * Accepts the invitation for the signed-in user: the token must be unused, unexpired, and the
 * user's email the invited one. Consumed by one UPDATE in the transaction that adds the member, so
 * two uses cannot both succeed and a refused join leaves the link usable.
 */
export async function acceptInvitation(db: Db, token: string, user: { id: string; email: string }, now: number): Promise<AcceptOutcome> {
  const tokenHash = hashToken(token);
  const [inv] = await db.select().from(agenciaInvitaciones).where(eq(agenciaInvitaciones.tokenHash, tokenHash)).limit(1);
  if (!inv) return { ok: false, why: 'invalid' };
  if (inv.usedAt) return { ok: false, why: 'used' };
  if (inv.expiresAt.getTime() <= now) return { ok: false, why: 'invalid' };
  if (inv.email !== user.email.toLowerCase()) return { ok: false, why: 'other-email', email: inv.email };
  try {
    return await db.transaction(async (tx) => {
      const used = await tx
        .update(agenciaInvitaciones)
        .set({ usedAt: new Date(now) })
        .where(and(eq(agenciaInvitaciones.id, inv.id), isNull(agenciaInvitaciones.usedAt), gt(agenciaInvitaciones.expiresAt, new Date(now))))
        .returning({ id: agenciaInvitaciones.id });
      if (!used.length) return { ok: false, why: 'used' } as const;
      const [taken] = await tx.select({ userId: agenciaMiembros.userId }).from(agenciaMiembros).where(eq(agenciaMiembros.userId, user.id));
      if (taken) throw new AlreadyMember();
      await tx.insert(agenciaMiembros).values({ userId: user.id, agenciaId: inv.agenciaId, role: 'agente', createdAt: new Date(now) });
      const [agencia] = await tx.select().from(agencias).where(eq(agencias.id, inv.agenciaId));
      return { ok: true, agencia } as const;
    });
  } catch (err) {
    if (err instanceof AlreadyMember || isUniqueViolation(err)) return { ok: false, why: 'already-member' };
    throw err;
  }
}

/**
 * The administrator removes an agent: the membership goes, and the agent's listings of the agency
 * stay with it, now owned by the administrator (who already managed them). Answers the listings
 * moved, or null when the user was not an agent of this agency.
 */
export async function removeAgent(db: Db, agencia: AgenciaRow, adminId: string, agentId: string): Promise<AnuncioRow[] | null> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(agenciaMiembros)
      .where(and(eq(agenciaMiembros.userId, agentId), eq(agenciaMiembros.agenciaId, agencia.id), eq(agenciaMiembros.role, 'agente')))
      .returning({ userId: agenciaMiembros.userId });
    if (!gone.length) return null;
    return tx
      .update(anuncios)
      .set({ ownerId: adminId })
      .where(and(eq(anuncios.ownerId, agentId), eq(anuncios.source, agencia.slug)))
      .returning();
  });
}

/** Every listing of the agency, newest first, with who owns it (bounded: an agency's plan is at most a few hundred). */
export async function agencyListings(db: Db, slug: string, limit = 1000) {
  return db
    .select({ row: anuncios, ownerName: users.name, ownerApellido: users.apellido })
    .from(anuncios)
    .leftJoin(users, eq(users.id, anuncios.ownerId))
    .where(eq(anuncios.source, slug))
    .orderBy(desc(anuncios.seq))
    .limit(limit);
}

/**
 * Who may manage (edit, pause, renew, delete) a listing (issue 46): its owner, and the
 * administrator of the agency whose slug it carries. A feed's listing (no owner) is nobody's.
 */
export async function mayManageListing(db: Db | Tx, row: Pick<AnuncioRow, 'ownerId' | 'source'>, userId: string): Promise<boolean> {
  if (row.ownerId === null) return false;
  if (row.ownerId === userId) return true;
  return row.source !== null && (await administers(db, userId, row.source));
}
