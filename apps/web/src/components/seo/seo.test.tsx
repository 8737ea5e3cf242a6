import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setRouteHead } from './seo-head';
import { Seo } from './seo';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('Seo', () => {
  afterEach(() => setRouteHead(null));

  it('sets "Title | HLS" and the description, and gives the route head back on unmount', () => {
    act(() => setRouteHead({ title: 'Bookshop', description: 'Route intro' }));
    expect(document.title).toBe('Bookshop | HLS');
    expect(description()).toBe('Route intro');

    const view = render(<Seo title="Clean Code" description="A book about code." />);
    expect(document.title).toBe('Clean Code | HLS');
    expect(description()).toBe('A book about code.');

    act(() => setRouteHead({ title: 'Book', description: 'Other intro' }));
    expect(document.title).toBe('Clean Code | HLS');

    view.unmount();
    expect(document.title).toBe('Book | HLS');
    expect(description()).toBe('Other intro');
  });

  it('follows a changed title and keeps the route head while the title is empty', () => {
    act(() => setRouteHead({ title: 'Book' }));
    const view = render(<Seo title="" />);
    expect(document.title).toBe('Book | HLS');
    view.rerender(<Seo title="Le titre" />);
    expect(document.title).toBe('Le titre | HLS');
    view.unmount();
  });

  it('renders JSON-LD with a BreadcrumbList of absolute links, escaping "<"', () => {
    const { container } = render(
      <Seo
        title="Terms"
        jsonLd={{ '@context': 'https://schema.org', '@type': 'WebPage', name: '</script>' }}
        breadcrumb={[
          { path: '/', label: 'Home' },
          { path: '/terms', label: 'Terms' },
        ]}
      />,
    );
    const scripts = [...container.querySelectorAll('script[type="application/ld+json"]')];
    expect(scripts).toHaveLength(2);
    expect(scripts[0]?.innerHTML).not.toContain('</script>');
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toMatchObject({ name: '</script>' });
    expect(JSON.parse(scripts[1]?.textContent ?? '')).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${window.location.origin}/` },
        { position: 2, name: 'Terms', item: `${window.location.origin}/terms` },
      ],
    });
  });
});
