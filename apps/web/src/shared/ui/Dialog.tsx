import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  children?: ReactNode;
  /** primary button text and action */
  actionLabel: string;
  onAction: () => void;
  secondaryLabel?: string;
  onSecondary?: () => void;
  /** what Escape does; the primary action when not given (a destructive primary passes its cancel here) */
  onDismiss?: () => void;
}

/** A modal popup (SPEC §8 'Ops' dialogs, location popups): focus moves in, Escape runs the primary action. */
export function Dialog({
  title,
  children,
  actionLabel,
  onAction,
  secondaryLabel,
  onSecondary,
  onDismiss,
}: DialogProps) {
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') (onDismiss ?? onAction)();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onAction, onDismiss]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children ? <div className="dialog-body">{children}</div> : null}
        <div className="dialog-actions">
          {secondaryLabel && onSecondary ? (
            <button type="button" className="btn btn-secondary" onClick={onSecondary}>
              {secondaryLabel}
            </button>
          ) : null}
          <button type="button" className="btn btn-primary" ref={buttonRef} onClick={onAction}>
            {actionLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
