import { useMemo } from 'react';
import { create } from 'qrcode';

/**
 * A QR code drawn as one SVG path from the `qrcode` library's module matrix: crisp at any size,
 * no canvas, no data URL. Shared by the operator console (second factor) and certificates; lazy
 * pages only, so the library stays out of the storefront's first load. Error correction M, with the standard four-module quiet zone.
 */
export function QrCode({ value, label, size = 200, className = 'admin-qr' }: { value: string; label: string; size?: number; className?: string }) {
  const { path, dimension } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const quiet = 4;
    let d = '';
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }
    return { path: d, dimension: modules.size + quiet * 2 };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${dimension} ${dimension}`} width={size} height={size} shapeRendering="crispEdges" className={className}>
      <rect width={dimension} height={dimension} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
