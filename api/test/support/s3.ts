/**
 * A real S3 protocol server for the photo tests (issue 45): s3rver on an ephemeral port, its
 * objects in a temporary directory, one bucket made at start. Its fixed credentials are
 * S3RVER/S3RVER; path-style addressing (no bucket subdomains on 127.0.0.1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { PhotoSettings } from '../../src/photos';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The API's photo settings for this bucket. */
  settings: PhotoSettings;
  /** The same as environment variables (a server process, the backup script). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'inmuebles-photos'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    settings: { s3: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials } },
    env: {
      PHOTOS_S3_BUCKET: bucket,
      PHOTOS_S3_ENDPOINT: endpoint,
      PHOTOS_S3_REGION: 'us-east-1',
      PHOTOS_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      PHOTOS_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      PHOTOS_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
