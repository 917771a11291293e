import { GROUPS, hasAnyGroup } from '../../src/auth/groups';
import type { Caller } from '../platform/auth/caller';

/** Sharing a view with a branch or with everyone is for the sales management and the administration. */
export const mayShare = (caller: Caller) => hasAnyGroup(caller.groups, [GROUPS.adminVerkauf, GROUPS.admin]);
