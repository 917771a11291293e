import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { letOthersEnter } from '../../server/platform/db/embeddedPostgres';

describe("the embedded database's parent folder", () => {
  let folder = '';
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('becomes enterable for the postgres user without losing rights it had (a shared /tmp keeps 1777)', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'crm-parent-'));
    await chmod(folder, 0o1777);
    await letOthersEnter(folder);
    expect((await stat(folder)).mode & 0o7777).toBe(0o1777);
    await chmod(folder, 0o700);
    await letOthersEnter(folder);
    expect((await stat(folder)).mode & 0o7777).toBe(0o755);
  });
});
