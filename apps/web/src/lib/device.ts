import { BREAKPOINTS, DEFAULT_ZOOM } from '@formbridge/contract/limits';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** Mobile is xs or sm (under 768 px), tablet is md (under 1024 px), the rest desktop (spec §9). */
export function getDeviceClass(width = window.innerWidth): DeviceClass {
  if (width < BREAKPOINTS.md) {
    return 'mobile';
  }
  return width < BREAKPOINTS.lg ? 'tablet' : 'desktop';
}

export function getDefaultZoom(width = window.innerWidth): number {
  return DEFAULT_ZOOM[getDeviceClass(width)];
}
