import { CARBON_FACTORS } from './factors.ts';
import { CarbonInputError, requireNumber } from './result.ts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in km (haversine, IUGG mean radius). Within ~0.5% of the WGS-84
 * ellipsoid, which is far below the uncertainty of the emission factors (MODEL.md §5).
 */
export function greatCircleKm(from: Coordinates, to: Coordinates): number {
  const lat1 = toRadians(from.latitude);
  const lat2 = toRadians(to.latitude);
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(toRadians(to.longitude - from.longitude) / 2) ** 2;
  return 2 * CARBON_FACTORS.flights.earthRadiusKm.value * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function requireCoordinates(value: Coordinates | undefined, field: string): Coordinates {
  if (!value || typeof value !== 'object') throw new CarbonInputError(field, `${field} needs latitude and longitude`);
  requireNumber(value.latitude, `${field}.latitude`, { min: -90, max: 90 });
  requireNumber(value.longitude, `${field}.longitude`, { min: -180, max: 180 });
  return value;
}
