-- Issue 18 (docs/decisions/0005-search-table-and-estimated-counts.md, session 16): a publish's quota
-- check in the INSERT itself. Before, a publish took five round trips to the database (BEGIN, the
-- owner's row locked, the active listings counted, the INSERT, COMMIT); each costs the API's thread
-- a system call and its driver's work (about 0.4 ms at 1M listings under load). Now the INSERT's
-- owner_id is `anuncio_claim_slot(owner)`: it locks the owner's row (the lock the renewals, resumes
-- and moderation take too, api/src/anuncios/repository.ts lockOwnerPlan) and counts the owner's
-- active listings, and the statement's own transaction holds that lock until it commits.
--
-- The function is VOLATILE, so in READ COMMITTED its count takes a snapshot of its own after the
-- lock is granted: a concurrent publish of the same owner that held the lock has committed by
-- then and is counted (a single SELECT … FOR UPDATE with the count beside it would count with the
-- snapshot taken before it waited, and let both in). What counts is the same rule as
-- `countsAgainstQuota` in repository.ts: estado = 'activo'.
CREATE FUNCTION anuncio_claim_slot(owner uuid) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan integer;
  used bigint;
BEGIN
  SELECT mi_plan INTO plan FROM users WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'owner missing' USING ERRCODE = 'RDQ01';
  END IF;
  SELECT count(*) INTO used FROM anuncios WHERE owner_id = owner AND estado = 'activo';
  IF used >= plan THEN
    RAISE EXCEPTION 'quota reached' USING ERRCODE = 'RDQ01';
  END IF;
  RETURN owner;
END
$$;
