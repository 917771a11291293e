import { defineServerArea } from '../platform/areas/defineServerArea';
import { loadEntities } from '../platform/entities/loadEntities';
import { reapplyErasures } from './eraseCustomer';
import { registerPrivacyLogRoutes } from './privacyLogRoutes';
import { registerPrivacyRoutes } from './privacyRoutes';

/**
 * Datenschutz (DSGVO) for the administration: a customer's data report (Art. 15) and erasure (Art. 17), each
 * recorded
 *
 * Datenschutz (DSGVO): a customer's data report (Art. 15), its erasure (Art. 17) and the Löschliste, the
 * Datenschutz-Protokoll, for the administration.
 */
export default defineServerArea({
  async plugin(app) {
    registerPrivacyRoutes(app, await loadEntities());
    registerPrivacyLogRoutes(app);
    // A database restored from a backup made before an erasure holds the person again: the Löschliste (carried
    // over by scripts/restore.sh) erases them before this instance serves anyone.
    app.addHook('onReady', async () => {
      const { customers, storedNames } = await reapplyErasures(app.db, app.fileStore);
      for (const name of storedNames) await app.fileStore.removeMarked(name);
      if (customers > 0) app.log.warn({ customers }, 'Löschliste erneut angewandt (DSGVO)');
    });
  },
});
