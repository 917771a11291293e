import type { Faker } from '@faker-js/faker';
import type { Database } from '../../platform/db/database';
import { seedArticles } from './seedArticles';
import type { SeedContext } from './seedContext';
import { seedLabelsAndStatuses } from './seedLabelsAndStatuses';
import { seedBranchesAndPeople } from './seedPeople';
import { seedTargetsAndSettings } from './seedTargetsAndSettings';

/** Inserts branches, users, labels, reasons, Stammdaten, statuses, products and settings; returns their ids. */
export async function seedMasterData(
  db: Database,
  faker: Faker,
  tenant: 'strussnig' | 'rekord',
): Promise<Omit<SeedContext, 'faker' | 'today' | 'now' | 'zone' | 'next'>> {
  // In this order: faker's draws (people, then targets) keep the demo data the same from run to run.
  const people = await seedBranchesAndPeople(db, faker, tenant);
  const catalog = await seedLabelsAndStatuses(db);
  const articles = await seedArticles(db);
  await seedTargetsAndSettings(db, faker, tenant, people);
  return { tenant, ...people, ...catalog, articles };
}
