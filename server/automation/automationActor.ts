import type { Caller } from '../platform/auth/caller';

/** How the Änderungsverlauf, the Vorgang's history and the Postausgang name an automation's writes. */
export const automationActorName = (name: string) => `Automatik (${name})`;

/**
 * The caller an automation's run writes as: no person (no groups, an oid that is no directory id), named
 * "Automatik (Name)". A mail goes out with the Verkäufer's address for replies when `replyAs` names one.
 */
export function automationCaller(automation: { id: number; name: string }, replyAs?: string | null): Caller {
  return {
    oid: replyAs ?? `automatik:${automation.id}`,
    tid: '',
    name: automationActorName(automation.name),
    username: '',
    groups: [],
  };
}
