/** The illustration of an offset project, picked by its scene and seeded by its slug. */
import type { OffsetScene } from '../../src/db/seed/types.ts';
import type { SceneDraw } from './landscape.ts';
import { ECOSYSTEM_SCENES } from './scenes-ecosystems.ts';
import { ENERGY_SCENES } from './scenes-energy.ts';
import { REMOVAL_METHANE_SCENES } from './scenes-removal-methane.ts';
import { seeded, svg } from './svg.ts';

// Typed as the full record so adding a scene to OffsetScene fails to compile until it is drawn.
const SCENES: Record<OffsetScene, SceneDraw> = { ...ECOSYSTEM_SCENES, ...ENERGY_SCENES, ...REMOVAL_METHANE_SCENES };

export function offsetImage(scene: OffsetScene, seed: string, accent?: string): string {
  const [defs, body] = SCENES[scene](seeded(seed), accent);
  return svg(800, 600, defs, body);
}
