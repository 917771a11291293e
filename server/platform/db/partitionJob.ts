import { defineJob } from '../jobs/defineJob';
import { ensurePartitionsAhead, MONTHLY_TABLES } from './partitionQueries';

/**
 * Makes the coming months' partitions of the tables partitioned by month (two months ahead); hourly, once
 * across instances. Harmless to repeat: a partition that exists is left alone. Should it not run for months, rows
 * wait in each table's default partition and move into their month when it is made.
 */
export const makePartitionsAhead = defineJob({
  name: 'platform.partitionsAhead',
  label: 'Monatspartitionen anlegen',
  schedule: '13 * * * *',
  policy: 'singleton',
  run: async (_data, { app }) => {
    let made = 0;
    for (const table of MONTHLY_TABLES) made += await ensurePartitionsAhead(app.db, table);
    return made;
  },
});
