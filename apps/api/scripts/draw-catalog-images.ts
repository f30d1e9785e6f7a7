// Kept at this path because apps/api/data/README.md documents this command; the code is in draw-catalog/.
import { main } from './draw-catalog/main.ts';

main();
