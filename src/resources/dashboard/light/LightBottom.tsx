import { LightIcon } from './lightIcons';

/** What a change did ("Als erledigt markiert."), with "Rückgängig" where it can be undone. */
export function LightSnackbar({ message, onUndo }: { message: string; onUndo?: () => void }) {
  return (
    <div className="mdl-snackbar" role="alert">
      <span>{message}</span>
      {onUndo && (
        <button type="button" onClick={onUndo}>
          Rückgängig
        </button>
      )}
    </div>
  );
}

/** "Besuch erfassen" fixed at the bottom, with a bar while the capture form is on its way. */
export function LightCaptureBar({ opening, onCapture }: { opening: boolean; onCapture: () => void }) {
  return (
    <div className="mdl-capture">
      {opening && (
        <div
          className="mdl-progress"
          role="progressbar"
          aria-label="Besuch erfassen wird geöffnet"
          style={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      )}
      <button type="button" onClick={onCapture}>
        <LightIcon name="addPhoto" />
        Besuch erfassen
      </button>
    </div>
  );
}
