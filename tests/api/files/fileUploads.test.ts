import { sql } from 'kysely';
import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { getTimelineForCustomer } from '../../../src/resources/customers/timeline/timeline.endpoints';
import {
  deleteFile,
  downloadFile,
  getFilesForActivity,
  getFilesForCustomer,
  uploadActivityFile,
  uploadCustomerFile,
} from '../../../src/resources/files/files.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { downloadFrom, uploadTo } from '../../support/fileCalls';
import { resultOf, type TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow } from '../customers/customerWorkspaceSetup';

describe('customer workspace: file uploads', () => {
  const workspace = customerWorkspace();
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });
  const uploadToCustomer = (name: string, content: Buffer) =>
    uploadTo(t, SELLER, uploadCustomerFile, { params: { id: customer.id } }, { name, content });

  it('stores an allowed upload under a generated name and gives it back with its original name', async () => {
    const content = Buffer.from('%PDF-1.4 Aufmaßblatt');
    const file = await resultOf(uploadToCustomer('Aufmaß Küche.pdf', content));
    expect(file).toMatchObject({
      name: 'Aufmaß Küche.pdf',
      size: content.length,
      mimeType: 'application/pdf',
    });
    const stored = await readdir(t.filesDir);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain('Aufma');
    const download = await downloadFrom(t, SELLER, downloadFile, { params: { id: file.id } });
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Aufmaß Küche.pdf')}`,
    );
    expect(
      (await downloadFrom(t, ['APP_DATEIEN'], downloadFile, { params: { id: file.id } })).statusCode,
    ).toBe(403);
    expect((await downloadFrom(t, null, downloadFile, { params: { id: file.id } })).statusCode).toBe(401);
    const files = await resultOf(
      t.callEndpoint(SELLER, getFilesForCustomer, { params: { id: customer.id } }),
    );
    expect(files.map((f) => f.id)).toEqual([file.id]);
  });

  it('refuses a forbidden or oversized upload in German and stores nothing', async () => {
    const before = (await readdir(t.filesDir)).length;
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stored_file`.execute(
      t.db,
    );
    const exe = await uploadToCustomer('rechnung.exe', Buffer.from('MZ'));
    expect(exe.status).toBe(400);
    expect(exe.message).toMatch(/nicht erlaubt/);
    const big = await uploadToCustomer('plan.pdf', Buffer.alloc(1024 * 1024 + 10, 1));
    expect(big.status).toBe(400);
    expect(big.message).toBe('Die Datei ist zu groß: höchstens 1 MB sind erlaubt.');
    // A program renamed as a photo: its bytes are no JPEG, so it is neither stored nor ever served as an image.
    const renamed = await uploadToCustomer(
      'IMG_2041.jpg',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 7)]),
    );
    expect(renamed.status).toBe(400);
    expect(renamed.message).toBe(
      'Die Datei „IMG_2041.jpg“ ist kein Bild im Format JPEG: ihr Inhalt passt nicht zur Endung. Bitte wählen Sie ein Foto aus.',
    );
    expect(renamed.errors).toHaveProperty('file');
    // Nor an empty "photo", nor a PNG named .png whose bytes are text.
    for (const [name, bytes] of [
      ['leer.jpg', Buffer.alloc(0)],
      ['Skizze.png', Buffer.from('kein Bild, nur Text')],
    ] as const) {
      const refused = await uploadToCustomer(name, bytes);
      expect(refused.status, name).toBe(400);
    }
    expect(await readdir(t.filesDir)).toHaveLength(before);
    const { rows: after } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stored_file`.execute(
      t.db,
    );
    expect(after[0]!.n).toBe(count[0]!.n);
  });

  it('stores a real photo as an image (JPEG, PNG, HEIC by their first bytes)', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 3)]);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(512, 1)]);
    for (const [name, bytes] of [
      ['Fenster.jpg', jpeg],
      ['Fenster.heic', heic],
    ] as const) {
      const stored = await uploadToCustomer(name, bytes);
      expect(stored.status, name).toBe(200);
      expect(stored.result.size).toBe(bytes.length);
    }
  });

  it('hangs files on an activity: listed for it and on its timeline entry, downloaded, removed', async () => {
    const { id: activityId } = await resultOf(
      entityCalls(t, activityEntity).create(SELLER, {
        customerId: customer.id,
        activityType: 'termin',
        activityDate: '2027-06-01',
        note: 'Aufmaß',
      }),
    );
    const content = Buffer.from('%PDF-1.4 Skizze');
    const file = await resultOf(
      uploadTo(
        t,
        SELLER,
        uploadActivityFile,
        { params: { id: activityId } },
        { name: 'Skizze Wohnzimmer.pdf', content },
      ),
    );
    const filesOfActivity = (id: number) => t.callEndpoint(SELLER, getFilesForActivity, { params: { id } });
    const listed = await resultOf(filesOfActivity(activityId));
    expect(listed).toEqual([
      expect.objectContaining({ id: file.id, name: 'Skizze Wohnzimmer.pdf', activityId }),
    ]);
    expect((await filesOfActivity(999999)).status).toBe(404);
    const timeline = await resultOf(
      t.callEndpoint(SELLER, getTimelineForCustomer, { params: { id: customer.id }, query: {} }),
    );
    // The newest entry: a Termin ahead of everything the demo data holds.
    const entry = timeline.items.find((item) => item.kind === 'aktivitaet' && item.id === activityId)!;
    expect(entry.details.files).toEqual([{ id: file.id, name: 'Skizze Wohnzimmer.pdf' }]);
    const download = await downloadFrom(t, SELLER, downloadFile, { params: { id: file.id } });
    expect(download.rawPayload.equals(content)).toBe(true);
    expect((await t.callEndpoint(SELLER, deleteFile, { params: { id: file.id } })).status).toBe(200);
    expect(await resultOf(filesOfActivity(activityId))).toEqual([]);
    // The later tests expect their own entries on top of the timeline.
    await sql`DELETE FROM activity WHERE id = ${activityId}`.execute(t.db);
  });
});
