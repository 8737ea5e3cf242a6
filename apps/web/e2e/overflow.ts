// A page that fits its width: no sideways scrolling, and no box whose content spills out of it or is cut off.
import { expect, type Page } from '@playwright/test';

export type Overflow = {
  /** A readable path to the box, e.g. `main > div.product-buy > div.product-actions`. */
  box: string;
  /** How many pixels its content sticks out past its right edge. */
  by: number;
  /** `spills` (the content shows past the box) or `clipped` (the box cuts it off). */
  kind: 'spills' | 'clipped';
  /** The start of the box's text, to recognise it on a screenshot. */
  text: string;
};

export type OverflowReport = { viewport: number; documentWidth: number; overflows: Overflow[] };

/**
 * Measures the page as it is shown: the document's width against the viewport's, and every visible box whose
 * content is wider than the box itself (only the innermost such box is reported: its ancestors overflow
 * because of it). A box that scrolls on purpose (`overflow: auto | scroll`) is left alone, as is text cut on
 * purpose with an ellipsis, a drawing cut on purpose, and anything marked `data-overflow="allowed"`.
 */
export function measureOverflow(page: Page, tolerance = 1): Promise<OverflowReport> {
  return page.evaluate((slack) => {
    const describe = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && parts.length < 4; node = node.parentElement) {
        const classes = Array.from(node.classList)
          .slice(0, 2)
          .map((name) => `.${name}`)
          .join('');
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`);
        if (node.id) break;
      }
      return parts.join(' > ');
    };
    // Inside a box cut down to a pixel (the visually hidden pattern, whatever its class), nothing shows.
    const insideHiddenBox = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const box = node.getBoundingClientRect();
        const style = getComputedStyle(node);
        const clips = style.overflow !== 'visible' || style.clipPath !== 'none';
        if (clips && (box.width <= 1 || box.height <= 1)) return true;
      }
      return false;
    };
    const shown = (element: Element) => {
      if (element.closest('[data-overflow="allowed"], [aria-hidden="true"], .visually-hidden')) return false;
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && !insideHiddenBox(element);
    };
    const found: { element: Element; overflow: Overflow }[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!(element instanceof HTMLElement) || !shown(element)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents' || style.display === 'none') continue;
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      const clipped = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clipped && style.textOverflow === 'ellipsis') continue;
      // Fields and replaced elements scroll or cut their own content (a long value in an input) by design.
      if (/^(INPUT|SELECT|TEXTAREA|IMG|VIDEO|CANVAS|IFRAME)$/.test(element.tagName)) continue;
      const by = element.scrollWidth - element.clientWidth;
      if (by <= slack) continue;
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      // A drawing cut on purpose (the filled part of rating stars) is no defect; cut text is.
      if (clipped && !text) continue;
      found.push({
        element,
        overflow: {
          box: describe(element),
          by,
          kind: clipped ? 'clipped' : 'spills',
          text: text.slice(0, 60),
        },
      });
    }
    const innermost = found.filter(
      ({ element }) => !found.some((other) => other.element !== element && element.contains(other.element)),
    );
    return {
      viewport: document.documentElement.clientWidth,
      documentWidth: document.documentElement.scrollWidth,
      overflows: innermost.map(({ overflow }) => overflow),
    };
  }, tolerance);
}

/** Fails, naming the boxes, when the page scrolls sideways or a box's content spills out of it or is cut off. */
export async function expectNoOverflow(page: Page, where = page.url()): Promise<void> {
  const report = await measureOverflow(page);
  expect(
    { documentWidth: report.documentWidth, overflows: report.overflows },
    `${where} at ${report.viewport} px: the document is ${report.documentWidth} px wide`,
  ).toEqual({ documentWidth: report.viewport, overflows: [] });
}
