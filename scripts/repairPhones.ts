// `npm run repair:phones` (add `-- --apply` to store the repairs): finds the customers' and Endkunden's phone
// numbers that were read in the wrong country or stored as typed, in the database of the environment (DATABASE_URL,
// else the embedded one of DATA_DIR), prints them and, with --apply, stores the repairs that need no decision.
// docs/operations.md, "Telefonnummern prüfen und reparieren".
import { parseArgs } from 'node:util';
import { findPhoneRepairs, applyPhoneRepairs, type PhoneFinding } from '../server/customers/phoneRepairs';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';

const { values } = parseArgs({ options: { apply: { type: 'boolean', default: false } } });
const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);

const HEADINGS: Record<PhoneFinding['repair']['kind'], string> = {
  reread: 'Im falschen Land gelesen, wird korrigiert',
  normalise: 'Nicht in der einheitlichen Form, wird vereinheitlicht',
  check: 'Bitte prüfen (gültig, aber vermutlich eine deutsche Nummer als österreichische gelesen)',
  invalid: 'Ungültig, bitte von Hand korrigieren',
};
const describe = (f: PhoneFinding) => {
  const what = `${f.table === 'customer' ? 'Kunde' : 'Endkunde'} ${f.id} (${f.name}, Land ${f.land}), ${f.field === 'phone' ? 'Telefon' : 'Mobil'} ${f.stored}`;
  if (f.repair.kind === 'check') return `${what} → vielleicht ${f.repair.alternative}`;
  return f.repair.kind === 'invalid' ? what : `${what} → ${f.repair.value}`;
};

try {
  const findings = await findPhoneRepairs(db, config.tenant);
  console.log(`Mandant ${config.tenant}: ${findings.length} Telefonnummern auffällig.`);
  for (const kind of ['reread', 'normalise', 'check', 'invalid'] as const) {
    const ofKind = findings.filter((f) => f.repair.kind === kind);
    if (ofKind.length === 0) continue;
    console.log(`\n${HEADINGS[kind]} (${ofKind.length}):`);
    for (const finding of ofKind) console.log(`  ${describe(finding)}`);
  }
  if (values.apply) {
    const changed = await applyPhoneRepairs(db, findings);
    console.log(`\n${changed} Telefonnummern geändert (im Änderungsverlauf als „Reparatur Telefonnummern“).`);
  } else if (findings.some((f) => f.repair.kind === 'reread' || f.repair.kind === 'normalise')) {
    console.log(
      '\nNichts geändert. Mit "npm run repair:phones -- --apply" werden die Korrekturen gespeichert.',
    );
  }
} finally {
  await db.destroy();
  await embedded?.stop();
}
