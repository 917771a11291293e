import type { FastifyInstance } from 'fastify';
import type { Caller } from '../platform/auth/caller';
import { offerAttachment } from '../offerPdf/offerAttachment';

/**
 * What a queued mail is to carry, by reference (`sent_mail.attachment_source`): the file is made when the mail
 * leaves, so the Postausgang row stays small however large the file, and a retry sends the file anew. The
 * sender is kept as they were when queueing, since the offer is made with their saved settings and templates.
 */
export type AttachmentSource =
  | {
      kind: 'simplifiedOffer';
      customerId: number;
      belegId: number;
      caller: Pick<Caller, 'oid' | 'tid' | 'name' | 'username' | 'groups'>;
    }
  /** Bytes kept in the file store (an online offer, its Annahmebestätigung): sent exactly as kept. */
  | { kind: 'storedFile'; storedName: string; fileName: string };

/** The reference to the simplified offer of an Angebot, for `queueMail`. */
export const simplifiedOfferSource = (
  caller: Caller,
  customerId: number,
  belegId: number,
): AttachmentSource => ({
  kind: 'simplifiedOffer',
  customerId,
  belegId,
  caller: {
    oid: caller.oid,
    tid: caller.tid,
    name: caller.name,
    username: caller.username,
    groups: caller.groups,
  },
});

/** How the Postausgang names a file: "Angebot_AN-1.pdf (84 kB)". */
export const storedFileLabel = (fileName: string, bytes: number) =>
  `${fileName} (${Math.max(1, Math.round(bytes / 1024))} kB)`;

/** A file that could not be made: the mail is not sent without it (tried again like a refused send). */
export class AttachmentFailure extends Error {}

/** Makes the file of a reference now, with its name and size as the Postausgang shows them. */
export async function makeAttachment(app: FastifyInstance, source: AttachmentSource) {
  try {
    if (source.kind === 'storedFile') {
      const { stream } = await app.fileStore.read(source.storedName);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      const content = Buffer.concat(chunks);
      const file = { filename: source.fileName, content, contentType: 'application/pdf' };
      return { file, label: storedFileLabel(source.fileName, content.length) };
    }
    const made = await offerAttachment(app, source.caller, source.customerId, source.belegId);
    return { file: made.file, label: made.label };
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    throw new AttachmentFailure(`Der Anhang konnte nicht erstellt werden: ${reason}`, { cause: failure });
  }
}
