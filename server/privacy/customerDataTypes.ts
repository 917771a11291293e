/** A titled list of facts held about a customer, one section of the Art. 15 report. */
export interface DataSection {
  title: string;
  /** Each row: pairs of label and value, already as people read them. */
  rows: { label: string; value: string }[][];
}

/** A file of the customer (their own, an activity's, a Vorgang's) for the report's ZIP. */
export interface CustomerFile {
  name: string;
  storedName: string;
  sizeBytes: number;
  uploadedAt: string;
  belongsTo: string;
}

/** Everything the Art. 15 report holds of a customer. */
export interface CustomerData {
  customer: Record<string, unknown>;
  sections: DataSection[];
  files: CustomerFile[];
  /** Facts the Art. 15 (1) information names: where the data came from. */
  source: { erp: boolean; origin: string | null; createdBy: string | null };
}
