/**
 * How "Besuch erfassen" asks for the Gründe (react-admin's getList of admin/reasons), in one place: the kept copy
 * on the phone asks the same, so that the list opens without network (the kept answer is found by its query).
 */
export const REASON_CHOICES = { page: 1, perPage: 100, sort: 'text', order: 'ASC' } as const;
