import { useSyncExternalStore } from 'react';
import { imageBeds, imageBedsRegistry } from './image-beds-registry';
import { type ImageBedData } from './image-bed-tokens';

const NONE: ImageBedData = { smms: [], custom: [], storages: [] };
const subscribe = (listener: () => void) => {
  let following = imageBeds()?.subscribe(listener);
  const stopWaiting = imageBedsRegistry.onChange(() => {
    following?.();
    following = imageBeds()?.subscribe(listener);
    listener();
  });
  return () => {
    following?.();
    stopWaiting();
  };
};
const snapshot = () => imageBeds()?.current() ?? NONE;

/** The image beds linked in this browser, re-rendered as they change. */
export function useImageBeds(): ImageBedData {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
