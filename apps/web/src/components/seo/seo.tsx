import { breadcrumbJsonLd, serializeJsonLd } from './json-ld';
import type { BreadcrumbPage, JsonLd } from './json-ld';
import { useSiteOrigin } from './site-origin';
import { useSeo } from './use-seo';

type SeoProps = {
  /** Page title without the site name; the document title becomes "title | HLS". */
  title: string;
  /** Meta description: one or two sentences unique to the page. */
  description?: string;
  /** schema.org data (one object or several), rendered as JSON-LD. */
  jsonLd?: JsonLd | JsonLd[];
  /** The breadcrumb shown on the page (Home first, current page last): adds a BreadcrumbList. */
  breadcrumb?: BreadcrumbPage[];
};

/** Title, description and structured data of a screen. Render it once per screen. */
export function Seo({ title, description, jsonLd, breadcrumb }: SeoProps) {
  useSeo({ title, description });
  const origin = useSiteOrigin();
  const data = [
    ...(jsonLd === undefined ? [] : Array.isArray(jsonLd) ? jsonLd : [jsonLd]),
    ...(breadcrumb && breadcrumb.length > 0 ? [breadcrumbJsonLd(breadcrumb, origin)] : []),
  ];
  return (
    <>
      {data.map((item, index) => (
        <script
          key={index}
          type="application/ld+json"
          // JSON-LD is data, not markup; serializeJsonLd escapes "<".
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }}
        />
      ))}
    </>
  );
}
