/** A list's page as the URL holds it (a filtered list can be reloaded and shared). */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The URL's query for a list's filters and page. */
export function searchFrom(filters: object, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (page > 1) params.set('page', String(page));
  return params;
}
