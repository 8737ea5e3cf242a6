import type { TFunction } from 'i18next';
import type { EbookAccessibility } from '@hls/contract';

/**
 * The schema.org accessibility values of an EPUB in plain words (namespace `catalog`, `accessibility.*`), as the
 * W3C's accessibility metadata display guide and the EU's guidelines for the European Accessibility Act ask. A
 * value the shop has no words for is shown as the publisher wrote it.
 */
export type AccessibilityPhrases = {
  content: string | null;
  readableAs: string[];
  features: string[];
  hazards: string[];
  conformance: string;
  /** Whether the publisher stated anything at all. */
  stated: boolean;
};

export function accessibilityPhrases(t: TFunction, a11y: EbookAccessibility): AccessibilityPhrases {
  const word = (group: string, value: string) =>
    t(`catalog:accessibility.${group}.${value}`, { defaultValue: value });
  const modes = (list: string[]) => list.map((mode) => word('modes', mode)).join(', ');
  return {
    content: a11y.accessModes.length ? modes(a11y.accessModes) : null,
    readableAs: a11y.accessModesSufficient.map((set) => {
      const parts = set.split(',');
      return parts.length === 1
        ? word('sufficient', parts[0]!)
        : t('catalog:accessibility.sufficient.mixed', { modes: modes(parts) });
    }),
    features: a11y.features.map((feature) => word('featureNames', feature)),
    hazards: a11y.hazards.map((hazard) => word('hazardNames', hazard)),
    conformance: a11y.conformsTo
      ? t('catalog:accessibility.conformsTo', { standard: a11y.conformsTo })
      : t('catalog:accessibility.noConformance'),
    stated:
      a11y.accessModes.length +
        a11y.accessModesSufficient.length +
        a11y.features.length +
        a11y.hazards.length >
        0 ||
      a11y.summary !== null ||
      a11y.conformsTo !== null,
  };
}
