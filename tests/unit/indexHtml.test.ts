import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../src/api/endpoint';
import { getClientConfig } from '../../src/resources/shell/shell.endpoints';

describe('index.html', () => {
  it('asks for the start-up configuration beside the scripts, at the path loadClientConfig fetches', async () => {
    const html = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
    // `crossorigin` makes the preload's credentials mode that of fetch(), or the browser would fetch twice.
    expect(html).toContain(
      `<link rel="preload" href="/api/${pathOf(getClientConfig)}" as="fetch" crossorigin />`,
    );
  });
});
