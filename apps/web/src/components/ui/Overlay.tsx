import type { HTMLAttributes, Ref } from 'react';
import './overlay.css';

export type OverlayBackground = 'light' | 'dark';

export interface OverlayProps extends HTMLAttributes<HTMLDivElement> {
  /** Spec §2.7: a light or a dark dimmed background. */
  background?: OverlayBackground;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Spec §2.7: the full-screen dimmed wrapper behind popups. It covers the viewport, centres its
 * children and fades in. Extra props and the ref are passed through so Radix's Dialog.Overlay
 * can render it with `asChild` (see Dialog.tsx).
 */
export function Overlay({ background = 'dark', className, children, ...rest }: OverlayProps) {
  const classes = ['overlay', `overlay--${background}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes} data-background={background} {...rest}>
      {children}
    </div>
  );
}
