/** The mailer as a decorator; pending messages are delivered before the app closes. */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../mail/mailer';
import { isLocalSite } from '../config';

async function mailPlugin(app: FastifyInstance) {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    outboxDir: path.join(app.config.dataDir, 'outbox'),
    log: app.log,
    logLinks: isLocalSite(app.config.publicSiteUrl),
    onResult: app.telemetry.mail,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
}

export default fp(mailPlugin, { name: 'mail', fastify: '5.x', dependencies: ['config', 'metrics'] });
