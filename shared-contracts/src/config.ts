/** Runtime configuration served next to the shell (config.json), read at start-up, never baked into builds. */
import { z } from 'zod';

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().min(1),
  tileUrl: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  tileAttribution: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  contactEmail: z.string().default('contacto@example.com'),
  /** Enables /__error, used by the browser tests of the error screen. */
  testRoutes: z.boolean().default(false),
  /** Standalone QA only: other remotes this remote renders (name -> remoteEntry URL). */
  remotes: z.record(z.string(), z.string()).optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The registry: remote name -> URL of its remoteEntry.js (or mf-manifest.json). */
export const remoteRegistrySchema = z.record(z.string(), z.string().min(1));
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

/** Data attribution the portal must show wherever gazetteer-derived results appear. */
export const DATA_ATTRIBUTION =
  'Lugares: Oficina Nacional de Estadística (ONE), División Territorial 2020. Coordenadas © GeoNames (www.geonames.org), CC BY 4.0. Contains information from the Countries States Cities Database (https://github.com/dr5hn/countries-states-cities-database), which is made available here under the Open Database License (ODbL).';
