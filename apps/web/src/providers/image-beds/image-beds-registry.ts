import { LateService } from '../../services/late-service';
import type { ImageBeds } from './image-beds';

/** The app's image beds, made after the first screen (`image-beds-wiring.ts`); a test may
 * register its own. Light: the first screen's code imports this module only. */
export const imageBedsRegistry = new LateService<ImageBeds>();

export function imageBeds(): ImageBeds | undefined {
  return imageBedsRegistry.current();
}
