import type { CSSProperties } from 'react';
import './skeleton.css';

/**
 * A grey placeholder block shown while content loads. It is hidden from assistive technology;
 * the loading region announces itself once instead of every block.
 */
export function Skeleton({
  width,
  height,
  radius,
  className,
  style,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      aria-hidden="true"
      className={['skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius, ...style }}
    />
  );
}
