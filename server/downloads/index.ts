import type { FastifyInstance } from 'fastify';
import type { DownloadSource } from './downloadSource';
import { registerDownloadRoutes } from './downloadRoutes';
import { registerManageRoutes } from './manageRoutes';

/** Dateien (SPEC §7 download/*): the company's download area from a server folder or SharePoint. */
export async function downloadsArea(app: FastifyInstance, options: { source: DownloadSource }) {
  registerDownloadRoutes(app, options.source);
  await registerManageRoutes(app, options.source, app.fileStore.maxBytes);
}
