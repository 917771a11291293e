import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { GLOBAL_SETTINGS } from './globalSettings.form';

const access = { groups: [GLOBAL_SETTINGS.group] };
const tags = ['Einstellungen'];

/** The settings row: every field of the form plus its version. */
export type GlobalSettings = Record<string, unknown> & {
  version: number;
  updatedAt: string;
  updatedBy: string | null;
};

const jsonType = (type: string) =>
  type === 'integer' ? 'integer' : type === 'boolean' ? 'boolean' : 'string';

const settings = Type.Unsafe<GlobalSettings>({
  type: 'object',
  properties: {
    version: { type: 'integer' },
    updatedAt: { type: 'string' },
    updatedBy: { type: ['string', 'null'] },
    ...Object.fromEntries(
      GLOBAL_SETTINGS.fields.map((f) => [f.source, { type: [jsonType(f.type), 'null'] }]),
    ),
  },
});

/** Reads the global settings. */
export const getGlobalSettings = defineEndpoint({
  method: 'GET',
  path: 'globalSettings/getGlobalSettings',
  access,
  tags,
  summary: 'Globale Einstellungen lesen',
  response: settings,
});

/** Saves the global settings at the version read (409 otherwise); the form's rules check the values. */
export const putGlobalSettings = defineEndpoint({
  method: 'PUT',
  path: 'globalSettings/putGlobalSettings',
  access,
  tags,
  summary: 'Globale Einstellungen speichern (nur mit aktueller Version, sonst 409)',
  body: Type.Unsafe<Record<string, unknown> & { version: number }>({
    type: 'object',
    properties: { version: { type: 'integer' } },
    required: ['version'],
  }),
  response: settings,
});
