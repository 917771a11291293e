/** An existing customer that is likely the one being typed in (kunde/possibleDuplicates). */
export interface PossibleDuplicate {
  id: number;
  displayName: string;
  customerNumber: string | null;
  zip: string | null;
  city: string | null;
  /** Why: "gleiche E-Mail-Adresse", "gleiche Telefonnummer" or "gleicher Name und gleiche PLZ". */
  reason: string;
}
