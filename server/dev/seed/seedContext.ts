import type { Faker } from '@faker-js/faker';
import type { BranchSeed } from './regions';

/** Ids of the master data that generated customers and Vorgänge refer to. */
export interface SeedContext {
  faker: Faker;
  tenant: 'strussnig' | 'rekord';
  /** The company's day as a local midnight; `now` the instant of seeding, `zone` the tenant's time zone. */
  today: Date;
  now: Date;
  zone: string;
  branches: (BranchSeed & { id: number })[];
  sellers: { id: number; branchId: number; name: string }[];
  labels: {
    id: number;
    name: string;
    forCustomer: boolean;
    forVorgang: boolean;
    dueAfterDays: number | null;
  }[];
  reasons: { id: number; text: string }[];
  customStatuses: Record<string, number>;
  articles: {
    id: number;
    number: string;
    name: string;
    group: string;
    unit: string;
    price: number;
    cost: number;
    goodsGroupId: number;
  }[];
  next: {
    customer: number;
    vorgang: number;
    beleg: number;
    belegNumber: number;
    /** The last place given on the Kanban board, per column (custom status id, 0 = "Ohne Status"). */
    boardPlace: Map<number, number>;
  };
}

/** The author of every row the seed writes (`updated_by`). */
export const SEED_AUTHOR = 'Demo-Daten';
