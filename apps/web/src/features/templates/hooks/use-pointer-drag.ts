import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';

type DragHandlers = {
  /** The pointer moved (dx, dy) page points from where it went down. */
  onMove: (dx: number, dy: number) => void;
  /** The pointer was released (or the gesture cancelled) at (dx, dy) points from the start. */
  onEnd: (dx: number, dy: number) => void;
};

/**
 * Pointer drags in page points: mouse, pen and touch alike. The moves are followed on the window,
 * so a fast drag that leaves the box (or the page) still ends where the pointer is let go.
 */
export function usePointerDrag(scale: number) {
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(() => () => stopRef.current?.(), []);

  return (event: ReactPointerEvent, handlers: DragHandlers) => {
    if (event.button !== 0) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    stopRef.current?.();
    const [startX, startY] = [event.clientX, event.clientY];
    const delta = (moved: PointerEvent) =>
      [(moved.clientX - startX) / scale, (moved.clientY - startY) / scale] as const;
    const move = (moved: PointerEvent) => handlers.onMove(...delta(moved));
    const end = (ended: PointerEvent) => {
      stop();
      handlers.onEnd(...delta(ended));
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stopRef.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    stopRef.current = stop;
  };
}
