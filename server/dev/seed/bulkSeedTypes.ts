export interface BulkWords {
  female: string[];
  male: string[];
  last: string[];
  street: string[];
}

export interface BulkMaster {
  branches: {
    id: number;
    country: 'AT' | 'DE';
    weight: number;
    places: { zip: string; city: string; area: string }[];
  }[];
  sellers: { id: number; branchId: number }[];
  kinds: { title: string; weight: number; articles: number[] }[];
  customerLabels: { id: number; dueAfterDays: number | null }[];
  vorgangLabels: { id: number; dueAfterDays: number }[];
  reasons: number[];
  customStatuses: Record<string, number>;
  activityTypes: string[];
  origins: string[];
  titles: string[];
  lostReasons: string[];
}

export interface BulkDay {
  /** The company's today (yyyy-MM-dd), its start as an instant, the instant of seeding, the tenant's zone. */
  today: string;
  todayStart: Date;
  now: Date;
  zone: string;
}
