/** German names of the three kinds of change (admin view, export, timelines). */
export const CHANGE_ACTIONS = { create: 'Angelegt', update: 'Geändert', delete: 'Gelöscht' } as const;
