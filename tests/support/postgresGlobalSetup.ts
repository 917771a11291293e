import type { TestProject } from 'vitest/node';
import { startTemplatePostgres } from './templatePostgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL without database; each test file clones `fenster_template`. */
    postgresServerUrl: string;
  }
}

/** Starts one embedded PostgreSQL for the API tests and migrates a template database once. */
export default async function setup(project: TestProject) {
  // Every file copies the template into a database of its own (tests/support/testApp.ts).
  const { serverUrl, stop } = await startTemplatePostgres('fenster-crm-api-', 'fenster_template');
  project.provide('postgresServerUrl', serverUrl);
  return stop;
}
