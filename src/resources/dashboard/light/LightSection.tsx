import type { ReactNode } from 'react';

/** A section of the light Mein Tag: its heading, a loading bar until the first answer, the error, the content. */
export function LightSection<T>({
  title,
  call,
  children,
}: {
  title: string;
  call: { data?: T; error?: Error };
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="mdl-section" aria-label={title}>
      <h2>{title}</h2>
      {!call.data && !call.error && (
        <div className="mdl-progress" role="progressbar" aria-label="Wird geladen" />
      )}
      {call.error && (
        <div className="mdl-alert" data-error role="alert">
          {call.error.message}
        </div>
      )}
      {call.data && children(call.data)}
    </section>
  );
}
