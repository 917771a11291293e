/** The signed-in person behind an API call, as the verified token and directory say. */
export interface Caller {
  /** Directory object id. */
  oid: string;
  /** Directory tenant id. */
  tid: string;
  name: string;
  username: string;
  /** Names of the caller's directory groups. */
  groups: readonly string[];
  /** Set while a bulk job works in the caller's name: the Änderungsverlauf names the job (its undo reads it). */
  bulkJobId?: number;
}

/** Who may call a route: nobody needs a token (public), any signed-in caller, or one of the groups. */
export type RouteAccess = { public: true } | { signedIn: true } | { groups: readonly string[] };
