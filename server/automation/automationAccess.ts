import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { ledBranchIds } from '../platform/auth/viewerScope';
import { hasAnyGroup, GROUPS } from '../../src/auth/groups';
import { badRequest, forbidden } from '../platform/http/apiError';
import type { AutomationInput } from '../../src/resources/automation/automation.endpoints';

/** Which automations a caller may see and change: every one (APP_ADMIN), or those of the branches they lead. */
export type AutomationAccess = { all: true } | { all: false; branchIds: number[] };

/** The caller's reach over automations. */
export async function automationAccessOf(db: Database, caller: Caller): Promise<AutomationAccess> {
  if (hasAnyGroup(caller.groups, [GROUPS.admin])) return { all: true };
  return { all: false, branchIds: await ledBranchIds(db, caller) };
}

/** 403 unless the caller may see and change an automation of `branchId` (null: every branch, only APP_ADMIN). */
export function checkAutomationReach(access: AutomationAccess, branchId: number | null): void {
  if (access.all) return;
  if (branchId === null || !access.branchIds.includes(branchId)) {
    throw forbidden('Diese Automatisierung gehört nicht zu Ihrer Filiale.');
  }
}

/** A saved or simulated automation's branch and branch conditions, as far as the caller may reach. */
export function checkInputReach(
  access: AutomationAccess,
  input: Pick<AutomationInput, 'branchId' | 'definition'>,
): void {
  if (access.all) return;
  if (input.branchId === null) {
    const message =
      'Bitte wählen Sie die Filiale: die Verkaufsleitung legt Automatisierungen für ihre Filialen an.';
    throw badRequest(message, { branchId: message });
  }
  checkAutomationReach(access, input.branchId);
  const foreign = input.definition.conditions.branchIds.filter((id) => !access.branchIds.includes(id));
  if (foreign.length) throw forbidden('Die Bedingung nennt eine Filiale, die nicht Ihre ist.');
}
