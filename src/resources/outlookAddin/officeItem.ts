/** The open mail as the side panel needs it, read through Office.js's item API (Mailbox requirement set 1.8). */
export interface OpenMail {
  fromName: string;
  fromAddress: string;
  subject: string;
  receivedAt: Date;
  /** The body as plain text. */
  text: () => Promise<string>;
  /** The mail's files (inline pictures left out). */
  attachments: { id: string; name: string; contentType: string; size: number }[];
  /** One file's bytes. */
  attachment: (id: string) => Promise<Blob>;
}

type Callback<T> = (result: { status: string; value: T; error?: { message: string } }) => void;

/** The part of Office.js the panel uses (the item of a received mail); typed here so the page needs no global. */
interface OfficeHost {
  context?: {
    mailbox?: {
      item?: {
        from?: { displayName?: string; emailAddress?: string };
        subject?: string;
        dateTimeCreated?: Date;
        body: { getAsync: (coercion: string, callback: Callback<string>) => void };
        attachments?: { id: string; name: string; contentType: string; size: number; isInline?: boolean }[];
        getAttachmentContentAsync: (
          id: string,
          callback: Callback<{ content: string; format: string }>,
        ) => void;
      };
    };
  };
}

const settled = <T>(start: (callback: Callback<T>) => void) =>
  new Promise<T>((resolve, reject) =>
    start((result) =>
      result.status === 'succeeded'
        ? resolve(result.value)
        : reject(new Error(result.error?.message ?? 'Outlook')),
    ),
  );

/** The mail open in Outlook, or null outside Outlook (the page opened in a browser, no item selected). */
export function openMail(): OpenMail | null {
  const item = (globalThis as { Office?: OfficeHost }).Office?.context?.mailbox?.item;
  if (!item?.from?.emailAddress) return null;
  return {
    fromName: item.from.displayName ?? item.from.emailAddress,
    fromAddress: item.from.emailAddress,
    subject: item.subject ?? '',
    receivedAt: item.dateTimeCreated ?? new Date(),
    text: () => settled<string>((callback) => item.body.getAsync('text', callback)),
    attachments: (item.attachments ?? []).filter((file) => !file.isInline),
    attachment: async (id) => {
      const content = await settled<{ content: string; format: string }>((callback) =>
        item.getAttachmentContentAsync(id, callback),
      );
      const bytes = Uint8Array.from(atob(content.content), (char) => char.charCodeAt(0));
      return new Blob([bytes]);
    },
  };
}
