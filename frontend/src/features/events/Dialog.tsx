import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  children?: ReactNode;
  /** Buttons along the bottom. */
  actions: ReactNode;
  onClose(): void;
}

/** A modal dialog over the page: Escape or a click on the backdrop closes it; focus starts inside. */
export function Dialog({ title, children, actions, onClose }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('[data-autofocus], button')?.focus();
    return () => previous?.focus?.();
  }, []);

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        className="dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
        {children && <div id={bodyId}>{children}</div>}
        <div className="actions dialog-actions ev-dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

interface ConfirmProps {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** A destructive action gets a red button. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** "Are you sure?" before an action that deletes or spends something. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy,
  danger,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </button>
          <button type="button" className={danger ? 'button ev-danger' : 'button'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {text}
    </Dialog>
  );
}
