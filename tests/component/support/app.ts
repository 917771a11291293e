// The only file of the component tests that imports the web app: when `src/` moves, only this changes.
export { ENTITIES } from '../../../src/resources/registry';
export type { EntityDeclaration, FieldDeclaration } from '../../../src/resources/entity';
export { default as EntityList } from '../../../src/resources/generic/EntityList';
export { default as EntityCreate } from '../../../src/resources/generic/EntityCreate';
export { default as EntityEdit } from '../../../src/resources/generic/EntityEdit';
export { default as EntityShow } from '../../../src/resources/generic/EntityShow';
export { createEntityDataProvider } from '../../../src/dataProvider/entityDataProvider';
export { createApiClient } from '../../../src/dataProvider/httpClient';
export { createAuthProvider } from '../../../src/authProvider/authProvider';
export type { Session } from '../../../src/authProvider/session';
export { i18nProvider } from '../../../src/i18n/i18nProvider';
export { GROUPS } from '../../../src/auth/groups';
export { formatEuroCents } from '../../../src/i18n/format';
export { default as CustomerList } from '../../../src/resources/customers/CustomerList';
export { default as MailDialog } from '../../../src/resources/customers/mail/MailDialog';
export { NoteComposer } from '../../../src/resources/customers/timeline/NoteComposer';
