import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '../../../src/config/clientConfig';
import type { EntityDeclaration } from '../../../src/resources/entity';
import type { DownloadSource } from '../../downloads/downloadSource';
import type { Microsoft365Options } from '../../microsoft365/microsoft365Options';
import type { AuthPluginOptions } from '../auth/authPlugin';
import type { Directory } from '../auth/directory';
import type { NetworkAccessConfig } from '../config/networkAccess';
import type { Database } from '../db/database';
import type { ReadReplica } from '../db/readReplica';
import type { FileStoreOptions } from '../files/fileStorePlugin';
import type { JobOptions } from '../jobs/jobsPlugin';

/** What the server is built from; every area plugin receives it and takes what it needs. */
export interface AppOptions {
  db: Database;
  /** A streaming replica for reports, exports, dashboard figures and the search (DATABASE_REPLICA_URL). */
  replica?: ReadReplica;
  entities: readonly EntityDeclaration[];
  auth: AuthPluginOptions;
  /** Where Admin-Benutzer finds people: Graph in production, the demo user file in development. */
  directory: Directory;
  clientConfig: ClientConfig;
  /** The bundled identity provider's pages (development only; built by server/dev). */
  devIdp?: FastifyPluginAsync;
  /** Folder of the ERP export the data sync reads. */
  importDir: string;
  /** Where the Dateien area's files come from (server folder or SharePoint). */
  downloads: DownloadSource;
  /** Uploaded files and the largest upload accepted. */
  files: FileStoreOptions;
  /** SMTP server for mails to customers; absent: the built-in mail catcher keeps them. */
  smtpUrl?: string;
  /** The built web app; when it is missing the API still answers and pages say to build it. */
  webRoot?: string;
  publicUrl: string;
  logLevel?: string;
  /** This instance's name in the `X-Instance` header and on every log line (INSTANCE_NAME); the host's name when absent. */
  instanceName?: string;
  /** Trusted proxies and who may read /metrics; none and nobody when absent. */
  network?: NetworkAccessConfig;
  /**
   * A bulk change of more records than this needs APP_ADMIN_VERKAUF or APP_ADMIN (BULK_MASS_CHANGE_LIMIT);
   * DEFAULT_BULK_MASS_LIMIT when absent.
   */
  bulkMassLimit?: number;
  /** Outlook calendar and mail from each person's mailbox; the area stays off without it. */
  microsoft365?: Microsoft365Options;
  /** How the job library polls and drains (tests make its periodic check fast); its defaults when absent. */
  jobs?: JobOptions;
  /** Where the log goes (tests capture it); standard output when absent. */
  logStream?: { write(line: string): void };
}
