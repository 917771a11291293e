/** Counts of one group of answers and its NPS (null when the group has no answers). */
export interface NpsFigures {
  count: number;
  promoters: number;
  passives: number;
  detractors: number;
  /** % promoters minus % detractors, rounded to a whole number (halves away from zero); null: no answers. */
  nps: number | null;
}

/** What nps/statisticsv2 answers for a period and filters. */
export interface NpsStatistics {
  overall: NpsFigures;
  /** Every month of the period (YYYY-MM), also those without answers. */
  months: (NpsFigures & { month: string })[];
  /** Ranked by NPS (best first), groups without answers last; id null: answers without branch/seller. */
  branches: (NpsFigures & { id: number | null; name: string })[];
  sellers: (NpsFigures & { id: number | null; name: string })[];
  /** Scores 0 to 10, each with its number of answers. */
  distribution: { score: number; count: number }[];
  /** The newest comments of detractors (0-6). */
  detractorComments: {
    id: number;
    answeredAt: string;
    score: number;
    comment: string;
    customerId: number;
    customerName: string;
  }[];
}
