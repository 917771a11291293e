import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import { wipeOutbox } from '../../../src/offline/outbox/outboxDatabase';
import { queueChange } from '../../../src/offline/outbox/outbox';
import { addEntry, listEntries } from '../../../src/offline/outbox/outboxStore';
import { sendOutbox, type OutboxTransport } from '../../../src/offline/outbox/sendOutbox';
import { outboxChipText } from '../../../src/offline/outbox/outboxWording';
import type { NewOutboxEntry } from '../../../src/offline/outbox/outboxTypes';
import { declaredSubjectKinds } from '../../../src/offline/outbox/outboxSubjects';
import besuchOutbox from '../../../src/resources/activities/besuch.outbox';
import customerFieldOutbox from '../../../src/resources/customers/customerField.outbox';
import customerNoteOutbox from '../../../src/resources/customers/customerNote.outbox';
import dueItemOutbox from '../../../src/resources/todos/dueItem.outbox';

const ANNA = 'konto-anna';
const BERT = 'konto-bert';

let counter = 0;
const note = (text: string, customerId = 7): NewOutboxEntry => ({
  body: { customerId, text },
  idempotencyKey: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  record: null,
  version: null,
  files: [],
  subject: customerNoteOutbox.make({ customerId, text }),
});
const fieldEdit = (value: string, version: number): NewOutboxEntry => ({
  ...note(value),
  body: { id: 7, version, field: 'city', value },
  record: 'kunde:7',
  version,
  subject: customerFieldOutbox.make({ customerId: 7, field: 'city', label: 'Ort', shown: value }),
});

class Refusal extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

interface Sent {
  path: string;
  body: unknown;
  key: string;
}

/** A server that stores what it gets and answers from `answer`, which may throw a status. */
function fakeServer(answer: (sent: Sent, index: number) => unknown = () => ({ id: 1 })) {
  const sent: Sent[] = [];
  const uploads: { path: string; name: string; size: number; key: string }[] = [];
  const transport: OutboxTransport = {
    call: <T>(path: string, options?: { body?: unknown; idempotencyKey?: string }) => {
      const request = { path, body: options?.body, key: options?.idempotencyKey ?? '' };
      sent.push(request);
      try {
        return Promise.resolve(answer(request, sent.length - 1) as T);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    upload: (path, file, key) => {
      uploads.push({ path, name: file.name, size: file.size, key });
      return Promise.resolve({ id: uploads.length });
    },
  };
  return { transport, sent, uploads };
}

afterEach(() => wipeOutbox());

describe('the offline outbox (IndexedDB)', () => {
  it('sends the account’s entries in the order they were saved and removes each once stored', async () => {
    for (const text of ['erste', 'zweite', 'dritte']) await addEntry(ANNA, note(text));
    await addEntry(BERT, note('von Bert'));
    const server = fakeServer();
    expect(await sendOutbox(ANNA, server.transport)).toBe('leer');
    expect(server.sent.map((s) => (s.body as { text: string }).text)).toEqual(['erste', 'zweite', 'dritte']);
    expect(await listEntries(ANNA)).toEqual([]);
    // Another account's entries are neither sent nor shown for this one.
    expect((await listEntries(BERT)).map((e) => e.subject)).toMatchObject([{ text: 'von Bert' }]);
  });

  it('keeps what failed on the way and sends it again with the same key, after the ones already stored', async () => {
    const first = await addEntry(ANNA, note('eins'));
    const second = await addEntry(ANNA, note('zwei'));
    let lineDown = true;
    const server = fakeServer((_, index) => {
      if (index === 1 && lineDown) throw new Refusal(0);
      return { id: index };
    });
    expect(await sendOutbox(ANNA, server.transport)).toBe('netz');
    expect((await listEntries(ANNA)).map((e) => e.seq)).toEqual([second.seq]);
    lineDown = false;
    expect(await sendOutbox(ANNA, server.transport)).toBe('leer');
    expect(server.sent.map((s) => s.key)).toEqual([
      first.idempotencyKey,
      second.idempotencyKey,
      second.idempotencyKey,
    ]);
  });

  it('stops at a conflict (409): the entry waits for the seller and nothing after it is sent', async () => {
    await addEntry(ANNA, fieldEdit('Graz', 3));
    await addEntry(ANNA, note('danach'));
    const server = fakeServer(() => {
      throw new Refusal(409);
    });
    expect(await sendOutbox(ANNA, server.transport)).toBe('entscheidung');
    const [conflict, after] = await listEntries(ANNA);
    expect(conflict).toMatchObject({ state: 'konflikt', problem: 'HTTP 409', body: { value: 'Graz' } });
    expect(after).toMatchObject({ state: 'wartet' });
    // A later run does not pass the undecided entry either.
    expect(await sendOutbox(ANNA, server.transport)).toBe('entscheidung');
    expect(server.sent).toHaveLength(1);
  });

  it('keeps every entry when the sign-in expired (401), to send after the next sign-in', async () => {
    await addEntry(ANNA, note('eins'));
    await addEntry(ANNA, note('zwei'));
    const expired = fakeServer(() => {
      throw new Refusal(401);
    });
    expect(await sendOutbox(ANNA, expired.transport)).toBe('anmeldung');
    expect((await listEntries(ANNA)).map((e) => e.state)).toEqual(['wartet', 'wartet']);
    const signedInAgain = fakeServer();
    expect(await sendOutbox(ANNA, signedInAgain.transport)).toBe('leer');
    expect(signedInAgain.sent).toHaveLength(2);
  });

  it('sends a Besuch, then its photos (kept as Blobs) to the activity it created', async () => {
    // Node's own Blob: the test page's (happy-dom) is not one that IndexedDB's structured clone can keep.
    const photo = (size: number) =>
      new NodeBlob([new Uint8Array(size)], { type: 'image/jpeg' }) as unknown as Blob;
    await addEntry(ANNA, {
      ...note('Besuch'),
      subject: besuchOutbox.make({ customerId: 7, activityType: 'Besuch', note: null, photos: 2 }),
      files: [
        { blob: photo(1200), name: 'foto-1.jpg', key: 'k1', path: 'activity/uploadFile/:id' },
        { blob: photo(800), name: 'foto-2.jpg', key: 'k2', path: 'activity/uploadFile/:id' },
      ],
    });
    const server = fakeServer(() => ({ id: 42 }));
    expect(await sendOutbox(ANNA, server.transport)).toBe('leer');
    // A new Besuch goes to the activity entity's create, its photos to the activity it made.
    expect(server.sent.map((s) => s.path)).toEqual(['activity/createNewActivity']);
    expect(server.uploads).toEqual([
      { path: 'activity/uploadFile/42', name: 'foto-1.jpg', size: 1200, key: 'k1' },
      { path: 'activity/uploadFile/42', name: 'foto-2.jpg', size: 800, key: 'k2' },
    ]);
  });

  it('moves a later offline edit of the same record to the version the earlier one made', async () => {
    await addEntry(ANNA, fieldEdit('Graz', 3));
    await addEntry(ANNA, fieldEdit('Linz', 3));
    const server = fakeServer((sent) => ({ id: 7, version: (sent.body as { version: number }).version + 1 }));
    expect(await sendOutbox(ANNA, server.transport)).toBe('leer');
    expect(server.sent.map((s) => (s.body as { version: number }).version)).toEqual([3, 4]);
  });

  it('keeps the same change of a record once: "erledigt" tapped again on a page opened offline waits once', async () => {
    const markDone = (dueDate: string): NewOutboxEntry => ({
      ...note('erledigt'),
      body: { key: 'aktivitaet:5', expectedDueDate: dueDate, version: 2 },
      record: 'aktivitaet:5',
      version: 2,
      subject: dueItemOutbox.make({ itemKey: 'aktivitaet:5', title: 'Besuch', action: 'erledigt', dueDate }),
    });
    await queueChange(ANNA, markDone('2026-11-20'));
    await queueChange(ANNA, markDone('2026-11-20'));
    expect(await listEntries(ANNA)).toHaveLength(1);
    // Another change of the same todo is a change of its own; two equal notes are two notes.
    await queueChange(ANNA, markDone('2026-11-27'));
    await queueChange(ANNA, note('Rückruf'));
    await queueChange(ANNA, note('Rückruf'));
    expect(await listEntries(ANNA)).toHaveLength(4);
  });

  it('sends each entry through its subject’s declared endpoint, found by the kind the area declared', async () => {
    // The areas declare their offline writes in `*.outbox.ts`; the outbox names none of them.
    expect(declaredSubjectKinds()).toEqual(['besuch', 'kundenfeld', 'notiz', 'terminVerschoben', 'todo']);
    await addEntry(ANNA, note('Rückruf'));
    await addEntry(ANNA, fieldEdit('Graz', 3));
    await addEntry(ANNA, {
      ...note('verschoben'),
      body: { key: 'aktivitaet:5', expectedDueDate: '2026-11-20', dueDate: '2026-11-27', version: 2 },
      record: 'aktivitaet:5',
      subject: dueItemOutbox.make({
        itemKey: 'aktivitaet:5',
        title: 'Besuch',
        action: 'verschoben',
        dueDate: '2026-11-27',
      }),
    });
    const server = fakeServer((_, index) => ({ id: 7, version: 4 + index }));
    expect(await sendOutbox(ANNA, server.transport)).toBe('leer');
    expect(server.sent.map((s) => s.path)).toEqual([
      'kunde/postNoteToTimeline',
      'kunde/updateCustomerField',
      'todo/postpone',
    ]);
  });

  it('refuses an entry of a kind no area declares any more, without asking the server', async () => {
    await addEntry(ANNA, { ...note('alt'), subject: { kind: 'angebotsnotiz', customerId: 7 } });
    const server = fakeServer();
    expect(await sendOutbox(ANNA, server.transport)).toBe('entscheidung');
    expect(server.sent).toEqual([]);
    const [entry] = await listEntries(ANNA);
    expect(entry).toMatchObject({ state: 'abgelehnt', problem: expect.stringMatching(/nicht mehr senden/) });
  });

  it('is gone for every account after the sign-out wipe', async () => {
    await addEntry(ANNA, note('eins'));
    await addEntry(BERT, note('zwei'));
    // An open connection (the page's) lets go so the database can be deleted.
    expect(await listEntries(ANNA)).toHaveLength(1);
    await wipeOutbox();
    expect(await listEntries(ANNA)).toEqual([]);
    expect(await listEntries(BERT)).toEqual([]);
  });

  it('says in the top bar what waits and what is being sent', () => {
    const base = { online: true, waiting: 0, sending: false, signInExpired: false, needsDecision: false };
    expect(outboxChipText({ ...base, online: false, waiting: 3 })).toBe('Offline – 3 Änderungen warten');
    expect(outboxChipText({ ...base, online: false, waiting: 1 })).toBe('Offline – 1 Änderung wartet');
    expect(outboxChipText({ ...base, waiting: 3, sending: true })).toBe('3 Änderungen werden gesendet …');
    expect(outboxChipText(base)).toBeNull();
  });
});
