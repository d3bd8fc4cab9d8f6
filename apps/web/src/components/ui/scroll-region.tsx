import type { CSSProperties, ReactNode } from 'react';

type Props = {
  /** What the region holds, read by screen readers when it takes the focus. */
  label: string;
  className: string;
  style?: CSSProperties;
  children: ReactNode;
};

/**
 * A box that scrolls on its own (a PDF page, a long table). It takes the keyboard focus, so arrow
 * keys scroll it when nothing inside can be focused (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
export function ScrollRegion({ label, className, style, children }: Props) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`${className} focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600`}
      style={style}
    >
      {children}
    </div>
  );
}
