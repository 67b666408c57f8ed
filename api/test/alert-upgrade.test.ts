/**
 * Migration 0018 (issues 39 and 40) on a portal with alert records from before it: every record
 * finds its user, a listing two searches of one user both recorded stays recorded once (so it is
 * never announced again), pending emails keep their recipient, and each favourite starts from its
 * listing's price now (the upgrade announces nothing).
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { engines, openTestDatabase } from './support/engines';
import { migrateWith, migrationsBefore } from './support/migrations';

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const USER = '11111111-1111-4111-8111-111111111111';
const [SEARCH_A, SEARCH_B] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'];
const [BOTH, ONLY_B] = ['cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'dddddddd-dddd-4ddd-8ddd-dddddddddddd'];

describe.each(engines())('alert records upgraded by migration 0018 on %s', (engine) => {
  test('records per user, duplicates once, emails keep their recipient, favourites start from today\'s price', async () => {
    const { database, drop } = await openTestDatabase(engine, { migrate: false });
    const folder = migrationsBefore('0018_alerts_per_user');
    try {
      await migrateWith(database, folder);
      await database.db.execute(sql`
        INSERT INTO users (id, email, password_hash, name, apellido) VALUES (${USER}, 'antes@example.com', 'x', 'Ana', 'Pérez')`);
      await database.db.execute(sql`
        INSERT INTO anuncios (id, description, price, moneda, price_rd, proposito, propiedad) VALUES
          (${BOTH}, 'x', 150000, 'US', 9000000, 'venta', 'Apartamento'), (${ONLY_B}, 'x', 7000000, 'RD', 7000000, 'venta', 'Casa')`);
      await database.db.execute(sql`
        INSERT INTO saved_searches (id, user_id, nombre, filters, frecuencia) VALUES
          (${SEARCH_A}, ${USER}, 'A', '{"proposito":"venta"}', 'instantaneo'), (${SEARCH_B}, ${USER}, 'B', '{"proposito":"venta"}', 'diario')`);
      await database.db.execute(sql`
        INSERT INTO alert_deliveries (search_id, anuncio_id, sent_at) VALUES
          (${SEARCH_B}, ${BOTH}, '2025-01-02T00:00:00Z'), (${SEARCH_A}, ${BOTH}, '2025-01-01T00:00:00Z'), (${SEARCH_B}, ${ONLY_B}, '2025-01-03T00:00:00Z')`);
      await database.db.execute(sql`
        INSERT INTO alert_emails (search_id, message, created_at) VALUES (${SEARCH_A}, '{"to":"antes@example.com"}', '2025-01-01T00:00:00Z')`);
      await database.db.execute(sql`INSERT INTO favoritos (user_id, anuncio_id) VALUES (${USER}, ${BOTH})`);

      await database.migrate();

      expect(await rowsOf(database, sql`SELECT user_id, search_id, anuncio_id FROM alert_deliveries ORDER BY anuncio_id`)).toEqual([
        { user_id: USER, search_id: SEARCH_A, anuncio_id: BOTH },
        { user_id: USER, search_id: SEARCH_B, anuncio_id: ONLY_B },
      ]);
      expect(await rowsOf(database, sql`SELECT user_id, search_id FROM alert_emails`)).toEqual([{ user_id: USER, search_id: SEARCH_A }]);
      expect(await rowsOf(database, sql`SELECT alert_price, alert_moneda, alert_price_rd, alert_sent_at FROM favoritos`)).toEqual([
        { alert_price: 150000, alert_moneda: 'US', alert_price_rd: 9000000, alert_sent_at: null },
      ]);
      expect(await rowsOf(database, sql`SELECT to_regclass('alert_price_drops') IS NULL AS gone`)).toEqual([{ gone: true }]);
      // A deleted search leaves its record: the listing is still never announced to the user again.
      await database.db.execute(sql`DELETE FROM saved_searches WHERE id = ${SEARCH_A}`);
      expect(await rowsOf(database, sql`SELECT user_id, search_id FROM alert_deliveries WHERE anuncio_id = ${BOTH}`)).toEqual([{ user_id: USER, search_id: null }]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await drop();
    }
  });
});
