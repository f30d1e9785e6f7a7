import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Overlay, type OverlayBackground } from './Overlay.tsx';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: it names the dialog for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Footer actions, laid out right-aligned (stacked on phones). */
  actions?: ReactNode;
  background?: OverlayBackground;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button when the content offers its own way out. */
  hideCloseButton?: boolean;
}

/**
 * Every popup is this: Radix Dialog for the behaviour (focus trap, Escape and outside click
 * close, focus returns to the trigger, scroll lock, aria-modal) rendered inside our Overlay
 * (spec §2.7) for the look. Content sits inside the overlay so a tall dialog scrolls with it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  background = 'dark',
  size = 'md',
  hideCloseButton = false,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay asChild>
          <Overlay background={background}>
            <RadixDialog.Content
              className={`dialog dialog--${size}`}
              // Without a description Radix expects this set to undefined explicitly.
              {...(description ? {} : { 'aria-describedby': undefined })}
            >
              <div className="dialog__header">
                <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
                {!hideCloseButton && (
                  <RadixDialog.Close className="dialog__close" aria-label="Close">
                    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                      <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                    </svg>
                  </RadixDialog.Close>
                )}
              </div>
              {description && (
                <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
              )}
              {children && <div className="dialog__body">{children}</div>}
              {actions && <div className="dialog__actions">{actions}</div>}
            </RadixDialog.Content>
          </Overlay>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps any element so that it closes the surrounding dialog when activated. */
export const DialogClose = RadixDialog.Close;
